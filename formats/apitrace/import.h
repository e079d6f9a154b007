// SPDX-License-Identifier: MIT
// A trace to a scene format 2 capture of one frame (docs/apitrace.md): the
// API is told by the calls (Direct3D 9 or DirectDraw 7 / Direct3D 7).
#pragma once

#include "formats/apitrace/call_source.h"
#include "formats/apitrace/capture_builder.h"
#include "formats/apitrace/frames.h"
#include "formats/apitrace/trace_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::apitrace {

struct ImportOptions {
    int64_t frame = -1;      // -1: the last frame that draws
    std::string calls;       // "A-B": call numbers instead of a frame
    bool skipShaderDraws = false;
};

// The calls to replay: indices [first, end) in call order; calls before
// `first` only build up device state and resources.
struct CallRange {
    size_t first = 0, end = 0;
    std::string label;  // "frame 3" or "calls 10-20"
    uint64_t firstNo = 0, lastNo = 0;  // the call numbers of calls first and end - 1
};

// What the first pass over the calls finds: the frames, the API, and for
// `--calls A-B` where those calls lie.
struct TraceSurvey {
    std::vector<Frame> frames;
    size_t calls = 0;
    std::string firstCall;
    bool d3d9 = false, d3d7 = false;
    CallRange callRange;  // end 0: no call lies in --calls A-B
};
TraceSurvey surveyCalls(CallSource& calls, const ImportOptions& options);
CallRange selectCalls(const TraceSurvey& survey, const std::string& path, const ImportOptions& options);
// Both passes; `chosen` (if given) receives the range imported.
Capture importTrace(CallSource& calls, const std::string& path, const ImportOptions& options, CallRange* chosen = nullptr);

// The same over a trace decoded whole.
CallRange selectCalls(const Trace& trace, const std::string& path, const ImportOptions& options);
Capture importTrace(const Trace& trace, const std::string& path, const ImportOptions& options);

// The interpreters (d3d9_interpreter.cpp, d3d7_interpreter.cpp): replay the
// calls from the first up to range.end.
Capture importD3D9(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions& options);
Capture importD3D7(CallSource& calls, const std::string& path, const CallRange& range, const ImportOptions& options);

}  // namespace refrast::apitrace
