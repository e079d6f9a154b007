// SPDX-License-Identifier: MIT
// Direct3D 9 state blocks recorded with BeginStateBlock / EndStateBlock: the
// state calls between them change nothing on the device and are kept;
// IDirect3DStateBlock9::Apply replays them in order, so the capture gets the
// states they set as ordinary commands. A LightEnable recorded for a light
// the block did not SetLight records that light as the default light, which
// Apply restores along with its enable flag (wined3d's stateblock.c, whose
// recorded light state starts empty; the d3d9_lit fixture relies on it).
#include "formats/apitrace/d3d9_device_model.h"

#include <set>

namespace refrast::apitrace::d3d9_import {

bool D3D9::isRecordable(const std::string& m) {
    // The IDirect3DDevice9 methods a state block records (D3D9 documentation,
    // "State Blocks Save and Restore State"); every other call runs as usual.
    static const char* const names[] = {"SetRenderState", "SetTextureStageState", "SetSamplerState", "SetTransform",
        "SetViewport", "SetScissorRect", "SetLight", "LightEnable", "SetMaterial", "SetClipPlane", "SetFVF",
        "SetVertexDeclaration", "SetStreamSource", "SetStreamSourceFreq", "SetIndices", "SetTexture",
        "SetVertexShader", "SetPixelShader", "SetVertexShaderConstantF", "SetVertexShaderConstantI",
        "SetVertexShaderConstantB", "SetPixelShaderConstantF", "SetPixelShaderConstantI", "SetPixelShaderConstantB",
        "SetNPatchMode"};
    for (const char* k : names)
        if (m == k) return true;
    return false;
}

void D3D9::beginStateBlock() {
    if (!succeeded()) return;
    if (recording_) throw fail("BeginStateBlock while call " + std::to_string(recordingCall_) + " is still recording one");
    recording_.emplace();
    recordingCall_ = call_->no;
}

void D3D9::endStateBlock() {
    if (!recording_) throw fail("EndStateBlock without BeginStateBlock");
    std::vector<Call> calls = std::move(*recording_);
    recording_.reset();
    if (!succeeded()) return;
    stateBlocks_[create(outPointer("ppSB"), Kind::StateBlock)] = std::move(calls);
}

void D3D9::stateBlock(const std::string& m) {
    const uint64_t id = self(Kind::StateBlock);
    if (m == "Capture")
        throw fail("re-capturing a state block (Capture) is not supported; Apply of a recorded one is");
    if (m != "Apply") unsupported();
    if (!succeeded()) return;
    const Call* const applying = call_;
    std::set<int64_t> setLights;  // lights the block has SetLight for, so far
    for (const Call& recorded : stateBlocks_.at(id)) {
        call_ = &recorded;
        const std::string& name = recorded.name();
        const std::string method = name.substr(name.find("::") + 2);
        if (method == "SetLight") setLights.insert(integer("Index"));
        if (method == "LightEnable" && !setLights.count(integer("Index"))) {
            const int64_t index = integer("Index");
            try {
                emitLighting(lights_.setDefaultLight(index));
            } catch (const std::runtime_error& e) {
                throw fail(e.what());
            }
        }
        device(method);
    }
    call_ = applying;
}

}  // namespace refrast::apitrace::d3d9_import
