/* SPDX-License-Identifier: MIT
 * The benchmark workloads W1-W4 of shared/perf/WORKLOADS.md (and W5, W3's grid
 * lit: scenes/bench/w5_lit_tris.json, docs/fixed-function.md §16.9) drawn through
 * OpenGL 1.x fixed function on an EGL surfaceless context (Mesa's llvmpipe
 * when LIBGL_ALWAYS_SOFTWARE / no GPU), into a user FBO with GL_RGBA8 and
 * GL_DEPTH_COMPONENT24 renderbuffers, exactly as that file specifies: the
 * counterpart that scripts/bench --vs-llvmpipe times refrast against.
 *
 *   workloads_gl W1|W2|W3|W4|W5 [--repeat N] [--warmup N] [--ppm OUT.ppm]
 *
 * Prints one line: "W1 median_ms=... min_ms=... max_ms=... runs=N". A frame
 * is clear + draw + glReadPixels of the RGBA8 frame into memory (refrast's
 * render also ends with the frame in memory) + glFinish.
 */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { kWidth = 1920, kHeight = 1080 };

typedef struct {
    float x, y, z, s, t;
    uint8_t r, g, b, a;
} Vertex;

static void die(const char* what) {
    fprintf(stderr, "workloads_gl: %s\n", what);
    exit(2);
}

static double nowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Texture (W1-W3): texel(x,y) = (x, y, ((x>>4)^(y>>4))&1 ? 224 : 32,
 * ((x>>5)+(y>>5))&1 ? 255 : 128), mips by a 2x2 box filter (a+b+c+d+2)>>2. */
static void uploadTexture(void) {
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    int side = 256;
    uint8_t* level = malloc((size_t)side * side * 4);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            uint8_t* p = level + ((size_t)y * side + x) * 4;
            p[0] = (uint8_t)x, p[1] = (uint8_t)y;
            p[2] = (((x >> 4) ^ (y >> 4)) & 1) ? 224 : 32;
            p[3] = (((x >> 5) + (y >> 5)) & 1) ? 255 : 128;
        }
    for (int l = 0;; ++l) {
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE, level);
        if (side == 1) break;
        const int half = side / 2;
        uint8_t* next = malloc((size_t)half * half * 4);
        for (int y = 0; y < half; ++y)
            for (int x = 0; x < half; ++x)
                for (int c = 0; c < 4; ++c) {
                    const uint8_t* q = level + ((size_t)(2 * y) * side + 2 * x) * 4 + c;
                    const int sum = q[0] + q[4] + q[(size_t)side * 4] + q[(size_t)side * 4 + 4];
                    next[((size_t)y * half + x) * 4 + c] = (uint8_t)((sum + 2) >> 2);
                }
        free(level);
        level = next;
        side = half;
    }
    free(level);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glEnable(GL_TEXTURE_2D);
}

static Vertex vtx(float x, float y, float z, float s, float t, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    Vertex v = {x, y, z, s, t, r, g, b, a};
    return v;
}

/* W1/W2: 8 full-screen quads back to front, (BL,BR,TR),(BL,TR,TL). */
static Vertex* fillQuads(size_t* count) {
    Vertex* v = malloc(sizeof(Vertex) * 48);
    for (int i = 0; i < 8; ++i) {
        const float dl = 90.0f - 10.0f * i, dr = 60.0f - 5.0f * i;
        const float s0 = 0.125f * i, s1 = s0 + 11.25f, t0 = 0.0625f * i, t1 = t0 + 6.328125f;
        const uint8_t a = (uint8_t)(96 + 16 * i);
        const Vertex bl = vtx(0, 0, -dl, s0, t0, 255, 255, 255, a), br = vtx(kWidth, 0, -dr, s1, t0, 255, 160, 96, a),
                     tr = vtx(kWidth, kHeight, -dr, s1, t1, 96, 255, 160, a),
                     tl = vtx(0, kHeight, -dl, s0, t1, 160, 96, 255, a);
        const Vertex quad[6] = {bl, br, tr, bl, tr, tl};
        memcpy(v + 6 * i, quad, sizeof quad);
    }
    *count = 48;
    return v;
}

