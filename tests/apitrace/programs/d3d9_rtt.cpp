/*
 * d3d9_rtt.cpp -- a fixed-function Direct3D 9 test program for refrast's
 * apitrace importer (traced under Wine by make-traces.sh): several render
 * targets in one frame. A 256x256 X8R8G8B8 back buffer with an automatic
 * D24S8 depth buffer, and
 *  - a 128x128 A8R8G8B8 render-target texture with a depth surface of its
 *    own (CreateDepthStencilSurface D24S8 128x128): pass 1 sets both
 *    (SetRenderTarget to the texture's level 0, SetDepthStencilSurface),
 *    clears them, and draws two pretransformed triangles that cross in depth
 *    (a red one tilted from z 0.2 to 0.8, a green one at z 0.5) with the
 *    depth test on, so the crossing line comes from the offscreen depth
 *    surface;
 *  - a 64x64 render target surface (CreateRenderTarget) cleared blue with a
 *    yellow rectangle cleared into it (Clear with a rect), then StretchRect
 *    into a 64x64 render-target texture;
 *  - pass 2 goes back to the back buffer and its own depth buffer, clears
 *    them, draws a depth-tested grey quad at z 0.3, then a quad at z 0.6
 *    sampling the first texture (half hidden behind the grey one) and a quad
 *    sampling the second texture, both with point filtering.
 * After Present the back buffer is read back (GetRenderTargetData) and
 * written as raw B,G,R,X rows to argv[1] (default d3d9_rtt.bgrx).
 */
#include "d3d9_program.h"
#include <stdio.h>
#include <string.h>

static const int kW = 256, kH = 256;

struct TLVertex { float x, y, z, rhw; DWORD color; };
struct TexVertex { float x, y, z, rhw; DWORD color; float u, v; };

static void texQuad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float z)
{
    TexVertex q[4] = { {x0, y0, z, 1, 0xffffffff, 0, 0}, {x1, y0, z, 1, 0xffffffff, 1, 0},
                       {x0, y1, z, 1, 0xffffffff, 0, 1}, {x1, y1, z, 1, 0xffffffff, 1, 1} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, q, sizeof(TexVertex));
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_rtt.bgrx";
    HWND wnd = makeWindow("rtt", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, true);
    if (!dev) return 1;

    IDirect3DTexture9 *rtt = NULL, *copy = NULL;
    if (FAILED(dev->CreateTexture(128, 128, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &rtt, NULL)))
        return 2;
    if (FAILED(dev->CreateTexture(64, 64, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &copy, NULL)))
        return 3;
    IDirect3DSurface9 *rttSurface = NULL, *rttDepth = NULL, *copySurface = NULL, *plain = NULL, *back = NULL, *backDepth = NULL;
    rtt->GetSurfaceLevel(0, &rttSurface);
    copy->GetSurfaceLevel(0, &copySurface);
    if (FAILED(dev->CreateDepthStencilSurface(128, 128, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &rttDepth, NULL)))
        return 4;
    if (FAILED(dev->CreateRenderTarget(64, 64, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &plain, NULL)))
        return 5;
    dev->GetRenderTarget(0, &back);
    dev->GetDepthStencilSurface(&backDepth);

    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    dev->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE);
    dev->BeginScene();

    /* pass 1: the texture and its own depth surface */
    dev->SetRenderTarget(0, rttSurface);
    dev->SetDepthStencilSurface(rttDepth);
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff202040, 1.0f, 0);
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    TLVertex red[3] = { {8, 16, 0.2f, 1, 0xffff2020}, {120, 16, 0.2f, 1, 0xffff2020}, {64, 120, 0.8f, 1, 0xffff2020} };
    TLVertex green[3] = { {8, 96, 0.5f, 1, 0xff20ff20}, {120, 96, 0.5f, 1, 0xff20ff20}, {64, 8, 0.5f, 1, 0xff20ff20} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, red, sizeof(TLVertex));
    dev->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, green, sizeof(TLVertex));

    /* a render target surface, cleared in two steps, copied into a texture */
    dev->SetRenderTarget(0, plain);
    dev->SetDepthStencilSurface(NULL);
    dev->Clear(0, NULL, D3DCLEAR_TARGET, 0xff2040c0, 1.0f, 0);
    D3DRECT inner = {16, 8, 48, 40};
    dev->Clear(1, &inner, D3DCLEAR_TARGET, 0xffffe000, 1.0f, 0);
    dev->StretchRect(plain, NULL, copySurface, NULL, D3DTEXF_NONE);

    /* pass 2: the back buffer and its depth buffer */
    dev->SetRenderTarget(0, back);
    dev->SetDepthStencilSurface(backDepth);
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff101010, 1.0f, 0);
    TLVertex grey[4] = { {16, 16, 0.3f, 1, 0xff808080}, {80, 16, 0.3f, 1, 0xff808080},
                         {16, 200, 0.3f, 1, 0xff808080}, {80, 200, 0.3f, 1, 0xff808080} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, grey, sizeof(TLVertex));
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    dev->SetSamplerState(0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    dev->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    dev->SetTexture(0, rtt);
    texQuad(dev, 48, 32, 176, 160, 0.6f);
    dev->SetTexture(0, copy);
    texQuad(dev, 176, 176, 240, 240, 0.6f);
    dev->SetTexture(0, NULL);
    dev->EndScene();
    dev->Present(NULL, NULL, NULL, NULL);
    writeReadback(dev, out, kW, kH);

    backDepth->Release();
    back->Release();
    plain->Release();
    rttDepth->Release();
    copySurface->Release();
    rttSurface->Release();
    copy->Release();
    rtt->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
