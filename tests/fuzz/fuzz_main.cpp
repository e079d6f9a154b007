// SPDX-License-Identifier: MIT
// libFuzzer entry point; REFRAST_FUZZ_TARGET names the harness (CMake builds
// one executable per target when REFRAST_FUZZ is on; scripts/fuzz runs them).
#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return refrast::fuzz::REFRAST_FUZZ_TARGET(data, size);
}
