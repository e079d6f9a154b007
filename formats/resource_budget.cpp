// SPDX-License-Identifier: MIT
// Resource limits and the per-load memory budget.
#include "formats/resource_budget.h"

#include "refrast/error.h"

#include <cctype>
#include <charconv>

namespace refrast {

namespace {
thread_local MemoryBudgetScope* currentScope = nullptr;

std::string mib(uint64_t bytes) {
    // Whole MiB, rounded up, so "exceeds" never shows two equal numbers.
    return std::to_string((bytes + (uint64_t(1) << 20) - 1) >> 20) + " MiB";
}
}  // namespace

ResourceLimits& resourceLimits() {
    static ResourceLimits limits;
    return limits;
}

std::optional<uint64_t> checkedMul(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

std::optional<uint64_t> checkedAdd(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

std::optional<uint64_t> parseByteSize(const std::string& text) {
    uint64_t value = 0;
    const char* first = text.data();
    const char* last = first + text.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || end == first) return std::nullopt;
    if (end == last) return value;
    if (end + 1 != last) return std::nullopt;
    int shift = 0;
    switch (std::toupper(static_cast<unsigned char>(*end))) {
        case 'K': shift = 10; break;
        case 'M': shift = 20; break;
        case 'G': shift = 30; break;
        case 'T': shift = 40; break;
        default: return std::nullopt;
    }
    return checkedMul(value, uint64_t(1) << shift);
}

MemoryBudgetScope::MemoryBudgetScope() : outer_(currentScope) { currentScope = this; }
MemoryBudgetScope::~MemoryBudgetScope() { currentScope = outer_; }

void requireMemory(uint64_t bytes, const std::string& what, const std::string& file, const std::string& where) {
    MemoryBudgetScope* scope = currentScope;
    const uint64_t used = scope ? scope->used_ : 0;
    chargeMemory(bytes, what, file, where);
    if (scope) scope->used_ = used;
}

void chargeMemory(uint64_t bytes, const std::string& what, const std::string& file, const std::string& where) {
    const uint64_t limit = resourceLimits().maxMemory;
    const uint64_t used = currentScope ? currentScope->used_ : 0;
    const std::optional<uint64_t> total = checkedAdd(used, bytes);
    if (!total || *total > limit) {
        std::string why = what + " needs " + mib(bytes);
        // Below 1 MiB (the parsed document of a small scene) it would only read "1 MiB".
        if (used >= (uint64_t(1) << 20)) why += " on top of " + mib(used) + " already loaded";
        why += ", over the memory budget of " + mib(limit) + " (--max-memory raises it)";
        throw InputError(file, where, why);
    }
    if (currentScope) currentScope->used_ = *total;
}

}  // namespace refrast
