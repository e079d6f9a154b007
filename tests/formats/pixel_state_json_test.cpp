// SPDX-License-Identifier: MIT
// Reading the pixel state and texture-stage keys of a draw from scene JSON.
#include "formats/scene/pixel_state_json.h"

#include "refrast/error.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

using namespace refrast;

namespace {

const std::string kFile = "scene.json";

// Parses `text` as /draws/3/state, then rejects unknown keys like the scene loader.
PixelState parseState(const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(text);
    json::Object state(json::Node(doc, "/draws/3/state", kFile));
    PixelState out;
    parsePixelState(state, out);
    state.finish();
    return out;
}

TextureStageState parseStage(const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(text);
    json::Object stage(json::Node(doc, "/draws/0/stages/1", kFile));
    TextureStageState out;
    parseTextureStageState(stage, out);
    stage.finish();
    return out;
}

}  // namespace

TEST_CASE("formats/pixel_state_json: an empty state keeps D3D9's defaults") {
    const PixelState s = parseState("{}");
    CHECK(s.textureFactor == 0xFFFFFFFF);
    CHECK(s.stages[0].colorOp == TextureOp::Modulate);
    CHECK(s.stages[0].alphaOp == TextureOp::SelectArg1);
    CHECK(s.stages[1].colorOp == TextureOp::Disable);
    CHECK(s.stages[5].texCoordIndex == 5);
    CHECK(s.blend.srcBlend == Blend::One);
    CHECK(s.blend.destBlend == Blend::Zero);
    CHECK(s.fog.end == 1.0f);
    CHECK(s.depthFade.nearDistance == 10.0f);
    CHECK(s.depthFade.farDistance == 50.0f);
    CHECK(s.options.missingTexture == MissingTextureRule::PassThroughStage);
}

TEST_CASE("formats/pixel_state_json: every render-state key") {
    const PixelState s = parseState(R"({
        "texturefactor": "0x80FF4000", "specularenable": true,
        "fogenable": true, "fogcolor": "0xFF1A1A1F", "fogtablemode": "LINEAR", "fogvertexmode": "EXP2",
        "fogstart": 90, "fogend": 1100, "fogdensity": 0.25, "rangefogenable": true, "fogsquareddistance": true,
        "alphatestenable": true, "alphafunc": "GREATEREQUAL", "alpharef": 128,
        "alphablendenable": true, "srcblend": "DESTCOLOR", "destblend": "INVSRCALPHA", "blendop": "REVSUBTRACT",
        "separatealphablendenable": true, "srcblendalpha": "ZERO", "destblendalpha": "ONE", "blendopalpha": "MAX",
        "blendfactor": 4278190080,
        "materialrampenable": true, "materialramplow": "0xFF201000", "materialramphigh": "0xFFFFC040",
        "depthfadeenable": true, "depthfadenear": 5, "depthfadefar": 25,
        "missingtexture": "DISABLEREST", "missingspecular": "WHITE", "vertexfogevaluation": "PERPIXEL",
        "laststagetemp": "WRITECURRENT", "premodulate": "SELECTARG1", "xyzrhwtablefog": "W",
        "negativetablefog": "ABS"})");
    CHECK(s.textureFactor == 0x80FF4000);
    CHECK(s.specularEnable);
    CHECK(s.fog.enable);
    CHECK(s.fog.color == 0xFF1A1A1F);
    CHECK(s.fog.tableMode == FogMode::Linear);
    CHECK(s.fog.vertexMode == FogMode::Exp2);
    CHECK(s.fog.start == 90.0f);
    CHECK(s.fog.end == 1100.0f);
    CHECK(s.fog.density == 0.25f);
    CHECK(s.fog.rangeFogEnable);
    CHECK(s.fog.squaredDistance);
    CHECK(s.alphaTest.enable);
    CHECK(s.alphaTest.func == Cmp::GreaterEqual);
    CHECK(s.alphaTest.ref == 128);
    CHECK(s.blend.enable);
    CHECK(s.blend.srcBlend == Blend::DestColor);
    CHECK(s.blend.destBlend == Blend::InvSrcAlpha);
    CHECK(s.blend.blendOp == BlendOp::RevSubtract);
    CHECK(s.blend.separateAlpha);
    CHECK(s.blend.srcBlendAlpha == Blend::Zero);
    CHECK(s.blend.destBlendAlpha == Blend::One);
    CHECK(s.blend.blendOpAlpha == BlendOp::Max);
    CHECK(s.blend.blendFactor == 0xFF000000);
    CHECK(s.materialRamp.enable);
    CHECK(s.materialRamp.low == 0xFF201000);
    CHECK(s.materialRamp.high == 0xFFFFC040);
    CHECK(s.depthFade.enable);
    CHECK(s.depthFade.nearDistance == 5.0f);
    CHECK(s.depthFade.farDistance == 25.0f);
    CHECK(s.options.missingTexture == MissingTextureRule::DisableRest);
    CHECK(s.options.missingSpecular == MissingSpecular::White);
    CHECK(s.options.vertexFogEvaluation == VertexFogEvaluation::PerPixel);
    CHECK(s.options.lastStageTemp == LastStageTemp::WriteCurrent);
    CHECK(s.options.premodulate == PremodulateRule::SelectArg1);
    CHECK(s.options.xyzrhwTableFog == XyzrhwTableFog::W);
    CHECK(s.options.negativeTableFog == NegativeTableFog::Abs);
}

