// SPDX-License-Identifier: MIT
#include "raster/command_stream.h"

#include "raster/ambiguity/probe.h"
#include "raster/output/color_format.h"
#include "raster/output/depth_test.h"
#include "raster/surface_copy.h"

#include <algorithm>
#include <utility>

namespace refrast {

namespace {

Framebuffer newSurface(const SurfaceDesc& d) {
    Framebuffer fb;
    fb.width = d.width;
    fb.height = d.height;
    const size_t n = size_t(d.width) * size_t(d.height);
    if (d.kind == SurfaceDesc::Kind::Color) {
        // Surfaces start as colour 0, depth 1.0, stencil 0 (docs/scene-format.md "surfaces").
        fb.colorFormat = d.colorFormat;
        const Rgba8 c = storedClearColor(d.colorFormat, 0);
        fb.color.resize(n * 4);
        for (size_t i = 0; i < n; ++i) fb.setColor(i, c);
    } else {
        fb.depthFormat = d.depthFormat;
        fb.depth.assign(n, storeDepth(d.depthFormat, 1.0f));
        fb.stencil.assign(n, 0);
    }
    return fb;
}

void runClear(const ClearCommand& c, std::vector<Framebuffer>& surfaces) {
    Framebuffer& color = surfaces[size_t(c.colorSurface)];
    Framebuffer* depth = c.depthSurface == kNoSurface ? nullptr : &surfaces[size_t(c.depthSurface)];
    const Rgba8 stored = storedClearColor(color.colorFormat, c.color);
    const uint32_t z = depth ? storeDepth(depth->depthFormat, c.z) : 0;
    const uint8_t stencil = depth ? uint8_t(c.stencilValue & ((1u << stencilBits(depth->depthFormat)) - 1u)) : 0;
    for (const SurfaceRect& r : c.rects)
        for (int y = r.y0; y < r.y1; ++y)
            for (int x = r.x0; x < r.x1; ++x) {
                if (c.target) {
                    const size_t i = color.index(x, y);
                    color.setColor(i, stored);
                    color.markCleared(i);
                }
                if (!depth) continue;
                const size_t i = depth->index(x, y);
                if (c.zbuffer) depth->depth[i] = z;
                if (c.stencil) depth->stencil[i] = stencil;
            }
}

// The draws' view of a colour surface sampled as a texture: one RGBA8 level
// of the stored bytes (docs/scene-format.md "surfaces").
void snapshotSurface(const Framebuffer& fb, const std::string& name, Texture& out) {
    out.name = name;
    out.encoding = TexelEncoding::Unorm8;
    out.levels.assign(1, MipLevel{fb.width, fb.height, fb.color});
    out.decoded.reset();  // the surface has changed since the last snapshot was sampled
}

// Binds the depth/stencil surface's planes into `work` (sized like the colour
// surface: a larger depth surface lends its top-left corner) or, with none,
// planes nothing reads (the loader turned depth and stencil off for such draws).
void bindDepth(const Framebuffer* depth, Framebuffer& work) {
    const size_t n = size_t(work.width) * size_t(work.height);
    if (!depth) {
        work.depth.assign(n, 0);
        work.stencil.assign(n, 0);
        return;
    }
    work.depthFormat = depth->depthFormat;
    work.depth.resize(n);
    work.stencil.resize(n);
    for (int y = 0; y < work.height; ++y) {
        std::copy_n(&depth->depth[depth->index(0, y)], work.width, &work.depth[work.index(0, y)]);
        std::copy_n(&depth->stencil[depth->index(0, y)], work.width, &work.stencil[work.index(0, y)]);
    }
}

void unbindDepth(const Framebuffer& work, Framebuffer* depth) {
    if (!depth) return;
    for (int y = 0; y < work.height; ++y) {
        std::copy_n(&work.depth[work.index(0, y)], work.width, &depth->depth[depth->index(0, y)]);
        std::copy_n(&work.stencil[work.index(0, y)], work.width, &depth->stencil[depth->index(0, y)]);
    }
}

void swapColorPlanes(Framebuffer& a, Framebuffer& b) {
    std::swap(a.nearEdge, b.nearEdge);
    std::swap(a.robustCover, b.robustCover);
    std::swap(a.knife, b.knife);
    std::swap(a.knifePending, b.knifePending);
    std::swap(a.color, b.color);
    std::swap(a.drawId, b.drawId);
    std::swap(a.overdraw, b.overdraw);
    std::swap(a.touches, b.touches);
}

void addExtraPlanes(Framebuffer& fb, ExtraPlanes extra) {
    if (extra.drawRecords) {
        fb.drawId.assign(size_t(fb.width) * size_t(fb.height), 0);
        fb.overdraw.assign(size_t(fb.width) * size_t(fb.height), 0);
    }
    if (extra.ambiguity) {
        fb.nearEdge.assign(size_t(fb.width) * size_t(fb.height), 0);
        fb.robustCover.assign(size_t(fb.width) * size_t(fb.height), 0);
        addKnifePlanes(fb);
    }
    if (extra.touches) fb.touches.assign(size_t(fb.width) * size_t(fb.height));
}

class CommandRunner {
public:
    CommandRunner(const Scene& scene, int threads, FrameStats* stats, ExtraPlanes extra)
        : scene_(scene), threads_(threads), stats_(stats), textures_(sceneTextures(scene)),
          snapshots_(scene.textures.size()) {
        for (const SurfaceDesc& d : scene.surfaces) {
            surfaces_.push_back(newSurface(d));
            // Draws are attributed on the output only: other surfaces keep no touches.
            const bool output = surfaces_.size() - 1 == size_t(scene.outputSurface);
            if (d.kind == SurfaceDesc::Kind::Color)
                addExtraPlanes(surfaces_.back(), {extra.ambiguity, extra.touches && output, extra.drawRecords});
        }
        version_.assign(surfaces_.size(), 1);
        snapshotVersion_.assign(scene.textures.size(), 0);
    }

