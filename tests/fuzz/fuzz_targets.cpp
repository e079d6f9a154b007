// SPDX-License-Identifier: MIT
// The fuzz harness bodies (tests/fuzz/fuzz_targets.h).
#include "tests/fuzz/fuzz_targets.h"

#include "tests/fuzz/apitrace_fuzz.h"

#include "formats/dds.h"
#include "formats/pfx.h"
#include "formats/raw_image.h"
#include "formats/resource_budget.h"
#include "formats/sfx/sfx_simulation.h"
#include "formats/sfx_ini.h"
#include "formats/texm.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "refrast/render.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace refrast::fuzz {

namespace {

// Small budgets: a harness must never be slow or large because the input asked.
void setLimits() {
    ResourceLimits& l = resourceLimits();
    l.maxMemory = uint64_t(256) << 20;
    l.maxParticles = 200000;
    l.maxTextures = 64;
}

// Runs `f`, swallowing the errors bad input is supposed to give.
template <class F>
int guarded(F&& f) {
    setLimits();
    try {
        f();
    } catch (const InputError&) {
    } catch (const UsageError&) {
    }
    return 0;
}

// A private folder for the files a scene harness needs (loadScene reads paths).
const std::filesystem::path& workDir() {
    static const std::filesystem::path dir = [] {
        const char* shm = "/dev/shm";
        std::filesystem::path base = std::filesystem::exists(shm) ? shm : std::filesystem::temp_directory_path();
        std::filesystem::path d = base / ("refrast-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        // libFuzzer ends a timed run with exit(): the folder goes with it.
        std::atexit([] { removeWorkDir(); });
        return d;
    }();
    return dir;
}

std::string writeWork(const std::string& name, const uint8_t* data, size_t size) {
    const std::string path = (workDir() / name).string();
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) std::abort();
    if (size) std::fwrite(data, 1, size, f);
    std::fclose(f);
    return path;
}

std::vector<uint8_t> bytes(const uint8_t* data, size_t size) { return std::vector<uint8_t>(data, data + size); }

}  // namespace

int sceneJson(const uint8_t* data, size_t size) {
    return guarded([&] { loadScene(writeWork("scene.json", data, size)); });
}

int sceneBuffer(const uint8_t* data, size_t size) {
    if (size < 8) return 0;
    // Bytes 0..7 pick the views; the rest is the buffer.
    const int count = data[0] % 40, offset = data[1] % 64, stride = data[2] % 48, diffuseOffset = data[3] % 64;
    const int indexFormat = data[4] & 1, indexOffset = data[5] % 128, indexCount = data[6] % 64;
    const bool indexed = data[7] & 1;
    writeWork("buffer.bin", data + 8, size - 8);
    std::string scene = R"({"refrast_scene": 1, "target": {"width": 16, "height": 16},
        "buffers": [{"uri": "buffer.bin", "byte_length": )" + std::to_string(size - 8) + R"(}],
        "draws": [{"vertices": {"count": )" + std::to_string(count) + R"(,
            "position": {"format": "XYZRHW", "buffer": 0, "offset": )" + std::to_string(offset) +
                        R"(, "stride": )" + std::to_string(stride) + R"(},
            "diffuse": {"format": "D3DCOLOR", "buffer": 0, "offset": )" + std::to_string(diffuseOffset) +
                        R"(, "stride": )" + std::to_string(stride) + "}}";
    if (indexed)
        scene += R"(, "indices": {"format": ")" + std::string(indexFormat ? "INDEX32" : "INDEX16") +
                 R"(", "buffer": 0, "offset": )" + std::to_string(indexOffset) + R"(, "count": )" +
                 std::to_string(indexCount) + "}";
    scene += "}]}";
    const std::string path = writeWork("buffer_scene.json", reinterpret_cast<const uint8_t*>(scene.data()), scene.size());
    return guarded([&] {
        const Scene s = loadScene(path);
        RenderOptions o;
        o.threads = 1;
        render(s, o);
    });
}

int texm(const uint8_t* data, size_t size) {
    return guarded([&] {
        const TexmFile t = parseTexm(bytes(data, size), "f.texm");
        // Decoding a palette format needs a palette; give it a grey ramp.
        std::vector<uint8_t> palette(1024);
        for (size_t i = 0; i < palette.size(); ++i) palette[i] = uint8_t(i / 4);
        TexmDecodeOptions options;
        options.palette = &palette;
        decodeTexm(t, options, "f");
    });
}

int dds(const uint8_t* data, size_t size) {
    return guarded([&] { parseDds(bytes(data, size), "f.dds", DdsOptions{}); });
}

int png(const uint8_t* data, size_t size) {
    return guarded([&] { decodePng(bytes(data, size), "f.png"); });
}

int raw(const uint8_t* data, size_t size) {
    if (size < 8) return 0;
    RawLayout layout;
    layout.width = 1 + (data[0] | (data[1] & 0x3F) << 8);   // 1..16384
    layout.height = 1 + (data[2] | (data[3] & 0x3F) << 8);
    layout.format = RawFormat(data[4] & 3);
    layout.flipY = data[4] & 4;
    layout.stride = data[5] & 0x80 ? 0 : int64_t(data[5]) << (data[6] % 63) | data[7];
    return guarded([&] { decodeRaw(bytes(data + 8, size - 8), layout, "f.raw"); });
}

int ini(const uint8_t* data, size_t size) {
    return guarded([&] { parseSfxIni(std::string(data, data + size), "f.ini"); });
}

int pfx(const uint8_t* data, size_t size) {
    return guarded([&] {
        try {
            sfx::simulateEmitter(parsePfx(std::string(data, data + size), "f.pfx"), 1, 40);
        } catch (const sfx::ParticleLimitError&) {
        }
    });
}

int render(const uint8_t* data, size_t size) {
    return guarded([&] {
        const Scene s = loadScene(writeWork("render.json", data, size));
        // Small targets only: the harness looks for crashes, not fill rate.
        if (int64_t(s.target.width) * s.target.height > 64 * 64 || s.draws.size() > 64) return;
        RenderOptions o;
        o.threads = 1;
        render(s, o);
    });
}

void removeWorkDir() {
    std::error_code ec;
    std::filesystem::remove_all(workDir(), ec);
}

int apitrace(const uint8_t* data, size_t size) { return apitraceImport(data, size); }

const std::vector<Target>& targets() {
    static const std::vector<Target> list = {
        {"scene_json", sceneJson}, {"scene_buffer", sceneBuffer}, {"texm", texm}, {"dds", dds}, {"png", png},
        {"raw", raw},              {"ini", ini},                  {"pfx", pfx},   {"render", render},
        {"apitrace", apitrace}};
    return list;
}

}  // namespace refrast::fuzz