TEST_CASE("formats/pixel_state_json: every texture-stage key") {
    const TextureStageState t = parseStage(R"({
        "colorop": "MODULATE2X", "colorarg0": "SPECULAR", "colorarg1": "TEXTURE|COMPLEMENT",
        "colorarg2": "DIFFUSE|ALPHAREPLICATE", "alphaop": "LERP", "alphaarg0": "CONSTANT",
        "alphaarg1": "TEMP|ALPHAREPLICATE|COMPLEMENT", "alphaarg2": "TFACTOR", "resultarg": "TEMP",
        "texcoordindex": 3, "bumpenvmat00": 0.01, "bumpenvmat01": -0.5, "bumpenvmat10": 0.25,
        "bumpenvmat11": 0.01, "bumpenvlscale": 2, "bumpenvloffset": -0.25, "constant": "0x80402010",
        "texturetransformflags": "COUNT2"})");
    CHECK(t.colorOp == TextureOp::Modulate2x);
    CHECK(t.colorArg0 == TextureArgument{TextureArg::Specular, false, false});
    CHECK(t.colorArg1 == TextureArgument{TextureArg::Texture, true, false});
    CHECK(t.colorArg1.d3dta() == 0x12);  // D3DTA_TEXTURE | D3DTA_COMPLEMENT
    CHECK(t.colorArg2 == TextureArgument{TextureArg::Diffuse, false, true});
    CHECK(t.alphaOp == TextureOp::Lerp);
    CHECK(t.alphaArg0 == TextureArgument{TextureArg::Constant, false, false});
    CHECK(t.alphaArg1 == TextureArgument{TextureArg::Temp, true, true});
    CHECK(t.alphaArg2 == TextureArgument{TextureArg::TFactor, false, false});
    CHECK(t.resultArg == TextureArg::Temp);
    CHECK(t.texCoordIndex == 3);
    CHECK(t.bumpEnvMat00 == 0.01f);
    CHECK(t.bumpEnvMat01 == -0.5f);
    CHECK(t.bumpEnvMat10 == 0.25f);
    CHECK(t.bumpEnvMat11 == 0.01f);
    CHECK(t.bumpEnvLScale == 2.0f);
    CHECK(t.bumpEnvLOffset == -0.25f);
    CHECK(t.constant == 0x80402010);
    CHECK(t.textureTransformFlags == TextureTransformFlags{2, false});
    CHECK(parseStage(R"({"texturetransformflags": "DISABLE"})").textureTransformFlags == TextureTransformFlags{});
}

