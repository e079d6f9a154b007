// SPDX-License-Identifier: MIT
// The golden suite's scene list: every *.json under the scenes directory,
// named by its relative path without ".json", sorted; selection by name and
// deterministic sharding (docs/golden.md).
#pragma once

#include <string>
#include <vector>

namespace refrast::golden {

struct SceneEntry {
    std::string name;  // "rasterize/fill_rule/shared_edge_quad"
    std::string path;  // the scene file
};

// Every scene under `dir`, sorted by name (byte order). InputError when `dir`
// is not a directory.
std::vector<SceneEntry> listScenes(const std::string& dir);

// Keeps the scenes named in `names` (a name selects that scene, or every scene
// below it when it names a directory). UsageError for a name matching nothing.
std::vector<SceneEntry> selectScenes(const std::vector<SceneEntry>& scenes, const std::vector<std::string>& names);

struct Shard {
    int index = 0;  // K, 0..count-1
    int count = 1;  // N
};

// Parses "K/N" with 0 <= K < N; UsageError otherwise.
Shard parseShard(const std::string& text);

// Scene i of the sorted list belongs to shard i mod N: every scene lands in
// exactly one shard and the shards' sizes differ by at most one.
std::vector<SceneEntry> shardScenes(const std::vector<SceneEntry>& scenes, Shard shard);

}  // namespace refrast::golden
