// SPDX-License-Identifier: MIT
// `refrast sfx simulate` end to end: the JSON shape, byte-identical output for
// one seed, and exit status 2 with file/section/key for bad descriptors.
#include "tests/support/cli.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

using refrast::test::CliResult;
using refrast::test::readText;
using refrast::test::runRefrast;

// A per-test scratch directory, removed with everything in it.
using refrast::test::TempDir;

const std::string kShipped = std::string(REFRAST_SOURCE_DIR) + "/scenes/sfx/specialfx.ini";

std::string simulate(const std::string& effect, int seed, int frames, const fs::path& out) {
    return "sfx simulate " + kShipped + " --effect " + effect + " --seed " + std::to_string(seed) + " --frames " +
           std::to_string(frames) + " --json " + out.string();
}

}  // namespace

TEST_CASE("sfx/command: simulate writes frames 0..N with the documented fields") {
    const TempDir tmp;
    const fs::path out = tmp.path / "chunks.json";
    const CliResult r = runRefrast(simulate("Chunks1", 3, 4, out));
    REQUIRE(r.status == 0);
    const nlohmann::json j = nlohmann::json::parse(readText(out));
    CHECK(j["effect"] == "Chunks1");
    CHECK(j["seed"] == 3);
    REQUIRE(j["frames"].size() == 5);
    CHECK(j["frames"][4]["frame"] == 4);
    const nlohmann::json& p = j["frames"][0]["particles"][0];
    for (const char* key : {"id", "position", "velocity", "heat", "rgb", "alpha", "size"}) CHECK(p.contains(key));
    CHECK(j["frames"][0]["particles"].size() == 12);  // Chunks1: count 12
    CHECK(p["size"] == 1.0);                          // size 2.0 × 0.5
}

TEST_CASE("sfx/command: the same seed gives identical bytes, another seed differs") {
    const TempDir tmp;
    const fs::path& dir = tmp.path;
    REQUIRE(runRefrast(simulate("Fireball", 7, 40, dir / "a.json")).status == 0);
    REQUIRE(runRefrast(simulate("specialfx15", 7, 40, dir / "b.json")).status == 0);
    REQUIRE(runRefrast(simulate("Fireball", 8, 40, dir / "c.json")).status == 0);
    const std::string a = readText(dir / "a.json"), b = readText(dir / "b.json"), c = readText(dir / "c.json");
    // a and b differ only in the "effect" name written back.
    CHECK(a.substr(a.find("\"seed\"")) == b.substr(b.find("\"seed\"")));
    REQUIRE(runRefrast(simulate("Fireball", 7, 40, dir / "a2.json")).status == 0);
    CHECK(readText(dir / "a2.json") == a);
    CHECK(c != a);
}

TEST_CASE("sfx/command: emit simulates the shipped .PFX: five particles by frame 5") {
    const TempDir tmp;
    const fs::path out = tmp.path / "emit.json";
    const std::string pfx = std::string(REFRAST_SOURCE_DIR) + "/scenes/sfx/five_per_fifth.pfx";
    REQUIRE(runRefrast("sfx emit " + pfx + " --seed 1 --frames 7 --json " + out.string()).status == 0);
    const nlohmann::json j = nlohmann::json::parse(readText(out));
    CHECK(j["frames"][5]["particles"].size() == 5);  // issues at frames 0, 2, 3, 4, 5
    CHECK(j["frames"][7]["particles"].size() == 6);
}

TEST_CASE("sfx/command: bad descriptors exit 2 naming file, section and key; no output written") {
    const TempDir tmp;
    const fs::path& dir = tmp.path;
    const fs::path ini = dir / "bad.ini";
    std::ofstream(ini) << "[effects_to_load]\nspecialfx3=Chunks1\n[Chunks1]\nversion=1\ntexture=NOTEX\ntype=0\n"
                          "size=2.0\nvelocity=45\nv_bias=0.5\ny_off=-1\ncook=1.0 0.6 0.3\nvarience=0.2\n"
                          "gravity=34\ncool=0.9 1.5\ncount=12\n";
    const fs::path out = dir / "never.json";
    const CliResult r = runRefrast("sfx simulate " + ini.string() + " --effect Chunks1 --seed 1 --frames 1 --json " +
                            out.string());
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: " + ini.string() + ": [Chunks1] repeats: missing key\n");
    CHECK_FALSE(fs::exists(out));

    const CliResult unknown = runRefrast(simulate("Nope", 1, 1, out));
    CHECK(unknown.status == 2);
    CHECK(unknown.output == "refrast: " + kShipped + ": [effects_to_load]: no effect or slot named 'Nope'\n");
    CHECK(runRefrast("sfx simulate " + kShipped + " --effect Fireball --seed 1 --frames -1 --json x.json").status == 2);
    const CliResult negativeSeed = runRefrast(simulate("Fireball", -1, 1, out));
    CHECK(negativeSeed.status == 2);
    CHECK(negativeSeed.output ==
          "refrast: usage: --seed: expected an integer in [0, 18446744073709551615], got '-1'\n");
    CHECK(runRefrast("sfx simulate --help").status == 0);
}
