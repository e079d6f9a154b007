/*
 * d3d9_locks.cpp -- a fixed-function Direct3D 9 test program for refrast's
 * apitrace importer (traced under Wine by make-traces.sh). Three frames into
 * a 256x256 X8R8G8B8 back buffer with a D24S8 depth buffer, each exercising
 * the upload patterns the importer maps through Lock pointers:
 *  - a DYNAMIC vertex buffer of 4 quads (XYZRHW|DIFFUSE, 20-byte vertices):
 *    every frame Lock(0, 0, DISCARD) writes quad 0, then partial locks with
 *    NOOVERWRITE (offset 80 and 160, size 80) write quads 1 and 2, each drawn
 *    after its lock (DrawPrimitive StartVertex 0, 4, 8, TRIANGLESTRIP);
 *  - a 32x32 A8R8G8B8 texture with 2 levels: level 0 locked whole (a
 *    checker), level 1 locked whole, then level 0 locked again with a partial
 *    rect {8, 8, 16, 16} filled red in frame 1;
 *  - a 64x64 render-target texture: frame 2 renders a triangle into it
 *    (SetRenderTarget to its level 0 surface, Clear, draw), goes back to the
 *    back buffer and draws a quad sampling it;
 *  - a 16-bit index buffer locked partially (offset 6, size 6) for quad 3,
 *    drawn with DrawIndexedPrimitive.
 * After the last Present the back buffer is read back (GetRenderTargetData)
 * and written as raw B,G,R,X rows to argv[1] (default d3d9_locks.bgrx).
 */
#include "d3d9_program.h"
#include <stdio.h>
#include <string.h>

static const int kW = 256, kH = 256;

struct TLVertex { float x, y, z, rhw; DWORD color; };
struct TexVertex { float x, y, z, rhw; DWORD color; float u, v; };

