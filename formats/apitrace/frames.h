// SPDX-License-Identifier: MIT
// Frames of a trace, counted the way apitrace counts them: a D3D9 frame ends
// after Present (device, Ex device or swap chain) and after
// GetRenderTargetData (apitrace flags both as frame ends). DirectDraw 7 has no
// frame marker in apitrace; here a Blt or Flip whose destination is a primary
// surface ends a frame (issue 15), and a trace with neither is one frame.
// Calls after the last marker form a last, possibly empty-of-draws, frame.
#pragma once

#include "formats/apitrace/trace_model.h"

#include <cstddef>
#include <set>
#include <vector>

namespace refrast::apitrace {

struct Frame {
    size_t first = 0;  // index into Trace::calls of its first call
    size_t end = 0;    // one past its last call
    size_t draws = 0;  // Draw* calls in it
    uint64_t firstNo = 0, lastNo = 0;  // the call numbers of its first and last call (when it has calls)
};

bool isDrawCall(const Call& c);

// The frames of calls given one at a time (a streamed trace).
class FrameSplitter {
public:
    void add(const Call& c);
    std::vector<Frame> finish();

private:
    std::vector<Frame> frames_;
    std::set<uint64_t> primaries_;  // DirectDraw primary surfaces by pointer
    Frame cur_;
    size_t calls_ = 0;
};

std::vector<Frame> splitFrames(const Trace& trace);
// The last frame with a draw, or the last frame when none draws.
size_t defaultFrame(const std::vector<Frame>& frames);

}  // namespace refrast::apitrace
