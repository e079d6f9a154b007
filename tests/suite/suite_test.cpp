// SPDX-License-Identifier: MIT
// The readback suite on the ten captures of tests/suite/captures/, each
// with a readback made to fail (or pass) in a known way, and the exact report
// each must give. The expectations are worked out by hand in the comments.
#include "src/golden/golden_report.h"
#include "src/suite/render_cache.h"
#include "src/suite/suite_run.h"
#include "tests/golden/golden_test_util.h"

#include "refrast/render.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>

using namespace refrast;
using namespace refrast::difftest;
namespace fs = std::filesystem;

namespace {

// Every capture: a 32x16 target cleared black; draw 0 "floor" covers it in
// grey (128,128,128); draw 1 "crate" is red (255,0,0) on [8,4,16,12); draw 2
// "glass" adds (64,0,0) to the floor on [20,2,28,10), giving (192,128,128).
// (hidden_draw: draw 2 is "box", blue (0,0,255) on [12,6,20,10) at depth
// 0.7, behind the crate at 0.5 and in front of the cleared depth 1.0.)
// The floor touches every pixel, so it is a toucher wherever another draw
// wrote last.
const std::string kCaptures = std::string(REFRAST_SOURCE_DIR) + "/tests/suite/captures";

Image renderCapture(const std::string& name, void (*change)(Scene&) = nullptr) {
    Scene scene = loadScene(kCaptures + "/" + name + ".json");
    if (change) change(scene);
    return render(scene);
}

Image mapped(Image image, void (*f)(uint8_t*)) {
    for (size_t i = 0; i < image.rgba.size(); i += 4) f(&image.rgba[i]);
    return image;
}

Image flipped(const Image& in) {
    Image out(in.width, in.height);
    for (int y = 0; y < in.height; ++y) std::copy_n(in.pixel(0, in.height - 1 - y), size_t(in.width) * 4, out.pixel(0, y));
    return out;
}

void swapRb(uint8_t* p) { std::swap(p[0], p[2]); }

// The GPU's readbacks: each made wrong in one known way (missing_readback has none).
void writeReadbacks(const std::string& dir) {
    fs::create_directories(dir);
    const auto put = [&dir](const std::string& name, const Image& image) { writePng(dir + "/" + name + ".png", image); };
    put("exact", renderCapture("exact"));
    put("shifted_draw", renderCapture("shifted_draw", [](Scene& s) {
            for (Vec4& p : s.draws[1].vertices.position) p.x() += 2.0f;  // the crate 2 px to the right
        }));
    put("wrong_blend", renderCapture("wrong_blend", [](Scene& s) { s.draws[2].state.pixel.blend.enable = false; }));
    put("hidden_draw", renderCapture("hidden_draw", [](Scene& s) { s.draws[2].state.depth.zFunc = Cmp::Always; }));
    put("flipped", flipped(renderCapture("flipped")));
    put("bgra_swap", mapped(renderCapture("bgra_swap"), swapRb));
    put("gl_readback", flipped(mapped(renderCapture("gl_readback"), swapRb)));
    // ambiguous_noise: +40 green on every knife-edge pixel of the oracle's ambiguity map.
    {
        RenderOptions options;
        options.ambiguity = true;
        RenderPlanes planes;
        Image edges = render(loadScene(kCaptures + "/ambiguous_noise.json"), options, nullptr, &planes);
        for (size_t i = 0; i < planes.ambiguous.size(); ++i)
            if (planes.ambiguous[i]) edges.rgba[i * 4 + 1] = uint8_t(edges.rgba[i * 4 + 1] + 40);
        put("ambiguous_noise", edges);
    }
    Image noisy = renderCapture("noise_under_gate");
    for (int x = 0; x < 32; ++x)
        for (int c = 0; c < 3; ++c) noisy.pixel(x, 14)[c] += 3;  // floor row 14: 131 instead of 128
    put("noise_under_gate", noisy);
}

// The run's lines with the per-scene times taken out.

struct SuiteRun {
    int status = -1;
    std::string text;
    nlohmann::ordered_json report;
};

SuiteRun runIn(const TempDir& dir, suite::SuiteArgs args, const golden::SceneRenderer& renderer) {
    args.captures = kCaptures, args.readbacks = dir.file("readbacks");
    args.json = dir.file("report.json");
    SuiteRun run;
    run.text = captureOutput([&](std::FILE* out) { return suite::runSuite(args, renderer, out); }, run.status);
    const std::vector<uint8_t> bytes = readFileBytes(args.json);
    run.report = nlohmann::ordered_json::parse(bytes.begin(), bytes.end());
    return run;
}

const nlohmann::ordered_json& sceneNamed(const nlohmann::ordered_json& report, const std::string& name) {
    for (const auto& s : report.at("scenes"))
        if (s.at("name") == name) return s;
    throw std::runtime_error("no scene " + name);
}

}  // namespace

