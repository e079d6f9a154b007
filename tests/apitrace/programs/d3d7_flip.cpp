/*
 * d3d7_flip.cpp -- a DirectDraw 7 / Direct3D 7 flipping chain for refrast's
 * apitrace importer (traced under Wine by make-traces.sh). Exclusive
 * full-screen mode in the display's current size and 32 bits per pixel; a
 * primary surface with one back buffer (DDSCAPS_PRIMARYSURFACE | FLIP |
 * COMPLEX, dwBackBufferCount 1), the back buffer reached with
 * GetAttachedSurface(DDSCAPS_BACKBUFFER), a 16-bit Z buffer attached to it,
 * the device created on it. Two frames, each ended by the primary's Flip:
 *  - frame 0 clears to dark red and draws a blue triangle;
 *  - frame 1 clears to dark blue and draws a green triangle in front of a
 *    yellow one that crosses it in depth (depth tested by the device's
 *    default ZENABLE: a Z buffer is attached), then reads the back buffer
 *    back (Lock READONLY) before its Flip.
 * The top-left 256x256 pixels of the read-back back buffer are written as raw
 * B,G,R,X rows to argv[1] (default d3d7_flip.bgrx).
 */
#include <windows.h>
#include <ddraw.h>
#include <d3d.h>
#include <stdio.h>
#include <string.h>

static const int kOut = 256;

struct TLVertex { float x, y, z, rhw; DWORD color; };

static HWND makeWindow()
{
    HINSTANCE inst = GetModuleHandle(NULL);
    WNDCLASSEXA wc = { sizeof(WNDCLASSEXA), CS_CLASSDC, DefWindowProcA, 0, 0, inst, NULL, NULL, NULL, NULL, "flip", NULL };
    RegisterClassExA(&wc);
    HWND w = CreateWindowA("flip", "flip", WS_POPUP, 0, 0, 640, 480, NULL, NULL, inst, NULL);
    if (w) ShowWindow(w, SW_SHOW);
    return w;
}

static void triangle(IDirect3DDevice7 *dev, float x0, float y0, float z0, float x1, float y1, float z1,
                     float x2, float y2, float z2, DWORD c)
{
    TLVertex t[3] = { {x0, y0, z0, 1, c}, {x1, y1, z1, 1, c}, {x2, y2, z2, 1, c} };
    dev->DrawPrimitive(D3DPT_TRIANGLELIST, D3DFVF_XYZRHW | D3DFVF_DIFFUSE, t, 3, 0);
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d7_flip.bgrx";
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
    d.dwBackBufferCount = 1;
    d.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE | DDSCAPS_FLIP | DDSCAPS_COMPLEX | DDSCAPS_3DDEVICE;
    IDirectDrawSurface7 *primary = NULL;
    if (FAILED(dd->CreateSurface(&d, &primary, NULL))) return 4;
    DDSCAPS2 caps;
    ZeroMemory(&caps, sizeof caps);
    caps.dwCaps = DDSCAPS_BACKBUFFER;
    IDirectDrawSurface7 *back = NULL;
    if (FAILED(primary->GetAttachedSurface(&caps, &back))) return 5;

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
    if (FAILED(dd->CreateSurface(&d, &zbuffer, NULL))) return 6;
    if (FAILED(back->AddAttachedSurface(zbuffer))) return 7;

    IDirect3D7 *d3d = NULL;
    if (FAILED(dd->QueryInterface(IID_IDirect3D7, (void **)&d3d))) return 8;
    IDirect3DDevice7 *dev = NULL;
    if (FAILED(d3d->CreateDevice(IID_IDirect3DRGBDevice, back, &dev))) return 9;
    dev->SetRenderState(D3DRENDERSTATE_LIGHTING, FALSE);
    dev->SetRenderState(D3DRENDERSTATE_CULLMODE, D3DCULL_NONE);

    /* frame 0 */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff400000, 1.0f, 0);
    dev->BeginScene();
    triangle(dev, 20, 20, 0.5f, 200, 40, 0.5f, 60, 220, 0.5f, 0xff2040ff);
    dev->EndScene();
    primary->Flip(NULL, DDFLIP_WAIT);

    /* frame 1 */
    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000040, 1.0f, 0);
    dev->BeginScene();
    triangle(dev, 16, 32, 0.2f, 240, 32, 0.2f, 128, 240, 0.8f, 0xffffe020);
    triangle(dev, 16, 200, 0.5f, 240, 200, 0.5f, 128, 16, 0.5f, 0xff20e040);
    dev->EndScene();
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    if (SUCCEEDED(back->Lock(NULL, &d, DDLOCK_WAIT | DDLOCK_READONLY, NULL))) {
        FILE *f = fopen(out, "wb");
        for (int y = 0; f && y < kOut; ++y) fwrite((const char *)d.lpSurface + y * d.lPitch, 1, kOut * 4, f);
        if (f) fclose(f);
        back->Unlock(NULL);
    }
    primary->Flip(NULL, DDFLIP_WAIT);

    dev->Release();
    d3d->Release();
    zbuffer->Release();
    back->Release();
    primary->Release();
    dd->RestoreDisplayMode();
    dd->SetCooperativeLevel(wnd, DDSCL_NORMAL);
    dd->Release();
    return 0;
}
