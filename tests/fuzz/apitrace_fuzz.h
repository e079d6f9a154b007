// SPDX-License-Identifier: MIT
// The fuzz harness of the apitrace importer: bytes that start with the
// container magic "at" go through the whole path the commands take (the
// streamed reader: chunk table, snappy chunk by chunk, decoder, frames,
// import of the default frame), and through the whole-file reader; any other bytes are taken as an already
// decompressed stream, which is where a mutating fuzzer finds the decoder's
// and the interpreters' edge cases (snappy has no checksum to get past).
// Returns 0; only refrast's InputError or UsageError may come out of the
// importer, so anything else escapes as a finding.
#pragma once

#include "formats/apitrace/frames.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace refrast::fuzz {

inline int apitraceImport(const uint8_t* data, size_t size) {
    try {
        apitrace::ImportOptions options;
        options.skipShaderDraws = true;
        apitrace::TraceStream stream;
        if (size >= 2 && data[0] == 'a' && data[1] == 't') {
            try {
                apitrace::TraceFileCalls streamed(std::vector<uint8_t>(data, data + size), "fuzz.trace");
                (void)apitrace::importTrace(streamed, "fuzz.trace", options);
            } catch (const InputError&) {
            } catch (const UsageError&) {
            }
            stream = apitrace::decompressTrace(std::vector<uint8_t>(data, data + size), "fuzz.trace");
        } else {
            stream.bytes.assign(data, data + size);
            stream.chunkStart = {0};
            stream.chunkFileOffset = {2};
        }
        const apitrace::Trace trace = apitrace::parseTrace(stream, "fuzz.trace");
        (void)apitrace::splitFrames(trace);
        (void)apitrace::importTrace(trace, "fuzz.trace", options);
    } catch (const InputError&) {
    } catch (const UsageError&) {
    }
    return 0;
}

}  // namespace refrast::fuzz
