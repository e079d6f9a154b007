/*
 * d3d9_stateblocks.cpp -- state blocks of part of the device, a captured
 * recorded block and a render-target cube map, for refrast's apitrace
 * importer (traced under Wine by make-traces.sh). A 256x256 X8R8G8B8 back
 * buffer with a D24S8 auto depth stencil, one frame:
 *  1. LIGHTING FALSE and CULLMODE NONE, then a D3DSBT_VERTEXSTATE block
 *     (holds them) and a D3DSBT_PIXELSTATE block (holds the pixel states at
 *     their device defaults).
 *  2. A 32x32 X8R8G8B8 render-target cube (CreateCubeTexture with
 *     D3DUSAGE_RENDERTARGET): each face through GetCubeMapSurface and
 *     SetRenderTarget, cleared to a colour of its own, with a white triangle
 *     in its top-left corner, drawn with ZENABLE FALSE and stage 0
 *     selecting the diffuse colour.
 *  3. Back on the back buffer, the pixel block's Apply returns ZENABLE and
 *     stage 0 to their defaults (MODULATE of TEXTURE and DIFFUSE), states
 *     the program set after the block was made.
 *  4. A recorded block (BeginStateBlock / EndStateBlock) of alpha blending
 *     with SRCALPHA / INVSRCALPHA; then the program sets ONE / ONE and
 *     Captures the block, which then holds ONE / ONE; the pixel block's
 *     Apply turns blending off again.
 *  5. Six 64x64 pretransformed quads sample the cube, one face each
 *     (directions as in d3d9_cube.cpp), modulated by white.
 *  6. CULLMODE CCW, then the vertex block's Apply restores NONE: a
 *     counter-clockwise quad (culled under CCW) is drawn.
 *  7. The recorded block's Apply turns on ONE / ONE blending: a quad of
 *     alpha 0x80 adds its colour over the quad of step 6.
 *  8. A vertex declaration (POSITIONT FLOAT4, COLOR D3DCOLOR) for a
 *     DrawPrimitiveUP quad at the left, added over the background.
 * After Present the back buffer is read back (GetRenderTargetData) and
 * written as raw B,G,R,X rows to argv[1] (default d3d9_stateblocks.bgrx).
 */
#include "d3d9_program.h"
#include <stdio.h>

static const int kW = 256, kH = 256, kFace = 32;

struct CubeVertex { float x, y, z, rhw; DWORD color; float u, v, w; };
struct ColorVertex { float x, y, z, rhw; DWORD color; };

static void cubeQuad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, const float d[4][3])
{
    CubeVertex q[4] = { {x0, y0, 0.5f, 1, 0xffffffff, d[0][0], d[0][1], d[0][2]},
                        {x1, y0, 0.5f, 1, 0xffffffff, d[1][0], d[1][1], d[1][2]},
                        {x0, y1, 0.5f, 1, 0xffffffff, d[2][0], d[2][1], d[2][2]},
                        {x1, y1, 0.5f, 1, 0xffffffff, d[3][0], d[3][1], d[3][2]} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, q, sizeof(CubeVertex));
}

/* Two triangles (x0,y0) (x0,y1) (x1,y0) and (x1,y0) (x0,y1) (x1,y1): counter-clockwise on screen. */
static void ccwQuad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, DWORD color)
{
    ColorVertex q[6] = { {x0, y0, 0.5f, 1, color}, {x0, y1, 0.5f, 1, color}, {x1, y0, 0.5f, 1, color},
                         {x1, y0, 0.5f, 1, color}, {x0, y1, 0.5f, 1, color}, {x1, y1, 0.5f, 1, color} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, q, sizeof(ColorVertex));
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_stateblocks.bgrx";
    HWND wnd = makeWindow("stateblocks", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, true);
    if (!dev) return 1;
    IDirect3DSurface9 *backbuffer = NULL;
    if (FAILED(dev->GetRenderTarget(0, &backbuffer))) return 2;

    /* 1 */
    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DStateBlock9 *vertexBlock = NULL, *pixelBlock = NULL, *recorded = NULL;
    if (FAILED(dev->CreateStateBlock(D3DSBT_VERTEXSTATE, &vertexBlock))) return 3;
    if (FAILED(dev->CreateStateBlock(D3DSBT_PIXELSTATE, &pixelBlock))) return 3;

    /* 2 */
    IDirect3DCubeTexture9 *cube = NULL;
    if (FAILED(dev->CreateCubeTexture(kFace, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &cube, NULL)))
        return 4;
    dev->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    static const DWORD colours[6] = {0xffe03020, 0xff20e030, 0xff2040e0, 0xffe0e020, 0xffe020e0, 0xff20e0e0};
    dev->BeginScene();
    for (int f = 0; f < 6; ++f) {
        IDirect3DSurface9 *face = NULL;
        if (FAILED(cube->GetCubeMapSurface((D3DCUBEMAP_FACES)f, 0, &face))) return 5;
        dev->SetRenderTarget(0, face);
        dev->Clear(0, NULL, D3DCLEAR_TARGET, colours[f], 1.0f, 0);
        ColorVertex tri[3] = { {0, 0, 0.5f, 1, 0xffffffff}, {12, 0, 0.5f, 1, 0xffffffff}, {0, 12, 0.5f, 1, 0xffffffff} };
        dev->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, tri, sizeof(ColorVertex));
        face->Release();
    }

    /* 3 */
    dev->SetRenderTarget(0, backbuffer);
    pixelBlock->Apply();

    /* 4 */
    dev->BeginStateBlock();
    dev->SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE);
    dev->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    dev->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    if (FAILED(dev->EndStateBlock(&recorded))) return 6;
    dev->SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE);
    dev->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE);
    dev->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ONE);
    recorded->Capture();
    pixelBlock->Apply();

    /* 5 */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff101010, 1.0f, 0);
    dev->SetTexture(0, cube);
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    for (int f = 0; f < 6; ++f) {
        const int a = f / 2, b = (a + 1) % 3, c = (a + 2) % 3;
        const float sign = (f & 1) ? -1.0f : 1.0f;
        float d[4][3];
        for (int k = 0; k < 4; ++k) {
            d[k][a] = sign;
            d[k][b] = (k & 1) ? 0.9f : -0.9f;
            d[k][c] = (k & 2) ? 0.9f : -0.9f;
        }
        const float x0 = 16.0f + 80.0f * (float)(f % 3), y0 = 16.0f + 80.0f * (float)(f / 3);
        cubeQuad(dev, x0, y0, x0 + 64, y0 + 64, d);
    }

    /* 6 */
    dev->SetTexture(0, NULL);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    dev->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_CCW);
    vertexBlock->Apply();
    ccwQuad(dev, 32, 184, 160, 240, 0xff604020);

    /* 7 */
    recorded->Apply();
    ccwQuad(dev, 96, 176, 224, 232, 0x80204060);

    /* 8 */
    static const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    IDirect3DVertexDeclaration9 *decl = NULL;
    if (FAILED(dev->CreateVertexDeclaration(elements, &decl))) return 7;
    dev->SetVertexDeclaration(decl);
    ccwQuad(dev, 4, 180, 28, 236, 0xff40c0a0);
    dev->EndScene();
    dev->Present(NULL, NULL, NULL, NULL);
    writeReadback(dev, out, kW, kH);
    decl->Release();
    recorded->Release();
    pixelBlock->Release();
    vertexBlock->Release();
    cube->Release();
    backbuffer->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
