// SPDX-License-Identifier: MIT
// The scene's "textures" array and sampler objects: every source, the mip
// policies, mip_skip and palette banks, and the JSON-pointer errors.
#include "formats/scene/texture_json.h"
#include "formats/texm.h"
#include "refrast/image.h"
#include "tests/formats/texm_writer.h"

#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <unistd.h>

using namespace refrast;
namespace fs = std::filesystem;

namespace {

const std::string kFile = "scene.json";

std::vector<Texture> parse(const std::string& text, const std::string& dir = ".") {
    const nlohmann::json doc = nlohmann::json::parse(text);
    return parseTextures(json::Node(doc, "/textures", kFile), dir);
}

SamplerState sampler(const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(text);
    return parseSamplerState(json::Node(doc, "/draws/0/samplers/0", kFile));
}

using refrast::test::TempDir;

// A 4×4 format-0 Texm with 3 levels, every texel index 1, and a Page rect.
std::vector<uint8_t> palettedTexm() {
    test::TexmSpec s;
    s.width = s.height = 4;
    s.mipCount = 3;
    s.format = 0;
    s.palette = std::vector<uint8_t>(kPaletteBytes, 0);
    s.levels = {std::vector<uint8_t>(16, 1), std::vector<uint8_t>(4, 1), std::vector<uint8_t>(1, 1)};
    s.page = std::vector<std::array<int16_t, 4>>{{2, 2, 0, 4}};
    return test::writeTexm(s);
}

}  // namespace

TEST_CASE("scene/texture_json: generated textures with each mip policy") {
    const auto t = parse(R"([
        {"name": "water", "source": "generated", "generate": {"kind": "dudv", "size": 32}},
        {"name": "perf", "source": "generated", "generate": {"kind": "perf_ramp"}, "mips": "generate"},
        {"name": "c", "source": "generated", "mips": "none",
         "generate": {"kind": "checker", "width": 4, "height": 4, "cell": 1, "color0": "0xFF000000", "color1": "0xFFFFFFFF"}},
        {"name": "s", "source": "generated", "generate": {"kind": "solid", "width": 1, "height": 1, "color": 4278190335}}])");
    REQUIRE(t.size() == 4);
    CHECK((t[0].name == "water" && t[0].encoding == TexelEncoding::Snorm8 && t[0].levels[0].width == 32));
    CHECK(t[1].levels.size() == 9);  // 256 → 1
    CHECK(t[2].levels.size() == 1);
    CHECK(t[3].levels[0].rgba == std::vector<uint8_t>{0, 0, 255, 255});  // 0xFF0000FF: opaque blue
}

TEST_CASE("scene/texture_json: a Texm with mip_skip, a palette bank slot and its byte order") {
    TempDir dir;
    writeFileAtomic((dir.path / "a.texm").string(), palettedTexm());
    std::vector<uint8_t> bank(2 * kPaletteBytes, 0);  // slots 0 ("A") and 1 ("A0")
    bank[kPaletteBytes + 4] = 0x11, bank[kPaletteBytes + 5] = 0x22, bank[kPaletteBytes + 6] = 0x33, bank[kPaletteBytes + 7] = 0x44;
    writeFileAtomic((dir.path / "bank.pal").string(), bank);
    const auto t = parse(R"([{"name": "atlas", "source": "texm", "file": "a.texm", "mip_skip": 1,
        "palette": {"bank": "bank.pal", "suffix": "A0"}, "palette_order": "RGBA"}])", dir.path.string());
    REQUIRE(t[0].levels.size() == 2);
    CHECK(t[0].levels[0].width == 2);
    CHECK(std::vector<uint8_t>(t[0].levels[0].rgba.begin(), t[0].levels[0].rgba.begin() + 4) ==
          std::vector<uint8_t>{0x11, 0x22, 0x33, 0x44});
    // x 2, width 2 at 4 → 2: floor(4/4) = 1 .. ceil(8/4) = 2; y 0, height 4 → 0 .. 2.
    CHECK(t[0].pages == std::vector<PageCell>{{1, 0, 1, 2}});
}

