// SPDX-License-Identifier: MIT
// PNG structure, CRC, zlib and palette-index checks (PNG specification,
// ISO/IEC 15948 §5 chunk layout, §10 zlib, §9 filtering, §11.2 chunk rules).
#include "formats/png_validate.h"

#include "formats/png_chunk.h"
#include "refrast/error.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace refrast {

namespace {

constexpr uint32_t kMaxSide = 16384;  // D3D11's largest texture / target side

uint32_t be32(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

std::string hex32(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

uint32_t bitsPerPixel(const PngHeader& h) {
    const uint32_t channels[] = {1, 0, 3, 1, 2, 0, 4};
    return channels[h.colorType] * h.bitDepth;
}

// Image data bytes of a w x h (sub)image: one filter byte per row.
uint64_t passBytes(uint64_t w, uint64_t h, uint32_t bpp) { return w == 0 || h == 0 ? 0 : h * (1 + (w * bpp + 7) / 8); }

// Adam7 passes: origin and step of columns and rows (§8.2).
struct Pass {
    uint32_t x0, y0, dx, dy;
};
constexpr Pass kAdam7[7] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};

uint32_t passSide(uint32_t side, uint32_t origin, uint32_t step) { return side <= origin ? 0 : (side - origin + step - 1) / step; }

struct Chunk {
    size_t offset;  // of the length field
    uint32_t length;
    char type[5];
    const uint8_t* data;
};

// Unfilters the inflated rows as they arrive (for palette-index and filter
// checks) without keeping the image: two rows at a time.
class RowChecker {
public:
    RowChecker(const PngHeader& h, uint32_t paletteEntries, const std::string& name, size_t idatOffset)
        : h_(h), entries_(paletteEntries), name_(name), offset_(idatOffset), bpp_(bitsPerPixel(h)) {
        nextPass();
    }

    void feed(const uint8_t* p, size_t n) {
        while (n > 0) {
            if (pass_ >= 7) return;
            const size_t take = std::min(n, cur_.size() - fill_);
            std::memcpy(cur_.data() + fill_, p, take);
            fill_ += take, p += take, n -= take;
            if (fill_ == cur_.size()) finishRow();
        }
    }

private:
    void nextPass() {
        for (;;) {
            ++pass_;
            if (h_.interlace == 0 && pass_ > 0) pass_ = 7;
            if (pass_ >= 7) return;
            const Pass& ps = kAdam7[pass_];
            w_ = h_.interlace ? passSide(h_.width, ps.x0, ps.dx) : h_.width;
            rows_ = h_.interlace ? passSide(h_.height, ps.y0, ps.dy) : h_.height;
            if (w_ == 0 || rows_ == 0) continue;
            const size_t rowBytes = (size_t(w_) * bpp_ + 7) / 8;
            cur_.assign(rowBytes + 1, 0);
            prev_.assign(rowBytes + 1, 0);
            fill_ = 0;
            row_ = 0;
            return;
        }
    }

    void finishRow() {
        const uint8_t filter = cur_[0];
        if (filter > 4)
            throw InputError::atOffset(name_, offset_, pngFilterTypeError(row_, filter));
        if (h_.colorType == 3) {
            unfilter(filter);
            checkIndices();
        }
        std::swap(cur_, prev_);
        fill_ = 0;
        if (++row_ == rows_) nextPass();
    }

    // §9.2; a = left byte (a whole pixel back, at least one byte), b = above, c = above-left.
    void unfilter(uint8_t filter) {
        const size_t step = std::max<size_t>(1, bpp_ / 8);
        for (size_t i = 1; i < cur_.size(); ++i) {
            const int a = i > step ? cur_[i - step] : 0, b = prev_[i], c = i > step ? prev_[i - step] : 0;
            int add = 0;
            switch (filter) {
                case 1: add = a; break;
                case 2: add = b; break;
                case 3: add = (a + b) / 2; break;
                case 4: {
                    const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
                    add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                    break;
                }
                default: break;
            }
            cur_[i] = uint8_t(cur_[i] + add);
        }
    }

    void checkIndices() const {
        const uint32_t depth = h_.bitDepth;
        for (uint32_t x = 0; x < w_; ++x) {
            const size_t bit = size_t(x) * depth;
            const uint32_t index = (cur_[1 + bit / 8] >> (8 - depth - bit % 8)) & ((1u << depth) - 1);
            if (index >= entries_)
                throw InputError::atOffset(name_, offset_,
                                           "palette index " + std::to_string(index) + " at pixel (" + std::to_string(x) +
                                               ", row " + std::to_string(row_) + ") is beyond the " +
                                               std::to_string(entries_) + " PLTE entries");
        }
    }

    const PngHeader& h_;
    uint32_t entries_;
    const std::string& name_;
    size_t offset_;
    uint32_t bpp_;
    int pass_ = -1;
    uint32_t w_ = 0, rows_ = 0, row_ = 0;
    std::vector<uint8_t> cur_, prev_;
    size_t fill_ = 0;
};

// Inflates the concatenated IDAT data, checking the exact size and Adler-32.
void inflateImageData(const std::vector<uint8_t>& stream, const PngHeader& h, uint32_t paletteEntries,
                      const std::string& name, size_t idatOffset) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) throw std::runtime_error("zlib inflateInit failed");
    struct End {
        z_stream* z;
        ~End() { inflateEnd(z); }
    } end{&z};
    RowChecker rows(h, paletteEntries, name, idatOffset);
    std::array<uint8_t, 65536> out;
    z.next_in = const_cast<uint8_t*>(stream.data());
    uint64_t produced = 0;
    size_t remaining = stream.size();
    for (;;) {
        // zlib's avail_in is 32-bit: feed at most 1 GiB per call.
        if (z.avail_in == 0 && remaining > 0) {
            z.avail_in = uInt(std::min<size_t>(remaining, size_t(1) << 30));
            remaining -= z.avail_in;
        }
        z.next_out = out.data();
        z.avail_out = uInt(out.size());
        const int rc = inflate(&z, Z_NO_FLUSH);
        const size_t got = out.size() - z.avail_out;
        if (produced + got > h.rawBytes)
            throw InputError::atOffset(name, idatOffset,
                                       "image data inflates to more than the " + std::to_string(h.rawBytes) +
                                           " bytes the IHDR implies");
        rows.feed(out.data(), got);
        produced += got;
        if (rc == Z_STREAM_END) break;
        if (rc == Z_BUF_ERROR && z.avail_in == 0 && remaining == 0)
            throw InputError::atOffset(name, idatOffset,
                                       "image data ends early: the zlib stream stops after " + std::to_string(produced) +
                                           " of " + std::to_string(h.rawBytes) + " bytes");
        if (rc != Z_OK && rc != Z_BUF_ERROR)
            throw InputError::atOffset(name, idatOffset,
                                       std::string("corrupt zlib stream in IDAT: ") + (z.msg ? z.msg : "inflate failed"));
    }
    if (produced != h.rawBytes)
        throw InputError::atOffset(name, idatOffset,
                                   "image data inflates to " + std::to_string(produced) + " bytes, the IHDR implies " +
                                       std::to_string(h.rawBytes));
    if (z.avail_in > 0 || remaining > 0)
        throw InputError::atOffset(name, idatOffset,
                                   std::to_string(z.avail_in + remaining) + " bytes of IDAT data after the end of the zlib stream");
}

