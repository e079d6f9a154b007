// SPDX-License-Identifier: MIT
// Direct3D 9 traces: the calls dispatched by interface onto the device model
// (d3d9_device_model.h), the IDirect3D9 calls, and the calls ignored because
// they change no pixel.
#include "formats/apitrace/d3d9_device_model.h"

#include "formats/d3d/d3d_constants.h"

namespace refrast::apitrace::d3d9_import {

Capture D3D9::run() {
    for (size_t i = 0; i < range_.end; ++i) {
        const Call* c = calls_.next();
        if (!c) break;  // the survey counted range_.end calls; a shorter second pass cannot happen
        if (i == range_.first) prologue();
        emitting_ = i >= range_.first;
        call_ = c;
        dispatch(*call_);
    }
    if (!device_) throw InputError(path_, "", "no IDirect3D9::CreateDevice before the end of " + range_.label);
    Capture cap = out_.finish();
    cap.draws = draws_;
    cap.droppedShaderDraws = dropped_;
    return cap;
}

void D3D9::dispatch(const Call& c) {
    const std::string& n = c.name();
    const size_t colon = n.find("::");
    if (colon == std::string::npos) return global(n);
    const std::string iface = n.substr(0, colon), m = n.substr(colon + 2);
    if (isIgnorable(m)) return;
    if (iface == "IDirect3D9" || iface == "IDirect3D9Ex") return d3d9(m);
    if (isDevice(iface)) return device(m);
    if (iface == "IDirect3DVertexBuffer9" || iface == "IDirect3DIndexBuffer9") return buffer(m);
    if (iface == "IDirect3DTexture9") return texture(m);
    if (iface == "IDirect3DCubeTexture9") return cubeTexture(m);
    if (iface == "IDirect3DSurface9") return surface(m);
    if (iface == "IDirect3DStateBlock9") return stateBlock(m);
    unsupported();
}

bool D3D9::isIgnorable(const std::string& m) {
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

void D3D9::global(const std::string& n) {
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

void D3D9::d3d9(const std::string& m) {
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

}  // namespace refrast::apitrace::d3d9_import

namespace refrast::apitrace {

Capture importD3D9(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions& options) {
    return d3d9_import::D3D9(calls, path, range, options).run();
}

}  // namespace refrast::apitrace
