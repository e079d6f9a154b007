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

#include <string>

namespace refrast::apitrace {

inline constexpr uint64_t kMaxTraceVersion = 6;

// Parses the whole stream. Calls still pending (entered, never left) at the
// end are kept with kCallFlagIncomplete, as apitrace keeps them. Throws
// InputError naming `path` and TraceStream::describe(offset).
Trace parseTrace(const TraceStream& stream, const std::string& path);

// readFileBytes + decompressTrace + parseTrace.
Trace loadTrace(const std::string& path);

}  // namespace refrast::apitrace