/* W3: a 512x512 vertex grid, 522,242 triangles. */
static Vertex* grid(size_t* count, uint32_t** indices, size_t* indexCount) {
    const int n = 512;
    Vertex* v = malloc(sizeof(Vertex) * n * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const double u = i / 511.0, w = j / 511.0;
            const double y = -2.15 + 8.2 * w;
            const double x = (2 * u - 1) * (1.04 * (2.7657 + 0.65976 * (y + 2.0309)) + 0.05);
            const double z = 0.05 * sin(1.7 * x) * cos(2.3 * y);
            v[j * n + i] = vtx((float)x, (float)y, (float)z, (float)(12 * u), (float)(12 * w), 255,
                               (uint8_t)(255 - (int)(96 * w)), (uint8_t)(160 + (int)(95 * u)), 255);
        }
    uint32_t* idx = malloc(sizeof(uint32_t) * 6 * 511 * 511);
    size_t k = 0;
    for (int j = 0; j < 511; ++j)
        for (int i = 0; i < 511; ++i) {
            const uint32_t a = (uint32_t)(j * n + i);
            const uint32_t tri[6] = {a, a + 1, a + 513, a, a + 513, a + 512};
            memcpy(idx + k, tri, sizeof tri);
            k += 6;
        }
    *count = (size_t)n * n;
    *indices = idx;
    *indexCount = k;
    return v;
}

/* W5: the unit normal of W3's surface z = 0.05 sin(1.7x) cos(2.3y) at each grid
 * vertex, (-dz/dx, -dz/dy, 1) / |...| (scripts/gen-bench-data w5_normals). */
static float* gridNormals(void) {
    const int n = 512;
    float* out = malloc(sizeof(float) * 3 * n * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const double u = i / 511.0, w = j / 511.0;
            const double y = -2.15 + 8.2 * w;
            const double x = (2 * u - 1) * (1.04 * (2.7657 + 0.65976 * (y + 2.0309)) + 0.05);
            const double zx = 0.085 * cos(1.7 * x) * cos(2.3 * y), zy = -0.115 * sin(1.7 * x) * sin(2.3 * y);
            const double length = sqrt(zx * zx + zy * zy + 1.0);
            float* p = out + 3 * ((size_t)j * n + i);
            p[0] = (float)(-zx / length), p[1] = (float)(-zy / length), p[2] = (float)(1.0 / length);
        }
    return out;
}

/* W5's lights and material, as scenes/bench/w5_lit_tris.json states them for
 * D3D9 (set with an identity modelview: the positions are in eye space).
 * GL_COLOR_MATERIAL AMBIENT_AND_DIFFUSE = D3D's DIFFUSE- and
 * AMBIENTMATERIALSOURCE COLOR1; GL_SEPARATE_SPECULAR_COLOR = D3D's specular
 * added after the texture stage; GL lights have no Range (D3D's is 100, never
 * reached). A GL directional light's position is the direction towards it. */
static void setUpLights(void) {
    const GLfloat black[4] = {0, 0, 0, 1}, global[4] = {32 / 255.0f, 32 / 255.0f, 32 / 255.0f, 1};
    glEnable(GL_LIGHTING);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, global);
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    glEnable(GL_NORMALIZE);
    glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
    glEnable(GL_COLOR_MATERIAL);
    const GLfloat specular[4] = {0.5f, 0.5f, 0.5f, 1}, emission[4] = {0, 0, 0, 0};
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
    glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, emission);
    glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 16);
    const GLfloat sunPosition[4] = {-0.4f, 0.6f, 0.7f, 0}, sunDiffuse[4] = {0.7f, 0.7f, 0.65f, 1},
                  sunSpecular[4] = {0.3f, 0.3f, 0.3f, 1};
    glLightfv(GL_LIGHT0, GL_POSITION, sunPosition);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, sunDiffuse);
    glLightfv(GL_LIGHT0, GL_SPECULAR, sunSpecular);
    glLightfv(GL_LIGHT0, GL_AMBIENT, black);
    glEnable(GL_LIGHT0);
    const GLfloat positions[2][4] = {{-1.2f, 0.77f, -3.86f, 1}, {1.5f, 2.81f, -5.32f, 1}};
    const GLfloat diffuse[2][4] = {{1.0f, 0.5f, 0.3f, 1}, {0.3f, 0.5f, 1.0f, 1}};
    const GLfloat specularColour[2][4] = {{1.0f, 0.6f, 0.4f, 1}, {0.4f, 0.6f, 1.0f, 1}};
    for (int k = 0; k < 2; ++k) {
        const GLenum light = GL_LIGHT1 + (GLenum)k;
        glLightfv(light, GL_POSITION, positions[k]);
        glLightfv(light, GL_DIFFUSE, diffuse[k]);
        glLightfv(light, GL_SPECULAR, specularColour[k]);
        glLightfv(light, GL_AMBIENT, black);
        glLightf(light, GL_CONSTANT_ATTENUATION, 0.2f);
        glLightf(light, GL_LINEAR_ATTENUATION, 0.5f);
        glLightf(light, GL_QUADRATIC_ATTENUATION, 0.6f);
        glEnable(light);
    }
}

