// SPDX-License-Identifier: MIT
// The ambiguity map's per-fragment criteria on whole scenes
// (tests/ambiguity/captures/, docs/ambiguity.md): a readback that differs from
// the oracle only on one criterion's knife-edge pixels passes the suite under
// `"ambiguous": {"ignore": true}` and fails without it. The pixel counts are
// worked out in each capture's description and below.
#include "src/suite/suite_run.h"
#include "tests/golden/golden_test_util.h"

#include "refrast/ambiguity.h"
#include "refrast/render.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace refrast;
using namespace refrast::difftest;
namespace fs = std::filesystem;

namespace {

const std::string kCaptures = std::string(REFRAST_SOURCE_DIR) + "/tests/ambiguity/captures";

struct Knife {
    const char* capture;
    const char* criterion;  // report.json's name
    AmbiguityCause cause;
    int64_t pixels;
};

// texture_knife: texel boundaries on columns and rows 0, 4, 8, 12 of 16x16:
// 4 * 16 + 4 * 16 - 4 * 4 = 112 pixels. The other three: the left half of
// 16x8, 8 * 8 = 64 pixels (alpha 128 at ALPHAREF 128; one depth unit behind;
// red 0.5 = 127.5 steps).
const Knife kKnives[] = {{"texture_knife", "texture", kKnifeTexture, 112},
                         {"alpha_knife", "alpha_test", kKnifeAlphaTest, 64},
                         {"depth_knife", "depth", kKnifeDepth, 64},
                         {"unorm_tie", "unorm_tie", kKnifeUnormTie, 64}};

// The GPU's readback: the oracle with green moved by 40 on the criterion's pixels only.
Image readbackFor(const Knife& k) {
    RenderOptions options;
    options.ambiguity = true;
    RenderPlanes planes;
    Image image = render(loadScene(kCaptures + "/" + k.capture + ".json"), options, nullptr, &planes);
    for (size_t i = 0; i < planes.ambiguous.size(); ++i)
        if (planes.ambiguous[i] & k.cause) {
            uint8_t& g = image.rgba[i * 4 + 1];
            g = uint8_t(g >= 128 ? g - 40 : g + 40);
        }
    return image;
}

int64_t countWith(const std::vector<uint8_t>& plane, AmbiguityCause cause) {
    int64_t n = 0;
    for (uint8_t v : plane) n += (v & cause) != 0;
    return n;
}

nlohmann::ordered_json runOver(const TempDir& dir, const std::string& captures, int& status) {
    suite::SuiteArgs args;
    args.captures = captures, args.readbacks = dir.file("readbacks"), args.json = dir.file("report.json");
    std::string text = captureOutput([&](std::FILE* out) { return suite::runSuite(args, golden::defaultRenderer(), out); }, status);
    const std::vector<uint8_t> bytes = readFileBytes(args.json);
    return nlohmann::ordered_json::parse(bytes.begin(), bytes.end());
}

}  // namespace

TEST_CASE("ambiguity: each criterion marks exactly its knife-edge pixels") {
    for (const Knife& k : kKnives) {
        CAPTURE(k.capture);
        RenderOptions options;
        options.ambiguity = true;
        RenderPlanes planes;
        render(loadScene(kCaptures + "/" + std::string(k.capture) + ".json"), options, nullptr, &planes);
        CHECK(countWith(planes.ambiguous, k.cause) == k.pixels);
        // No capture trips another per-fragment criterion (coverage marks the rectangles' edges).
        for (AmbiguityCause other : {kKnifeTexture, kKnifeAlphaTest, kKnifeDepth, kKnifeUnormTie})
            if (other != k.cause) CHECK(countWith(planes.ambiguous, other) == 0);
    }
}

TEST_CASE("ambiguity: the map costs nothing unless asked for, and asking changes no pixel") {
    for (const Knife& k : kKnives) {
        const Scene scene = loadScene(kCaptures + "/" + std::string(k.capture) + ".json");
        RenderOptions with;
        with.ambiguity = true;
        RenderPlanes planes, none;
        const Image a = render(scene, with, nullptr, &planes), b = render(scene, {}, nullptr, &none);
        CHECK(a.rgba == b.rgba);
        CHECK(none.ambiguous.empty());
    }
}

TEST_CASE("ambiguity: readbacks differing only on knife-edge pixels pass with ambiguous ignore and fail without") {
    TempDir dir("ambiguity-knives");
    fs::create_directories(dir.file("readbacks"));
    fs::create_directories(dir.file("ungated"));
    for (const Knife& k : kKnives) {
        writePng(dir.file("readbacks/" + std::string(k.capture) + ".png"), readbackFor(k));
        // The same capture without its gate.
        std::ifstream in(kCaptures + "/" + std::string(k.capture) + ".json");
        nlohmann::ordered_json scene = nlohmann::ordered_json::parse(in);
        scene.erase("gate");
        std::ofstream(dir.file("ungated/" + std::string(k.capture) + ".json")) << scene.dump(1);
    }
    int status = -1;
    const nlohmann::ordered_json gated = runOver(dir, kCaptures, status);
    CHECK(status == 0);
    for (const Knife& k : kKnives) {
        CAPTURE(k.capture);
        const auto& s = *std::find_if(gated.at("scenes").begin(), gated.at("scenes").end(),
                                      [&](const auto& j) { return j.at("name") == k.capture; });
        CHECK(s.at("status") == "pass");
        CHECK(s.at("diff").at("differing_pixels") == 0);
        const auto& c = s.at("ambiguity").at("criteria").at(k.criterion);
        CHECK(c.at("pixels") == k.pixels);
        CHECK(c.at("differing") == k.pixels);  // real and ambiguous differences apart: all of them ambiguous
    }
    const nlohmann::ordered_json ungated = runOver(dir, dir.file("ungated"), status);
    CHECK(status == 1);
    for (const auto& s : ungated.at("scenes")) {
        CAPTURE(s.at("name"));
        CHECK(s.at("status") == "fail");
        CHECK(s.at("ambiguity").is_null());
        for (const Knife& k : kKnives)
            if (s.at("name") == k.capture) CHECK(s.at("diff").at("differing_pixels") == k.pixels);
    }
}
