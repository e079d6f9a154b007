// SPDX-License-Identifier: MIT
// Every op of raster/lanes/lanes.h applied to arrays, at each compiled width
// (lane_ops_<level>.cpp), so the test can compare the widths bit for bit.
#pragma once

#include "raster/lanes/simd_level.h"

#include <cstdint>

namespace refrast {

constexpr int kLaneOpsPixels = 64;  // a multiple of every width

struct LaneOpsInput {
    float a[kLaneOpsPixels], b[kLaneOpsPixels], c[kLaneOpsPixels];
    int32_t i[kLaneOpsPixels], j[kLaneOpsPixels];
    int64_t wide[kLaneOpsPixels];  // quadEdgesToFloat's quad values (the first kLaneOpsPixels / 4)
    int64_t step[2];               // and its steps a (x) and b (y)
    float table[256];
};

struct LaneOpsOutput {
    float add[kLaneOpsPixels], sub[kLaneOpsPixels], mul[kLaneOpsPixels], div[kLaneOpsPixels];
    float min[kLaneOpsPixels], max[kLaneOpsPixels], clamp[kLaneOpsPixels], floor[kLaneOpsPixels];
    float select[kLaneOpsPixels], nanTo0[kLaneOpsPixels], toFloat[kLaneOpsPixels], gatherF[kLaneOpsPixels];
    float sqrt[kLaneOpsPixels], doubleMul[kLaneOpsPixels], intDouble[kLaneOpsPixels], asFloat[kLaneOpsPixels];
    int32_t asInt[kLaneOpsPixels];
    int32_t trunc[kLaneOpsPixels], imin[kLaneOpsPixels], imax[kLaneOpsPixels], iclamp[kLaneOpsPixels];
    int32_t iand[kLaneOpsPixels], ishift[kLaneOpsPixels], imul[kLaneOpsPixels], imod[kLaneOpsPixels];
    int32_t gatherI[kLaneOpsPixels], anyLess[kLaneOpsPixels];
    int32_t toUint32[kLaneOpsPixels], laneBit[kLaneOpsPixels];
    int32_t log2Fixed8[kLaneOpsPixels], log2Fixed24[kLaneOpsPixels];  // raster/math/log2_fixed.inl
    float detExp[kLaneOpsPixels], detExpScaled[kLaneOpsPixels];       // raster/pixel/det_math.inl: of a, of c * 128
    float records[4][kLaneOpsPixels];
    float int64Float[kLaneOpsPixels];  // quadEdgesToFloat
    float pairs[8][kLaneOpsPixels];      // gatherRecordPairs of `table`, record i & 31 and the next, by channel
    float recordMix[4][kLaneOpsPixels];  // (pair a - pair b) * perRecord(b) + pair a, by channel
};

void runLaneOps(SimdLevel level, const LaneOpsInput& in, LaneOpsOutput& out);

}  // namespace refrast
