/*
 * d3d9_packed.cpp -- Direct3D 9 fixture: vertex declarations of the packed
 * D3DDECLTYPEs, drawn by the fixed-function pipeline (identity transforms,
 * no lighting) into a 128x128 back buffer, one quad per quarter:
 *   top-left      DrawPrimitiveUP, POSITION FLOAT16_2, COLOR UBYTE4N
 *   bottom-left   DrawIndexedPrimitiveUP, POSITION SHORT4 (w = 100), COLOR SHORT4N
 *   top-right     DrawPrimitive from a vertex buffer, POSITION SHORT2, COLOR USHORT4N
 *   bottom-right  DrawIndexedPrimitive from vertex and index buffers,
 *                 POSITION FLOAT16_4, COLOR FLOAT16_4
 * Each quad has a colour per corner. Build with Debian's MinGW-w64 and trace
 * under wine64 (make-traces.sh); the program writes the frame it presented
 * as raw B,G,R,X rows to argv[1].
 */
#include "d3d9_program.h"

#include <string.h>

static const int kW = 128, kH = 128;

/* A float that binary16 holds exactly (a normal number or 0) as its bits. */
static WORD half(float f)
{
    DWORD b;
    memcpy(&b, &f, 4);
    if ((b & 0x7fffffff) == 0) return (WORD)(b >> 16);
    const DWORD sign = (b >> 16) & 0x8000, exponent = ((b >> 23) & 0xff) - 127 + 15, mantissa = (b >> 13) & 0x3ff;
    return (WORD)(sign | (exponent << 10) | mantissa);
}

