// SPDX-License-Identifier: MIT
#include "src/import/trace_scene.h"

#include "formats/apitrace/import.h"
#include "refrast/error.h"
#include "src/import/capture_writer.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace refrast::import {

bool isTraceFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[2] = {0, 0};
    return in.read(magic, 2) && magic[0] == 'a' && magic[1] == 't';
}

Scene loadTraceScene(const std::string& path, const apitrace::ImportOptions& options) {
    apitrace::TraceFileCalls calls(path);  // streamed (docs/apitrace.md "Streaming")
    const apitrace::Capture capture = apitrace::importTrace(calls, path, options);
    std::string tmpl = (std::filesystem::temp_directory_path() / "refrast-trace-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("cannot create a temporary folder for the capture");
    const std::filesystem::path dir(tmpl);
    struct Cleanup {
        std::filesystem::path p;
        ~Cleanup() {
            std::error_code ec;
            std::filesystem::remove_all(p, ec);
        }
    } cleanup{dir};
    writeCaptureDir(capture, (dir / "capture").string());
    return loadScene((dir / "capture" / "capture.json").string());
}

}  // namespace refrast::import
