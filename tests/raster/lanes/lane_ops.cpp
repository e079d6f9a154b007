// SPDX-License-Identifier: MIT
#include "tests/raster/lanes/lane_ops.h"

namespace refrast {

#define REFRAST_DECLARE_LANE_OPS(ns) \
    namespace ns {                   \
    void runLaneOps(const LaneOpsInput&, LaneOpsOutput&); \
    }
REFRAST_DECLARE_LANE_OPS(lanes_scalar)
REFRAST_DECLARE_LANE_OPS(lanes_sse)
REFRAST_DECLARE_LANE_OPS(lanes_avx2)
REFRAST_DECLARE_LANE_OPS(lanes_avx512)
#undef REFRAST_DECLARE_LANE_OPS

void runLaneOps(SimdLevel level, const LaneOpsInput& in, LaneOpsOutput& out) {
    switch (level) {
        case SimdLevel::Scalar: return lanes_scalar::runLaneOps(in, out);
        case SimdLevel::Sse: return lanes_sse::runLaneOps(in, out);
        case SimdLevel::Avx2: return lanes_avx2::runLaneOps(in, out);
        case SimdLevel::Avx512: return lanes_avx512::runLaneOps(in, out);
    }
}

}  // namespace refrast
