// SPDX-License-Identifier: MIT
#include "raster/vertex/vertex_stage.h"

#include "raster/parallel/parallel.h"
#include "raster/pixel/fixed_function_pixel.h"
#include "raster/pixel/pixel_reads.h"
#include "raster/pixel/rgba.h"
#include "raster/rasterize/fixed_point.h"
#include "raster/vertex/normal_transform.h"
#include "raster/vertex/texcoord_processing.h"
#include "raster/vertex/lighting_vector.h"
#include "raster/vertex/user_clip_planes.h"
#include "raster/vertex/vertex_blend.h"
#include "raster/vertex/vertex_position.h"
#include "raster/vertex/vertex_lighting.h"

#include <algorithm>

namespace refrast {

namespace {

// Viewport transform (docs/fixed-function.md §1.2, [WINE-PRIV]):
// X = vp.X + (1 + x/w) * W/2, Y = vp.Y + (1 - y/w) * H/2,
// Zw = MinZ + z/w * (MaxZ' - MinZ) with MaxZ' = max(MaxZ, MinZ + 0.001).
WindowMapping makeWindowMapping(const Draw& draw, const Viewport& vp) {
    WindowMapping m;
    m.pretransformed = draw.vertices.pretransformed;
    m.x = float(vp.x);
    m.y = float(vp.y);
    m.halfWidth = float(vp.width) * 0.5f;
    m.halfHeight = float(vp.height) * 0.5f;
    m.minZ = vp.minZ;
    m.zScale = std::max(vp.maxZ, vp.minZ + 0.001f) - vp.minZ;
    return m;
}

// Guard band: window coordinates stay within +-kGuardBandPixels.
ClipVolume makeClipVolume(const WindowMapping& m, bool clipTLVerts) {
    ClipVolume c;
    const float g = kGuardBandPixels;
    if (m.pretransformed) {
        // posClip = (X w, Y w, z w, w): planes in pixels; no z clipping unless
        // the device reports D3DPMISCCAPS_CLIPTLVERTS (the cliptlverts option:
        // 0 <= z <= 1, i.e. z w >= 0 and w - z w >= 0); else depth is clamped.
        c.planes[2] = Vec4(1, 0, 0, g);
        c.planes[3] = Vec4(-1, 0, 0, g);
        c.planes[4] = Vec4(0, 1, 0, g);
        c.planes[5] = Vec4(0, -1, 0, g);
        c.active = kClipLeft | kClipRight | kClipTop | kClipBottom;
        if (clipTLVerts) {
            c.planes[0] = Vec4(0, 0, 1, 0);
            c.planes[1] = Vec4(0, 0, -1, 1);
            c.active |= kClipNear | kClipFar;
        }
        return c;
    }
    // X in [-g, g]  <=>  x/w in [(-g - vp.X)/(W/2) - 1, (g - vp.X)/(W/2) - 1].
    const float xLo = (-g - m.x) / m.halfWidth - 1.0f, xHi = (g - m.x) / m.halfWidth - 1.0f;
    // Y in [-g, g]  <=>  y/w in [1 - (g - vp.Y)/(H/2), 1 - (-g - vp.Y)/(H/2)].
    const float yLo = 1.0f - (g - m.y) / m.halfHeight, yHi = 1.0f - (-g - m.y) / m.halfHeight;
    c.planes[0] = Vec4(0, 0, 1, 0);   // z >= 0
    c.planes[1] = Vec4(0, 0, -1, 1);  // w - z >= 0
    c.planes[2] = Vec4(1, 0, 0, -xLo);
    c.planes[3] = Vec4(-1, 0, 0, xHi);
    c.planes[4] = Vec4(0, 1, 0, -yLo);
    c.planes[5] = Vec4(0, -1, 0, yHi);
    c.active = 0x3F;
    return c;
}

VaryingLayout makeLayout(const VertexData& v, const PixelState& ps, const PixelReads& reads, bool sprites) {
    VaryingLayout layout;
    int next = VaryingLayout::kDiffuse + 4;
    auto take = [&next](bool present, int size) {
        const int at = present ? next : -1;
        if (present) next += size;
        return at;
    };
    layout.specular = take(reads.specular, 4);
    layout.flatCount = reads.specular ? layout.specular + 3 : next;
    layout.eyeDepth = take(reads.eyeDepth, 1);
    layout.clipW = take(reads.clipW, 1);
    layout.fog = take(reads.fogVarying, 1);
    // Point sprites make their own coordinates (raster/rasterize/point_square.h): a set
    // the vertices lack still gets its slot.
    for (int s = 0; s < kMaxTexcoordSets; ++s)
        layout.texcoord[size_t(s)] =
            int8_t(take((v.texcoordSize[size_t(s)] || sprites) && (reads.texcoordSets >> s & 1), 2));
    const uint8_t sampled = sampledStageMask(ps);
    for (int s = 0; s < kMaxTextureStages; ++s) {
        const TextureStageState& t = ps.stages[size_t(s)];
        const bool processed = (sampled >> s & 1) && usesTexcoordProcessing(t, v.texcoordSize[size_t(t.texCoordIndex)],
                                                                             ps.textures[size_t(s)].cube);
        layout.stageCoord[size_t(s)] = int8_t(take(processed, 4));
    }
    layout.count = next;
    return layout;
}

void writeColor(float* dst, const std::vector<Vec4>& src, size_t i, const Vec4& absent) {
    const Vec4 c = src.empty() ? absent : src[i];
    for (int k = 0; k < 4; ++k) dst[k] = saturate(c[k]);  // vertex colours clamp to [0, 1] (legacy §3)
}

// The fog varying of an untransformed vertex: the vertex fog factor, or its
// distance when the equation runs per pixel (docs/fixed-function.md §7.3, §11).
float fogVarying(const PixelState& ps, const Vec4& posView) {
    const Vec3 p(posView.x(), posView.y(), posView.z());
    if (ps.options.vertexFogEvaluation == VertexFogEvaluation::PerPixel)
        return vertexFogDistance(p, ps.fog.rangeFogEnable);
    return vertexFog(ps.fog, p);
}

// What runVertexStage decides once per draw for lit vertices (lighting on,
// untransformed vertices; docs/fixed-function.md §16).
struct DrawLighting {
    const VertexProcessingState* state = nullptr;  // null: the draw is unlit
    LightingKernel kernel;  // the lighting of the draw for the lane kernel
    NormalMatrix normals;  // also for texgen
    const VertexProcessingState* vertexState = nullptr;  // NORMALIZENORMALS, LOCALVIEWER for texgen
    bool stageCoords = false;                            // some stage has a processed coordinate
    VertexBlendSetup blend;                              // matrices 0: no vertex blending
};

// The camera-space normal of vertex i (docs/fixed-function.md §16.1, §18):
// blended when the draw blends, else by world·view's normal matrix;
// normalised when NORMALIZENORMALS; (0, 0, 0) without a normal.
Vec3 viewNormal(const VertexData& v, size_t i, const DrawLighting& lit, const BlendedVertex* blended, bool normalize) {
    if (v.normal.empty()) return Vec3(0, 0, 0);
    if (blended) return normalize ? normalize3(blended->normalView) : blended->normalView;
    return transformNormal(lit.normals, v.normal[i], normalize);
}

// Writes the processed coordinate of every stage that has one (texgen and/or
// the texture matrix, docs/textures.md §8).
void writeStageCoords(const VertexData& v, size_t i, const PixelState& ps, const DrawLighting& lit,
                      const BlendedVertex* blended, const Vec4& posView4, const VaryingLayout& layout, float* varyings) {
    const VertexProcessingState& vp = *lit.vertexState;
    const Vec3 posView(posView4.x(), posView4.y(), posView4.z());
    for (int s = 0; s < kMaxTextureStages; ++s) {
        const int at = layout.stageCoord[size_t(s)];
        if (at < 0) continue;
        const TextureStageState& t = ps.stages[size_t(s)];
        const size_t set = size_t(t.texCoordIndex);
        Vec4 in;
        if (t.texGen == TexGen::PassThru) {
            in = texcoordInput(v.texcoordSize[set] ? v.texcoord[set][i] : Vec4(0, 0, 0, 1), v.texcoordSize[set]);
        } else {
            in = texGenVector(t.texGen, posView, viewNormal(v, i, lit, blended, vp.normalizeNormals), vp.localViewer);
        }
        const Vec4 out = transformTexcoord(t.textureTransformFlags, ps.textures[size_t(s)].texcoord.textureTransform, in);
        for (int k = 0; k < 4; ++k) varyings[at + k] = out[k];
    }
}

// XYZRHW: x, y in pixels, z depth, w_clip = 1/rhw, rhw = 0 read as w = 1.
void writePretransformedPosition(const VertexData& v, size_t i, const PositionTransform& t, TransformedVertices& out) {
    float* r = &out.records[i * size_t(out.stride)];
    float* varyings = r + kRecordVaryings;
    const Vec4& p = v.position[i];
    const float w = p.w() == 0.0f ? 1.0f : 1.0f / p.w();
    r[0] = p.x() * w;
    r[1] = p.y() * w;
    r[2] = p.z() * w;
    r[3] = w;
    // The window position is the given one, exactly: only clip-created
    // vertices go through mapToWindow's (x w) / w, which can move it by an ulp.
    r[kRecordWindow + 0] = p.x();
    r[kRecordWindow + 1] = p.y();
    r[kRecordWindow + 2] = p.z();
    r[kRecordWindow + 3] = p.w() == 0.0f ? 1.0f : p.w();
    const VaryingLayout& layout = out.layout;
    if (layout.eyeDepth >= 0) varyings[layout.eyeDepth] = w;
    if (layout.clipW >= 0) varyings[layout.clipW] = w;
    if (layout.fog >= 0) varyings[layout.fog] = 1.0f;  // XYZRHW vertices never use vertex fog (§7.1)
    out.outcode[i] = clipOutcode(t, r);
    out.snapped[i * 2] = snapToSubpixel(r[kRecordWindow + 0] - t.snapShift);
    out.snapped[i * 2 + 1] = snapToSubpixel(r[kRecordWindow + 1] - t.snapShift);
}

// Everything of vertex i after its position (record[0..7] and the outcode,
// written by transformPositions or writePretransformedPosition): the
// position-dependent varyings, colours, texcoords, lighting, stage coordinates.
void finishVertex(const VertexData& v, size_t i, const Vec4& posView, const BlendedVertex* blended,
                  const PixelState& ps, const DrawLighting& lit, TransformedVertices& out) {
    const VaryingLayout& layout = out.layout;
    float* r = &out.records[i * size_t(out.stride)];
    float* varyings = r + kRecordVaryings;
    if (!v.pretransformed) {
        if (layout.eyeDepth >= 0) varyings[layout.eyeDepth] = posView[2];
        if (layout.clipW >= 0) varyings[layout.clipW] = r[3];
        if (layout.fog >= 0) varyings[layout.fog] = fogVarying(ps, posView);
    }
    writeColor(varyings + VaryingLayout::kDiffuse, v.diffuse, i, Vec4(1, 1, 1, 1));
    if (layout.specular >= 0) {
        const Rgba noSpecular = missingSpecularColor(ps.options.missingSpecular);  // §11
        const Vec4 absent(noSpecular.r, noSpecular.g, noSpecular.b, noSpecular.a);
        writeColor(varyings + layout.specular, v.specular, i, absent);
    }
    for (int s = 0; s < kMaxTexcoordSets; ++s)
        if (layout.texcoord[size_t(s)] >= 0)
            for (int k = 0; k < 2; ++k)
                varyings[layout.texcoord[size_t(s)] + k] = v.texcoordSize[size_t(s)] ? v.texcoord[size_t(s)][i][k] : 0.0f;
    if (lit.stageCoords) writeStageCoords(v, i, ps, lit, blended, posView, layout, varyings);
}

// Vertices go through the position kernel kPositionBatch at a time.
constexpr size_t kPositionBatch = 256;

// Replaces the colours of vertices [first, first + n) by the lit ones
// (docs/fixed-function.md §16): diffuse RGBA and specular rgb; specular alpha
// stays the vertex's (the fog-factor slot, §16.1).
void lightBatch(const VertexData& v, size_t first, size_t n, const float* posView, const BlendedVertex* blended,
                const DrawLighting& lit, TransformedVertices& out) {
    float normals[kPositionBatch * 3];
    LightingBatch b;
    b.posView = posView;
    if (lit.kernel.normals == NormalInput::View) {
        for (size_t k = 0; k < n; ++k)
            for (int c = 0; c < 3; ++c) normals[k * 3 + size_t(c)] = blended[k].normalView[c];
        b.normal = normals;
    } else if (lit.kernel.normals == NormalInput::Object) {
        b.normal = v.normal[first].data();  // Vec3s are 3 contiguous floats (EIGEN_DONT_ALIGN)
    }
    if (!v.diffuse.empty()) b.diffuse = v.diffuse[first].data();
    if (!v.specular.empty()) b.specular = v.specular[first].data();
    b.varyings = &out.records[first * size_t(out.stride) + kRecordVaryings];
    b.stride = out.stride;
    b.specularAt = out.layout.specular;
    lightVertices(lit.kernel, b, n);
}

// Vertices [first, end) of an untransformed draw: positions kPositionBatch
// at a time through the lane kernel (blended ones enter it in eye space),
// then the rest of each vertex.
void transformBatch(const VertexData& v, size_t first, size_t end, const PositionTransform& t, const PixelState& ps,
                    const DrawLighting& lit, TransformedVertices& out) {
    float posView[kPositionBatch * 4];
    BlendedVertex blended[kPositionBatch];
    const bool blends = lit.blend.matrices > 0;
    const size_t n = end - first;
    const float* in = v.position[first].data();  // Vec4s are 4 contiguous floats (EIGEN_DONT_ALIGN)
    if (blends) {
        for (size_t k = 0; k < n; ++k) {
            blended[k] = blendVertex(lit.blend, v, first + k);
            for (int c = 0; c < 4; ++c) posView[k * 4 + size_t(c)] = blended[k].posView[c];
        }
        in = posView;
    }
    PositionTransform batch = t;
    if (blends) batch.worldView = nullptr;
    transformPositions(batch, in, n, posView, &out.records[first * size_t(out.stride)], out.stride, &out.outcode[first],
                       &out.snapped[first * 2]);
    for (size_t k = 0; k < n; ++k) {
        const Vec4 view(posView[k * 4], posView[k * 4 + 1], posView[k * 4 + 2], posView[k * 4 + 3]);
        finishVertex(v, first + k, view, blends ? &blended[k] : nullptr, ps, lit, out);
    }
    if (lit.state) lightBatch(v, first, n, posView, blends ? blended : nullptr, lit, out);
}

constexpr size_t kVertexBlock = 16384;

}  // namespace

TransformedVertices runVertexStage(const Draw& draw, const Viewport& viewport, int threads, PixelCenter center,
                                   TransformedVertices recycled) {
    const VertexData& v = draw.vertices;
    TransformedVertices out;
    out.records = std::move(recycled.records);
    out.outcode = std::move(recycled.outcode);
    out.snapped = std::move(recycled.snapped);
    const FogSelection fog = selectFog(draw.state.pixel, v.pretransformed, draw.transform.projection);
    out.layout = makeLayout(v, draw.state.pixel, pixelReads(draw.state.pixel, fog),
                            draw.primitive == PrimitiveType::PointList && draw.state.point.spriteEnable);
    out.stride = kRecordVaryings + out.layout.count;
    out.window = makeWindowMapping(draw, viewport);
    out.clip = makeClipVolume(out.window, draw.state.vertex.clipTLVerts);
    if (!v.pretransformed) addUserClipPlanes(draw.state.vertex, draw.transform.view, draw.transform.projection, out.clip);
    out.records.ensure(v.count * size_t(out.stride));
    out.outcode.ensure(v.count);
    out.snapped.ensure(v.count * 2);
    // World and view combine first, so the eye-space position is available
    // to fog and the depth fade (docs/fixed-function.md §1.1).
    const Mat4 worldView = draw.transform.world * draw.transform.view;
    const Mat4& proj = draw.transform.projection;
    DrawLighting lit;
    lit.vertexState = &draw.state.vertex;
    for (int8_t at : out.layout.stageCoord) lit.stageCoords |= at >= 0;
    if (draw.state.vertex.lighting && !v.pretransformed) {  // XYZRHW vertices bypass T&L
        lit.state = &draw.state.vertex;
    }
    if (lit.state || lit.stageCoords) lit.normals = normalMatrix(worldView);
    lit.blend = setupVertexBlend(draw.state.vertex, draw.transform, v);
    if (lit.state) {
        const NormalInput normals = v.normal.empty()         ? NormalInput::None
                                    : lit.blend.matrices > 0 ? NormalInput::View
                                                             : NormalInput::Object;
        lit.kernel = lightingKernel(setupLighting(draw.state.vertex, draw.transform.view), draw.state.vertex,
                                    lit.normals, normals, !v.diffuse.empty(), !v.specular.empty(),
                                    out.layout.specular >= 0);
    }
    const PositionTransform t = positionTransform(&worldView, proj, out.window, out.clip, center);
    parallelFor((v.count + kVertexBlock - 1) / kVertexBlock, threads, [&](size_t block) {
        const size_t end = std::min(v.count, (block + 1) * kVertexBlock);
        for (size_t i = block * kVertexBlock; i < end; i += kPositionBatch) {
            const size_t batchEnd = std::min(end, i + kPositionBatch);
            if (!v.pretransformed) {
                transformBatch(v, i, batchEnd, t, draw.state.pixel, lit, out);
                continue;
            }
            for (size_t k = i; k < batchEnd; ++k) {
                writePretransformedPosition(v, k, t, out);
                finishVertex(v, k, Vec4(0, 0, 0, 1), nullptr, draw.state.pixel, lit, out);
            }
        }
    });
    return out;
}

}  // namespace refrast