TEST_CASE("scene/texture_json: errors name the JSON pointer") {
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "x", "source": "gif", "file": "a.gif"}])"),
                         "scene.json: /textures/0/source: unknown texture source \"gif\" (expected one of png, texm, dds, raw, generated)",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "x", "source": "generated", "mip_skip": 1, "generate": {"kind": "perf_ramp"}}])"),
                         "scene.json: /textures/0/mip_skip: unknown key \"mip_skip\" (expected one of name, source, mips, lod, generate)",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "x", "source": "png", "file": "missing.png"}])", "/nonexistent"),
                         "scene.json: /textures/0/file: texture file \"/nonexistent/missing.png\" not found", InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "x", "source": "generated", "generate": {"kind": "perf_ramp"}},
                                   {"name": "x", "source": "generated", "generate": {"kind": "perf_ramp"}}])"),
                         "scene.json: /textures/1/name: duplicate texture name \"x\"", InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "x", "source": "generated", "generate": {"kind": "noise"}}])"),
                         "scene.json: /textures/0/generate/kind: unknown generated texture kind \"noise\" (expected one of "
                         "dudv, solid, checker, perf_ramp, firesmoke, cube)",
                         InputError);
}

TEST_CASE("scene/texture_json: mip_skip and palette suffix errors point at their keys") {
    TempDir dir;
    writeFileAtomic((dir.path / "a.texm").string(), palettedTexm());
    writeFileAtomic((dir.path / "bank.pal").string(), std::vector<uint8_t>(kPaletteBytes, 0));
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "a", "source": "texm", "file": "a.texm", "mip_skip": 3}])", dir.path.string()),
                         "scene.json: /textures/0/mip_skip: mip_skip 3 leaves no level (the file has 3: expected 0..2)",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "a", "source": "texm", "file": "a.texm",
                                    "palette": {"bank": "bank.pal", "suffix": "a1"}}])", dir.path.string()),
                         "scene.json: /textures/0/palette/suffix: invalid palette suffix \"a1\" (expected a letter A-Z "
                         "optionally followed by a digit 0-9)",
                         InputError);
    CHECK_THROWS_WITH_AS(parse(R"([{"name": "a", "source": "texm", "file": "a.texm",
                                    "palette": {"bank": "bank.pal", "suffix": "B"}}])", dir.path.string()),
                         ("scene.json: /textures/0/palette/suffix: palette slot 11 (suffix \"B\") is beyond the 1 palettes of \"" +
                          (dir.path / "bank.pal").string() + "\"").c_str(),
                         InputError);
}

TEST_CASE("scene/texture_json: sampler objects use D3DSAMP names, absent keys keep D3D9 defaults") {
    const SamplerState s = sampler(R"({"addressu": "MIRROR", "addressv": "BORDER", "bordercolor": "0x80FF0000",
        "magfilter": "LINEAR", "minfilter": "LINEAR", "mipfilter": "POINT", "mipmaplodbias": -0.5, "maxmiplevel": 2})");
    CHECK((s.addressU == TextureAddress::Mirror && s.addressV == TextureAddress::Border));
    CHECK(s.borderColor == 0x80FF0000);
    CHECK((s.magFilter == TextureFilter::Linear && s.minFilter == TextureFilter::Linear && s.mipFilter == TextureFilter::Point));
    CHECK((s.mipMapLodBias == -0.5f && s.maxMipLevel == 2));
    CHECK(sampler("{}") == SamplerState{});
    CHECK_THROWS_WITH_AS(sampler(R"({"magfilter": "NONE"})"),
                         "scene.json: /draws/0/samplers/0/magfilter: unsupported texture filter \"D3DTEXF_NONE\" (not implemented; expected one of POINT, LINEAR)",
                         InputError);
    // ADDRESSW only addresses volume textures: documented as no effect (docs/fixed-function.md §15.5).
    CHECK(sampler(R"({"addressw": "WRAP", "D3DSAMP_ADDRESSU": "D3DTADDRESS_MIRROR", "2": 3})").addressV == TextureAddress::Clamp);
    CHECK(sampler(R"({"1": 2})").addressU == TextureAddress::Mirror);  // D3DSAMP_ADDRESSU = 1, D3DTADDRESS_MIRROR = 2
    CHECK_THROWS_WITH_AS(sampler(R"({"adressu": "WRAP"})"),
                         "scene.json: /draws/0/samplers/0/adressu: unknown key \"adressu\" (did you mean \"addressu\"?)",
                         InputError);
    CHECK_THROWS_WITH_AS(sampler(R"({"srgbtexture": true})"),
                         "scene.json: /draws/0/samplers/0/srgbtexture: unsupported state \"D3DSAMP_SRGBTEXTURE\" = true "
                         "(changes pixels; not implemented: sRGB decoding of texels is not implemented)",
                         InputError);
    CHECK(sampler(R"({"srgbtexture": 0})") == SamplerState{});  // at its default it changes nothing
}

