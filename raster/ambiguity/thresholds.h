// SPDX-License-Identifier: MIT
// The thresholds of the ambiguity map's criteria, each with its reason
// (docs/ambiguity.md has the longer account). They are judgements about how
// far two honest D3D9-class implementations may drift apart, not D3D numbers.
#pragma once

namespace refrast {

// Texture, POINT filtering: a texel-space coordinate within 1/128 texel of a
// texel boundary. refrast floors the float coordinate; hardware snaps it to
// 8 (D3D10) or fewer sub-texel bits and interpolates texcoords with other
// rounding, which moves it by up to about 1/256 texel.
constexpr float kPointKnifeTexels = 1.0f / 128.0f;

// Texture, LINEAR filtering: the bilinear weight within 1/16 of a step of its
// 8-bit quantisation (T-7: floor(alpha * 256)), i.e. 1/4096 texel: another
// implementation's float error, or rounding instead of flooring, takes the
// neighbouring weight there.
constexpr float kBilinearKnifeTexels = 1.0f / 4096.0f;

// Texture, mip selection: lambda within 1/16 mip level of a MAG/MIN switch
// (lambda = 0) or of a MIPFILTER POINT level boundary (lambda = n + 1/2).
// GPUs approximate log2 and the footprint rho (D3D allows "a reasonable
// approximation"), which moves lambda by a few 1/256 steps.
constexpr int kLodKnifeSteps = 16;  // in 1/256 levels

// Alpha test: the 8-bit alpha one step either way changes the outcome.
// The alpha arrives through interpolation and combiners whose float error
// (or a truncating quantisation) moves it by one step.
constexpr int kAlphaTestSteps = 1;

// Depth test: the stored incoming depth within 2 units (UNORM formats) or
// 4 ULPs (float formats) of the stored depth. Depth interpolation (plane
// equation against barycentrics, other precision) and the depth conversion
// round differently by a unit or two.
constexpr int kDepthUnormUnits = 2;
constexpr int kDepthFloatUlps = 4;

// Colour write: the converted value within 1/1024 of a step of an exact .5
// tie. refrast rounds half up; hardware may round half to even or carry
// float error of that size into the conversion.
constexpr float kUnormTieSteps = 1.0f / 1024.0f;

}  // namespace refrast