static IDirect3DVertexDeclaration9 *declaration(IDirect3DDevice9 *dev, BYTE positionType, WORD colorOffset, BYTE colorType)
{
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, positionType, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, colorOffset, colorType, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    IDirect3DVertexDeclaration9 *decl = NULL;
    dev->CreateVertexDeclaration(elements, &decl);
    return decl;
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_packed.bgrx";
    HWND wnd = makeWindow("d3d9_packed", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, false);
    if (!dev) return 2;

    dev->SetRenderState(D3DRS_LIGHTING, FALSE);
    dev->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    dev->Clear(0, NULL, D3DCLEAR_TARGET, 0xff202020, 1.0f, 0);
    dev->BeginScene();

    /* Top-left: FLOAT16_2 positions in -0.875..-0.125, UBYTE4N colours (bytes R, G, B, A). */
    struct { WORD pos[2]; BYTE rgba[4]; } a[4];
    const float ax[4] = {-0.875f, -0.125f, -0.875f, -0.125f}, ay[4] = {0.875f, 0.875f, 0.125f, 0.125f};
    const BYTE ac[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}};
    for (int i = 0; i < 4; ++i) {
        a[i].pos[0] = half(ax[i]);
        a[i].pos[1] = half(ay[i]);
        memcpy(a[i].rgba, ac[i], 4);
    }
    IDirect3DVertexDeclaration9 *declA = declaration(dev, D3DDECLTYPE_FLOAT16_2, 4, D3DDECLTYPE_UBYTE4N);
    if (!declA) return 3;
    dev->SetVertexDeclaration(declA);
    dev->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, a, sizeof a[0]);

    /* Bottom-left: SHORT4 positions (x, y, z, w) with w = 100, SHORT4N colours. */
    struct { SHORT pos[4]; SHORT color[4]; } b[4];
    const SHORT bx[4] = {-90, -10, -90, -10}, by[4] = {-10, -10, -90, -90};
    const SHORT bc[4][4] = {{32767, 16384, 0, 32767}, {8192, 32767, 24576, 32767}, {-32768, 4096, 32767, 32767},
                            {20000, 20000, 20000, 32767}};
    for (int i = 0; i < 4; ++i) {
        b[i].pos[0] = bx[i];
        b[i].pos[1] = by[i];
        b[i].pos[2] = 0;
        b[i].pos[3] = 100;
        memcpy(b[i].color, bc[i], 8);
    }
    const WORD quad[6] = {0, 1, 2, 2, 1, 3};
    IDirect3DVertexDeclaration9 *declB = declaration(dev, D3DDECLTYPE_SHORT4, 8, D3DDECLTYPE_SHORT4N);
    if (!declB) return 4;
    dev->SetVertexDeclaration(declB);
    dev->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 4, 2, quad, D3DFMT_INDEX16, b, sizeof b[0]);

    /* Top-right: SHORT2 positions 0..1 (the whole quarter), USHORT4N colours, from a vertex buffer. */
    struct { SHORT pos[2]; WORD color[4]; } c[4];
    const SHORT cx[4] = {0, 1, 0, 1}, cy[4] = {1, 1, 0, 0};
    const WORD cc[4][4] = {{65535, 32768, 0, 65535}, {0, 65535, 32768, 65535}, {32768, 0, 65535, 65535},
                           {16384, 16384, 16384, 65535}};
    for (int i = 0; i < 4; ++i) {
        c[i].pos[0] = cx[i];
        c[i].pos[1] = cy[i];
        memcpy(c[i].color, cc[i], 8);
    }
    IDirect3DVertexBuffer9 *vbC = NULL;
    if (FAILED(dev->CreateVertexBuffer(sizeof c, D3DUSAGE_WRITEONLY, 0, D3DPOOL_MANAGED, &vbC, NULL))) return 5;
    void *p = NULL;
    vbC->Lock(0, 0, &p, 0);
    memcpy(p, c, sizeof c);
    vbC->Unlock();
    IDirect3DVertexDeclaration9 *declC = declaration(dev, D3DDECLTYPE_SHORT2, 4, D3DDECLTYPE_USHORT4N);
    if (!declC) return 6;
    dev->SetVertexDeclaration(declC);
    dev->SetStreamSource(0, vbC, 0, sizeof c[0]);
    dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2);

    /* Bottom-right: FLOAT16_4 positions (w = 1) and colours, indexed from buffers. */
    struct { WORD pos[4]; WORD color[4]; } d[4];
    const float dx[4] = {0.125f, 0.875f, 0.125f, 0.875f}, dy[4] = {-0.125f, -0.125f, -0.875f, -0.875f};
    const float dc[4][4] = {{1.0f, 0.25f, 0.5f, 1.0f}, {0.75f, 1.0f, 0.125f, 1.0f}, {0.0f, 0.5f, 1.0f, 1.0f},
                            {0.375f, 0.625f, 0.875f, 1.0f}};
    for (int i = 0; i < 4; ++i) {
        d[i].pos[0] = half(dx[i]);
        d[i].pos[1] = half(dy[i]);
        d[i].pos[2] = half(0.0f);
        d[i].pos[3] = half(1.0f);
        for (int k = 0; k < 4; ++k) d[i].color[k] = half(dc[i][k]);
    }
    IDirect3DVertexBuffer9 *vbD = NULL;
    IDirect3DIndexBuffer9 *ibD = NULL;
    if (FAILED(dev->CreateVertexBuffer(sizeof d, D3DUSAGE_WRITEONLY, 0, D3DPOOL_MANAGED, &vbD, NULL))) return 7;
    if (FAILED(dev->CreateIndexBuffer(sizeof quad, D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ibD, NULL)))
        return 8;
    vbD->Lock(0, 0, &p, 0);
    memcpy(p, d, sizeof d);
    vbD->Unlock();
    ibD->Lock(0, 0, &p, 0);
    memcpy(p, quad, sizeof quad);
    ibD->Unlock();
    IDirect3DVertexDeclaration9 *declD = declaration(dev, D3DDECLTYPE_FLOAT16_4, 8, D3DDECLTYPE_FLOAT16_4);
    if (!declD) return 9;
    dev->SetVertexDeclaration(declD);
    dev->SetStreamSource(0, vbD, 0, sizeof d[0]);
    dev->SetIndices(ibD);
    dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2);

    dev->EndScene();
    dev->Present(NULL, NULL, NULL, NULL);
    writeReadback(dev, out, kW, kH);
    ibD->Release();
    vbD->Release();
    vbC->Release();
    declD->Release();
    declC->Release();
    declB->Release();
    declA->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