TEST_CASE("scene/texture_json: a stage binds a texture by name with its sampler and coordinate modifiers") {
    TempDir dir;
    writeFileAtomic((dir.path / "a.texm").string(), palettedTexm());
    const auto textures = parse(R"([{"name": "atlas", "source": "texm", "file": "a.texm"}])", dir.path.string());
    const nlohmann::json doc = nlohmann::json::parse(R"({"texture": "atlas", "sampler": {"magfilter": "LINEAR"},
        "tiling": 4, "scroll": [0.05, -0.331], "page_cell": 1, "colorop": "MODULATE",
        "texturetransform": [1,0,0,0, 0,1,0,0, 0.5,0.25,1,0, 0,0,0,1]})");
    json::Object stage(json::Node(doc, "/draws/0/stages/0", kFile));
    StageTextureBinding b;
    parseStageTexture(stage, textures, b);
    CHECK(b.texture == 0);
    CHECK(b.sampler.magFilter == TextureFilter::Linear);
    CHECK((b.texcoord.tiling == 4.0f && b.texcoord.scroll == Vec2(0.05f, -0.331f) && b.texcoord.pageCell == 1));
    CHECK((b.texcoord.textureTransform(2, 0) == 0.5f && b.texcoord.textureTransform(2, 1) == 0.25f));
    CHECK(stage.has("colorop"));  // left for the texture-stage parser

    const nlohmann::json bad = nlohmann::json::parse(R"({"texture": "atlas", "page_cell": 2})");
    json::Object badStage(json::Node(bad, "/draws/0/stages/0", kFile));
    CHECK_THROWS_WITH_AS(parseStageTexture(badStage, textures, b),
                         "scene.json: /draws/0/stages/0/page_cell: 2 is out of range (expected 0..1)", InputError);
    const nlohmann::json unknown = nlohmann::json::parse(R"({"texture": "nope"})");
    json::Object unknownStage(json::Node(unknown, "/draws/0/stages/0", kFile));
    CHECK_THROWS_WITH_AS(parseStageTexture(unknownStage, textures, b),
                         "scene.json: /draws/0/stages/0/texture: unknown texture \"nope\" (not in /textures)", InputError);
}

TEST_CASE("scene/texture_json: raw files in a D3DFMT format, with levels and a P8 palette") {
    TempDir dir;
    // L8 2×2 + 1×1: bytes 10, 20, 30, 40 | 25 → (L, L, L, 255).
    writeFileAtomic((dir.path / "l8.raw").string(), std::vector<uint8_t>{10, 20, 30, 40, 25});
    // V16U16 1×1: U 0x1234, V 0xFEDC.
    writeFileAtomic((dir.path / "v16.raw").string(), std::vector<uint8_t>{0x34, 0x12, 0xDC, 0xFE});
    writeFileAtomic((dir.path / "p8.raw").string(), std::vector<uint8_t>{3});
    std::vector<uint8_t> palette(kPaletteBytes, 0);
    palette[12] = 1, palette[13] = 2, palette[14] = 3, palette[15] = 4;  // entry 3: PALETTEENTRY [R, G, B, A]
    writeFileAtomic((dir.path / "p8.pal").string(), palette);
    const auto t = parse(R"([
        {"name": "l", "source": "raw", "file": "l8.raw", "width": 2, "height": 2, "format": "L8", "mip_count": 2},
        {"name": "v", "source": "raw", "file": "v16.raw", "width": 1, "height": 1, "format": "V16U16"},
        {"name": "p", "source": "raw", "file": "p8.raw", "width": 1, "height": 1, "format": "P8", "palette_file": "p8.pal"}])",
                         dir.path.string());
    REQUIRE(t[0].levels.size() == 2);
    CHECK(t[0].levels[0].rgba == std::vector<uint8_t>{10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255, 40, 40, 40, 255});
    CHECK(t[0].levels[1].rgba == std::vector<uint8_t>{25, 25, 25, 255});
    CHECK(t[1].encoding == TexelEncoding::V16U16);
    CHECK(t[1].levels[0].rgba == std::vector<uint8_t>{0x34, 0x12, 0xDC, 0xFE, 0xFF, 0x7F, 0xFF, 0x7F});
    CHECK(t[2].levels[0].rgba == std::vector<uint8_t>{1, 2, 3, 4});
    const std::string trailing = (dir.path / "l8.raw").string() + ": byte offset 4: 1 trailing bytes after the last mip level";
    CHECK_THROWS_WITH_AS(
        parse(R"([{"name": "x", "source": "raw", "file": "l8.raw", "width": 2, "height": 2, "format": "L8"}])",
              dir.path.string()),
        trailing.c_str(), InputError);
    CHECK_THROWS_WITH_AS(
        parse(R"([{"name": "x", "source": "raw", "file": "l8.raw", "width": 1, "height": 1, "format": "L9"}])",
              dir.path.string()),
        "scene.json: /textures/0/format: unknown raw texel format \"L9\" (expected RGBA8 or a D3DFMT name: A8R8G8B8, "
        "X8R8G8B8, R5G6B5, X1R5G5B5, A1R5G5B5, A4R4G4B4, A8, L8, A8L8, A4L4, P8, V8U8, L6V5U5, X8L8V8U8, Q8W8V8U8, "
        "V16U16, DXT1, DXT2, DXT3, DXT4, DXT5)",
        InputError);
    CHECK_THROWS_WITH_AS(
        parse(R"([{"name": "x", "source": "raw", "file": "l8.raw", "width": 1, "height": 1, "mip_count": 2}])",
              dir.path.string()),
        "scene.json: /textures/0/mip_count: mip_count needs a D3DFMT \"format\"", InputError);
}

