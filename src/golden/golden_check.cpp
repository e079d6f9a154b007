// SPDX-License-Identifier: MIT
// Checking scenes against their golden images.
#include "src/golden/golden_check.h"

#include "src/golden/draw_crops.h"
#include "src/golden/scene_gate.h"
#include "src/diff/size_text.h"
#include "src/suite/raw_sidecar.h"

#include "refrast/error.h"
#include "refrast/render.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace refrast::golden {

namespace fs = std::filesystem;

namespace {

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

int largestDelta(const uint8_t* p, const uint8_t* q, int channels) {
    int m = 0;
    for (int c = 0; c < channels; ++c) m = std::max(m, std::abs(int(p[c]) - int(q[c])));
    return m;
}

// The gate's "ambiguous" rule (docs/ambiguity.md): knife-edge pixels are
// masked out (ignore) or, within their own tolerance, taken as equal (b's
// pixel replaced by a's in `adjusted`). Counts them for the report.
AmbiguityCount applyAmbiguity(const Image& a, const Image& b, const std::vector<uint8_t>& ambiguous, const GateSpec& gate,
                              Image& adjusted, Image& mask) {
    AmbiguityCount count;
    const int channels = gate.ignoreAlpha ? 3 : 4;
    adjusted = b;
    if (gate.ambiguousIgnore && mask.rgba.empty()) mask = Image(a.width, a.height), std::fill(mask.rgba.begin(), mask.rgba.end(), 255);
    for (size_t i = 0; i < ambiguous.size(); ++i) {
        if (!ambiguous[i]) continue;
        ++count.pixels;
        const int d = largestDelta(&a.rgba[i * 4], &b.rgba[i * 4], channels);
        count.differing += d > gate.tolerance;
        for (int k = 0; k < kAmbiguityCauses; ++k)
            if (ambiguous[i] >> k & 1) ++count.causePixels[size_t(k)], count.causeDiffering[size_t(k)] += d > gate.tolerance;
        if (gate.ambiguousIgnore) std::fill_n(&mask.rgba[i * 4], 4, uint8_t(0));
        else if (d <= gate.ambiguousTolerance) std::copy_n(&a.rgba[i * 4], 4, &adjusted.rgba[i * 4]);
    }
    return count;
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
    Image mask = readGateMask(o.gate, a.width, a.height);
    Image adjusted;
    const bool ambiguity = o.gate.usesAmbiguity() && scene.ambiguous.size() == size_t(a.width) * size_t(a.height);
    if (ambiguity) o.ambiguity = applyAmbiguity(a, b, scene.ambiguous, o.gate, adjusted, mask);
    const Image& checked = ambiguity ? adjusted : b;
    if (!mask.rgba.empty()) options.mask = &mask;
    const bool attribute = !scene.draws.drawId.empty();
    options.keepPixelClasses = !c.reportDir.empty() || attribute;
    o.diff = compareImages(a, checked, options);
    if (!c.reportDir.empty()) writeReportImage(c, o.name, "diff", diffHeatMap(a, checked, *o.diff), o.images.diff);
    if (attribute && o.diff->metrics.differingPixels > 0) {
        diff::DrawAttribution blame = diff::attributeToDraws(a, checked, *o.diff, scene.draws);
        o.draws = std::move(blame.draws);
        o.touchOverflow = blame.touchOverflow;
    }
    if (!c.reportDir.empty() && !o.diff->pass)
        for (size_t i = 0; i < o.draws.size() && i < kDrawsInText; ++i) {
            const diff::DrawBlame& d = o.draws[i];
            o.drawCrops.emplace_back();
            const std::string kind = d.draw < 0 ? "draw-clear" : "draw-" + std::to_string(d.draw);
            writeReportImage(c, o.name, kind.c_str(), drawCrop(a, checked, *o.diff, d), o.drawCrops.back());
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
    const Image reference =
        golden ? readPng(o.goldenPath)
               : readImageFile(o.goldenPath, suite::rawLayoutFor(o.goldenPath, c.raw, rendered.width, rendered.height));
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

diff::DrawPlanes drawPlanesOf(const Scene& scene, RenderPlanes&& planes) {
    diff::DrawPlanes out{std::move(planes.drawId), std::move(planes.touches), {}};
    for (const Draw& d : scene.draws) out.names.push_back(d.name);
    return out;
}

SceneRenderer defaultRenderer() {
    return [](const std::string& path, int threads) {
        const Scene scene = loadScene(path);
        RenderOptions options;
        options.threads = threads;
        options.ambiguity = scene.gate.usesAmbiguity();
        options.touches = true;  // the draw attribution
        RenderPlanes planes;
        RenderedScene out;
        out.image = render(scene, options, nullptr, &planes);
        out.gate = scene.gate;
        out.draws = drawPlanesOf(scene, std::move(planes));
        out.ambiguous = std::move(planes.ambiguous);
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
    std::string ambiguity;  // real and knife-edge differences apart
    if (o.ambiguity)
        ambiguity = "  ambiguous " + std::to_string(o.ambiguity->differing) + " of " + std::to_string(o.ambiguity->pixels);
    std::string tail = o.status == SceneStatus::Fail ? "  " + o.message : "";
    if (o.status == SceneStatus::Fail)
        for (size_t i = 0; i < o.draws.size() && i < kDrawsInText; ++i) tail += "\n    " + diff::drawBlameLine(o.draws[i]);
    if (o.status == SceneStatus::Fail && o.draws.size() > kDrawsInText)
        tail += "\n    ... and " + std::to_string(o.draws.size() - kDrawsInText) + " more draws";
    if (o.status == SceneStatus::Fail && o.touchOverflow > 0) tail += "\n    (" + diff::touchOverflowNote(o.touchOverflow) + ")";
    return (o.status == SceneStatus::Pass ? "PASS " : "FAIL ") + o.name + metrics + ambiguity + tail;
}

}  // namespace refrast::golden