TEST_CASE("formats/pixel_state_json: bad values name the file and the JSON pointer") {
    CHECK_THROWS_WITH_AS(parseState(R"({"srcblend": "DSTCOLOR"})"),
                         "scene.json: /draws/3/state/srcblend: unknown blend factor \"DSTCOLOR\" (expected one of "
                         "ZERO, ONE, SRCCOLOR, INVSRCCOLOR, SRCALPHA, INVSRCALPHA, DESTALPHA, INVDESTALPHA, "
                         "DESTCOLOR, INVDESTCOLOR, SRCALPHASAT, BOTHSRCALPHA, BOTHINVSRCALPHA, BLENDFACTOR, "
                         "INVBLENDFACTOR)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"fogtablemode": "LINEAR_Z"})"),
                         "scene.json: /draws/3/state/fogtablemode: unknown fog mode \"LINEAR_Z\" (expected one of "
                         "NONE, EXP, EXP2, LINEAR)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"alphafunc": "LEQUAL"})"),
                         "scene.json: /draws/3/state/alphafunc: unknown compare function \"LEQUAL\" (expected one "
                         "of NEVER, LESS, EQUAL, LESSEQUAL, GREATER, NOTEQUAL, GREATEREQUAL, ALWAYS)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"fogcolor": "0x1A1A1F"})"),
                         "scene.json: /draws/3/state/fogcolor: expected a D3DCOLOR string \"0xAARRGGBB\" (8 hex "
                         "digits), got \"0x1A1A1F\"",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"alpharef": -1})"),
                         "scene.json: /draws/3/state/alpharef: -1 is out of range (expected 0..4294967295)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"depthfadenear": 50, "depthfadefar": 10})"),
                         "scene.json: /draws/3/state/depthfadefar: depthfadefar (10) must be greater than "
                         "depthfadenear (50)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"missingtexture": "WINE"})"),
                         "scene.json: /draws/3/state/missingtexture: unknown missing-texture rule \"WINE\" "
                         "(expected one of PASSTHROUGHSTAGE, DISABLEREST)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseState(R"({"fogenabled": true})"),
                         doctest::Contains("scene.json: /draws/3/state/fogenabled: unknown key \"fogenabled\""),
                         InputError);
}

TEST_CASE("formats/pixel_state_json: bad stage values name the file and the JSON pointer") {
    CHECK_THROWS_WITH_AS(parseStage(R"({"colorop": "MODULATE3X"})"),
                         doctest::Contains("scene.json: /draws/0/stages/1/colorop: unknown texture operation "
                                           "\"MODULATE3X\" (expected one of DISABLE, SELECTARG1,"),
                         InputError);
    CHECK_THROWS_WITH_AS(parseStage(R"({"colorarg1": "TEX"})"),
                         "scene.json: /draws/0/stages/1/colorarg1: unknown texture argument \"TEX\" (expected one "
                         "of DIFFUSE, CURRENT, TEXTURE, TFACTOR, SPECULAR, TEMP, CONSTANT, optionally followed by "
                         "|COMPLEMENT and/or |ALPHAREPLICATE)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseStage(R"({"alphaarg2": "TEXTURE|COMPLEMENT|COMPLEMENT"})"),
                         doctest::Contains("scene.json: /draws/0/stages/1/alphaarg2: bad texture argument modifier "
                                           "\"COMPLEMENT\""),
                         InputError);
    CHECK_THROWS_WITH_AS(parseStage(R"({"resultarg": "TEXTURE"})"),
                         "scene.json: /draws/0/stages/1/resultarg: unknown result argument \"TEXTURE\" (expected "
                         "one of CURRENT, TEMP)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseStage(R"({"texcoordindex": 8})"),
                         "scene.json: /draws/0/stages/1/texcoordindex: 8 is out of range (expected 0..7)",
                         InputError);
    CHECK_THROWS_WITH_AS(parseStage(R"({"texturetransformflags": "COUNT2|PROJECT"})"),
                         "scene.json: /draws/0/stages/1/texturetransformflags: unknown texture transform flags "
                         "\"COUNT2|PROJECT\" (expected one of DISABLE, COUNT1, COUNT2, COUNT3, COUNT4, optionally "
                         "followed by |PROJECTED)",
                         InputError);
}