TEST_CASE("suite: ten captures against readbacks broken in known ways give exactly these lines") {
    TempDir dir("suite-lines");
    writeReadbacks(dir.file("readbacks"));
    const SuiteRun run = runIn(dir, {}, golden::defaultRenderer());
    const std::string readbacks = dir.file("readbacks");
    // bgra_swap: the crate (255,0,0) reads (0,0,255): 64 px, delta 255; the
    //   glass (192,128,128) reads (128,128,192): 64 px, delta 64; 128 of 512.
    //   The floor touched all 128 (bbox of [8,4,16,12) and [20,2,28,10)).
    // flipped: rows y and 15 - y trade places; the crate (rows 4..11) is
    //   symmetric, the glass moves from rows 2..9 to 6..13: rows 2..5 (A glass)
    //   and 10..13 (A floor) differ by 64, 32 px each; the floor also touched
    //   the glass's 32.
    // gl_readback: the crate's 64 px (delta 255); the glass rows 2..9 (64 px:
    //   floor or swapped glass in B) and the floor rows 10..13 (32 px): 160;
    //   the floor touched the crate's and the glass's 128.
    // shifted_draw: columns 8, 9 of the crate show floor, columns 16, 17 of
    //   the floor show crate: 2 x 8 px each, delta max(127, 128, 128). No
    //   global shift explains it (moving all of B moves the glass too), but
    //   the crate's own pixels all match B moved by (+2, 0). (In flipped the
    //   glass's pixels likewise match B 4 rows lower.) The floor touched the
    //   crate's 16.
    // hidden_draw: the GPU's box passes its depth test behind the crate:
    //   [12,16) x [6,10), 4 x 4 = 16 px, red (255,0,0) in A, blue (0,0,255) in
    //   B, delta 255, 16 of 512 = 3.125e-2. The crate wrote them last; the
    //   floor (drawn first) and the box (rejected by the depth test, 0.7 >
    //   0.5) touched all 16: touch-only draws follow the owners, tie by index.
    // noise_under_gate: row 14 differs by 3 (32 px) within max_delta 3.
    // wrong_blend: the glass without blending is (64,0,0): 64 px, delta 128;
    //   the floor under it touched the same 64.
    // ambiguous_noise: the knife-edge pixels, all 134 of them noisy and ignored:
    //   the floor's row 0 (32) and column 0 (15 more) and its diagonal
    //   (2j, j), j = 1..15, less (10,5), (12,6), (14,7), which the crate covers
    //   robustly later, less (8,4), (16,8), (20,10) on the crate's and glass's
    //   rings: 56; the crate's and the glass's rings of 9 x 9 lattice points
    //   (32 each) and their diagonals' 7 inner points: 39 each.
    const std::string expected =
        "PASS ambiguous_noise  differing 0 (0.0000e+00)  ambiguous 134 of 134\n"
        "FAIL bgra_swap  differing 128 (2.5000e-01)  over the gate; hint: images match after swapping R and B\n"
        "    draw 1 \"crate\": 64 px, max delta 255, mean delta 255.0, bbox [8,4,16,12]\n"
        "    draw 2 \"glass\": 64 px, max delta 64, mean delta 64.0, bbox [20,2,28,10]\n"
        "    draw 0 \"floor\": touched 128 px it did not write last, bbox [8,2,28,12]\n"
        "PASS exact  differing 0 (0.0000e+00)\n"
        "FAIL flipped  differing 64 (1.2500e-01)  over the gate; hint: images match after flipping B vertically\n"
        "    draw 0 \"floor\": 32 px, max delta 64, mean delta 64.0, bbox [20,10,28,14]; touched 32 px it did not "
        "write last, bbox [20,2,28,6]\n"
        "    draw 2 \"glass\": 32 px, max delta 64, mean delta 64.0, bbox [20,2,28,6]; moved by (+0, +4) in B\n"
        "FAIL gl_readback  differing 160 (3.1250e-01)  over the gate; hint: images match after flipping B "
        "vertically and swapping R and B (a GL readback of a BGRA image)\n"
        "    draw 1 \"crate\": 64 px, max delta 255, mean delta 255.0, bbox [8,4,16,12]\n"
        "    draw 2 \"glass\": 64 px, max delta 64, mean delta 64.0, bbox [20,2,28,10]\n"
        "    draw 0 \"floor\": 32 px, max delta 64, mean delta 64.0, bbox [20,10,28,14]; touched 128 px it did not "
        "write last, bbox [8,2,28,12]\n"
        "FAIL hidden_draw  differing 16 (3.1250e-02)  over the gate\n"
        "    draw 1 \"crate\": 16 px, max delta 255, mean delta 255.0, bbox [12,6,16,10]\n"
        "    draw 0 \"floor\": touched 16 px it did not write last, bbox [12,6,16,10]\n"
        "    draw 2 \"box\": touched 16 px it did not write last, bbox [12,6,16,10]\n"
        "ERROR missing_readback  missing readback " + readbacks + "/missing_readback.png\n"
        "PASS noise_under_gate  differing 32 (6.2500e-02)\n"
        "FAIL shifted_draw  differing 32 (6.2500e-02)  over the gate\n"
        "    draw 0 \"floor\": 16 px, max delta 128, mean delta 128.0, bbox [16,4,18,12]; touched 16 px it did not "
        "write last, bbox [8,4,10,12]\n"
        "    draw 1 \"crate\": 16 px, max delta 128, mean delta 128.0, bbox [8,4,10,12]; moved by (+2, +0) in B\n"
        "FAIL wrong_blend  differing 64 (1.2500e-01)  over the gate\n"
        "    draw 2 \"glass\": 64 px, max delta 128, mean delta 128.0, bbox [20,2,28,10]\n"
        "    draw 0 \"floor\": touched 64 px it did not write last, bbox [20,2,28,10]\n"
        "check: 10 scenes: 3 passed, 6 failed, 1 errors\n";
    CHECK(run.text == expected);
    CHECK(run.status == 2);  // a missing readback is an error, not a pass
}

