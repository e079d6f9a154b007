// SPDX-License-Identifier: MIT
// Building the Draw of a placed effect (docs/sfx.md "Drawing effects in scenes").
// Spec: shared/spec/legacy-behaviours.md §3, §3.1.
#include "formats/sfx/sfx_draw.h"

namespace refrast::sfx {

namespace {

void appendQuad(const SfxQuad& q, bool textured, Draw& d) {
    const uint32_t base = uint32_t(d.vertices.position.size());
    VertexData& v = d.vertices;
    for (int k = 0; k < 4; ++k) {
        const Vec3& c = q.cornersWorld[size_t(k)];
        v.position.emplace_back(c.x(), c.y(), c.z(), 1.0f);
        v.diffuse.push_back(q.rgba);
        if (!textured) continue;
        // The heat colour again, opaque: under a coloured ramp the tint rule
        // turns diffuse rgb white, so stage 1 reads the heat from SPECULAR.
        v.specular.emplace_back(q.rgba.x(), q.rgba.y(), q.rgba.z(), 1.0f);
        v.texcoord[0].emplace_back(q.uv[size_t(k)].x(), q.uv[size_t(k)].y(), 0.0f, 1.0f);
    }
    for (const uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) d.indices.push_back(base + i);
}

// Textured: stage 0 colour = ramped TEXTURE, alpha = TEXTURE × DIFFUSE;
// stage 1 colour = CURRENT × SPECULAR (the heat), alpha = CURRENT.
// Untextured (NOTEX): colour and alpha = DIFFUSE.
void setStages(bool textured, PixelState& p) {
    TextureStageState& s0 = p.stages[0];
    if (!textured) {
        s0.colorOp = s0.alphaOp = TextureOp::SelectArg1;
        s0.colorArg1 = s0.alphaArg1 = TextureArgument{TextureArg::Diffuse};
        return;
    }
    s0.colorOp = TextureOp::SelectArg1;
    s0.colorArg1 = TextureArgument{TextureArg::Texture};
    s0.alphaOp = TextureOp::Modulate;
    s0.alphaArg1 = TextureArgument{TextureArg::Texture};
    s0.alphaArg2 = TextureArgument{TextureArg::Diffuse};
    TextureStageState& s1 = p.stages[1];
    s1.colorOp = TextureOp::Modulate;
    s1.colorArg1 = TextureArgument{TextureArg::Current};
    s1.colorArg2 = TextureArgument{TextureArg::Specular};
    s1.alphaOp = TextureOp::SelectArg1;
    s1.alphaArg1 = TextureArgument{TextureArg::Current};
}

void setState(const SfxDrawStyle& style, DrawState& s) {
    const bool textured = style.texture >= 0;
    s.depth = DepthState{true, Cmp::LessEqual, false};  // depth test on, depth write off
    PixelState& p = s.pixel;
    p.blend.enable = true;
    p.blend.srcBlend = Blend::SrcAlpha;
    p.blend.destBlend = Blend::InvSrcAlpha;
    p.fog.enable = false;
    setStages(textured, p);
    if (!textured) return;
    p.textures[0].texture = style.texture;
    p.textures[0].sampler = style.sampler;
    p.materialRamp = style.ramp;
    p.materialRamp.enable = true;
}

}  // namespace

Draw sfxDraw(const std::vector<SfxQuad>& quads, const Mat4& view, const Mat4& projection, const SfxDrawStyle& style,
             std::string name) {
    Draw d;
    d.name = std::move(name);
    d.primitive = PrimitiveType::TriangleList;
    d.indexed = true;
    const bool textured = style.texture >= 0;
    for (const SfxQuad& q : quads) appendQuad(q, textured, d);
    d.vertices.count = d.vertices.position.size();
    if (textured) d.vertices.texcoordSize[0] = 2;
    d.transform.view = view;
    d.transform.projection = projection;
    setState(style, d.state);
    return d;
}

}  // namespace refrast::sfx
