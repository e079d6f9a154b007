// SPDX-License-Identifier: MIT
// PNG row filters (PNG specification, ISO/IEC 15948 §9.2: None, Sub, Up,
// Average, Paeth) for 8-bit RGB and RGBA rows, both ways: the fast decode
// path undoes them into RGBA8 pixels, the encoder applies them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace refrast {

// Undoes the filters of `height` rows of inflated image data (each a filter
// byte, then width * channels bytes; channels 3 or 4) into RGBA8 pixels at
// `rgba` (alpha 255 for RGB). The raw rows may lie in the same buffer as the
// pixels as long as they start at or after `rgba + height * (width - 1)` for
// RGB, or at `rgba` for RGBA: each pixel is written only after the raw bytes
// it overwrites have been read. Returns the first row whose filter type is
// not 0..4 (nothing after it is written), or -1.
long unfilterRows(const uint8_t* raw, uint8_t* rgba, uint32_t width, uint32_t height, int channels);

// The encoder's filter choice for each RGBA8 row, the usual heuristic (PNG
// specification §12.8): the filter whose output bytes, read as signed,
// have the smallest sum of magnitudes. Writes the filter byte and the
// filtered row (1 + width * 4 bytes) to `out`; `above` is the previous row
// or null for the first. The sums run in the widest integer lanes the CPU
// has; the second form names them, one pngFilterLanesSupported says the CPU
// runs (tests: every one writes the same bytes).
enum class PngFilterLanes { Baseline, Avx2, Avx512 };
bool pngFilterLanesSupported(PngFilterLanes lanes);
void filterRowRgba(const uint8_t* row, const uint8_t* above, uint32_t width, uint8_t* out);
void filterRowRgba(const uint8_t* row, const uint8_t* above, uint32_t width, uint8_t* out, PngFilterLanes lanes);

}  // namespace refrast
