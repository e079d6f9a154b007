// SPDX-License-Identifier: MIT
// The body of lane_ops_<level>.cpp (tests/raster/lanes/lane_ops.h).
#include "raster/lanes/lanes.h"
#include "raster/math/log2_fixed.inl"
#include "raster/pixel/det_math.inl"
#include "tests/raster/lanes/lane_ops.h"

namespace refrast::REFRAST_LANES_NS {

void runLaneOps(const LaneOpsInput& in, LaneOpsOutput& out) {
    for (int k = 0; k < kLaneOpsPixels; k += kWidth) {
        const F a = load(in.a + k), b = load(in.b + k), c = load(in.c + k);
        const I32 i = loadI(in.i + k), j = loadI(in.j + k);
        store(out.add + k, a + b);
        store(out.sub + k, a - b);
        store(out.mul + k, a * b);
        store(out.div + k, a / b);
        store(out.min + k, min(a, b));
        store(out.max + k, max(a, b));
        store(out.clamp + k, clamp(a, b, c));
        store(out.floor + k, floor(a));
        store(out.sqrt + k, sqrt(a));  // negative a: NaN
        store(out.asInt + k, asInt(a));
        store(out.asFloat + k, asFloat(i));
        D da[kDoubleParts], db[kDoubleParts];  // widened, multiplied in double, narrowed: lane order kept
        toDoubles(a, da);
        toDoubles(b, db);
        for (int h = 0; h < kDoubleParts; ++h) da[h] = da[h] * db[h] + splatD(0.25);
        store(out.doubleMul + k, fromDoubles(da));
        D di[kDoubleParts];  // int32 widened exactly, halved in double, narrowed
        toDoubles(i, di);
        for (int h = 0; h < kDoubleParts; ++h) di[h] = di[h] * splatD(0.5);
        store(out.intDouble + k, fromDoubles(di));
        store(out.select + k, select(a < b, c, a));
        store(out.nanTo0 + k, select(isNan(a), splat(0.0f), a));
        // truncToInt's domain: |x| < 2^31 (the kernels clamp first)
        store(out.trunc + k, truncToInt(select(isNan(a), splat(0.0f), clamp(a, splat(-2147483520.0f), splat(2147483520.0f)))));
        store(out.toFloat + k, toFloat(i));
        store(out.imin + k, min(i, j));
        store(out.imax + k, max(i, j));
        store(out.iclamp + k, clamp(i, splatI(-3), splatI(200)));
        store(out.iand + k, i & j);
        store(out.ishift + k, (i >> 8) & splatI(0xFF));
        store(out.imul + k, (i & splatI(0xFFFF)) * (j & splatI(0x7FFF)));
        store(out.imod + k, eachLane(i, [](int32_t x) { return x % 7; }));
        const I32 index = i & splatI(0xFF);
        store(out.gatherF + k, gather(in.table, index));
        store(out.gatherI + k, gather(reinterpret_cast<const int32_t*>(in.table), index));
        store(out.anyLess + k, splatI(any(a < b) ? 1 : 0));
        // floor on doubles and truncToUint32 (the UNORM depth store's ops): a in
        // [0, 1] (NaN as 0) to an integer in [0, 2^32 - 1], as D32 stores it.
        D dz[kDoubleParts];
        toDoubles(clamp(select(isNan(a), splat(0.0f), a), splat(0.0f), splat(1.0f)), dz);
        for (D& part : dz) part = floor(part * splatD(4294967295.0) + splatD(0.5));
        store(out.toUint32 + k, truncToUint32(dz));
        // laneBits: bit g is lane g's condition, nothing above the width.
        const unsigned bits = laneBits(i < j);
        for (int g = 0; g < kWidth; ++g) out.laneBit[k + g] = int32_t(bits >> g & 1);
        if (bits >> kWidth) out.laneBit[k] = -1;
        store(out.log2Fixed8 + k, log2Fixed(abs(a), 8));  // the mip λ's bits
        store(out.log2Fixed24 + k, log2Fixed(b, 24));     // the lighting's; negative b: the lower limit
        store(out.detExp + k, detExp(a));                  // special values, ties
        store(out.detExpScaled + k, detExp(c * splat(128.0f)));  // across e^x's finite range and past it
        store(out.int64Float + k, quadEdgesToFloat(in.wide, in.step[0], in.step[1], k));
        F records[4];
        gatherRecords4(in.table, i & splatI(63), records);
        for (int c = 0; c < 4; ++c) store(out.records[c] + k, records[c]);
        Records first, second;
        gatherRecordPairs(in.table, (i & splatI(31)) << 4, first, second);  // byte offsets of records i & 31
        F pair[8];
        channelsOf(first, pair);
        channelsOf(second, pair + 4);
        for (int c = 0; c < 8; ++c) store(out.pairs[c] + k, pair[c]);
        // Records' arithmetic and per-record weights: (first - second) * w + first, by channel.
        F mixed[4];
        channelsOf((first - second) * perRecord(b) + first, mixed);
        for (int c = 0; c < 4; ++c) store(out.recordMix[c] + k, mixed[c]);
    }
}

}  // namespace refrast::REFRAST_LANES_NS
