// SPDX-License-Identifier: MIT
// `refrast convert v1-to-v2`: a version 1 scene as the equivalent version 2
// capture (docs/scene-format.md "Converting version 1"): its target becomes a
// colour and a depth/stencil surface, its clear one Clear, and each draw's
// full state block the SetRenderState / SetTextureStageState /
// SetSamplerState / SetTexture / SetTransform / SetLight / LightEnable /
// SetMaterial / SetClipPlane deltas from the draw before, followed by the
// draw call. The capture renders byte-identically to the original.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace refrast::convert {

// `v1` is the parsed version 1 document of `inFile` (already validated by
// loadScene); relative file names are rewritten to resolve from
// `outDirectory`, the folder the capture is written to. Throws InputError
// for what version 2 cannot say (naming the JSON pointer).
nlohmann::ordered_json convertV1ToV2(const nlohmann::json& v1, const std::string& inFile,
                                     const std::string& outDirectory);

// The capture as text: the top-level keys one per line and each command on
// its own line, so a diff of two captures reads call by call.
std::string formatCapture(const nlohmann::ordered_json& capture);

}  // namespace refrast::convert
