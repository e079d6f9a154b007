// SPDX-License-Identifier: MIT
// Raw readbacks (a GPU backend's colour buffer dumped as bytes) and the one
// image reader the diff tools use: PNG when the file has the PNG signature,
// raw otherwise. docs/diff.md describes the raw layouts.
#pragma once

#include "refrast/image.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace refrast {

// Byte order of one 4-byte pixel as it lies in memory: D3DFMT_A8B8G8R8 /
// VK_FORMAT_R8G8B8A8 (rgba8), D3DFMT_A8R8G8B8 / B8G8R8A8 (bgra8), and their
// X variants whose fourth byte is undefined and reads as opaque alpha.
enum class RawFormat { Rgba8, Bgra8, Rgbx8, Bgrx8 };

struct RawLayout {
    int width = 0;
    int height = 0;
    RawFormat format = RawFormat::Bgra8;
    int64_t stride = 0;  // bytes from one row to the next; 0: width * 4
    bool flipY = false;  // rows stored bottom to top (OpenGL readbacks)

    int64_t rowStride() const { return stride == 0 ? int64_t(width) * 4 : stride; }
};

// Parses "rgba8" | "bgra8" | "rgbx8" | "bgrx8"; throws UsageError otherwise.
RawFormat parseRawFormat(const std::string& name);
const char* rawFormatName(RawFormat format);

// Parses "WxH" (each side 1..kMaxRawSide); throws UsageError otherwise.
void parseRawSize(const std::string& text, RawLayout& layout);
constexpr int kMaxRawSide = 16384;

// Converts raw bytes to RGBA8. The file must hold exactly rowStride * height
// bytes; anything else is an InputError naming both sizes.
Image decodeRaw(const std::vector<uint8_t>& bytes, const RawLayout& layout, const std::string& name);

// Reads PNG (by signature) or, when `raw` is given, a raw readback; a file that
// is not a PNG and no raw layout is an InputError at byte offset 0.
Image readImageFile(const std::string& path, const std::optional<RawLayout>& raw);

}  // namespace refrast
