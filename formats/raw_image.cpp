// SPDX-License-Identifier: MIT
// Raw readback decoding (rgba8, bgra8, rgbx8, bgrx8; stride; bottom-up rows).
#include "formats/raw_image.h"

#include "formats/resource_budget.h"
#include "refrast/error.h"

#include <charconv>
#include <cstdint>
#include <cstring>

namespace refrast {

namespace {

struct RawFormatName {
    const char* name;
    RawFormat format;
};
constexpr RawFormatName kRawFormatNames[] = {
    {"rgba8", RawFormat::Rgba8}, {"bgra8", RawFormat::Bgra8},
    {"rgbx8", RawFormat::Rgbx8}, {"bgrx8", RawFormat::Bgrx8}};

bool parseSide(const char* first, const char* last, int& side) {
    const auto [end, ec] = std::from_chars(first, last, side);
    return ec == std::errc() && end == last && side >= 1 && side <= kMaxRawSide;
}

// Copies one row of raw pixels into RGBA8, swizzling and forcing alpha.
void convertRow(const uint8_t* in, uint8_t* out, int width, RawFormat format) {
    const bool bgr = format == RawFormat::Bgra8 || format == RawFormat::Bgrx8;
    const bool opaque = format == RawFormat::Rgbx8 || format == RawFormat::Bgrx8;
    for (int x = 0; x < width; ++x, in += 4, out += 4) {
        out[0] = bgr ? in[2] : in[0];
        out[1] = in[1];
        out[2] = bgr ? in[0] : in[2];
        out[3] = opaque ? 0xFF : in[3];
    }
}

std::string describe(const RawLayout& layout) {
    return std::to_string(layout.width) + "x" + std::to_string(layout.height) + " " +
           rawFormatName(layout.format) + " with stride " + std::to_string(layout.rowStride());
}

}  // namespace

RawFormat parseRawFormat(const std::string& name) {
    for (const auto& n : kRawFormatNames)
        if (name == n.name) return n.format;
    throw UsageError("--raw-format \"" + name + "\" is not one of rgba8, bgra8, rgbx8, bgrx8");
}

const char* rawFormatName(RawFormat format) {
    for (const auto& n : kRawFormatNames)
        if (format == n.format) return n.name;
    return "?";
}

void parseRawSize(const std::string& text, RawLayout& layout) {
    const size_t x = text.find('x');
    const char* s = text.data();
    if (x == std::string::npos || !parseSide(s, s + x, layout.width) ||
        !parseSide(s + x + 1, s + text.size(), layout.height))
        throw UsageError("--raw-size \"" + text + "\" is not WxH with sides 1.." + std::to_string(kMaxRawSide));
}

Image decodeRaw(const std::vector<uint8_t>& bytes, const RawLayout& layout, const std::string& name) {
    const int64_t stride = layout.rowStride();
    if (stride < int64_t(layout.width) * 4)
        throw UsageError("--raw-stride " + std::to_string(stride) + " is less than width * 4 = " +
                         std::to_string(int64_t(layout.width) * 4));
    // Overflow-checked: a stride of 2^62 + 1 must not wrap height * stride to the file size.
    const std::optional<uint64_t> product = checkedMul(uint64_t(stride), uint64_t(layout.height));
    if (!product || *product > uint64_t(INT64_MAX))
        throw UsageError("--raw-stride " + std::to_string(stride) + " times height " + std::to_string(layout.height) +
                         " overflows 64 bits");
    const int64_t expected = int64_t(*product);
    if (int64_t(bytes.size()) != expected)
        throw InputError(name, "", "raw file is " + std::to_string(bytes.size()) + " bytes but " +
                                       describe(layout) + " needs " + std::to_string(expected));
    Image image(layout.width, layout.height);
    for (int y = 0; y < layout.height; ++y) {
        const int sourceRow = layout.flipY ? layout.height - 1 - y : y;
        convertRow(bytes.data() + size_t(stride) * size_t(sourceRow), image.pixel(0, y), layout.width, layout.format);
    }
    return image;
}

Image readImageFile(const std::string& path, const std::optional<RawLayout>& raw) {
    const std::vector<uint8_t> bytes = readFileBytes(path);
    if (hasPngSignature(bytes)) return decodePng(bytes, path);
    if (!raw)
        throw InputError::atOffset(path, 0,
                                   "not a PNG file (bad signature); give --raw-size and --raw-format to read a raw readback");
    return decodeRaw(bytes, *raw, path);
}

}  // namespace refrast
