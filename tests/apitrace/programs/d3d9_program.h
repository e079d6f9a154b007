/*
 * d3d9_program.h -- what every Direct3D 9 fixture program here shares: its
 * window, a windowed X8R8G8B8 device with one back buffer (and, if asked, a
 * D24S8 auto depth stencil), and the read-back of the final back buffer as
 * raw B,G,R,X rows. Only the d3d9 calls are traced, so none of this shows in
 * a trace beyond CreateDevice, GetRenderTarget, CreateOffscreenPlainSurface,
 * GetRenderTargetData and the lock of the read-back surface.
 */
#pragma once

#include <windows.h>
#include <d3d9.h>
#include <stdio.h>

static HWND makeWindow(const char *name, int width, int height)
{
    HINSTANCE inst = GetModuleHandle(NULL);
    WNDCLASSEXA wc = { sizeof(WNDCLASSEXA), CS_CLASSDC, DefWindowProcA, 0, 0, inst, NULL, NULL, NULL, NULL, name, NULL };
    RegisterClassExA(&wc);
    RECT r = {0, 0, width, height};
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    HWND w = CreateWindowA(name, name, WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT,
                           r.right - r.left, r.bottom - r.top, NULL, NULL, inst, NULL);
    if (w) ShowWindow(w, SW_SHOW);
    return w;
}

/* NULL if the device cannot be made. */
static IDirect3DDevice9 *createDevice(IDirect3D9 *d3d, HWND wnd, int width, int height, bool autoDepthStencil)
{
    D3DPRESENT_PARAMETERS pp;
    ZeroMemory(&pp, sizeof pp);
    pp.BackBufferWidth = width;
    pp.BackBufferHeight = height;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    pp.hDeviceWindow = wnd;
    pp.Windowed = TRUE;
    if (autoDepthStencil) {
        pp.EnableAutoDepthStencil = TRUE;
        pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    }
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
    IDirect3DDevice9 *dev = NULL;
    if (FAILED(d3d->CreateDevice(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, wnd, D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev)))
        return NULL;
    return dev;
}

static void writeReadback(IDirect3DDevice9 *dev, const char *path, int width, int height)
{
    IDirect3DSurface9 *rt = NULL, *sys = NULL;
    if (FAILED(dev->GetRenderTarget(0, &rt))) return;
    if (SUCCEEDED(dev->CreateOffscreenPlainSurface(width, height, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL)) &&
        SUCCEEDED(dev->GetRenderTargetData(rt, sys))) {
        D3DLOCKED_RECT lr;
        if (SUCCEEDED(sys->LockRect(&lr, NULL, D3DLOCK_READONLY))) {
            FILE *f = fopen(path, "wb");
            for (int y = 0; f && y < height; ++y) fwrite((const char *)lr.pBits + y * lr.Pitch, 1, width * 4, f);
            if (f) fclose(f);
            sys->UnlockRect();
        }
    }
    if (sys) sys->Release();
    rt->Release();
}
