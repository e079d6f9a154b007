// SPDX-License-Identifier: MIT
// The scene's "sfx" key: an entry expands at load time into one Draw after the
// scene's own draws, with the effect-card state; bad entries name the pointer.
#include "formats/sfx/sfx_draw.h"
#include "refrast/error.h"
#include "refrast/render.h"
#include "refrast/scene.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {

// Two motionless particles (velocity 0, gravity 0) of radius 2 × 0.5 = 1.
const char* kIni = R"([effects_to_load]
specialfx3=Puff
specialfx5=Spark
[Puff]
version=1
texture=btfx:puff
type=0
size=2.0
velocity=0
v_bias=0.5
y_off=-100
cook=1.0 0.6 0.3
varience=0.2
gravity=0
cool=0.9 1.5
count=2
repeats=1
[Spark]
version=1
texture=NOTEX
type=0
size=2.0
velocity=0
v_bias=0.5
y_off=-100
cook=1.0 0.6 0.3
varience=0.2
gravity=0
cool=0.9 1.5
count=1
repeats=1
)";

// One backdrop draw, then the effects of `sfx` (a JSON array's contents).
std::string sceneJson(const std::string& sfx, const std::string& puffTexture = "btfx:puff") {
    return R"({"refrast_scene": 1, "target": {"width": 16, "height": 16},
 "textures": [{"name": ")" + puffTexture + R"(", "source": "generated", "generate": {"kind": "solid", "width": 1, "height": 1, "color": "0xffffffff"}},
              {"name": "other", "source": "generated", "generate": {"kind": "firesmoke", "size": 8}}],
 "draws": [{"name": "backdrop", "vertices": {"position": {"format": "XYZRHW", "data": [0,0,0.5,1, 16,0,0.5,1, 0,16,0.5,1]}}}],
 "sfx": [)" + sfx + "]}";
}

const char* kCamera = R"("camera": {"view": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,10,1]})";

std::string entry(const std::string& effect, const std::string& extra = "") {
    return R"({"descriptors": "fx.ini", "effect": ")" + effect + R"(", "seed": 7, "time": 0.04, "position": [0, 0, 0], )" +
           kCamera + extra + "}";
}

Scene loadWith(const TempDir& dir, const std::string& sfx) {
    dir.write("fx.ini", kIni);
    return loadScene(dir.write("scene.json", sceneJson(sfx)));
}

CliResult renderWith(const std::string& sfx, const std::string& puffTexture = "btfx:puff") {
    TempDir dir;
    dir.write("fx.ini", kIni);
    const std::string scene = dir.write("scene.json", sceneJson(sfx, puffTexture));
    CliResult r = runRefrast("render " + scene + " -o " + dir.file("out.png"));
    CHECK(std::filesystem::exists(dir.file("out.png")) == (r.status == 0));
    const std::string prefix = "refrast: " + dir.path.string() + "/";
    if (r.output.rfind(prefix, 0) == 0) r.output = "refrast: " + r.output.substr(prefix.size());
    for (size_t at; (at = r.output.find(dir.path.string() + "/")) != std::string::npos;)
        r.output.erase(at, dir.path.string().size() + 1);
    return r;
}

}  // namespace

TEST_CASE("formats/scene/sfx: an entry becomes one draw after the scene's draws, quads in particle order") {
    TempDir dir;
    const Scene s = loadWith(dir, entry("Puff") + "," + entry("specialfx5", R"(, "name": "second")"));
    REQUIRE(s.draws.size() == 3);
    CHECK(s.draws[0].name == "backdrop");
    CHECK(s.draws[1].name == "sfx Puff");
    CHECK(s.draws[2].name == "second");
    const Draw& d = s.draws[1];
    // 2 particles: 8 vertices, triangles [0 1 2][0 2 3] then [4 5 6][4 6 7].
    CHECK(d.vertices.count == 8);
    CHECK(d.indices == std::vector<uint32_t>{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7});
    // Identity camera rotation: right (1, 0, 0), up (0, 1, 0), radius 1, so
    // TL → TR is +2 in x and BL → TL is +2 in y.
    const Vec4 tl = d.vertices.position[0], tr = d.vertices.position[1], bl = d.vertices.position[3];
    CHECK(tr.x() - tl.x() == 2.0f);
    CHECK(tl.y() - bl.y() == 2.0f);
    CHECK(tl.w() == 1.0f);
    CHECK(d.vertices.texcoord[0][2] == Vec4(1.0f, 1.0f, 0.0f, 1.0f));
    CHECK(d.transform.world == Mat4::Identity());
    CHECK(d.transform.view(3, 2) == 10.0f);
}

