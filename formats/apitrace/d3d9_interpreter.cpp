// SPDX-License-Identifier: MIT
// Direct3D 9 calls of a trace replayed onto a model of the device: objects by
// the pointers the trace recorded, buffer and texture memory filled by the
// fake memcpy calls between Lock and Unlock, and the device state. Calls
// before the chosen frame only build the model; at the frame's first call the
// accumulated state is written as commands, then every call of the frame is.
// Resource contents are snapshotted when a draw reads them, so a buffer
// refilled between draws (DISCARD, NOOVERWRITE) gives each draw its own data.
#include "formats/apitrace/call_reader.h"
#include "formats/apitrace/d3d9_names.h"
#include "formats/apitrace/fvf_vertices.h"
#include "formats/d3d/d3d_constants.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/texture_image.h"
#include "formats/apitrace/trace_dump.h"
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

enum class Kind { D3D9, Device, VertexBuffer, IndexBuffer, Texture, CubeTexture, VolumeTexture, Surface,
                  VertexDecl, VertexShader, PixelShader, StateBlock, SwapChain, Query, Other };

struct Buffer {
    std::vector<uint8_t> bytes;
    uint64_t gen = 1;
    bool index32 = false;
    std::optional<LockRegion> lock;
};
struct Texture {
    std::string format;
    uint32_t fourcc = 0;
    std::vector<ImageLevel> levels;
    uint64_t gen = 1;
    std::map<uint32_t, LockRegion> locks;  // by level
    std::string surface;  // a render-target texture: the capture surface it is
};
struct Surface {
    std::string capture;      // a render target or depth surface: its capture name
    uint64_t texture = 0;     // a texture level's surface: the texture's object id
    uint32_t level = 0;
    std::optional<ImageLevel> image;  // an offscreen plain surface's memory
    std::optional<LockRegion> lock;
};
struct Stream {
    uint64_t buffer = 0;  // object id, 0 = none
    uint64_t offset = 0, stride = 0;
};

bool isDevice(const std::string& iface) { return iface == "IDirect3DDevice9" || iface == "IDirect3DDevice9Ex"; }

class D3D9 : CallReader {
public:
    D3D9(const Trace& t, const std::string& path, const CallRange& range, const ImportOptions& options)
        : CallReader(path), trace_(t), range_(range), options_(options) {}

    Capture run() {
        for (size_t i = 0; i < range_.end; ++i) {
            if (i == range_.first) prologue();
            emitting_ = i >= range_.first;
            call_ = &trace_.calls[i];
            dispatch(*call_);
        }
        if (!device_) throw InputError(path_, "", "no IDirect3D9::CreateDevice before the end of " + range_.label);
        Capture cap = out_.finish();
        cap.draws = draws_;
        cap.droppedShaderDraws = dropped_;
        return cap;
    }

private:
    // ---- errors and arguments -------------------------------------------------
    uint64_t pointer(const Value& v, const char* what) const {
        const auto p = v.pointer();
        if (!p) throw fail(std::string(what) + " = " + formatValue(v) + " is not a pointer");
        return *p;
    }
    uint64_t ptrArg(const char* name) const { return pointer(arg(name), name); }
    // The object an output argument `&0x…` created.
    uint64_t outPointer(const char* name) const {
        const Value* p = arg(name).pointee();
        if (!p) throw fail(std::string(name) + " = " + formatValue(arg(name)) + " holds no object");
        return pointer(*p, name);
    }
    std::string enumName(const Value& v) const {
        if (v.type == Value::Type::Enum)
            if (const std::string* n = v.enumSig->nameOf(v.sint)) return *n;
        return "";
    }
    float floatArg(const char* name) const {
        const Value& v = arg(name);
        if (v.type == Value::Type::Float) return v.f;
        if (v.type == Value::Type::Double) return float(v.d);
        if (auto i = v.integer()) return float(*i);
        throw fail(std::string(name) + " is not a number");
    }
    bool succeeded() const {
        // A failed call (an HRESULT other than D3D_OK/S_OK) changed nothing.
        if (!call_->ret) return true;
        const auto r = call_->ret->integer();
        return !r || *r == 0 || call_->ret->type != Value::Type::Enum || *r >= 0;
    }

    // Every buffer, texture level and capture snapshot is charged here first.
    void charge(uint64_t bytes) {
        if (bytes > budget_ - std::min(budget_, used_ + out_.fileBytes()))
            throw fail("needs more resource memory than the trace's " + std::to_string(trace_.streamBytes) +
                       " stream bytes justify (" + std::to_string(budget_ >> 20) + " MiB)");
        used_ += bytes;
    }

    // ---- objects ----------------------------------------------------------------
    uint64_t create(uint64_t ptr, Kind kind) {
        const uint64_t id = ++nextId_;
        objects_[ptr] = {kind, id};
        return id;
    }
    uint64_t self(Kind kind) const {
        const uint64_t p = ptrArg("this");
        auto it = objects_.find(p);
        if (it == objects_.end())
            throw fail("this = " + formatValue(arg("this")) + " is no object the trace created");
        if (it->second.first != kind && !(kind == Kind::Texture && it->second.first == Kind::CubeTexture))
            throw fail("this = " + formatValue(arg("this")) + " is not an object of this interface");
        return it->second.second;
    }
    // An object argument: 0 for NULL, else its id (of the given kind).
    uint64_t object(const Value& v, const char* name, Kind kind, bool allowNull = true) const {
        const uint64_t p = pointer(v, name);
        if (p == 0) {
            if (!allowNull) throw fail(std::string(name) + " is NULL");
            return 0;
        }
        auto it = objects_.find(p);
        if (it == objects_.end()) throw fail(std::string(name) + " = " + formatValue(v) + " is no object the trace created");
        if (it->second.first != kind) throw fail(std::string(name) + " = " + formatValue(v) + " is not the expected kind of object");
        return it->second.second;
    }
    Kind kindOf(const Value& v) const {
        auto it = objects_.find(v.pointer().value_or(0));
        return it == objects_.end() ? Kind::Other : it->second.first;
    }

