// SPDX-License-Identifier: MIT
// Little-endian reading of binary texture files with the byte offset of every
// field at hand, so each error can name it (InputError::atOffset).
#pragma once

#include "refrast/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

// The little-endian 16- and 32-bit values at p.
inline uint32_t le16At(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8; }
inline uint32_t le32At(const uint8_t* p) { return le16At(p) | le16At(p + 2) << 16; }

class ByteReader {
public:
    ByteReader(const std::vector<uint8_t>& bytes, const std::string& file) : bytes_(bytes), file_(file) {}

    size_t offset() const { return offset_; }
    size_t remaining() const { return bytes_.size() - offset_; }
    const std::string& file() const { return file_; }

    // Throws "FILE: byte offset <offset()>: truncated <what> (needs N bytes, M remain)".
    void require(uint64_t count, const std::string& what) const {
        if (count > remaining())
            throw fail("truncated " + what + " (needs " + std::to_string(count) + " bytes, " +
                       std::to_string(remaining()) + " remain)");
    }
    uint32_t u32(const std::string& what) {
        require(4, what);
        const uint8_t* p = &bytes_[offset_];
        offset_ += 4;
        return le32At(p);
    }
    int16_t i16(const std::string& what) {
        require(2, what);
        const uint8_t* p = &bytes_[offset_];
        offset_ += 2;
        return int16_t(uint16_t(le16At(p)));
    }
    std::vector<uint8_t> take(uint64_t count, const std::string& what) {
        require(count, what);
        std::vector<uint8_t> out(bytes_.begin() + std::ptrdiff_t(offset_), bytes_.begin() + std::ptrdiff_t(offset_ + count));
        offset_ += size_t(count);
        return out;
    }
    // An error at an explicit offset, or at the current one.
    InputError failAt(uint64_t offset, const std::string& what) const { return InputError::atOffset(file_, offset, what); }
    InputError fail(const std::string& what) const { return failAt(offset_, what); }

private:
    const std::vector<uint8_t>& bytes_;
    const std::string& file_;
    size_t offset_ = 0;
};

// a · b and a + b with overflow checks (the size computations of every
// format happen before anything is read; rule T-1).
inline bool checkedMul(uint64_t a, uint64_t b, uint64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
inline bool checkedAdd(uint64_t a, uint64_t b, uint64_t& out) { return !__builtin_add_overflow(a, b, &out); }

}  // namespace refrast