static void quad(TLVertex *v, float x0, float y0, float x1, float y1, DWORD c)
{
    TLVertex q[4] = { {x0, y0, 0.5f, 1, c}, {x1, y0, 0.5f, 1, c}, {x0, y1, 0.5f, 1, c}, {x1, y1, 0.5f, 1, c} };
    memcpy(v, q, sizeof q);
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_locks.bgrx";
    HWND wnd = makeWindow("locks", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, true);
    if (!dev) return 1;

    const DWORD kTL = D3DFVF_XYZRHW | D3DFVF_DIFFUSE, kTex = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    IDirect3DVertexBuffer9 *vb = NULL;
    dev->CreateVertexBuffer(16 * sizeof(TLVertex), D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, kTL, D3DPOOL_DEFAULT, &vb, NULL);
    IDirect3DIndexBuffer9 *ib = NULL;
    dev->CreateIndexBuffer(12 * sizeof(WORD), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL);
    WORD *idx = NULL;
    ib->Lock(6, 6, (void **)&idx, 0);  /* a partial lock: indices 3..5 of a strip of quad 3 */
    idx[0] = 12; idx[1] = 13; idx[2] = 14;
    ib->Unlock();
    ib->Lock(0, 6, (void **)&idx, 0);
    idx[0] = 13; idx[1] = 15; idx[2] = 14;
    ib->Unlock();

    IDirect3DTexture9 *tex = NULL;
    dev->CreateTexture(32, 32, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    for (UINT level = 0; level < 2; ++level) {
        D3DLOCKED_RECT lr;
        tex->LockRect(level, &lr, NULL, 0);
        UINT size = 32 >> level;
        for (UINT y = 0; y < size; ++y)
            for (UINT x = 0; x < size; ++x)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] =
                    level ? 0xff2060ff : (((x / 4) + (y / 4)) & 1) ? 0xffe0e0e0 : 0xff303030;
        tex->UnlockRect(level);
    }
    IDirect3DTexture9 *rtt = NULL;
    dev->CreateTexture(64, 64, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &rtt, NULL);
    IDirect3DSurface9 *rttSurface = NULL, *back = NULL;
    rtt->GetSurfaceLevel(0, &rttSurface);
    dev->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back);

    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    dev->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE);
    for (int frame = 0; frame < 3; ++frame) {
        const DWORD shade = 0xff000000 | (DWORD)(0x40 * (frame + 1)) << 8;
        dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff101820, 1.0f, 0);
        dev->BeginScene();
        dev->SetFVF(kTL);
        dev->SetStreamSource(0, vb, 0, sizeof(TLVertex));
        dev->SetTexture(0, NULL);
        TLVertex *v = NULL;
        vb->Lock(0, 0, (void **)&v, D3DLOCK_DISCARD);
        quad(v, 16, 16, 80, 80, 0xffff0000 | shade);
        vb->Unlock();
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2);
        vb->Lock(4 * sizeof(TLVertex), 4 * sizeof(TLVertex), (void **)&v, D3DLOCK_NOOVERWRITE);
        quad(v, 96, 16, 160, 80, 0xff0000ff | shade);
        vb->Unlock();
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, 4, 2);
        vb->Lock(8 * sizeof(TLVertex), 4 * sizeof(TLVertex), (void **)&v, D3DLOCK_NOOVERWRITE);
        quad(v, 176, 16, 240, 80, 0xffffff00);
        vb->Unlock();
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, 8, 2);
        vb->Lock(12 * sizeof(TLVertex), 4 * sizeof(TLVertex), (void **)&v, D3DLOCK_NOOVERWRITE);
        quad(v, 16, 176, 80, 240, 0xff00ff80 | shade);
        vb->Unlock();
        dev->SetIndices(ib);
        dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 12, 4, 0, 2);

        if (frame == 1) {
            D3DLOCKED_RECT lr;
            RECT r = {8, 8, 16, 16};
            tex->LockRect(0, &lr, &r, 0);
            for (int y = 0; y < 8; ++y)
                for (int x = 0; x < 8; ++x) ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = 0xffff0000;
            tex->UnlockRect(0);
        }
        /* a textured quad (level 0) and a minified one (level 1, POINT mip filter) */
        dev->SetFVF(kTex);
        dev->SetTexture(0, tex);
        dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        dev->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
        TexVertex t0[4] = { {96, 96, 0.5f, 1, 0xffffffff, 0, 0}, {160, 96, 0.5f, 1, 0xffffffff, 1, 0},
                            {96, 160, 0.5f, 1, 0xffffffff, 0, 1}, {160, 160, 0.5f, 1, 0xffffffff, 1, 1} };
        dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, t0, sizeof(TexVertex));
        TexVertex t1[4] = { {176, 96, 0.5f, 1, 0xffffffff, 0, 0}, {192, 96, 0.5f, 1, 0xffffffff, 1, 0},
                            {176, 112, 0.5f, 1, 0xffffffff, 0, 1}, {192, 112, 0.5f, 1, 0xffffffff, 1, 1} };
        dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, t1, sizeof(TexVertex));

        if (frame == 2) {
            dev->SetRenderTarget(0, rttSurface);
            dev->SetDepthStencilSurface(NULL);
            dev->Clear(0, NULL, D3DCLEAR_TARGET, 0xff402000, 1.0f, 0);
            dev->SetFVF(kTL);
            dev->SetTexture(0, NULL);
            dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG2);
            dev->SetTextureStageState(0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
            TLVertex tri[3] = { {32, 4, 0.5f, 1, 0xffffffff}, {60, 60, 0.5f, 1, 0xffffffff}, {4, 60, 0.5f, 1, 0xffffffff} };
            dev->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, tri, sizeof(TLVertex));
            dev->SetRenderTarget(0, back);
            dev->SetFVF(kTex);
            dev->SetTexture(0, rtt);
            dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
            dev->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
            TexVertex t2[4] = { {176, 160, 0.5f, 1, 0xffffffff, 0, 0}, {240, 160, 0.5f, 1, 0xffffffff, 1, 0},
                                {176, 224, 0.5f, 1, 0xffffffff, 0, 1}, {240, 224, 0.5f, 1, 0xffffffff, 1, 1} };
            dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, t2, sizeof(TexVertex));
        }
        dev->EndScene();
        dev->Present(NULL, NULL, NULL, NULL);
    }
    writeReadback(dev, out, kW, kH);
    back->Release();
    rttSurface->Release();
    rtt->Release();
    tex->Release();
    ib->Release();
    vb->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
