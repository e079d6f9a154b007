// SPDX-License-Identifier: MIT
// Progress output: lines in suite order; the bar only on a terminal.
#include "src/golden/progress.h"
#include "tests/golden/golden_test_util.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::difftest;

TEST_CASE("golden/progress: plain output prints lines in list order as they become ready") {
    int status = 0;
    const std::string out = captureOutput(
        [](std::FILE* f) {
            golden::Progress p(f, 3, false);
            p.finished(2, "third");  // held back until 0 and 1 are done
            p.finished(0, "first");
            p.finished(1, "second");
            p.done();
            return 0;
        },
        status);
    CHECK(out == "first\nsecond\nthird\n");
}

TEST_CASE("golden/progress: on a terminal a bar with counts, the current scene and an ETA follows the lines") {
    int status = 0;
    const std::string out = captureOutput(
        [](std::FILE* f) {
            golden::Progress p(f, 2, true);
            p.started("a/one");
            p.finished(0, "PASS a/one");
            p.done();
            return 0;
        },
        status);
    // Bar before any scene finished: 0 of 30 cells, no ETA yet.
    CHECK(out.find("\r\033[K[                              ] 0/2  a/one  ETA --") == 0);
    // After the first: the line, then the half-full bar with an ETA in seconds.
    CHECK(out.find("\r\033[KPASS a/one\n\r\033[K[===============               ] 1/2  a/one  ETA ") != std::string::npos);
    CHECK(out.substr(out.size() - 4) == "\r\033[K");  // done() clears the bar
}