std::vector<Chunk> readChunks(const std::vector<uint8_t>& bytes, const std::string& name) {
    std::vector<Chunk> chunks;
    size_t at = 8;
    for (;;) {
        if (bytes.size() - at < 12)
            throw InputError::atOffset(name, at, chunks.empty() ? "no IHDR chunk" : "truncated: no IEND chunk");
        Chunk c{at, be32(&bytes[at]), {}, nullptr};
        std::memcpy(c.type, &bytes[at + 4], 4);
        c.type[4] = '\0';
        for (int i = 0; i < 4; ++i)
            if (!std::isalpha(static_cast<unsigned char>(c.type[i])))
                throw InputError::atOffset(name, at + 4, "invalid chunk type (not four letters)");
        if (c.length > 0x7FFFFFFFu || bytes.size() - at - 12 < c.length)
            throw InputError::atOffset(name, at, std::string(c.type) + " chunk length " + std::to_string(c.length) +
                                                     " runs past the end of the file");
        c.data = &bytes[at + 8];
        const uint32_t stored = be32(&bytes[at + 8 + c.length]);
        const uint32_t computed = libdeflate_crc32(libdeflate_crc32(0, &bytes[at + 4], 4), c.data, c.length);
        if (stored != computed)
            throw InputError::atOffset(name, at + 8 + c.length,
                                       std::string(c.type) + " chunk CRC mismatch (stored " + hex32(stored) +
                                           ", computed " + hex32(computed) + ")");
        chunks.push_back(c);
        at += 12 + size_t(c.length);
        if (std::strcmp(c.type, "IEND") == 0) break;
    }
    // Bytes after IEND are ignored, as libpng does: they are never decoded, so
    // they cost no work (the golden tests rely on such files comparing equal).
    return chunks;
}

}  // namespace

