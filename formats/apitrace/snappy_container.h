// SPDX-License-Identifier: MIT
// apitrace's file container: the magic "at", then chunks of a little-endian
// u32 compressed length followed by that many bytes of raw snappy data. The
// chunks decompress into one byte stream (the trace proper, trace_parser.h).
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
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

// A trace file read one chunk at a time, so a long recording never has to be
// held whole, compressed or decompressed (docs/apitrace.md "Streaming"). The
// constructor reads the magic and every chunk's length and decompressed size
// (a few bytes per chunk), so the stream's size and the chunk table are known
// before any chunk is decompressed, and a truncated file is refused as
// decompressTrace refuses it; a chunk snappy rejects is refused when it is
// read. The path "-" is standard input, which cannot seek: it is read whole.
class TraceFile {
public:
    explicit TraceFile(const std::string& path);
    // The same over a file's bytes in memory (the fuzz harness), named `path` in errors.
    TraceFile(std::vector<uint8_t> bytes, const std::string& path);
    // The chunk table (bytes stays empty) for TraceStream::describe.
    const TraceStream& table() const { return table_; }
    uint64_t streamBytes() const { return streamBytes_; }
    size_t chunkCount() const { return table_.chunkStart.size(); }
    // Decompresses chunk k into `out` (resized to the chunk's size).
    void readChunk(size_t k, std::vector<uint8_t>& out);

private:
    void index();

    std::string path_;
    std::unique_ptr<std::istream> in_;
    TraceStream table_;
    std::vector<uint64_t> compressedBytes_;
    std::vector<char> compressed_;
    uint64_t streamBytes_ = 0;
};

}  // namespace refrast::apitrace
