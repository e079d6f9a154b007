// SPDX-License-Identifier: MIT
// The command line's polish: unknown words named with a suggestion, --version
// with the revision, --until-draw, check's draw attribution.
#include "src/cli/suggest.h"
#include "tests/support/cli.h"

#include "refrast/image.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {
const std::string kCaptures = std::string(REFRAST_SOURCE_DIR) + "/tests/suite/captures";

}

TEST_CASE("cli/suggest: the closest name within a few edits, or a unique prefix") {
    CHECK(cli::editDistance("kitten", "sitting") == 3);
    CHECK(cli::editDistance("", "abc") == 3);
    CHECK(cli::closestName("rendr", {"render", "diff", "check"}) == "render");
    CHECK(cli::closestName("--tolerence", {"--tolerance", "--threads"}) == "--tolerance");
    CHECK(cli::closestName("gol", {"golden", "diff"}) == "golden");  // a prefix of one name
    CHECK(cli::closestName("xyzzy", {"render", "diff"}).empty());
}

TEST_CASE("cli: an unknown subcommand or option is named as such, with a suggestion, exit 2") {
    CliResult r = runRefrast("rendr x.json");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: usage: refrast: unknown subcommand \"rendr\" (did you mean render?); see refrast --help\n");
    r = runRefrast("diff a.png b.png --tolerence 2");
    CHECK(r.status == 2);
    CHECK(r.output ==
          "refrast: usage: refrast diff: unknown option \"--tolerence\" (did you mean --tolerance?); see refrast diff --help\n");
    // A subcommand's option before the subcommand is not "unknown": say where it goes.
    r = runRefrast("--threads 1 golden check basic");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: usage: refrast golden check: option \"--threads\" goes after the subcommand "
                      "(refrast golden check --threads ...); see refrast golden check --help\n");
}

TEST_CASE("cli: --version names the version and the git revision") {
    const CliResult r = runRefrast("--version");
    CHECK(r.status == 0);
    CHECK(r.output.rfind("refrast 0.1.0 (", 0) == 0);
    CHECK(r.output.find(")\n") != std::string::npos);
}

TEST_CASE("cli/render: --until-draw N renders draws 0..N only") {
    TempDir dir;
    const std::string scene = kCaptures + "/exact.json";
    REQUIRE(runRefrast("render " + scene + " --until-draw 0 -o " + dir.file("floor.png")).status == 0);
    const Image floor = readPng(dir.file("floor.png"));
    CHECK(floor.pixel(10, 6)[0] == 128);  // the crate (draw 1) is not drawn yet
    REQUIRE(runRefrast("render " + scene + " --until-draw 1 -o " + dir.file("crate.png")).status == 0);
    CHECK(readPng(dir.file("crate.png")).pixel(10, 6)[0] == 255);
    const CliResult r = runRefrast("render " + scene + " --until-draw 3 -o " + dir.file("x.png"));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: usage: --until-draw 3: " + scene + " has only 3 draws\n");
}

TEST_CASE("cli/check: the differing pixels are attributed to the draws that wrote them") {
    TempDir dir;
    // The readback: the oracle's render with draw 2 ("glass") left out.
    REQUIRE(runRefrast("render " + kCaptures + "/wrong_blend.json --until-draw 1 -o " + dir.file("gpu.png")).status == 0);
    const CliResult r =
        runRefrast("check " + kCaptures + "/wrong_blend.json --against " + dir.file("gpu.png") + " --json " + dir.file("r.json"));
    CHECK(r.status == 1);
    // The glass added (64,0,0) to the floor's grey on [20,2,28,10): 64 px,
    // delta 64; the floor under it touched the same 64.
    CHECK(r.output ==
          "differing fraction 1.2500e-01 (64 of 512 pixels), max delta 64, mean abs RGB error 2.6667: FAIL (exact)\n"
          "differing pixels by draw in A (px: it wrote them last; touched: its fragments reached them), worst first:\n"
          "  draw 2 \"glass\": 64 px, max delta 64, mean delta 64.0, bbox [20,2,28,10]\n"
          "  draw 0 \"floor\": touched 64 px it did not write last, bbox [20,2,28,10]\n");
    const std::vector<uint8_t> json = readFileBytes(dir.file("r.json"));
    CHECK(std::string(json.begin(), json.end()).find("\"draws\": [\n    {\n      \"draw\": 2,\n      \"name\": \"glass\"") !=
          std::string::npos);
}