    // ---- dispatch ---------------------------------------------------------------
    void dispatch(const Call& c) {
        const std::string& n = c.name();
        const size_t colon = n.find("::");
        if (colon == std::string::npos) return global(n);
        const std::string iface = n.substr(0, colon), m = n.substr(colon + 2);
        if (isIgnorable(m)) return;
        if (iface == "IDirect3D9" || iface == "IDirect3D9Ex") return d3d9(m);
        if (isDevice(iface)) return device(m);
        if (iface == "IDirect3DVertexBuffer9" || iface == "IDirect3DIndexBuffer9") return buffer(m);
        if (iface == "IDirect3DTexture9") return texture(m);
        if (iface == "IDirect3DSurface9") return surface(m);
        unsupported();
    }

    static bool isIgnorable(const std::string& m) {
        // No effect on any pixel of the device (docs/apitrace.md lists them).
        static const char* const names[] = {"AddRef", "Release", "QueryInterface", "BeginScene", "EndScene",
            "TestCooperativeLevel", "CheckDeviceFormat", "CheckDeviceType", "CheckDepthStencilMatch",
            "CheckDeviceMultiSampleType", "CheckDeviceFormatConversion", "EnumAdapterModes", "EnumAdapterModesEx",
            "GetAdapterCount", "GetAdapterDisplayMode", "GetAdapterIdentifier", "GetAdapterModeCount",
            "GetAdapterModeCountEx", "GetAdapterMonitor", "GetDeviceCaps", "GetDesc", "GetLevelDesc", "GetLevelCount",
            "GetDisplayMode", "GetDirect3D", "GetCreationParameters", "GetAvailableTextureMem", "GetRasterStatus",
            "GetRenderState", "GetTextureStageState", "GetSamplerState", "GetTransform", "GetViewport", "GetFVF",
            "GetMaterial", "GetLight", "GetLightEnable", "GetClipPlane", "GetScissorRect", "GetStreamSource",
            "GetIndices", "GetTexture", "GetVertexShader", "GetPixelShader", "GetVertexDeclaration", "GetDevice",
            "GetPriority", "GetType", "GetPrivateData", "SetPrivateData", "FreePrivateData", "SetPriority",
            "PreLoad", "ValidateDevice", "EvictManagedResources", "SetDialogBoxMode", "ShowCursor",
            "SetCursorProperties", "SetCursorPosition", "SetGammaRamp", "GetGammaRamp", "GetNumberOfSwapChains",
            "GetSoftwareVertexProcessing", "GetNPatchMode", "GetClipStatus", "SetClipStatus", "GetContainer",
            "GetDC", "ReleaseDC", "GetLOD", "GetAutoGenFilterType", "GetDisplayModeEx", "GetGPUThreadPriority",
            "SetGPUThreadPriority", "GetMaximumFrameLatency", "SetMaximumFrameLatency", "CheckDeviceState",
            "CheckResourceResidency", "WaitForVBlank", "GetFrontBufferData", "GetRenderTargetData", "Present",
            "PresentEx", "GetPaletteEntries", "GetCurrentTexturePalette"};
        for (const char* k : names)
            if (m == k) return true;
        return false;
    }

    [[noreturn]] void unsupported() const {
        throw fail("is not supported by the Direct3D 9 importer (docs/apitrace.md lists what is read)");
    }

    void global(const std::string& n) {
        if (n == "Direct3DCreate9") {
            if (call_->ret) create(pointer(*call_->ret, "return value"), Kind::D3D9);
        } else if (n == "Direct3DCreate9Ex") {
            create(outPointer("ppD3D"), Kind::D3D9);
        } else if (n == "memcpy") {
            memcpy();
        } else if (n.rfind("D3DPERF_", 0) == 0) {
            // markers for debuggers: no effect on pixels
        } else {
            unsupported();
        }
    }

    void d3d9(const std::string& m) {
        if (m != "CreateDevice" && m != "CreateDeviceEx") unsupported();
        if (!succeeded()) return;
        if (device_) throw fail("a second device; refrast imports traces of one device");
        const Value* pp = arg("pPresentationParameters").pointee();
        if (!pp) throw fail("has no presentation parameters");
        auto member = [&](const char* k) -> const Value& {
            const Value* v = pp->member(k);
            if (!v) throw fail(std::string("presentation parameters lack ") + k);
            return *v;
        };
        const uint32_t w = uint32_t(member("BackBufferWidth").integer().value_or(0));
        const uint32_t h = uint32_t(member("BackBufferHeight").integer().value_or(0));
        if (w == 0 || h == 0 || w > 16384 || h > 16384)
            throw fail("back buffer " + std::to_string(w) + "x" + std::to_string(h) +
                       " (a windowed device sized by its window is not supported: 1..16384 needed)");
        std::string fmt = enumName(member("BackBufferFormat"));
        if (fmt.empty()) fmt = std::to_string(member("BackBufferFormat").integer().value_or(0));  // the D3DFORMAT number
        if (fmt == "D3DFMT_UNKNOWN") fmt = "D3DFMT_X8R8G8B8";  // windowed: the desktop's format
        out_.surface("backbuffer", stripPrefix(fmt, "D3DFMT_"), w, h);
        rt0_ = "backbuffer";
        backbufferW_ = w;
        backbufferH_ = h;
        if (member("EnableAutoDepthStencil").integer().value_or(0)) {
            out_.surface("depth", stripPrefix(enumName(member("AutoDepthStencilFormat")), "D3DFMT_"), w, h);
            ds_ = "depth";
            defaultDs_ = ds_;
        }
        out_.setOutput("backbuffer");
        device_ = create(outPointer("ppReturnedDeviceInterface"), Kind::Device);
    }

    // ---- resources --------------------------------------------------------------
    void createBuffer(bool index) {
        const int64_t length = integer("Length");
        if (length <= 0 || length > (int64_t(1) << 30)) throw fail("Length " + std::to_string(length) + " outside 1..1 GiB");
        charge(uint64_t(length));
        Buffer b;
        b.bytes.assign(size_t(length), 0);
        if (index) b.index32 = enumName(arg("Format")) == "D3DFMT_INDEX32";
        const uint64_t id = create(outPointer(index ? "ppIndexBuffer" : "ppVertexBuffer"), index ? Kind::IndexBuffer : Kind::VertexBuffer);
        buffers_[id] = std::move(b);
    }

