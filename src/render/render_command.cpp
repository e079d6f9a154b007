// SPDX-License-Identifier: MIT
// `refrast render SCENE.json -o OUT.png [--threads N] [--view V] [--repeat N --timings]`.
#include "src/cli/commands.h"
#include "refrast/error.h"
#include "refrast/render.h"
#include "src/import/trace_scene.h"
#include "formats/png_deflate.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

namespace refrast::cli {

namespace {

struct RenderArgs {
    std::string scene;
    std::string out;
    int threads = 0;
    std::string view = "final";
    int repeat = 1;
    int warmup = 0;
    bool timings = false;
    std::string depthOut, stencilOut;
    int untilDraw = -1;
    // An apitrace trace instead of a scene (docs/apitrace.md).
    int64_t frame = -1;
    bool skipShaderDraws = false;
};

Scene loadSceneOrTrace(const RenderArgs& args) {
    if (!import::isTraceFile(args.scene)) {
        if (args.frame >= 0 || args.skipShaderDraws) throw UsageError("--frame and --skip-shader-draws need an apitrace trace");
        return loadScene(args.scene);
    }
    apitrace::ImportOptions options;
    options.frame = args.frame;
    options.skipShaderDraws = args.skipShaderDraws;
    return import::loadTraceScene(args.scene, options);
}

RenderView parseView(const std::string& v) {
    if (v == "depth") return RenderView::Depth;
    if (v == "draw-id") return RenderView::DrawId;
    if (v == "overdraw") return RenderView::Overdraw;
    if (v == "ambiguity") return RenderView::Ambiguity;
    return RenderView::Final;
}

// One line per the bench harness: median/min/max of the timed renders, on
// stderr like every timing (stdout may be the PNG: -o -).
void printTimings(const std::string& scene, int threads, std::vector<RenderTimings> runs) {
    std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.totalMs < b.totalMs; });
    const RenderTimings& med = runs[runs.size() / 2];
    std::fprintf(stderr, "%s threads=%d runs=%zu median_ms=%.2f min_ms=%.2f max_ms=%.2f "
                "(vertex %.2f, setup %.2f, raster %.2f; triangles %zu assembled, %zu set up; fragments hidden %zu)\n",
                scene.c_str(), threads, runs.size(), med.totalMs, runs.front().totalMs, runs.back().totalMs, med.vertexMs,
                med.setupMs, med.rasterMs, med.trianglesAssembled, med.trianglesSetUp, med.fragmentsHidden);
}

// Which colour is which draw: "#3778ff draw 0 "floor"" (--view draw-id).
void printDrawIdLegend(const Scene& scene, int untilDraw) {
    const size_t n = untilDraw >= 0 ? size_t(untilDraw) + 1 : scene.draws.size();
    for (int d = -1; d < int(n); ++d) {
        const std::array<uint8_t, 3> c = drawIdColor(d);
        const std::string who = d < 0 ? "clear" : "draw " + std::to_string(d);
        const std::string& name = d < 0 ? std::string() : scene.draws[size_t(d)].name;
        std::printf("#%02x%02x%02x %s%s\n", c[0], c[1], c[2], who.c_str(), name.empty() ? "" : (" \"" + name + "\"").c_str());
    }
}

int runRender(const RenderArgs& args) {
    const Scene scene = loadSceneOrTrace(args);
    RenderOptions options;
    options.threads = args.threads;
    options.view = parseView(args.view);
    if (args.untilDraw >= 0 && size_t(args.untilDraw) >= scene.draws.size())
        throw UsageError("--until-draw " + std::to_string(args.untilDraw) + ": " + args.scene + " has only " +
                         std::to_string(scene.draws.size()) + " draws");
    options.untilDraw = args.untilDraw;
    for (int i = 0; i < args.warmup; ++i) render(scene, options);
    std::vector<RenderTimings> runs(size_t(args.repeat));
    Image image;
    DepthReadback depth;
    const bool wantDepth = !args.depthOut.empty() || !args.stencilOut.empty();
    for (int i = 0; i < args.repeat; ++i) {
        Image frame = render(scene, options, &runs[size_t(i)], nullptr, i == 0 && wantDepth ? &depth : nullptr);
        if (i == 0) image = std::move(frame);
        else if (!(frame == image)) throw std::runtime_error("render " + std::to_string(i) + " differs from render 0");
    }
    if (args.timings) printTimings(args.scene, args.threads, runs);
    if (wantDepth && !depth.present())
        throw InputError(args.scene, "", "--depth-out/--stencil-out: the frame has no depth/stencil surface");
    if (!args.stencilOut.empty() && stencilBits(depth.format) == 0)
        throw InputError(args.scene, "", "--stencil-out: the depth format has no stencil bits");
    if (!args.out.empty()) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<uint8_t> png = encodePng(image, args.threads);
        const double encodeMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        writeFileAtomic(args.out, png);
        // On stderr: with -o - the PNG itself is on stdout.
        if (args.timings) std::fprintf(stderr, "refrast: timings: png encode %.2f ms, %zu bytes\n", encodeMs, png.size());
    }
    if (!args.depthOut.empty()) {
        writeFileAtomic(args.depthOut, encodeDepthRaw(depth));
        writeFileAtomic(args.depthOut + ".png", encodeDepthPreviewPng(depth));
    }
    if (!args.stencilOut.empty()) writeFileAtomic(args.stencilOut, depth.stencil);
    if (options.view == RenderView::DrawId && args.out != "-") printDrawIdLegend(scene, options.untilDraw);
    return 0;
}

}  // namespace

void addRenderCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* cmd = app.add_subcommand("render", "Render a scene to a PNG");
    cmd->add_option("scene", args->scene, "Scene file (JSON) or apitrace trace")->required();
    cmd->add_option("-o,--output", args->out, "Output PNG (written atomically; omit only with --timings)");
    cmd->add_option("--threads", args->threads, "Worker threads (0: all cores)")->check(CLI::Range(0, 1024));
    cmd->add_option("--view", args->view, "final | depth (grey) | draw-id (false colour per draw) | overdraw (16 per write) | "
                    "ambiguity (knife-edge pixels coloured by criterion, docs/ambiguity.md)")
        ->check(CLI::IsMember({"final", "depth", "draw-id", "overdraw", "ambiguity"}));
    cmd->add_option("--until-draw", args->untilDraw,
                    "Render only draws 0..N (draw N included): bisect a difference to its draw")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--repeat", args->repeat, "Render N times (every render must give the same pixels)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--warmup", args->warmup, "Untimed renders before the timed ones")->check(CLI::Range(0, 1000));
    cmd->add_option("--depth-out", args->depthOut,
                    "Write the final depth buffer raw (u16 for D16, u32 for D24/D32, float32 bits for D32F; "
                    "little-endian) and FILE.png, a 16-bit grey preview");
    cmd->add_option("--stencil-out", args->stencilOut, "Write the final stencil buffer, one byte per pixel");
    cmd->add_flag("--timings", args->timings, "Print median/min/max render time (in-process) and, with -o, "
                  "the PNG encode time to stderr");
    cmd->add_option("--frame", args->frame, "With an apitrace trace: the frame to render (default: the last that draws)");
    cmd->add_flag("--skip-shader-draws", args->skipShaderDraws, "With an apitrace trace: drop draws that use shaders");
    cmd->callback([args, &runner] {
        if (args->out.empty() && !args->timings) throw CLI::ValidationError("-o,--output", "required unless --timings is given");
        runner = [args] { return runRender(*args); };
    });
}

}  // namespace refrast::cli