TEST_CASE("cli/check: a draw hidden behind the last writer is listed as a toucher, in cropped coordinates") {
    TempDir dir;
    // The GPU's frame: hidden_draw with the box's depth test off (ZFUNC ALWAYS).
    std::string gpu = readText(kCaptures + "/hidden_draw.json");
    const size_t box = gpu.find("\"name\": \"box\"");
    REQUIRE(box != std::string::npos);
    const std::string zenable = "\"zenable\": true";
    gpu.replace(gpu.find(zenable, box), zenable.size(), zenable + ", \"zfunc\": \"ALWAYS\"");
    REQUIRE(runRefrast("render " + dir.write("gpu.json", gpu) + " -o " + dir.file("gpu.png")).status == 0);
    const CliResult r = runRefrast("check " + kCaptures + "/hidden_draw.json --against " + dir.file("gpu.png") +
                                   " --crop 12,4,20,12 --json " + dir.file("r.json"));
    CHECK(r.status == 1);
    // In A the crate (red, z 0.5) hides the box (blue, z 0.7) on [12,16) x [6,10):
    // 16 px, delta 255 in R and B. The crop [12,4,20,12) holds all of them at
    // [0,2,4,6); 16 of its 64 px differ; mean abs RGB error 16 * 510 / (3 * 64) = 42.5.
    // The crate wrote them last; the floor (drawn first) and the box (rejected
    // by the depth test) touched all 16.
    CHECK(r.output ==
          "differing fraction 2.5000e-01 (16 of 64 pixels), max delta 255, mean abs RGB error 42.5000: FAIL (exact)\n"
          "differing pixels by draw in A (px: it wrote them last; touched: its fragments reached them), worst first:\n"
          "  draw 1 \"crate\": 16 px, max delta 255, mean delta 255.0, bbox [0,2,4,6]\n"
          "  draw 0 \"floor\": touched 16 px it did not write last, bbox [0,2,4,6]\n"
          "  draw 2 \"box\": touched 16 px it did not write last, bbox [0,2,4,6]\n");
    const std::string json = readText(dir.file("r.json"));
    CHECK(json.find("\"name\": \"box\",\n      \"pixels\": 0,\n      \"max_delta\": 0,\n      \"mean_delta\": 0.0,\n"
                    "      \"bbox\": null,\n      \"moved\": null,\n      \"touched_pixels\": 16,\n") != std::string::npos);
    CHECK(json.find("\"touch_overflow_pixels\": 0\n}") != std::string::npos);
}

TEST_CASE("cli/check: suite-only flags need a directory, single-capture flags are refused for one") {
    TempDir dir;
    CliResult r = runRefrast("check " + kCaptures + "/exact.json --against x.png --shard 0/2");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: usage: --shard needs a captures directory (check CAPTURES_DIR --against READBACKS_DIR)\n");
    r = runRefrast("check " + kCaptures + " --against " + dir.path.string() + " --tolerance 2");
    CHECK(r.status == 2);
    CHECK(r.output ==
          "refrast: usage: --tolerance applies to one capture; in suite mode each capture's \"gate\" decides (docs/suite.md)\n");
}

TEST_CASE("cli/render: --view ambiguity marks the pixels an edge passes through, not the robust insides") {
    TempDir dir;
    REQUIRE(runRefrast("render " + kCaptures + "/exact.json --view ambiguity -o " + dir.file("map.png")).status == 0);
    const Image map = readPng(dir.file("map.png"));
    const auto magenta = [&map](int x, int y) {
        const uint8_t* p = map.pixel(x, y);
        return p[0] == 255 && p[1] == 0 && p[2] == 255;
    };
    CHECK(magenta(8, 4));    // the crate's top-left corner: two edges through the centre
    CHECK(magenta(16, 7));   // just right of the crate: its right edge x = 16 through the centre
    CHECK(magenta(11, 7));   // on the crate's diagonal (8,4)-(16,12)
    CHECK_FALSE(magenta(12, 6));  // inside the crate, 1/sqrt(2) px from its diagonal
    CHECK_FALSE(magenta(30, 14));  // the floor's inside
    // Not magenta: the dimmed grey of the floor, 48 + 128 / 4.
    CHECK(map.pixel(30, 14)[0] == 80);
}
