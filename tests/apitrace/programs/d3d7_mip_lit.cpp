/*
 * d3d7_mip_lit.cpp -- a DirectDraw 7 / Direct3D 7 test program for refrast's
 * apitrace importer (traced under Wine by make-traces.sh). One frame into a
 * 256x256 offscreen render target (the display's format) with an attached
 * 16-bit Z buffer, presented by a Blt to the primary:
 *  - a mipmapped 32x32 A8R8G8B8 texture (DDSCAPS_MIPMAP | COMPLEX, 4 levels):
 *    level 0 a checker, each smaller level one colour, every level filled
 *    through its own Lock after GetAttachedSurface walked the chain, then a
 *    partial Lock (rect {8, 8, 16, 16}) of level 0 painted red;
 *  - four pretransformed quads of 32, 16, 8 and 4 pixels mapping the whole
 *    texture with point mip filtering (D3DTSS_MIPFILTER = D3DTFP_POINT), so
 *    each shows one level: the D3D7 texture-stage filter states, which D3D9
 *    moved to sampler states;
 *  - a lit grid (XYZ|NORMAL) in a vertex buffer (Lock/Unlock) drawn with
 *    DrawIndexedPrimitiveVB, lit by a D3DLIGHT7 point light and a
 *    directional light with a D3DMATERIAL7, the AMBIENT state, depth tested
 *    by the device's defaults (ZENABLE follows the attached Z buffer);
 *  - an inline lit triangle (DrawPrimitive, XYZ|NORMAL) in front of it.
 * After the Blt the render target is read back (Lock READONLY) and written
 * as raw B,G,R,X rows to argv[1] (default d3d7_mip_lit.bgrx).
 */
#include <windows.h>
#include <ddraw.h>
#include <d3d.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const int kW = 256, kH = 256;

struct NVertex { float x, y, z, nx, ny, nz; };
struct TLVertex { float x, y, z, rhw; DWORD color; float u, v; };

static HWND makeWindow()
{
    HINSTANCE inst = GetModuleHandle(NULL);
    WNDCLASSEXA wc = { sizeof(WNDCLASSEXA), CS_CLASSDC, DefWindowProcA, 0, 0, inst, NULL, NULL, NULL, NULL, "d3d7", NULL };
    RegisterClassExA(&wc);
    RECT r = {0, 0, kW, kH};
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    HWND w = CreateWindowA("d3d7", "d3d7", WS_OVERLAPPEDWINDOW, CW_USEDEFAULT, CW_USEDEFAULT,
                           r.right - r.left, r.bottom - r.top, NULL, NULL, inst, NULL);
    if (w) ShowWindow(w, SW_SHOW);
    return w;
}

static D3DCOLORVALUE rgba(float r, float g, float b, float a)
{
    D3DCOLORVALUE c;
    c.r = r; c.g = g; c.b = b; c.a = a;
    return c;
}

