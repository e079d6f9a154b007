// SPDX-License-Identifier: MIT
// Replays every fuzz seed and every input a fuzzing run found (a crash, a
// hang, a sanitizer report, once fixed) through the same harness functions
// the libFuzzer drivers use: tests/fuzz/corpus/TARGET/ and
// tests/fuzz/regressions/TARGET/.
#include "formats/resource_budget.h"
#include "tests/fuzz/fuzz_targets.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

TEST_CASE("hardening/fuzz: seeds and regression inputs replay without a crash") {
    const refrast::ResourceLimits saved = refrast::resourceLimits();
    size_t replayed = 0;
    for (const refrast::fuzz::Target& t : refrast::fuzz::targets()) {
        for (const char* kind : {"corpus", "regressions"}) {
            const fs::path dir = fs::path(REFRAST_SOURCE_DIR) / "tests/fuzz" / kind / t.name;
            if (!fs::is_directory(dir)) continue;
            for (const auto& entry : fs::directory_iterator(dir)) {
                std::ifstream in(entry.path(), std::ios::binary);
                const std::string bytes((std::istreambuf_iterator<char>(in)), {});
                INFO(entry.path().string());
                CHECK(t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()) == 0);
                ++replayed;
            }
        }
    }
    refrast::fuzz::removeWorkDir();
    refrast::resourceLimits() = saved;
    CHECK(replayed >= 9);  // at least one seed per target
}
