// SPDX-License-Identifier: MIT
// apitrace's file container: the magic "at", then chunks of a little-endian
// u32 compressed length followed by that many bytes of raw snappy data. The
// chunks decompress into one byte stream (the trace proper, trace_parser.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::apitrace {

struct TraceStream {
    std::vector<uint8_t> bytes;  // the decompressed stream
    // Chunk k decompressed to bytes [chunkStart[k], chunkStart[k + 1]) and was
    // read from file offset chunkFileOffset[k] (its length field), so an error
    // in the stream can name the file bytes it came from.
    std::vector<uint64_t> chunkStart;
    std::vector<uint64_t> chunkFileOffset;

    // "byte offset S of the decompressed stream (snappy chunk at file offset F)".
    std::string describe(uint64_t streamOffset) const;
};

// The largest chunk accepted after decompression. apitrace writes 1 MiB
// chunks; anything far larger is not a trace and must not size an allocation.
inline constexpr uint64_t kMaxChunkBytes = uint64_t(64) << 20;

// Throws InputError naming `path` and the file byte offset on a missing magic,
// a truncated length or chunk, or a chunk snappy rejects.
TraceStream decompressTrace(const std::vector<uint8_t>& file, const std::string& path);

}  // namespace refrast::apitrace
