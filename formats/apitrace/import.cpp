// SPDX-License-Identifier: MIT
#include "formats/apitrace/import.h"

#include "formats/apitrace/frames.h"
#include "refrast/error.h"

#include <charconv>

namespace refrast::apitrace {
namespace {

// `--calls A-B`: the call numbers, or a usage error.
std::pair<uint64_t, uint64_t> callBounds(const std::string& s) {
    const size_t dash = s.find('-');
    uint64_t a = 0, b = 0;
    const bool ok = dash != std::string::npos && std::from_chars(s.data(), s.data() + dash, a).ptr == s.data() + dash &&
                    std::from_chars(s.data() + dash + 1, s.data() + s.size(), b).ptr == s.data() + s.size() && a <= b;
    if (!ok) throw UsageError("--calls " + s + ": expected A-B with call numbers A <= B");
    return {a, b};
}

}  // namespace

TraceSurvey surveyCalls(CallSource& calls, const ImportOptions& options) {
    std::pair<uint64_t, uint64_t> bounds{0, 0};
    if (!options.calls.empty()) bounds = callBounds(options.calls);
    TraceSurvey s;
    FrameSplitter frames;
    calls.rewind();
    for (const Call* c; (c = calls.next()) != nullptr; ++s.calls) {
        frames.add(*c);
        const std::string& n = c->name();
        if (s.calls == 0) s.firstCall = n;
        if (n.rfind("Direct3DCreate9", 0) == 0 || n.rfind("IDirect3DDevice9", 0) == 0) s.d3d9 = true;
        if (n.rfind("DirectDrawCreate", 0) == 0 || n.rfind("IDirect3DDevice7", 0) == 0) s.d3d7 = true;
        if (!options.calls.empty() && c->no >= bounds.first && c->no <= bounds.second) {
            CallRange& r = s.callRange;
            if (r.end == 0) {
                r.first = s.calls;
                r.firstNo = c->no;
            }
            r.end = s.calls + 1;
            r.lastNo = c->no;
        }
    }
    s.frames = frames.finish();
    return s;
}

CallRange selectCalls(const TraceSurvey& survey, const std::string& path, const ImportOptions& options) {
    if (survey.calls == 0) throw InputError(path, "", "the trace has no calls");
    if (!options.calls.empty()) {
        if (survey.callRange.end == 0)
            throw UsageError("--calls " + options.calls + ": no call of the trace lies in that range");
        CallRange r = survey.callRange;
        r.label = "calls " + options.calls;
        return r;
    }
    const std::vector<Frame>& frames = survey.frames;
    const size_t k = options.frame < 0 ? defaultFrame(frames) : size_t(options.frame);
    if (k >= frames.size())
        throw UsageError("--frame " + std::to_string(options.frame) + ": the trace has frames 0.." +
                         std::to_string(frames.size() - 1));
    CallRange r;
    r.first = frames[k].first;
    r.end = frames[k].end;
    r.firstNo = frames[k].firstNo;
    r.lastNo = frames[k].lastNo;
    r.label = "frame " + std::to_string(k);
    return r;
}

Capture importTrace(CallSource& calls, const std::string& path, const ImportOptions& options, CallRange* chosen) {
    const TraceSurvey survey = surveyCalls(calls, options);
    const CallRange range = selectCalls(survey, path, options);
    if (survey.d3d9 && survey.d3d7)
        throw InputError(path, "", "the trace uses both Direct3D 9 and DirectDraw 7; refrast imports one device");
    if (!survey.d3d9 && !survey.d3d7)
        throw InputError(path, "", "no Direct3D 9 or DirectDraw 7 calls in the trace (first call: " + survey.firstCall + ")");
    calls.rewind();
    Capture c = survey.d3d9 ? importD3D9(calls, path, range, options) : importD3D7(calls, path, range, options);
    c.json["description"] = "apitrace " + std::string(survey.d3d9 ? "Direct3D 9" : "DirectDraw 7") + " trace " + path +
                            ", " + range.label + " (calls " + std::to_string(range.firstNo) + "-" +
                            std::to_string(range.lastNo) + ")";
    if (chosen) *chosen = range;
    return c;
}

CallRange selectCalls(const Trace& trace, const std::string& path, const ImportOptions& options) {
    DecodedCalls calls(trace);
    return selectCalls(surveyCalls(calls, options), path, options);
}

Capture importTrace(const Trace& trace, const std::string& path, const ImportOptions& options) {
    DecodedCalls calls(trace);
    return importTrace(calls, path, options);
}

}  // namespace refrast::apitrace
