// SPDX-License-Identifier: MIT
// A trace to a scene format 2 capture of one frame (docs/apitrace.md): the
// API is told by the calls (Direct3D 9 or DirectDraw 7 / Direct3D 7).
#pragma once

#include "formats/apitrace/capture_builder.h"
#include "formats/apitrace/trace_model.h"

#include <cstdint>
#include <string>

namespace refrast::apitrace {

struct ImportOptions {
    int64_t frame = -1;      // -1: the last frame that draws
    std::string calls;       // "A-B": call numbers instead of a frame
    bool skipShaderDraws = false;
};

// The calls to replay: indices [first, end) into Trace::calls; calls before
// `first` only build up device state and resources.
struct CallRange {
    size_t first = 0, end = 0;
    std::string label;  // "frame 3" or "calls 10-20"
};

CallRange selectCalls(const Trace& trace, const std::string& path, const ImportOptions& options);
Capture importTrace(const Trace& trace, const std::string& path, const ImportOptions& options);

// The interpreters (d3d9_interpreter.cpp, d3d7_interpreter.cpp).
Capture importD3D9(const Trace& trace, const std::string& path, const CallRange& range, const ImportOptions& options);
Capture importD3D7(const Trace& trace, const std::string& path, const CallRange& range, const ImportOptions& options);

}  // namespace refrast::apitrace
