// SPDX-License-Identifier: MIT
// Direct3D 9 resources of the device model: vertex and index buffers,
// textures (every level), surfaces, their locks, and the fake memcpy uploads
// placed through the pointer the latest Lock returned.
#include "formats/apitrace/d3d9_device_model.h"

#include "formats/d3d/d3d_constants.h"

#include <algorithm>
#include <cstring>

namespace refrast::apitrace::d3d9_import {

void D3D9::createBuffer(bool index) {
    const int64_t length = integer("Length");
    if (length <= 0 || length > (int64_t(1) << 30)) throw fail("Length " + std::to_string(length) + " outside 1..1 GiB");
    charge(uint64_t(length));
    Buffer b;
    b.bytes.assign(size_t(length), 0);
    if (index) b.index32 = enumName(arg("Format")) == "D3DFMT_INDEX32";
    const uint64_t id = create(outPointer(index ? "ppIndexBuffer" : "ppVertexBuffer"), index ? Kind::IndexBuffer : Kind::VertexBuffer);
    buffers_[id] = std::move(b);
}

void D3D9::createTexture() {
    const int64_t w = integer("Width"), h = integer("Height");
    int64_t levels = integer("Levels");
    if (w < 1 || h < 1 || w > 16384 || h > 16384) throw fail("texture size outside 1..16384");
    uint32_t full = 1;
    for (int64_t s = std::max(w, h); s > 1; s >>= 1) ++full;
    if (levels == 0) levels = full;
    if (levels < 0 || levels > full) throw fail("Levels " + std::to_string(levels) + " beyond the chain");
    Texture t;
    t.format = enumName(arg("Format"));
    t.fourcc = uint32_t(integer("Format"));
    const int64_t usage = integer("Usage");
    const uint64_t id = create(outPointer("ppTexture"), Kind::Texture);
    if (usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_RENDERTARGET")) {
        // Rendered into: a capture surface, one level.
        t.surface = "rt" + std::to_string(id);
        out_.surface(t.surface, stripPrefix(t.format, "D3DFMT_"), uint32_t(w), uint32_t(h));
    } else if (usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_DEPTHSTENCIL")) {
        t.surface = "ds" + std::to_string(id);
        out_.surface(t.surface, stripPrefix(t.format, "D3DFMT_"), uint32_t(w), uint32_t(h));
    } else {
        allocateLevels(t, id, uint32_t(w), uint32_t(h), levels, 1);
        // A SYSTEMMEM texture made over the program's own memory (D3D9Ex):
        // apitrace records that memory as the pSharedHandle blob.
        const Value* shared = call_->arg("pSharedHandle");
        if (!t.levels.empty() && shared && shared->pointee() && shared->pointee()->type == Value::Type::Blob) {
            const std::string& blob = shared->pointee()->bytes;
            if (blob.size() != t.levels[0].bytes.size())
                throw fail("the user memory blob holds " + std::to_string(blob.size()) + " bytes, level 0 needs " +
                           std::to_string(t.levels[0].bytes.size()));
            std::memcpy(t.levels[0].bytes.data(), blob.data(), blob.size());
        }
    }
    textures_[id] = std::move(t);
}

// Every level of `faces` chains, or the format noted as unsupported (refused
// only when a draw samples it).
void D3D9::allocateLevels(Texture& t, uint64_t id, uint32_t w, uint32_t h, int64_t levels, int faces) {
    const auto layout = texelLayout(t.format);
    if (!layout) {
        unsupportedFormats_[id] = t.format.empty() ? std::to_string(t.fourcc) : t.format;
        return;
    }
    for (int f = 0; f < faces; ++f)
        for (int64_t i = 0; i < levels; ++i) charge(makeLevelBytes(std::max(1u, w >> i), std::max(1u, h >> i), *layout));
    for (int f = 0; f < faces; ++f)
        for (int64_t i = 0; i < levels; ++i) t.levels.push_back(makeLevel(std::max(1u, w >> i), std::max(1u, h >> i), *layout));
}

// CreateCubeTexture: six square faces of EdgeLength, each a chain of Levels,
// filled through IDirect3DCubeTexture9::LockRect (cubeTexture below).
void D3D9::createCubeTexture() {
    const int64_t edge = integer("EdgeLength");
    int64_t levels = integer("Levels");
    if (edge < 1 || edge > 16384) throw fail("EdgeLength outside 1..16384");
    uint32_t full = 1;
    for (int64_t s = edge; s > 1; s >>= 1) ++full;
    if (levels == 0) levels = full;
    if (levels < 0 || levels > full) throw fail("Levels " + std::to_string(levels) + " beyond the chain");
    const int64_t usage = integer("Usage");
    if (usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_DEPTHSTENCIL"))
        throw fail("a depth-stencil cube texture is not supported");
    const bool target = usage & *refrast::d3d::valueOf("D3DUSAGE", "D3DUSAGE_RENDERTARGET");
    if (target && levels != 1)
        throw fail("a render-target cube texture of " + std::to_string(levels) +
                   " levels is not supported (one level: the faces are rendered into, and refrast generates no mipmaps)");
    Texture t;
    t.format = enumName(arg("Format"));
    t.fourcc = uint32_t(integer("Format"));
    t.cube = true;
    const uint64_t id = create(outPointer("ppCubeTexture"), Kind::CubeTexture);
    if (target) {
        // Rendered into: a cube of six capture surfaces NAME/POSITIVE_X ..
        // NAME/NEGATIVE_Z (docs/scene-format.md "surfaces"), sampled as a cube by NAME.
        t.surface = "rtcube" + std::to_string(id);
        out_.surface(t.surface, stripPrefix(t.format, "D3DFMT_"), uint32_t(edge), uint32_t(edge));
        out_.capture().json["surfaces"].back()["cube"] = true;
    } else {
        allocateLevels(t, id, uint32_t(edge), uint32_t(edge), levels, 6);
    }
    textures_[id] = std::move(t);
}

void D3D9::createSurface(const std::string& m) {
    const int64_t w = integer("Width"), h = integer("Height");
    if (w < 1 || h < 1 || w > 16384 || h > 16384) throw fail("surface size outside 1..16384");
    const std::string fmt = enumName(arg("Format"));
    const uint64_t id = create(outPointer("ppSurface"), Kind::Surface);
    Surface s;
    if (m == "CreateOffscreenPlainSurface") {
        if (auto layout = texelLayout(fmt)) {
            charge(makeLevelBytes(uint32_t(w), uint32_t(h), *layout));
            s.image = makeLevel(uint32_t(w), uint32_t(h), *layout);
        }
    } else {
        s.capture = (m == "CreateRenderTarget" ? "rt" : "ds") + std::to_string(id);
        out_.surface(s.capture, stripPrefix(fmt, "D3DFMT_"), uint32_t(w), uint32_t(h));
    }
    surfaces_[id] = std::move(s);
}

void D3D9::aliasSurface(const char* out, const std::string& capture) {
    if (!succeeded()) return;
    const uint64_t id = create(outPointer(out), Kind::Surface);
    Surface s;
    s.capture = capture;
    surfaces_[id] = s;
}

void D3D9::buffer(const std::string& m) {
    const Kind kind = call_->name().find("Index") != std::string::npos ? Kind::IndexBuffer : Kind::VertexBuffer;
    Buffer& b = buffers_.at(self(kind));
    if (m == "Lock") {
        if (!succeeded()) return;
        const int64_t offset = integer("OffsetToLock"), size = integer("SizeToLock");
        if (offset < 0 || uint64_t(offset) > b.bytes.size()) throw fail("OffsetToLock beyond the buffer");
        LockRegion l;
        l.base = outPointer("ppbData");
        l.offset = uint64_t(offset);
        l.size = size == 0 ? b.bytes.size() - l.offset : uint64_t(size);
        if (l.size > b.bytes.size() - l.offset) throw fail("SizeToLock beyond the buffer");
        b.lock = l;
    } else if (m == "Unlock") {
        b.lock.reset();
    } else {
        unsupported();
    }
}

void D3D9::texture(const std::string& m) {
    const uint64_t id = self(Kind::Texture);
    Texture& t = textures_.at(id);
    if (m == "LockRect") {
        if (!succeeded()) return;
        const int64_t level = integer("Level");
        if (level < 0 || size_t(level) >= t.levels.size()) {
            if (!t.surface.empty() || unsupportedFormats_.count(id)) { lockedUnsupported_[id] = true; return; }
            throw fail("Level " + std::to_string(level) + " beyond the texture's levels");
        }
        t.locks[uint32_t(level)] = imageLock(t.levels[size_t(level)]);
    } else if (m == "UnlockRect") {
        t.locks.erase(uint32_t(integer("Level")));
    } else if (m == "GetSurfaceLevel") {
        if (!succeeded()) return;
        const uint64_t sid = create(outPointer("ppSurfaceLevel"), Kind::Surface);
        Surface s;
        s.capture = t.surface;
        s.texture = id;
        s.level = uint32_t(integer("Level"));
        surfaces_[sid] = s;
    } else if (m == "AddDirtyRect" || m == "SetLOD" || m == "SetAutoGenFilterType") {
        // AddDirtyRect only narrows what UpdateTexture copies; refrast copies all.
        if (m == "SetLOD") unsupported();
    } else {
        unsupported();
    }
}

void D3D9::cubeTexture(const std::string& m) {
    const uint64_t id = self(Kind::CubeTexture);
    Texture& t = textures_.at(id);
    if (m == "AddDirtyRect") return;  // only narrows what UpdateTexture copies
    if (m != "LockRect" && m != "UnlockRect" && m != "GetCubeMapSurface") unsupported();  // SetLOD, ...
    const std::string face = enumName(arg("FaceType"));
    static const char* const faces[] = {"D3DCUBEMAP_FACE_POSITIVE_X", "D3DCUBEMAP_FACE_NEGATIVE_X", "D3DCUBEMAP_FACE_POSITIVE_Y",
                                        "D3DCUBEMAP_FACE_NEGATIVE_Y", "D3DCUBEMAP_FACE_POSITIVE_Z", "D3DCUBEMAP_FACE_NEGATIVE_Z"};
    size_t f = 0;
    while (f < 6 && face != faces[f]) ++f;
    if (f == 6) throw fail("FaceType = " + formatValue(arg("FaceType")) + " is no D3DCUBEMAP_FACES name");
    const int64_t level = integer("Level");
    if (m == "GetCubeMapSurface") {
        if (!succeeded()) return;
        if (t.surface.empty())
            throw fail("a face surface of a cube texture that is no render target is not supported (LockRect its faces)");
        if (level != 0) throw fail("Level " + std::to_string(level) + " beyond the render-target cube's one level");
        const uint64_t sid = create(outPointer("ppCubeMapSurface"), Kind::Surface);
        Surface s;
        s.capture = t.surface + "/" + stripPrefix(face, "D3DCUBEMAP_FACE_");
        surfaces_[sid] = s;
        return;
    }
    if (!t.surface.empty()) {  // a render-target cube: D3D9 does not lock its faces
        if (m == "LockRect" && succeeded()) lockedUnsupported_[id] = true;
        return;
    }
    const size_t perFace = t.levels.size() / 6;
    if (m == "UnlockRect") {
        t.locks.erase(uint32_t(f * perFace + size_t(std::max<int64_t>(0, level))));
        return;
    }
    if (!succeeded()) return;
    if (unsupportedFormats_.count(id)) { lockedUnsupported_[id] = true; return; }
    if (level < 0 || size_t(level) >= perFace) throw fail("Level " + std::to_string(level) + " beyond the cube's levels");
    const size_t index = f * perFace + size_t(level);
    t.locks[uint32_t(index)] = imageLock(t.levels[index]);
}

LockRegion D3D9::imageLock(const ImageLevel& level) const {
    const Value* lr = arg("pLockedRect").pointee();
    if (!lr || !lr->member("Pitch") || !lr->member("pBits")) throw fail("pLockedRect holds no {Pitch, pBits}");
    return imageLockAt(level, pointer(*lr->member("pBits"), "pBits"), lr->member("Pitch")->integer().value_or(0), "pRect");
}

void D3D9::surface(const std::string& m) {
    const uint64_t id = self(Kind::Surface);
    Surface& s = surfaces_.at(id);
    if (m == "LockRect") {
        if (!succeeded()) return;
        ImageLevel* level = surfaceImage(s);
        if (!level) { s.lock.reset(); surfaceLockWithoutMemory_ = id; return; }
        s.lock = imageLock(*level);
    } else if (m == "UnlockRect") {
        s.lock.reset();
    } else {
        unsupported();
    }
}

ImageLevel* D3D9::surfaceImage(Surface& s) {
    if (s.image) return &*s.image;
    if (s.texture) {
        Texture& t = textures_.at(s.texture);
        if (s.level < t.levels.size()) return &t.levels[s.level];
    }
    return nullptr;
}

void D3D9::memcpy() {
    const uint64_t dest = ptrArg("dest");
    const Value& src = arg("src");
    if (src.type != Value::Type::Blob) throw fail("src is not a blob");
    const int64_t n = integer("n");
    if (n < 0 || uint64_t(n) != src.bytes.size()) throw fail("n differs from the blob's size");
    auto inside = [&](const LockRegion& l) { return dest >= l.base && dest - l.base < l.size; };
    for (auto& [id, b] : buffers_)
        if (b.lock && inside(*b.lock)) {
            if (std::string e = writeLinear(b.bytes, *b.lock, dest, src.bytes); !e.empty()) throw fail(e);
            b.gen = ++gen_;
            return;
        }
    for (auto& [id, t] : textures_)
        for (auto& [level, l] : t.locks)
            if (inside(l)) {
                if (std::string e = writeImage(t.levels[level], l, dest, src.bytes); !e.empty()) throw fail(e);
                t.gen = ++gen_;
                return;
            }
    for (auto& [id, s] : surfaces_)
        if (s.lock && inside(*s.lock)) {
            ImageLevel* level = surfaceImage(s);
            if (std::string e = writeImage(*level, *s.lock, dest, src.bytes); !e.empty()) throw fail(e);
            if (s.texture) textures_.at(s.texture).gen = ++gen_;
            return;
        }
    throw fail("dest = " + formatValue(arg("dest")) +
               " lies in no locked buffer, texture level or surface (an upload refrast cannot place)");
}

std::string D3D9::surfaceName(uint64_t id) const {
    if (!id) return "";
    const Surface& s = surfaces_.at(id);
    if (s.capture.empty()) throw fail("binds a surface that is no render target or depth buffer");
    return s.capture;
}

std::string D3D9::textureName(uint64_t id) {
    auto t = textures_.find(id);
    if (t == textures_.end()) throw fail("binds an object that is no texture");
    if (!t->second.surface.empty()) return t->second.surface;
    if (unsupportedFormats_.count(id))
        throw fail("draws with texture stage bound to a " + unsupportedFormats_.at(id) +
                   " texture (formats refrast reads: docs/apitrace.md)");
    charge(0);  // the capture's files so far count against the budget
    return out_.texture(id, t->second.gen, encodeDds(t->second.fourcc, t->second.levels, t->second.cube));
}

}  // namespace refrast::apitrace::d3d9_import