    void createTexture() {
        const int64_t w = integer("Width"), h = integer("Height");
        int64_t levels = integer("Levels");
        if (w < 1 || h < 1 || w > 16384 || h > 16384) throw fail("texture size outside 1..16384");
        uint32_t full = 1;
        for (int64_t s = std::max(w, h); s > 1; s >>= 1) ++full;
        if (levels == 0) levels = full;
        if (levels < 0 || levels > full) throw fail("Levels " + std::to_string(levels) + " beyond the chain");
        Texture t;
        t.format = enumName(arg("Format"));
        t.fourcc = uint32_t(integer("Format"));
        const int64_t usage = integer("Usage");
        const uint64_t id = create(outPointer("ppTexture"), Kind::Texture);
        if (usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_RENDERTARGET")) {
            // Rendered into: a capture surface, one level.
            t.surface = "rt" + std::to_string(id);
            out_.surface(t.surface, stripPrefix(t.format, "D3DFMT_"), uint32_t(w), uint32_t(h));
        } else if (usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_DEPTHSTENCIL")) {
            t.surface = "ds" + std::to_string(id);
            out_.surface(t.surface, stripPrefix(t.format, "D3DFMT_"), uint32_t(w), uint32_t(h));
        } else {
            const auto layout = texelLayout(t.format);
            if (layout) {
                for (int64_t i = 0; i < levels; ++i)
                    charge(makeLevelBytes(uint32_t(std::max<int64_t>(1, w >> i)), uint32_t(std::max<int64_t>(1, h >> i)), *layout));
                for (int64_t i = 0; i < levels; ++i)
                    t.levels.push_back(makeLevel(uint32_t(std::max<int64_t>(1, w >> i)), uint32_t(std::max<int64_t>(1, h >> i)), *layout));
                // A SYSTEMMEM texture made over the program's own memory (D3D9Ex):
                // apitrace records that memory as the pSharedHandle blob.
                const Value* shared = call_->arg("pSharedHandle");
                if (shared && shared->pointee() && shared->pointee()->type == Value::Type::Blob) {
                    const std::string& blob = shared->pointee()->bytes;
                    if (blob.size() != t.levels[0].bytes.size())
                        throw fail("the user memory blob holds " + std::to_string(blob.size()) + " bytes, level 0 needs " +
                                   std::to_string(t.levels[0].bytes.size()));
                    std::memcpy(t.levels[0].bytes.data(), blob.data(), blob.size());
                }
            } else {
                unsupportedFormats_[id] = t.format.empty() ? std::to_string(t.fourcc) : t.format;
            }
        }
        textures_[id] = std::move(t);
    }

    void createSurface(const std::string& m) {
        const int64_t w = integer("Width"), h = integer("Height");
        if (w < 1 || h < 1 || w > 16384 || h > 16384) throw fail("surface size outside 1..16384");
        const std::string fmt = enumName(arg("Format"));
        const uint64_t id = create(outPointer("ppSurface"), Kind::Surface);
        Surface s;
        if (m == "CreateOffscreenPlainSurface") {
            if (auto layout = texelLayout(fmt)) {
                charge(makeLevelBytes(uint32_t(w), uint32_t(h), *layout));
                s.image = makeLevel(uint32_t(w), uint32_t(h), *layout);
            }
        } else {
            s.capture = (m == "CreateRenderTarget" ? "rt" : "ds") + std::to_string(id);
            out_.surface(s.capture, stripPrefix(fmt, "D3DFMT_"), uint32_t(w), uint32_t(h));
        }
        surfaces_[id] = std::move(s);
    }

    void aliasSurface(const char* out, const std::string& capture) {
        if (!succeeded()) return;
        const uint64_t id = create(outPointer(out), Kind::Surface);
        Surface s;
        s.capture = capture;
        surfaces_[id] = s;
    }

    void buffer(const std::string& m) {
        const Kind kind = call_->name().find("Index") != std::string::npos ? Kind::IndexBuffer : Kind::VertexBuffer;
        Buffer& b = buffers_.at(self(kind));
        if (m == "Lock") {
            if (!succeeded()) return;
            const int64_t offset = integer("OffsetToLock"), size = integer("SizeToLock");
            if (offset < 0 || uint64_t(offset) > b.bytes.size()) throw fail("OffsetToLock beyond the buffer");
            LockRegion l;
            l.base = outPointer("ppbData");
            l.offset = uint64_t(offset);
            l.size = size == 0 ? b.bytes.size() - l.offset : uint64_t(size);
            if (l.size > b.bytes.size() - l.offset) throw fail("SizeToLock beyond the buffer");
            b.lock = l;
        } else if (m == "Unlock") {
            b.lock.reset();
        } else {
            unsupported();
        }
    }

    void texture(const std::string& m) {
        const uint64_t id = self(Kind::Texture);
        Texture& t = textures_.at(id);
        if (m == "LockRect") {
            if (!succeeded()) return;
            const int64_t level = integer("Level");
            if (level < 0 || size_t(level) >= t.levels.size()) {
                if (!t.surface.empty() || unsupportedFormats_.count(id)) { lockedUnsupported_[id] = true; return; }
                throw fail("Level " + std::to_string(level) + " beyond the texture's levels");
            }
            t.locks[uint32_t(level)] = imageLock(t.levels[size_t(level)]);
        } else if (m == "UnlockRect") {
            t.locks.erase(uint32_t(integer("Level")));
        } else if (m == "GetSurfaceLevel") {
            if (!succeeded()) return;
            const uint64_t sid = create(outPointer("ppSurfaceLevel"), Kind::Surface);
            Surface s;
            s.capture = t.surface;
            s.texture = id;
            s.level = uint32_t(integer("Level"));
            surfaces_[sid] = s;
        } else if (m == "AddDirtyRect" || m == "SetLOD" || m == "SetAutoGenFilterType") {
            // AddDirtyRect only narrows what UpdateTexture copies; refrast copies all.
            if (m == "SetLOD") unsupported();
        } else {
            unsupported();
        }
    }