namespace {

// A generated cube of six solid faces, side `side` (face 5's side `last`), with `extra` keys.
std::string cubeEntry(int side, int last, const std::string& extra = "") {
    std::string faces;
    for (int f = 0; f < 6; ++f)
        faces += std::string(f ? ", " : "") + R"({"kind": "solid", "width": )" + std::to_string(f == 5 ? last : side) +
                 R"(, "height": )" + std::to_string(f == 5 ? last : side) + R"(, "color": ")" +
                 "0xFF0000" + std::to_string(f) + "0\"}";
    return R"([{"name": "env", "source": "generated")" + extra + R"(, "generate": {"kind": "cube", "faces": [)" + faces +
           "]}}]";
}

}  // namespace

TEST_CASE("scene/texture_json: a generated cube holds six faces; mips and lod apply to each face") {
    const auto t = parse(cubeEntry(4, 4, R"(, "mips": "generate", "lod": 1)"));
    REQUIRE(t.size() == 1);
    CHECK(t[0].type == TextureType::Cube);
    CHECK(t[0].levels.empty());
    REQUIRE(t[0].faces.size() == 6);
    for (int f = 0; f < 6; ++f) {
        CHECK(t[0].faces[size_t(f)].levels.size() == 3);  // 4, 2, 1
        CHECK(t[0].faces[size_t(f)].lod == 1);
        // Face f is the D3DCOLOR 0xFF0000f0: RGBA8 (0, 0, 0xf0, 0xFF) with f the hex digit.
        CHECK(t[0].faces[size_t(f)].levels[0].rgba[2] == uint8_t(16 * f));
    }
    StageTextureBinding b;
    const nlohmann::json stage = nlohmann::json::parse(R"({"texture": "env"})");
    json::Object o(json::Node(stage, "/draws/0/stages/0", kFile));
    parseStageTexture(o, t, b);
    CHECK(b.cube);
}

TEST_CASE("scene/texture_json: cube faces must be six squares of one size") {
    CHECK_THROWS_WITH_AS(parse(cubeEntry(4, 2)),
                         "scene.json: /textures/0/generate/faces/5: cube face differs from face 0 in size or texel "
                         "encoding (every face must match)",
                         InputError);
    CHECK_THROWS_WITH_AS(
        parse(R"([{"name": "e", "source": "generated", "generate": {"kind": "cube", "faces": [{"kind": "perf_ramp"}]}}])"),
        "scene.json: /textures/0/generate/faces: 1 cube faces, expected 6 (+X, -X, +Y, -Y, +Z, -Z)", InputError);
    CHECK_THROWS_WITH_AS(
        parse(R"([{"name": "e", "source": "generated", "generate": {"kind": "cube", "faces": [
            {"kind": "solid", "width": 2, "height": 1, "color": 0}, {}, {}, {}, {}, {}]}}])"),
        "scene.json: /textures/0/generate/faces/0: cube face is 2x1, expected a square", InputError);
}
