// SPDX-License-Identifier: MIT
// Merging shard reports into one.
#include "refrast/error.h"
#include "src/golden/golden_report.h"
#include "src/golden/golden_run.h"
#include "tests/golden/golden_test_util.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace refrast;
using namespace refrast::difftest;

TEST_CASE("golden/merge: shard reports combine into one sorted report with images and JUnit") {
    Suite s("golden-merge");
    const Image base = filledImage(2, 2, {1, 2, 3, 255});
    Image off = base;
    off.rgba[0] = 9;
    for (const char* n : {"a", "b", "c"}) s.addScene(n, std::string(n) == "b" ? off : base), s.addGolden(n, base);
    int status = -1;
    for (const char* shard : {"0/2", "1/2"}) {
        golden::GoldenArgs a;
        a.scenesDir = s.scenes(), a.goldenDir = s.golden(), a.shard = shard;
        a.report = s.dir.file(std::string("shard") + shard[0]);
        captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
    }
    const std::string out = captureOutput(
        [&](std::FILE* f) {
            return golden::runGoldenMerge({s.dir.file("shard0"), s.dir.file("shard1")}, s.dir.file("all"),
                                          s.dir.file("all.xml"), f);
        },
        status);
    CHECK(status == 1);  // b fails in shard 1
    CHECK(out == "golden check: 3 scenes: 2 passed, 1 failed, 0 errors (merged 2 reports)\n");
    const std::string json = readText(s.dir.file("all/report.json"));
    CHECK(json.find("\"name\": \"a\"") < json.find("\"name\": \"b\""));
    CHECK(json.find("\"name\": \"b\"") < json.find("\"name\": \"c\""));
    CHECK(std::filesystem::exists(s.dir.file("all/images/b.diff.png")));
    CHECK(std::filesystem::exists(s.dir.file("all/index.html")));
    CHECK(readText(s.dir.file("all.xml")).find("tests=\"3\" failures=\"1\"") != std::string::npos);
    // The same shard twice is an error naming the scene.
    CHECK_THROWS_WITH_AS(golden::mergeReports({s.dir.file("shard0"), s.dir.file("shard0")}, s.dir.file("dup")),
                         (s.dir.file("shard0") + "/report.json: scene \"a\" is also in an earlier report (overlapping shards?)").c_str(),
                         InputError);
}

TEST_CASE("golden/merge: the CLI merges and a directory without report.json is exit 2") {
    const TempDir dir("golden-merge-cli");
    std::filesystem::create_directories(dir.path / "empty");
    const RunResult r = runRefrast(dir, "golden merge empty -o out");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: empty/report.json: cannot open: No such file or directory\n");
}

TEST_CASE("golden/merge: a lost shard is refused at the command line (exit 2, nothing written)") {
    Suite s("golden-merge-lost");
    const Image base = filledImage(2, 2, {1, 2, 3, 255});
    for (const char* n : {"a", "b", "c", "d"}) s.addScene(n, base), s.addGolden(n, base);
    int status = -1;
    for (const char* shard : {"0/3", "2/3"}) {  // shard 1/3's artifact was lost
        golden::GoldenArgs a;
        a.scenesDir = s.scenes(), a.goldenDir = s.golden(), a.shard = shard;
        a.report = s.dir.file(std::string("report-") + shard[0]);
        captureOutput([&](std::FILE* f) { return golden::runGoldenCheck(a, s.renderer(), f); }, status);
        CHECK(status == 0);
    }
    const RunResult r = runRefrast(s.dir, "golden merge report-0 report-2 -o merged");
    CHECK(r.status == 2);
    CHECK(r.err == "refrast: report-0/report.json: /shards: incomplete shard set: missing 1/3 (have 2 of 3); "
                   "a lost shard must not turn the run green\n");
    CHECK_FALSE(std::filesystem::exists(s.dir.file("merged")));
}