    LockRegion imageLock(const ImageLevel& level) const {
        const Value* lr = arg("pLockedRect").pointee();
        if (!lr || !lr->member("Pitch") || !lr->member("pBits")) throw fail("pLockedRect holds no {Pitch, pBits}");
        LockRegion l;
        l.base = pointer(*lr->member("pBits"), "pBits");
        const int64_t pitch = lr->member("Pitch")->integer().value_or(0);
        if (pitch <= 0 || uint64_t(pitch) < level.rowBytes()) throw fail("Pitch " + std::to_string(pitch) + " is less than a row");
        l.pitch = uint64_t(pitch);
        l.left = 0;
        l.top = 0;
        l.rectWidth = level.width;
        l.rectHeight = level.height;
        if (const Value* r = arg("pRect").pointee()) {
            const int64_t left = r->member("left") ? r->member("left")->integer().value_or(-1) : -1;
            const int64_t top = r->member("top") ? r->member("top")->integer().value_or(-1) : -1;
            const int64_t right = r->member("right") ? r->member("right")->integer().value_or(-1) : -1;
            const int64_t bottom = r->member("bottom") ? r->member("bottom")->integer().value_or(-1) : -1;
            if (left < 0 || top < 0 || right <= left || bottom <= top || right > level.width || bottom > level.height)
                throw fail("pRect lies outside the level");
            l.left = uint32_t(left);
            l.top = uint32_t(top);
            l.rectWidth = uint32_t(right - left);
            l.rectHeight = uint32_t(bottom - top);
        }
        const uint64_t div = level.layout.block ? 4 : 1;
        l.size = ((l.rectHeight + div - 1) / div) * l.pitch;
        return l;
    }

    void surface(const std::string& m) {
        const uint64_t id = self(Kind::Surface);
        Surface& s = surfaces_.at(id);
        if (m == "LockRect") {
            if (!succeeded()) return;
            ImageLevel* level = surfaceImage(s);
            if (!level) { s.lock.reset(); surfaceLockWithoutMemory_ = id; return; }
            s.lock = imageLock(*level);
        } else if (m == "UnlockRect") {
            s.lock.reset();
        } else {
            unsupported();
        }
    }

    ImageLevel* surfaceImage(Surface& s) {
        if (s.image) return &*s.image;
        if (s.texture) {
            Texture& t = textures_.at(s.texture);
            if (s.level < t.levels.size()) return &t.levels[s.level];
        }
        return nullptr;
    }

    void memcpy() {
        const uint64_t dest = ptrArg("dest");
        const Value& src = arg("src");
        if (src.type != Value::Type::Blob) throw fail("src is not a blob");
        const int64_t n = integer("n");
        if (n < 0 || uint64_t(n) != src.bytes.size()) throw fail("n differs from the blob's size");
        auto inside = [&](const LockRegion& l) { return dest >= l.base && dest - l.base < l.size; };
        for (auto& [id, b] : buffers_)
            if (b.lock && inside(*b.lock)) {
                if (std::string e = writeLinear(b.bytes, *b.lock, dest, src.bytes); !e.empty()) throw fail(e);
                b.gen = ++gen_;
                return;
            }
        for (auto& [id, t] : textures_)
            for (auto& [level, l] : t.locks)
                if (inside(l)) {
                    if (std::string e = writeImage(t.levels[level], l, dest, src.bytes); !e.empty()) throw fail(e);
                    t.gen = ++gen_;
                    return;
                }
        for (auto& [id, s] : surfaces_)
            if (s.lock && inside(*s.lock)) {
                ImageLevel* level = surfaceImage(s);
                if (std::string e = writeImage(*level, *s.lock, dest, src.bytes); !e.empty()) throw fail(e);
                if (s.texture) textures_.at(s.texture).gen = ++gen_;
                return;
            }
        throw fail("dest = " + formatValue(arg("dest")) +
                   " lies in no locked buffer, texture level or surface (an upload refrast cannot place)");
    }

    // ---- the device -------------------------------------------------------------
    void device(const std::string& m);
    void renderState();
    void textureStageState();
    void samplerState();
    void draw(const std::string& m);
    void bindForDraw(bool usesStreams, bool indexed);
    void prologue();
    void clear();
    json stateValue(const std::string& name, const Value& v) const;

    void emit(const std::string& name, json value) {
        if (emitting_) out_.command(name, std::move(value));
    }
    static std::string stripPrefix(const std::string& s, const std::string& p) {
        return s.rfind(p, 0) == 0 ? s.substr(p.size()) : s;
    }
    std::string surfaceName(uint64_t id) const {
        if (!id) return "";
        const Surface& s = surfaces_.at(id);
        if (s.capture.empty()) throw fail("binds a surface that is no render target or depth buffer");
        return s.capture;
    }
    std::string textureName(uint64_t id) {
        auto t = textures_.find(id);
        if (t == textures_.end()) throw fail("binds an object that is no texture");
        if (!t->second.surface.empty()) return t->second.surface;
        if (unsupportedFormats_.count(id))
            throw fail("draws with texture stage bound to a " + unsupportedFormats_.at(id) +
                       " texture (formats refrast reads: docs/apitrace.md)");
        charge(0);  // the capture's files so far count against the budget
        return out_.texture(id, t->second.gen, encodeDds(t->second.fourcc, t->second.levels));
    }

    const Trace& trace_;
    CallRange range_;
    ImportOptions options_;
    CaptureBuilder out_;
    bool emitting_ = false;
    uint64_t nextId_ = 0, gen_ = 1;
    uint64_t budget_ = resourceBudget(trace_.streamBytes), used_ = 0;
    uint64_t device_ = 0;
    uint32_t backbufferW_ = 0, backbufferH_ = 0;
    std::map<uint64_t, std::pair<Kind, uint64_t>> objects_;  // pointer → (kind, id)
    std::map<uint64_t, Buffer> buffers_;
    std::map<uint64_t, Texture> textures_;
    std::map<uint64_t, Surface> surfaces_;
    std::map<uint64_t, std::string> unsupportedFormats_;
    std::map<uint64_t, bool> lockedUnsupported_;
    std::map<uint64_t, json> declarations_;
    uint64_t surfaceLockWithoutMemory_ = 0;

