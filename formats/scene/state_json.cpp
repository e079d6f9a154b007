// SPDX-License-Identifier: MIT
// A draw's "transform" and the rasterizer/depth/stencil/scissor/write-mask
// part of its "state" (D3D9 render-state names, lower case, values as D3D9's
// own suffixes: "zfunc": "LESSEQUAL").
#include "formats/scene/scene_parse.h"

#include "formats/d3d/state_vocabulary.h"
#include "formats/scene/pixel_state_json.h"
#include "raster/output/depth_bias.h"
#include "formats/scene/vertex_processing_json.h"

namespace refrast::scene_json {

namespace {

Cmp parseCmp(json::Node n) {
    return n.kind("compare function", "D3DCMPFUNC")
        .asEnum<Cmp>({{"NEVER", Cmp::Never}, {"LESS", Cmp::Less}, {"EQUAL", Cmp::Equal}, {"LESSEQUAL", Cmp::LessEqual},
                      {"GREATER", Cmp::Greater}, {"NOTEQUAL", Cmp::NotEqual}, {"GREATEREQUAL", Cmp::GreaterEqual},
                      {"ALWAYS", Cmp::Always}});
}

StencilOp parseStencilOp(json::Node n) {
    return n.kind("stencil operation", "D3DSTENCILOP")
        .asEnum<StencilOp>({{"KEEP", StencilOp::Keep}, {"ZERO", StencilOp::Zero}, {"REPLACE", StencilOp::Replace},
                            {"INCRSAT", StencilOp::IncrSat}, {"DECRSAT", StencilOp::DecrSat}, {"INVERT", StencilOp::Invert},
                            {"INCR", StencilOp::Incr}, {"DECR", StencilOp::Decr}});
}

void parseRasterizer(json::Object& o, RasterizerState& r) {
    if (auto n = o.optional("cullmode"))
        r.cullMode = n->kind("cull mode", "D3DCULL").asEnum<CullMode>({{"NONE", CullMode::None}, {"CW", CullMode::CW}, {"CCW", CullMode::CCW}});
    if (auto n = o.optional("fillmode"))
        r.fillMode = n->kind("fill mode", "D3DFILLMODE").asEnum<FillMode>(
            {{"POINT", FillMode::Point}, {"WIREFRAME", FillMode::Wireframe}, {"SOLID", FillMode::Solid}});
    if (auto n = o.optional("shademode"))
        r.shadeMode = n->kind("shade mode", "D3DSHADEMODE").asEnum<ShadeMode>(
            {{"FLAT", ShadeMode::Flat}, {"GOURAUD", ShadeMode::Gouraud}, {"PHONG", ShadeMode::Phong}});
}

void parsePoint(json::Object& o, PointState& p) {
    if (auto n = o.optional("pointsize")) p.size = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointsize_min")) p.sizeMin = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointsize_max")) p.sizeMax = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointscaleenable")) p.scaleEnable = n->asBool();
    if (auto n = o.optional("pointscale_a")) p.scaleA = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointscale_b")) p.scaleB = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointscale_c")) p.scaleC = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("pointspriteenable")) p.spriteEnable = n->asBool();
}

// ZENABLE is a D3DZBUFFERTYPE, so besides a BOOL's spellings it takes
// D3DZB_FALSE/D3DZB_TRUE by name or number; D3DZB_USEW (W-buffering) is
// reported as unsupported, not as a bad BOOL.
bool parseZEnable(json::Node n) {
    if (n.raw().is_boolean()) return n.asBool();
    return n.kind("z-buffer type", "D3DZBUFFERTYPE").asEnum<bool>({{"FALSE", false}, {"TRUE", true}});
}

void parseDepth(json::Object& o, DepthState& d) {
    if (auto n = o.optional("zenable")) d.zEnable = parseZEnable(*n);
    if (auto n = o.optional("zfunc")) d.zFunc = parseCmp(*n);
    if (auto n = o.optional("zwriteenable")) d.zWriteEnable = n->asBool();
    if (auto n = o.optional("depthbias")) d.depthBias = n->asFloat(-1.0, 1.0);
    if (auto n = o.optional("slopescaledepthbias")) d.slopeScaleDepthBias = n->asFloat(-1e6, 1e6);
    // D3D7's integer ZBIAS (0..16) is DEPTHBIAS in Wine's units (raster/output/depth_bias.h).
    if (auto n = o.optional("zbias")) d.depthBias = float(n->asInt(0, 16)) * kZBiasToDepthBias;
}

