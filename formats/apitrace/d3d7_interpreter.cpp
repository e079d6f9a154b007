// SPDX-License-Identifier: MIT
// DirectDraw 7 / Direct3D 7 calls replayed onto a device model and written as
// scene format 2 (which is D3D9-shaped): the render-target surface the
// device was created on becomes the back buffer, an attached Z buffer the
// depth surface, texture surfaces DDS textures filled through
// IDirectDrawSurface7::Lock, vertex buffers through IDirect3DVertexBuffer7::Lock.
// D3D7's render-state numbers are D3D9's (D3D9 kept the numbering), so states
// go out as numbers; D3D7 draws name their FVF and vertex counts, so each
// becomes SetFVF plus the D3D9 draw of the same vertices.
#include "formats/apitrace/call_reader.h"
#include "formats/apitrace/d3d7_stage_states.h"
#include "formats/apitrace/ddraw_formats.h"
#include "formats/apitrace/device_lights.h"
#include "formats/apitrace/fvf_vertices.h"
#include "formats/apitrace/generated_d3d_constants.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/opening_state.h"
#include "formats/apitrace/texture_image.h"
#include "formats/apitrace/trace_dump.h"
#include "formats/d3d/d3d_constants.h"
#include "refrast/error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>

namespace refrast::apitrace {
namespace {

using json = nlohmann::ordered_json;

enum class Kind { DirectDraw, Direct3D, Device, Surface, VertexBuffer, Clipper, Other };

struct Surface7 {
    bool primary = false, zbuffer = false, texture = false;
    uint32_t width = 0, height = 0;
    std::string format;  // D3DFMT_ name
    std::string capture;  // render target or Z buffer: the capture surface name
    std::vector<ImageLevel> levels;  // a texture: every level of its mipmap chain (the top surface holds them)
    uint64_t top = 0;     // a mipmap level below the top: the top surface's id
    uint32_t level = 0;   // which level of the chain this surface is
    std::optional<LockRegion> lock;
    uint64_t gen = 1;
    uint64_t attachedZ = 0;
    uint32_t backBuffers = 0;  // a flipping chain's primary: dwBackBufferCount
    uint64_t backBuffer = 0;   // and the back buffer GetAttachedSurface gave
};
struct DisplayMode {
    uint32_t width = 0, height = 0;
    std::string format;
};
struct VertexBuffer7 {
    std::vector<uint8_t> bytes;
    uint32_t fvf = 0, stride = 0;
    uint64_t gen = 1;
    std::optional<LockRegion> lock;
};

uint64_t primitiveCount(const std::string& prim, uint64_t n) {
    if (prim == "D3DPT_TRIANGLELIST") return n / 3;
    if (prim == "D3DPT_TRIANGLESTRIP" || prim == "D3DPT_TRIANGLEFAN") return n >= 2 ? n - 2 : 0;
    if (prim == "D3DPT_LINELIST") return n / 2;
    if (prim == "D3DPT_LINESTRIP") return n >= 1 ? n - 1 : 0;
    return n;  // D3DPT_POINTLIST
}

class D3D7 : CallReader {
public:
    D3D7(CallSource& calls, const std::string& path, const CallRange& range)
        : CallReader(path), calls_(calls), range_(range) {}