TEST_CASE("formats/pixel_state_json: refrast render rejects a bad blend factor with exit 2 and no output") {
    const test::TempDir dir;
    const std::string scene = dir.write("scene.json", R"({"refrast_scene": 1, "target": {"width": 4, "height": 4},
        "draws": [{"vertices": {"position": {"format": "XYZRHW", "data": [0, 0, 0.5, 1, 4, 0, 0.5, 1, 0, 4, 0.5, 1]}},
                   "state": {"alphablendenable": true, "srcblend": "DSTCOLOR"}}]})");
    const test::CliResult r = test::runRefrast("render " + scene + " -o " + dir.file("out.png"));
    CHECK(r.status == 2);
    CHECK(r.output.find(scene + ": /draws/0/state/srcblend: unknown blend factor \"DSTCOLOR\" (expected one of ZERO,") !=
          std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.file("out.png")));
}

TEST_CASE("formats/pixel_state_json: texture transform counts and PROJECTED (docs/textures.md §8)") {
    CHECK(parseStage(R"({"texturetransformflags": "COUNT1"})").textureTransformFlags == TextureTransformFlags{1, false});
    CHECK(parseStage(R"({"texturetransformflags": "COUNT4"})").textureTransformFlags == TextureTransformFlags{4, false});
    CHECK(parseStage(R"({"texturetransformflags": "COUNT3|PROJECTED"})").textureTransformFlags ==
          TextureTransformFlags{3, true});
    // No counted component to divide u and v by: an error, not a guess.
    for (const char* flags : {"DISABLE|PROJECTED", "COUNT1|PROJECTED"})
        CHECK_THROWS_WITH_AS(parseStage(std::string(R"({"texturetransformflags": ")") + flags + "\"}"),
                             ("scene.json: /draws/0/stages/1/texturetransformflags: \"" + std::string(flags) +
                              "\" has no counted component to divide u and v by (expected COUNT2..COUNT4|PROJECTED)")
                                 .c_str(),
                             InputError);
}

TEST_CASE("formats/pixel_state_json: texcoordindex texgen flags by name or D3D value") {
    TextureStageState t = parseStage(R"({"texcoordindex": "CAMERASPACEREFLECTIONVECTOR|2"})");
    CHECK(t.texGen == TexGen::CameraSpaceReflectionVector);
    CHECK(t.texCoordIndex == 2);
    t = parseStage(R"({"texcoordindex": 262145})");  // 0x40001: D3DTSS_TCI_SPHEREMAP | 1
    CHECK(t.texGen == TexGen::SphereMap);
    CHECK(t.texCoordIndex == 1);
    CHECK(parseStage(R"({"texcoordindex": "CAMERASPACENORMAL"})").texGen == TexGen::CameraSpaceNormal);
    CHECK_THROWS_WITH_AS(parseStage(R"({"texcoordindex": "SPHERE"})"),
                         "scene.json: /draws/0/stages/1/texcoordindex: unknown texcoord index \"SPHERE\" (expected 0..7 or one "
                         "of PASSTHRU, CAMERASPACENORMAL, CAMERASPACEPOSITION, CAMERASPACEREFLECTIONVECTOR, SPHEREMAP, "
                         "optionally followed by |SET)",
                         InputError);
}

TEST_CASE("formats/pixel_state_json: the cube λ and non-power-of-two options (docs/fixed-function.md §11)") {
    const PixelState defaults = parseState("{}");
    CHECK(defaults.options.cubeLod == CubeLodRule::QuotientRule);
    CHECK(defaults.options.nonPow2 == NonPow2Rule::Unconditional);
    const PixelState s = parseState(R"({"cubelod": "FACEDIFFERENCE", "nonpow2": "CONDITIONAL"})");
    CHECK(s.options.cubeLod == CubeLodRule::FaceDifference);
    CHECK(s.options.nonPow2 == NonPow2Rule::Conditional);
    CHECK_THROWS_WITH_AS(parseState(R"({"nonpow2": "POW2"})"),
                         "scene.json: /draws/3/state/nonpow2: unknown non-power-of-two rule \"POW2\" (expected one of "
                         "UNCONDITIONAL, CONDITIONAL)",
                         InputError);
}
