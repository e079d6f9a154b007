// SPDX-License-Identifier: MIT
// libFuzzer driver of the apitrace importer (harness: apitrace_fuzz.h; seed
// corpus: corpus/apitrace/, real traces). Built only by the fuzz build, e.g.
//   clang++ -std=c++20 -fsanitize=fuzzer,address -I. -Iinclude tests/fuzz/apitrace_fuzz.cpp \
//     formats/apitrace/*.cpp <formats/d3d, formats/file_io.cpp> -lsnappy
// (the unit tests replay the same harness on mutations: tests/apitrace/fuzz_replay_test.cpp).
#include "tests/fuzz/apitrace_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return refrast::fuzz::apitraceImport(data, size); }