    Capture run() {
        for (size_t i = 0; i < range_.end; ++i) {
            call_ = calls_.next();
            if (!call_) break;  // the survey counted range_.end calls
            if (i == range_.first) prologue();
            emitting_ = i >= range_.first;
            dispatch();
        }
        if (!device_) throw InputError(path_, "", "no IDirect3D7::CreateDevice before the end of " + range_.label);
        Capture c = out_.finish();
        c.draws = draws_;
        return c;
    }

private:
    int64_t memberInt(const Value& s, const char* k) const {
        const Value* v = s.member(k);
        if (!v || !v->integer()) throw fail(std::string("lacks the member ") + k);
        return *v->integer();
    }
    uint64_t outPointer(const char* n) const {
        const Value* p = arg(n).pointee();
        if (!p || !p->pointer()) throw fail(std::string(n) + " holds no object");
        return *p->pointer();
    }
    std::string enumName(const Value& v) const {
        if (v.type == Value::Type::Enum)
            if (const std::string* n = v.enumSig->nameOf(v.sint)) return *n;
        return "";
    }
    bool failed() const {
        if (!call_->ret) return false;
        const auto r = call_->ret->integer();
        return r && *r < 0;  // an HRESULT failure changed nothing
    }
    void charge(uint64_t bytes) {
        if (bytes > budget_ - std::min(budget_, used_ + out_.fileBytes()))
            throw fail("needs more resource memory than the trace's " + std::to_string(calls_.streamBytes()) +
                       " stream bytes justify (" + std::to_string(budget_ >> 20) + " MiB)");
        used_ += bytes;
    }
    static std::string formatSuffix(const std::string& f) { return f.rfind("D3DFMT_", 0) == 0 ? f.substr(7) : f; }
    uint64_t create(uint64_t ptr, Kind k) {
        objects_[ptr] = {k, ++nextId_};
        return nextId_;
    }
    uint64_t object(const Value& v, const char* n, Kind k, bool allowNull) const {
        const auto p = v.pointer();
        if (!p) throw fail(std::string(n) + " is not a pointer");
        if (*p == 0) {
            if (!allowNull) throw fail(std::string(n) + " is NULL");
            return 0;
        }
        auto it = objects_.find(*p);
        if (it == objects_.end()) throw fail(std::string(n) + " = " + formatValue(v) + " is no object the trace created");
        if (it->second.first != k) throw fail(std::string(n) + " = " + formatValue(v) + " is not the expected kind of object");
        return it->second.second;
    }
    uint64_t self(Kind k) const { return object(arg("this"), "this", k, false); }
    [[noreturn]] void unsupported() const {
        throw fail("is not supported by the DirectDraw 7 importer (docs/apitrace.md lists what is read)");
    }
    void emit(const std::string& n, json v) {
        if (emitting_) out_.command(n, std::move(v));
    }

    static bool ignorable(const std::string& m) {
        static const char* const names[] = {"AddRef", "Release", "QueryInterface", "SetCooperativeLevel", "SetHWnd",
            "SetClipper", "GetCaps", "GetSurfaceDesc", "GetDisplayMode", "GetPixelFormat", "BeginScene", "EndScene",
            "GetRenderState", "GetTextureStageState", "GetTransform", "GetViewport", "GetDirect3D", "GetDesc",
            "EnumTextureFormats", "EnumZBufferFormats", "EnumDevices", "EnumDisplayModes", "GetDeviceIdentifier",
            "GetAvailableVidMem", "GetClipper", "IsLost", "Restore", "PreLoad", "SetPriority", "GetPriority",
            "SetLOD", "GetLOD", "ValidateDevice", "GetInfo", "GetCaps", "GetClipList", "GetHWnd", "WaitForVerticalBlank",
            "GetFlipStatus", "GetBltStatus", "GetDC", "ReleaseDC", "GetMaterial", "GetLight", "GetLightEnable",
            "GetClipStatus", "SetClipStatus", "Optimize", "GetVertexBufferDesc", "SetDisplayMode", "RestoreDisplayMode",
            "FlipToGDISurface", "Flip"};
        for (const char* k : names)
            if (m == k) return true;
        return false;
    }

    void dispatch() {
        const std::string& n = call_->name();
        const size_t colon = n.find("::");
        if (colon == std::string::npos) {
            if (n == "DirectDrawCreateEx") return (void)(failed() ? 0 : create(outPointer("lplpDD"), Kind::DirectDraw));
            if (n == "memcpy") return memcpy();
            unsupported();
        }
        const std::string iface = n.substr(0, colon), m = n.substr(colon + 2);
        if (iface == "IDirectDraw7") {
            if (m == "QueryInterface" && !failed()) {
                const char* riid = arg("riid").type == Value::Type::Struct ? nullptr : nullptr;
                (void)riid;
                const std::string s = formatValue(arg("riid"));
                if (s == "IID_IDirect3D7") create(outPointer("ppvObj"), Kind::Direct3D);
                return;
            }
            if (m == "CreateSurface") return failed() ? void() : createSurface();
            if (m == "CreateClipper") return (void)(failed() ? 0 : create(outPointer("lplpDDClipper"), Kind::Clipper));
            if (m == "SetDisplayMode" || m == "GetDisplayMode") return displayMode(m);
            if (ignorable(m)) return;
            unsupported();
        }
        if (iface == "IDirectDrawClipper") return ignorable(m) ? void() : unsupported();
        if (iface == "IDirect3D7") {
            if (m == "CreateDevice") return failed() ? void() : createDevice();
            if (m == "CreateVertexBuffer") return failed() ? void() : createVertexBuffer();
            if (ignorable(m) || m == "EvictManagedTextures") return;
            unsupported();
        }
        if (iface == "IDirectDrawSurface7") return surface(m);
        if (iface == "IDirect3DVertexBuffer7") return vertexBuffer(m);
        if (iface == "IDirect3DDevice7") return device(m);
        unsupported();
    }

