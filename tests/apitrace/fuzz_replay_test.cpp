// SPDX-License-Identifier: MIT
// The fuzz harness (tests/fuzz/apitrace_fuzz.h) on its seed corpus and on
// deterministic mutations of a real stream: every byte position gets a few
// replacement values, and each mutant must import or fail as an InputError
// or UsageError (the harness lets anything else escape).
#include "refrast/image.h"
#include "tests/fuzz/apitrace_fuzz.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;

TEST_CASE("apitrace/fuzz: the seed corpus and single-byte mutants of a stream never escape the harness") {
    const std::filesystem::path corpus = std::filesystem::path(REFRAST_SOURCE_DIR) / "tests/fuzz/corpus/apitrace";
    size_t seeds = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        const std::vector<uint8_t> bytes = readFileBytes(entry.path().string());
        CHECK_NOTHROW(fuzz::apitraceImport(bytes.data(), bytes.size()));
        ++seeds;
    }
    CHECK(seeds == 19);  // 18 seeds + invalid-utf8-decl-type (a declaration type name that is not UTF-8)
    std::vector<uint8_t> stream = readFileBytes((corpus / "d3d9_ff_quad.stream").string());
    REQUIRE(stream.size() > 30000);
    // The first byte stays 6 (the version), so every mutant reaches the decoder.
    for (size_t i = 1; i < stream.size(); i += 11) {
        const uint8_t keep = stream[i];
        for (uint8_t v : {uint8_t(0x00), uint8_t(0xff), uint8_t(keep ^ 0x01), uint8_t(0x80)}) {
            stream[i] = v;
            CHECK_NOTHROW(fuzz::apitraceImport(stream.data(), stream.size()));
        }
        stream[i] = keep;
    }
}
