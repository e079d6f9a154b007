// SPDX-License-Identifier: MIT
// Checking scenes against their golden images.
#include "src/golden/golden_check.h"

#include "src/golden/draw_crops.h"
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

void error(SceneOutcome& o, std::string message) {
    o.status = SceneStatus::Error;
    o.message = std::move(message);
}

// a is the oracle's picture, b the one checked (docs/golden.md, docs/diff.md).
void compareWithReference(const Image& a, const Image& b, const RenderedScene& scene, const GoldenCheckConfig& c,
                          SceneOutcome& o) {
    if (a.width != b.width || a.height != b.height) {
        const bool golden = c.reference == ReferenceKind::Golden;
        return fail(o, "render is " + sizeText(scene.image) + " but the " + (golden ? "golden" : "readback") + " is " +
                           sizeText(golden ? a : b));
    }
    DiffOptions options = diffOptionsFor(o.gate);
    const Image mask = readGateMask(o.gate, a.width, a.height);
    if (!o.gate.mask.empty()) options.mask = &mask;
    const bool attribute = !scene.drawId.empty();
    options.keepPixelClasses = !c.reportDir.empty() || attribute;
    o.diff = compareImages(a, b, options);
    if (!c.reportDir.empty()) writeReportImage(c, o.name, "diff", diffHeatMap(a, b, *o.diff), o.images.diff);
    if (attribute && o.diff->metrics.differingPixels > 0)
        o.draws = diff::attributeToDraws(a, b, *o.diff, scene.drawId, scene.drawNames);
    if (!c.reportDir.empty() && !o.diff->pass)
        for (size_t i = 0; i < o.draws.size() && i < kDrawsInText; ++i) {
            const diff::DrawBlame& d = o.draws[i];
            o.drawCrops.emplace_back();
            const std::string kind = d.draw < 0 ? "draw-clear" : "draw-" + std::to_string(d.draw);
            writeReportImage(c, o.name, kind.c_str(), drawCrop(a, b, *o.diff, d), o.drawCrops.back());
        }
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
    o.cached = scene.cached;
    const bool golden = c.reference == ReferenceKind::Golden;
    const Image& rendered = scene.image;
    if (!c.reportDir.empty()) writeReportImage(c, e.name, golden ? "render" : "oracle", rendered, o.images.render);
    if (!fs::exists(o.goldenPath)) {
        if (golden) return fail(o, "missing golden " + o.goldenPath + "; create it with: refrast golden update " + e.name);
        return error(o, "missing readback " + o.goldenPath);  // a lost readback must not pass
    }
    const Image reference = golden ? readPng(o.goldenPath) : readImageFile(o.goldenPath, c.raw);
    if (!c.reportDir.empty())
        writeReportImage(c, e.name, golden ? "golden" : "readback", reference, o.images.reference);
    if (golden) compareWithReference(reference, rendered, scene, c, o);
    else compareWithReference(rendered, reference, scene, c, o);
}

SceneOutcome checkScene(const SceneEntry& e, const GoldenCheckConfig& c, const SceneRenderer& renderer) {
    const auto start = std::chrono::steady_clock::now();
    SceneOutcome o;
    o.name = e.name, o.scenePath = e.path;
    o.goldenPath = c.reference == ReferenceKind::Golden ? goldenPathFor(c.goldenDir, e.name)
                                                         : readbackPathFor(c.goldenDir, e.name);
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
        RenderPlanes planes;
        RenderedScene out{render(scene, options, nullptr, &planes), scene.gate, std::move(planes.drawId), {}, false};
        for (const Draw& d : scene.draws) out.drawNames.push_back(d.name);
        return out;
    };
}

std::string goldenPathFor(const std::string& goldenDir, const std::string& name) {
    return (fs::path(goldenDir) / (name + ".png")).string();
}

std::string readbackPathFor(const std::string& readbackDir, const std::string& name) {
    const fs::path png = fs::path(readbackDir) / (name + ".png"), raw = fs::path(readbackDir) / (name + ".raw");
    return (!fs::exists(png) && fs::exists(raw) ? raw : png).string();
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
    std::string tail = o.status == SceneStatus::Fail ? "  " + o.message : "";
    if (o.status == SceneStatus::Fail)
        for (size_t i = 0; i < o.draws.size() && i < kDrawsInText; ++i) tail += "\n    " + diff::drawBlameLine(o.draws[i]);
    if (o.status == SceneStatus::Fail && o.draws.size() > kDrawsInText)
        tail += "\n    ... and " + std::to_string(o.draws.size() - kDrawsInText) + " more draws";
    return (o.status == SceneStatus::Pass ? "PASS " : "FAIL ") + o.name + metrics + time + tail;
}

}  // namespace refrast::golden
