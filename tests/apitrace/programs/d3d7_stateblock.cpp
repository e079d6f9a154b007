/*
 * d3d7_stateblock.cpp -- Direct3D 7 state blocks on a triple-buffered
 * DirectDraw flipping chain, for refrast's apitrace importer (traced under
 * Wine by make-traces.sh). Exclusive full-screen mode in the display's size
 * and 32 bits per pixel; a primary with two back buffers
 * (DDSCAPS_PRIMARYSURFACE | FLIP | COMPLEX, dwBackBufferCount 2), the first
 * back buffer from GetAttachedSurface(DDSCAPS_BACKBUFFER), the second from
 * GetAttachedSurface(DDSCAPS_FLIP) on the first, a 16-bit Z buffer attached
 * to the first, the device created on it. Three frames, each ended by the
 * primary's Flip, so each lands in another buffer of the chain (frame 1 in
 * the memory that was the second back buffer, frame 2 in the one that was
 * the front):
 *  - before frame 0 the base state is set and saved whole
 *    (CreateStateBlock(D3DSBT_ALL)); a recorded block "lit" holds LIGHTING,
 *    light 0 (SetLight, LightEnable), LightEnable of light 1 that was never
 *    set (so the block holds it as the default light: Wine's frame shows it),
 *    AMBIENT and a material;
 *  - frame 0 records the block "blend" (alpha blending) between two opaque
 *    draws, so the draw after EndStateBlock shows recording set nothing,
 *    then applies it for a blended triangle and applies the base again;
 *  - frame 1 applies "lit" for a lit quad, then the base for an unlit one;
 *  - frame 2 turns blending on additively and re-captures "blend"
 *    (CaptureStateBlock takes the device's values of the states the block
 *    holds), sets CULLMODE CCW and re-captures the base, applies the base
 *    over other states, draws two triangles of opposite winding (one culled)
 *    and an additive one after applying "blend".
 * Before each Flip the top-left 256x256 pixels of the back buffer are read
 * back (Lock READONLY); the three frames are written one after the other as
 * raw B,G,R,X rows (256 x 768) to argv[1] (default d3d7_stateblock.bgrx).
 */
#include <windows.h>
#include <ddraw.h>
#include <d3d.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const int kOut = 256;

struct TLVertex { float x, y, z, rhw; DWORD color; };
struct NVertex { float x, y, z, nx, ny, nz; };

static HWND makeWindow()
{
    HINSTANCE inst = GetModuleHandle(NULL);
    WNDCLASSEXA wc = { sizeof(WNDCLASSEXA), CS_CLASSDC, DefWindowProcA, 0, 0, inst, NULL, NULL, NULL, NULL, "sb", NULL };
    RegisterClassExA(&wc);
    HWND w = CreateWindowA("sb", "sb", WS_POPUP, 0, 0, 640, 480, NULL, NULL, inst, NULL);
    if (w) ShowWindow(w, SW_SHOW);
    return w;
}

static D3DCOLORVALUE rgba(float r, float g, float b, float a)
{
    D3DCOLORVALUE c;
    c.r = r; c.g = g; c.b = b; c.a = a;
    return c;
}

static void triangle(IDirect3DDevice7 *dev, float x0, float y0, float x1, float y1, float x2, float y2, DWORD c)
{
    TLVertex t[3] = { {x0, y0, 0.5f, 1, c}, {x1, y1, 0.5f, 1, c}, {x2, y2, 0.5f, 1, c} };
    dev->DrawPrimitive(D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, t, 3, 0);
}

static void quad(IDirect3DDevice7 *dev, float x0, float y0, float x1, float y1, DWORD c)
{
    TLVertex q[4] = { {x0, y0, 0.5f, 1, c}, {x1, y0, 0.5f, 1, c}, {x0, y1, 0.5f, 1, c}, {x1, y1, 0.5f, 1, c} };
    dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, q, 4, 0);
}

