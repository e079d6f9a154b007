// SPDX-License-Identifier: MIT
// The model of a DirectDraw 7 / Direct3D 7 device that the trace's calls are
// replayed onto, written as scene format 2 (which is D3D9-shaped): the
// render-target surface the device was created on becomes the back buffer,
// an attached Z buffer the depth surface, texture surfaces DDS textures
// filled through IDirectDrawSurface7::Lock, vertex buffers through
// IDirect3DVertexBuffer7::Lock. D3D7's render-state numbers are D3D9's (D3D9
// kept the numbering), so states go out as numbers; D3D7 draws name their FVF
// and vertex counts, so each becomes SetFVF plus the D3D9 draw of the same
// vertices. One job per file:
//   d3d7_interpreter.cpp    dispatch, object bookkeeping, uploads, what is ignored
//   d3d7_surfaces.cpp       DirectDraw surfaces: formats, mipmap chains, locks, flipping chains, Blt
//   d3d7_device_states.cpp  device creation, the device state calls, lights and material, the prologue
//   d3d7_draws.cpp          vertex buffers, draws and what they bind
//   d3d7_state_blocks.cpp   BeginStateBlock / EndStateBlock, CreateStateBlock(D3DSBT_ALL), Apply, Capture, Delete
#pragma once

#include "formats/apitrace/call_reader.h"
#include "formats/apitrace/device_lights.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/texture_image.h"
#include "formats/apitrace/trace_dump.h"
#include "refrast/error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace::d3d7_import {

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
    std::map<uint32_t, uint64_t> chainBuffers;  // and the back buffers reached, by position 1..dwBackBufferCount
    uint64_t chain = 0;        // a back buffer: its chain's primary
    uint32_t chainIndex = 0;   // and its position in the chain, 1..dwBackBufferCount
};
struct DisplayMode {
    uint32_t width = 0, height = 0;
    std::string format;
};
// Device state by key, as the model holds it and as a state block holds part
// or all of it: render states by their D3D7 number (as a string), stage and
// sampler states in D3D9's terms (d3d7_stage_states.h), transforms by their
// scene name, the viewport, texture bindings (a surface id, 0 = none; nullopt:
// not held).
struct StateSet7 {
    json renderStates = json::object();
    std::array<json, 8> stageStates, samplerStates;  // null or {key: value}
    std::map<std::string, json> transforms;
    std::optional<json> viewport;
    std::array<std::optional<uint64_t>, 8> textures;
};
// A Direct3D 7 state block (d3d7_state_blocks.cpp): recorded between
// BeginStateBlock and EndStateBlock (the states the recorded calls set, and
// the lighting calls in order), or the whole device (CreateStateBlock(D3DSBT_ALL)).
struct StateBlock7 {
    bool whole = false;
    uint64_t madeBy = 0;     // the call that made or last captured it
    StateSet7 states;
    std::vector<Call> lighting;  // recorded: SetLight, LightEnable, SetMaterial, SetClipPlane
    DeviceLights lights;         // whole: lights, material and clip planes
};
struct VertexBuffer7 {
    std::vector<uint8_t> bytes;
    uint32_t fvf = 0, stride = 0;
    uint64_t gen = 1;
    std::optional<LockRegion> lock;
};

class D3D7 : CallReader {
public:
    D3D7(CallSource& calls, const std::string& path, const CallRange& range)
        : CallReader(path), calls_(calls), range_(range) {
        state_.textures.fill(uint64_t(0));  // a device starts with no texture bound
    }
    Capture run();

private:
    // d3d7_interpreter.cpp
    int64_t memberInt(const Value& s, const char* k) const;
    uint64_t outPointer(const char* n) const;
    std::string enumName(const Value& v) const;
    bool failed() const;
    void charge(uint64_t bytes);
    uint64_t create(uint64_t ptr, Kind k);
    uint64_t object(const Value& v, const char* n, Kind k, bool allowNull) const;
    uint64_t self(Kind k) const { return object(arg("this"), "this", k, false); }
    [[noreturn]] void unsupported() const;
    void emit(const std::string& n, json v) {
        if (emitting_) out_.command(n, std::move(v));
    }
    static bool ignorable(const std::string& m);
    void dispatch();
    void memcpy();

    // d3d7_surfaces.cpp
    std::string formatOf(const Value& pf, bool zbuffer) const;
    void displayMode(const std::string& m);
    void createSurface();
    void surface(const std::string& m);
    ImageLevel* levelOf(Surface7& s);
    LockRegion surfaceLock(const Value& desc, const ImageLevel& level) const;
    void attachedSurface(uint64_t id);
    void backBuffer(uint64_t primary, uint32_t position, uint64_t ptr);
    void flip(const Surface7& primary);

    // d3d7_device_states.cpp
    static std::string zenableKey();
    void createDevice();
    void device(const std::string& m);
    void setRenderTarget();
    void lighting(const std::string& m);
    json stateNumber(const Value& value, bool isFloat) const;
    void prologue();
    // Where a state call goes: the block being recorded, else the device.
    StateSet7& stateTarget() { return recording_ ? recording_->states : state_; }
    void emitLighting(const SceneCommands& c);

    // d3d7_state_blocks.cpp
    void stateBlock(const std::string& m);
    int64_t blockHandleOut();
    void addStateBlock(int64_t handle, StateBlock7 block);
    json initialZenable() const;
    StateSet7 snapshot() const;
    void applyRecorded(const StateBlock7& b);
    void applyWhole(const StateBlock7& b);
    void captureRecorded(StateBlock7& b);
    static json identityMatrix();

    // d3d7_draws.cpp
    void createVertexBuffer();
    void vertexBuffer(const std::string& m);
    void bindTextures();
    void draw(const std::string& m);

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
    StateSet7 state_;                      // the device's state (textures: all held)
    std::optional<StateBlock7> recording_;  // between BeginStateBlock and EndStateBlock
    uint64_t recordingCall_ = 0;           // the BeginStateBlock
    std::map<int64_t, StateBlock7> stateBlocks_;  // by the DWORD handle the trace recorded
    std::array<std::optional<json>, 8> emittedTextures_;
    std::optional<uint32_t> emittedFvf_;
    DisplayMode display_;
    size_t draws_ = 0;
};

}  // namespace refrast::apitrace::d3d7_import
