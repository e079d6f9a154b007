// SPDX-License-Identifier: MIT
// `refrast diff` and `refrast check` as CI calls them: exit statuses, the
// summary line, output files, and the exact messages for bad input.
#include "refrast/image.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

#include <stb_image_write.h>

#include <filesystem>

using namespace refrast;
using namespace refrast::difftest;

namespace {

// 4x2 gradient-ish reference, written as a.png; b.png has (1,0) changed by 12 in blue.
struct Fixture {
    TempDir dir{"diff-command"};
    Image a = filledImage(4, 2, {10, 20, 30, 255});
    Fixture() {
        setPixel(a, 3, 1, {200, 100, 0, 128});
        writePng(dir.file("a.png"), a);
        Image b = a;
        setPixel(b, 1, 0, {10, 20, 42, 255});
        writePng(dir.file("b.png"), b);
    }
};

std::vector<uint8_t> toBgra(const Image& image) {
    std::vector<uint8_t> out = image.rgba;
    for (size_t i = 0; i < out.size(); i += 4) std::swap(out[i], out[i + 2]);
    return out;
}

}  // namespace

TEST_CASE("diff/diff_command: identical images pass with exit 0 and the summary line") {
    Fixture f;
    const RunResult r = runRefrast(f.dir, "diff a.png a.png");
    CHECK(r.status == 0);
    CHECK(r.out == "differing fraction 0.0000e+00 (0 of 8 pixels), max delta 0, mean abs RGB error 0.0000: PASS (exact)\n");
    CHECK(r.err.empty());
}

TEST_CASE("diff/diff_command: one differing pixel fails the exact gate and passes a fraction gate") {
    Fixture f;
    // 1 of 8 = 0.125; mean abs RGB error 12 / (3 * 8) = 0.5.
    RunResult r = runRefrast(f.dir, "diff a.png b.png");
    CHECK(r.status == 1);
    CHECK(r.out == "differing fraction 1.2500e-01 (1 of 8 pixels), max delta 12, mean abs RGB error 0.5000: FAIL (exact)\n");
    r = runRefrast(f.dir, "diff --region left=0,0,2,2 a.png b.png --max-fraction 0.125 --tolerance 2");
    CHECK(r.status == 0);
    CHECK(r.out ==
          "differing fraction 1.2500e-01 (1 of 8 pixels), max delta 12, mean abs RGB error 0.5000: PASS (max fraction "
          "0.125, tolerance 2)\n"
          "region left [0,0,2,2]: differing fraction 2.5000e-01 (1 of 4 pixels), max delta 12, mean abs RGB error "
          "1.0000\n");
}

TEST_CASE("diff/diff_command: raw BGRA readback of the same image compares equal to the PNG") {
    Fixture f;
    writeFileAtomic(f.dir.file("cap.raw"), toBgra(f.a));
    const RunResult r = runRefrast(f.dir, "diff a.png cap.raw --raw-size 4x2 --raw-format bgra8");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
}

TEST_CASE("diff/diff_command: crops and masks select what is compared") {
    Fixture f;
    // Crop away column 1: the change at (1,0) is no longer compared.
    CHECK(runRefrast(f.dir, "diff a.png b.png --crop 2,0,4,2").status == 0);
    CHECK(runRefrast(f.dir, "diff a.png b.png --crop-a 0,0,2,2 --crop-b 0,0,2,2").status == 1);
    Image mask = filledImage(4, 2, {255, 255, 255, 255});
    setPixel(mask, 1, 0, {0, 0, 0, 255});
    writePng(f.dir.file("mask.png"), mask);
    const RunResult r = runRefrast(f.dir, "diff a.png b.png --mask mask.png");
    CHECK(r.status == 0);
    CHECK(r.out.rfind("differing fraction 0.0000e+00 (0 of 7 pixels)", 0) == 0);
}

TEST_CASE("diff/diff_command: --json, --diff-image and --side-by-side write their files") {
    Fixture f;
    const RunResult r = runRefrast(
        f.dir, "diff a.png b.png --json r.json --diff-image d.png --side-by-side s.png --zoom 3");
    CHECK(r.status == 1);
    const std::string json = readText(f.dir.file("r.json"));
    CHECK(json.find("\"schema\": \"refrast-diff/1\"") != std::string::npos);
    CHECK(json.find("\"differing_pixels\": 1,") != std::string::npos);
    CHECK(json.find("\"bbox\": [\n    1,\n    0,\n    2,\n    1\n  ]") != std::string::npos);
    const Image d = readPng(f.dir.file("d.png"));
    CHECK(d.width == 4);
    CHECK(std::vector<uint8_t>(d.pixel(1, 0), d.pixel(1, 0) + 4) == std::vector<uint8_t>{255, 200, 0, 255});  // 255 - round(255 sqrt(12 / 255)) = 255 - 55
    const Image s = readPng(f.dir.file("s.png"));
    CHECK(s.width == 3 * 4 * 3 + 2 * 2);  // three zoomed panels and two 2-pixel gaps
    CHECK(s.height == 2 * 3 + 11);  // and the caption band: 7 rows of glyphs + 4
}