    // Device state (what the prologue writes).
    std::string rt0_, ds_, defaultDs_;  // defaultDs_: what the device starts with
    json renderStates_ = json::object();
    std::array<json, 8> stageStates_;
    std::array<json, 16> samplerStates_;
    std::map<int64_t, json> transforms_;
    std::optional<json> viewport_, scissor_;
    std::optional<json> layout_;  // {"SetFVF": …} or {"SetVertexDeclaration": …}
    uint32_t fvf_ = 0;
    uint64_t decl_ = 0;
    std::array<Stream, 16> streams_{};
    uint64_t indices_ = 0;
    std::array<uint64_t, 8> textureBinds_{};
    uint64_t vertexShader_ = 0, pixelShader_ = 0, vertexShaderCall_ = 0, pixelShaderCall_ = 0;
    uint64_t lightingCall_ = 0, clipPlaneCall_ = 0;  // the last SetLight/LightEnable/SetMaterial, for messages
    // What the capture's command stream has bound (lazily synced at draws).
    std::array<std::optional<json>, 16> emittedStreams_;
    std::optional<json> emittedIndices_;
    std::array<std::optional<json>, 8> emittedTextures_;
    size_t draws_ = 0, dropped_ = 0;
};

json D3D9::stateValue(const std::string& name, const Value& v) const {
    const auto x = v.integer();
    if (!x) throw fail("Value = " + formatValue(v) + " is not an integer");
    // Float states arrive as their raw bits (apitrace records the DWORD).
    if (isFloatState(name)) {
        const uint32_t bits = uint32_t(*x);
        float f;
        std::memcpy(&f, &bits, 4);
        if (!std::isfinite(f)) throw fail(name + " = " + std::to_string(bits) + " is not a finite float");
        return double(f);
    }
    return uint32_t(*x);
}

void D3D9::renderState() {
    const std::string name = enumName(arg("State"));
    const std::string key = name.empty() ? std::to_string(integer("State")) : name;
    const json value = stateValue(key, arg("Value"));
    renderStates_[key] = value;
    emit("SetRenderState", json{{key, value}});
}

void D3D9::textureStageState() {
    const int64_t stage = integer("Stage");
    if (stage < 0 || stage > 7) throw fail("Stage " + std::to_string(stage) + " outside 0..7");
    const std::string name = enumName(arg("Type"));
    const std::string key = name.empty() ? std::to_string(integer("Type")) : name;
    const json value = stateValue(key, arg("Value"));
    stageStates_[size_t(stage)][key] = value;
    emit("SetTextureStageState", json{{"stage", stage}, {key, value}});
}

void D3D9::samplerState() {
    const int64_t sampler = integer("Sampler");
    if (sampler < 0 || sampler > 15)
        throw fail("Sampler " + std::to_string(sampler) + ": displacement-map and vertex samplers are not supported");
    if (sampler > 7) throw fail("Sampler " + std::to_string(sampler) + " outside the 8 fixed-function stages");
    const std::string name = enumName(arg("Type"));
    const std::string key = name.empty() ? std::to_string(integer("Type")) : name;
    const json value = stateValue(key, arg("Value"));
    samplerStates_[size_t(sampler)][key] = value;
    emit("SetSamplerState", json{{"sampler", sampler}, {key, value}});
}

void D3D9::prologue() {
    if (!device_) return;  // the frame itself creates the device
    emitting_ = true;
    if (rt0_ != "backbuffer") emit("SetRenderTarget", json{{"index", 0}, {"surface", rt0_}});
    if (ds_ != defaultDs_)
        emit("SetDepthStencilSurface", ds_.empty() ? json(nullptr) : json(ds_));
    if (viewport_) emit("SetViewport", *viewport_);
    if (scissor_) emit("SetScissorRect", *scissor_);
    if (!renderStates_.empty()) emit("SetRenderState", renderStates_);
    for (size_t s = 0; s < 8; ++s)
        if (!stageStates_[s].is_null()) {
            json j = {{"stage", s}};
            for (auto& [k, v] : stageStates_[s].items()) j[k] = v;
            emit("SetTextureStageState", j);
        }
    for (size_t s = 0; s < 8; ++s)
        if (!samplerStates_[s].is_null()) {
            json j = {{"sampler", s}};
            for (auto& [k, v] : samplerStates_[s].items()) j[k] = v;
            emit("SetSamplerState", j);
        }
    for (const auto& [state, matrix] : transforms_) emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    if (layout_) emit(layout_->begin().key(), layout_->begin().value());
}

void D3D9::clear() {
    json j;
    j["flags"] = uint32_t(integer("Flags"));
    j["color"] = uint32_t(integer("Color"));
    const float z = floatArg("Z");
    if (!(z >= 0.0f && z <= 1.0f)) throw fail("Z outside 0..1");
    j["z"] = double(z);
    j["stencil"] = uint32_t(integer("Stencil")) & 0xffu;
    const int64_t count = integer("Count");
    const Value& rects = arg("pRects");
    if (count > 0 && rects.type == Value::Type::Array) {
        if (rects.items.size() != uint64_t(count)) throw fail("Count differs from the rectangles recorded");
        json list = json::array();
        for (const Value& r : rects.items) {
            auto m = [&](const char* k) {
                const Value* v = r.member(k);
                if (!v || !v->integer()) throw fail(std::string("a rectangle lacks ") + k);
                return *v->integer();
            };
            list.push_back({m("x1"), m("y1"), m("x2"), m("y2")});
        }
        j["rects"] = list;
    }
    emit("Clear", j);
}

