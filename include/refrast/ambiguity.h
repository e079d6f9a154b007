// SPDX-License-Identifier: MIT
// The ambiguity map's criteria (docs/ambiguity.md), as bits of one plane: a
// pixel is ambiguous when its value hangs on a knife edge that another honest
// implementation may decide the other way. A standalone header (plain types
// only): the pipeline records the bits, reports and the public API read them.
#pragma once

#include <cstdint>

namespace refrast {

enum AmbiguityCause : uint8_t {
    kKnifeCoverage = 1,   // a triangle edge within 1/16 px of the sample
    kKnifeTexture = 2,    // a texel, bilinear-weight or mip-level boundary at the coordinate
    kKnifeAlphaTest = 4,  // the quantised alpha within one step of ALPHAREF's boundary
    kKnifeDepth = 8,      // the depth test within a few units of the other outcome
    kKnifeUnormTie = 16,  // a colour write on (or within 1/1024 step of) an exact .5 tie
};
constexpr int kAmbiguityCauses = 5;

// The causes' names in bit order, as report.json and the suite lines spell them.
constexpr const char* kAmbiguityCauseNames[kAmbiguityCauses] = {"coverage", "texture", "alpha_test", "depth",
                                                                "unorm_tie"};

}  // namespace refrast
