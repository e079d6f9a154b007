/*
 * d3d9_frames.cpp -- a long multi-frame Direct3D 9 trace for refrast's
 * apitrace importer (traced under Wine by make-traces.sh), the material for
 * measuring how the importer streams a trace: 300 frames into a 256x256
 * X8R8G8B8 back buffer, each of which
 *  - locks a DYNAMIC vertex buffer with DISCARD and writes a quad that moves
 *    one pixel right per frame (XYZRHW|DIFFUSE|TEX1);
 *  - refills a 128x128 A8R8G8B8 texture whole (LockRect of level 0: 64 KiB
 *    per frame, bands whose colour follows the frame number);
 *  - clears, draws the textured quad and presents.
 * After the last Present the back buffer is read back (GetRenderTargetData)
 * and written as raw B,G,R,X rows to argv[1] (default d3d9_frames.bgrx).
 * argv[2], if given, replaces the 300 frames (for measuring longer traces;
 * the committed fixture has 300).
 */
#include "d3d9_program.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int kW = 256, kH = 256, kTex = 128;

struct TexVertex { float x, y, z, rhw; DWORD color; float u, v; };

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_frames.bgrx";
    const int kFrames = argc > 2 ? atoi(argv[2]) : 300;
    HWND wnd = makeWindow("frames", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, false);
    if (!dev) return 1;
    const DWORD kFVF = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    IDirect3DVertexBuffer9 *vb = NULL;
    dev->CreateVertexBuffer(4 * sizeof(TexVertex), D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, kFVF, D3DPOOL_DEFAULT, &vb, NULL);
    IDirect3DTexture9 *tex = NULL;
    dev->CreateTexture(kTex, kTex, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex, NULL);
    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    for (int frame = 0; frame < kFrames; ++frame) {
        D3DLOCKED_RECT lr;
        tex->LockRect(0, &lr, NULL, 0);
        for (int y = 0; y < kTex; ++y)
            for (int x = 0; x < kTex; ++x)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] =
                    0xff000000 | (DWORD)((frame * 7 + y / 16 * 40) & 0xff) << 16 | (DWORD)((x / 16 * 32) & 0xff) << 8 |
                    (DWORD)(frame & 0xff);
        tex->UnlockRect(0);
        TexVertex *v = NULL;
        vb->Lock(0, 0, (void **)&v, D3DLOCK_DISCARD);
        const float x0 = 16.0f + (float)(frame % 100), y0 = 64.0f;
        TexVertex q[4] = { {x0, y0, 0.5f, 1, 0xffffffff, 0, 0}, {x0 + 128, y0, 0.5f, 1, 0xffffffff, 1, 0},
                           {x0, y0 + 128, 0.5f, 1, 0xffffffff, 0, 1}, {x0 + 128, y0 + 128, 0.5f, 1, 0xffffffff, 1, 1} };
        memcpy(v, q, sizeof q);
        vb->Unlock();
        dev->Clear(0, NULL, D3DCLEAR_TARGET, 0xff000000 | (DWORD)(frame & 0xff) << 8, 1.0f, 0);
        dev->BeginScene();
        dev->SetFVF(kFVF);
        dev->SetStreamSource(0, vb, 0, sizeof(TexVertex));
        dev->SetTexture(0, tex);
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2);
        dev->EndScene();
        dev->Present(NULL, NULL, NULL, NULL);
    }
    writeReadback(dev, out, kW, kH);
    tex->Release();
    vb->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
