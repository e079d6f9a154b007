/*
 * d3d9_cube.cpp -- a cube map for refrast's apitrace importer (traced under
 * Wine by make-traces.sh). A 256x256 X8R8G8B8 back buffer; a 16x16
 * A8R8G8B8 cube texture of one level (CreateCubeTexture, MANAGED), each face
 * filled through its own LockRect: a colour per face with its top-left 4x4
 * texels white and its top-right 4x4 black, so the face's orientation
 * shows. Seven pretransformed quads (XYZRHW | DIFFUSE | TEX1 with
 * D3DFVF_TEXCOORDSIZE3(0): a direction per vertex) sample it with point
 * filtering: six 64x64 quads each showing one whole face (directions
 * major axis ± 0.9 along the face's other two axes), and a 192x48 strip whose
 * directions sweep from +X through +Z to -X across the face edges.
 * After Present the back buffer is read back (GetRenderTargetData) and
 * written as raw B,G,R,X rows to argv[1] (default d3d9_cube.bgrx).
 */
#include "d3d9_program.h"
#include <stdio.h>
#include <string.h>

static const int kW = 256, kH = 256, kFace = 16;

struct CubeVertex { float x, y, z, rhw; DWORD color; float u, v, w; };

/* A quad from (x0, y0) to (x1, y1) whose corners carry directions d[0..3] (TL, TR, BL, BR). */
static void quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, const float d[4][3])
{
    CubeVertex q[4] = { {x0, y0, 0.5f, 1, 0xffffffff, d[0][0], d[0][1], d[0][2]},
                        {x1, y0, 0.5f, 1, 0xffffffff, d[1][0], d[1][1], d[1][2]},
                        {x0, y1, 0.5f, 1, 0xffffffff, d[2][0], d[2][1], d[2][2]},
                        {x1, y1, 0.5f, 1, 0xffffffff, d[3][0], d[3][1], d[3][2]} };
    dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, q, sizeof(CubeVertex));
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_cube.bgrx";
    HWND wnd = makeWindow("cube", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, false);
    if (!dev) return 1;
    IDirect3DCubeTexture9 *cube = NULL;
    if (FAILED(dev->CreateCubeTexture(kFace, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, NULL))) return 2;
    static const DWORD colours[6] = {0xffe03020, 0xff20e030, 0xff2040e0, 0xffe0e020, 0xffe020e0, 0xff20e0e0};
    for (int f = 0; f < 6; ++f) {
        D3DLOCKED_RECT lr;
        if (FAILED(cube->LockRect((D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0))) return 3;
        for (int y = 0; y < kFace; ++y)
            for (int x = 0; x < kFace; ++x)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] =
                    (y < 4 && x < 4) ? 0xffffffff : (y < 4 && x >= kFace - 4) ? 0xff000000 : colours[f];
        cube->UnlockRect((D3DCUBEMAP_FACES)f, 0);
    }
    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    dev->SetTexture(0, cube);
    dev->SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    dev->Clear(0, NULL, D3DCLEAR_TARGET, 0xff101010, 1.0f, 0);
    dev->BeginScene();
    /* face f: major axis a = f / 2 with sign +/-; the corners ±0.9 along the other two axes */
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
        quad(dev, x0, y0, x0 + 64, y0 + 64, d);
    }
    const float sweep[4][3] = { {1, 0.3f, 0.5f}, {-1, 0.3f, 0.5f}, {1, -0.3f, 0.5f}, {-1, -0.3f, 0.5f} };
    quad(dev, 32, 192, 224, 240, sweep);
    dev->EndScene();
    dev->Present(NULL, NULL, NULL, NULL);
    writeReadback(dev, out, kW, kH);
    cube->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
