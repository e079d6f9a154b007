// SPDX-License-Identifier: MIT
// A scene's "gate" (GateSpec, parsed by loadScene) as diff options: exact by
// default (docs/golden.md, docs/scene-format.md "gate").
#pragma once

#include "refrast/diff.h"
#include "refrast/scene.h"

namespace refrast::golden {

// Everything but the mask, which the caller reads (readGateMask) and points
// the options at.
DiffOptions diffOptionsFor(const GateSpec& gate);

// The gate's mask image (empty Image when it has none); InputError when it
// cannot be read or its size is not width x height.
Image readGateMask(const GateSpec& gate, int width, int height);

}  // namespace refrast::golden
