// SPDX-License-Identifier: MIT
#include "formats/d3d/d3d9_device_defaults.h"

#include "formats/d3d/d3d_constants.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace refrast::d3d {

namespace {

struct Entry {
    std::string_view name;
    StateDefault value;
};

constexpr StateDefault B(bool v) { return {StateKind::Bool, {}, {}, v ? 1.0 : 0.0}; }
constexpr StateDefault U(double v) { return {StateKind::Uint, {}, {}, v}; }
constexpr StateDefault F(double v) { return {StateKind::Float, {}, {}, v}; }
constexpr StateDefault C(double v) { return {StateKind::Color, {}, {}, v}; }
// The value is looked up in the generated table when the entry is read.
constexpr StateDefault E(std::string_view group, std::string_view name) { return {StateKind::Enum, group, name, 0.0}; }

// D3DRENDERSTATETYPE, in d3d9types.h's order. Source: the D3D9
// documentation of each state ("D3DRENDERSTATETYPE", which
// IDirect3DDevice9::SetRenderState refers to) for its default, as Wine's
// wined3d stateblock.c init_default_render_states sets it; the groups that
// docs/fixed-function.md and /work/shared/spec/fixed-function-reference.md §0
// also list agree with them.
constexpr Entry kRenderStateDefaults[] = {
    // Depth, rasterisation, blending: D3DRENDERSTATETYPE documentation.
    // D3DZB_TRUE (a D3DZBUFFERTYPE, held as TRUE: D3DZB_USEW is not
    // supported); D3DZB_FALSE for a device without an automatic depth-stencil.
    {"D3DRS_ZENABLE", B(true)},
    {"D3DRS_FILLMODE", E("D3DFILLMODE", "D3DFILL_SOLID")},
    {"D3DRS_SHADEMODE", E("D3DSHADEMODE", "D3DSHADE_GOURAUD")},
    {"D3DRS_ZWRITEENABLE", B(true)},
    {"D3DRS_ALPHATESTENABLE", B(false)},
    {"D3DRS_LASTPIXEL", B(true)},
    {"D3DRS_SRCBLEND", E("D3DBLEND", "D3DBLEND_ONE")},
    {"D3DRS_DESTBLEND", E("D3DBLEND", "D3DBLEND_ZERO")},
    {"D3DRS_CULLMODE", E("D3DCULL", "D3DCULL_CCW")},
    {"D3DRS_ZFUNC", E("D3DCMPFUNC", "D3DCMP_LESSEQUAL")},
    {"D3DRS_ALPHAREF", U(0)},
    {"D3DRS_ALPHAFUNC", E("D3DCMPFUNC", "D3DCMP_ALWAYS")},
    {"D3DRS_DITHERENABLE", B(false)},
    {"D3DRS_ALPHABLENDENABLE", B(false)},
    // Fog: D3DRENDERSTATETYPE and "Fog Parameters (Direct3D 9)".
    {"D3DRS_FOGENABLE", B(false)},
    {"D3DRS_SPECULARENABLE", B(false)},
    {"D3DRS_FOGCOLOR", C(0)},
    {"D3DRS_FOGTABLEMODE", E("D3DFOGMODE", "D3DFOG_NONE")},
    {"D3DRS_FOGSTART", F(0.0)},
    {"D3DRS_FOGEND", F(1.0)},
    {"D3DRS_FOGDENSITY", F(1.0)},
    {"D3DRS_RANGEFOGENABLE", B(false)},
    // Stencil: D3DRENDERSTATETYPE (the masks are 0xFFFFFFFF).
    {"D3DRS_STENCILENABLE", B(false)},
    {"D3DRS_STENCILFAIL", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_STENCILZFAIL", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_STENCILPASS", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_STENCILFUNC", E("D3DCMPFUNC", "D3DCMP_ALWAYS")},
    {"D3DRS_STENCILREF", U(0)},
    {"D3DRS_STENCILMASK", U(4294967295.0)},
    {"D3DRS_STENCILWRITEMASK", U(4294967295.0)},
    {"D3DRS_TEXTUREFACTOR", C(4294967295.0)},  // opaque white
    // Texture wrapping: 0 (no wrapping) for every coordinate set.
    {"D3DRS_WRAP0", U(0)}, {"D3DRS_WRAP1", U(0)}, {"D3DRS_WRAP2", U(0)}, {"D3DRS_WRAP3", U(0)},
    {"D3DRS_WRAP4", U(0)}, {"D3DRS_WRAP5", U(0)}, {"D3DRS_WRAP6", U(0)}, {"D3DRS_WRAP7", U(0)},
    {"D3DRS_CLIPPING", B(true)},
    // Vertex processing: D3DRENDERSTATETYPE and "Lighting (Direct3D 9)";
    // D3D9's LIGHTING default is TRUE (version 1 scenes start FALSE:
    // src/convert/v1_state_defaults.cpp says why).
    {"D3DRS_LIGHTING", B(true)},
    {"D3DRS_AMBIENT", C(0)},
    {"D3DRS_FOGVERTEXMODE", E("D3DFOGMODE", "D3DFOG_NONE")},
    {"D3DRS_COLORVERTEX", B(true)},
    {"D3DRS_LOCALVIEWER", B(true)},
    {"D3DRS_NORMALIZENORMALS", B(false)},
    {"D3DRS_DIFFUSEMATERIALSOURCE", E("D3DMATERIALCOLORSOURCE", "D3DMCS_COLOR1")},
    {"D3DRS_SPECULARMATERIALSOURCE", E("D3DMATERIALCOLORSOURCE", "D3DMCS_COLOR2")},
    {"D3DRS_AMBIENTMATERIALSOURCE", E("D3DMATERIALCOLORSOURCE", "D3DMCS_MATERIAL")},
    {"D3DRS_EMISSIVEMATERIALSOURCE", E("D3DMATERIALCOLORSOURCE", "D3DMCS_MATERIAL")},
    {"D3DRS_VERTEXBLEND", E("D3DVERTEXBLENDFLAGS", "D3DVBF_DISABLE")},
    {"D3DRS_CLIPPLANEENABLE", U(0)},
    // Point sprites: D3DRENDERSTATETYPE ("Point Sprites (Direct3D 9)").
    {"D3DRS_POINTSIZE", F(1.0)},
    {"D3DRS_POINTSIZE_MIN", F(1.0)},
    {"D3DRS_POINTSPRITEENABLE", B(false)},
    {"D3DRS_POINTSCALEENABLE", B(false)},
    {"D3DRS_POINTSCALE_A", F(1.0)},
    {"D3DRS_POINTSCALE_B", F(0.0)},
    {"D3DRS_POINTSCALE_C", F(0.0)},
    {"D3DRS_MULTISAMPLEANTIALIAS", B(true)},
    {"D3DRS_MULTISAMPLEMASK", U(4294967295.0)},
    {"D3DRS_PATCHEDGESTYLE", E("D3DPATCHEDGESTYLE", "D3DPATCHEDGE_DISCRETE")},
    {"D3DRS_DEBUGMONITORTOKEN", E("D3DDEBUGMONITORTOKENS", "D3DDMT_ENABLE")},
    {"D3DRS_POINTSIZE_MAX", F(64.0)},
    {"D3DRS_INDEXEDVERTEXBLENDENABLE", B(false)},
    {"D3DRS_COLORWRITEENABLE", U(15)},  // D3DCOLORWRITEENABLE_RED | GREEN | BLUE | ALPHA
    {"D3DRS_TWEENFACTOR", F(0.0)},
    {"D3DRS_BLENDOP", E("D3DBLENDOP", "D3DBLENDOP_ADD")},
    // N-patches and adaptive tessellation: D3DRENDERSTATETYPE.
    {"D3DRS_POSITIONDEGREE", E("D3DDEGREETYPE", "D3DDEGREE_CUBIC")},
    {"D3DRS_NORMALDEGREE", E("D3DDEGREETYPE", "D3DDEGREE_LINEAR")},
    {"D3DRS_SCISSORTESTENABLE", B(false)},
    {"D3DRS_SLOPESCALEDEPTHBIAS", F(0.0)},
    {"D3DRS_ANTIALIASEDLINEENABLE", B(false)},
    {"D3DRS_MINTESSELLATIONLEVEL", F(1.0)},
    {"D3DRS_MAXTESSELLATIONLEVEL", F(1.0)},
    {"D3DRS_ADAPTIVETESS_X", F(0.0)},
    {"D3DRS_ADAPTIVETESS_Y", F(0.0)},
    {"D3DRS_ADAPTIVETESS_Z", F(1.0)},
    {"D3DRS_ADAPTIVETESS_W", F(0.0)},
    {"D3DRS_ENABLEADAPTIVETESSELLATION", B(false)},
    // Two-sided stencil: the counter-clockwise operations start as the clockwise ones do.
    {"D3DRS_TWOSIDEDSTENCILMODE", B(false)},
    {"D3DRS_CCW_STENCILFAIL", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_CCW_STENCILZFAIL", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_CCW_STENCILPASS", E("D3DSTENCILOP", "D3DSTENCILOP_KEEP")},
    {"D3DRS_CCW_STENCILFUNC", E("D3DCMPFUNC", "D3DCMP_ALWAYS")},
    {"D3DRS_COLORWRITEENABLE1", U(15)}, {"D3DRS_COLORWRITEENABLE2", U(15)}, {"D3DRS_COLORWRITEENABLE3", U(15)},
    {"D3DRS_BLENDFACTOR", C(4294967295.0)},
    {"D3DRS_SRGBWRITEENABLE", B(false)},
    {"D3DRS_DEPTHBIAS", F(0.0)},
    {"D3DRS_WRAP8", U(0)}, {"D3DRS_WRAP9", U(0)}, {"D3DRS_WRAP10", U(0)}, {"D3DRS_WRAP11", U(0)},
    {"D3DRS_WRAP12", U(0)}, {"D3DRS_WRAP13", U(0)}, {"D3DRS_WRAP14", U(0)}, {"D3DRS_WRAP15", U(0)},
    // Separate alpha blending: as the colour's (SRCBLEND, DESTBLEND, BLENDOP).
    {"D3DRS_SEPARATEALPHABLENDENABLE", B(false)},
    {"D3DRS_SRCBLENDALPHA", E("D3DBLEND", "D3DBLEND_ONE")},
    {"D3DRS_DESTBLENDALPHA", E("D3DBLEND", "D3DBLEND_ZERO")},
    {"D3DRS_BLENDOPALPHA", E("D3DBLENDOP", "D3DBLENDOP_ADD")},
};

// D3DTEXTURESTAGESTATETYPE documentation (wined3d stateblock.c
// init_default_texture_state); COLOROP, ALPHAOP and TEXCOORDINDEX depend on
// the stage (d3d9TextureStageStateDefault). D3DTSS_CONSTANT: the D3DTA_CONSTANT
// documentation's 0xFFFFFFFF, as docs/fixed-function.md and
// src/convert's version 1 default have it.
constexpr Entry kStageStates[] = {
    {"D3DTSS_COLORARG1", E("D3DTA", "D3DTA_TEXTURE")},
    {"D3DTSS_COLORARG2", E("D3DTA", "D3DTA_CURRENT")},
    {"D3DTSS_ALPHAARG1", E("D3DTA", "D3DTA_TEXTURE")},
    {"D3DTSS_ALPHAARG2", E("D3DTA", "D3DTA_CURRENT")},
    {"D3DTSS_BUMPENVMAT00", F(0.0)},
    {"D3DTSS_BUMPENVMAT01", F(0.0)},
    {"D3DTSS_BUMPENVMAT10", F(0.0)},
    {"D3DTSS_BUMPENVMAT11", F(0.0)},
    {"D3DTSS_BUMPENVLSCALE", F(0.0)},
    {"D3DTSS_BUMPENVLOFFSET", F(0.0)},
    {"D3DTSS_TEXTURETRANSFORMFLAGS", E("D3DTEXTURETRANSFORMFLAGS", "D3DTTFF_DISABLE")},
    {"D3DTSS_COLORARG0", E("D3DTA", "D3DTA_CURRENT")},
    {"D3DTSS_ALPHAARG0", E("D3DTA", "D3DTA_CURRENT")},
    {"D3DTSS_RESULTARG", E("D3DTA", "D3DTA_CURRENT")},
    {"D3DTSS_CONSTANT", C(4294967295.0)},
};

// D3DSAMPLERSTATETYPE documentation (wined3d stateblock.c
// init_default_sampler_states): wrap addressing, point filtering without
// mipmaps, the same for every sampler.
constexpr Entry kSamplerStates[] = {
    {"D3DSAMP_ADDRESSU", E("D3DTEXTUREADDRESS", "D3DTADDRESS_WRAP")},
    {"D3DSAMP_ADDRESSV", E("D3DTEXTUREADDRESS", "D3DTADDRESS_WRAP")},
    {"D3DSAMP_ADDRESSW", E("D3DTEXTUREADDRESS", "D3DTADDRESS_WRAP")},
    {"D3DSAMP_BORDERCOLOR", C(0)},
    {"D3DSAMP_MAGFILTER", E("D3DTEXTUREFILTERTYPE", "D3DTEXF_POINT")},
    {"D3DSAMP_MINFILTER", E("D3DTEXTUREFILTERTYPE", "D3DTEXF_POINT")},
    {"D3DSAMP_MIPFILTER", E("D3DTEXTUREFILTERTYPE", "D3DTEXF_NONE")},
    {"D3DSAMP_MIPMAPLODBIAS", F(0.0)},
    {"D3DSAMP_MAXMIPLEVEL", U(0)},
    {"D3DSAMP_MAXANISOTROPY", U(1)},
    {"D3DSAMP_SRGBTEXTURE", B(false)},
    {"D3DSAMP_ELEMENTINDEX", U(0)},
    {"D3DSAMP_DMAPOFFSET", U(0)},
};

StateDefault resolved(StateDefault d) {
    if (d.kind == StateKind::Enum) {
        const auto v = valueOf(d.enumGroup, d.enumName);
        if (!v) throw std::logic_error("d3d9_device_defaults: " + std::string(d.enumName) + " is not in the generated table");
        d.value = double(*v);
    }
    return d;
}

template <size_t N>
std::optional<StateDefault> find(const Entry (&table)[N], std::string_view name) {
    for (const Entry& e : table)
        if (e.name == name) return resolved(e.value);
    return std::nullopt;
}

}  // namespace

uint32_t StateDefault::dword() const {
    if (kind != StateKind::Float) return uint32_t(value);
    const float f = float(value);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
}

std::optional<StateDefault> d3d9RenderStateDefault(std::string_view name) { return find(kRenderStateDefaults, name); }

std::optional<StateDefault> d3d9TextureStageStateDefault(std::string_view name, int stage) {
    // Stage 0 modulates the texture by the diffuse colour and takes the
    // texture's alpha; the others are off (D3DTSS_COLOROP / ALPHAOP
    // documentation); stage i reads texture coordinate set i (TEXCOORDINDEX).
    if (name == "D3DTSS_COLOROP") return resolved(E("D3DTEXTUREOP", stage == 0 ? "D3DTOP_MODULATE" : "D3DTOP_DISABLE"));
    if (name == "D3DTSS_ALPHAOP") return resolved(E("D3DTEXTUREOP", stage == 0 ? "D3DTOP_SELECTARG1" : "D3DTOP_DISABLE"));
    if (name == "D3DTSS_TEXCOORDINDEX") return U(stage);
    return find(kStageStates, name);
}

std::optional<StateDefault> d3d9SamplerStateDefault(std::string_view name) { return find(kSamplerStates, name); }

}  // namespace refrast::d3d
