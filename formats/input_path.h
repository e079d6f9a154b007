// SPDX-License-Identifier: MIT
// The input rules for files a scene names (buffer uris, texture files,
// palette banks): a regular file under the scene's folder, unless
// --allow-outside-files; FIFOs, devices, sockets and directories are errors
// naming the JSON pointer (docs/scene-format.md "Files a scene names").
#pragma once

#include "formats/json_reader.h"

#include <string>

namespace refrast {

// Resolves the string at `fileNode` against `sceneDir` and checks the rules;
// `what` names the file in messages ("texture file", "buffer"). Returns the path.
std::string resolveSceneFile(const json::Node& fileNode, const std::string& sceneDir, const std::string& what);

}  // namespace refrast
