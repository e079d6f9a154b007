// SPDX-License-Identifier: MIT
#include "formats/apitrace/import.h"

#include "formats/apitrace/frames.h"
#include "refrast/error.h"

#include <charconv>

namespace refrast::apitrace {

CallRange selectCalls(const Trace& trace, const std::string& path, const ImportOptions& options) {
    if (trace.calls.empty()) throw InputError(path, "", "the trace has no calls");
    CallRange r;
    if (!options.calls.empty()) {
        const std::string& s = options.calls;
        const size_t dash = s.find('-');
        uint64_t a = 0, b = 0;
        const bool ok = dash != std::string::npos &&
                        std::from_chars(s.data(), s.data() + dash, a).ptr == s.data() + dash &&
                        std::from_chars(s.data() + dash + 1, s.data() + s.size(), b).ptr == s.data() + s.size() && a <= b;
        if (!ok) throw UsageError("--calls " + s + ": expected A-B with call numbers A <= B");
        r.first = trace.calls.size();
        r.end = 0;
        for (size_t i = 0; i < trace.calls.size(); ++i)
            if (trace.calls[i].no >= a && trace.calls[i].no <= b) {
                r.first = std::min(r.first, i);
                r.end = i + 1;
            }
        if (r.end == 0) throw UsageError("--calls " + s + ": no call of the trace lies in that range");
        r.label = "calls " + s;
        return r;
    }
    const std::vector<Frame> frames = splitFrames(trace);
    const size_t k = options.frame < 0 ? defaultFrame(frames) : size_t(options.frame);
    if (k >= frames.size())
        throw UsageError("--frame " + std::to_string(options.frame) + ": the trace has frames 0.." +
                         std::to_string(frames.size() - 1));
    r.first = frames[k].first;
    r.end = frames[k].end;
    r.label = "frame " + std::to_string(k);
    return r;
}

Capture importTrace(const Trace& trace, const std::string& path, const ImportOptions& options) {
    const CallRange range = selectCalls(trace, path, options);
    bool d3d9 = false, d3d7 = false;
    for (const Call& c : trace.calls) {
        const std::string& n = c.name();
        if (n.rfind("Direct3DCreate9", 0) == 0 || n.rfind("IDirect3DDevice9", 0) == 0) d3d9 = true;
        if (n.rfind("DirectDrawCreate", 0) == 0 || n.rfind("IDirect3DDevice7", 0) == 0) d3d7 = true;
    }
    if (d3d9 && d3d7) throw InputError(path, "", "the trace uses both Direct3D 9 and DirectDraw 7; refrast imports one device");
    if (!d3d9 && !d3d7)
        throw InputError(path, "", "no Direct3D 9 or DirectDraw 7 calls in the trace (first call: " + trace.calls[0].name() + ")");
    Capture c = d3d9 ? importD3D9(trace, path, range, options) : importD3D7(trace, path, range, options);
    c.json["description"] = "apitrace " + std::string(d3d9 ? "Direct3D 9" : "DirectDraw 7") + " trace " + path + ", " +
                            range.label + " (calls " + std::to_string(trace.calls[range.first].no) + "-" +
                            std::to_string(trace.calls[range.end - 1].no) + ")";
    return c;
}

}  // namespace refrast::apitrace