    void run() {
        const std::vector<Command>& cmds = scene_.commands;
        for (size_t i = 0; i < cmds.size();) {
            const Command& c = cmds[i];
            switch (c.kind) {
                case Command::Kind::Clear:
                    runClear(scene_.clears[c.index], surfaces_);
                    ++version_[size_t(scene_.clears[c.index].colorSurface)];
                    break;
                case Command::Kind::ColorFill:
                    colorFill(scene_.colorFills[c.index], surfaces_);
                    ++version_[size_t(scene_.colorFills[c.index].surface)];
                    break;
                case Command::Kind::StretchRect:
                    stretchRect(scene_.stretchRects[c.index], surfaces_);
                    ++version_[size_t(scene_.stretchRects[c.index].dest)];
                    break;
                case Command::Kind::Draw: i = runDraws(i); continue;
            }
            ++i;
        }
    }

    std::vector<Framebuffer> takeSurfaces() { return std::move(surfaces_); }

private:
    // The run of draws from command `first` into the same surfaces; returns
    // the index of the first command after it.
    size_t runDraws(size_t first) {
        const std::vector<Command>& cmds = scene_.commands;
        const Draw& head = scene_.draws[cmds[first].index];
        std::vector<uint32_t> run;
        size_t i = first;
        for (; i < cmds.size() && cmds[i].kind == Command::Kind::Draw; ++i) {
            const Draw& d = scene_.draws[cmds[i].index];
            if (d.colorSurface != head.colorSurface || d.depthSurface != head.depthSurface) break;
            run.push_back(cmds[i].index);
        }
        for (uint32_t d : run) snapshotSampledSurfaces(scene_.draws[d]);
        Framebuffer& color = surfaces_[size_t(head.colorSurface)];
        Framebuffer* depth = head.depthSurface == kNoSurface ? nullptr : &surfaces_[size_t(head.depthSurface)];
        Framebuffer work;
        work.width = color.width;
        work.height = color.height;
        work.colorFormat = color.colorFormat;
        swapColorPlanes(work, color);
        bindDepth(depth, work);
        renderDraws(scene_, run, textures_, work, threads_, stats_);
        unbindDepth(work, depth);
        swapColorPlanes(work, color);
        ++version_[size_t(head.colorSurface)];
        return i;
    }

    void snapshotSampledSurfaces(const Draw& d) {
        for (const StageTextureBinding& b : d.state.pixel.textures) {
            if (b.texture < 0) continue;
            const Texture& t = scene_.textures[size_t(b.texture)];
            if (t.surface < 0) continue;
            // A cube mirrors the six face surfaces from t.surface on; versions
            // only grow, so their sum changes whenever a face is written.
            const int faces = t.type == TextureType::Cube ? kCubemapFaceCount : 1;
            uint64_t version = 0;
            for (int f = 0; f < faces; ++f) version += version_[size_t(t.surface + f)];
            if (snapshotVersion_[size_t(b.texture)] == version) continue;
            snapshotVersion_[size_t(b.texture)] = version;
            Texture& snapshot = snapshots_[size_t(b.texture)];
            if (t.type == TextureType::Cube) {
                snapshot.name = t.name;
                snapshot.type = TextureType::Cube;
                snapshot.faces.resize(size_t(kCubemapFaceCount));
                for (int f = 0; f < faces; ++f)
                    snapshotSurface(surfaces_[size_t(t.surface + f)], t.name, snapshot.faces[size_t(f)]);
            } else {
                snapshotSurface(surfaces_[size_t(t.surface)], t.name, snapshot);
            }
            textures_.table[size_t(b.texture)] = &snapshot;
        }
    }

    const Scene& scene_;
    int threads_;
    FrameStats* stats_;
    FrameTextures textures_;
    std::vector<Texture> snapshots_;  // by texture slot, for slots that mirror a surface
    std::vector<Framebuffer> surfaces_;
    std::vector<uint64_t> version_;          // by surface: bumped by every write
    std::vector<uint64_t> snapshotVersion_;  // by texture slot: the surface version it holds
};

}  // namespace

FrameSurfaces runCommandStream(const Scene& scene, int threads, FrameStats* stats, ExtraPlanes extra) {
    FrameSurfaces out;
    if (scene.commands.empty()) {  // version 1: one target, cleared, then every draw
        out.surfaces.emplace_back(scene.target, false, InitialClear::ByTiles);  // renderFrame clears each tile
        addExtraPlanes(out.surfaces[0], extra);
        renderFrame(scene, out.surfaces[0], threads, stats);
        return out;
    }
    CommandRunner runner(scene, threads, stats, extra);
    runner.run();
    out.surfaces = runner.takeSurfaces();
    out.colorIndex = scene.outputSurface;
    out.depthIndex = scene.depthOutputSurface;
    return out;
}

}  // namespace refrast
