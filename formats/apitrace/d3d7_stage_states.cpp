// SPDX-License-Identifier: MIT
// Spec: D3DTEXTURESTAGESTATETYPE, D3DTEXTUREMAGFILTER, D3DTEXTUREMINFILTER,
// D3DTEXTUREMIPFILTER (d3dtypes.h, DirectX 7) against D3DSAMPLERSTATETYPE and
// D3DTEXTUREFILTERTYPE (d3d9types.h); the numbers come from formats/d3d.
#include "formats/apitrace/d3d7_stage_states.h"

#include "formats/d3d/d3d_constants.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace refrast::apitrace {

namespace {

int64_t d3d7Stage(const char* name) { return *d3d::valueOf("D3D7:D3DTEXTURESTAGESTATETYPE", name); }

// A D3D7 filter value of `group` to the D3D9 D3DTEXTUREFILTERTYPE of the same name.
uint32_t filter(const char* group, uint32_t value) {
    const d3d::Constant* c = d3d::byValue(group, value);
    if (!c) throw std::runtime_error(std::string("filter value ") + std::to_string(value) + " is no " + (group + 5));
    const std::string_view kind = d3d::suffixOf(c->name);  // POINT, LINEAR, ANISOTROPIC, NONE, FLATCUBIC, …
    if (kind == "NONE" || kind == "POINT" || kind == "LINEAR" || kind == "ANISOTROPIC")
        return uint32_t(*d3d::valueOf("D3DTEXTUREFILTERTYPE", "D3DTEXF_" + std::string(kind)));
    throw std::runtime_error(std::string(c->name) + " has no Direct3D 9 equal (POINT, LINEAR, ANISOTROPIC are read)");
}

// D3D7's D3DTEXTUREADDRESS to D3D9's, by name.
uint32_t address(uint32_t value) {
    const d3d::Constant* c = d3d::byValue("D3D7:D3DTEXTUREADDRESS", value);
    if (!c) throw std::runtime_error("address mode " + std::to_string(value) + " is no D3DTEXTUREADDRESS");
    return uint32_t(*d3d::valueOf("D3DTEXTUREADDRESS", c->name));
}

double floatBits(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isfinite(f)) throw std::runtime_error("a float state that is not finite");
    return double(f);
}

}  // namespace

std::vector<D3D7StageState> d3d7StageState(int64_t type, uint32_t value) {
    auto sampler = [](const char* name, nlohmann::ordered_json v) { return D3D7StageState{true, name, std::move(v)}; };
    if (type == d3d7Stage("D3DTSS_ADDRESS"))
        return {sampler("D3DSAMP_ADDRESSU", address(value)), sampler("D3DSAMP_ADDRESSV", address(value))};
    if (type == d3d7Stage("D3DTSS_ADDRESSU")) return {sampler("D3DSAMP_ADDRESSU", address(value))};
    if (type == d3d7Stage("D3DTSS_ADDRESSV")) return {sampler("D3DSAMP_ADDRESSV", address(value))};
    if (type == d3d7Stage("D3DTSS_BORDERCOLOR")) return {sampler("D3DSAMP_BORDERCOLOR", value)};
    if (type == d3d7Stage("D3DTSS_MAGFILTER")) return {sampler("D3DSAMP_MAGFILTER", filter("D3D7:D3DTEXTUREMAGFILTER", value))};
    if (type == d3d7Stage("D3DTSS_MINFILTER")) return {sampler("D3DSAMP_MINFILTER", filter("D3D7:D3DTEXTUREMINFILTER", value))};
    if (type == d3d7Stage("D3DTSS_MIPFILTER")) return {sampler("D3DSAMP_MIPFILTER", filter("D3D7:D3DTEXTUREMIPFILTER", value))};
    if (type == d3d7Stage("D3DTSS_MIPMAPLODBIAS")) return {sampler("D3DSAMP_MIPMAPLODBIAS", floatBits(value))};
    if (type == d3d7Stage("D3DTSS_MAXMIPLEVEL")) return {sampler("D3DSAMP_MAXMIPLEVEL", value)};
    if (type == d3d7Stage("D3DTSS_MAXANISOTROPY")) return {sampler("D3DSAMP_MAXANISOTROPY", value)};
    const bool isFloat = (type >= d3d7Stage("D3DTSS_BUMPENVMAT00") && type <= d3d7Stage("D3DTSS_BUMPENVMAT11")) ||
                         type == d3d7Stage("D3DTSS_BUMPENVLSCALE") || type == d3d7Stage("D3DTSS_BUMPENVLOFFSET");
    return {D3D7StageState{false, std::to_string(type), isFloat ? nlohmann::ordered_json(floatBits(value)) : nlohmann::ordered_json(value)}};
}

}  // namespace refrast::apitrace
