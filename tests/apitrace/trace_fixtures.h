// SPDX-License-Identifier: MIT
// The shared apitrace recordings (../shared/traces beside the repo, or
// REFRAST_TRACES_DIR): real traces with apitrace's own dump of each.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace refrast::test {

inline std::string sharedTracesDir() {
    if (const char* env = std::getenv("REFRAST_TRACES_DIR")) return env;
    return (std::filesystem::path(REFRAST_SOURCE_DIR) / ".." / "shared" / "traces").lexically_normal().string();
}

inline const std::vector<std::string>& sharedTraceNames() {
    static const std::vector<std::string> names = {"d3d9_tri",        "d3d9_tri_pp",  "d3d9_map_readonly",
                                                   "d3d9_tex_sysmem", "d3d9_ff_quad", "d3d7_tri"};
    return names;
}

inline std::string sharedTrace(const std::string& name, const std::string& ext = ".trace") {
    return sharedTracesDir() + "/" + name + ext;
}

}  // namespace refrast::test