TEST_CASE("formats/scene/sfx: colours at board frame 1 (time 0.04 s) and the effect-card state") {
    TempDir dir;
    const Draw d = loadWith(dir, entry("Puff")).draws[1];
    // Frame round(0.04 × 30) = 1: heat 0.9, rgb = cook × 0.9 = (0.9, 0.54, 0.27)
    // (docs/sfx.md: exactly these floats), alpha 1 − 1.5/30 = 0.95, drawn
    // opacity × occlusion 0.45 + 0.45 × 0.9 = 0.855, so diffuse.a ≈ 0.812.
    const float alpha = (1.0f - 1.5f / 30.0f) * (0.45f + (0.9f - 0.45f) * 0.9f);
    for (size_t v = 0; v < 8; ++v) {
        CHECK(d.vertices.diffuse[v] == Vec4(0.9f, 0.54f, 0.27f, alpha));
        CHECK(d.vertices.specular[v] == Vec4(0.9f, 0.54f, 0.27f, 1.0f));  // the heat for stage 1
    }
    const PixelState& p = d.state.pixel;
    CHECK(p.blend.enable);
    CHECK(p.blend.srcBlend == Blend::SrcAlpha);
    CHECK(p.blend.destBlend == Blend::InvSrcAlpha);
    CHECK(p.blend.blendOp == BlendOp::Add);
    CHECK(d.state.depth.zEnable);
    CHECK(d.state.depth.zFunc == Cmp::LessEqual);
    CHECK_FALSE(d.state.depth.zWriteEnable);
    CHECK_FALSE(p.fog.enable);
    CHECK(d.vertices.normal.empty());  // unlit, so the material ramp applies
    CHECK(p.materialRamp.enable);
    CHECK(p.materialRamp.low == sfx::kSfxRampLow);
    CHECK(p.materialRamp.high == sfx::kSfxRampHigh);
    CHECK(p.textures[0].texture == 0);  // "btfx:puff", by the descriptor's texture name
    CHECK(p.textures[0].sampler == sfx::sfxDefaultSampler());
    CHECK(p.stages[0].colorOp == TextureOp::SelectArg1);
    CHECK(p.stages[0].colorArg1.source == TextureArg::Texture);
    CHECK(p.stages[0].alphaOp == TextureOp::Modulate);
    CHECK(p.stages[1].colorOp == TextureOp::Modulate);
    CHECK(p.stages[1].colorArg2.source == TextureArg::Specular);
    CHECK(p.stages[2].colorOp == TextureOp::Disable);
}

TEST_CASE("formats/scene/sfx: \"texture\" and \"ramp\" override the name mapping and the default ramp") {
    TempDir dir;
    const Draw d =
        loadWith(dir, entry("Puff", R"(, "texture": "other", "ramp": {"low": "0xff100000", "high": "0xffffff00"})")).draws[1];
    CHECK(d.state.pixel.textures[0].texture == 1);
    CHECK(d.state.pixel.materialRamp.low == 0xff100000u);
    CHECK(d.state.pixel.materialRamp.high == 0xffffff00u);
}

TEST_CASE("formats/scene/sfx: a NOTEX effect draws diffuse alone, without texture, ramp or specular") {
    TempDir dir;
    const Draw d = loadWith(dir, entry("Spark")).draws[1];
    CHECK(d.vertices.count == 4);
    CHECK(d.vertices.specular.empty());
    CHECK(d.vertices.texcoordSize[0] == 0);
    const PixelState& p = d.state.pixel;
    CHECK_FALSE(p.materialRamp.enable);
    CHECK(p.textures[0].texture == -1);
    CHECK(p.stages[0].colorOp == TextureOp::SelectArg1);
    CHECK(p.stages[0].colorArg1.source == TextureArg::Diffuse);
    CHECK(p.stages[0].alphaArg1.source == TextureArg::Diffuse);
    CHECK(p.stages[1].colorOp == TextureOp::Disable);
}

