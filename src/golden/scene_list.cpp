// SPDX-License-Identifier: MIT
// Listing, selecting and sharding the golden suite's scenes.
#include "src/golden/scene_list.h"

#include "refrast/error.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

namespace refrast::golden {

namespace fs = std::filesystem;

std::vector<SceneEntry> listScenes(const std::string& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw InputError(dir, "", "not a directory (expected the scenes directory)");
    std::vector<SceneEntry> scenes;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
        std::string name = fs::relative(entry.path(), dir).replace_extension().generic_string();
        scenes.push_back({std::move(name), entry.path().string()});
    }
    std::sort(scenes.begin(), scenes.end(), [](const SceneEntry& a, const SceneEntry& b) { return a.name < b.name; });
    return scenes;
}

std::vector<SceneEntry> selectScenes(const std::vector<SceneEntry>& scenes, const std::vector<std::string>& names) {
    if (names.empty()) return scenes;
    const auto selects = [](const std::string& name, const SceneEntry& s) {
        return s.name == name || s.name.rfind(name + "/", 0) == 0;
    };
    for (const std::string& name : names)
        if (std::none_of(scenes.begin(), scenes.end(), [&](const SceneEntry& s) { return selects(name, s); }))
            throw UsageError("no scene named \"" + name + "\"");
    std::vector<SceneEntry> out;
    for (const SceneEntry& s : scenes)
        if (std::any_of(names.begin(), names.end(), [&](const std::string& n) { return selects(n, s); })) out.push_back(s);
    return out;
}

Shard parseShard(const std::string& text) {
    Shard shard;
    const size_t slash = text.find('/');
    const char* s = text.data();
    const auto number = [](const char* first, const char* last, int& value) {
        const auto [end, ec] = std::from_chars(first, last, value);
        return ec == std::errc() && end == last;
    };
    if (slash == std::string::npos || !number(s, s + slash, shard.index) ||
        !number(s + slash + 1, s + text.size(), shard.count) || shard.count < 1 || shard.index < 0 ||
        shard.index >= shard.count)
        throw UsageError("--shard \"" + text + "\" is not K/N with 0 <= K < N");
    return shard;
}

std::vector<SceneEntry> shardScenes(const std::vector<SceneEntry>& scenes, Shard shard) {
    std::vector<SceneEntry> out;
    for (size_t i = size_t(shard.index); i < scenes.size(); i += size_t(shard.count)) out.push_back(scenes[i]);
    return out;
}

}  // namespace refrast::golden
