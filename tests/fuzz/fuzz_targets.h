// SPDX-License-Identifier: MIT
// The fuzz harnesses (docs/architecture.md "Fuzzing"): one function per
// parser, shared by the libFuzzer drivers (scripts/fuzz) and the unit test
// that replays the regression inputs under tests/fuzz/regressions/.
// Each returns 0; bad input must surface as refrast's InputError or
// UsageError, anything else (a crash, a sanitizer report, another
// exception) is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace refrast::fuzz {

int sceneJson(const uint8_t* data, size_t size);   // loadScene on the bytes as a scene file
int sceneBuffer(const uint8_t* data, size_t size); // a fixed scene whose .bin buffer and views come from the bytes
int texm(const uint8_t* data, size_t size);
int dds(const uint8_t* data, size_t size);
int png(const uint8_t* data, size_t size);
int raw(const uint8_t* data, size_t size);         // 8 layout bytes, then the readback
int ini(const uint8_t* data, size_t size);
int pfx(const uint8_t* data, size_t size);         // parse, then simulate 40 frames
int render(const uint8_t* data, size_t size);      // load, then render targets up to 64x64
int apitrace(const uint8_t* data, size_t size);    // an apitrace trace (or decompressed stream), imported (apitrace_fuzz.h)

struct Target {
    const char* name;
    int (*run)(const uint8_t*, size_t);
};
const std::vector<Target>& targets();

// Removes the harnesses' scratch folder (the unit-test replay calls it).
void removeWorkDir();

}  // namespace refrast::fuzz
