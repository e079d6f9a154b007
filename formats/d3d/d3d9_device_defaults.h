// SPDX-License-Identifier: MIT
// The state a Direct3D 9 device starts with: every render state, texture
// stage state and sampler state of d3d9types.h with its initial value. One
// table for the whole program: the apitrace importer restores states to it
// (a state block that holds a state the trace never set), and the version 1
// scene converter (src/convert/v1_state_defaults.cpp) undoes a key with it.
// The sources are named per group in d3d9_device_defaults.cpp: the D3D9
// documentation of IDirect3DDevice9::SetRenderState / SetTextureStageState /
// SetSamplerState (D3DRENDERSTATETYPE, D3DTEXTURESTAGESTATETYPE,
// D3DSAMPLERSTATETYPE), as Wine's dlls/wined3d/stateblock.c
// (init_default_render_states, init_default_texture_state,
// init_default_sampler_states) implements it; the numbers of the enum values
// come from the generated table (formats/d3d/d3d_constants.inc).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace refrast::d3d {

enum class StateKind : uint8_t {
    Bool,   // TRUE / FALSE
    Uint,   // a count, mask or reference value
    Float,  // a float state (the device holds its bits)
    Color,  // a D3DCOLOR
    Enum,   // a constant of `enumGroup`, named by `enumName`
};

struct StateDefault {
    StateKind kind;
    std::string_view enumGroup;  // Enum: the generated table's group ("D3DCULL")
    std::string_view enumName;   // Enum: the constant ("D3DCULL_CCW")
    double value;                // the DWORD the device holds (Float: the float)
    // The DWORD a device holds for it (a Float: its bits).
    uint32_t dword() const;
};

// By the full constant name of d3d9types.h ("D3DRS_ZENABLE"); nothing for a
// name that is no D3D9 state. D3DRS_ZENABLE is D3DZB_TRUE, the value of a
// device with an automatic depth-stencil surface: one created without it
// starts with D3DZB_FALSE (D3DRS_ZENABLE documentation), which the caller
// who knows the presentation parameters applies.
std::optional<StateDefault> d3d9RenderStateDefault(std::string_view name);
// Stage `stage` (0..7): D3DTSS_COLOROP, ALPHAOP and TEXCOORDINDEX differ per stage.
std::optional<StateDefault> d3d9TextureStageStateDefault(std::string_view name, int stage);
std::optional<StateDefault> d3d9SamplerStateDefault(std::string_view name);

}  // namespace refrast::d3d
