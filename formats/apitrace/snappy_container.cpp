// SPDX-License-Identifier: MIT
// The snappy container of apitrace traces (apitrace's trace_file_snappy.cpp
// writes it: magic 'a' 't', then [u32 LE compressed length][snappy bytes]*).
#include "formats/apitrace/snappy_container.h"

#include "refrast/error.h"
#include "refrast/image.h"

#include <snappy.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

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

TraceFile::TraceFile(const std::string& path) : path_(path) {
    if (path == "-") {  // standard input cannot seek: read it whole, as readFileBytes does
        const std::vector<uint8_t> bytes = readFileBytes(path);
        in_ = std::make_unique<std::istringstream>(std::string(bytes.begin(), bytes.end()));
        index();
        return;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "", "is a directory, expected a file");
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    in_ = std::move(file);
    index();
}

TraceFile::TraceFile(std::vector<uint8_t> bytes, const std::string& path)
    : path_(path), in_(std::make_unique<std::istringstream>(std::string(bytes.begin(), bytes.end()))) {
    index();
}

// The magic and the chunk table: each chunk's length field and the varint of
// its decompressed size, with the checks decompressTrace makes.
void TraceFile::index() {
    const std::string& path = path_;
    std::istream& in = *in_;
    in.seekg(0, std::ios::end);
    const uint64_t size = uint64_t(in.tellg());
    in.seekg(0);
    char magic[2] = {0, 0};
    if (size < 2 || !in.read(magic, 2) || magic[0] != 'a' || magic[1] != 't')
        throw InputError::atOffset(path, 0, "not an apitrace trace (expected the snappy container magic \"at\")");
    uint64_t offset = 2;
    while (offset < size) {
        const uint64_t lengthAt = offset;
        uint8_t p[4];
        if (size - offset < 4 || !in.read(reinterpret_cast<char*>(p), 4))
            throw InputError::atOffset(path, lengthAt, "truncated snappy chunk length (needs 4 bytes, " +
                                                           std::to_string(size - offset) + " remain)");
        const uint64_t length = uint64_t(p[0]) | uint64_t(p[1]) << 8 | uint64_t(p[2]) << 16 | uint64_t(p[3]) << 24;
        offset += 4;
        if (length > size - offset)
            throw InputError::atOffset(path, lengthAt, "truncated snappy chunk (length " + std::to_string(length) +
                                                           ", " + std::to_string(size - offset) + " bytes remain)");
        // The decompressed size is the varint that starts the chunk (at most 5 bytes).
        char head[5];
        const size_t headBytes = size_t(std::min<uint64_t>(length, sizeof head));
        size_t raw = 0;
        if (!in.read(head, std::streamsize(headBytes)) || !snappy::GetUncompressedLength(head, headBytes, &raw))
            throw InputError::atOffset(path, lengthAt, "corrupt snappy chunk (bad uncompressed length)");
        if (raw > kMaxChunkBytes)
            throw InputError::atOffset(path, lengthAt, "snappy chunk of " + std::to_string(raw) +
                                                           " bytes exceeds the 64 MiB limit");
        table_.chunkStart.push_back(streamBytes_);
        table_.chunkFileOffset.push_back(lengthAt);
        compressedBytes_.push_back(length);
        streamBytes_ += raw;
        offset += length;
        in.seekg(std::streamoff(offset));
    }
}

void TraceFile::readChunk(size_t k, std::vector<uint8_t>& out) {
    const uint64_t lengthAt = table_.chunkFileOffset[k], length = compressedBytes_[k];
    compressed_.resize(size_t(length));
    in_->clear();
    in_->seekg(std::streamoff(lengthAt + 4));
    if (length > 0 && !in_->read(compressed_.data(), std::streamsize(length)))
        throw InputError::atOffset(path_, lengthAt, "truncated snappy chunk (the file changed while it was read)");
    const uint64_t end = k + 1 < chunkCount() ? table_.chunkStart[k + 1] : streamBytes_;
    const size_t raw = size_t(end - table_.chunkStart[k]);
    if (!snappy::IsValidCompressedBuffer(compressed_.data(), size_t(length)))
        throw InputError::atOffset(path_, lengthAt, "corrupt snappy chunk");
    out.resize(raw);
    if (raw > 0 && !snappy::RawUncompress(compressed_.data(), size_t(length), reinterpret_cast<char*>(out.data())))
        throw InputError::atOffset(path_, lengthAt, "corrupt snappy chunk");
}

}  // namespace refrast::apitrace
