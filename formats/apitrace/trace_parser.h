// SPDX-License-Identifier: MIT
// Decodes apitrace's trace stream (format versions up to 6), the grammar of
// apitrace's trace_format.hpp:
//   trace  = version_no [semantic_version_no properties] event*   (properties: version ≥ 6)
//   event  = ENTER thread_no call_sig call_detail* END | LEAVE call_no call_detail* END
//   detail = ARG index value | RET value | BACKTRACE ... | FLAGS uint
// Signatures (function, enum, bitmask, struct) are defined at their first use
// and referred to by id afterwards. Every error names the stream offset.
#pragma once

#include "formats/apitrace/snappy_container.h"
#include "formats/apitrace/trace_model.h"

#include <memory>
#include <string>

namespace refrast::apitrace {

inline constexpr uint64_t kMaxTraceVersion = 6;

class TraceDecoder;

// The stream decoded one call at a time, in the order the calls completed
// (the order `apitrace dump` prints), then the calls still pending at the end
// with kCallFlagIncomplete. Over a TraceFile only one chunk is decompressed at
// a time and only the call being read is held, so memory does not grow with
// the trace. The version and properties are read by the constructor.
class CallStream {
public:
    CallStream(const TraceStream& stream, const std::string& path);  // a stream in memory
    CallStream(TraceFile& file, const std::string& path);           // chunk by chunk
    ~CallStream();
    CallStream(const CallStream&) = delete;
    CallStream& operator=(const CallStream&) = delete;

    // The next call, or nullptr after the last; valid until the next next().
    Call* next();
    uint64_t streamBytes() const;
    // The version, properties and signatures (which every Call points into);
    // calls stays empty.
    const Trace& header() const;
    Trace takeHeader();

private:
    std::unique_ptr<TraceDecoder> parser_;
};

// Parses the whole stream. Calls still pending (entered, never left) at the
// end are kept with kCallFlagIncomplete, as apitrace keeps them. Throws
// InputError naming `path` and TraceStream::describe(offset).
Trace parseTrace(const TraceStream& stream, const std::string& path);

// Every call of a trace file, decoded whole (a TraceFile through CallStream).
Trace loadTrace(const std::string& path);

}  // namespace refrast::apitrace
