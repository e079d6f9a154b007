// SPDX-License-Identifier: MIT
// `refrast convert v1-to-v2`: every version 1 scene of scenes/ converted to
// version 2 renders byte-identically to the original; the state deltas
// restore defaults a draw leaves out; bad input exits 2 without output.
#include "formats/json_reader.h"
#include "formats/resource_budget.h"
#include "refrast/image.h"
#include "refrast/render.h"
#include "refrast/scene.h"
#include "src/convert/v1_to_v2.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;
using namespace refrast::test;
namespace fs = std::filesystem;

namespace {

// Converts `v1Path` into `dir` and renders both; the converted file names
// reach back into the source folder, so outside files are allowed meanwhile.
void checkConvertedRendersTheSame(const std::string& v1Path, const TempDir& dir) {
    const nlohmann::json doc = json::parseDocument(readFileBytes(v1Path), v1Path);
    const std::string text = convert::formatCapture(convert::convertV1ToV2(doc, v1Path, dir.path.string()));
    const std::string v2Path = dir.write("v2_" + fs::path(v1Path).filename().string(), text);
    const bool allowed = resourceLimits().allowOutsideFiles;
    resourceLimits().allowOutsideFiles = true;
    const Image a = render(loadScene(v1Path), RenderOptions{});
    const Scene converted = loadScene(v2Path);
    resourceLimits().allowOutsideFiles = allowed;
    const Image b = render(converted, RenderOptions{});
    CHECK(a.width == b.width);
    CHECK(a.height == b.height);
    CHECK_MESSAGE(a.rgba == b.rgba, v1Path << " converted to version 2 renders differently");
}

}  // namespace

TEST_CASE("convert v1-to-v2: every version 1 scene of scenes/ renders byte-identically after conversion") {
    TempDir dir;
    int converted = 0;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(REFRAST_SOURCE_DIR) / "scenes")) {
        if (e.path().extension() != ".json") continue;
        const nlohmann::json doc = json::parseDocument(readFileBytes(e.path().string()), e.path().string());
        if (doc.value("refrast_scene", 0) != 1) continue;
        INFO(e.path().string());
        // The benchmark scenes' buffers are made by scripts/gen-bench-data, not committed.
        bool generated = false;
        for (const auto& b : doc.value("buffers", nlohmann::json::array()))
            generated = generated || !fs::exists(e.path().parent_path() / b["uri"].get<std::string>());
        if (generated && e.path().parent_path().filename() == "bench") {
            MESSAGE("skipped (run scripts/gen-bench-data): " << e.path().string());
            continue;
        }
        checkConvertedRendersTheSame(e.path().string(), dir);
        ++converted;
    }
    CHECK(converted >= 40);  // 45 version 1 scenes when this was written
}

TEST_CASE("convert v1-to-v2: a state one draw sets and the next leaves out returns to its default") {
    // Draw 0 sets fog, blending, a stage 1, a light and a clip plane; draw 1,
    // on top, sets none of them: it must render as if they were never set.
    TempDir dir;
    const std::string quad = R"("position": {"format": "XYZRHW", "data": [0,0,0.5,1, 4,0,0.5,1, 0,4,0.5,1, 4,4,0.5,1]},
        "diffuse": {"format": "D3DCOLOR", "data": ["0x80ff0000", "0x80ff0000", "0x8000ff00", "0x8000ff00"]})";
    const std::string v1 = dir.write("scene.json", R"({"refrast_scene": 1,
      "target": {"width": 4, "height": 4, "clear": {"color": "0xff000040"}},
      "textures": [{"name": "t", "source": "generated", "generate": {"kind": "solid", "width": 1, "height": 1, "color": "0xff808080"}}],
      "draws": [
        {"primitive": "TRIANGLESTRIP", "vertices": {)" + quad + R"(},
         "state": {"cullmode": "NONE", "D3DRS_ALPHABLENDENABLE": true, "srcblend": "SRCALPHA", "destblend": "INVSRCALPHA",
                   "fogenable": true, "fogtablemode": "LINEAR", "fogcolor": "0xffffffff", "zbias": 3, "depthfadenear": 60, "depthfadefar": 70},
         "stages": [{"texture": "t", "colorop": "ADD", "sampler": {"magfilter": "LINEAR"}},
                    {"colorop": "MODULATE", "colorarg1": "CURRENT", "colorarg2": "TFACTOR"}]},
        {"primitive": "TRIANGLESTRIP", "vertices": {)" + quad + R"(}, "state": {"zfunc": "ALWAYS", "depthfadenear": 5}}
      ]})");
    checkConvertedRendersTheSame(v1, dir);
    // And the converted file says so: a reset of every key draw 1 left out.
    const nlohmann::json doc = json::parseDocument(readFileBytes(v1), v1);
    const nlohmann::ordered_json v2 = convert::convertV1ToV2(doc, v1, dir.path.string());
    std::string commands;
    for (const auto& c : v2["commands"]) commands += c.dump() + "\n";
    CHECK(commands.find(R"({"SetRenderState":{"zbias":0,"alphablendenable":false,"cullmode":"CCW","destblend":"ZERO","fogcolor":"0x00000000","fogenable":false,"fogtablemode":"NONE","srcblend":"ONE"}})") != std::string::npos);
    // ZBIAS returns to 0 with the resets, before any DEPTHBIAS; the depth-fade pair is written together.
    CHECK(commands.find(R"("depthfadefar":50.0,"depthfadenear":5)") != std::string::npos);
    CHECK(commands.find(R"({"SetTexture":{"stage":0,"texture":null}})") != std::string::npos);
    CHECK(commands.find(R"({"SetTextureStageState":{"stage":1,"colorarg1":"TEXTURE","colorarg2":"CURRENT","colorop":"DISABLE"}})") != std::string::npos);
}

