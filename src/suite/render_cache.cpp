// SPDX-License-Identifier: MIT
// The content-hash keyed render cache.
#include "src/suite/render_cache.h"

#include "formats/byte_reader.h"
#include "formats/read_log.h"
#include "refrast/render.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace refrast::suite {

namespace fs = std::filesystem;

namespace {

// Version 2 added the touch record.
constexpr char kMagic[8] = {'R', 'F', 'C', 'A', 'C', 'H', 'E', '2'};

// The running program's own bytes stand for "refrast's version": any rebuild
// that could change a pixel changes them.
const std::string& executableHash() {
    static const std::string hash = [] {
        Sha256 h;
        try {
            const std::vector<uint8_t> exe = readFileBytes("/proc/self/exe");
            h.update(exe.data(), exe.size());
        } catch (const std::exception&) {
            h.update("no /proc/self/exe");  // then only the revision distinguishes builds
        }
        return h.hex();
    }();
    return hash;
}

void putU32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

// A temporary name no other thread or process uses, then rename: readers see
// a whole entry or none.
void storeEntry(const fs::path& file, const std::vector<uint8_t>& bytes) {
    static std::atomic<unsigned> counter{0};
    fs::create_directories(file.parent_path());
    const fs::path tmp = file.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) {
            out.close();
            fs::remove(tmp);
            return;  // a cache that cannot be written only costs time
        }
    }
    std::error_code ec;
    fs::rename(tmp, file, ec);
    if (ec) fs::remove(tmp, ec);
}

}  // namespace

// Layout: magic, width, height (u32), RGBA8, draw ids (u32 per pixel), then
// per pixel the touch count (u16) and its min(count, kRecentTouches) most
// recent touching draws (u32 each): most pixels have one or two.
std::vector<uint8_t> encodeCacheEntry(const Image& image, const std::vector<uint32_t>& drawId,
                                      const DrawTouches& touches) {
    std::vector<uint8_t> out(kMagic, kMagic + 8);
    putU32(out, uint32_t(image.width));
    putU32(out, uint32_t(image.height));
    out.insert(out.end(), image.rgba.begin(), image.rgba.end());
    for (uint32_t id : drawId) putU32(out, id);
    for (size_t i = 0; i < touches.count.size(); ++i) {
        out.push_back(uint8_t(touches.count[i])), out.push_back(uint8_t(touches.count[i] >> 8));
        for (int k = 0; k < std::min<int>(touches.count[i], kRecentTouches); ++k) putU32(out, touches.of(i)[k]);
    }
    return out;
}

bool decodeCacheEntry(const std::vector<uint8_t>& bytes, int width, int height, Image& image,
                      std::vector<uint32_t>& drawId, DrawTouches& touches) {
    const size_t n = size_t(width) * size_t(height);
    if (bytes.size() < 16 + n * 10 || std::memcmp(bytes.data(), kMagic, 8) != 0) return false;
    if (le32At(&bytes[8]) != uint32_t(width) || le32At(&bytes[12]) != uint32_t(height)) return false;
    image = Image(width, height);
    std::memcpy(image.rgba.data(), &bytes[16], n * 4);
    drawId.resize(n);
    for (size_t i = 0; i < n; ++i) drawId[i] = le32At(&bytes[16 + n * 4 + i * 4]);
    touches.assign(n);
    size_t at = 16 + n * 8;
    for (size_t i = 0; i < n; ++i) {
        if (bytes.size() - at < 2) return false;
        touches.count[i] = uint16_t(bytes[at] | bytes[at + 1] << 8);
        at += 2;
        const size_t kept = std::min<size_t>(touches.count[i], kRecentTouches);
        if (bytes.size() - at < kept * 4) return false;
        for (size_t k = 0; k < kept; ++k, at += 4) touches.recent[i * kRecentTouches + k] = le32At(&bytes[at]);
    }
    return at == bytes.size();
}

golden::SceneRenderer cachedRenderer(const std::string& dir) {
    return [dir](const std::string& path, int threads) {
        const std::string& exe = executableHash();
        Scene scene;
        std::string key;
        {
            ReadLog log;  // hashes the scene file and every file it loads
            // The entry's layout is part of the key: an entry without touches is never read as one with.
            log.hash().update("refrast-render-cache/2 colour, draw ids, touches of " + std::to_string(kRecentTouches) +
                              " draws\n" + exe + "\n");
            scene = loadScene(path);
            key = log.hash().hex();
        }
        golden::RenderedScene out;
        out.gate = scene.gate;
        for (const Draw& d : scene.draws) out.draws.names.push_back(d.name);
        const fs::path file = fs::path(dir) / (key + ".rfcache");
        std::error_code ec;
        // An entry holds colour and draw ids only: a gate that needs the
        // ambiguity map renders afresh.
        const bool cacheable = !scene.gate.usesAmbiguity();
        if (cacheable && fs::is_regular_file(file, ec)) {
            try {
                if (decodeCacheEntry(readFileBytes(file.string()), scene.target.width, scene.target.height, out.image,
                                     out.draws.drawId, out.draws.touches)) {
                    out.cached = true;
                    return out;
                }
            } catch (const std::exception&) {  // unreadable: render again
            }
        }
        RenderOptions options;
        options.threads = threads;
        options.ambiguity = !cacheable;
        options.touches = true;
        RenderPlanes planes;
        out.image = render(scene, options, nullptr, &planes);
        out.draws = golden::drawPlanesOf(scene, std::move(planes));
        out.ambiguous = std::move(planes.ambiguous);
        if (cacheable) storeEntry(file, encodeCacheEntry(out.image, out.draws.drawId, out.draws.touches));
        return out;
    };
}

}  // namespace refrast::suite
