/*
 * d3d9_lit.cpp -- a lit fixed-function Direct3D 9 test program for refrast's
 * apitrace importer (traced under Wine by make-traces.sh). Two frames into a
 * 256x256 X8R8G8B8 back buffer with a D24S8 depth buffer:
 *  - a sphere (24x16 segments, XYZ|NORMAL, indexed, in managed buffers) lit
 *    by a directional light with specular (SPECULARENABLE, material power 24)
 *    and cut by a user clip plane (SetClipPlane 0, CLIPPLANEENABLE 1);
 *  - a floor grid (16x16 cells, XYZ|NORMAL|DIFFUSE) lit by a spot light and
 *    a red point light, the diffuse material taken from the vertex colour
 *    (DIFFUSEMATERIALSOURCE COLOR1), the global AMBIENT state;
 *  - the sphere's light, material and specular states come from a state
 *    block recorded with BeginStateBlock/EndStateBlock and applied in each
 *    frame; its LightEnable(1/2, FALSE) of lights the block never set also
 *    records them as the default light (wined3d's stateblock.c), so the
 *    floor sets its lights again each frame;
 *  - a light index enabled without SetLight (the default white
 *    directional light) on a small second sphere in frame 1.
 * After the last Present the back buffer is read back (GetRenderTargetData)
 * and written as raw B,G,R,X rows to argv[1] (default d3d9_lit.bgrx).
 */
#include "d3d9_program.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static const int kW = 256, kH = 256;

struct NVertex { float x, y, z, nx, ny, nz; };
struct NCVertex { float x, y, z, nx, ny, nz; DWORD color; };

static D3DMATRIX translation(float x, float y, float z, float s)
{
    D3DMATRIX m;
    ZeroMemory(&m, sizeof m);
    m._11 = s; m._22 = s; m._33 = s; m._44 = 1;
    m._41 = x; m._42 = y; m._43 = z;
    return m;
}

static D3DMATRIX perspective(float fovY, float aspect, float zn, float zf)
{
    D3DMATRIX m;
    ZeroMemory(&m, sizeof m);
    const float h = 1.0f / tanf(fovY / 2);
    m._11 = h / aspect; m._22 = h;
    m._33 = zf / (zf - zn); m._34 = 1;
    m._43 = -zn * zf / (zf - zn);
    return m;
}

static D3DCOLORVALUE rgba(float r, float g, float b, float a)
{
    D3DCOLORVALUE c = {r, g, b, a};
    return c;
}

