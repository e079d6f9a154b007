// SPDX-License-Identifier: MIT
// Expands a scene-placed effect to its quads (docs/sfx.md "Drawing").
#include "formats/sfx/sfx_placement.h"

#include "formats/sfx/sfx_simulation.h"
#include "refrast/error.h"

namespace refrast::sfx {

PlacedEffect placeEffect(const SfxPlacement& placement, const Mat4& view, const std::string& sceneFile,
                         const std::string& effectPointer, const SfxModelParams& m) {
    const SfxDescriptorSet set = loadSfxIni(placement.descriptors);
    const SfxDescriptor* d = set.find(placement.effect);
    if (!d)
        throw InputError(sceneFile, effectPointer,
                         "no effect or slot named '" + placement.effect + "' in " + placement.descriptors);
    const SimulatedFrame frame = simulateEffectAt(*d, placement.seed, placement.time, m);
    return {*d, expandToQuads(frame, placement.positionWorld, view, m)};
}

}  // namespace refrast::sfx
