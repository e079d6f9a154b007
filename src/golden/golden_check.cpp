// SPDX-License-Identifier: MIT
// Checking scenes against their golden images.
#include "src/golden/golden_check.h"

#include "src/golden/scene_gate.h"

#include "refrast/error.h"
#include "refrast/render.h"

#include <tbb/parallel_for.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace refrast::golden {

namespace fs = std::filesystem;

namespace {

std::string sizeText(const Image& image) { return std::to_string(image.width) + "x" + std::to_string(image.height); }

// A thread count other than 1 for the determinism self-check.
int manyThreads() { return int(std::max(2u, std::thread::hardware_concurrency())); }

void fail(SceneOutcome& o, std::string message) {
    o.status = SceneStatus::Fail;
    o.message = std::move(message);
}

bool renderDeterministically(const SceneEntry& e, const SceneRenderer& renderer, RenderedScene& out, SceneOutcome& o) {
    out = renderer(e.path, 1);
    const Image again = renderer(e.path, manyThreads()).image;
    if (again == out.image) return true;
    fail(o, "not deterministic: the render with " + std::to_string(manyThreads()) +
                " threads differs from the render with 1 thread");
    return false;
}

void writeReportImage(const GoldenCheckConfig& c, const std::string& name, const char* kind, const Image& image,
                      std::string& relative) {
    relative = "images/" + name + "." + kind + ".png";
    const fs::path path = fs::path(c.reportDir) / relative;
    fs::create_directories(path.parent_path());
    writePng(path.string(), image);
}

void compareWithGolden(const Image& rendered, const Image& golden, const GoldenCheckConfig& c, SceneOutcome& o) {
    if (golden.width != rendered.width || golden.height != rendered.height)
        return fail(o, "render is " + sizeText(rendered) + " but the golden is " + sizeText(golden));
    DiffOptions options = diffOptionsFor(o.gate);
    options.keepPixelClasses = !c.reportDir.empty();
    o.diff = compareImages(golden, rendered, options);
    if (!c.reportDir.empty()) writeReportImage(c, o.name, "diff", diffHeatMap(golden, rendered, *o.diff), o.images.diff);
    o.diff->pixelClasses = {};
    if (!o.diff->pass) fail(o, "over the gate" + (o.diff->hint.empty() ? "" : "; hint: " + o.diff->hint));
}

void checkOne(const SceneEntry& e, const GoldenCheckConfig& c, const SceneRenderer& renderer, SceneOutcome& o) {
    RenderedScene scene;
    if (c.determinism) {
        if (!renderDeterministically(e, renderer, scene, o)) return;
    } else {
        scene = renderer(e.path, c.threads);
    }
    o.gate = scene.gate;
    const Image& rendered = scene.image;
    if (!c.reportDir.empty()) writeReportImage(c, e.name, "render", rendered, o.images.render);
    if (!fs::exists(o.goldenPath))
        return fail(o, "missing golden " + o.goldenPath + "; create it with: refrast golden update " + e.name);
    const Image golden = readPng(o.goldenPath);
    if (!c.reportDir.empty()) writeReportImage(c, e.name, "golden", golden, o.images.golden);
    compareWithGolden(rendered, golden, c, o);
}

SceneOutcome checkScene(const SceneEntry& e, const GoldenCheckConfig& c, const SceneRenderer& renderer) {
    const auto start = std::chrono::steady_clock::now();
    SceneOutcome o;
    o.name = e.name, o.scenePath = e.path, o.goldenPath = goldenPathFor(c.goldenDir, e.name);
    try {
        checkOne(e, c, renderer, o);
    } catch (const std::exception& error) {  // InputError, or an unwritable report: this scene only
        o.status = SceneStatus::Error;
        o.message = error.what();
    }
    o.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return o;
}

}  // namespace

SceneRenderer defaultRenderer() {
    return [](const std::string& path, int threads) {
        const Scene scene = loadScene(path);
        RenderOptions options;
        options.threads = threads;
        return RenderedScene{render(scene, options), scene.gate};
    };
}

std::string goldenPathFor(const std::string& goldenDir, const std::string& name) {
    return (fs::path(goldenDir) / (name + ".png")).string();
}

std::vector<SceneOutcome> checkScenes(const std::vector<SceneEntry>& scenes, const GoldenCheckConfig& config,
                                      const SceneRenderer& renderer, Progress& progress) {
    std::vector<SceneOutcome> outcomes(scenes.size());
    tbb::parallel_for(size_t(0), scenes.size(), [&](size_t i) {
        progress.started(scenes[i].name);
        outcomes[i] = checkScene(scenes[i], config, renderer);
        progress.finished(i, outcomeLine(outcomes[i]));
    });
    return outcomes;
}

std::string outcomeLine(const SceneOutcome& o) {
    if (o.status == SceneStatus::Error) return "ERROR " + o.name + "  " + o.message;
    char metrics[160] = "";
    if (o.diff)
        std::snprintf(metrics, sizeof metrics, "  differing %lld (%.4e)", static_cast<long long>(o.diff->metrics.differingPixels),
                      o.diff->metrics.differingFraction);
    char time[32];
    std::snprintf(time, sizeof time, "  %.0f ms", o.ms);
    const std::string tail = o.status == SceneStatus::Fail ? "  " + o.message : "";
    return (o.status == SceneStatus::Pass ? "PASS " : "FAIL ") + o.name + metrics + time + tail;
}

}  // namespace refrast::golden