PngHeader readPngHeader(const std::vector<uint8_t>& bytes, const std::string& name) {
    if (bytes.size() < 8 || std::memcmp(bytes.data(), kPngSignature, 8) != 0)
        throw InputError::atOffset(name, 0, "not a PNG file (bad signature)");
    if (bytes.size() < 33 || be32(&bytes[8]) != 13 || std::memcmp(&bytes[12], "IHDR", 4) != 0)
        throw InputError::atOffset(name, 8, "the first chunk is not a 13-byte IHDR");
    const uint8_t* d = &bytes[16];
    PngHeader h;
    h.width = be32(d);
    h.height = be32(d + 4);
    h.bitDepth = d[8];
    h.colorType = d[9];
    h.interlace = d[12];
    if (h.width == 0 || h.height == 0 || h.width > kMaxSide || h.height > kMaxSide)
        // The IHDR chunk's width field is at byte 16 (8-byte signature, 8-byte chunk header).
        throw InputError::atOffset(name, 16, "PNG size " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                                                 " outside 1.." + std::to_string(kMaxSide));
    const bool depthOk = [&] {
        switch (h.colorType) {
            case 0: return h.bitDepth == 1 || h.bitDepth == 2 || h.bitDepth == 4 || h.bitDepth == 8 || h.bitDepth == 16;
            case 3: return h.bitDepth == 1 || h.bitDepth == 2 || h.bitDepth == 4 || h.bitDepth == 8;
            case 2: case 4: case 6: return h.bitDepth == 8 || h.bitDepth == 16;
            default: return false;
        }
    }();
    if (!depthOk)
        throw InputError::atOffset(name, 24, "invalid IHDR colour type " + std::to_string(h.colorType) + " with bit depth " +
                                                 std::to_string(h.bitDepth));
    if (d[10] != 0) throw InputError::atOffset(name, 26, "unknown IHDR compression method " + std::to_string(d[10]));
    if (d[11] != 0) throw InputError::atOffset(name, 27, "unknown IHDR filter method " + std::to_string(d[11]));
    if (h.interlace > 1) throw InputError::atOffset(name, 28, "unknown IHDR interlace method " + std::to_string(h.interlace));
    const uint32_t bpp = bitsPerPixel(h);
    if (h.interlace == 0) {
        h.rawBytes = passBytes(h.width, h.height, bpp);
    } else {
        for (const Pass& p : kAdam7)
            h.rawBytes += passBytes(passSide(h.width, p.x0, p.dx), passSide(h.height, p.y0, p.dy), bpp);
    }
    return h;
}