TEST_CASE("suite: report.json names oracle and readback, the gate's reason, the draws and structured hints") {
    TempDir dir("suite-json");
    writeReadbacks(dir.file("readbacks"));
    suite::SuiteArgs args;
    args.junit = dir.file("junit.xml");
    const SuiteRun run = runIn(dir, args, golden::defaultRenderer());
    const std::string junit = readText(dir.file("junit.xml"));
    CHECK(junit.find("<testsuite name=\"refrast readback\" tests=\"10\" failures=\"6\" errors=\"1\"") != std::string::npos);
    CHECK(junit.find("<testcase classname=\"readback\" name=\"wrong_blend\"") != std::string::npos);
    CHECK(junit.find("mean abs RGB error 16.0000; worst: draw 2 &quot;glass&quot; (64 px, max delta 128)\"/>") !=
          std::string::npos);
    const auto& r = run.report;
    CHECK(r.at("schema") == "refrast-suite-report/1");
    CHECK(r.at("summary") == nlohmann::ordered_json({{"scenes", 10}, {"passed", 3}, {"failed", 6}, {"errors", 1}}));
    CHECK(r.at("refrast").at("version") == "0.1.0");
    const auto& shifted = sceneNamed(r, "shifted_draw");
    CHECK(shifted.at("readback") == dir.file("readbacks") + "/shifted_draw.png");
    CHECK(shifted.at("cached") == false);
    CHECK(shifted.at("diff").at("hint_detail").is_null());
    CHECK(shifted.at("draws").at(1).at("moved") == nlohmann::ordered_json({2, 0}));
    CHECK(shifted.at("draws").at(0).at("moved").is_null());
    CHECK(sceneNamed(r, "bgra_swap").at("diff").at("hint_detail") ==
          nlohmann::ordered_json({{"kind", "swap_rb"}, {"shift", nullptr}, {"differing_pixels", 128},
                                  {"explained_pixels", 128}, {"remaining_pixels", 0}}));
    CHECK(sceneNamed(r, "gl_readback").at("diff").at("hint_detail").at("kind") == "flip_y_swap_rb");
    const auto& blend = sceneNamed(r, "wrong_blend");
    CHECK(blend.at("draws") == nlohmann::ordered_json::parse(
                                   R"([{"draw": 2, "name": "glass", "pixels": 64, "max_delta": 128, "mean_delta": 128.0,
                                        "bbox": [20, 2, 28, 10], "moved": null, "touched_pixels": 0, "touched_bbox": null,
                                        "crop": null},
                                       {"draw": 0, "name": "floor", "pixels": 0, "max_delta": 0, "mean_delta": 0.0,
                                        "bbox": null, "moved": null, "touched_pixels": 64, "touched_bbox": [20, 2, 28, 10],
                                        "crop": null}])"));
    CHECK(blend.at("touch_overflow_pixels") == 0);
    // The hidden box: a toucher of the 16 px the crate wrote last (see the lines test).
    const auto& hidden = sceneNamed(r, "hidden_draw").at("draws");
    REQUIRE(hidden.size() == 3);
    CHECK(hidden.at(0).at("draw") == 1);
    CHECK(hidden.at(0).at("pixels") == 16);
    CHECK(hidden.at(0).at("touched_pixels") == 0);
    CHECK(hidden.at(2).at("name") == "box");
    CHECK(hidden.at(2).at("pixels") == 0);
    CHECK(hidden.at(2).at("touched_pixels") == 16);
    CHECK(hidden.at(2).at("touched_bbox") == nlohmann::ordered_json({12, 6, 16, 10}));
    CHECK(blend.at("diff").at("hint").is_null());
    const auto& noise = sceneNamed(r, "noise_under_gate");
    CHECK(noise.at("status") == "pass");
    CHECK(noise.at("gate").at("max_delta") == 3);
    CHECK(noise.at("gate").at("reason") == "test: a 3-level difference in the floor is accepted, none on the crate");
    const auto& region = noise.at("diff").at("regions").at(0);
    CHECK(region.at("name") == "crate");
    CHECK(region.at("differing_pixels") == 0);
    CHECK(region.at("pass") == true);
    CHECK(sceneNamed(r, "missing_readback").at("status") == "error");
    const auto& knife = sceneNamed(r, "ambiguous_noise");
    // All 134 knife-edge pixels are coverage ones (no texture, alpha test, depth test or .5 tie in the capture).
    const auto count = [](int n) { return nlohmann::ordered_json({{"pixels", n}, {"differing", n}}); };
    CHECK(knife.at("ambiguity") == nlohmann::ordered_json({{"pixels", 134},
                                                           {"differing", 134},
                                                           {"criteria",
                                                            {{"coverage", count(134)},
                                                             {"texture", count(0)},
                                                             {"alpha_test", count(0)},
                                                             {"depth", count(0)},
                                                             {"unorm_tie", count(0)}}}}));
    CHECK(knife.at("gate").at("ambiguous") == nlohmann::ordered_json({{"tolerance", nullptr}, {"ignore", true}}));
    CHECK(knife.at("diff").at("compared_pixels") == 512 - 134);  // ignored: not compared
    CHECK(sceneNamed(r, "exact").at("ambiguity").is_null());
}

