// SPDX-License-Identifier: MIT
// The model of a Direct3D 9 device that the trace's calls are replayed onto
// (docs/apitrace.md): objects by the pointers the trace recorded, buffer and
// texture memory filled by the fake memcpy calls between Lock and Unlock, and
// the device state. Calls before the chosen frame only build the model; at
// the frame's first call the accumulated state is written as commands, then
// every call of the frame is. Resource contents are snapshotted when a draw
// reads them, so a buffer refilled between draws (DISCARD, NOOVERWRITE) gives
// each draw its own data. One job per file:
//   d3d9_interpreter.cpp   dispatch, the IDirect3D9 calls, what is ignored
//   d3d9_resources.cpp     buffers, textures, surfaces, locks and uploads
//   d3d9_device_calls.cpp  device state calls and the prologue
//   d3d9_draws.cpp         draws and what they bind
//   d3d9_state_blocks.cpp  state blocks (recorded, whole-device, pixel and vertex
//                          ones: d3d9_state_block_scopes.cpp)
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
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace::d3d9_import {

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
    std::map<uint32_t, LockRegion> locks;  // by index into levels
    std::string surface;  // a render-target texture: the capture surface it is
    bool cube = false;    // a cube texture: levels holds six chains, face by face in D3DCUBEMAP_FACES order
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

inline bool isDevice(const std::string& iface) { return iface == "IDirect3DDevice9" || iface == "IDirect3DDevice9Ex"; }

// What a state block of the whole device (CreateStateBlock(D3DSBT_ALL))
// holds: the device state of the model, without the render targets (D3D9's
// state blocks do not hold them). d3d9_state_blocks.cpp.
struct DeviceState {
    json renderStates = json::object();
    std::array<json, 8> stageStates;
    std::array<json, 16> samplerStates;
    std::map<int64_t, json> transforms;
    // Unset (in the device state): the whole of render target 0, which the
    // device starts with and SetRenderTarget resets them to; a saved state
    // holds them set (saveState).
    std::optional<json> viewport, scissor;
    std::optional<json> layout;  // {"SetFVF": …} or {"SetVertexDeclaration": …}
    uint32_t fvf = 0;
    uint64_t decl = 0;
    std::array<Stream, 16> streams{};
    uint64_t indices = 0;
    std::array<uint64_t, 8> textureBinds{};
    uint64_t vertexShader = 0, pixelShader = 0, vertexShaderCall = 0, pixelShaderCall = 0;
    DeviceLights lights;
    uint64_t madeBy = 0;  // the call that created or last captured it
};

// Which parts of the device state a state block holds: everything
// (D3DSBT_ALL), a D3DSBT_PIXELSTATE or VERTEXSTATE list
// (d3d9_state_block_scopes.h), or what a recorded block's calls set.
struct StateScope {
    bool all = false;
    std::set<std::string> renderStates;
    std::array<std::set<std::string>, 8> stageStates, samplerStates;
    std::set<int64_t> transforms, lights, clipPlanes;
    std::set<size_t> streams, textures;
    bool viewport = false, scissor = false, layout = false, indices = false, vertexShader = false,
         pixelShader = false, material = false, allLights = false;
};

// A state block. A recorded one (BeginStateBlock / EndStateBlock) keeps its
// calls and replays them at Apply until its first Capture, which saves the
// current values of what the calls set (its scope) instead.
struct StateBlock {
    std::optional<std::vector<Call>> recorded;
    StateScope scope;
    DeviceState saved;
};

class D3D9 : CallReader {
public:
    D3D9(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions& options)
        : CallReader(path), calls_(calls), range_(range), options_(options) {}

    Capture run();

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
            throw fail("needs more resource memory than the trace's " + std::to_string(calls_.streamBytes()) +
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
    void dispatch(const Call& c);

    static bool isIgnorable(const std::string& m);

    [[noreturn]] void unsupported() const {
        throw fail("is not supported by the Direct3D 9 importer (docs/apitrace.md lists what is read)");
    }

    void global(const std::string& n);

    void d3d9(const std::string& m);

    // ---- resources --------------------------------------------------------------
    void createBuffer(bool index);

    void createTexture();
    void createCubeTexture();
    void allocateLevels(Texture& t, uint64_t id, uint32_t width, uint32_t height, int64_t levels, int faces);
    void cubeTexture(const std::string& m);

    void createSurface(const std::string& m);

    void aliasSurface(const char* out, const std::string& capture);

    void buffer(const std::string& m);

    void texture(const std::string& m);

    LockRegion imageLock(const ImageLevel& level) const;

    void surface(const std::string& m);

    ImageLevel* surfaceImage(Surface& s);

    void memcpy();

    // ---- state blocks (d3d9_state_blocks.cpp) -------------------------------------
    static bool isRecordable(const std::string& m);
    void beginStateBlock();
    void endStateBlock();
    void stateBlock(const std::string& m);
    void createStateBlock();
    DeviceState saveState() const;
    StateScope recordedScope(const std::vector<Call>& calls);
    DeviceState overlay(const StateBlock& block) const;
    void replay(const std::vector<Call>& calls);
    void applyState(const DeviceState& given);
    std::optional<json> initialState(const std::string& name, int stage) const;
    json wholeTargetViewport() const;
    json wholeTargetScissor() const;

    // ---- the device -------------------------------------------------------------
    void device(const std::string& m);
    void renderState();
    void textureStageState();
    void samplerState();
    void draw(const std::string& m);
    void bindForDraw(bool usesStreams, bool indexed);
    void prologue();
    void clear();
    void lighting(const std::string& m);
    json stateValue(const std::string& name, const Value& v) const;
    // The command of a light, material or clip-plane call, when it gives one.
    void emitLighting(const SceneCommands& commands) {
        for (const auto& [name, value] : commands) emit(name, value);
    }
    void emitLighting(const SceneCommand& c) { emit(c.first, c.second); }

    void emit(const std::string& name, json value) {
        if (emitting_) out_.command(name, std::move(value));
    }
    // A SetFVF / SetVertexDeclaration command, but not a declaration the
    // capture's loader refuses (unreadableDeclarations_): only shader draws,
    // which are refused or dropped, can use one, and a fixed-function draw
    // under it is refused with its call, so no command of the capture reads
    // it, and writing it would make the capture fail to load.
    void emitLayout(const json& layout, uint64_t decl) {
        if (decl && unreadableDeclarations_.count(decl)) return;
        emit(layout.begin().key(), layout.begin().value());
    }
    static std::string stripPrefix(const std::string& s, const std::string& p) {
        return s.rfind(p, 0) == 0 ? s.substr(p.size()) : s;
    }
    std::string surfaceName(uint64_t id) const;
    std::string textureName(uint64_t id);

    CallSource& calls_;
    CallRange range_;
    ImportOptions options_;
    CaptureBuilder out_;
    bool emitting_ = false;
    uint64_t nextId_ = 0, gen_ = 1;
    uint64_t budget_ = resourceBudget(calls_.streamBytes()), used_ = 0;
    uint64_t device_ = 0;
    uint32_t backbufferW_ = 0, backbufferH_ = 0;
    std::map<uint64_t, std::pair<Kind, uint64_t>> objects_;  // pointer → (kind, id)
    std::map<uint64_t, Buffer> buffers_;
    std::map<uint64_t, Texture> textures_;
    std::map<uint64_t, Surface> surfaces_;
    std::map<uint64_t, std::string> unsupportedFormats_;
    std::map<uint64_t, bool> lockedUnsupported_;
    std::map<uint64_t, json> declarations_;
    // Declarations the fixed-function pipeline cannot take: the call that
    // made each and why (a draw under one is refused).
    std::map<uint64_t, std::pair<uint64_t, std::string>> unreadableDeclarations_;
    uint64_t surfaceLockWithoutMemory_ = 0;

    // Device state (what the prologue writes).
    std::string rt0_, ds_, defaultDs_;  // defaultDs_: what the device starts with
    DeviceState state_;  // the current device state, which a D3DSBT_ALL block saves whole (madeBy unused here)
    // State blocks: the device calls recorded between BeginStateBlock and
    // EndStateBlock (copied: they are replayed by Apply).
    std::optional<std::vector<Call>> recording_;
    uint64_t recordingCall_ = 0;
    std::map<uint64_t, StateBlock> stateBlocks_;  // by id
    // What the capture's command stream has bound (lazily synced at draws).
    std::array<std::optional<json>, 16> emittedStreams_;
    std::optional<json> emittedIndices_;
    std::array<std::optional<json>, 8> emittedTextures_;
    size_t draws_ = 0, dropped_ = 0;
};

}  // namespace refrast::apitrace::d3d9_import
