// SPDX-License-Identifier: MIT
// What a Direct3D 9 state block of part of the device holds: the states of
// CreateStateBlock(D3DSBT_PIXELSTATE) and (D3DSBT_VERTEXSTATE), as the D3D9
// documentation lists them ("Saving Pixel States with a Stateblock",
// "Saving Vertex States with a Stateblock") and Wine reproduces them
// (dlls/wined3d/stateblock.c: pixel_states_render, pixel_states_texture,
// pixel_states_sampler, vertex_states_render, vertex_states_texture,
// vertex_states_sampler). The names are d3d9types.h's constants, as the
// importer keys its state.
#pragma once

#include <span>
#include <string_view>

namespace refrast::apitrace::d3d9_import {

struct StateBlockStates {
    std::span<const std::string_view> render, stage, sampler;
    bool pixelShader, vertexShader, vertexLayout, lights;  // also the shader constants, FVF or declaration, every light
};

const StateBlockStates& pixelStates();
const StateBlockStates& vertexStates();

}  // namespace refrast::apitrace::d3d9_import