TEST_CASE("suite: the render cache returns the same report and is keyed by content") {
    TempDir dir("suite-cache");
    writeReadbacks(dir.file("readbacks"));
    const golden::SceneRenderer cached = suite::cachedRenderer(dir.file("cache"));
    const SuiteRun first = runIn(dir, {}, cached);
    const SuiteRun second = runIn(dir, {}, cached);
    CHECK(second.text == first.text);
    CHECK(sceneNamed(first.report, "exact").at("cached") == false);
    CHECK(sceneNamed(second.report, "exact").at("cached") == true);
    CHECK(sceneNamed(second.report, "shifted_draw").at("draws") == sceneNamed(first.report, "shifted_draw").at("draws"));
    // The touch record comes back from the cache: the hidden box is still a toucher.
    CHECK(sceneNamed(second.report, "hidden_draw").at("cached") == true);
    CHECK(sceneNamed(second.report, "hidden_draw").at("draws") == sceneNamed(first.report, "hidden_draw").at("draws"));
    CHECK(sceneNamed(second.report, "hidden_draw").at("draws").at(2).at("touched_pixels") == 16);
    // Ten captures, nine entries: their bytes differ, and ambiguous_noise's
    // gate needs the ambiguity map, which entries do not hold (rendered afresh).
    size_t entries = 0;
    for (const auto& e : fs::directory_iterator(dir.file("cache"))) entries += e.path().extension() == ".rfcache";
    CHECK(entries == 9);
}

