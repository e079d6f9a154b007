// SPDX-License-Identifier: MIT
// The stage order of a frame on one screen:
//
//   1. vertex stage       per draw: transform, window map, varyings, outcodes
//   2. primitive stage    per chunk of triangles, in parallel: assembly,
//                         trivial reject, clipping, culling, setup, binning
//   3. tile stage         per tile, in parallel: every binned triangle in
//                         submission order (chunk order, then bin order):
//                         quads -> coverage -> interpolation
//   4. pixel stage        texture sampling, texture stages, specular, fog
//   5. output merger      alpha test, stencil/depth, blend, colour write
//
// A tile is owned by one task and walks its triangles in submission order, so
// the thread count cannot change a bit (ARCHITECTURE.md "Data flow").
#include "raster/pipeline.h"

#include "raster/draw_context.h"
#include "raster/frame_arena.h"
#include "raster/parallel/parallel.h"
#include "raster/primitive/assemble.h"
#include "raster/primitive/clip.h"
#include "raster/primitive/outline_setup.h"
#include "raster/primitive/point_setup.h"
#include "raster/primitive/winding.h"
#include "raster/primitive/setup.h"
#include "raster/rasterize/hidden_surface.h"
#include "raster/rasterize/line_point.h"
#include "raster/rasterize/point_square.h"
#include "raster/rasterize/traverse.h"
#include "raster/vertex/vertex_stage.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <chrono>

