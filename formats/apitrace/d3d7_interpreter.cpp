// SPDX-License-Identifier: MIT
// DirectDraw 7 / Direct3D 7 calls replayed onto the device model
// (d3d7_device_model.h): the call dispatch, object bookkeeping, the uploads
// (apitrace's fake memcpy between Lock and Unlock) and the calls that change
// no pixel of the frame.
#include "formats/apitrace/d3d7_device_model.h"

#include <algorithm>

namespace refrast::apitrace::d3d7_import {

Capture D3D7::run() {
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

int64_t D3D7::memberInt(const Value& s, const char* k) const {
    const Value* v = s.member(k);
    if (!v || !v->integer()) throw fail(std::string("lacks the member ") + k);
    return *v->integer();
}

uint64_t D3D7::outPointer(const char* n) const {
    const Value* p = arg(n).pointee();
    if (!p || !p->pointer()) throw fail(std::string(n) + " holds no object");
    return *p->pointer();
}

std::string D3D7::enumName(const Value& v) const {
    if (v.type == Value::Type::Enum)
        if (const std::string* n = v.enumSig->nameOf(v.sint)) return *n;
    return "";
}

bool D3D7::failed() const {
    if (!call_->ret) return false;
    const auto r = call_->ret->integer();
    return r && *r < 0;  // an HRESULT failure changed nothing
}

void D3D7::charge(uint64_t bytes) {
    if (bytes > budget_ - std::min(budget_, used_ + out_.fileBytes()))
        throw fail("needs more resource memory than the trace's " + std::to_string(calls_.streamBytes()) +
                   " stream bytes justify (" + std::to_string(budget_ >> 20) + " MiB)");
    used_ += bytes;
}

uint64_t D3D7::create(uint64_t ptr, Kind k) {
    objects_[ptr] = {k, ++nextId_};
    return nextId_;
}

uint64_t D3D7::object(const Value& v, const char* n, Kind k, bool allowNull) const {
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

void D3D7::unsupported() const {
    throw fail("is not supported by the DirectDraw 7 importer (docs/apitrace.md lists what is read)");
}

bool D3D7::ignorable(const std::string& m) {
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

void D3D7::dispatch() {
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

void D3D7::memcpy() {
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

}  // namespace refrast::apitrace::d3d7_import

namespace refrast::apitrace {

Capture importD3D7(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions&) {
    return d3d7_import::D3D7(calls, path, range).run();
}

}  // namespace refrast::apitrace