void D3D9::device(const std::string& m) {
    if (self(Kind::Device) != device_) throw fail("a device the importer does not follow");
    if (m == "CreateVertexBuffer") return succeeded() ? createBuffer(false) : void();
    if (m == "CreateIndexBuffer") return succeeded() ? createBuffer(true) : void();
    if (m == "CreateTexture") return succeeded() ? createTexture() : void();
    if (m == "CreateRenderTarget" || m == "CreateDepthStencilSurface" || m == "CreateOffscreenPlainSurface" ||
        m == "CreateRenderTargetEx" || m == "CreateDepthStencilSurfaceEx" || m == "CreateOffscreenPlainSurfaceEx")
        return succeeded() ? createSurface(m.substr(0, m.size() - (m.back() == 'x' && m.rfind("Ex") == m.size() - 2 ? 2 : 0))) : void();
    if (m == "CreateVertexShader" || m == "CreatePixelShader") {
        if (succeeded()) create(outPointer("ppShader"), m == "CreateVertexShader" ? Kind::VertexShader : Kind::PixelShader);
        return;
    }
    if (m == "CreateVertexDeclaration") {
        if (!succeeded()) return;
        const uint64_t id = create(outPointer("ppDecl"), Kind::VertexDecl);
        json elements = json::array();
        const Value& list = arg("pVertexElements");
        for (const Value& e : list.items) {
            auto m2 = [&](const char* k) -> const Value& {
                const Value* v = e.member(k);
                if (!v) throw fail(std::string("a vertex element lacks ") + k);
                return *v;
            };
            const int64_t stream = m2("Stream").integer().value_or(0);
            if (stream == 0xff) break;  // D3DDECL_END
            elements.push_back({{"stream", stream}, {"offset", m2("Offset").integer().value_or(0)},
                                {"type", stripPrefix(enumName(m2("Type")), "D3DDECLTYPE_")},
                                {"usage", stripPrefix(enumName(m2("Usage")), "D3DDECLUSAGE_")},
                                {"usage_index", m2("UsageIndex").integer().value_or(0)}});
        }
        declarations_[id] = elements;
        return;
    }
    if (m == "GetBackBuffer") return aliasSurface("ppBackBuffer", "backbuffer");
    if (m == "GetRenderTarget") return aliasSurface("ppRenderTarget", rt0_);
    if (m == "GetDepthStencilSurface") return aliasSurface("ppZStencilSurface", ds_);
    if (m == "SetRenderState") return renderState();
    if (m == "SetTextureStageState") return textureStageState();
    if (m == "SetSamplerState") return samplerState();
    if (m == "Clear") return clear();
    if (m == "SetTransform") {
        const Value* mat = arg("pMatrix").pointee();
        const Value* rows = mat ? mat->member("m") : nullptr;
        json matrix = json::array();
        if (!rows || rows->items.size() != 4) throw fail("pMatrix holds no 4x4 matrix");
        for (const Value& row : rows->items) {
            if (row.items.size() != 4) throw fail("pMatrix holds no 4x4 matrix");
            for (const Value& x : row.items) {
                if (x.type != Value::Type::Float || !std::isfinite(x.f)) throw fail("pMatrix has a non-finite element");
                matrix.push_back(double(x.f));
            }
        }
        const int64_t state = integer("State");
        transforms_[state] = matrix;
        return emit("SetTransform", json{{"state", state}, {"matrix", matrix}});
    }
    if (m == "SetViewport") {
        const Value* vp = arg("pViewport").pointee();
        if (!vp) throw fail("pViewport is NULL");
        auto g = [&](const char* k) -> const Value& {
            const Value* v = vp->member(k);
            if (!v) throw fail(std::string("pViewport lacks ") + k);
            return *v;
        };
        json j = {{"x", g("X").integer().value_or(0)}, {"y", g("Y").integer().value_or(0)},
                  {"width", g("Width").integer().value_or(0)}, {"height", g("Height").integer().value_or(0)},
                  {"min_z", double(g("MinZ").f)}, {"max_z", double(g("MaxZ").f)}};
        viewport_ = j;
        return emit("SetViewport", j);
    }
    if (m == "SetScissorRect") {
        const Value* r = arg("pRect").pointee();
        if (!r) throw fail("pRect is NULL");
        json j = json::array();
        for (const char* k : {"left", "top", "right", "bottom"}) j.push_back(r->member(k) ? r->member(k)->integer().value_or(0) : 0);
        scissor_ = j;
        return emit("SetScissorRect", j);
    }
    if (m == "SetFVF") {
        fvf_ = uint32_t(integer("FVF"));
        decl_ = 0;
        layout_ = json{{"SetFVF", fvf_}};
        return emit("SetFVF", fvf_);
    }
    if (m == "SetVertexDeclaration") {
        decl_ = object(arg("pDecl"), "pDecl", Kind::VertexDecl);
        if (!decl_) return;
        fvf_ = 0;
        layout_ = json{{"SetVertexDeclaration", declarations_.at(decl_)}};
        return emit("SetVertexDeclaration", declarations_.at(decl_));
    }
    if (m == "SetStreamSource") {
        const int64_t s = integer("StreamNumber");
        if (s < 0 || s > 15) throw fail("StreamNumber outside 0..15");
        streams_[size_t(s)] = {object(arg("pStreamData"), "pStreamData", Kind::VertexBuffer), uint64_t(integer("OffsetInBytes")),
                               uint64_t(integer("Stride"))};
        return;
    }
    if (m == "SetStreamSourceFreq") {
        if (integer("Setting") != 1) throw fail("instancing (a stream frequency other than 1) is not supported");
        return;
    }
    if (m == "SetIndices") {
        indices_ = object(arg("pIndexData"), "pIndexData", Kind::IndexBuffer);
        return;
    }
    if (m == "SetTexture") {
        const int64_t stage = integer("Stage");
        if (stage < 0 || stage > 7) throw fail("Stage " + std::to_string(stage) + ": only the 8 fixed-function stages are supported");
        const Value& t = arg("pTexture");
        const Kind k = kindOf(t);
        if (t.pointer().value_or(0) && k != Kind::Texture)
            throw fail(k == Kind::CubeTexture ? "cube textures are not in scene format 2 yet" : "pTexture is no texture the trace created");
        textureBinds_[size_t(stage)] = object(t, "pTexture", Kind::Texture);
        return;
    }
    if (m == "SetRenderTarget") {
        if (integer("RenderTargetIndex") != 0) throw fail("multiple render targets (index > 0) are not supported");
        const uint64_t s = object(arg("pRenderTarget"), "pRenderTarget", Kind::Surface, false);
        rt0_ = surfaceName(s);
        viewport_.reset();  // D3D9 resets them to the new target
        scissor_.reset();
        return emit("SetRenderTarget", json{{"index", 0}, {"surface", rt0_}});
    }
    if (m == "SetDepthStencilSurface") {
        const uint64_t s = object(arg("pNewZStencil"), "pNewZStencil", Kind::Surface);
        ds_ = surfaceName(s);
        return emit("SetDepthStencilSurface", ds_.empty() ? json(nullptr) : json(ds_));
    }
    if (m == "SetVertexShader") {
        vertexShader_ = object(arg("pShader"), "pShader", Kind::VertexShader);
        vertexShaderCall_ = call_->no;
        return;
    }
    if (m == "SetPixelShader") {
        pixelShader_ = object(arg("pShader"), "pShader", Kind::PixelShader);
        pixelShaderCall_ = call_->no;
        return;
    }
    if (m == "SetVertexShaderConstantF" || m == "SetVertexShaderConstantI" || m == "SetVertexShaderConstantB" ||
        m == "SetPixelShaderConstantF" || m == "SetPixelShaderConstantI" || m == "SetPixelShaderConstantB")
        return;  // only shader draws read them, and those are refused or dropped
    if (m == "SetLight" || m == "LightEnable" || m == "SetMaterial") {
        lightingCall_ = call_->no;
        return;
    }
    if (m == "SetClipPlane") {
        clipPlaneCall_ = call_->no;
        return;
    }
    if (m == "UpdateTexture") {
        const uint64_t src = object(arg("pSourceTexture"), "pSourceTexture", Kind::Texture, false);
        const uint64_t dst = object(arg("pDestinationTexture"), "pDestinationTexture", Kind::Texture, false);
        Texture& s = textures_.at(src);
        Texture& d = textures_.at(dst);
        if (s.format != d.format || s.levels.empty() || d.levels.empty()) throw fail("textures of different formats");
        // The destination's level 0 matches the source level of the same size.
        size_t first = 0;
        while (first < s.levels.size() && s.levels[first].width != d.levels[0].width) ++first;
        if (first + d.levels.size() > s.levels.size()) throw fail("the source lacks levels the destination has");
        for (size_t i = 0; i < d.levels.size(); ++i) d.levels[i].bytes = s.levels[first + i].bytes;
        d.gen = ++gen_;
        return;
    }
    if (m == "UpdateSurface") {
        const uint64_t src = object(arg("pSourceSurface"), "pSourceSurface", Kind::Surface, false);
        const uint64_t dst = object(arg("pDestinationSurface"), "pDestSurface", Kind::Surface, false);
        ImageLevel* s = surfaceImage(surfaces_.at(src));
        ImageLevel* d = surfaceImage(surfaces_.at(dst));
        if (!s || !d) throw fail("copies to or from a render target (not supported)");
        if (!arg("pSourceRect").isNull() || !arg("pDestPoint").isNull()) throw fail("partial UpdateSurface is not supported");
        if (s->bytes.size() != d->bytes.size() || s->layout.bytes != d->layout.bytes) throw fail("surfaces of different sizes or formats");
        d->bytes = s->bytes;
        if (surfaces_.at(dst).texture) textures_.at(surfaces_.at(dst).texture).gen = ++gen_;
        return;
    }
    if (m == "ColorFill") {
        const uint64_t s = object(arg("pSurface"), "pSurface", Kind::Surface, false);
        json j = {{"surface", surfaceName(s)}, {"color", uint32_t(integer("color"))}};
        if (const Value* r = arg("pRect").pointee())
            j["rect"] = {r->member("left")->integer().value_or(0), r->member("top")->integer().value_or(0),
                         r->member("right")->integer().value_or(0), r->member("bottom")->integer().value_or(0)};
        return emit("ColorFill", j);
    }
    if (m == "StretchRect") {
        const uint64_t src = object(arg("pSourceSurface"), "pSourceSurface", Kind::Surface, false);
        const uint64_t dst = object(arg("pDestSurface"), "pDestSurface", Kind::Surface, false);
        json j = {{"source", surfaceName(src)}, {"dest", surfaceName(dst)}, {"filter", stripPrefix(enumName(arg("Filter")), "D3DTEXF_")}};
        for (const char* k : {"pSourceRect", "pDestRect"})
            if (const Value* r = arg(k).pointee())
                j[std::string(k) == "pSourceRect" ? "source_rect" : "dest_rect"] = {
                    r->member("left")->integer().value_or(0), r->member("top")->integer().value_or(0),
                    r->member("right")->integer().value_or(0), r->member("bottom")->integer().value_or(0)};
        return emit("StretchRect", j);
    }
    if (m.rfind("Draw", 0) == 0) return draw(m);
    if (m == "SetSoftwareVertexProcessing" || m == "SetNPatchMode") {
        if (m == "SetNPatchMode" && floatArg("nSegments") != 0.0f) throw fail("N-patches are not supported");
        return;
    }
    unsupported();
}

