// SPDX-License-Identifier: MIT
// Bad scenes: one-line errors naming the file and JSON pointer, exit 2, no output.
#include "refrast/error.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <cstring>

using namespace refrast;
using namespace refrast::test;

namespace {

const char* kTriangle = R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
 "draws": [{"vertices": {"position": {"format": "XYZRHW", "data": [0,0,0.5,1, 8,0,0.5,1, 0,8,0.5,1]}},
            "indices": [0, 1, 2], "state": {"zfunc": "LESS"}}]})";

// Renders `json` (with `from` replaced by `to`) and returns the CLI result;
// checks that no output file was left behind.
CliResult renderEdited(const std::string& from, const std::string& to) {
    TempDir dir;
    std::string json = kTriangle;
    if (!from.empty()) {
        const size_t at = json.find(from);
        REQUIRE(at != std::string::npos);
        json.replace(at, from.size(), to);
    }
    const std::string scene = dir.write("scene.json", json);
    const std::string out = dir.file("out.png");
    CliResult r = runRefrast("render " + scene + " -o " + out);
    CHECK(std::filesystem::exists(out) == (r.status == 0));
    // Messages name the scene by its path; strip the directory for the checks.
    const std::string prefix = "refrast: " + dir.path.string() + "/";
    if (r.output.rfind(prefix, 0) == 0) r.output = "refrast: " + r.output.substr(prefix.size());
    return r;
}

}  // namespace

TEST_CASE("formats/scene_json: the reference triangle renders (exit 0)") {
    CHECK(renderEdited("", "").status == 0);
}

TEST_CASE("formats/scene_json: malformed JSON names the byte offset") {
    const CliResult r = renderEdited("\"target\":", "\"target\"");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: byte offset 31: malformed JSON: parse error at line 1, column 31: syntax error while parsing object separator - unexpected '{'; expected ':'\n");
}

TEST_CASE("formats/scene_json: an unknown key is an error with its pointer") {
    const CliResult r = renderEdited("\"zfunc\"", "\"zfnuc\"");
    CHECK(r.status == 2);
    CHECK(r.output.rfind("refrast: scene.json: /draws/0/state/zfnuc: unknown key \"zfnuc\"", 0) == 0);
}

TEST_CASE("formats/scene_json: an unknown compare function lists the valid names") {
    const CliResult r = renderEdited("\"LESS\"", "\"LESSEQ\"");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /draws/0/state/zfunc: unknown compare function \"LESSEQ\" (expected one of "
                      "NEVER, LESS, EQUAL, LESSEQUAL, GREATER, NOTEQUAL, GREATEREQUAL, ALWAYS)\n");
}

TEST_CASE("formats/scene_json: an index out of range names the index element") {
    const CliResult r = renderEdited("[0, 1, 2]", "[0, 1, 3]");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /draws/0/indices/2: index 3 out of range (the draw has 3 vertices)\n");
}

TEST_CASE("formats/scene_json: zero and 100000-pixel-wide targets are rejected") {
    CliResult r = renderEdited("\"width\": 8", "\"width\": 0");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /target/width: 0 is out of range (expected 1..16384)\n");
    r = renderEdited("\"width\": 8", "\"width\": 100000");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /target/width: 100000 is out of range (expected 1..16384)\n");
}

TEST_CASE("formats/scene_json: NaN and infinite positions in a buffer are rejected") {
    TempDir dir;
    for (const float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        float xyz[9] = {0, 0, 0.5f, 8, 0, 0.5f, 0, 8, 0.5f};
        xyz[4] = bad;
        std::string bytes(sizeof xyz, '\0');
        std::memcpy(bytes.data(), xyz, sizeof xyz);
        dir.write("mesh.bin", bytes);
        const std::string scene = dir.write("scene.json", R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
          "buffers": [{"uri": "mesh.bin", "byte_length": 36}],
          "draws": [{"vertices": {"count": 3, "position": {"format": "XYZ", "buffer": 0, "offset": 0}}}]})");
        const CliResult r = runRefrast("render " + scene + " -o " + dir.file("out.png"));
        CHECK(r.status == 2);
        CHECK(r.output == "refrast: " + scene + ": /draws/0/vertices/position: vertex 1 is not finite (NaN or infinity)\n");
        CHECK_FALSE(std::filesystem::exists(dir.file("out.png")));
    }
}

TEST_CASE("formats/scene_json: a missing scene file and a non-object are input errors") {
    CHECK_THROWS_WITH_AS(loadScene("/nonexistent/scene.json"),
                         "/nonexistent/scene.json: cannot open: No such file or directory", InputError);
    const CliResult r = renderEdited(kTriangle, "[1, 2]");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /: expected an object, got an array\n");
}

TEST_CASE("formats/scene_json: a list whose index count is not a multiple of 3 is rejected") {
    const CliResult r = renderEdited("[0, 1, 2]", "[0, 1, 2, 0]");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /draws/0: TRIANGLELIST needs a multiple of 3 indices, got 4\n");
}

TEST_CASE("formats/scene_json: an attribute with no vertices is rejected (review: empty position crashed)") {
    const CliResult r = renderEdited("\"data\": [0,0,0.5,1, 8,0,0.5,1, 0,8,0.5,1]", "\"data\": []");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /draws/0/vertices/position/data: holds no vertices\n");
}

TEST_CASE("formats/scene_json: the gate's mask resolves beside the scene, its regions must fit the target") {
    TempDir dir;
    const std::string scene = dir.write("scene.json", R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
        "gate": {"max_delta": 2, "max_mean_error": 0.25, "ignore_alpha": true, "mask": "masks/hud.png",
                 "regions": [{"name": "hud", "rect": [0, 0, 8, 2], "max_pixels": 0}], "reason": "issue 13"},
        "draws": []})");
    const Scene s = loadScene(scene);
    CHECK(s.gate.maxDelta == 2);
    CHECK(s.gate.maxMeanError == 0.25);
    CHECK(s.gate.ignoreAlpha);
    CHECK(s.gate.mask == dir.file("masks/hud.png"));
    REQUIRE(s.gate.regions.size() == 1);
    CHECK(s.gate.regions[0].right == 8);
    CHECK(s.gate.regions[0].maxPixels == 0);
    CHECK(s.gate.regions[0].maxDelta == -1);
    CHECK(s.gate.reason == "issue 13");
    const std::string outside = dir.write("outside.json", R"({"refrast_scene": 1, "target": {"width": 8, "height": 8},
        "gate": {"regions": [{"name": "hud", "rect": [0, 0, 9, 2]}]}, "draws": []})");
    CHECK_THROWS_WITH_AS(loadScene(outside), (outside + ": /gate/regions/0/rect: does not fit the 8x8 target").c_str(),
                         InputError);
}