/* W4: 1,000,000 right triangles of area 2 px from the LCG of WORKLOADS.md. */
static uint32_t lcgState = 0x12345678u;
static double rnd(void) {
    lcgState = lcgState * 1664525u + 1013904223u;
    return (lcgState >> 8) / 16777216.0;
}
static Vertex* smallTriangles(size_t* count) {
    const size_t tris = 1000000;
    Vertex* v = malloc(sizeof(Vertex) * 3 * tris);
    for (size_t i = 0; i < tris; ++i) {
        const float x = (float)(rnd() * 1918), y = (float)(rnd() * 1078), z = (float)-(2 + 96 * rnd());
        const uint8_t r = (uint8_t)(int)(rnd() * 256), g = (uint8_t)(int)(rnd() * 256), b = (uint8_t)(int)(rnd() * 256);
        v[3 * i] = vtx(x, y, z, 0, 0, r, g, b, 255);
        v[3 * i + 1] = vtx(x + 2, y, z, 0, 0, r, g, b, 255);
        v[3 * i + 2] = vtx(x, y + 2, z, 0, 0, r, g, b, 255);
    }
    *count = 3 * tris;
    return v;
}

static void setUpContext(void) {
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY) die("no EGL surfaceless display (Mesa's EGL is needed)");
    if (!eglInitialize(dpy, NULL, NULL)) die("eglInitialize failed");
    if (!eglBindAPI(EGL_OPENGL_API)) die("eglBindAPI(EGL_OPENGL_API) failed");
    const EGLint configAttribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!eglChooseConfig(dpy, configAttribs, &config, 1, &n) || n < 1) die("no EGL config for desktop OpenGL");
    const EGLint contextAttribs[] = {EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                                     EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, contextAttribs);
    if (ctx == EGL_NO_CONTEXT) die("eglCreateContext failed");
    if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) die("eglMakeCurrent (surfaceless) failed");
    GLuint fbo, rb[2];
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kWidth, kHeight);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) die("FBO incomplete");
    glViewport(0, 0, kWidth, kHeight);
}