static void readBack(IDirectDrawSurface7 *back, FILE *f)
{
    DDSURFACEDESC2 d;
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    if (SUCCEEDED(back->Lock(NULL, &d, DDLOCK_WAIT | DDLOCK_READONLY, NULL))) {
        for (int y = 0; f && y < kOut; ++y) fwrite((const char *)d.lpSurface + y * d.lPitch, 1, kOut * 4, f);
        back->Unlock(NULL);
    }
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d7_stateblock.bgrx";
    HWND wnd = makeWindow();
    IDirectDraw7 *dd = NULL;
    if (!wnd || FAILED(DirectDrawCreateEx(NULL, (void **)&dd, IID_IDirectDraw7, NULL))) return 1;
    if (FAILED(dd->SetCooperativeLevel(wnd, DDSCL_EXCLUSIVE | DDSCL_FULLSCREEN))) return 2;
    DDSURFACEDESC2 mode;
    ZeroMemory(&mode, sizeof mode);
    mode.dwSize = sizeof mode;
    dd->GetDisplayMode(&mode);
    if (FAILED(dd->SetDisplayMode(mode.dwWidth, mode.dwHeight, 32, 0, 0))) return 3;

    DDSURFACEDESC2 d;
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS | DDSD_BACKBUFFERCOUNT;
    d.dwBackBufferCount = 2;
    d.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX | DDSCAPS_3DDEVICE;
    IDirectDrawSurface7 *primary = NULL;
    if (FAILED(dd->CreateSurface(&d, &primary, NULL))) return 4;
    DDSCAPS2 caps;
    ZeroMemory(&caps, sizeof caps);
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    IDirectDrawSurface7 *back = NULL, *back2 = NULL;
    if (FAILED(primary->GetAttachedSurface(&caps, &back))) return 5;
    caps.dwCaps = DDSCAPS_FLIP;
    if (FAILED(back->GetAttachedSurface(&caps, &back2))) return 6;

    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    d.dwWidth = mode.dwWidth;
    d.dwHeight = mode.dwHeight;
    d.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    d.ddpfPixelFormat.dwSize = sizeof d.ddpfPixelFormat;
    d.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    d.ddpfPixelFormat.dwZBufferBitDepth = 16;
    d.ddpfPixelFormat.dwZBitMask = 0xffff;
    IDirectDrawSurface7 *zbuffer = NULL;
    if (FAILED(dd->CreateSurface(&d, &zbuffer, NULL))) return 7;
    if (FAILED(back->AddAttachedSurface(zbuffer))) return 8;

    IDirect3D7 *d3d = NULL;
    if (FAILED(dd->QueryInterface(IID_IDirect3D7, (void **)&d3d))) return 9;
    IDirect3DDevice7 *dev = NULL;
    if (FAILED(d3d->CreateDevice(IID_IDirect3DRGBDevice, back, &dev))) return 10;

    /* the base state, saved whole */
    D3DMATRIX proj, ident, world;
    ZeroMemory(&proj, sizeof proj);
    const float h = 1.0f / tanf(3.14159265f / 6), zn = 0.5f, zf = 20.0f;
    proj._11 = h * 0.75f; proj._22 = h; proj._33 = zf / (zf - zn); proj._34 = 1; proj._43 = -zn * zf / (zf - zn);
    ZeroMemory(&ident, sizeof ident);
    ident._11 = ident._22 = ident._33 = ident._44 = 1;
    world = ident;
    world._41 = -4.6f; world._42 = 3.3f; world._43 = 8;
    dev->SetTransform(D3DTRANSFORMSTATE_PROJECTION, &proj);
    dev->SetTransform(D3DTRANSFORMSTATE_VIEW, &ident);
    dev->SetTransform(D3DTRANSFORMSTATE_WORLD, &world);
    D3DLIGHT7 sun;
    ZeroMemory(&sun, sizeof sun);
    sun.dltType = D3DLIGHT_DIRECTIONAL;
    sun.dcvDiffuse = rgba(1, 0.9f, 0.6f, 1);
    sun.dvDirection.x = 0.5f; sun.dvDirection.y = -0.4f; sun.dvDirection.z = 1;
    dev->SetLight(0, &sun);
    dev->LightEnable(0, FALSE);
    D3DMATERIAL7 grey;
    ZeroMemory(&grey, sizeof grey);
    grey.diffuse = rgba(0.5f, 0.5f, 0.5f, 1);
    grey.ambient = rgba(0.5f, 0.5f, 0.5f, 1);
    dev->SetMaterial(&grey);
    dev->SetRenderState(D3DRENDERSTATE_LIGHTING, FALSE);
    dev->SetRenderState(D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    dev->SetRenderState(D3DRENDERSTATE_AMBIENT, 0);
    dev->SetRenderState(D3DRENDERSTATE_ALPHABLENDENABLE, FALSE);
    dev->SetRenderState(D3DRENDERSTATE_SRCBLEND, D3DBLEND_ONE);
    dev->SetRenderState(D3DRENDERSTATE_DESTBLEND, D3DBLEND_ZERO);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG2);
    dev->SetTextureStageState(0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    dev->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG2);
    dev->SetTextureStageState(0, D3DTSS_ALPHAARG2, D3DTA_DIFFUSE);
    DWORD base = 0, blend = 0, lit = 0;
    if (FAILED(dev->CreateStateBlock(D3DSBT_ALL, &base))) return 11;

    D3DMATERIAL7 gold;
    ZeroMemory(&gold, sizeof gold);
    gold.diffuse = rgba(0.5f, 0.35f, 0.1f, 1);
    gold.ambient = rgba(0.5f, 0.35f, 0.1f, 1);
    dev->BeginStateBlock();
    dev->SetRenderState(D3DRENDERSTATE_LIGHTING, TRUE);
    dev->SetLight(0, &sun);
    dev->LightEnable(0, TRUE);
    dev->LightEnable(1, TRUE);  /* never set: the block holds the default light (white, along +z) */
    dev->SetRenderState(D3DRENDERSTATE_AMBIENT, 0xff402040);
    dev->SetMaterial(&gold);
    if (FAILED(dev->EndStateBlock(&lit))) return 12;

    FILE *f = fopen(out, "wb");

    /* frame 0: record "blend" mid-frame; recording sets nothing */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff400000, 1.0f, 0);
    dev->BeginScene();
    quad(dev, 16, 16, 144, 144, 0xff2040ff);
    dev->BeginStateBlock();
    dev->SetRenderState(D3DRENDERSTATE_ALPHABLENDENABLE, TRUE);
    dev->SetRenderState(D3DRENDERSTATE_SRCBLEND, D3DBLEND_SRCALPHA);
    dev->SetRenderState(D3DRENDERSTATE_DESTBLEND, D3DBLEND_INVSRCALPHA);
    dev->EndStateBlock(&blend);
    triangle(dev, 100, 24, 240, 24, 170, 120, 0x80ffff00);   /* opaque: the block is not applied yet */
    dev->ApplyStateBlock(blend);
    triangle(dev, 24, 100, 200, 120, 60, 240, 0x80ffff00);   /* blended over the quad and the clear */
    dev->ApplyStateBlock(base);
    triangle(dev, 180, 160, 250, 170, 210, 250, 0x8020ff20); /* opaque again */
    dev->EndScene();
    readBack(back, f);
    primary->Flip(NULL, DDFLIP_WAIT);

    /* frame 1: a lit quad through "lit", an unlit one after the base */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff003000, 1.0f, 0);
    dev->BeginScene();
    dev->ApplyStateBlock(lit);
    {
        /* unit normals (0.6, 0.6, 1) / |.|: wined3d clamps N.L at 1 for longer ones, D3D9's formula does not */
        const float n = 1.0f / sqrtf(0.6f * 0.6f * 2 + 1), k = 0.6f * n;
        NVertex q[4] = { {-1, 1, 0, -k, k, -n}, {1, 1, 0, k, k, -n}, {-1, -1, 0, -k, -k, -n}, {1, -1, 0, k, -k, -n} };
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, D3DFVF_XYZ | D3DFVF_NORMAL, q, 4, 0);
    }
    dev->ApplyStateBlock(base);
    quad(dev, 160, 160, 240, 240, 0xffff8040);
    dev->EndScene();
    readBack(back, f);
    primary->Flip(NULL, DDFLIP_WAIT);

    /* frame 2: re-captured blocks */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000040, 1.0f, 0);
    dev->BeginScene();
    dev->SetRenderState(D3DRENDERSTATE_ALPHABLENDENABLE, TRUE);
    dev->SetRenderState(D3DRENDERSTATE_SRCBLEND, D3DBLEND_SRCALPHA);
    dev->SetRenderState(D3DRENDERSTATE_DESTBLEND, D3DBLEND_ONE);
    dev->CaptureStateBlock(blend);                           /* "blend" is additive now */
    dev->SetRenderState(D3DRENDERSTATE_ALPHABLENDENABLE, FALSE);
    dev->SetRenderState(D3DRENDERSTATE_DESTBLEND, D3DBLEND_ZERO);
    dev->SetRenderState(D3DRENDERSTATE_SRCBLEND, D3DBLEND_ONE);
    dev->SetRenderState(D3DRENDERSTATE_CULLMODE, D3DCULL_CCW);
    dev->CaptureStateBlock(base);                            /* the base culls counter-clockwise now */
    dev->SetRenderState(D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);
    dev->SetRenderState(D3DRENDERSTATE_ALPHABLENDENABLE, TRUE);
    dev->ApplyStateBlock(base);
    triangle(dev, 16, 16, 120, 16, 16, 120, 0xffff4040);     /* clockwise on screen: drawn */
    triangle(dev, 136, 16, 136, 120, 240, 16, 0xff40ff40);   /* counter-clockwise: culled */
    quad(dev, 16, 136, 240, 240, 0xff404080);                /* a strip of clockwise triangles: drawn */
    dev->ApplyStateBlock(blend);
    triangle(dev, 40, 150, 220, 150, 130, 236, 0x80c0c000);  /* additive */
    dev->EndScene();
    readBack(back, f);
    primary->Flip(NULL, DDFLIP_WAIT);
    if (f) fclose(f);

    dev->DeleteStateBlock(blend);
    dev->DeleteStateBlock(lit);
    dev->DeleteStateBlock(base);
    dev->Release();
    d3d->Release();
    zbuffer->Release();
    back2->Release();
    back->Release();
    primary->Release();
    dd->RestoreDisplayMode();
    dd->SetCooperativeLevel(wnd, DDSCL_NORMAL);
    dd->Release();
    return 0;
}
