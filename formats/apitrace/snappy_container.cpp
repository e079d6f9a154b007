// SPDX-License-Identifier: MIT
// The snappy container of apitrace traces (apitrace's trace_file_snappy.cpp
// writes it: magic 'a' 't', then [u32 LE compressed length][snappy bytes]*).
#include "formats/apitrace/snappy_container.h"

#include "refrast/error.h"

#include <snappy.h>

#include <algorithm>

namespace refrast::apitrace {

std::string TraceStream::describe(uint64_t streamOffset) const {
    // The chunk holding the offset: the last one starting at or before it.
    const auto it = std::upper_bound(chunkStart.begin(), chunkStart.end(), streamOffset);
    std::string s = "byte offset " + std::to_string(streamOffset) + " of the decompressed stream";
    if (it != chunkStart.begin()) {
        const size_t k = size_t(it - chunkStart.begin()) - 1;
        s += " (snappy chunk at file offset " + std::to_string(chunkFileOffset[k]) + ")";
    }
    return s;
}

TraceStream decompressTrace(const std::vector<uint8_t>& file, const std::string& path) {
    if (file.size() < 2 || file[0] != 'a' || file[1] != 't')
        throw InputError::atOffset(path, 0, "not an apitrace trace (expected the snappy container magic \"at\")");
    TraceStream out;
    uint64_t offset = 2;
    while (offset < file.size()) {
        const uint64_t lengthAt = offset;
        if (file.size() - offset < 4)
            throw InputError::atOffset(path, lengthAt, "truncated snappy chunk length (needs 4 bytes, " +
                                                           std::to_string(file.size() - offset) + " remain)");
        const uint8_t* p = &file[offset];
        const uint64_t length = uint64_t(p[0]) | uint64_t(p[1]) << 8 | uint64_t(p[2]) << 16 | uint64_t(p[3]) << 24;
        offset += 4;
        if (length > file.size() - offset)
            throw InputError::atOffset(path, lengthAt, "truncated snappy chunk (length " + std::to_string(length) +
                                                           ", " + std::to_string(file.size() - offset) + " bytes remain)");
        const char* data = reinterpret_cast<const char*>(&file[offset]);
        size_t raw = 0;
        if (!snappy::GetUncompressedLength(data, size_t(length), &raw))
            throw InputError::atOffset(path, lengthAt, "corrupt snappy chunk (bad uncompressed length)");
        if (raw > kMaxChunkBytes)
            throw InputError::atOffset(path, lengthAt, "snappy chunk of " + std::to_string(raw) +
                                                           " bytes exceeds the 64 MiB limit");
        // Validate before allocating: a chunk that claims 64 MiB but cannot
        // decompress to it is rejected without reserving the memory.
        if (!snappy::IsValidCompressedBuffer(data, size_t(length)))
            throw InputError::atOffset(path, lengthAt, "corrupt snappy chunk");
        out.chunkStart.push_back(out.bytes.size());
        out.chunkFileOffset.push_back(lengthAt);
        const size_t base = out.bytes.size();
        out.bytes.resize(base + raw);
        if (raw > 0 && !snappy::RawUncompress(data, size_t(length), reinterpret_cast<char*>(&out.bytes[base])))
            throw InputError::atOffset(path, lengthAt, "corrupt snappy chunk");
        offset += length;
    }
    return out;
}

}  // namespace refrast::apitrace
