// SPDX-License-Identifier: MIT
// SHA-256 (FIPS 180-4): the content hash that keys the suite's render cache.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace refrast {

class Sha256 {
public:
    Sha256();
    void update(const void* data, size_t size);
    void update(const std::string& text) { update(text.data(), text.size()); }
    // Ends the message; the object must not be updated afterwards.
    std::array<uint8_t, 32> finish();
    // finish() as 64 lower-case hex digits.
    std::string hex();

private:
    void block(const uint8_t* p);

    std::array<uint32_t, 8> h_;
    std::array<uint8_t, 64> buffer_{};
    size_t buffered_ = 0;
    uint64_t length_ = 0;  // bytes
};

}  // namespace refrast
