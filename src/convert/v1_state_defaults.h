// SPDX-License-Identifier: MIT
// The value every version 1 state key holds when a draw does not give it
// (docs/scene-format.md, docs/fixed-function.md §13, §16.7), written as the
// JSON a scene would carry. The v1 → v2 converter needs them to undo a key
// one draw set and the next one leaves out: version 2 state persists.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace refrast::convert {

// A draw "state" key (canonical lower-case name, or a refrast option name).
// Version 1's `lighting` default is false (§16.1).
std::optional<nlohmann::json> renderStateDefault(const std::string& key);
// A key of stage `stage`'s entry of "stages" (D3DTSS_* names and the texture
// coordinate modifiers tiling, scroll, texturetransform, page_cell).
std::optional<nlohmann::json> stageStateDefault(const std::string& key, int stage);
// A key of a stage's "sampler" object (D3DSAMP_* names).
std::optional<nlohmann::json> samplerStateDefault(const std::string& key);

}  // namespace refrast::convert