void D3D9::bindForDraw(bool usesStreams, bool indexed) {
    if (usesStreams) {
        for (size_t s = 0; s < streams_.size(); ++s) {
            const Stream& st = streams_[s];
            bool needed = s == 0;
            if (decl_)
                for (const auto& e : declarations_.at(decl_)) needed = needed || e["stream"] == s;
            if (!needed) continue;
            if (!st.buffer) {
                if (s == 0 || decl_) throw fail("draws from stream " + std::to_string(s) + ", which has no vertex buffer");
                continue;
            }
            const Buffer& b = buffers_.at(st.buffer);
            if (b.lock) throw fail("draws from a vertex buffer that is still locked");
            charge(0);
            const size_t index = out_.buffer(st.buffer, b.gen, b.bytes);
            json j = {{"stream", s}, {"buffer", index}, {"offset", st.offset}, {"stride", st.stride}};
            if (emittedStreams_[s] != j) {
                out_.command("SetStreamSource", j);
                emittedStreams_[s] = j;
            }
        }
    }
    if (indexed) {
        if (!indices_) throw fail("draws indexed with no index buffer set");
        const Buffer& b = buffers_.at(indices_);
        const size_t index = out_.buffer(indices_, b.gen, b.bytes);
        json j = {{"buffer", index}, {"offset", 0}, {"format", b.index32 ? "INDEX32" : "INDEX16"}};
        if (emittedIndices_ != j) {
            out_.command("SetIndices", j);
            emittedIndices_ = j;
        }
    }
    for (size_t s = 0; s < 8; ++s) {
        const json name = textureBinds_[s] ? json(textureName(textureBinds_[s])) : json(nullptr);
        const bool known = emittedTextures_[s].has_value();
        if ((!known && !name.is_null()) || (known && *emittedTextures_[s] != name)) {
            out_.command("SetTexture", json{{"stage", s}, {"texture", name}});
            emittedTextures_[s] = name;
        }
    }
}

