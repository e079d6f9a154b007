// SPDX-License-Identifier: MIT
// The per-thread read log (formats/read_log.h).
#include "formats/read_log.h"

namespace refrast {

namespace {
thread_local ReadLog* current = nullptr;
}

ReadLog::ReadLog() : outer_(current) { current = this; }
ReadLog::~ReadLog() { current = outer_; }

void ReadLog::recordRead(const std::vector<uint8_t>& bytes) {
    if (!current) return;
    // The length first, so the concatenation of several files is unambiguous.
    uint8_t size[8];
    for (int i = 0; i < 8; ++i) size[i] = uint8_t(uint64_t(bytes.size()) >> (8 * i));
    current->hash_.update(size, 8);
    current->hash_.update(bytes.data(), bytes.size());
    ++current->files_;
}

}  // namespace refrast