TEST_CASE("formats/scene/sfx: past the lifetime the draw is empty and the scene still renders") {
    TempDir dir;
    // A repeated "time" key is an error (issue 14), so replace the entry's own.
    std::string late = entry("Puff");
    late.replace(late.find(R"("time": 0.04)"), 12, R"("time": 8)");
    Scene s = loadWith(dir, late);
    CHECK(s.draws[1].vertices.count == 0);
    RenderOptions o;
    o.threads = 1;
    CHECK(render(s, o).width == 16);
}

TEST_CASE("formats/scene/sfx: bad entries exit 2 naming the JSON pointer") {
    CliResult r = renderWith(entry("Nope"));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/effect: no effect or slot named 'Nope' in fx.ini\n");

    r = renderWith(R"({"descriptors": "missing.ini", "effect": "Puff", "seed": 7, "position": [0, 0, 0], )" +
                   std::string(kCamera) + "}");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/descriptors: descriptors file \"missing.ini\" not found\n");

    r = renderWith(R"({"descriptors": "fx.ini", "effect": "Puff", "seed": -1, "position": [0, 0, 0], )" +
                   std::string(kCamera) + "}");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/seed: -1 is out of range (expected 0..9007199254740991)\n");

    r = renderWith(R"({"descriptors": "fx.ini", "effect": "Puff", "seed": 1.5, "position": [0, 0, 0], )" +
                   std::string(kCamera) + "}");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/seed: expected an integer, got 1.5\n");
}

TEST_CASE("formats/scene/sfx: texture and camera errors") {
    CliResult r0 = renderWith(entry("Puff"), "renamed");
    CHECK(r0.status == 2);
    CHECK(r0.output == "refrast: scene.json: /sfx/0: effect \"Puff\" draws texture \"btfx:puff\", which is not in "
                       "/textures (add a texture of that name, or name one with \"texture\")\n");

    CliResult r = renderWith(entry("Puff", R"(, "texture": "nope")"));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/texture: unknown texture \"nope\" (not in /textures)\n");

    r = renderWith(entry("Spark", R"(, "ramp": {})"));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/ramp: effect \"Spark\" is untextured (texture=NOTEX): remove this key\n");

    r = renderWith(R"({"descriptors": "fx.ini", "effect": "Puff", "seed": 7, "position": [0, 0, 0], "camera": {"world": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}})");
    CHECK(r.status == 2);
    CHECK(r.output ==
          "refrast: scene.json: /sfx/0/camera/world: an effect is placed in world space by \"position\": remove \"world\"\n");
}

TEST_CASE("formats/scene/sfx: an entry may not inherit a scene time beyond the effect clock (review finding)") {
    // Scene time 1e6 s is valid for the scene, but an effect simulated that far
    // would store 3e7 board frames; the entry must give its own time (<= 3600 s).
    TempDir dir;
    dir.write("fx.ini", kIni);
    std::string json = sceneJson(R"({"descriptors": "fx.ini", "effect": "Puff", "seed": 7, "position": [0, 0, 0], )" +
                                 std::string(kCamera) + "}");
    json.insert(json.find("\"target\""), "\"time\": 1000000, ");
    const std::string scene = dir.write("scene.json", json);
    CHECK_THROWS_WITH_AS(loadScene(scene),
                         (scene + ": /sfx/0: inherits the scene's time 1000000 s, beyond the effect clock's 3600 s: "
                                  "give the entry its own \"time\"").c_str(),
                         InputError);
}

TEST_CASE("formats/scene/sfx: a view matrix without a right or up direction is an error (review finding)") {
    const CliResult r = renderWith(R"({"descriptors": "fx.ini", "effect": "Puff", "seed": 7, "position": [0, 0, 0], )"
                                   R"("camera": {"view": [0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,1]}})");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: scene.json: /sfx/0/camera/view: column 1 (_11 _21 _31) is zero: the camera has no right "
                      "direction to face effect cards along\n");
}