void D3D9::draw(const std::string& m) {
    if (!emitting_) {
        if (m == "DrawPrimitiveUP" || m == "DrawIndexedPrimitiveUP") {
            streams_[0] = {};  // D3D9 unbinds stream 0 (and the indices) after a …UP draw
            if (m == "DrawIndexedPrimitiveUP") indices_ = 0;
        }
        return;
    }
    const bool up = m == "DrawPrimitiveUP" || m == "DrawIndexedPrimitiveUP";
    if (vertexShader_ || pixelShader_) {
        const bool vs = vertexShader_ != 0;
        if (!options_.skipShaderDraws)
            throw fail(std::string("draws with the ") + (vs ? "vertex" : "pixel") + " shader set by call " +
                       std::to_string(vs ? vertexShaderCall_ : pixelShaderCall_) + " (" +
                       (vs ? "SetVertexShader" : "SetPixelShader") +
                       "); refrast renders fixed-function draws only (--skip-shader-draws drops such draws)");
        ++dropped_;
        if (up) streams_[0] = {};
        return;
    }
    const bool pretransformed = decl_ ? false : (fvf_ & fvfBits().positionMask) == fvfBits().xyzrhw;
    const auto lighting = renderStates_.find("D3DRS_LIGHTING");
    const bool lit = !pretransformed && (lighting == renderStates_.end() || *lighting != 0);
    if (lit)
        throw fail("a lit draw (D3DRS_LIGHTING is TRUE" + std::string(lighting == renderStates_.end() ? ", the D3D9 default" : "") +
                   "): scene format 2 carries no lights or material yet" +
                   (lightingCall_ ? " (last set by call " + std::to_string(lightingCall_) + ")" : std::string()));
    if (clipPlaneCall_) {
        const auto clip = renderStates_.find("D3DRS_CLIPPLANEENABLE");
        if (clip != renderStates_.end() && *clip != 0)
            throw fail("user clip planes (SetClipPlane, call " + std::to_string(clipPlaneCall_) + ") are not in scene format 2");
    }
    const std::string prim = enumName(arg("PrimitiveType"));
    const json primitive = prim.empty() ? json(integer("PrimitiveType")) : json(prim);
    json j = {{"name", "call " + std::to_string(call_->no)}, {"primitive", primitive}};
    ++draws_;
    if (m == "DrawPrimitive") {
        bindForDraw(true, false);
        j["start_vertex"] = integer("StartVertex");
        j["primitive_count"] = integer("PrimitiveCount");
    } else if (m == "DrawIndexedPrimitive") {
        bindForDraw(true, true);
        j["base_vertex_index"] = integer("BaseVertexIndex");
        j["min_index"] = integer("MinVertexIndex");
        j["num_vertices"] = integer("NumVertices");
        j["start_index"] = integer("startIndex");
        j["primitive_count"] = integer("primCount");
    } else if (up) {
        if (decl_) throw fail("a …UP draw with a vertex declaration (only FVF layouts are read for inline vertices)");
        bindForDraw(false, false);
        const int64_t count = integer("PrimitiveCount");
        j["primitive_count"] = count;
        const Value& data = arg("pVertexStreamZeroData");
        if (data.type != Value::Type::Blob) throw fail("pVertexStreamZeroData is not recorded as a blob");
        const uint64_t stride = uint64_t(integer("VertexStreamZeroStride"));
        if (stride == 0) throw fail("VertexStreamZeroStride is 0");
        uint64_t vertices = data.bytes.size() / stride;
        if (m == "DrawIndexedPrimitiveUP") {
            j["min_index"] = integer("MinVertexIndex");
            j["num_vertices"] = integer("NumVertices");
            const Value& idx = arg("pIndexData");
            if (idx.type != Value::Type::Blob) throw fail("pIndexData is not recorded as a blob");
            const bool i32 = enumName(arg("IndexDataFormat")) == "D3DFMT_INDEX32";
            json list = json::array();
            for (size_t k = 0; k + (i32 ? 4 : 2) <= idx.bytes.size(); k += i32 ? 4 : 2) {
                uint32_t x = 0;
                std::memcpy(&x, idx.bytes.data() + k, i32 ? 4 : 2);
                list.push_back(x);
            }
            j["indices"] = list;
        } else if (data.bytes.size() % stride) {
            vertices = data.bytes.size() / stride + 1;  // the last vertex may omit the stride's padding
        }
        charge(vertices * 64);  // inline vertices as JSON text
        try {
            j["vertices"] = fvfVertices(fvf_, data.bytes, stride, vertices);
        } catch (const std::runtime_error& e) {
            throw fail(e.what());
        }
        // D3D9 leaves stream 0 and the indices unbound after a …UP draw.
        streams_[0] = {};
        emittedStreams_[0].reset();
        if (m == "DrawIndexedPrimitiveUP") {
            indices_ = 0;
            emittedIndices_.reset();
        }
    } else {
        unsupported();  // DrawRectPatch, DrawTriPatch
    }
    out_.command(m, j);
}

}  // namespace

Capture importD3D9(const Trace& trace, const std::string& path, const CallRange& range, const ImportOptions& options) {
    return D3D9(trace, path, range, options).run();
}

}  // namespace refrast::apitrace
