// SPDX-License-Identifier: MIT
// RGBA8 images in memory and their file IO (PNG in and out, raw readbacks).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

// Tightly packed RGBA8, rows top to bottom.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgba;

    Image() = default;
    Image(int w, int h) : width(w), height(h), rgba(size_t(w) * size_t(h) * 4, 0) {}

    uint8_t* pixel(int x, int y) { return &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
    const uint8_t* pixel(int x, int y) const { return &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
    bool operator==(const Image&) const = default;
};

// Decodes a PNG (8-bit grey, grey+alpha, RGB, RGBA, palette; 16-bit is reduced
// to 8) to RGBA8. Throws InputError naming the file.
Image readPng(const std::string& path);
Image decodePng(const std::vector<uint8_t>& bytes, const std::string& nameForErrors);
bool hasPngSignature(const std::vector<uint8_t>& bytes);

// Encodes RGBA8 as PNG bytes: adaptive row filters, then ISA-L igzip level 1
// in pieces (formats/png_deflate.h); for a given ISA-L the bytes depend only on the
// image, not on the thread count.
std::vector<uint8_t> encodePng(const Image& image);

// A 16-bit greyscale PNG of width x height samples (row by row).
std::vector<uint8_t> encodePngGrey16(int width, int height, const std::vector<uint16_t>& samples);

// Writes the PNG atomically: a temporary beside the target, then rename, so a
// failure never leaves a partial file (formats/output_file.h). Throws InputError on IO failure.
void writePng(const std::string& path, const Image& image);

// Whole-file IO shared by every reader/writer; throws InputError / runtime_error.
// "-" reads standard input; a pipe or device is read to its end.
std::vector<uint8_t> readFileBytes(const std::string& path);
// Refuses anything but a regular file without blocking (a FIFO is an error).
std::vector<uint8_t> readRegularFileBytes(const std::string& path);
void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes);

}  // namespace refrast
