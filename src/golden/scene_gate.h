// SPDX-License-Identifier: MIT
// A scene's "gate" (GateSpec, parsed by loadScene) as diff options: exact by
// default (docs/golden.md, docs/scene-format.md "gate").
#pragma once

#include "refrast/diff.h"
#include "refrast/scene.h"

namespace refrast::golden {

DiffOptions diffOptionsFor(const GateSpec& gate);

}  // namespace refrast::golden