TEST_CASE("convert v1-to-v2: the command line writes the capture, rewrites file names, and refuses bad input") {
    TempDir dir;
    fs::create_directories(dir.path / "out");
    const std::string src = std::string(REFRAST_SOURCE_DIR) + "/scenes/textures/atlas_cell_mip_skip.json";
    fs::copy_file(src, dir.path / "scene.json");
    fs::copy_file(std::string(REFRAST_SOURCE_DIR) + "/scenes/textures/atlas.texm", dir.path / "atlas.texm");
    CliResult r = runRefrast("convert v1-to-v2 " + dir.file("scene.json") + " -o " + dir.file("out/capture.json"));
    CHECK(r.status == 0);
    const nlohmann::json v2 = json::parseDocument(readFileBytes(dir.file("out/capture.json")), "capture.json");
    CHECK(v2["refrast_scene"] == 2);
    CHECK(v2["textures"][0]["file"] == "../atlas.texm");
    CHECK(runRefrast("render " + dir.file("out/capture.json") + " -o " + dir.file("v2.png") + " --allow-outside-files").status == 0);
    CHECK(runRefrast("render " + dir.file("scene.json") + " -o " + dir.file("v1.png")).status == 0);
    CHECK(readFileBytes(dir.file("v1.png")) == readFileBytes(dir.file("v2.png")));

    // A version 2 input, and a version 1 input with an error: exit 2, the pointer, no output.
    r = runRefrast("convert v1-to-v2 " + dir.file("out/capture.json") + " -o " + dir.file("again.json"));
    CHECK(r.status == 2);
    CHECK(r.output.find("capture.json: /refrast_scene: convert v1-to-v2 reads version 1 scenes") != std::string::npos);
    CHECK(!fs::exists(dir.path / "again.json"));
    dir.write("bad.json", R"({"refrast_scene": 1, "target": {"width": 4, "height": 4},
      "draws": [{"vertices": {"position": {"format": "XYZRHW", "data": [0,0,0,1, 1,0,0,1, 0,1,0,1]}}, "state": {"zfunc": "LESSEQ"}}]})");
    r = runRefrast("convert v1-to-v2 " + dir.file("bad.json") + " -o " + dir.file("bad2.json"));
    CHECK(r.status == 2);
    CHECK(r.output.find("bad.json: /draws/0/state/zfunc: unknown compare function") != std::string::npos);
    CHECK(!fs::exists(dir.path / "bad2.json"));
    // What version 2 cannot say: a viewport past the target.
    dir.write("vp.json", R"({"refrast_scene": 1, "target": {"width": 4, "height": 4, "viewport": {"x": 2, "y": 0, "width": 4, "height": 4}},
      "draws": []})");
    r = runRefrast("convert v1-to-v2 " + dir.file("vp.json") + " -o " + dir.file("vp2.json"));
    CHECK(r.status == 2);
    CHECK(r.output.find("vp.json: /target/viewport: cannot convert to version 2: extends past the target") != std::string::npos);
}