static int compareDoubles(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

static void writePpm(const char* path, const uint8_t* rgba) {
    FILE* f = fopen(path, "wb");
    if (!f) die("cannot write the PPM");
    fprintf(f, "P6\n%d %d\n255\n", kWidth, kHeight);
    for (int y = kHeight - 1; y >= 0; --y)  /* GL rows go up; the picture's top row first */
        for (int x = 0; x < kWidth; ++x) fwrite(rgba + ((size_t)y * kWidth + x) * 4, 1, 3, f);
    fclose(f);
}

int main(int argc, char** argv) {
    if (argc < 2) die("usage: workloads_gl W1|W2|W3|W4|W5 [--repeat N] [--warmup N] [--ppm OUT.ppm]");
    const char* w = argv[1];
    int repeat = 7, warmup = 1;
    const char* ppm = NULL;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--repeat")) repeat = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--warmup")) warmup = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--ppm")) ppm = argv[i + 1];
        else die("unknown option");
    }
    if (repeat < 1 || repeat > 1000) die("--repeat must be 1..1000");
    const int lit = !strcmp(w, "W5");
    const int fill = !strcmp(w, "W1") || !strcmp(w, "W2"), many = !strcmp(w, "W3") || lit, small = !strcmp(w, "W4");
    if (!fill && !many && !small) die("the workload is W1, W2, W3, W4 or W5");

    setUpContext();
    glClearColor(64 / 255.0f, 96 / 255.0f, 128 / 255.0f, 1.0f);
    glClearDepth(1.0);
    glDisable(GL_CULL_FACE);
    glDisable(GL_LIGHTING);
    glDisable(GL_DITHER);
    glHint(GL_PERSPECTIVE_CORRECTION_HINT, GL_NICEST);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glShadeModel(small ? GL_FLAT : GL_SMOOTH);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    if (many) {
        const double t = 0.5 * tan(30.0 * 3.14159265358979323846 / 180.0), r = t * 16.0 / 9.0;
        glFrustum(-r, r, -t, t, 0.5, 50);
    } else {
        glOrtho(0, kWidth, 0, kHeight, 1, 101);
    }
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    if (lit) setUpLights();
    if (many) {
        glTranslatef(0, 0, -4);
        glRotatef(-40, 1, 0, 0);
    }
    if (!small) uploadTexture();
    if (!strcmp(w, "W2")) {
        const GLfloat fogColor[4] = {0.5f, 0.6f, 0.7f, 1.0f};
        glEnable(GL_FOG);
        glFogi(GL_FOG_MODE, GL_LINEAR);
        glFogf(GL_FOG_START, 10);
        glFogf(GL_FOG_END, 100);
        glFogfv(GL_FOG_COLOR, fogColor);
        glHint(GL_FOG_HINT, GL_NICEST);
        glEnable(GL_BLEND);
        glBlendFunc(GL_DST_COLOR, GL_ONE_MINUS_SRC_ALPHA);
        glDepthFunc(GL_LEQUAL);
    }

    size_t count = 0, indexCount = 0;
    uint32_t* indices = NULL;
    Vertex* vertices = fill ? fillQuads(&count) : many ? grid(&count, &indices, &indexCount) : smallTriangles(&count);
    GLuint vbo, ibo;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(Vertex) * count), vertices, GL_STATIC_DRAW);
    if (indices) {
        glGenBuffers(1, &ibo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(sizeof(uint32_t) * indexCount), indices, GL_STATIC_DRAW);
    }
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(3, GL_FLOAT, sizeof(Vertex), (void*)offsetof(Vertex, x));
    glColorPointer(4, GL_UNSIGNED_BYTE, sizeof(Vertex), (void*)offsetof(Vertex, r));
    float* normals = lit ? gridNormals() : NULL;
    if (normals) {
        GLuint nbo;
        glGenBuffers(1, &nbo);
        glBindBuffer(GL_ARRAY_BUFFER, nbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(float) * 3 * count), normals, GL_STATIC_DRAW);
        glEnableClientState(GL_NORMAL_ARRAY);
        glNormalPointer(GL_FLOAT, 0, (void*)0);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
    }
    if (!small) {
        glEnableClientState(GL_TEXTURE_COORD_ARRAY);
        glTexCoordPointer(2, GL_FLOAT, sizeof(Vertex), (void*)offsetof(Vertex, s));
    }

    uint8_t* frame = malloc((size_t)kWidth * kHeight * 4);
    double* ms = malloc(sizeof(double) * (size_t)repeat);
    for (int i = -warmup; i < repeat; ++i) {
        const double start = nowMs();
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        if (indices) glDrawElements(GL_TRIANGLES, (GLsizei)indexCount, GL_UNSIGNED_INT, 0);
        else glDrawArrays(GL_TRIANGLES, 0, (GLsizei)count);
        glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, frame);
        glFinish();
        if (i >= 0) ms[i] = nowMs() - start;
    }
    if (glGetError() != GL_NO_ERROR) die("a GL call failed");
    if (ppm) writePpm(ppm, frame);
    qsort(ms, (size_t)repeat, sizeof(double), compareDoubles);
    printf("%s median_ms=%.2f min_ms=%.2f max_ms=%.2f runs=%d renderer=\"%s\"\n", w, ms[repeat / 2], ms[0],
           ms[repeat - 1], repeat, (const char*)glGetString(GL_RENDERER));
    return 0;
}
