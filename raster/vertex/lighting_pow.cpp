// SPDX-License-Identifier: MIT
#include "raster/vertex/lighting_pow.h"

namespace refrast {

namespace lanes_scalar {
float powLane(float x, float p);
}

float lightingPow(float x, float p) { return lanes_scalar::powLane(x, p); }

}  // namespace refrast
