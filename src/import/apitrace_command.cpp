// SPDX-License-Identifier: MIT
// `refrast import apitrace TRACE [--list | --dump | --frame N | --calls A-B] -o DIR`:
// an apitrace recording of a Direct3D 9 or DirectDraw 7 program to a scene
// format 2 capture (docs/apitrace.md).
#include "formats/apitrace/frames.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_dump.h"
#include "refrast/error.h"
#include "src/cli/commands.h"
#include "src/import/capture_writer.h"

#include <filesystem>
#include <iostream>

namespace refrast::cli {
namespace {

struct ImportArgs {
    std::string trace;
    std::string outDir;
    bool list = false;
    bool dump = false;
    int64_t frame = -1;
    std::string calls;
    bool skipShaderDraws = false;
};

int listFrames(apitrace::CallSource& calls) {
    const std::vector<apitrace::Frame> frames = apitrace::surveyCalls(calls, {}).frames;
    const size_t def = apitrace::defaultFrame(frames);
    for (size_t k = 0; k < frames.size(); ++k) {
        const apitrace::Frame& f = frames[k];
        std::cout << "frame " << k << ": ";
        if (f.first == f.end) std::cout << "no calls";
        else std::cout << "calls " << f.firstNo << "-" << f.lastNo;
        std::cout << ", " << f.draws << (f.draws == 1 ? " draw" : " draws") << (k == def ? " (default)" : "") << "\n";
    }
    return 0;
}

int dumpCalls(apitrace::CallSource& calls) {
    // Decoded once to the end first, so a bad trace prints nothing but its error.
    calls.rewind();
    while (calls.next()) {
    }
    calls.rewind();
    while (const apitrace::Call* c = calls.next()) std::cout << apitrace::formatCall(*c) << "\n";
    return 0;
}

int run(const ImportArgs& a) {
    // Streamed: one snappy chunk and one call are held at a time (docs/apitrace.md "Streaming").
    apitrace::TraceFileCalls calls(a.trace);
    if (a.list) return listFrames(calls);
    if (a.dump) return dumpCalls(calls);
    if (a.outDir.empty()) throw UsageError("import apitrace: -o DIR is required (or --list / --dump)");
    apitrace::ImportOptions options;
    options.frame = a.frame;
    options.calls = a.calls;
    options.skipShaderDraws = a.skipShaderDraws;
    apitrace::CallRange range;
    const apitrace::Capture capture = apitrace::importTrace(calls, a.trace, options, &range);
    import::writeCaptureDir(capture, a.outDir);
    std::cout << a.trace << ": " << range.label << " (calls " << range.firstNo << "-" << range.lastNo << "): " << capture.draws << (capture.draws == 1 ? " draw" : " draws");
    if (options.skipShaderDraws) std::cout << ", " << capture.droppedShaderDraws << " shader draws dropped";
    std::cout << " -> " << (std::filesystem::path(a.outDir) / "capture.json").lexically_normal().string() << "\n";
    return 0;
}

}  // namespace

void addImportCommand(CLI::App& app, Runner& runner) {
    CLI::App* imp = app.add_subcommand("import", "Import a recording of the original program as a capture");
    imp->require_subcommand(1);
    auto args = std::make_shared<ImportArgs>();
    CLI::App* at = imp->add_subcommand("apitrace", "An apitrace .trace of a Direct3D 9 or DirectDraw 7 program "
                                                   "to a scene format 2 capture (docs/apitrace.md)");
    at->add_option("trace", args->trace, "the .trace file")->required();
    at->add_option("-o,--out", args->outDir, "output folder: capture.json and its buffers");
    at->add_flag("--list", args->list, "print the frames with their call ranges and draw counts");
    at->add_flag("--dump", args->dump, "print every call as `apitrace dump` does");
    at->add_option("--frame", args->frame, "frame to import, from 0 (default: the last frame that draws)");
    at->add_option("--calls", args->calls, "import the call range A-B (call numbers) instead of a frame");
    at->add_flag("--skip-shader-draws", args->skipShaderDraws, "drop draws that use shaders (counted) instead of refusing");
    at->callback([args, &runner] { runner = [args] { return run(*args); }; });
}

}  // namespace refrast::cli
