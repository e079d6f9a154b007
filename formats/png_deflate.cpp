// SPDX-License-Identifier: MIT
// Why igzip and pieces (docs/architecture.md "PNG writing"): libdeflate's
// level 1 cannot end a piece on a byte boundary without a final block, and
// zlib's sync flush costs 2-3x libdeflate's instructions; igzip level 1 runs
// in less than half of libdeflate's time on the benchmark frames (files 5-14 %
// larger) and ends a piece with a sync flush.
#include "formats/png_deflate.h"

#include "formats/png_chunk.h"

#include "raster/parallel/parallel.h"

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace refrast {

namespace {

// Buffers written before they are read: no zero fill (it cost as many
// instructions as the adler and copies together on W4's frame).
using Bytes = std::unique_ptr<uint8_t[]>;

struct Piece {
    Bytes deflated;
    size_t deflatedBytes = 0;
    uint32_t adler = 1;
    size_t rawBytes = 0;
};

// Raw deflate of one piece; the last one ends in the final block, every
// other in a sync flush (byte-aligned, not final).
Bytes deflatePiece(const uint8_t* raw, size_t size, bool last, size_t& deflatedBytes) {
    const Bytes levelBuffer = std::make_unique_for_overwrite<uint8_t[]>(ISAL_DEF_LVL1_DEFAULT);
    isal_zstream s;
    isal_deflate_init(&s);
    s.level = 1;
    s.level_buf = levelBuffer.get();
    s.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    s.gzip_flag = IGZIP_DEFLATE;
    s.end_of_stream = last ? 1 : 0;
    s.flush = last ? NO_FLUSH : SYNC_FLUSH;
    s.next_in = const_cast<uint8_t*>(raw);
    s.avail_in = uint32_t(size);
    // Deflate's worst case is 5 bytes per 65535-byte stored block; the rest is room.
    size_t capacity = size + size / 8 + 1024;
    Bytes out = std::make_unique_for_overwrite<uint8_t[]>(capacity);
    s.next_out = out.get();
    s.avail_out = uint32_t(capacity);
    for (;;) {
        if (isal_deflate(&s) != COMP_OK) throw std::runtime_error("PNG encoding failed (igzip)");
        const bool done = s.avail_in == 0 && (last ? s.internal_state.state == ZSTATE_END
                                                   : s.internal_state.state == ZSTATE_NEW_HDR);
        if (done) break;
        if (s.avail_out > 0) continue;
        Bytes bigger = std::make_unique_for_overwrite<uint8_t[]>(capacity * 2);
        std::memcpy(bigger.get(), out.get(), capacity);
        out = std::move(bigger);
        s.next_out = out.get() + capacity;
        s.avail_out = uint32_t(capacity);
        capacity *= 2;
    }
    deflatedBytes = s.total_out;
    return out;
}

}  // namespace

std::vector<uint8_t> deflatePngRows(uint32_t rows, size_t stride, const FilterRows& filter, int threads,
                                    size_t pieceBytes) {
    // A piece holds at most 2^31 raw bytes (igzip counts in 32 bits); rows are
    // far shorter than that within the memory budget (docs/hardening.md).
    const uint32_t rowsPerPiece = uint32_t(std::clamp<size_t>(pieceBytes / stride, 1, (size_t(1) << 31) / stride));
    const size_t pieceCount = rows == 0 ? 1 : (size_t(rows) + rowsPerPiece - 1) / rowsPerPiece;
    std::vector<Piece> pieces(pieceCount);
    parallelFor(pieceCount, threads, [&](size_t p) {
        const uint32_t begin = uint32_t(std::min<size_t>(rows, p * rowsPerPiece));
        const uint32_t end = uint32_t(std::min<size_t>(rows, size_t(begin) + rowsPerPiece));
        const size_t size = size_t(end - begin) * stride;
        const Bytes raw = std::make_unique_for_overwrite<uint8_t[]>(size);
        if (end > begin) filter(begin, end, raw.get());
        pieces[p].adler = uint32_t(libdeflate_adler32(1, raw.get(), size));
        pieces[p].rawBytes = size;
        pieces[p].deflated = deflatePiece(raw.get(), size, p + 1 == pieceCount, pieces[p].deflatedBytes);
    });
    size_t total = 2 + 4;
    for (const Piece& p : pieces) total += p.deflatedBytes;
    std::vector<uint8_t> stream;
    stream.reserve(total);
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: fastest level, no
    // dictionary, and 0x7801 is a multiple of 31 (RFC 1950 §2.2).
    stream.push_back(0x78);
    stream.push_back(0x01);
    uLong adler = 1;
    for (const Piece& p : pieces) {
        stream.insert(stream.end(), p.deflated.get(), p.deflated.get() + p.deflatedBytes);
        adler = adler32_combine(adler, p.adler, z_off_t(p.rawBytes));
    }
    putBe32(stream, uint32_t(adler));
    return stream;
}

}  // namespace refrast