    // D3DFMT_ name of a DDPIXELFORMAT (ddraw_formats.h).
    std::string formatOf(const Value& pf, bool zbuffer) const {
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
    void displayMode(const std::string& m) {
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

    void createSurface() {
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

    static std::string zenableKey() {
        return std::to_string(*refrast::d3d::valueOf("D3D7:D3DRENDERSTATETYPE", "D3DRENDERSTATE_ZENABLE"));
    }

    void createDevice() {
        if (device_) throw fail("a second device; refrast imports traces of one device");
        const uint64_t rt = object(arg("lpDDS"), "lpDDS", Kind::Surface, false);
        Surface7& s = surfaces_.at(rt);
        if (s.primary || s.zbuffer || s.format.empty())
            throw fail("renders to a " + std::string(s.primary ? "primary" : "Z buffer") +
                       " surface (refrast reads devices on an offscreen render target)");
        s.capture = "backbuffer";
        out_.surface("backbuffer", formatSuffix(s.format), s.width, s.height);
        out_.setOutput("backbuffer");
        if (s.attachedZ) {
            Surface7& z = surfaces_.at(s.attachedZ);
            z.capture = "depth";
            out_.surface("depth", formatSuffix(z.format), z.width, z.height);
        } else {
            noDepth_ = true;
            // D3D7's ZENABLE starts FALSE without an attached Z buffer (the prologue
            // says so for a device created before the frame).
            emit("SetRenderState", json{{zenableKey(), 0}});
        }
        device_ = create(outPointer("lplpD3DDevice"), Kind::Device);
    }

    void createVertexBuffer() {
        const Value* d = arg("lpD3DVertBufDesc").pointee();
        if (!d) throw fail("lpD3DVertBufDesc is NULL");
        VertexBuffer7 vb;
        vb.fvf = uint32_t(memberInt(*d, "dwFVF"));
        const FvfLayout l = fvfLayout(vb.fvf);
        if (!l.error.empty()) throw fail("the FVF " + l.error);
        vb.stride = l.bytes;
        const int64_t n = memberInt(*d, "dwNumVertices");
        if (n < 1 || n > (int64_t(1) << 30) || uint64_t(n) * vb.stride > (uint64_t(1) << 30)) throw fail("dwNumVertices outside 1..1 GiB of vertices");
        charge(uint64_t(n) * vb.stride);
        vb.bytes.assign(size_t(uint64_t(n) * vb.stride), 0);
        vbs_[create(outPointer("lplpD3DVertBuf"), Kind::VertexBuffer)] = std::move(vb);
    }

    void surface(const std::string& m) {
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
        if (ignorable(m)) return;
        unsupported();
    }

    // A texture surface's image: its own level of the chain the top surface holds.
    ImageLevel* levelOf(Surface7& s) {
        Surface7& top = s.top ? surfaces_.at(s.top) : s;
        return s.level < top.levels.size() ? &top.levels[s.level] : nullptr;
    }

    LockRegion surfaceLock(const Value& desc, const ImageLevel& level) const {
        const Value* bits = desc.member("lpSurface");
        if (!bits || !bits->pointer()) throw fail("lpDDSurfaceDesc holds no lpSurface");
        return imageLockAt(level, *bits->pointer(), memberInt(desc, "lPitch"), "lpDestRect");
    }

    // GetAttachedSurface: the next level of a mipmap chain, or the Z buffer
    // attached to a render target.
    void attachedSurface(uint64_t id) {
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
        if ((c & ddraw::DDSCAPS_BACKBUFFER) && s.backBuffers) return backBuffer(id, ptr);
        throw fail("attached surfaces other than mipmap levels, the Z buffer and a flipping primary's back buffer "
                   "are not read");
    }

    // The back buffer of a flipping chain (GetAttachedSurface(DDSCAPS_BACKBUFFER)
    // on the primary): an offscreen surface of the display's size and format
    // that a device renders into; the primary's Flip presents it and ends the
    // frame (frames.cpp). Every frame starts from what the frame draws, so the
    // buffers' exchange at Flip needs no model. Only the first back buffer is
    // reached (a chain of more answers DDSCAPS_FLIP on it: not read).
    void backBuffer(uint64_t primary, uint64_t ptr) {
        Surface7& p = surfaces_.at(primary);
        if (p.backBuffer) {
            objects_[ptr] = {Kind::Surface, p.backBuffer};
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
        const uint64_t id = create(ptr, Kind::Surface);
        surfaces_[id] = std::move(b);
        surfaces_.at(primary).backBuffer = id;
    }

    // SetLight, LightEnable, SetMaterial, SetClipPlane: D3DLIGHT7 and
    // D3DMATERIAL7 are D3D9's structs under other member names (device_lights.h).
    void lighting(const std::string& m) {
        if (failed()) return;
        SceneCommands c;
        try {
            if (m == "SetLight") {
                const Value* light = arg("lpLight").pointee();
                if (!light) throw fail("lpLight is NULL");
                c = lights_.setLight(integer("dwLightIndex"), *light);
            } else if (m == "LightEnable") {
                c = lights_.lightEnable(integer("dwLightIndex"), integer("bEnable") != 0);
            } else if (m == "SetMaterial") {
                const Value* material = arg("lpMat").pointee();
                if (!material) throw fail("lpMat is NULL");
                c = {lights_.setMaterial(*material)};
            } else {
                const Value& plane = arg("pPlaneEquation");
                c = {lights_.setClipPlane(integer("dwIndex"), plane.pointee() && plane.pointee()->type == Value::Type::Array
                                                                  ? *plane.pointee() : plane)};
            }
        } catch (const InputError&) {
            throw;
        } catch (const std::runtime_error& e) {
            throw fail(e.what());
        }
        for (const auto& [name, value] : c) emit(name, value);
    }

    void vertexBuffer(const std::string& m) {
        VertexBuffer7& vb = vbs_.at(self(Kind::VertexBuffer));
        if (m == "Lock") {
            if (failed()) return;
            LockRegion l;
            l.base = outPointer("lplpData");
            l.size = vb.bytes.size();
            vb.lock = l;
            return;
        }
        if (m == "Unlock") return vb.lock.reset();
        if (ignorable(m)) return;
        unsupported();
    }

    void memcpy() {
        const auto dest = arg("dest").pointer();
        const Value& src = arg("src");
        if (!dest || src.type != Value::Type::Blob) throw fail("dest or src is not what apitrace writes");
        auto inside = [&](const LockRegion& l) { return *dest >= l.base && *dest - l.base < l.size; };
        for (auto& [id, vb] : vbs_)
            if (vb.lock && inside(*vb.lock)) {
                if (std::string e = writeLinear(vb.bytes, *vb.lock, *dest, src.bytes); !e.empty()) throw fail(e);
                vb.gen = ++gen_;
                return;
            }
        for (auto& [id, s] : surfaces_)
            if (s.lock && inside(*s.lock)) {
                if (std::string e = writeImage(*levelOf(s), *s.lock, *dest, src.bytes); !e.empty()) throw fail(e);
                (s.top ? surfaces_.at(s.top) : s).gen = ++gen_;
                return;
            }
        throw fail("dest = " + formatValue(arg("dest")) + " lies in no locked vertex buffer or surface (an upload refrast cannot place)");
    }

    json stateNumber(const Value& type, const Value& value, bool isFloat) const {
        const auto v = value.integer();
        if (!v) throw fail("the state value is not an integer");
        if (isFloat) {
            const uint32_t bits = uint32_t(*v);
            float f;
            std::memcpy(&f, &bits, 4);
            if (!std::isfinite(f)) throw fail("a float state that is not finite");
            return double(f);
        }
        (void)type;
        return uint32_t(*v);
    }

    void prologue() {
        if (!device_) return;
        emitting_ = true;
        if (noDepth_) {
            // D3D7's ZENABLE starts TRUE only with a Z buffer attached to the
            // render target (D3DRENDERSTATE_ZENABLE; scene format 2 starts TRUE).
            emit("SetDepthStencilSurface", nullptr);
            if (!renderStates_.contains(zenableKey())) emit("SetRenderState", json{{zenableKey(), 0}});
        }
        if (viewport_) emit("SetViewport", *viewport_);
        if (!renderStates_.empty()) emit("SetRenderState", renderStates_);
        emitStageSamplerTransformState([this](const std::string& n, json v) { emit(n, std::move(v)); }, stageStates_,
                                       samplerStates_, transforms_);
        lights_.writeState(out_);
    }

    void device(const std::string& m) {
        if (self(Kind::Device) != device_) throw fail("a device the importer does not follow");
        if (ignorable(m)) return;
        if (m == "Clear") {
            json j = {{"flags", uint32_t(integer("dwFlags"))}, {"color", uint32_t(integer("dwColor"))}};
            const Value& z = arg("dvZ");
            const float zf = z.type == Value::Type::Float ? z.f : float(z.integer().value_or(1));
            if (!(zf >= 0.0f && zf <= 1.0f)) throw fail("dvZ outside 0..1");
            j["z"] = double(zf);
            j["stencil"] = uint32_t(integer("dwStencil")) & 0xffu;
            if (integer("dwCount") > 0 && arg("lpRects").type == Value::Type::Array) {
                json list = json::array();
                for (const Value& r : arg("lpRects").items)
                    list.push_back({memberInt(r, "x1"), memberInt(r, "y1"), memberInt(r, "x2"), memberInt(r, "y2")});
                j["rects"] = list;
            }
            return emit("Clear", j);
        }
        if (m == "SetRenderState") {
            const std::string name = enumName(arg("dwRenderStateType"));
            const bool isFloat = name == "D3DRENDERSTATE_FOGSTART" || name == "D3DRENDERSTATE_FOGEND" ||
                                 name == "D3DRENDERSTATE_FOGDENSITY";
            const std::string key = std::to_string(integer("dwRenderStateType"));
            const json v = stateNumber(arg("dwRenderStateType"), arg("dwRenderState"), isFloat);
            renderStates_[key] = v;
            return emit("SetRenderState", json{{key, v}});
        }
        if (m == "SetTextureStageState") {
            const int64_t stage = integer("dwStage");
            if (stage < 0 || stage > 7) throw fail("dwStage outside 0..7");
            const auto value = arg("dwState").integer();
            if (!value) throw fail("dwState is not an integer");
            std::vector<D3D7StageState> states;
            try {
                states = d3d7StageState(integer("d3dTexStageStateType"), uint32_t(*value));
            } catch (const std::runtime_error& e) {
                throw fail(e.what());
            }
            for (const D3D7StageState& st : states) {
                (st.sampler ? samplerStates_ : stageStates_)[size_t(stage)][st.key] = st.value;
                emit(st.sampler ? "SetSamplerState" : "SetTextureStageState",
                     json{{st.sampler ? "sampler" : "stage", stage}, {st.key, st.value}});
            }
            return;
        }
        if (m == "SetTransform") {
            const std::string name = enumName(arg("dtstTransformStateType"));
            // D3D7's WORLD is 1 (D3D9's is 256); VIEW, PROJECTION and TEXTUREn agree.
            const std::string state = name.rfind("D3DTRANSFORMSTATE_", 0) == 0 ? name.substr(18) : "";
            if (state.empty()) throw fail("transform state " + formatValue(arg("dtstTransformStateType")) + " is not read");
            const std::string key = state == "WORLD" ? "WORLD" : state == "WORLD1" ? "WORLDMATRIX(1)" : state == "WORLD2" ? "WORLDMATRIX(2)"
                                  : state == "WORLD3" ? "WORLDMATRIX(3)" : state;
            const Value* mat = arg("lpD3DMatrix").pointee();
            if (!mat || mat->items.size() != 16) throw fail("lpD3DMatrix holds no 4x4 matrix");
            json matrix = json::array();
            for (const Value& x : mat->items) {
                if (x.type != Value::Type::Float || !std::isfinite(x.f)) throw fail("a matrix element is not a finite float");
                matrix.push_back(double(x.f));
            }
            transforms_[key] = matrix;
            return emit("SetTransform", json{{"state", key}, {"matrix", matrix}});
        }
        if (m == "SetViewport") {
            const Value* v = arg("lpViewport").pointee();
            if (!v) throw fail("lpViewport is NULL");
            auto f = [&](const char* k) {
                const Value* x = v->member(k);
                if (!x || x->type != Value::Type::Float) throw fail(std::string("lpViewport lacks ") + k);
                return double(x->f);
            };
            viewport_ = json{{"x", memberInt(*v, "dwX")}, {"y", memberInt(*v, "dwY")}, {"width", memberInt(*v, "dwWidth")},
                             {"height", memberInt(*v, "dwHeight")}, {"min_z", f("dvMinZ")}, {"max_z", f("dvMaxZ")}};
            return emit("SetViewport", *viewport_);
        }
        if (m == "SetTexture") {
            const int64_t stage = integer("dwStage");
            if (stage < 0 || stage > 7) throw fail("dwStage outside 0..7");
            const uint64_t t = object(arg("lpTexture"), "lpTexture", Kind::Surface, true);
            if (t && (surfaces_.at(t).levels.empty() || surfaces_.at(t).top))
                throw fail(surfaces_.at(t).top ? "binds a mipmap level below the top of its chain (D3D7 binds the top surface)"
                                               : "binds a surface that is no texture");
            textures_[size_t(stage)] = t;
            return;
        }
        if (m == "SetLight" || m == "LightEnable" || m == "SetMaterial" || m == "SetClipPlane") return lighting(m);
        if (m.rfind("Draw", 0) == 0) return draw(m);
        unsupported();
    }

    void bindTextures() {
        for (size_t s = 0; s < 8; ++s) {
            json name = nullptr;
            if (textures_[s]) {
                const Surface7& t = surfaces_.at(textures_[s]);
                const uint32_t fourcc = uint32_t(refrast::d3d::valueOf("D3DFORMAT", t.format).value());
                charge(0);
                name = out_.texture(textures_[s], t.gen, encodeDds(fourcc, t.levels));
            }
            if ((!emittedTextures_[s] && !name.is_null()) || (emittedTextures_[s] && *emittedTextures_[s] != name)) {
                out_.command("SetTexture", json{{"stage", s}, {"texture", name}});
                emittedTextures_[s] = name;
            }
        }
    }

    void draw(const std::string& m) {
        if (!emitting_) return;
        const std::string prim = enumName(arg("d3dptPrimitiveType"));
        if (prim.empty()) throw fail("primitive type " + formatValue(arg("d3dptPrimitiveType")) + " is unknown");
        const bool vb = m == "DrawPrimitiveVB" || m == "DrawIndexedPrimitiveVB";
        if (!vb && m != "DrawPrimitive" && m != "DrawIndexedPrimitive") unsupported();  // strided draws
        uint32_t fvf;
        const VertexBuffer7* buffer = nullptr;
        uint64_t bufferId = 0;
        if (vb) {
            bufferId = object(arg("lpD3DVertexBuf"), "lpD3DVertexBuf", Kind::VertexBuffer, false);
            buffer = &vbs_.at(bufferId);
            if (buffer->lock) throw fail("draws from a locked vertex buffer");
            fvf = buffer->fvf;
        } else {
            fvf = uint32_t(integer("d3dvtVertexType"));
        }
        ++draws_;
        bindTextures();
        if (emittedFvf_ != fvf) {
            out_.command("SetFVF", fvf);
            emittedFvf_ = fvf;
        }
        json j = {{"name", "call " + std::to_string(call_->no)}, {"primitive", prim}};
        const bool indexed = m.find("Indexed") != std::string::npos;
        std::vector<uint8_t> indices;
        uint64_t indexCount = 0;
        if (indexed) {
            const Value& ix = arg("lpwIndices");
            if (ix.type != Value::Type::Blob) throw fail("lpwIndices is not recorded as a blob");
            indexCount = uint64_t(integer("dwIndexCount"));
            if (indexCount * 2 > ix.bytes.size()) throw fail("dwIndexCount exceeds the recorded indices");
            indices.assign(ix.bytes.begin(), ix.bytes.begin() + std::ptrdiff_t(indexCount * 2));
        }
        if (vb) {
            const uint64_t start = uint64_t(integer("dwStartVertex")), count = uint64_t(integer(indexed ? "dwNumVertices" : "dwNumVertices"));
            charge(0);
            const size_t index = out_.buffer(bufferId, buffer->gen, buffer->bytes);
            out_.command("SetStreamSource", json{{"stream", 0}, {"buffer", index}, {"offset", 0}, {"stride", buffer->stride}});
            if (!indexed) {
                j["start_vertex"] = start;
                j["primitive_count"] = primitiveCount(prim, count);
                return out_.command("DrawPrimitive", j);
            }
            // The index list becomes a buffer of its own (one per draw).
            const size_t ib = out_.buffer(~uint64_t(0) - call_->no, 0, indices);
            out_.command("SetIndices", json{{"buffer", ib}, {"offset", 0}, {"format", "INDEX16"}});
            j["base_vertex_index"] = start;
            j["min_index"] = 0;
            j["num_vertices"] = count;
            j["start_index"] = 0;
            j["primitive_count"] = primitiveCount(prim, indexCount);
            return out_.command("DrawIndexedPrimitive", j);
        }
        const Value& data = arg("lpvVertices");
        if (data.type != Value::Type::Blob) throw fail("lpvVertices is not recorded as a blob");
        const uint64_t count = uint64_t(integer("dwVertexCount"));
        const FvfLayout l = fvfLayout(fvf);
        if (!l.error.empty()) throw fail("the FVF " + l.error);
        charge(count > (uint64_t(1) << 32) ? ~uint64_t(0) : count * 64);  // inline vertices as JSON text
        try {
            j["vertices"] = fvfVertices(fvf, data.bytes, l.bytes, count);
        } catch (const std::runtime_error& e) {
            throw fail(e.what());
        }
        if (!indexed) {
            j["primitive_count"] = primitiveCount(prim, count);
            return out_.command("DrawPrimitiveUP", j);
        }
        json list = json::array();
        for (uint64_t k = 0; k < indexCount; ++k) list.push_back(uint32_t(indices[2 * k]) | uint32_t(indices[2 * k + 1]) << 8);
        j["min_index"] = 0;
        j["num_vertices"] = count;
        j["primitive_count"] = primitiveCount(prim, indexCount);
        j["indices"] = list;
        out_.command("DrawIndexedPrimitiveUP", j);
    }

    CallSource& calls_;
    CallRange range_;
    CaptureBuilder out_;
    bool emitting_ = false, noDepth_ = false, lockedWithoutMemory_ = false;
    uint64_t nextId_ = 0, gen_ = 1, device_ = 0;
    DeviceLights lights_;
    uint64_t budget_ = resourceBudget(calls_.streamBytes()), used_ = 0;
    std::map<uint64_t, std::pair<Kind, uint64_t>> objects_;
    std::map<uint64_t, Surface7> surfaces_;
    std::map<uint64_t, VertexBuffer7> vbs_;
    json renderStates_ = json::object();
    std::array<json, 8> stageStates_, samplerStates_;
    std::map<std::string, json> transforms_;
    std::optional<json> viewport_;
    std::array<uint64_t, 8> textures_{};
    std::array<std::optional<json>, 8> emittedTextures_;
    std::optional<uint32_t> emittedFvf_;
    DisplayMode display_;
    size_t draws_ = 0;
};

}  // namespace

Capture importD3D7(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions&) {
    return D3D7(calls, path, range).run();
}

}  // namespace refrast::apitrace