namespace refrast {

namespace {

constexpr size_t kChunkTriangles = 8192;

struct Chunk {
    uint32_t drawIndex;
    size_t first, last;  // triangle range [first, last) of the draw
};

struct TileGrid {
    int columns = 0, rows = 0;
    PixelBounds tile(size_t index, int width, int height) const {
        const int tx = int(index % size_t(columns)), ty = int(index / size_t(columns));
        return {tx * kTileSize, ty * kTileSize, std::min(width, (tx + 1) * kTileSize),
                std::min(height, (ty + 1) * kTileSize)};
    }
    size_t count() const { return size_t(columns) * size_t(rows); }
};

PixelBounds drawBounds(const Draw& draw, const Viewport& vp, int width, int height) {
    PixelBounds r{std::max(0, vp.x), std::max(0, vp.y), std::min(width, vp.x + vp.width), std::min(height, vp.y + vp.height)};
    const ScissorState& s = draw.state.scissor;
    if (s.enable) r = {std::max(r.x0, s.left), std::max(r.y0, s.top), std::min(r.x1, s.right), std::min(r.y1, s.bottom)};
    return r;
}

// Clip-created records are addressed by arena offset until the chunk is done
// (the arena may still grow); this tags such pointers for the fix-up.
constexpr size_t kNotInArena = SIZE_MAX;
struct PendingArenaRefs {
    size_t triangle;
    size_t offset[3];  // kNotInArena: an original vertex record, left as it is
};

// Records the arena offsets of the primitives [first, end) of `out`.
void rememberArenaRefs(const ChunkBins& out, size_t first, std::vector<PendingArenaRefs>& pending) {
    const float* begin = out.clipArena.data();
    const float* end = begin + out.clipArena.size();
    for (size_t k = first; k < out.triangles.size(); ++k) {
        PendingArenaRefs p{k, {}};
        for (int j = 0; j < 3; ++j) {
            const float* v = out.triangles[k].v[j];
            const bool inArena = !std::less<const float*>()(v, begin) && std::less<const float*>()(v, end);
            p.offset[j] = inArena ? size_t(v - begin) : kNotInArena;
        }
        pending.push_back(p);
    }
}

// `snapped`: the vertices' snapped positions from the vertex stage, or null (clip-created vertices).
void setUp(const DrawContext& ctx, uint32_t drawIndex, const float* const v[3], bool flip, PixelCenter center,
           ChunkBins& out, const int32_t* const* snapped = nullptr) {
    const RasterizerState& r = ctx.draw->state.rasterizer;
    SetupInput in{{v[0], v[1], v[2]}, flip, drawIndex, r.cullMode, center, ctx.bounds};
    if (snapped)
        for (int i = 0; i < 3; ++i) in.snapped[i] = snapped[i];
    if (r.fillMode != FillMode::Solid) setupOutline(in, r.fillMode, out.triangles);
    else if (!setupTriangle(in, out.triangles.emplace_back())) out.triangles.pop_back();
}

// FILLMODE POINT / WIREFRAME of a triangle that needs clipping: the clipped
// polygon decides the winding; then only the original vertices inside the
// clip volume become points, and each original edge is clipped as a segment,
// so clipping adds neither points nor edges (docs/fixed-function.md §2.4).
void clipAndSetUpOutline(const DrawContext& ctx, const SetupInput& in, const uint16_t outcode[3], ChunkBins& out,
                         std::vector<PendingArenaRefs>& pending) {
    const TransformedVertices& tv = ctx.vertices;
    const size_t base = out.clipArena.size();
    const int n = clipTriangle(tv.clip, tv.window, tv.stride, in.v[0], in.v[1], in.v[2], out.clipArena);
    bool clockwise = false, drawn = false;
    for (int i = 1; i + 1 < n && !drawn; ++i) {  // the first fan triangle with an area decides
        const float* p = out.clipArena.data() + base;
        SetupInput fan = in;
        fan.v[0] = p;
        fan.v[1] = p + size_t(i) * tv.stride;
        fan.v[2] = p + size_t(i + 1) * tv.stride;
        drawn = outlineDrawn(fan, clockwise);
        if (!drawn && snapTriangle(fan.v, in.pixelCenter).det != 0) break;  // culled
    }
    out.clipArena.resize(base);
    if (!drawn) return;
    const FillMode mode = ctx.draw->state.rasterizer.fillMode;
    for (int i = 0; i < 3; ++i) {
        if (mode == FillMode::Point) {
            if (outcode[i] == 0) appendPoint(in, i, clockwise, out.triangles);
            continue;
        }
        const size_t at = out.clipArena.size();
        if (!clipSegment(tv.clip, tv.window, tv.stride, in.v[i], in.v[(i + 1) % 3], out.clipArena)) continue;
        const size_t before = out.triangles.size();  // appendLine adds nothing outside the draw's bounds
        appendLine(in, &out.clipArena[at], &out.clipArena[at + size_t(tv.stride)], clockwise, out.triangles);
        rememberArenaRefs(out, before, pending);
    }
}

void clipAndSetUp(const DrawContext& ctx, uint32_t drawIndex, const float* const v[3], bool flip, PixelCenter center,
                  ChunkBins& out, std::vector<PendingArenaRefs>& pending) {
    const TransformedVertices& tv = ctx.vertices;
    const size_t base = out.clipArena.size();
    const int n = clipTriangle(tv.clip, tv.window, tv.stride, v[0], v[1], v[2], out.clipArena);
    // FLAT: every clipped vertex carries the provoking vertex's diffuse and
    // specular rgb; specular alpha (a fog factor) stays interpolated (§3).
    if (ctx.draw->state.rasterizer.shadeMode == ShadeMode::Flat)
        for (int i = 0; i < n; ++i)
            std::copy(v[0] + kRecordVaryings, v[0] + kRecordVaryings + tv.layout.flatCount,
                      &out.clipArena[base + size_t(i) * tv.stride + kRecordVaryings]);
    for (int i = 1; i + 1 < n; ++i) {  // fan of the clipped polygon, same winding
        const float* arena = out.clipArena.data();
        const float* p[3] = {arena + base, arena + base + size_t(i) * tv.stride, arena + base + size_t(i + 1) * tv.stride};
        const size_t before = out.triangles.size();
        setUp(ctx, drawIndex, p, flip, center, out);
        rememberArenaRefs(out, before, pending);  // setup may have reordered v[]
    }
}

// LINELIST / LINESTRIP line or POINTLIST point k (docs/fixed-function.md
// §2.5): no culling; a line is clipped as a segment, a point is kept when its
// vertex lies inside the clip volume.
void setUpLineOrPoint(const DrawContext& ctx, uint32_t drawIndex, size_t k, PixelCenter center, ChunkBins& out,
                      std::vector<PendingArenaRefs>& pending) {
    const Draw& draw = *ctx.draw;
    const TransformedVertices& tv = ctx.vertices;
    const AssembledLine a = assembleLineOrPoint(draw.primitive, draw.indices, k);
    const float* v0 = tv.record(a.v[0]);
    const float* v1 = tv.record(a.v[1]);
    const SetupInput in{{v0, v1, v0}, false, drawIndex, CullMode::None, center, ctx.bounds};
    const uint16_t c0 = tv.outcode[a.v[0]], c1 = tv.outcode[a.v[1]];
    if (draw.primitive == PrimitiveType::PointList) {
        if (c0 == 0 && pointInView(v0, ctx.viewport))
            appendSizedPoint(in, v0, pointSize(draw, a.v[0], float(ctx.viewport.height)), draw.state.point.spriteEnable,
                             out.triangles);
        return;
    }
    if ((c0 | c1) == 0) {
        appendLine(in, v0, v1, true, out.triangles);  // lines have no winding: the front stencil set
        return;
    }
    if (c0 & c1) return;
    const size_t at = out.clipArena.size();
    if (!clipSegment(tv.clip, tv.window, tv.stride, v0, v1, out.clipArena)) return;
    const size_t before = out.triangles.size();
    appendLine(in, &out.clipArena[at], &out.clipArena[at + size_t(tv.stride)], true, out.triangles);
    rememberArenaRefs(out, before, pending);
}

// Floats [kRecordTileFirst, kRecordTileFirst + tail) of a record; a few
// floats, so copied four at a time rather than through a call to memmove.
[[gnu::always_inline]] inline void copyRecordTail(const float* from, float* to, int tail) {
    int k = kRecordTileFirst;
    for (const int end = kRecordTileFirst + tail; k + 4 <= end; k += 4) std::memcpy(to + k, from + k, 4 * sizeof(float));
    for (const int end = kRecordTileFirst + tail; k < end; ++k) to[k] = from[k];
}

void binTriangles(const TileGrid& grid, int stride, ChunkBins& out) {
    std::vector<uint32_t>& count = out.tileStart;
    count.assign(grid.count() + 1, 0);
    // Pixel bounds are never negative (clamped to the draw's bounds, which
    // start at 0), so the tile of a pixel is a shift; most small triangles
    // lie in one tile.
    auto forEachTile = [&](const SetupTriangle& t, auto&& fn) {
        const unsigned x0 = unsigned(t.minX) / kTileSize, x1 = unsigned(t.maxX) / kTileSize;
        const unsigned y0 = unsigned(t.minY) / kTileSize, y1 = unsigned(t.maxY) / kTileSize;
        const size_t columns = size_t(grid.columns);
        if (x0 == x1 && y0 == y1) return fn(size_t(y0) * columns + x0);
        for (unsigned ty = y0; ty <= y1; ++ty)
            for (unsigned tx = x0; tx <= x1; ++tx) fn(size_t(ty) * columns + tx);
    };
    size_t previous = SIZE_MAX, switches = 0;  // entries whose tile differs from the entry before
    for (const SetupTriangle& t : out.triangles)
        forEachTile(t, [&](size_t tile) {
            ++count[tile + 1];
            switches += tile != previous;
            previous = tile;
        });
    for (size_t i = 1; i < count.size(); ++i) count[i] += count[i - 1];
    const uint32_t total = count.back();
    out.copies = 2 * switches > total;
    const int tail = stride - kRecordTileFirst;  // floats of a record the tile stage reads
    const size_t recordsSize = kRecordTileFirst + total * 3 * size_t(tail);
    if (out.copies && out.binned.size() < total) out.binned.resize(total);
    float* const records = out.copies ? out.binnedRecords.ensure(recordsSize) : nullptr;
    if (!out.copies && out.binnedIndex.size() < total) out.binnedIndex.resize(total);
    // Fill each tile's range from its end down (count[tile + 1] is the end),
    // then walk the triangles backwards: submission order is kept, and count
    // ends up as the starts, without a second copy of the offsets.
    for (size_t i = out.triangles.size(); i-- > 0;)
        forEachTile(out.triangles[i], [&](size_t tile) {
            const uint32_t at = --count[tile + 1];
            if (!out.copies) {
                out.binnedIndex[at] = uint32_t(i);
                return;
            }
            const SetupTriangle& t = out.triangles[i];
            SetupTriangle& copy = out.binned[at] = t;
            float* record = records + at * 3 * size_t(tail);  // where record 0 would start
            for (int j = 0; j < 3; ++j, record += tail) {
                copyRecordTail(t.v[j], record, tail);
                copy.v[j] = record;
            }
        });
    // count[t + 1] is now tile t's start; shift back to tileStart[t] = start of tile t.
    for (size_t t = 0; t + 1 < count.size(); ++t) count[t] = count[t + 1];
    count.back() = total;
}

// Small scattered triangles (W4) made the tile stage wait on memory for
// every triangle and its vertex records; their bins hold copies of the
// triangles and of the records' tails in tile order, which stream
// (ChunkBins::copies). Indexed bins (triangles that mostly stay in a tile)
// fetch the records kPrefetchRecords triangles ahead.
// (always_inline: GCC 12 otherwise finds the function free of side effects and drops the call.)
constexpr uint32_t kPrefetchRecords = 4;

[[gnu::always_inline]] inline void prefetchBinned(const ChunkBins& b, uint32_t i, uint32_t end) {
    if (b.copies || i + kPrefetchRecords >= end) return;
    const SetupTriangle& t = b.binnedTriangle(i + kPrefetchRecords);
    for (int j = 0; j < 3; ++j) {
        __builtin_prefetch(t.v[j]);
        __builtin_prefetch(t.v[j] + b.stride - 1);
    }
}

void runPrimitiveStage(const std::vector<DrawContext>& draws, const Chunk& chunk, PixelCenter center,
                       const TileGrid& grid, ChunkBins& out) {
    out.reset();
    const DrawContext& ctx = draws[chunk.drawIndex];
    const Draw& draw = *ctx.draw;
    const TransformedVertices& tv = ctx.vertices;
    std::vector<PendingArenaRefs> pending;
    out.triangles.reserve(chunk.last - chunk.first);  // one per triangle unless clipping or outlines add more
    for (size_t k = chunk.first; k < chunk.last; ++k) {
        if (isLineOrPoint(draw.primitive)) {
            ++out.assembled;
            setUpLineOrPoint(ctx, chunk.drawIndex, k, center, out, pending);
            continue;
        }
        const AssembledTriangle a = assembleTriangle(draw.primitive, draw.indices, k);
        ++out.assembled;
        const uint16_t c0 = tv.outcode[a.v[0]], c1 = tv.outcode[a.v[1]], c2 = tv.outcode[a.v[2]];
        if (c0 & c1 & c2) continue;  // wholly outside one plane
        const float* v[3] = {tv.record(a.v[0]), tv.record(a.v[1]), tv.record(a.v[2])};
        if ((c0 | c1 | c2) == 0) {
            const int32_t* snapped[3] = {tv.snappedXY(a.v[0]), tv.snappedXY(a.v[1]), tv.snappedXY(a.v[2])};
            setUp(ctx, chunk.drawIndex, v, a.flipWinding, center, out, snapped);
        }
        else if (draw.state.rasterizer.fillMode == FillMode::Solid)
            clipAndSetUp(ctx, chunk.drawIndex, v, a.flipWinding, center, out, pending);
        else {
            const RasterizerState& r = draw.state.rasterizer;
            const SetupInput in{{v[0], v[1], v[2]}, a.flipWinding, chunk.drawIndex, r.cullMode, center, ctx.bounds};
            const uint16_t outcode[3] = {c0, c1, c2};
            clipAndSetUpOutline(ctx, in, outcode, out, pending);
        }
    }
    for (const PendingArenaRefs& p : pending)
        for (int j = 0; j < 3; ++j)
            if (p.offset[j] != kNotInArena) out.triangles[p.triangle].v[j] = out.clipArena.data() + p.offset[j];
    binTriangles(grid, tv.stride, out);
    out.stride = tv.stride;
}

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

FrameTextures sceneTextures(const Scene& scene) {
    FrameTextures t;
    for (const Texture& texture : scene.textures) t.table.push_back(&texture);
    t.time = scene.time;
    return t;
}

void renderFrame(const Scene& scene, Framebuffer& fb, int threads, FrameStats* stats) {
    std::vector<uint32_t> all(scene.draws.size());
    for (size_t d = 0; d < all.size(); ++d) all[d] = uint32_t(d);
    const FrameTextures textures = sceneTextures(scene);
    renderDraws(scene, all, textures, fb, threads, stats);
}

void renderDraws(const Scene& scene, std::span<const uint32_t> drawIndices, const FrameTextures& textures,
                 Framebuffer& fb, int threads, FrameStats* stats) {
    auto t0 = std::chrono::steady_clock::now();
    const FrameArenaHandle arena = acquireFrameArena();
    if (arena->vertices.size() < drawIndices.size()) arena->vertices.resize(drawIndices.size());
    // 1. Vertex stage.
    std::vector<DrawContext> draws(drawIndices.size());
    for (size_t d = 0; d < draws.size(); ++d) {
        const Draw& draw = scene.draws[drawIndices[d]];
        const Viewport viewport = draw.viewport.value_or(scene.target.viewport);
        draws[d].draw = &draw;
        draws[d].drawId = drawIndices[d];
        draws[d].textures = &textures;
        draws[d].vertices = runVertexStage(draw, viewport, threads, scene.target.pixelCenter, std::move(arena->vertices[d]));
        draws[d].bounds = drawBounds(draw, viewport, fb.width, fb.height);
        draws[d].viewport = viewport;
        draws[d].fog = selectFog(draw.state.pixel, draw.vertices.pretransformed, draw.transform.projection);
        draws[d].shading = makeShadingPlan(draw);
        draws[d].ambiguity = AmbiguityProbe::of(fb);
        draws[d].deferral = colorDeferral(draws[d], fb);
    }
    const double vertexMs = msSince(t0);

    // 2. Primitive stage, chunk by chunk.
    t0 = std::chrono::steady_clock::now();
    const TileGrid grid{(fb.width + kTileSize - 1) / kTileSize, (fb.height + kTileSize - 1) / kTileSize};
    std::vector<Chunk> chunks;
    for (uint32_t d = 0; d < draws.size(); ++d) {
        if (draws[d].bounds.empty()) continue;
        const Draw& draw = *draws[d].draw;
        const size_t n = triangleCount(draw.primitive, draw.indexed ? draw.indices.size() : draw.vertices.count);
        for (size_t k = 0; k < n; k += kChunkTriangles) chunks.push_back({d, k, std::min(n, k + kChunkTriangles)});
    }
    if (arena->bins.size() < chunks.size()) arena->bins.resize(chunks.size());
    const std::span<const ChunkBins> bins(arena->bins.data(), chunks.size());
    parallelFor(chunks.size(), threads, [&](size_t c) {
        runPrimitiveStage(draws, chunks[c], scene.target.pixelCenter, grid, arena->bins[c]);
    });
    const double setupMs = msSince(t0);

    // 3-5. Tiles: each walks every chunk's bin for it, in submission order;
    // opaque triangles may wait to be shaded until the tile's end or until
    // something reads the colour (hidden-surface removal, the same bytes).
    t0 = std::chrono::steady_clock::now();
    std::atomic<size_t> hidden{0};
    parallelFor(grid.count(), threads, [&](size_t tileIndex) {
        const PixelBounds tile = grid.tile(tileIndex, fb.width, fb.height);
        fb.clearTile(tile);  // a clear left to the tiles (InitialClear::ByTiles), written here while the tile is drawn
        thread_local TileOwners owners;
        owners.begin(tile);
        auto shadeOwned = [&](const DrawContext& ctx, const SetupTriangle& t, uint32_t owner, bool whole) {
            rasterizeTriangle(ctx, t, tile, fb, TrianglePass::ColorOnly, whole ? nullptr : &owners, owner);
        };
        for (const ChunkBins& b : bins)
            for (uint32_t i = b.tileStart[tileIndex], end = b.tileStart[tileIndex + 1]; i < end; ++i) {
                prefetchBinned(b, i, end);
                const SetupTriangle& t = b.binnedTriangle(i);
                const DrawContext& ctx = draws[t.drawIndex];
                switch (owners.route(ctx, t)) {
                    case TileOwners::Route::Defer:
                        rasterizeTriangle(ctx, t, tile, fb, TrianglePass::DepthOnly, &owners, owners.defer(ctx, t));
                        continue;
                    case TileOwners::Route::FlushThenNow: owners.flush(shadeOwned); break;
                    case TileOwners::Route::Now: break;
                }
                switch (t.shape) {
                    case PrimitiveShape::Triangle: rasterizeTriangle(ctx, t, tile, fb); break;
                    case PrimitiveShape::Line: rasterizeLine(ctx, t, tile, fb); break;
                    case PrimitiveShape::Point: rasterizePoint(ctx, t, tile, fb); break;
                    case PrimitiveShape::Square: rasterizeSquare(ctx, t, tile, fb); break;
                }
            }
        owners.flush(shadeOwned);
        if (const size_t n = owners.takeHidden()) hidden.fetch_add(n, std::memory_order_relaxed);
    });
    fb.pendingClear.reset();
    if (stats) {
        stats->vertexMs += vertexMs;
        stats->setupMs += setupMs;
        stats->rasterMs += msSince(t0);
        stats->fragmentsHidden += hidden.load();
        for (const ChunkBins& b : bins) {
            stats->trianglesAssembled += b.assembled;
            stats->trianglesSetUp += b.triangles.size();
        }
    }
    for (size_t d = 0; d < draws.size(); ++d) arena->vertices[d] = std::move(draws[d].vertices);
}

}  // namespace refrast