TEST_CASE("suite: a cache entry round-trips with its touches, and a truncated or foreign entry is refused") {
    Image image(2, 1);
    image.rgba = {1, 2, 3, 4, 5, 6, 7, 8};
    DrawTouches touches;
    touches.assign(2);
    touches.touch(1, 2), touches.touch(1, 3);  // pixel 1: draws 1 then 2 (ids 2, 3); pixel 0 untouched
    const std::vector<uint8_t> bytes = suite::encodeCacheEntry(image, {0, 3}, touches);
    // 16 header + 8 colour + 8 draw ids + pixel 0's count (2) + pixel 1's count and two ids (2 + 8).
    CHECK(bytes.size() == 16 + 8 + 8 + 2 + 10);
    Image back;
    std::vector<uint32_t> ids;
    DrawTouches touchesBack;
    REQUIRE(suite::decodeCacheEntry(bytes, 2, 1, back, ids, touchesBack));
    CHECK(back == image);
    CHECK(ids == std::vector<uint32_t>{0, 3});
    CHECK(touchesBack.count == std::vector<uint16_t>{0, 2});
    CHECK(touchesBack.recent == std::vector<uint32_t>{0, 0, 0, 0, 3, 2, 0, 0});  // most recent first
    CHECK_FALSE(suite::decodeCacheEntry(bytes, 1, 2, back, ids, touchesBack));  // another size
    CHECK_FALSE(suite::decodeCacheEntry(std::vector<uint8_t>(bytes.begin(), bytes.end() - 1), 2, 1, back, ids, touchesBack));
    std::vector<uint8_t> longer = bytes;
    longer.push_back(0);
    CHECK_FALSE(suite::decodeCacheEntry(longer, 2, 1, back, ids, touchesBack));
}

TEST_CASE("suite: shards split the captures and merging an incomplete shard set is refused") {
    TempDir dir("suite-shards");
    writeReadbacks(dir.file("readbacks"));
    for (const char* shard : {"0/3", "1/3", "2/3"}) {
        suite::SuiteArgs args;
        args.shard = shard, args.report = dir.file(std::string("shard") + shard[0]);
        runIn(dir, args, golden::defaultRenderer());
    }
    CHECK_THROWS_WITH_AS(golden::mergeReports({dir.file("shard0"), dir.file("shard2")}, dir.file("merged")),
                         (dir.file("shard0") + "/report.json: /shards: incomplete shard set: missing 1/3 (have 2 of 3); "
                                               "a lost shard must not turn the run green").c_str(),
                         InputError);
    CHECK_FALSE(fs::exists(dir.file("merged")));  // nothing written
    const nlohmann::ordered_json merged =
        golden::mergeReports({dir.file("shard0"), dir.file("shard1"), dir.file("shard2")}, dir.file("merged"));
    CHECK(merged.at("schema") == "refrast-suite-report/1");
    CHECK(merged.at("summary") == nlohmann::ordered_json({{"scenes", 10}, {"passed", 3}, {"failed", 6}, {"errors", 1}}));
    CHECK(fs::exists(dir.file("merged/images/wrong_blend.readback.png")));
}
