// SPDX-License-Identifier: MIT
#include "formats/apitrace/frames.h"

#include <string_view>

namespace refrast::apitrace {
namespace {

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

bool isD3D9FrameEnd(const std::string& n) {
    return n == "IDirect3DDevice9::Present" || n == "IDirect3DDevice9Ex::Present" ||
           n == "IDirect3DDevice9Ex::PresentEx" || n == "IDirect3DSwapChain9::Present" ||
           n == "IDirect3DSwapChain9Ex::Present" || n == "IDirect3DDevice9::GetRenderTargetData" ||
           n == "IDirect3DDevice9Ex::GetRenderTargetData";
}

// DDSCAPS_PRIMARYSURFACE (ddraw.h) as the trace names it: the flag name in the
// call's own bitmask signature, so no number is assumed.
bool capsNamePrimary(const Value* caps) {
    if (!caps || caps->type != Value::Type::Bitmask) return false;
    for (const auto& [name, bits] : caps->bitmaskSig->flags)
        if (name == "DDSCAPS_PRIMARYSURFACE") return bits != 0 && (caps->uint & bits) == bits;
    return false;
}

}  // namespace

bool isDrawCall(const Call& c) {
    const std::string& n = c.name();
    const size_t colon = n.rfind("::");
    if (colon == std::string::npos) return false;
    const std::string_view iface = std::string_view(n).substr(0, colon);
    if (iface != "IDirect3DDevice9" && iface != "IDirect3DDevice9Ex" && iface != "IDirect3DDevice7") return false;
    const std::string_view m = std::string_view(n).substr(colon + 2);
    return m.substr(0, 4) == "Draw";  // DrawPrimitive*, DrawIndexedPrimitive*, Draw*Patch
}

void FrameSplitter::add(const Call& c) {
    const size_t i = calls_++;
    if (cur_.first == i) cur_.firstNo = c.no;
    cur_.lastNo = c.no;
    if (isDrawCall(c)) ++cur_.draws;
    bool end = isD3D9FrameEnd(c.name());
    if (endsWith(c.name(), "IDirectDraw7::CreateSurface")) {
        const Value* desc = c.arg("lpDDSurfaceDesc");
        const Value* out = c.arg("lplpDDSurface");
        const Value* d = desc ? desc->pointee() : nullptr;
        const Value* caps = d ? d->member("ddsCaps") : nullptr;
        if (caps && capsNamePrimary(caps->member("dwCaps")) && out && out->pointee())
            if (auto p = out->pointee()->pointer()) primaries_.insert(*p);
    } else if (c.name() == "IDirectDrawSurface7::Blt" || c.name() == "IDirectDrawSurface7::Flip") {
        const Value* self = c.arg("this");
        if (self && self->pointer() && primaries_.count(*self->pointer())) end = true;
    }
    if (end) {
        cur_.end = i + 1;
        frames_.push_back(cur_);
        cur_ = Frame{i + 1, i + 1, 0};
    }
}

std::vector<Frame> FrameSplitter::finish() {
    if (cur_.first < calls_ || frames_.empty()) {
        cur_.end = calls_;
        frames_.push_back(cur_);
    }
    return std::move(frames_);
}

std::vector<Frame> splitFrames(const Trace& trace) {
    FrameSplitter s;
    for (const Call& c : trace.calls) s.add(c);
    return s.finish();
}

size_t defaultFrame(const std::vector<Frame>& frames) {
    for (size_t k = frames.size(); k-- > 0;)
        if (frames[k].draws > 0) return k;
    return frames.empty() ? 0 : frames.size() - 1;
}

}  // namespace refrast::apitrace
