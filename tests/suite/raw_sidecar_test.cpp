// SPDX-License-Identifier: MIT
// Per-readback raw layouts (src/suite/raw_sidecar.h, docs/suite.md): a
// NAME.raw.json beside NAME.raw names that file's layout.
#include "src/suite/raw_sidecar.h"
#include "src/suite/suite_run.h"
#include "tests/golden/golden_test_util.h"

#include "refrast/render.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace refrast;
using namespace refrast::difftest;
namespace fs = std::filesystem;

namespace {

void writeText(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The image as a GL readback: rows bottom to top, bytes R, G, B, A, `pad` bytes after each row.
std::vector<uint8_t> glRaw(const Image& image, int pad) {
    std::vector<uint8_t> out;
    for (int y = image.height - 1; y >= 0; --y) {
        out.insert(out.end(), image.pixel(0, y), image.pixel(0, y) + size_t(image.width) * 4);
        out.insert(out.end(), size_t(pad), uint8_t(0));
    }
    return out;
}

}  // namespace

TEST_CASE("raw sidecar: the layout of one readback, sizes defaulting to the oracle's") {
    TempDir dir("raw-sidecar-layout");
    const std::string raw = dir.file("a.raw");
    RawLayout suiteWide;
    suiteWide.format = RawFormat::Bgra8;
    // No sidecar: the suite's --raw-* layout (or none).
    CHECK(suite::rawLayoutFor(raw, suiteWide, 32, 16)->format == RawFormat::Bgra8);
    CHECK(!suite::rawLayoutFor(raw, std::nullopt, 32, 16));
    writeText(raw + ".json", R"({"format": "rgba8", "flip_y": true, "stride": 136})");
    const std::optional<RawLayout> l = suite::rawLayoutFor(raw, suiteWide, 32, 16);
    REQUIRE(l);
    CHECK((l->format == RawFormat::Rgba8 && l->flipY && l->stride == 136 && l->width == 32 && l->height == 16));
    // A PNG readback has no sidecar.
    writeText(dir.file("b.png.json"), R"({"format": "rgba8"})");
    CHECK(!suite::rawLayoutFor(dir.file("b.png"), std::nullopt, 32, 16));
}

TEST_CASE("raw sidecar: bad sidecars name the file and the key") {
    TempDir dir("raw-sidecar-errors");
    const std::string raw = dir.file("a.raw");
    const auto errorFor = [&](const std::string& text) {
        writeText(raw + ".json", text);
        try {
            suite::rawLayoutFor(raw, std::nullopt, 32, 16);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(errorFor(R"({"flip_y": true})").find(raw + ".json: ") != std::string::npos);
    CHECK(errorFor(R"({"format": "argb8"})").find("/format") != std::string::npos);
    // 32 * 4 = 128 bytes per row at least.
    CHECK(errorFor(R"({"format": "rgba8", "stride": 100})").find("/stride: stride 100 is less than width * 4 = 128") !=
          std::string::npos);
    CHECK(errorFor(R"({"format": "rgba8", "flipy": true})").find("flipy") != std::string::npos);
}

TEST_CASE("raw sidecar: a suite mixing a GL raw readback and a PNG passes, a wrong sidecar fails its capture only") {
    TempDir dir("raw-sidecar-suite");
    const std::string captures = std::string(REFRAST_SOURCE_DIR) + "/tests/suite/captures";
    fs::create_directories(dir.file("captures"));
    fs::create_directories(dir.file("readbacks"));
    for (const char* name : {"exact", "flipped"})
        fs::copy_file(captures + "/" + name + ".json", dir.file(std::string("captures/") + name + ".json"));
    const Image exact = render(loadScene(captures + "/exact.json")), flipped = render(loadScene(captures + "/flipped.json"));
    writePng(dir.file("readbacks/exact.png"), exact);
    const std::vector<uint8_t> bytes = glRaw(flipped, 8);  // 32 * 4 + 8 = 136 bytes per row
    writeFileAtomic(dir.file("readbacks/flipped.raw"), bytes);
    writeText(dir.file("readbacks/flipped.raw.json"), R"({"format": "rgba8", "flip_y": true, "stride": 136})");
    suite::SuiteArgs args;
    args.captures = dir.file("captures"), args.readbacks = dir.file("readbacks");
    int status = -1;
    std::string text = captureOutput([&](std::FILE* out) { return suite::runSuite(args, golden::defaultRenderer(), out); }, status);
    CHECK(status == 0);
    CHECK(text.find("PASS flipped") != std::string::npos);
    // The same bytes read top to bottom: every row of the frame upside down.
    writeText(dir.file("readbacks/flipped.raw.json"), R"({"format": "rgba8", "stride": 136})");
    text = captureOutput([&](std::FILE* out) { return suite::runSuite(args, golden::defaultRenderer(), out); }, status);
    CHECK(status == 1);
    CHECK(text.find("PASS exact") != std::string::npos);
    CHECK(text.find("FAIL flipped") != std::string::npos);
}