static void fillLevel(IDirectDrawSurface7 *s, int size, int level)
{
    DDSURFACEDESC2 d;
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    if (FAILED(s->Lock(NULL, &d, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL))) return;
    static const DWORD colours[] = {0, 0xff20c020, 0xff2040ff, 0xffffe000};
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            ((DWORD *)((char *)d.lpSurface + y * d.lPitch))[x] =
                level ? colours[level] : (((x / 4) + (y / 4)) & 1) ? 0xffe0e0e0 : 0xff404040;
    s->Unlock(NULL);
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d7_mip_lit.bgrx";
    HWND wnd = makeWindow();
    IDirectDraw7 *dd = NULL;
    if (!wnd || FAILED(DirectDrawCreateEx(NULL, (void **)&dd, IID_IDirectDraw7, NULL))) return 1;
    dd->SetCooperativeLevel(wnd, DDSCL_NORMAL);

    DDSURFACEDESC2 d;
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS;
    d.ddsCaps.dwCaps = DDSCAPS_PRIMARYSURFACE;
    IDirectDrawSurface7 *primary = NULL;
    if (FAILED(dd->CreateSurface(&d, &primary, NULL))) return 2;

    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT;
    d.dwWidth = kW;
    d.dwHeight = kH;
    d.ddsCaps.dwCaps = DDSCAPS_OFFSCREENPLAIN | DDSCAPS_3DDEVICE;
    IDirectDrawSurface7 *target = NULL;
    if (FAILED(dd->CreateSurface(&d, &target, NULL))) return 3;

    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT;
    d.dwWidth = kW;
    d.dwHeight = kH;
    d.ddsCaps.dwCaps = DDSCAPS_ZBUFFER;
    d.ddpfPixelFormat.dwSize = sizeof d.ddpfPixelFormat;
    d.ddpfPixelFormat.dwFlags = DDPF_ZBUFFER;
    d.ddpfPixelFormat.dwZBufferBitDepth = 16;
    d.ddpfPixelFormat.dwZBitMask = 0xffff;
    IDirectDrawSurface7 *zbuffer = NULL;
    if (FAILED(dd->CreateSurface(&d, &zbuffer, NULL))) return 4;
    if (FAILED(target->AddAttachedSurface(zbuffer))) return 5;

    IDirectDrawClipper *clipper = NULL;
    dd->CreateClipper(0, &clipper, NULL);
    clipper->SetHWnd(0, wnd);
    primary->SetClipper(clipper);

    IDirect3D7 *d3d = NULL;
    if (FAILED(dd->QueryInterface(IID_IDirect3D7, (void **)&d3d))) return 6;
    IDirect3DDevice7 *dev = NULL;
    if (FAILED(d3d->CreateDevice(IID_IDirect3DRGBDevice, target, &dev))) return 7;

    /* the mipmapped texture */
    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    d.dwFlags = DDSD_CAPS | DDSD_WIDTH | DDSD_HEIGHT | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT;
    d.dwWidth = 32;
    d.dwHeight = 32;
    d.dwMipMapCount = 4;
    d.ddsCaps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP | DDSCAPS_COMPLEX;
    d.ddpfPixelFormat.dwSize = sizeof d.ddpfPixelFormat;
    d.ddpfPixelFormat.dwFlags = DDPF_RGB | DDPF_ALPHAPIXELS;
    d.ddpfPixelFormat.dwRGBBitCount = 32;
    d.ddpfPixelFormat.dwRBitMask = 0xff0000;
    d.ddpfPixelFormat.dwGBitMask = 0xff00;
    d.ddpfPixelFormat.dwBBitMask = 0xff;
    d.ddpfPixelFormat.dwRGBAlphaBitMask = 0xff000000;
    IDirectDrawSurface7 *tex = NULL;
    if (FAILED(dd->CreateSurface(&d, &tex, NULL))) return 8;
    IDirectDrawSurface7 *level = tex;
    level->AddRef();
    for (int i = 0; i < 4 && level; ++i) {
        fillLevel(level, 32 >> i, i);
        DDSCAPS2 caps;
        ZeroMemory(&caps, sizeof caps);
        caps.dwCaps = DDSCAPS_TEXTURE | DDSCAPS_MIPMAP;
        IDirectDrawSurface7 *next = NULL;
        if (i < 3 && FAILED(level->GetAttachedSurface(&caps, &next))) next = NULL;
        level->Release();
        level = next;
    }
    if (level) level->Release();
    {
        /* a partial lock of level 0: its pointer already includes the rect's offset */
        RECT r = {8, 8, 16, 16};
        ZeroMemory(&d, sizeof d);
        d.dwSize = sizeof d;
        if (SUCCEEDED(tex->Lock(&r, &d, DDLOCK_WAIT | DDLOCK_WRITEONLY, NULL))) {
            for (int y = 0; y < 8; ++y)
                for (int x = 0; x < 8; ++x) ((DWORD *)((char *)d.lpSurface + y * d.lPitch))[x] = 0xffff0000;
            tex->Unlock(&r);
        }
    }

    /* the lit grid: (kGrid+1)^2 vertices on a bumpy sheet facing the viewer */
    const int kGrid = 12;
    const int gridVerts = (kGrid + 1) * (kGrid + 1);
    D3DVERTEXBUFFERDESC vbd;
    ZeroMemory(&vbd, sizeof vbd);
    vbd.dwSize = sizeof vbd;
    vbd.dwCaps = D3DVBCAPS_SYSTEMMEMORY;
    vbd.dwFVF = D3DFVF_XYZ | D3DFVF_NORMAL;
    vbd.dwNumVertices = gridVerts;
    IDirect3DVertexBuffer7 *vb = NULL;
    if (FAILED(d3d->CreateVertexBuffer(&vbd, &vb, 0))) return 9;
    NVertex *v = NULL;
    vb->Lock(DDLOCK_WAIT | DDLOCK_WRITEONLY, (void **)&v, NULL);
    for (int y = 0; y <= kGrid; ++y)
        for (int x = 0; x <= kGrid; ++x) {
            const float fx = -1.5f + 3.0f * x / kGrid, fy = -1.5f + 3.0f * y / kGrid;
            /* z = 0.25 sin(2x) cos(2y): normal (-dz/dx, -dz/dy, -1) normalised, towards the viewer */
            const float dzdx = 0.5f * cosf(2 * fx) * cosf(2 * fy), dzdy = -0.5f * sinf(2 * fx) * sinf(2 * fy);
            const float len = sqrtf(dzdx * dzdx + dzdy * dzdy + 1);
            NVertex p = {fx, fy, 0.25f * sinf(2 * fx) * cosf(2 * fy), dzdx / len, dzdy / len, -1 / len};
            v[y * (kGrid + 1) + x] = p;
        }
    vb->Unlock();
    WORD indices[kGrid * kGrid * 6];
    WORD *ix = indices;
    for (int y = 0; y < kGrid; ++y)
        for (int x = 0; x < kGrid; ++x) {
            const WORD a = WORD(y * (kGrid + 1) + x), b = WORD(a + 1), c = WORD(a + kGrid + 1), e = WORD(c + 1);
            *ix++ = a; *ix++ = c; *ix++ = b;
            *ix++ = b; *ix++ = c; *ix++ = e;
        }

    D3DMATRIX proj, view, world;
    ZeroMemory(&proj, sizeof proj);
    const float h = 1.0f / tanf(3.14159265f / 6), zn = 0.5f, zf = 20.0f;
    proj._11 = h; proj._22 = h; proj._33 = zf / (zf - zn); proj._34 = 1; proj._43 = -zn * zf / (zf - zn);
    ZeroMemory(&view, sizeof view);
    view._11 = view._22 = view._33 = view._44 = 1;
    world = view;
    world._43 = 4;
    dev->SetTransform(D3DTRANSFORMSTATE_PROJECTION, &proj);
    dev->SetTransform(D3DTRANSFORMSTATE_VIEW, &view);
    dev->SetTransform(D3DTRANSFORMSTATE_WORLD, &world);

    D3DLIGHT7 lamp;
    ZeroMemory(&lamp, sizeof lamp);
    lamp.dltType = D3DLIGHT_POINT;
    lamp.dcvDiffuse = rgba(1, 0.6f, 0.3f, 1);
    lamp.dvPosition.x = -1; lamp.dvPosition.y = 1; lamp.dvPosition.z = 2.5f;
    lamp.dvRange = 6;
    lamp.dvAttenuation0 = 0.5f;
    lamp.dvAttenuation1 = 0.25f;
    D3DLIGHT7 sky;
    ZeroMemory(&sky, sizeof sky);
    sky.dltType = D3DLIGHT_DIRECTIONAL;
    sky.dcvDiffuse = rgba(0.2f, 0.3f, 0.7f, 1);
    sky.dvDirection.x = 0.6f; sky.dvDirection.y = 0.3f; sky.dvDirection.z = 1;
    D3DMATERIAL7 mat;
    ZeroMemory(&mat, sizeof mat);
    mat.diffuse = rgba(1, 1, 1, 1);
    mat.ambient = rgba(1, 1, 1, 1);
    mat.emissive = rgba(0.05f, 0, 0.05f, 0);

    dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff203040, 1.0f, 0);
    dev->BeginScene();
    dev->SetLight(0, &lamp);
    dev->SetLight(1, &sky);
    dev->LightEnable(0, TRUE);
    dev->LightEnable(1, TRUE);
    dev->SetMaterial(&mat);
    dev->SetRenderState(D3DRENDERSTATE_AMBIENT, 0xff202020);
    dev->DrawIndexedPrimitiveVB(D3DPT_TRIANGLELIST, vb, 0, gridVerts, indices, kGrid * kGrid * 6, 0);
    NVertex tri[3] = { {0.2f, -0.2f, -1.2f, 0, 0, -1}, {1.0f, -1.0f, -1.2f, 0.3f, 0, -0.95f}, {0.2f, -1.0f, -1.2f, 0, 0, -1} };
    dev->DrawPrimitive(D3DPT_TRIANGLELIST, D3DFVF_XYZ | D3DFVF_NORMAL, tri, 3, 0);

    /* the mip quads: pretransformed, unlit, textured */
    dev->SetTexture(0, tex);
    dev->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    dev->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    dev->SetTextureStageState(0, D3DTSS_MAGFILTER, D3DTFG_POINT);
    dev->SetTextureStageState(0, D3DTSS_MINFILTER, D3DTFN_POINT);
    dev->SetTextureStageState(0, D3DTSS_MIPFILTER, D3DTFP_POINT);
    dev->SetTextureStageState(0, D3DTSS_ADDRESS, D3DTADDRESS_CLAMP);
    dev->SetRenderState(D3DRENDERSTATE_ZENABLE, D3DZB_FALSE);
    float x0 = 8;
    for (int i = 0; i < 4; ++i) {
        const float s = float(32 >> i);
        TLVertex q[4] = { {x0, 8, 0.5f, 1, 0xffffffff, 0, 0}, {x0 + s, 8, 0.5f, 1, 0xffffffff, 1, 0},
                          {x0, 8 + s, 0.5f, 1, 0xffffffff, 0, 1}, {x0 + s, 8 + s, 0.5f, 1, 0xffffffff, 1, 1} };
        dev->DrawPrimitive(D3DPT_TRIANGLESTRIP, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1, q, 4, 0);
        x0 += s + 8;
    }
    dev->SetTexture(0, NULL);
    dev->EndScene();

    RECT src = {0, 0, kW, kH};
    primary->Blt(NULL, target, &src, DDBLT_WAIT, NULL);

    ZeroMemory(&d, sizeof d);
    d.dwSize = sizeof d;
    if (SUCCEEDED(target->Lock(NULL, &d, DDLOCK_WAIT | DDLOCK_READONLY, NULL))) {
        FILE *f = fopen(out, "wb");
        for (int y = 0; f && y < kH; ++y) fwrite((const char *)d.lpSurface + y * d.lPitch, 1, kW * 4, f);
        if (f) fclose(f);
        target->Unlock(NULL);
    }
    vb->Release();
    tex->Release();
    dev->Release();
    d3d->Release();
    clipper->Release();
    zbuffer->Release();
    target->Release();
    primary->Release();
    dd->Release();
    return 0;
}
