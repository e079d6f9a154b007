// SPDX-License-Identifier: MIT
#include "formats/apitrace/d3d9_state_block_scopes.h"

namespace refrast::apitrace::d3d9_import {

namespace {

using S = std::string_view;

// "Saving Pixel States with a Stateblock": the render states of blending,
// the alpha, depth and stencil tests, fog's table parameters, rasterisation
// and the texture wrap flags. D3DRS_CCW_STENCILFUNC is in neither of
// wined3d's lists (stateblock.c keeps it out of pixel_states_render, as it
// does here), though the documentation's pixel list names it with the other
// CCW stencil states; a program that relies on either reading is rare.
constexpr S kPixelRender[] = {
    "D3DRS_ALPHABLENDENABLE", "D3DRS_ALPHAFUNC", "D3DRS_ALPHAREF", "D3DRS_ALPHATESTENABLE",
    "D3DRS_ANTIALIASEDLINEENABLE", "D3DRS_BLENDFACTOR", "D3DRS_BLENDOP", "D3DRS_BLENDOPALPHA",
    "D3DRS_CCW_STENCILFAIL", "D3DRS_CCW_STENCILPASS", "D3DRS_CCW_STENCILZFAIL", "D3DRS_COLORWRITEENABLE",
    "D3DRS_COLORWRITEENABLE1", "D3DRS_COLORWRITEENABLE2", "D3DRS_COLORWRITEENABLE3", "D3DRS_DEPTHBIAS",
    "D3DRS_DESTBLEND", "D3DRS_DESTBLENDALPHA", "D3DRS_DITHERENABLE", "D3DRS_FILLMODE", "D3DRS_FOGDENSITY",
    "D3DRS_FOGEND", "D3DRS_FOGSTART", "D3DRS_LASTPIXEL", "D3DRS_SCISSORTESTENABLE",
    "D3DRS_SEPARATEALPHABLENDENABLE", "D3DRS_SHADEMODE", "D3DRS_SLOPESCALEDEPTHBIAS", "D3DRS_SRCBLEND",
    "D3DRS_SRCBLENDALPHA", "D3DRS_SRGBWRITEENABLE", "D3DRS_STENCILENABLE", "D3DRS_STENCILFAIL",
    "D3DRS_STENCILFUNC", "D3DRS_STENCILMASK", "D3DRS_STENCILPASS", "D3DRS_STENCILREF", "D3DRS_STENCILWRITEMASK",
    "D3DRS_STENCILZFAIL", "D3DRS_TEXTUREFACTOR", "D3DRS_TWOSIDEDSTENCILMODE", "D3DRS_WRAP0", "D3DRS_WRAP1",
    "D3DRS_WRAP2", "D3DRS_WRAP3", "D3DRS_WRAP4", "D3DRS_WRAP5", "D3DRS_WRAP6", "D3DRS_WRAP7", "D3DRS_WRAP8",
    "D3DRS_WRAP9", "D3DRS_WRAP10", "D3DRS_WRAP11", "D3DRS_WRAP12", "D3DRS_WRAP13", "D3DRS_WRAP14", "D3DRS_WRAP15",
    "D3DRS_ZENABLE", "D3DRS_ZFUNC", "D3DRS_ZWRITEENABLE",
};
// Every texture stage state but D3DTSS_CONSTANT (in neither list).
constexpr S kPixelStage[] = {
    "D3DTSS_ALPHAARG0", "D3DTSS_ALPHAARG1", "D3DTSS_ALPHAARG2", "D3DTSS_ALPHAOP", "D3DTSS_BUMPENVLOFFSET",
    "D3DTSS_BUMPENVLSCALE", "D3DTSS_BUMPENVMAT00", "D3DTSS_BUMPENVMAT01", "D3DTSS_BUMPENVMAT10",
    "D3DTSS_BUMPENVMAT11", "D3DTSS_COLORARG0", "D3DTSS_COLORARG1", "D3DTSS_COLORARG2", "D3DTSS_COLOROP",
    "D3DTSS_RESULTARG", "D3DTSS_TEXCOORDINDEX", "D3DTSS_TEXTURETRANSFORMFLAGS",
};
// Every sampler state but the displacement map's offset.
constexpr S kPixelSampler[] = {
    "D3DSAMP_ADDRESSU", "D3DSAMP_ADDRESSV", "D3DSAMP_ADDRESSW", "D3DSAMP_BORDERCOLOR", "D3DSAMP_MAGFILTER",
    "D3DSAMP_MINFILTER", "D3DSAMP_MIPFILTER", "D3DSAMP_MIPMAPLODBIAS", "D3DSAMP_MAXMIPLEVEL",
    "D3DSAMP_MAXANISOTROPY", "D3DSAMP_SRGBTEXTURE", "D3DSAMP_ELEMENTINDEX",
};

// "Saving Vertex States with a Stateblock": lighting and the material
// sources, vertex fog, culling, clipping, points, blending of vertices and
// tessellation (the fog parameters and SHADEMODE are in both lists).
constexpr S kVertexRender[] = {
    "D3DRS_ADAPTIVETESS_W", "D3DRS_ADAPTIVETESS_X", "D3DRS_ADAPTIVETESS_Y", "D3DRS_ADAPTIVETESS_Z",
    "D3DRS_AMBIENT", "D3DRS_AMBIENTMATERIALSOURCE", "D3DRS_CLIPPING", "D3DRS_CLIPPLANEENABLE",
    "D3DRS_COLORVERTEX", "D3DRS_CULLMODE", "D3DRS_DIFFUSEMATERIALSOURCE", "D3DRS_EMISSIVEMATERIALSOURCE",
    "D3DRS_ENABLEADAPTIVETESSELLATION", "D3DRS_FOGCOLOR", "D3DRS_FOGDENSITY", "D3DRS_FOGENABLE", "D3DRS_FOGEND",
    "D3DRS_FOGSTART", "D3DRS_FOGTABLEMODE", "D3DRS_FOGVERTEXMODE", "D3DRS_INDEXEDVERTEXBLENDENABLE",
    "D3DRS_LIGHTING", "D3DRS_LOCALVIEWER", "D3DRS_MAXTESSELLATIONLEVEL", "D3DRS_MINTESSELLATIONLEVEL",
    "D3DRS_MULTISAMPLEANTIALIAS", "D3DRS_MULTISAMPLEMASK", "D3DRS_NORMALDEGREE", "D3DRS_NORMALIZENORMALS",
    "D3DRS_PATCHEDGESTYLE", "D3DRS_POINTSCALE_A", "D3DRS_POINTSCALE_B", "D3DRS_POINTSCALE_C",
    "D3DRS_POINTSCALEENABLE", "D3DRS_POINTSIZE", "D3DRS_POINTSIZE_MAX", "D3DRS_POINTSIZE_MIN",
    "D3DRS_POINTSPRITEENABLE", "D3DRS_POSITIONDEGREE", "D3DRS_RANGEFOGENABLE", "D3DRS_SHADEMODE",
    "D3DRS_SPECULARENABLE", "D3DRS_SPECULARMATERIALSOURCE", "D3DRS_TWEENFACTOR", "D3DRS_VERTEXBLEND",
};
constexpr S kVertexStage[] = {"D3DTSS_TEXCOORDINDEX", "D3DTSS_TEXTURETRANSFORMFLAGS"};
constexpr S kVertexSampler[] = {"D3DSAMP_DMAPOFFSET"};

}  // namespace

// A pixel block holds the pixel shader and its constants; a vertex block
// the vertex shader, its constants, the vertex declaration (or FVF) and the
// lights (wined3d stateblock.c: stateblock_savedstates_set_pixel / _vertex,
// and wined3d_stateblock_init copying the light map for D3DSBT_VERTEXSTATE).
// Neither holds transforms, the material, clip planes, the viewport, the
// scissor rectangle, streams, indices or textures.
const StateBlockStates& pixelStates() {
    static const StateBlockStates s{kPixelRender, kPixelStage, kPixelSampler, true, false, false, false};
    return s;
}

const StateBlockStates& vertexStates() {
    static const StateBlockStates s{kVertexRender, kVertexStage, kVertexSampler, false, true, true, true};
    return s;
}

}  // namespace refrast::apitrace::d3d9_import