PngImageData checkPngChunks(const std::vector<uint8_t>& bytes, const PngHeader& h, const std::string& name) {
    const std::vector<Chunk> chunks = readChunks(bytes, name);
    PngImageData d;
    const Chunk* plte = nullptr;
    const Chunk* trns = nullptr;
    bool idatDone = false;
    for (size_t i = 1; i < chunks.size(); ++i) {
        const Chunk& c = chunks[i];
        const std::string type = c.type;
        if (type == "IHDR") throw InputError::atOffset(name, c.offset, "a second IHDR chunk");
        if (type == "IDAT") {
            if (idatDone) throw InputError::atOffset(name, c.offset, "IDAT chunks are not consecutive");
            if (d.idatOffset == 0) d.idatOffset = c.offset;
            d.stream.insert(d.stream.end(), c.data, c.data + c.length);
            continue;
        }
        if (d.idatOffset != 0) idatDone = true;
        if (type == "PLTE") {
            if (plte) throw InputError::atOffset(name, c.offset, "a second PLTE chunk");
            if (d.idatOffset) throw InputError::atOffset(name, c.offset, "PLTE after the image data");
            if (c.length == 0 || c.length % 3 != 0 || c.length > 768)
                throw InputError::atOffset(name, c.offset, "PLTE length " + std::to_string(c.length) +
                                                               " is not 3 to 768 bytes in whole entries");
            plte = &c;
        } else if (type == "tRNS") {
            if (trns) throw InputError::atOffset(name, c.offset, "a second tRNS chunk");
            if (d.idatOffset) throw InputError::atOffset(name, c.offset, "tRNS after the image data");
            trns = &c;
        } else if (type != "IEND" && std::isupper(static_cast<unsigned char>(type[0]))) {
            throw InputError::atOffset(name, c.offset, "unknown critical chunk " + type);
        }
    }
    if (d.idatOffset == 0) throw InputError::atOffset(name, chunks.back().offset, "no IDAT chunk before IEND");
    if (h.colorType == 3 && !plte) throw InputError::atOffset(name, d.idatOffset, "palette image without a PLTE chunk");
    if (d.stream.empty()) throw InputError::atOffset(name, d.idatOffset, "the IDAT chunks hold no data");
    if (trns) {
        // §11.3.2.1: one alpha per palette entry at most; a grey or RGB key; none with an alpha channel.
        const bool ok = h.colorType == 3 ? trns->length <= plte->length / 3
                      : h.colorType == 0 ? trns->length == 2
                      : h.colorType == 2 ? trns->length == 6
                                         : false;
        if (!ok)
            throw InputError::atOffset(name, trns->offset, "tRNS length " + std::to_string(trns->length) +
                                                               " does not fit colour type " + std::to_string(h.colorType));
    }
    if (plte) d.plte.assign(plte->data, plte->data + plte->length);
    if (trns) d.trns.assign(trns->data, trns->data + trns->length), d.hasTrns = true;
    return d;
}

void checkImageData(const PngImageData& d, const PngHeader& h, const std::string& name) {
    inflateImageData(d.stream, h, uint32_t(d.plte.size() / 3), name, d.idatOffset);
}

std::string pngFilterTypeError(uint32_t row, uint8_t filter) {
    return "image data row " + std::to_string(row) + " has filter type " + std::to_string(filter) + " (expected 0..4)";
}

std::vector<uint8_t> rebuildPngForDecoder(const std::vector<uint8_t>& bytes, const PngHeader& h, const PngImageData& d) {
    // The decoder's copy: signature, IHDR, PLTE, tRNS, one IDAT, IEND.
    std::vector<uint8_t> clean(kPngSignature, kPngSignature + 8);
    appendPngChunk(clean, "IHDR", &bytes[16], 13);
    if (!d.plte.empty() && h.colorType != 0 && h.colorType != 4) appendPngChunk(clean, "PLTE", d.plte.data(), d.plte.size());
    if (d.hasTrns) appendPngChunk(clean, "tRNS", d.trns.data(), d.trns.size());
    appendPngChunk(clean, "IDAT", d.stream.data(), d.stream.size());
    appendPngChunk(clean, "IEND", nullptr, 0);
    return clean;
}

}  // namespace refrast
