// SPDX-License-Identifier: MIT
// Resource limits for hostile input (docs/architecture.md "Resource limits"):
// a memory budget checked before an allocation a file asked for, caps on the
// texture count and on simulated particles, and overflow-checked size
// arithmetic. Each exceeded limit is an InputError naming the limit, the input
// and the command-line option that raises it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace refrast {

// Process-wide limits, set once by the command line before any work starts.
struct ResourceLimits {
    // 2 GiB: a 4K target (about 200 MB with its depth, stencil and debug
    // buffers) plus a few hundred megabytes of textures fits comfortably.
    uint64_t maxMemory = uint64_t(2) << 30;  // --max-memory
    int64_t maxTextures = 4096;               // --max-textures (per scene)
    // Particle records (live particles summed over the frames kept) of one
    // simulation: 2 M records are about 120 MB; the largest descriptor effect
    // (256 x 16 particles, all dead by frame 210) stays below 900 k.
    int64_t maxParticles = 2'000'000;         // --max-particles
    bool allowOutsideFiles = false;           // --allow-outside-files
};
ResourceLimits& resourceLimits();

// Parses "4096", "512K", "768M", "4G" (powers of 1024) for --max-memory.
std::optional<uint64_t> parseByteSize(const std::string& text);

// a * b and a + b, or nullopt when the result does not fit 64 bits.
std::optional<uint64_t> checkedMul(uint64_t a, uint64_t b);
std::optional<uint64_t> checkedAdd(uint64_t a, uint64_t b);

// Memory charged against resourceLimits().maxMemory by one scene load (or one
// image read outside a scene). Not shared between threads: each load opens its
// own scope on its own thread.
class MemoryBudgetScope {
public:
    MemoryBudgetScope();
    ~MemoryBudgetScope();
    MemoryBudgetScope(const MemoryBudgetScope&) = delete;
    MemoryBudgetScope& operator=(const MemoryBudgetScope&) = delete;
    uint64_t used() const { return used_; }

private:
    friend void chargeMemory(uint64_t, const std::string&, const std::string&, const std::string&);
    friend void requireMemory(uint64_t, const std::string&, const std::string&, const std::string&);
    MemoryBudgetScope* outer_;
    uint64_t used_ = 0;
};

// Charges `bytes` for `what` (e.g. "a 16384x16384 render target") before it is
// allocated; throws InputError(file, where, ...) when the budget would be
// exceeded. Outside any scope the single charge is checked against the limit.
void chargeMemory(uint64_t bytes, const std::string& what, const std::string& file, const std::string& where);
// Checks that a transient allocation fits without keeping it charged.
void requireMemory(uint64_t bytes, const std::string& what, const std::string& file, const std::string& where);

}  // namespace refrast
