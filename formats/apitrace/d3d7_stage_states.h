// SPDX-License-Identifier: MIT
// A Direct3D 7 SetTextureStageState in scene format 2's D3D9 terms. D3D7
// keeps addressing and filtering in the texture stage (D3DTSS_ADDRESS …
// D3DTSS_MAXANISOTROPY, 12..21), which D3D9 moved to sampler states with
// other filter numbers (D3DTFG_ / D3DTFN_ / D3DTFP_ against D3DTEXF_); the
// other stage states kept their numbers and values.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace {

struct D3D7StageState {
    bool sampler = false;  // a D3D9 sampler state (by name) rather than a stage state (by number)
    std::string key;       // "D3DSAMP_MAGFILTER" or the D3D7 number as a string
    nlohmann::ordered_json value;
};

// The D3D9 states that stage state `type` (its D3D7 number) with value
// `value` (the DWORD as recorded) sets: one, or two for D3DTSS_ADDRESS
// (ADDRESSU and ADDRESSV). Throws std::runtime_error for values D3D9 has no
// equal of (D3DTFG_FLATCUBIC, D3DTFG_GAUSSIANCUBIC) or non-finite floats.
std::vector<D3D7StageState> d3d7StageState(int64_t type, uint32_t value);

}  // namespace refrast::apitrace
