// SPDX-License-Identifier: MIT
// Spec: D3DRENDERSTATETYPE / D3DTEXTURESTAGESTATETYPE names; docs/scene-format.md.
#include "formats/scene/pixel_state_json.h"

#include "formats/d3d/state_vocabulary.h"
#include "formats/scene/texture_json.h"

#include <cstdio>
#include <string>
#include <vector>

namespace refrast {

namespace {

template <class T>
using Names = std::initializer_list<json::EnumName<T>>;

const Names<Cmp> kCmpNames = {{"NEVER", Cmp::Never},     {"LESS", Cmp::Less},
                              {"EQUAL", Cmp::Equal},     {"LESSEQUAL", Cmp::LessEqual},
                              {"GREATER", Cmp::Greater}, {"NOTEQUAL", Cmp::NotEqual},
                              {"GREATEREQUAL", Cmp::GreaterEqual}, {"ALWAYS", Cmp::Always}};

const Names<Blend> kBlendNames = {
    {"ZERO", Blend::Zero},
    {"ONE", Blend::One},
    {"SRCCOLOR", Blend::SrcColor},
    {"INVSRCCOLOR", Blend::InvSrcColor},
    {"SRCALPHA", Blend::SrcAlpha},
    {"INVSRCALPHA", Blend::InvSrcAlpha},
    {"DESTALPHA", Blend::DestAlpha},
    {"INVDESTALPHA", Blend::InvDestAlpha},
    {"DESTCOLOR", Blend::DestColor},
    {"INVDESTCOLOR", Blend::InvDestColor},
    {"SRCALPHASAT", Blend::SrcAlphaSat},
    {"BOTHSRCALPHA", Blend::BothSrcAlpha},
    {"BOTHINVSRCALPHA", Blend::BothInvSrcAlpha},
    {"BLENDFACTOR", Blend::BlendFactor},
    {"INVBLENDFACTOR", Blend::InvBlendFactor},
};

const Names<BlendOp> kBlendOpNames = {{"ADD", BlendOp::Add},
                                      {"SUBTRACT", BlendOp::Subtract},
                                      {"REVSUBTRACT", BlendOp::RevSubtract},
                                      {"MIN", BlendOp::Min},
                                      {"MAX", BlendOp::Max}};

const Names<FogMode> kFogModeNames = {
    {"NONE", FogMode::None}, {"EXP", FogMode::Exp}, {"EXP2", FogMode::Exp2}, {"LINEAR", FogMode::Linear}};

const Names<TextureOp> kTextureOpNames = {
    {"DISABLE", TextureOp::Disable},
    {"SELECTARG1", TextureOp::SelectArg1},
    {"SELECTARG2", TextureOp::SelectArg2},
    {"MODULATE", TextureOp::Modulate},
    {"MODULATE2X", TextureOp::Modulate2x},
    {"MODULATE4X", TextureOp::Modulate4x},
    {"ADD", TextureOp::Add},
    {"ADDSIGNED", TextureOp::AddSigned},
    {"ADDSIGNED2X", TextureOp::AddSigned2x},
    {"SUBTRACT", TextureOp::Subtract},
    {"ADDSMOOTH", TextureOp::AddSmooth},
    {"BLENDDIFFUSEALPHA", TextureOp::BlendDiffuseAlpha},
    {"BLENDTEXTUREALPHA", TextureOp::BlendTextureAlpha},
    {"BLENDFACTORALPHA", TextureOp::BlendFactorAlpha},
    {"BLENDTEXTUREALPHAPM", TextureOp::BlendTextureAlphaPM},
    {"BLENDCURRENTALPHA", TextureOp::BlendCurrentAlpha},
    {"PREMODULATE", TextureOp::Premodulate},
    {"MODULATEALPHA_ADDCOLOR", TextureOp::ModulateAlphaAddColor},
    {"MODULATECOLOR_ADDALPHA", TextureOp::ModulateColorAddAlpha},
    {"MODULATEINVALPHA_ADDCOLOR", TextureOp::ModulateInvAlphaAddColor},
    {"MODULATEINVCOLOR_ADDALPHA", TextureOp::ModulateInvColorAddAlpha},
    {"BUMPENVMAP", TextureOp::BumpEnvMap},
    {"BUMPENVMAPLUMINANCE", TextureOp::BumpEnvMapLuminance},
    {"DOTPRODUCT3", TextureOp::DotProduct3},
    {"MULTIPLYADD", TextureOp::MultiplyAdd},
    {"LERP", TextureOp::Lerp},
};

const Names<TextureArg> kTextureArgNames = {
    {"DIFFUSE", TextureArg::Diffuse}, {"CURRENT", TextureArg::Current},   {"TEXTURE", TextureArg::Texture},
    {"TFACTOR", TextureArg::TFactor}, {"SPECULAR", TextureArg::Specular}, {"TEMP", TextureArg::Temp},
    {"CONSTANT", TextureArg::Constant}};

// The D3D enum type of a kind, whose constant names and numbers are accepted
// too; refrast's own choices (option enums) have none.
std::string d3dGroupOf(const char* kind) {
    const std::string k(kind);
    if (k == "compare function") return "D3DCMPFUNC";
    if (k == "blend factor") return "D3DBLEND";
    if (k == "blend operation") return "D3DBLENDOP";
    if (k == "fog mode") return "D3DFOGMODE";
    if (k == "texture operation") return "D3DTEXTUREOP";
    return "";
}

template <class T>
void readEnum(json::Object& o, const char* key, const char* kind, Names<T> names, T& out) {
    if (auto n = o.optional(key)) out = n->kind(kind, d3dGroupOf(kind)).template asEnum<T>(names);
}

void readBool(json::Object& o, const char* key, bool& out) {
    if (auto n = o.optional(key)) out = n->asBool();
}

void readColor(json::Object& o, const char* key, uint32_t& out) {
    if (auto n = o.optional(key)) out = n->asColor32();
}

void readFloat(json::Object& o, const char* key, float& out) {
    if (auto n = o.optional(key)) out = n->asFloat();
}

std::string formatNumber(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", double(v));
    return buf;
}

std::vector<std::string> splitFlags(const std::string& s) {
    std::vector<std::string> parts(1);
    for (char ch : s) {
        if (ch == '|') parts.emplace_back();
        else parts.back() += ch;
    }
    return parts;
}

// "TEXTURE", "TEXTURE|COMPLEMENT", "DIFFUSE|ALPHAREPLICATE", ...: a register
// name, then each modifier at most once.
TextureArgument parseTextureArgument(const json::Node& node) {
    TextureArgument arg;
    if (node.isNumber()) {  // D3DTA_* value: register in bits 0-3, COMPLEMENT 0x10, ALPHAREPLICATE 0x20
        const int64_t v = node.asInt(0, 0x3F);
        if ((v & 0xF) > 6) node.fail("unknown texture argument " + std::to_string(v) + " (register " + std::to_string(v & 0xF) + " is no D3DTA_ value)");
        const TextureArg regs[] = {TextureArg::Diffuse, TextureArg::Current, TextureArg::Texture, TextureArg::TFactor,
                                   TextureArg::Specular, TextureArg::Temp, TextureArg::Constant};
        arg.source = regs[v & 0xF];
        arg.complement = (v & 0x10) != 0;
        arg.alphaReplicate = (v & 0x20) != 0;
        return arg;
    }
    std::vector<std::string> parts = splitFlags(node.asString());
    for (std::string& p : parts)
        if (p.rfind("D3DTA_", 0) == 0) p = p.substr(6);
    bool found = false;
    for (const auto& n : kTextureArgNames) {
        if (parts[0] != n.name) continue;
        arg.source = n.value;
        found = true;
    }
    const char* expected =
        "(expected one of DIFFUSE, CURRENT, TEXTURE, TFACTOR, SPECULAR, TEMP, CONSTANT, optionally followed by "
        "|COMPLEMENT and/or |ALPHAREPLICATE)";
    if (!found) node.fail("unknown texture argument \"" + parts[0] + "\" " + expected);
    for (size_t i = 1; i < parts.size(); ++i) {
        bool& flag = parts[i] == "COMPLEMENT" ? arg.complement : arg.alphaReplicate;
        if ((parts[i] != "COMPLEMENT" && parts[i] != "ALPHAREPLICATE") || flag)
            node.fail("bad texture argument modifier \"" + parts[i] + "\" " + expected);
        flag = true;
    }
    return arg;
}

void readArgument(json::Object& o, const char* key, TextureArgument& out) {
    if (auto n = o.optional(key)) out = parseTextureArgument(*n);
}

// "DISABLE", "COUNT1".."COUNT4", each optionally followed by "|PROJECTED".
TextureTransformFlags parseTextureTransformFlags(const json::Node& node) {
    std::vector<std::string> parts;
    if (node.isNumber()) {  // D3DTTFF_COUNTn = n, D3DTTFF_PROJECTED = 256
        const int64_t v = node.asInt(0, 0x104);
        if ((v & ~int64_t(0x107)) != 0 || (v & 7) > 4) node.fail("unknown texture transform flags " + std::to_string(v));
        const char* counts[] = {"DISABLE", "COUNT1", "COUNT2", "COUNT3", "COUNT4"};
        parts.push_back(counts[v & 7]);
        if (v & 0x100) parts.push_back("PROJECTED");
    } else {
        parts = splitFlags(node.asString());
        for (std::string& p : parts)
            if (p.rfind("D3DTTFF_", 0) == 0) p = p.substr(8);
    }
    const std::vector<std::string> counts = {"DISABLE", "COUNT1", "COUNT2", "COUNT3", "COUNT4"};
    const std::string shown = node.isNumber() ? node.raw().dump() : node.asString();
    TextureTransformFlags flags;
    size_t i = 0;
    while (i < counts.size() && counts[i] != parts[0]) ++i;
    if (i == counts.size() || parts.size() > 2 || (parts.size() == 2 && parts[1] != "PROJECTED"))
        node.fail("unknown texture transform flags \"" + shown +
                  "\" (expected one of DISABLE, COUNT1, COUNT2, COUNT3, COUNT4, optionally followed by |PROJECTED)");
    flags.count = uint8_t(i);
    flags.projected = parts.size() == 2;
    // D3D9 defines PROJECTED by "the last counted component"; without a count
    // the divisor is not defined (docs/textures.md §8).
    if (flags.count <= 1 && flags.projected)
        node.fail("\"" + shown + "\" has no counted component to divide u and v by (expected COUNT2..COUNT4|PROJECTED)");
    return flags;
}

// D3DTSS_TEXCOORDINDEX: a set 0..7, a texgen flag name with an optional set
// ("CAMERASPACENORMAL", "SPHEREMAP|1"), or the D3D value (0x10000 | set, ...).
void parseTexCoordIndex(const json::Node& node, TextureStageState& out) {
    if (node.isNumber()) {
        const int64_t v = node.raw() < 0x10000 ? node.asInt(0, kMaxTextureStages - 1)
                                               : node.asInt(0, 0x40000 + kMaxTextureStages - 1);
        if ((v & 0xFFFF) >= kMaxTextureStages) node.fail("expected a texcoord set 0..7 in the low word");
        out.texCoordIndex = int(v & 0xFFFF);
        out.texGen = TexGen(v >> 16);
        return;
    }
    const std::vector<std::string> parts = splitFlags(node.asString());
    const std::vector<std::string> names = {"PASSTHRU", "CAMERASPACENORMAL", "CAMERASPACEPOSITION",
                                            "CAMERASPACEREFLECTIONVECTOR", "SPHEREMAP"};
    size_t i = 0;
    while (i < names.size() && names[i] != parts[0]) ++i;
    const bool setOk = parts.size() == 1 || (parts.size() == 2 && parts[1].size() == 1 && parts[1][0] >= '0' &&
                                             parts[1][0] < char('0' + kMaxTextureStages));
    if (i == names.size() || !setOk)
        node.fail("unknown texcoord index \"" + node.asString() +
                  "\" (expected 0..7 or one of PASSTHRU, CAMERASPACENORMAL, CAMERASPACEPOSITION, "
                  "CAMERASPACEREFLECTIONVECTOR, SPHEREMAP, optionally followed by |SET)");
    out.texGen = TexGen(i);
    out.texCoordIndex = parts.size() == 2 ? parts[1][0] - '0' : 0;
}

void parseFog(json::Object& o, FogState& fog) {
    readBool(o, "fogenable", fog.enable);
    readColor(o, "fogcolor", fog.color);
    readEnum(o, "fogtablemode", "fog mode", kFogModeNames, fog.tableMode);
    readEnum(o, "fogvertexmode", "fog mode", kFogModeNames, fog.vertexMode);
    readFloat(o, "fogstart", fog.start);
    readFloat(o, "fogend", fog.end);
    readFloat(o, "fogdensity", fog.density);
    readBool(o, "rangefogenable", fog.rangeFogEnable);
    readBool(o, "fogsquareddistance", fog.squaredDistance);
}

void parseAlphaTest(json::Object& o, AlphaTestState& test) {
    readBool(o, "alphatestenable", test.enable);
    readEnum(o, "alphafunc", "compare function", kCmpNames, test.func);
    if (auto n = o.optional("alpharef")) test.ref = uint32_t(n->asInt(0, 0xFFFFFFFFll));
}

void parseBlend(json::Object& o, BlendState& blend) {
    readBool(o, "alphablendenable", blend.enable);
    readEnum(o, "srcblend", "blend factor", kBlendNames, blend.srcBlend);
    readEnum(o, "destblend", "blend factor", kBlendNames, blend.destBlend);
    readEnum(o, "blendop", "blend operation", kBlendOpNames, blend.blendOp);
    readBool(o, "separatealphablendenable", blend.separateAlpha);
    readEnum(o, "srcblendalpha", "blend factor", kBlendNames, blend.srcBlendAlpha);
    readEnum(o, "destblendalpha", "blend factor", kBlendNames, blend.destBlendAlpha);
    readEnum(o, "blendopalpha", "blend operation", kBlendOpNames, blend.blendOpAlpha);
    readColor(o, "blendfactor", blend.blendFactor);
}

void parseExtensions(json::Object& o, MaterialRampState& ramp, DepthFadeState& fade) {
    readBool(o, "materialrampenable", ramp.enable);
    readColor(o, "materialramplow", ramp.low);
    readColor(o, "materialramphigh", ramp.high);
    readBool(o, "depthfadeenable", fade.enable);
    const auto nearNode = o.optional("depthfadenear"), farNode = o.optional("depthfadefar");
    if (nearNode) fade.nearDistance = nearNode->asFloat();
    if (farNode) fade.farDistance = farNode->asFloat();
    if (!(fade.farDistance > fade.nearDistance) && (nearNode || farNode))
        (farNode ? *farNode : *nearNode)
            .fail("depthfadefar (" + formatNumber(fade.farDistance) + ") must be greater than depthfadenear (" +
                  formatNumber(fade.nearDistance) + ")");
}

}  // namespace

void parseFixedFunctionOptions(json::Object& o, FixedFunctionOptions& out) {
    readEnum(o, "missingtexture", "missing-texture rule",
             Names<MissingTextureRule>{{"PASSTHROUGHSTAGE", MissingTextureRule::PassThroughStage},
                                       {"DISABLEREST", MissingTextureRule::DisableRest}},
             out.missingTexture);
    readEnum(o, "missingspecular", "missing-specular rule",
             Names<MissingSpecular>{{"ZERORGBALPHAONE", MissingSpecular::ZeroRgbAlphaOne},
                                    {"ZERO", MissingSpecular::Zero},
                                    {"WHITE", MissingSpecular::White}},
             out.missingSpecular);
    readEnum(o, "vertexfogevaluation", "vertex fog evaluation",
             Names<VertexFogEvaluation>{{"PERVERTEX", VertexFogEvaluation::PerVertex},
                                        {"PERPIXEL", VertexFogEvaluation::PerPixel}},
             out.vertexFogEvaluation);
    readEnum(o, "laststagetemp", "last-stage TEMP rule",
             Names<LastStageTemp>{{"KEEPCURRENT", LastStageTemp::KeepCurrent},
                                  {"WRITECURRENT", LastStageTemp::WriteCurrent}},
             out.lastStageTemp);
    readEnum(o, "premodulate", "PREMODULATE rule",
             Names<PremodulateRule>{{"MODULATENEXTTEXTURE", PremodulateRule::ModulateNextTexture},
                                    {"SELECTARG1", PremodulateRule::SelectArg1}},
             out.premodulate);
    readEnum(o, "xyzrhwtablefog", "XYZRHW table fog input",
             Names<XyzrhwTableFog>{{"Z", XyzrhwTableFog::Z}, {"W", XyzrhwTableFog::W}}, out.xyzrhwTableFog);
    readEnum(o, "negativetablefog", "negative table fog rule",
             Names<NegativeTableFog>{{"KEEP", NegativeTableFog::Keep}, {"ABS", NegativeTableFog::Abs}},
             out.negativeTableFog);
    readEnum(o, "tablefogw", "table fog w input",
             Names<TableFogW>{{"CLIPW", TableFogW::ClipW}, {"EYEZ", TableFogW::EyeZ}}, out.tableFogW);
    readEnum(o, "cubelod", "cube LOD rule",
             Names<CubeLodRule>{{"QUOTIENTRULE", CubeLodRule::QuotientRule}, {"FACEDIFFERENCE", CubeLodRule::FaceDifference}},
             out.cubeLod);
    readEnum(o, "nonpow2", "non-power-of-two rule",
             Names<NonPow2Rule>{{"UNCONDITIONAL", NonPow2Rule::Unconditional}, {"CONDITIONAL", NonPow2Rule::Conditional}},
             out.nonPow2);
}

void parsePixelState(json::Object& state, PixelState& out) {
    readColor(state, "texturefactor", out.textureFactor);
    readBool(state, "specularenable", out.specularEnable);
    parseFog(state, out.fog);
    parseAlphaTest(state, out.alphaTest);
    parseBlend(state, out.blend);
    parseExtensions(state, out.materialRamp, out.depthFade);
    parseFixedFunctionOptions(state, out.options);
}

void parseTextureStageState(json::Object& stage, TextureStageState& out) {
    readEnum(stage, "colorop", "texture operation", kTextureOpNames, out.colorOp);
    readArgument(stage, "colorarg0", out.colorArg0);
    readArgument(stage, "colorarg1", out.colorArg1);
    readArgument(stage, "colorarg2", out.colorArg2);
    readEnum(stage, "alphaop", "texture operation", kTextureOpNames, out.alphaOp);
    readArgument(stage, "alphaarg0", out.alphaArg0);
    readArgument(stage, "alphaarg1", out.alphaArg1);
    readArgument(stage, "alphaarg2", out.alphaArg2);
    readEnum(stage, "resultarg", "result argument",
             Names<TextureArg>{{"CURRENT", TextureArg::Current}, {"TEMP", TextureArg::Temp}}, out.resultArg);
    if (auto n = stage.optional("texcoordindex")) parseTexCoordIndex(*n, out);
    readFloat(stage, "bumpenvmat00", out.bumpEnvMat00);
    readFloat(stage, "bumpenvmat01", out.bumpEnvMat01);
    readFloat(stage, "bumpenvmat10", out.bumpEnvMat10);
    readFloat(stage, "bumpenvmat11", out.bumpEnvMat11);
    readFloat(stage, "bumpenvlscale", out.bumpEnvLScale);
    readFloat(stage, "bumpenvloffset", out.bumpEnvLOffset);
    readColor(stage, "constant", out.constant);
    if (auto n = stage.optional("texturetransformflags")) out.textureTransformFlags = parseTextureTransformFlags(*n);
}

void parseTextureStages(const json::Node& stages, const std::vector<Texture>& textures, PixelState& out) {
    const std::vector<json::Node> entries = stages.asArray(0, kMaxTextureStages);
    for (size_t i = 0; i < entries.size(); ++i) {
        json::Object stage(entries[i], &d3d::kTextureStageStates);
        parseStageTexture(stage, textures, out.textures[i]);
        parseTextureStageState(stage, out.stages[i]);
        stage.finish();
        // D3DTTFF_COUNT2 turns the stage's 2D texture transform on (docs/textures.md T-12).
        out.textures[i].texcoord.transform2D = out.stages[i].textureTransformFlags.count == 2;
    }
}

}  // namespace refrast
