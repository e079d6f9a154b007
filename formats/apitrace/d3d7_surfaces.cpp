// SPDX-License-Identifier: MIT
// DirectDraw 7 surfaces (ddraw.h): the primary, render targets, Z buffers and
// textures CreateSurface makes (formats from DDPIXELFORMAT, ddraw_formats.h),
// mipmap chains and flipping chains walked by GetAttachedSurface, texture
// locks, and Blt (a colour fill, or the presentation to the primary).
#include "formats/apitrace/d3d7_device_model.h"

#include "formats/apitrace/ddraw_formats.h"
#include "formats/apitrace/generated_d3d_constants.h"

#include <algorithm>

namespace refrast::apitrace::d3d7_import {

// D3DFMT_ name of a DDPIXELFORMAT (ddraw_formats.h).
std::string D3D7::formatOf(const Value& pf, bool zbuffer) const {
    try {
        return ddraw_formats::formatOf(pf, zbuffer);
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
}

// SetDisplayMode, or the mode GetDisplayMode reported: the size and
// format of a flipping chain's primary and back buffers.
void D3D7::displayMode(const std::string& m) {
    if (failed()) return;
    try {
        if (m == "SetDisplayMode") {
            display_ = {uint32_t(integer("dwWidth")), uint32_t(integer("dwHeight")),
                        ddraw_formats::displayFormat(integer("dwBPP"))};
        } else if (const Value* d = arg("lpDDSurfaceDesc").pointee(); d && d->member("ddpfPixelFormat")) {
            display_ = {uint32_t(memberInt(*d, "dwWidth")), uint32_t(memberInt(*d, "dwHeight")),
                        ddraw_formats::formatOf(*d->member("ddpfPixelFormat"), false)};
        }
    } catch (const InputError&) {
        throw;
    } catch (const std::runtime_error& e) {
        throw fail(e.what());
    }
}

void D3D7::createSurface() {
    const Value* d = arg("lpDDSurfaceDesc").pointee();
    if (!d) throw fail("lpDDSurfaceDesc is NULL");
    const Value* caps = d->member("ddsCaps");
    if (!caps) throw fail("lacks ddsCaps");
    const int64_t c = memberInt(*caps, "dwCaps");
    Surface7 s;
    s.primary = c & ddraw::DDSCAPS_PRIMARYSURFACE;
    s.zbuffer = c & ddraw::DDSCAPS_ZBUFFER;
    s.texture = c & ddraw::DDSCAPS_TEXTURE;
    const uint64_t id = create(outPointer("lplpDDSurface"), Kind::Surface);
    if (s.primary && (c & ddraw::DDSCAPS_FLIP)) {
        // A flipping chain: the primary and its back buffers, in the display's size and format.
        const int64_t flags = memberInt(*d, "dwFlags");
        const int64_t count = (flags & ddraw::DDSD_BACKBUFFERCOUNT) ? memberInt(*d, "dwBackBufferCount") : 0;
        if (count < 1) throw fail("a flipping primary (DDSCAPS_FLIP) without dwBackBufferCount");
        s.backBuffers = uint32_t(count);
    }
    if (!s.primary) {
        const int64_t w = memberInt(*d, "dwWidth"), h = memberInt(*d, "dwHeight");
        if (w < 1 || h < 1 || w > 16384 || h > 16384) throw fail("surface size outside 1..16384");
        s.width = uint32_t(w);
        s.height = uint32_t(h);
        const int64_t flags = memberInt(*d, "dwFlags");
        const bool hasFormat = (flags & ddraw::DDSD_PIXELFORMAT) || s.zbuffer;
        const Value* pf = d->member("ddpfPixelFormat");
        if (hasFormat && !pf) throw fail("lpDDSurfaceDesc lacks ddpfPixelFormat");
        s.format = hasFormat ? formatOf(*pf, s.zbuffer) : "D3DFMT_X8R8G8B8";
        if (s.texture) {
            // A DDSCAPS_MIPMAP | COMPLEX surface is the chain's top level;
            // GetAttachedSurface reaches the others (each half the size).
            int64_t count = 1;
            if ((c & ddraw::DDSCAPS_MIPMAP) && (c & ddraw::DDSCAPS_COMPLEX)) {
                uint32_t full = 1;
                for (uint32_t side = std::max(s.width, s.height); side > 1; side >>= 1) ++full;
                count = (flags & ddraw::DDSD_MIPMAPCOUNT) ? memberInt(*d, "dwMipMapCount") : full;
                if (count == 0) count = full;
                if (count < 1 || count > full)
                    throw fail("dwMipMapCount " + std::to_string(count) + " beyond the " + std::to_string(full) + "-level chain");
            }
            const auto layout = texelLayout(s.format);
            if (!layout) throw fail("texture format " + s.format + " is not read");
            for (int64_t i = 0; i < count; ++i)
                charge(makeLevelBytes(std::max(1u, s.width >> i), std::max(1u, s.height >> i), *layout));
            for (int64_t i = 0; i < count; ++i)
                s.levels.push_back(makeLevel(std::max(1u, s.width >> i), std::max(1u, s.height >> i), *layout));
        }
    }
    surfaces_[id] = std::move(s);
}

void D3D7::surface(const std::string& m) {
    const uint64_t id = self(Kind::Surface);
    Surface7& s = surfaces_.at(id);
    if (m == "AddAttachedSurface") {
        const uint64_t z = object(arg("lpDDSAttachedSurface"), "lpDDSAttachedSurface", Kind::Surface, false);
        if (!surfaces_.at(z).zbuffer) throw fail("attaches a surface that is no Z buffer");
        if (device_) throw fail("attaching a Z buffer after CreateDevice is not supported");
        s.attachedZ = z;
        return;
    }
    if (m == "Lock") {
        if (failed()) return;
        const Value* d = arg("lpDDSurfaceDesc").pointee();
        if (!d) throw fail("lpDDSurfaceDesc is NULL");
        ImageLevel* image = levelOf(s);
        if (!image) {
            lockedWithoutMemory_ = true;  // a render target read back: no upload expected
            s.lock.reset();
            return;
        }
        s.lock = surfaceLock(*d, *image);
        return;
    }
    if (m == "Unlock") return s.lock.reset();
    if (m == "Blt") {
        if (s.primary) return;  // presentation: the frame ends here (frames.cpp)
        const int64_t flags = integer("dwFlags");
        if (flags & ddraw::DDBLT_COLORFILL) {
            const Value* fx = arg("lpDDBltFx").pointee();
            if (!fx || s.capture.empty()) throw fail("a colour fill of a surface that is no render target");
            json j = {{"surface", s.capture}, {"color", uint32_t(memberInt(*fx, "dwFillColor"))}};
            if (const Value* r = arg("lpDestRect").pointee())
                j["rect"] = {memberInt(*r, "left"), memberInt(*r, "top"), memberInt(*r, "right"), memberInt(*r, "bottom")};
            return emit("ColorFill", j);
        }
        throw fail("a Blt to a surface other than the primary is not supported");
    }
    if (m == "GetAttachedSurface") return failed() ? void() : attachedSurface(id);
    if (m == "Flip" && s.backBuffers) return flip(s);
    if (ignorable(m)) return;
    unsupported();
}

// A texture surface's image: its own level of the chain the top surface holds.
ImageLevel* D3D7::levelOf(Surface7& s) {
    Surface7& top = s.top ? surfaces_.at(s.top) : s;
    return s.level < top.levels.size() ? &top.levels[s.level] : nullptr;
}

LockRegion D3D7::surfaceLock(const Value& desc, const ImageLevel& level) const {
    const Value* bits = desc.member("lpSurface");
    if (!bits || !bits->pointer()) throw fail("lpDDSurfaceDesc holds no lpSurface");
    return imageLockAt(level, *bits->pointer(), memberInt(desc, "lPitch"), "lpDestRect");
}

// GetAttachedSurface: the next level of a mipmap chain, or the Z buffer
// attached to a render target.
void D3D7::attachedSurface(uint64_t id) {
    const Value* caps = arg("lpDDSCaps").pointee();
    if (!caps) throw fail("lpDDSCaps is NULL");
    const int64_t c = memberInt(*caps, "dwCaps");
    const uint64_t ptr = outPointer("lplpDDAttachedSurface");
    Surface7& s = surfaces_.at(id);
    if (c & ddraw::DDSCAPS_MIPMAP) {
        const uint64_t top = s.top ? s.top : id;
        const uint32_t level = s.level + 1;
        if (s.levels.empty() && !s.top) throw fail("asks a surface that is no mipmap chain for its next level");
        if (level >= surfaces_.at(top).levels.size()) throw fail("asks the last level of a mipmap chain for a next one");
        Surface7 next;
        next.texture = true;
        next.format = s.format;
        next.width = std::max(1u, s.width >> 1);
        next.height = std::max(1u, s.height >> 1);
        next.top = top;
        next.level = level;
        surfaces_[create(ptr, Kind::Surface)] = std::move(next);
        return;
    }
    if ((c & ddraw::DDSCAPS_ZBUFFER) && s.attachedZ) {
        objects_[ptr] = {Kind::Surface, s.attachedZ};
        return;
    }
    // A flipping chain (ddraw.h, DDSCAPS_FLIP): the primary's attached back
    // buffer is the first; each back buffer's DDSCAPS_FLIP surface is the next
    // one, the last one's the primary.
    if ((c & (ddraw::DDSCAPS_BACKBUFFER | ddraw::DDSCAPS_FLIP)) && s.backBuffers) return backBuffer(id, 1, ptr);
    if ((c & ddraw::DDSCAPS_FLIP) && s.chain) {
        const uint64_t primary = s.chain;
        if (s.chainIndex == surfaces_.at(primary).backBuffers) {
            objects_[ptr] = {Kind::Surface, primary};
            return;
        }
        return backBuffer(primary, s.chainIndex + 1, ptr);
    }
    throw fail("attached surfaces other than mipmap levels, the Z buffer and the surfaces of a flipping chain "
               "are not read");
}

// Back buffer `position` (1..dwBackBufferCount) of a flipping chain: an
// offscreen surface of the display's size and format that a device can
// render into. Flip (below) presents the first.
void D3D7::backBuffer(uint64_t primary, uint32_t position, uint64_t ptr) {
    Surface7& p = surfaces_.at(primary);
    if (auto it = p.chainBuffers.find(position); it != p.chainBuffers.end()) {
        objects_[ptr] = {Kind::Surface, it->second};
        return;
    }
    if (display_.width == 0)
        throw fail("the back buffer of a flipping chain before SetDisplayMode or GetDisplayMode gave its size");
    if (display_.width > 16384 || display_.height > 16384 || display_.height == 0)
        throw fail("display mode outside 1..16384");
    Surface7 b;
    b.width = display_.width;
    b.height = display_.height;
    b.format = display_.format;
    b.chain = primary;
    b.chainIndex = position;
    const uint64_t id = create(ptr, Kind::Surface);
    surfaces_[id] = std::move(b);
    surfaces_.at(primary).chainBuffers[position] = id;
}

// The primary's Flip ends the frame (frames.cpp). DirectDraw rotates the
// chain's memory under its surface objects: the front buffer gets the first
// back buffer's, each back buffer the next one's, the last the old front's
// (IDirectDrawSurface7::Flip); the objects keep their places, and a device
// keeps rendering into its surface object, so after every Flip the device's
// back buffer is the buffer shown next. A frame imported on its own starts
// from what it draws (no contents cross a Flip), so the rotation writes
// nothing: the frame is what the Flip shows, the first back buffer, or the
// surface lpDDSurfaceTargetOverride names. The capture's output is the
// device's render target, so a Flip that shows another surface is refused.
void D3D7::flip(const Surface7& primary) {
    if (failed()) return;
    uint64_t shown = object(arg("lpDDSurfaceTargetOverride"), "lpDDSurfaceTargetOverride", Kind::Surface, true);
    if (!shown) {
        auto it = primary.chainBuffers.find(1);
        if (it == primary.chainBuffers.end()) return;  // no back buffer reached: nothing drawn into the chain
        shown = it->second;
    }
    const Surface7& s = surfaces_.at(shown);
    if (device_ && s.capture != "backbuffer")
        throw fail("shows " + (s.chainIndex ? "back buffer " + std::to_string(s.chainIndex) : std::string("a surface")) +
                   " of the chain, which is not the device's render target (the frame refrast renders)");
}

}  // namespace refrast::apitrace::d3d7_import
