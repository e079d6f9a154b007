// SPDX-License-Identifier: MIT
// Listing, selecting and sharding scenes.
#include "refrast/error.h"
#include "src/golden/scene_list.h"
#include "tests/golden/golden_test_util.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace refrast;
using namespace refrast::difftest;

namespace {
std::vector<std::string> names(const std::vector<golden::SceneEntry>& scenes) {
    std::vector<std::string> out;
    for (const auto& s : scenes) out.push_back(s.name);
    return out;
}
}  // namespace

TEST_CASE("golden/scene_list: every JSON under the directory, named by relative path, sorted") {
    Suite suite("scene-list");
    for (const char* n : {"raster/b", "raster/a", "blend/x", "z"}) suite.addScene(n, Image(1, 1));
    writeFileAtomic(suite.dir.file("scenes/raster/a.bin"), {0});  // not a scene
    const auto scenes = golden::listScenes(suite.scenes());
    CHECK(names(scenes) == std::vector<std::string>{"blend/x", "raster/a", "raster/b", "z"});
    CHECK(names(golden::selectScenes(scenes, {"raster", "z"})) == std::vector<std::string>{"raster/a", "raster/b", "z"});
    CHECK_THROWS_WITH_AS(golden::selectScenes(scenes, {"rast"}), "no scene named \"rast\"", UsageError);
}

TEST_CASE("golden/scene_list: shards split the sorted list, every scene in exactly one shard") {
    std::vector<golden::SceneEntry> scenes;
    for (char i = 0; i < 7; ++i) scenes.push_back({std::string{'s', char('0' + i)}, ""});
    CHECK(names(golden::shardScenes(scenes, golden::parseShard("0/3"))) == std::vector<std::string>{"s0", "s3", "s6"});
    CHECK(names(golden::shardScenes(scenes, golden::parseShard("1/3"))) == std::vector<std::string>{"s1", "s4"});
    CHECK(names(golden::shardScenes(scenes, golden::parseShard("2/3"))) == std::vector<std::string>{"s2", "s5"});
    CHECK_THROWS_WITH_AS(golden::parseShard("3/3"), "--shard \"3/3\" is not K/N with 0 <= K < N", UsageError);
    CHECK_THROWS_AS(golden::parseShard("1"), UsageError);
}

TEST_CASE("golden/scene_list: a missing scenes directory is bad input") {
    CHECK_THROWS_WITH_AS(golden::listScenes("/nonexistent/scenes"),
                         "/nonexistent/scenes: not a directory (expected the scenes directory)", InputError);
}
