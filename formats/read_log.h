// SPDX-License-Identifier: MIT
// While a ReadLog is alive, every file readFileBytes reads on this thread is
// hashed into it (length-prefixed, in read order): the content hash of a scene
// and every input it loaded, which keys the suite's render cache.
#pragma once

#include "formats/sha256.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast {

class ReadLog {
public:
    ReadLog();
    ~ReadLog();
    ReadLog(const ReadLog&) = delete;
    ReadLog& operator=(const ReadLog&) = delete;

    Sha256& hash() { return hash_; }
    size_t files() const { return files_; }

    // Called by readFileBytes for each file it read.
    static void recordRead(const std::vector<uint8_t>& bytes);

private:
    Sha256 hash_;
    size_t files_ = 0;
    ReadLog* outer_;
};

}  // namespace refrast
