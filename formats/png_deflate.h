// SPDX-License-Identifier: MIT
// The zlib stream (RFC 1950) of a PNG's image data, compressed in pieces of
// whole rows on several threads. Each piece is filtered and deflated on its
// own by ISA-L's igzip (level 1) as raw deflate that starts with no history
// and ends, unless it is the last, in a sync flush: an empty stored block
// with BFINAL = 0 that leaves the stream byte-aligned (RFC 1951 §3.2.4), so
// the pieces concatenate into one valid deflate stream; the last piece ends
// in the final block. The Adler-32 of each piece is combined into the
// stream's (zlib's adler32_combine). The pieces are cut by size alone, so
// the bytes do not depend on the thread count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace refrast {

struct Image;

// encodePng (refrast/image.h) on up to `threads` workers (0: all cores); the
// bytes are the same for every thread count.
std::vector<uint8_t> encodePng(const Image& image, int threads);

// Raw bytes per piece: large enough that the lost history at a cut costs
// nothing measurable, small enough that a 1080p frame makes 8 pieces.
inline constexpr size_t kPngPieceBytes = size_t(1) << 20;

// Writes the filtered rows [rowBegin, rowEnd) (each `stride` bytes: the
// filter byte, then the row) to `out`.
using FilterRows = std::function<void(uint32_t rowBegin, uint32_t rowEnd, uint8_t* out)>;

// The zlib stream of `rows` rows of `stride` bytes, filtered by `filter`,
// in pieces of about `pieceBytes` raw bytes, on up to `threads` workers (0:
// all cores).
std::vector<uint8_t> deflatePngRows(uint32_t rows, size_t stride, const FilterRows& filter, int threads,
                                    size_t pieceBytes = kPngPieceBytes);

}  // namespace refrast
