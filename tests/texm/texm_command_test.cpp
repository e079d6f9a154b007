// SPDX-License-Identifier: MIT
// `refrast texm info|extract` through the built binary: JSON keys, level PNGs,
// exit status 2 with the byte offset and no output on malformed files.
#include "refrast/image.h"
#include "tests/formats/texm_writer.h"

#include "tests/support/cli.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

using namespace refrast;
namespace fs = std::filesystem;

namespace {

using refrast::test::TempDir;

using refrast::test::runRefrast;

// 4×2 565 with 2 levels, flags preserved, a Page chunk with one rect.
refrast::test::TexmSpec sample() {
    refrast::test::TexmSpec s;
    s.width = 4;
    s.height = 2;
    s.mipCount = 2;
    s.format = 565;
    s.flags4 = 1;
    s.flags5 = 2;
    s.unknown6 = 3;
    s.levels = {std::vector<uint8_t>(16, 0xFF), {0x1F, 0xF8, 0x00, 0x00}};  // level 1: magenta, black
    s.page = std::vector<std::array<int16_t, 4>>{{1, 3, 0, 1}};           // x 1, width 3, y 0, height 1
    return s;
}

}  // namespace

TEST_CASE("texm/info: prints the header, pages and levels after the skip") {
    TempDir dir;
    const std::string file = (dir.path / "a.texm").string();
    writeFileAtomic(file, refrast::test::writeTexm(sample()));
    const auto r = runRefrast(dir, "texm info " + file + " --mip-skip 1");
    REQUIRE(r.status == 0);
    // Skip 1: base 2×1; the rect x 1..4 at 4 → 2 becomes floor(2/4) = 0 .. ceil(8/4) = 2; y 0..1 at 2 → 1 stays 0..1.
    const auto expected = nlohmann::json::parse(R"({"width": 2, "height": 1, "mip_count": 1, "format": 565,
        "flags4": 1, "flags5": 2, "unknown6": 3, "pages": [{"x": 0, "y": 0, "width": 2, "height": 1}],
        "levels": [{"width": 2, "height": 1, "bytes": 4}]})");
    CHECK(nlohmann::json::parse(r.out) == expected);
}

TEST_CASE("texm/extract: writes one RGBA8 PNG per level after the skip") {
    TempDir dir;
    const std::string file = (dir.path / "a.texm").string();
    writeFileAtomic(file, refrast::test::writeTexm(sample()));
    const auto r = runRefrast(dir, "texm extract " + file + " -o " + (dir.path / "out").string() + " --mip-skip 1");
    REQUIRE(r.status == 0);
    const Image level0 = readPng((dir.path / "out" / "level0.png").string());
    CHECK(level0.rgba == std::vector<uint8_t>{255, 0, 255, 255, 0, 0, 0, 255});  // 0xF81F magenta, 0x0000 black
    CHECK_FALSE(fs::exists(dir.path / "out" / "level1.png"));
}

TEST_CASE("texm/info: a bad magic exits 2 with the byte offset") {
    TempDir dir;
    refrast::test::TexmSpec s = sample();
    s.magic = 0;
    const std::string file = (dir.path / "bad.texm").string();
    writeFileAtomic(file, refrast::test::writeTexm(s));
    const auto r = runRefrast(dir, "texm info " + file);
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: " + file + ": byte offset 0: bad magic 0x00000000, expected \"Texm\" (0x6D786554)\n");
}

TEST_CASE("texm/extract: trailing bytes exit 2 and write no file") {
    TempDir dir;
    refrast::test::TexmSpec s = sample();
    s.trailing = {0};  // after the Page chunk at 32 + 16 + 4 = 52, 16 bytes long
    const std::string file = (dir.path / "bad.texm").string();
    writeFileAtomic(file, refrast::test::writeTexm(s));
    const auto r = runRefrast(dir, "texm extract " + file + " -o " + (dir.path / "out").string());
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: " + file +
                       ": byte offset 68: 1 trailing bytes after the Page chunk of 1 rects (its size must be exactly 16)\n");
    CHECK_FALSE(fs::exists(dir.path / "out"));
}

TEST_CASE("texm/info: a mip-skip beyond the chain is a usage error (exit 2)") {
    TempDir dir;
    const std::string file = (dir.path / "a.texm").string();
    writeFileAtomic(file, refrast::test::writeTexm(sample()));
    const auto r = runRefrast(dir, "texm info " + file + " --mip-skip 2");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: usage: --mip-skip 2 is out of range for " + file + " (mip_count 2: expected 0..1)\n");
}
