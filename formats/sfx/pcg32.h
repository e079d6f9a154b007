// SPDX-License-Identifier: MIT
// PCG32 (O'Neill's pcg32_random_r, XSH RR 64/32) and the float draws the
// particle simulation takes from it; the one random source of src/sfx.
// Spec: docs/sfx.md "Random numbers" (bit-exact description).
#pragma once

#include <cstdint>
#include <string>

namespace refrast::sfx {

class Pcg32 {
public:
    // pcg32_srandom_r(initState, initSeq).
    Pcg32(uint64_t initState, uint64_t initSeq) : inc_((initSeq << 1u) | 1u) {
        nextU32();
        state_ += initState;
        nextU32();
    }

    uint32_t nextU32() {
        const uint64_t old = state_;
        state_ = old * kMultiplier + inc_;
        const uint32_t xorShifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
        const uint32_t rot = static_cast<uint32_t>(old >> 59u);
        return (xorShifted >> rot) | (xorShifted << ((32u - rot) & 31u));
    }

    // The top 24 bits as a float in [0, 1): every value is exact (k × 2^-24).
    float nextUnit() { return static_cast<float>(nextU32() >> 8) * 0x1p-24f; }

    // A float in [-1, 1): 2u - 1 is exact for u = k × 2^-24 in [0, 1).
    float nextSigned() { return nextUnit() * 2.0f - 1.0f; }

private:
    static constexpr uint64_t kMultiplier = 6364136223846793005ULL;  // PCG's default LCG multiplier
    uint64_t state_ = 0;
    uint64_t inc_;
};

// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3), over
// the bytes of `text`; selects a descriptor's PCG32 stream.
inline uint64_t fnv1a64(const std::string& text) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

// The generator of one simulation: state = seed, stream = FNV-1a-64 of the
// descriptor's section name (so two effects with one seed differ).
inline Pcg32 sfxRandomStream(uint64_t seed, const std::string& descriptorName) {
    return Pcg32(seed, fnv1a64(descriptorName));
}

}  // namespace refrast::sfx