TEST_CASE("diff/diff_command: a failing gate prints the port-bug hint") {
    Fixture f;
    Image swapped = f.a;
    for (size_t i = 0; i < swapped.rgba.size(); i += 4) std::swap(swapped.rgba[i], swapped.rgba[i + 2]);
    writePng(f.dir.file("swapped.png"), swapped);
    const RunResult r = runRefrast(f.dir, "diff a.png swapped.png");
    CHECK(r.status == 1);
    CHECK(r.out.find("\nhint: images match after swapping R and B\n") != std::string::npos);
}

TEST_CASE("diff/diff_command: bad inputs exit 2 with the message and write nothing") {
    Fixture f;
    RunResult r = runRefrast(f.dir, "diff a.png missing.png --json r.json");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: missing.png: cannot open: No such file or directory\n");
    CHECK_FALSE(std::filesystem::exists(f.dir.file("r.json")));

    std::vector<uint8_t> corrupt = encodePng(f.a);
    corrupt.resize(40);  // signature and IHDR only
    writeFileAtomic(f.dir.file("corrupt.png"), corrupt);
    r = runRefrast(f.dir, "diff a.png corrupt.png");
    CHECK(r.status == 2);
    // The signature and IHDR end at byte 33, where the next chunk is missing.
    CHECK(r.err == "refrast: corrupt.png: byte offset 33: truncated: no IEND chunk\n");

    writeFileAtomic(f.dir.file("short.raw"), std::vector<uint8_t>(31));
    r = runRefrast(f.dir, "diff a.png short.raw --raw-size 4x2 --raw-format bgra8");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: short.raw: raw file is 31 bytes but 4x2 bgra8 with stride 16 needs 32\n");

    r = runRefrast(f.dir, "diff a.png b.png --crop-a 0,0,3,2");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: b.png: size mismatch: a.png is 3x2, b.png is 4x2 after cropping\n");

    r = runRefrast(f.dir, "diff a.png b.png --crop 0,0,5,2");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: a.png: --crop [0,0,5,2] does not fit the 4x2 image\n");

    r = runRefrast(f.dir, "diff a.png b.png --region top=0,0,9,1");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: usage: --region top [0,0,9,1] does not fit the compared 4x2 area\n");
}

TEST_CASE("diff/diff_command: check renders the scene; a missing scene is bad input") {
    Fixture f;
    const RunResult r = runRefrast(f.dir, "check missing.json --against a.png --render-out out.png");
    CHECK(r.status == 2);
    CHECK(r.err.rfind("refrast: missing.json: ", 0) == 0);
    CHECK_FALSE(std::filesystem::exists(f.dir.file("out.png")));
    CHECK(runRefrast(f.dir, "check --help").status == 0);
    CHECK(runRefrast(f.dir, "diff --help").status == 0);
}

TEST_CASE("diff/diff_command: an 8-bit grey PNG compares equal to its RGBA expansion") {
    Fixture f;
    const uint8_t grey[4] = {0, 85, 170, 255};  // 2x2
    const auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<uint8_t>*>(context);
        out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
    };
    std::vector<uint8_t> png;
    REQUIRE(stbi_write_png_to_func(append, &png, 2, 2, 1, grey, 2));
    writeFileAtomic(f.dir.file("grey.png"), png);
    Image rgba(2, 2);
    for (int i = 0; i < 4; ++i) setPixel(rgba, i % 2, i / 2, {grey[i], grey[i], grey[i], 255});
    writePng(f.dir.file("rgba.png"), rgba);
    CHECK(runRefrast(f.dir, "diff grey.png rgba.png").status == 0);
}

TEST_CASE("diff/diff_command: check renders a repository scene and matches its golden") {
    Fixture f;
    const std::string scene = REFRAST_SOURCE_DIR "/scenes/basic/gouraud_triangle.json";
    const std::string golden = REFRAST_SOURCE_DIR "/golden/basic/gouraud_triangle.png";
    const RunResult r = runRefrast(f.dir, "check '" + scene + "' --against '" + golden + "' --render-out out.png");
    CHECK(r.status == 0);
    CHECK(r.out.find(": PASS (exact)\n") != std::string::npos);
    CHECK(readPng(f.dir.file("out.png")) == readPng(golden));
    // Against a different image of the same size the gate fails.
    const Image g = readPng(golden);
    writePng(f.dir.file("grey.png"), filledImage(g.width, g.height, {128, 128, 128, 255}));
    CHECK(runRefrast(f.dir, "check '" + scene + "' --against grey.png").status == 1);
}