int main(int argc, char **argv)
{
    const char *out = argc > 1 ? argv[1] : "d3d9_lit.bgrx";
    HWND wnd = makeWindow("lit", kW, kH);
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!wnd || !d3d) return 1;
    IDirect3DDevice9 *dev = createDevice(d3d, wnd, kW, kH, true);
    if (!dev) return 1;

    /* the sphere: (kSeg+1) x (kRing+1) vertices, radius 1, normals = positions */
    const int kSeg = 24, kRing = 16;
    const int sphereVerts = (kSeg + 1) * (kRing + 1), sphereTris = kSeg * kRing * 2;
    IDirect3DVertexBuffer9 *sphereVb = NULL;
    dev->CreateVertexBuffer(sphereVerts * sizeof(NVertex), D3DUSAGE_WRITEONLY, D3DFVF_XYZ | D3DFVF_NORMAL, D3DPOOL_MANAGED,
                            &sphereVb, NULL);
    NVertex *sv = NULL;
    sphereVb->Lock(0, 0, (void **)&sv, 0);
    for (int r = 0; r <= kRing; ++r)
        for (int s = 0; s <= kSeg; ++s) {
            const float th = 3.14159265f * r / kRing, ph = 2 * 3.14159265f * s / kSeg;
            NVertex v = {sinf(th) * cosf(ph), cosf(th), sinf(th) * sinf(ph), 0, 0, 0};
            v.nx = v.x; v.ny = v.y; v.nz = v.z;
            sv[r * (kSeg + 1) + s] = v;
        }
    sphereVb->Unlock();
    IDirect3DIndexBuffer9 *sphereIb = NULL;
    dev->CreateIndexBuffer(sphereTris * 3 * sizeof(WORD), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_MANAGED, &sphereIb, NULL);
    WORD *si = NULL;
    sphereIb->Lock(0, 0, (void **)&si, 0);
    for (int r = 0; r < kRing; ++r)
        for (int s = 0; s < kSeg; ++s) {
            const WORD a = WORD(r * (kSeg + 1) + s), b = WORD(a + 1), c = WORD(a + kSeg + 1), d = WORD(c + 1);
            /* clockwise seen from outside (D3D's default CULL_CCW culls the inside) */
            *si++ = a; *si++ = b; *si++ = c;
            *si++ = b; *si++ = d; *si++ = c;
        }
    sphereIb->Unlock();

    /* the floor: (kGrid+1)^2 vertices in y = -1, x and z in [-3, 3] + 4, normal up */
    const int kGrid = 16;
    const int floorVerts = (kGrid + 1) * (kGrid + 1), floorTris = kGrid * kGrid * 2;
    IDirect3DVertexBuffer9 *floorVb = NULL;
    dev->CreateVertexBuffer(floorVerts * sizeof(NCVertex), D3DUSAGE_WRITEONLY, D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE,
                            D3DPOOL_MANAGED, &floorVb, NULL);
    NCVertex *fv = NULL;
    floorVb->Lock(0, 0, (void **)&fv, 0);
    for (int z = 0; z <= kGrid; ++z)
        for (int x = 0; x <= kGrid; ++x) {
            NCVertex v = {-3 + 6.0f * x / kGrid, -1, 1 + 6.0f * z / kGrid, 0, 1, 0, ((x + z) & 1) ? 0xffc0c0c0 : 0xff8080ff};
            fv[z * (kGrid + 1) + x] = v;
        }
    floorVb->Unlock();
    IDirect3DIndexBuffer9 *floorIb = NULL;
    dev->CreateIndexBuffer(floorTris * 3 * sizeof(WORD), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16, D3DPOOL_MANAGED, &floorIb, NULL);
    WORD *fi = NULL;
    floorIb->Lock(0, 0, (void **)&fi, 0);
    for (int z = 0; z < kGrid; ++z)
        for (int x = 0; x < kGrid; ++x) {
            const WORD a = WORD(z * (kGrid + 1) + x), b = WORD(a + 1), c = WORD(a + kGrid + 1), d = WORD(c + 1);
            *fi++ = a; *fi++ = c; *fi++ = b;
            *fi++ = b; *fi++ = c; *fi++ = d;
        }
    floorIb->Unlock();

    D3DMATRIX proj = perspective(3.14159265f / 3, 1.0f, 0.5f, 20.0f), view = translation(0, 0, 0, 1);
    dev->SetTransform(D3DTS_PROJECTION, &proj);
    dev->SetTransform(D3DTS_VIEW, &view);

    /* the sphere's lighting, recorded once */
    D3DLIGHT9 sun;
    ZeroMemory(&sun, sizeof sun);
    sun.Type = D3DLIGHT_DIRECTIONAL;
    sun.Diffuse = rgba(0.9f, 0.85f, 0.7f, 1);
    sun.Specular = rgba(1, 1, 1, 1);
    sun.Direction.x = 0.5f; sun.Direction.y = -0.6f; sun.Direction.z = 0.6f;
    D3DMATERIAL9 shiny;
    ZeroMemory(&shiny, sizeof shiny);
    shiny.Diffuse = rgba(0.2f, 0.6f, 1.0f, 1);
    shiny.Ambient = rgba(0.2f, 0.6f, 1.0f, 1);
    shiny.Specular = rgba(0.8f, 0.8f, 0.8f, 1);
    shiny.Power = 24;
    IDirect3DStateBlock9 *sphereState = NULL;
    dev->BeginStateBlock();
    dev->SetLight(0, &sun);
    dev->LightEnable(0, TRUE);
    dev->LightEnable(1, FALSE);
    dev->LightEnable(2, FALSE);
    dev->SetMaterial(&shiny);
    dev->SetRenderState(D3DRS_SPECULARENABLE, TRUE);
    dev->SetRenderState(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_MATERIAL);
    dev->EndStateBlock(&sphereState);

    /* the floor's lights */
    D3DLIGHT9 spot;
    ZeroMemory(&spot, sizeof spot);
    spot.Type = D3DLIGHT_SPOT;
    spot.Diffuse = rgba(1, 1, 0.8f, 1);
    spot.Position.x = 1.5f; spot.Position.y = 2; spot.Position.z = 4;
    spot.Direction.x = 0; spot.Direction.y = -1; spot.Direction.z = 0;
    spot.Range = 10;
    spot.Falloff = 1;
    spot.Attenuation0 = 1;
    spot.Theta = 0.4f;
    spot.Phi = 0.9f;
    dev->SetLight(1, &spot);
    D3DLIGHT9 lamp;
    ZeroMemory(&lamp, sizeof lamp);
    lamp.Type = D3DLIGHT_POINT;
    lamp.Diffuse = rgba(1, 0.2f, 0.1f, 1);
    lamp.Position.x = -2; lamp.Position.y = -0.5f; lamp.Position.z = 3;
    lamp.Range = 4;
    lamp.Attenuation0 = 0.2f;
    lamp.Attenuation1 = 0.5f;
    dev->SetLight(2, &lamp);
    D3DMATERIAL9 matte;
    ZeroMemory(&matte, sizeof matte);
    matte.Diffuse = rgba(1, 1, 1, 1);
    matte.Ambient = rgba(0.3f, 0.3f, 0.3f, 1);

    const float plane[4] = {0, -1, 0, 0.55f};  /* keep y <= 0.55 of the world */
    dev->SetClipPlane(0, plane);
    dev->SetRenderState(D3DRS_AMBIENT, 0xff303040);

    for (int frame = 0; frame < 2; ++frame) {
        dev->Clear(0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff102030, 1.0f, 0);
        dev->BeginScene();
        /* the floor */
        dev->SetRenderState(D3DRS_SPECULARENABLE, FALSE);
        dev->SetRenderState(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1);
        dev->SetRenderState(D3DRS_CLIPPLANEENABLE, 0);
        dev->LightEnable(0, FALSE);
        /* again each frame: the state block's recorded LightEnable(1/2, FALSE) also
           recorded lights 1 and 2 as the default light, which Apply restored */
        dev->SetLight(1, &spot);
        dev->SetLight(2, &lamp);
        dev->LightEnable(1, TRUE);
        dev->LightEnable(2, TRUE);
        dev->SetMaterial(&matte);
        D3DMATRIX world = translation(0, 0, 0, 1);
        dev->SetTransform(D3DTS_WORLD, &world);
        dev->SetFVF(D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE);
        dev->SetStreamSource(0, floorVb, 0, sizeof(NCVertex));
        dev->SetIndices(floorIb);
        dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, floorVerts, 0, floorTris);
        /* the sphere, clipped */
        sphereState->Apply();
        dev->SetRenderState(D3DRS_CLIPPLANEENABLE, D3DCLIPPLANE0);
        world = translation(frame ? -0.4f : 0, 0, 4, 1);
        dev->SetTransform(D3DTS_WORLD, &world);
        dev->SetFVF(D3DFVF_XYZ | D3DFVF_NORMAL);
        dev->SetStreamSource(0, sphereVb, 0, sizeof(NVertex));
        dev->SetIndices(sphereIb);
        dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, sphereVerts, 0, sphereTris);
        if (frame == 1) {
            /* index 5 was never set: LightEnable gives it the default light (white, direction +z) */
            dev->LightEnable(0, FALSE);
            dev->LightEnable(5, TRUE);
            dev->SetRenderState(D3DRS_CLIPPLANEENABLE, 0);
            dev->SetRenderState(D3DRS_NORMALIZENORMALS, TRUE);  /* the scaled sphere's normals */
            world = translation(1.4f, 0.9f, 4, 0.35f);
            dev->SetTransform(D3DTS_WORLD, &world);
            dev->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, sphereVerts, 0, sphereTris);
            dev->LightEnable(5, FALSE);
        }
        dev->EndScene();
        dev->Present(NULL, NULL, NULL, NULL);
    }
    writeReadback(dev, out, kW, kH);
    sphereState->Release();
    floorIb->Release();
    floorVb->Release();
    sphereIb->Release();
    sphereVb->Release();
    dev->Release();
    d3d->Release();
    return 0;
}
