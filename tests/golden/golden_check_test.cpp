// SPDX-License-Identifier: MIT
// golden check with a fake renderer: pass, fail, gate, missing golden, bad
// scene, determinism, output order, reports.
#include "src/golden/golden_run.h"
#include "tests/golden/golden_test_util.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;
using namespace refrast::difftest;

namespace {

// Four scenes: "ok" equals its golden, "changed" has one pixel off by 12,
// "tolerant" the same change under a gate allowing it, "new" has no golden.
struct FourScenes : Suite {
    FourScenes() : Suite("golden-check") {
        const Image base = filledImage(4, 4, {10, 20, 30, 255});
        Image changed = base;
        setPixel(changed, 2, 1, {10, 20, 42, 255});
        addScene("ok", base);
        addGolden("ok", base);
        addScene("sub/changed", changed);
        addGolden("sub/changed", base);
        GateSpec onePixel;
        onePixel.maxPixels = 1;
        addScene("tolerant", changed, onePixel);
        addGolden("tolerant", base);
        addScene("new", base);
    }
    golden::GoldenArgs args() const {
        golden::GoldenArgs a;
        a.scenesDir = scenes(), a.goldenDir = golden();
        return a;
    }
};

}  // namespace

TEST_CASE("golden/check: one line per scene in name order, a summary, exit 1 on failure") {
    FourScenes s;
    int status = -1;
    const std::string out = captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(s.args(), s.renderer(), f); }, status);
    CHECK(status == 1);
    CHECK(out ==
          "FAIL new  missing golden " + s.golden() + "/new.png; create it with: refrast golden update new\n"
          "PASS ok  differing 0 (0.0000e+00)\n"
          "FAIL sub/changed  differing 1 (6.2500e-02)  over the gate\n"
          "PASS tolerant  differing 1 (6.2500e-02)\n"
          "golden check: 4 scenes: 2 passed, 2 failed, 0 errors\n");
}

TEST_CASE("golden/check: selected passing scenes exit 0; a bad scene exits 2") {
    FourScenes s;
    golden::GoldenArgs a = s.args();
    a.names = {"ok", "tolerant"};
    int status = -1;
    captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
    CHECK(status == 0);
    s.addBrokenScene("broken", "/gate/tolerance: -1 is out of range (expected 0..255)");
    a.names = {"broken", "ok"};
    const std::string out = captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
    CHECK(status == 2);
    CHECK(out.rfind("ERROR broken  " + s.scenes() + "/broken.json: /gate/tolerance: -1 is out of range (expected 0..255)\n", 0) == 0);
}

TEST_CASE("golden/check: --determinism fails a scene whose render depends on the thread count") {
    FourScenes s;
    golden::GoldenArgs a = s.args();
    a.names = {"ok"};
    a.determinism = true;
    const golden::SceneRenderer flaky = [&](const std::string& path, int threads) {
        golden::RenderedScene scene = s.renders.at(path);
        if (threads != 1) scene.image.rgba[0] ^= 1;
        return scene;
    };
    int status = -1;
    const std::string out = captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, flaky, f); }, status);
    CHECK(status == 1);
    CHECK(out.find("FAIL ok  ") == 0);
    CHECK(out.find("not deterministic: the render with ") != std::string::npos);
    captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
    CHECK(status == 0);
}

TEST_CASE("golden/check: --report writes report.json, index.html and every image; --junit one testcase per scene") {
    FourScenes s;
    golden::GoldenArgs a = s.args();
    a.report = s.dir.file("report");
    a.junit = s.dir.file("junit.xml");
    a.shard = "0/1";
    int status = -1;
    captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
    const std::string json = readText(s.dir.file("report/report.json"));
    CHECK(json.find("\"schema\": \"refrast-golden-report/1\"") != std::string::npos);
    CHECK(json.find("\"shards\": [\n    \"0/1\"\n  ]") != std::string::npos);
    for (const char* image : {"ok.golden.png", "ok.render.png", "ok.diff.png", "sub/changed.diff.png", "new.render.png"})
        CHECK_MESSAGE(std::filesystem::exists(s.dir.file("report/images/") + image), image);
    const std::string html = readText(s.dir.file("report/index.html"));
    // Failures first: "new" and "sub/changed" come before "ok".
    CHECK(html.find("</span>new</h2>") < html.find("</span>ok</h2>"));
    CHECK(html.find("</span>sub/changed</h2>") < html.find("</span>ok</h2>"));
    CHECK(html.find("<img src=\"images/sub/changed.diff.png\"") != std::string::npos);
    const std::string junit = readText(s.dir.file("junit.xml"));
    CHECK(junit.find("<testsuite name=\"refrast golden\" tests=\"4\" failures=\"2\" errors=\"0\"") != std::string::npos);
    CHECK(junit.find("<failure message=\"over the gate; differing 1 of 16 (6.2500e-02), max delta 12, mean abs RGB "
                     "error 0.2500\"/>") != std::string::npos);
    CHECK(junit.find("<testcase classname=\"golden\" name=\"ok\"") != std::string::npos);
}

TEST_CASE("golden/check: the CLI checks a directory of the repository's scenes") {
    const TempDir dir("golden-check-cli");
    const RunResult r = runRefrast(dir, "golden check basic --scenes '" REFRAST_SOURCE_DIR "/scenes' --golden '" REFRAST_SOURCE_DIR
                                        "/golden' --junit j.xml");
    CHECK(r.status == 0);
    // stdout is the same bytes every run: no render time on the scene line or the summary
    CHECK(r.out == "PASS basic/gouraud_triangle  differing 0 (0.0000e+00)\n"
                   "golden check: 1 scenes: 1 passed, 0 failed, 0 errors\n");
    CHECK(r.err.rfind("refrast: timings: golden check 1 scenes in ", 0) == 0);
    CHECK(readText(dir.file("j.xml")).find("tests=\"1\" failures=\"0\" errors=\"0\"") != std::string::npos);
}