void parseStencilFace(json::Object& o, const char* prefix, StencilFaceState& f) {
    const std::string p(prefix);
    if (auto n = o.optional((p + "func").c_str())) f.func = parseCmp(*n);
    if (auto n = o.optional((p + "fail").c_str())) f.fail = parseStencilOp(*n);
    if (auto n = o.optional((p + "zfail").c_str())) f.zFail = parseStencilOp(*n);
    if (auto n = o.optional((p + "pass").c_str())) f.pass = parseStencilOp(*n);
}

void parseStencil(json::Object& o, StencilState& s) {
    if (auto n = o.optional("stencilenable")) s.enable = n->asBool();
    if (auto n = o.optional("stencilref")) s.ref = uint32_t(n->asInt(0, 0xFFFFFFFFll));
    if (auto n = o.optional("stencilmask")) s.mask = uint32_t(n->asInt(0, 0xFFFFFFFFll));
    if (auto n = o.optional("stencilwritemask")) s.writeMask = uint32_t(n->asInt(0, 0xFFFFFFFFll));
    parseStencilFace(o, "stencil", s.front);
    if (auto n = o.optional("twosidedstencilmode")) s.twoSided = n->asBool();
    parseStencilFace(o, "ccw_stencil", s.back);
}

void parseScissor(json::Object& o, ScissorState& s) {
    if (auto n = o.optional("scissortestenable")) s.enable = n->asBool();
    if (auto n = o.optional("scissorrect")) {
        const std::vector<json::Node> r = n->asArray(4, 4);
        s.left = int(r[0].asInt(0, kMaxTargetSide));
        s.top = int(r[1].asInt(0, kMaxTargetSide));
        s.right = int(r[2].asInt(0, kMaxTargetSide));
        s.bottom = int(r[3].asInt(0, kMaxTargetSide));
        if (s.right < s.left || s.bottom < s.top) n->fail("expected [left, top, right, bottom] with right >= left, bottom >= top");
    }
}

}  // namespace

PrimitiveType parsePrimitiveType(const json::Node& node) {
    return json::Node(node).kind("primitive type", "D3DPRIMITIVETYPE")
        .asEnum<PrimitiveType>({{"POINTLIST", PrimitiveType::PointList},
                                {"LINELIST", PrimitiveType::LineList},
                                {"LINESTRIP", PrimitiveType::LineStrip},
                                {"TRIANGLELIST", PrimitiveType::TriangleList},
                                {"TRIANGLESTRIP", PrimitiveType::TriangleStrip},
                                {"TRIANGLEFAN", PrimitiveType::TriangleFan}});
}

Mat4 parseMatrix(const json::Node& node) {
    const std::vector<float> m = node.asFloatArray(16, 16);
    Mat4 out;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) out(r, c) = m[size_t(r * 4 + c)];
    return out;
}

DrawTransform parseTransform(const json::Node& node) {
    json::Object o(node);
    DrawTransform t;
    if (auto n = o.optional("world")) t.world = parseMatrix(*n);
    if (auto n = o.optional("view")) t.view = parseMatrix(*n);
    if (auto n = o.optional("projection")) t.projection = parseMatrix(*n);
    // D3DTS_WORLDMATRIX(1), (2), …: entry k is WORLDMATRIX(k + 1) (vertex blending).
    if (auto n = o.optional("worldmatrices"))
        for (const json::Node& m : n->asArray(0, kMaxWorldMatrices - 1)) t.worldMatrices.push_back(parseMatrix(m));
    o.finish();
    return t;
}

void parseDrawState(const json::Node& node, DrawState& out) {
    json::Object o(node, &d3d::kRenderStates);
    parseRasterizer(o, out.rasterizer);
    parsePoint(o, out.point);
    parseDepth(o, out.depth);
    parseStencil(o, out.stencil);
    parseScissor(o, out.scissor);
    if (auto n = o.optional("colorwriteenable")) out.colorWrite.mask = uint8_t(n->asInt(0, 15));
    parsePixelState(o, out.pixel);
    parseVertexProcessingState(o, out.vertex);
    o.finish();
}

}  // namespace refrast::scene_json
