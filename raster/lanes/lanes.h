// SPDX-License-Identifier: MIT
// The lane types of the pixel path and their op vocabulary: the only file
// that names xsimd (HOUSE-STYLE 4.3). A pixel stage is written once over
// `F` (float lanes), `I32` (int32 lanes), `Mask` / `IMask` (their lane
// conditions); each kernel translation unit defines REFRAST_LANES_TARGET
// before including this header and so compiles the same source at one width:
//
//   0  scalar  width 1  F = float          (the reference: the x86-64 baseline)
//   1  sse     width 4  xsimd sse4_1       (-msse4.1)
//   2  avx2    width 8  xsimd avx2         (-mavx2)
//   3  avx512  width 16 xsimd avx512f      (-mavx512f -mavx512dq)
//
// Every op is IEEE-exact and does lane by lane what its scalar line does: no
// FMA, no rcp/rsqrt estimates, no reassociation. min, max and clamp are
// std::min/std::max/std::clamp's own comparisons (which operand wins on NaN
// and on ±0), not minps/maxps. Everything lives in a namespace of its own per
// target, so kernels compiled with different -m flags never share a symbol.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#ifndef REFRAST_LANES_TARGET
#define REFRAST_LANES_TARGET 0
#endif

#if REFRAST_LANES_TARGET == 0
#define REFRAST_LANES_NS lanes_scalar
#else
// GCC 12 reports its own AVX-512 intrinsics' _mm512_undefined_ps() as used
// uninitialized (GCC bug 105593); the diagnostic sits at the header's lines.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <xsimd/xsimd.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#if REFRAST_LANES_TARGET == 1
#define REFRAST_LANES_NS lanes_sse
#elif REFRAST_LANES_TARGET == 2
#define REFRAST_LANES_NS lanes_avx2
#elif REFRAST_LANES_TARGET == 3
#define REFRAST_LANES_NS lanes_avx512
#else
#error "REFRAST_LANES_TARGET must be 0..3"
#endif
#endif

namespace refrast::REFRAST_LANES_NS {

#if REFRAST_LANES_TARGET == 0

constexpr int kWidth = 1;
using F = float;
using I32 = int32_t;
using Mask = bool;
using IMask = bool;

inline F splat(float x) { return x; }
inline I32 splatI(int32_t x) { return x; }
inline F load(const float* p) { return *p; }
inline I32 loadI(const int32_t* p) { return *p; }
inline void store(float* p, F x) { *p = x; }
inline void store(int32_t* p, I32 x) { *p = x; }
inline F select(Mask m, F a, F b) { return m ? a : b; }
inline I32 select(IMask m, I32 a, I32 b) { return m ? a : b; }
inline F floor(F x) { return std::floor(x); }
inline I32 truncToInt(F x) { return int32_t(x); }  // int(x): the caller keeps x in int range
inline F toFloat(I32 i) { return float(i); }
inline Mask asMask(IMask m) { return m; }
inline bool any(Mask m) { return m; }
inline Mask isNan(F x) { return std::isnan(x); }
// base[index] for 32-bit elements.
// (The int32 form reads any 4-byte elements, such as RGBA8 texels: memcpy, no aliasing.)
inline I32 gather(const int32_t* base, I32 index) {
    int32_t v;
    std::memcpy(&v, base + index, 4);
    return v;
}
inline F gather(const float* base, I32 index) { return base[index]; }

#else

#if REFRAST_LANES_TARGET == 1
using Arch = xsimd::sse4_1;
#elif REFRAST_LANES_TARGET == 2
using Arch = xsimd::avx2;
#else
using Arch = xsimd::avx512f;
#endif

using F = xsimd::batch<float, Arch>;
using I32 = xsimd::batch<int32_t, Arch>;
using Mask = xsimd::batch_bool<float, Arch>;
using IMask = xsimd::batch_bool<int32_t, Arch>;
constexpr int kWidth = int(F::size);

inline F splat(float x) { return F(x); }
inline I32 splatI(int32_t x) { return I32(x); }
inline F load(const float* p) { return F::load_unaligned(p); }
inline I32 loadI(const int32_t* p) { return I32::load_unaligned(p); }
inline void store(float* p, F x) { x.store_unaligned(p); }
inline void store(int32_t* p, I32 x) { x.store_unaligned(p); }
inline F select(Mask m, F a, F b) { return xsimd::select(m, a, b); }
inline I32 select(IMask m, I32 a, I32 b) { return xsimd::select(m, a, b); }
inline F floor(F x) { return xsimd::floor(x); }          // roundps toward -inf: exact, NaN stays NaN
inline I32 truncToInt(F x) { return xsimd::to_int(x); }  // cvttps2dq, int(x) for x in int range
inline F toFloat(I32 i) { return xsimd::to_float(i); }   // cvtdq2ps, exact below 2^24
inline bool any(Mask m) { return xsimd::any(m); }

// x is NaN: an unordered compare. (Never write `a != b` on F: xsimd's AVX and
// AVX-512 forms compare ordered, so NaN != NaN is false there, unlike C++.)
inline Mask isNan(F x) {
#if REFRAST_LANES_TARGET == 1
    return Mask(_mm_cmpunord_ps(x, x));
#elif REFRAST_LANES_TARGET == 2
    return Mask(_mm256_cmp_ps(x, x, _CMP_UNORD_Q));
#else
    return Mask(_mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q));
#endif
}

// The int32 condition as a float one (the same lanes).
inline Mask asMask(IMask m) {
#if REFRAST_LANES_TARGET == 1
    return Mask(_mm_castsi128_ps(m));
#elif REFRAST_LANES_TARGET == 2
    return Mask(_mm256_castsi256_ps(m));
#else
    return Mask(__mmask16(m));
#endif
}

// SSE has no gather: four loads inserted into the register (through a
// lane array, the load of four separate stores waited on store forwarding:
// an eighth of W3's mip selection at SSE).
inline I32 gather(const int32_t* base, I32 index) {
#if REFRAST_LANES_TARGET == 1
    alignas(16) int32_t i[4];
    index.store_aligned(i);
    __m128i v = _mm_cvtsi32_si128(base[i[0]]);
    v = _mm_insert_epi32(v, base[i[1]], 1);
    v = _mm_insert_epi32(v, base[i[2]], 2);
    return I32(_mm_insert_epi32(v, base[i[3]], 3));
#elif REFRAST_LANES_TARGET == 2
    return _mm256_i32gather_epi32(base, index, 4);
#else
    return _mm512_i32gather_epi32(index, base, 4);
#endif
}

inline F gather(const float* base, I32 index) {
#if REFRAST_LANES_TARGET == 1
    alignas(16) int32_t i[4];
    index.store_aligned(i);
    __m128 v = _mm_load_ss(base + i[0]);
    v = _mm_insert_ps(v, _mm_load_ss(base + i[1]), 0x10);
    v = _mm_insert_ps(v, _mm_load_ss(base + i[2]), 0x20);
    return F(_mm_insert_ps(v, _mm_load_ss(base + i[3]), 0x30));
#elif REFRAST_LANES_TARGET == 2
    return _mm256_i32gather_ps(base, index, 4);
#else
    return _mm512_i32gather_ps(index, base, 4);
#endif
}

#endif

// Lane j = perQuad[j / 4]: one value per 2×2 quad to the lanes of its four
// pixels (a lane group holds kWidth / 4 quads; width 1 reads perQuad[0]).
// Broadcasts: a gather of them, or a load of values just stored one by one
// (store forwarding), waited far longer.
inline F quadLanes(const float* perQuad) {
#if REFRAST_LANES_TARGET == 0 || REFRAST_LANES_TARGET == 1
    return splat(perQuad[0]);
#elif REFRAST_LANES_TARGET == 2
    return _mm256_setr_m128(_mm_set1_ps(perQuad[0]), _mm_set1_ps(perQuad[1]));
#else
    const __m512 q01 = _mm512_mask_blend_ps(0x00F0, _mm512_set1_ps(perQuad[0]), _mm512_set1_ps(perQuad[1]));
    const __m512 q23 = _mm512_mask_blend_ps(0xF000, _mm512_set1_ps(perQuad[2]), _mm512_set1_ps(perQuad[3]));
    return _mm512_mask_blend_ps(0xFF00, q01, q23);
#endif
}

// std::min(a, b) = (b < a) ? b : a; std::max(a, b) = (a < b) ? b : a.
inline F min(F a, F b) { return select(b < a, b, a); }
inline F max(F a, F b) { return select(a < b, b, a); }
inline I32 min(I32 a, I32 b) { return select(b < a, b, a); }
inline I32 max(I32 a, I32 b) { return select(a < b, b, a); }
// std::clamp(v, lo, hi) = v < lo ? lo : (hi < v ? hi : v).
inline F clamp(F v, F lo, F hi) { return select(v < lo, lo, select(hi < v, hi, v)); }
inline I32 clamp(I32 v, I32 lo, I32 hi) { return select(v < lo, lo, select(hi < v, hi, v)); }

// fn applied to each lane's value in turn (what has no lane instruction:
// integer division and modulo; the scalar fallbacks of rarely used formulas).
template <class Fn>
inline I32 eachLane(I32 x, Fn fn) {
    alignas(64) int32_t v[kWidth];
    store(v, x);
    for (int k = 0; k < kWidth; ++k) v[k] = fn(v[k]);
    return loadI(v);
}
template <class Fn>
inline F eachLane(F x, Fn fn) {
    alignas(64) float v[kWidth];
    store(v, x);
    for (int k = 0; k < kWidth; ++k) v[k] = fn(v[k]);
    return load(v);
}

// std::fabs: the sign bit cleared (NaN stays NaN, -0 becomes +0).
inline F abs(F x) {
#if REFRAST_LANES_TARGET == 0
    return std::fabs(x);
#else
    return xsimd::abs(x);
#endif
}

// std::sqrt: IEEE-exact, correctly rounded (sqrtps), NaN for x < 0.
inline F sqrt(F x) {
#if REFRAST_LANES_TARGET == 0
    return std::sqrt(x);
#else
    return xsimd::sqrt(x);
#endif
}

// The bits of a lane as the other type (std::bit_cast).
// Doubles: the kWidth float (or int32) lanes widened exactly into kDoubleParts lanes of
// type D (width 1: one double; wider levels: two halves, low lanes first),
// and narrowed back with one round to nearest each (C++'s float(double));
// floor on them, and truncToUint32: uint32_t(x) of integers x in [0, 2^32)
// as the lanes' bits (stored UNORM depths), low lanes from in[0].
#if REFRAST_LANES_TARGET == 0
inline F asFloat(I32 i) {
    float f;
    std::memcpy(&f, &i, 4);
    return f;
}
inline I32 asInt(F x) {
    int32_t i;
    std::memcpy(&i, &x, 4);
    return i;
}
using D = double;
using DMask = bool;
constexpr int kDoubleParts = 1;
inline D splatD(double x) { return x; }
inline D select(DMask m, D a, D b) { return m ? a : b; }
inline void toDoubles(F x, D out[kDoubleParts]) { out[0] = double(x); }
inline void toDoubles(I32 i, D out[kDoubleParts]) { out[0] = double(i); }
inline F fromDoubles(const D in[kDoubleParts]) { return float(in[0]); }
inline D floor(D x) { return std::floor(x); }
inline I32 truncToUint32(const D in[kDoubleParts]) { return int32_t(uint32_t(in[0])); }
inline unsigned laneBits(IMask m) { return m ? 1u : 0u; }
#else
inline F asFloat(I32 i) { return xsimd::bitwise_cast<F>(i); }
inline I32 asInt(F x) { return xsimd::bitwise_cast<I32>(x); }
using D = xsimd::batch<double, Arch>;
using DMask = xsimd::batch_bool<double, Arch>;
constexpr int kDoubleParts = 2;
inline D splatD(double x) { return D(x); }
inline D select(DMask m, D a, D b) { return xsimd::select(m, a, b); }
inline void toDoubles(F x, D out[kDoubleParts]) {
#if REFRAST_LANES_TARGET == 1
    out[0] = D(_mm_cvtps_pd(x));
    out[1] = D(_mm_cvtps_pd(_mm_movehl_ps(x, x)));
#elif REFRAST_LANES_TARGET == 2
    out[0] = D(_mm256_cvtps_pd(_mm256_castps256_ps128(x)));
    out[1] = D(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
#else
    out[0] = D(_mm512_cvtps_pd(_mm512_castps512_ps256(x)));
    out[1] = D(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1))));
#endif
}
// Every int32 is exact as a double (cvtdq2pd).
inline void toDoubles(I32 i, D out[kDoubleParts]) {
#if REFRAST_LANES_TARGET == 1
    out[0] = D(_mm_cvtepi32_pd(i));
    out[1] = D(_mm_cvtepi32_pd(_mm_unpackhi_epi64(i, i)));
#elif REFRAST_LANES_TARGET == 2
    out[0] = D(_mm256_cvtepi32_pd(_mm256_castsi256_si128(i)));
    out[1] = D(_mm256_cvtepi32_pd(_mm256_extracti128_si256(i, 1)));
#else
    out[0] = D(_mm512_cvtepi32_pd(_mm512_castsi512_si256(i)));
    out[1] = D(_mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(i, 1)));
#endif
}
inline F fromDoubles(const D in[kDoubleParts]) {
#if REFRAST_LANES_TARGET == 1
    return F(_mm_movelh_ps(_mm_cvtpd_ps(in[0]), _mm_cvtpd_ps(in[1])));
#elif REFRAST_LANES_TARGET == 2
    return F(_mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(in[0])), _mm256_cvtpd_ps(in[1]), 1));
#else
    const __m256d lo = _mm256_castps_pd(_mm512_cvtpd_ps(in[0])), hi = _mm256_castps_pd(_mm512_cvtpd_ps(in[1]));
    return F(_mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(lo), hi, 1)));
#endif
}
inline D floor(D x) { return xsimd::floor(x); }  // roundpd toward -inf: exact
// There is no double -> uint32 conversion below AVX-512: x - 2^31 is exact for
// the integers in [0, 2^32) and in int32 range; cvttpd2dq, then flipping the
// sign bit adds 2^31 back in uint32 arithmetic.
inline I32 truncToUint32(const D in[kDoubleParts]) {
    const D bias = splatD(2147483648.0);
    const D lo = in[0] - bias, hi = in[1] - bias;
#if REFRAST_LANES_TARGET == 1
    const I32 i(_mm_unpacklo_epi64(_mm_cvttpd_epi32(lo), _mm_cvttpd_epi32(hi)));
#elif REFRAST_LANES_TARGET == 2
    const I32 i(_mm256_insertf128_si256(_mm256_castsi128_si256(_mm256_cvttpd_epi32(lo)), _mm256_cvttpd_epi32(hi), 1));
#else
    const I32 i(_mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvttpd_epi32(lo)), _mm512_cvttpd_epi32(hi), 1));
#endif
    return i ^ splatI(int32_t(0x80000000u));
}
#endif

// The edge values of lanes p .. p + kWidth - 1 of a span as floats, C++'s
// int64 to float conversion (one rounding to nearest) per lane: pixel k of
// quad q is quads[q] + (k & 1) a + (k >> 1) b, the exact integer steps of
// the edge in x and y (added as two's complement: lanes past a span's end
// may hold stale quads and are ignored). The values are built in registers
// from the per-quad values: loading sixteen int64s stored one by one a
// moment before stalled on store forwarding (AVX-512, W1). Below
// AVX-512DQ there is no lane conversion, so each lane converts alone into
// the register; AVX-512DQ converts eight at once, rounding by MXCSR (to
// nearest even) as cvtsi2ss does: the same floats.
namespace detail {
inline int64_t edgeAt(const int64_t* quads, int64_t a, int64_t b, int pixel) {
    const uint64_t e = uint64_t(quads[pixel >> 2]) + ((pixel & 1) ? uint64_t(a) : 0u) + ((pixel & 2) ? uint64_t(b) : 0u);
    return int64_t(e);
}
}  // namespace detail
inline F quadEdgesToFloat(const int64_t* quads, int64_t a, int64_t b, int p) {
#if REFRAST_LANES_TARGET == 0
    return float(detail::edgeAt(quads, a, b, p));
#elif REFRAST_LANES_TARGET == 1
    auto at = [&](int k) { return float(detail::edgeAt(quads, a, b, p + k)); };
    return F(_mm_setr_ps(at(0), at(1), at(2), at(3)));
#elif REFRAST_LANES_TARGET == 2
    auto at = [&](int k) { return float(detail::edgeAt(quads, a, b, p + k)); };
    return F(_mm256_setr_ps(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)));
#else
    const __m512i steps = _mm512_setr_epi64(0, a, b, int64_t(uint64_t(a) + uint64_t(b)), 0, a, b,
                                            int64_t(uint64_t(a) + uint64_t(b)));
    const int64_t* q = quads + (p >> 2);
    auto twoQuads = [&](int k) {  // quads k, k + 1 into eight lanes
        const __m512i base = _mm512_mask_blend_epi64(0xF0, _mm512_set1_epi64(q[k]), _mm512_set1_epi64(q[k + 1]));
        return _mm512_cvtepi64_ps(_mm512_add_epi64(base, steps));
    };
    return F(_mm512_insertf32x8(_mm512_castps256_ps512(twoQuads(0)), twoQuads(2), 1));
#endif
}

// Bit k set when lane k of m holds (a movemask; width 1: 0 or 1).
#if REFRAST_LANES_TARGET == 1
inline unsigned laneBits(IMask m) { return unsigned(_mm_movemask_ps(_mm_castsi128_ps(m))); }
#elif REFRAST_LANES_TARGET == 2
inline unsigned laneBits(IMask m) { return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(m))); }
#elif REFRAST_LANES_TARGET == 3
inline unsigned laneBits(IMask m) { return unsigned(__mmask16(m)); }
#endif

// Lane k holds k.
inline I32 laneIndices() {
    alignas(64) int32_t lane[kWidth];
    for (int k = 0; k < kWidth; ++k) lane[k] = k;
    return loadI(lane);
}

// Two pixel rows into 2x2 quad order and back (raster/lanes/quad_pixels.inl):
// `top` and `bottom` hold kWidth neighbours of an upper and a lower row, the
// pairs of pixels P_j = top[2j, 2j + 1] and Q_j = bottom[2j, 2j + 1];
// `first` becomes P_0 Q_0 P_1 Q_1 ... (quad j's four pixels in its order),
// `second` the quads after them. Only moves. Width 1 holds no pair: its
// kernels move a quad's pairs one by one.
#if REFRAST_LANES_TARGET != 0
inline void rowsToQuads(I32 top, I32 bottom, I32& first, I32& second) {
#if REFRAST_LANES_TARGET == 1
    first = I32(_mm_unpacklo_epi64(top, bottom));
    second = I32(_mm_unpackhi_epi64(top, bottom));
#elif REFRAST_LANES_TARGET == 2
    const __m256i lo = _mm256_unpacklo_epi64(top, bottom), hi = _mm256_unpackhi_epi64(top, bottom);  // [P0 Q0 | P2 Q2], [P1 Q1 | P3 Q3]
    first = I32(_mm256_permute2x128_si256(lo, hi, 0x20));
    second = I32(_mm256_permute2x128_si256(lo, hi, 0x31));
#else
    first = I32(_mm512_permutex2var_epi64(top, _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), bottom));
    second = I32(_mm512_permutex2var_epi64(top, _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15), bottom));
#endif
}
inline void quadsToRows(I32 first, I32 second, I32& top, I32& bottom) {
#if REFRAST_LANES_TARGET == 1
    top = I32(_mm_unpacklo_epi64(first, second));
    bottom = I32(_mm_unpackhi_epi64(first, second));
#elif REFRAST_LANES_TARGET == 2
    const __m256i lo = _mm256_permute2x128_si256(first, second, 0x20), hi = _mm256_permute2x128_si256(first, second, 0x31);
    top = I32(_mm256_unpacklo_epi64(lo, hi));
    bottom = I32(_mm256_unpackhi_epi64(lo, hi));
#else
    top = I32(_mm512_permutex2var_epi64(first, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), second));
    bottom = I32(_mm512_permutex2var_epi64(first, _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15), second));
#endif
}
#endif

// Records of 4 floats, `stride` floats apart, to and from lanes: lane k of
// out[c] is p[k * stride + c] (kWidth records: vertex positions in and out of
// the vertex kernel). Only moves: the bits are the records'.
#if REFRAST_LANES_TARGET == 1 || REFRAST_LANES_TARGET == 2
namespace detail {
#if REFRAST_LANES_TARGET == 1
using Reg = __m128;
inline Reg unpackLo(Reg a, Reg b) { return _mm_unpacklo_ps(a, b); }
inline Reg unpackHi(Reg a, Reg b) { return _mm_unpackhi_ps(a, b); }
template <int Imm>
inline Reg shuffle(Reg a, Reg b) { return _mm_shuffle_ps(a, b, Imm); }
inline Reg loadPair(const float* p, size_t) { return _mm_loadu_ps(p); }
inline void storePair(float* p, size_t, Reg r) { _mm_storeu_ps(p, r); }
#else
// Register k holds record k in its low half and record k + 4 in its high half.
using Reg = __m256;
inline Reg unpackLo(Reg a, Reg b) { return _mm256_unpacklo_ps(a, b); }
inline Reg unpackHi(Reg a, Reg b) { return _mm256_unpackhi_ps(a, b); }
template <int Imm>
inline Reg shuffle(Reg a, Reg b) { return _mm256_shuffle_ps(a, b, Imm); }
inline Reg loadPair(const float* p, size_t stride) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), _mm_loadu_ps(p + 4 * stride), 1);
}
inline void storePair(float* p, size_t stride, Reg r) {
    _mm_storeu_ps(p, _mm256_castps256_ps128(r));
    _mm_storeu_ps(p + 4 * stride, _mm256_extractf128_ps(r, 1));
}
#endif
// The 4x4 transpose (per 128-bit half): unpack pairs, then shuffle halves;
// channel c of the four records in r, one register per channel.
inline void transpose4(Reg r0, Reg r1, Reg r2, Reg r3, Reg out[4]) {
    const Reg t0 = unpackLo(r0, r1), t1 = unpackHi(r0, r1), t2 = unpackLo(r2, r3), t3 = unpackHi(r2, r3);
    out[0] = shuffle<0x44>(t0, t2);  // _MM_SHUFFLE(1, 0, 1, 0)
    out[1] = shuffle<0xEE>(t0, t2);  // _MM_SHUFFLE(3, 2, 3, 2)
    out[2] = shuffle<0x44>(t1, t3);
    out[3] = shuffle<0xEE>(t1, t3);
}
inline void transpose4(Reg r0, Reg r1, Reg r2, Reg r3, F out[4]) {
    Reg c[4];
    transpose4(r0, r1, r2, r3, c);
    for (int k = 0; k < 4; ++k) out[k] = F(c[k]);
}
}  // namespace detail

inline void loadRecords4(const float* p, size_t stride, F out[4]) {
    using namespace detail;
    transpose4(loadPair(p, stride), loadPair(p + stride, stride), loadPair(p + 2 * stride, stride),
               loadPair(p + 3 * stride, stride), out);
}
inline void storeRecords4(float* p, size_t stride, const F in[4]) {
    using namespace detail;
    const Reg x = in[0], y = in[1], z = in[2], w = in[3];
    const Reg t0 = unpackLo(x, y), t1 = unpackHi(x, y), t2 = unpackLo(z, w), t3 = unpackHi(z, w);
    storePair(p, stride, shuffle<0x44>(t0, t2));
    storePair(p + stride, stride, shuffle<0xEE>(t0, t2));
    storePair(p + 2 * stride, stride, shuffle<0x44>(t1, t3));
    storePair(p + 3 * stride, stride, shuffle<0xEE>(t1, t3));
}
// Records of 4 floats at base + 4 * index: lane k of out[c] is
// base[4 * index[k] + c] (decoded texels, raster/texture/decoded_levels.h).
// A load per record and the transpose, where a gather per channel was four
// times as slow for the sampler's texels (W1).
inline void gatherRecords4(const float* base, I32 index, F out[4]) {
    using namespace detail;
    alignas(32) int32_t i[kWidth];
    store(i, index);
#if REFRAST_LANES_TARGET == 1
    const Reg r0 = _mm_loadu_ps(base + 4 * size_t(i[0])), r1 = _mm_loadu_ps(base + 4 * size_t(i[1]));
    const Reg r2 = _mm_loadu_ps(base + 4 * size_t(i[2])), r3 = _mm_loadu_ps(base + 4 * size_t(i[3]));
#else
    const auto pair = [&](int k) {
        return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(base + 4 * size_t(i[k]))),
                                    _mm_loadu_ps(base + 4 * size_t(i[k + 4])), 1);
    };
    const Reg r0 = pair(0), r1 = pair(1), r2 = pair(2), r3 = pair(3);
#endif
    transpose4(r0, r1, r2, r3, out);
}
#else
#if REFRAST_LANES_TARGET == 3
namespace detail {
// The 4x4 transpose in each 128-bit quarter: register k holds records k,
// k + 4, k + 8, k + 12 by quarter, and quarter j of out[c] is channel c of
// records 4j .. 4j + 3 (the transpose4 of the narrower widths, per quarter).
inline void transpose4(__m512 r0, __m512 r1, __m512 r2, __m512 r3, F out[4]) {
    const __m512 t0 = _mm512_unpacklo_ps(r0, r1), t1 = _mm512_unpackhi_ps(r0, r1);
    const __m512 t2 = _mm512_unpacklo_ps(r2, r3), t3 = _mm512_unpackhi_ps(r2, r3);
    out[0] = F(_mm512_shuffle_ps(t0, t2, 0x44));
    out[1] = F(_mm512_shuffle_ps(t0, t2, 0xEE));
    out[2] = F(_mm512_shuffle_ps(t1, t3, 0x44));
    out[3] = F(_mm512_shuffle_ps(t1, t3, 0xEE));
}
// Records loaded into that layout (record(j) is record j's address), then transposed.
template <class Record>
inline void transposeQuarters(Record record, F out[4]) {
    const auto quad = [&](int k) {
        __m512 r = _mm512_castps128_ps512(_mm_loadu_ps(record(k)));
        r = _mm512_insertf32x4(r, _mm_loadu_ps(record(k + 4)), 1);
        r = _mm512_insertf32x4(r, _mm_loadu_ps(record(k + 8)), 2);
        return _mm512_insertf32x4(r, _mm_loadu_ps(record(k + 12)), 3);
    };
    transpose4(quad(0), quad(1), quad(2), quad(3), out);
}
}  // namespace detail
inline void gatherRecords4(const float* base, I32 index, F out[4]) {
    alignas(64) int32_t i[kWidth];
    store(i, index);
    detail::transposeQuarters([&](int k) { return base + 4 * size_t(i[k]); }, out);
}
// The same from records `stride` floats apart, and back: the scalar copy
// through a lane array stalled on store forwarding (the common stage's quad
// records at AVX-512, the vertex kernel's positions).
inline void loadRecords4(const float* p, size_t stride, F out[4]) {
    detail::transposeQuarters([&](int k) { return p + size_t(k) * stride; }, out);
}
inline void storeRecords4(float* p, size_t stride, const F in[4]) {
    const __m512 x = in[0], y = in[1], z = in[2], w = in[3];
    const __m512 t0 = _mm512_unpacklo_ps(x, y), t1 = _mm512_unpackhi_ps(x, y);
    const __m512 t2 = _mm512_unpacklo_ps(z, w), t3 = _mm512_unpackhi_ps(z, w);
    // Quarter j of s[i] is the record of lane 4j + i.
    const __m512 s[4] = {_mm512_shuffle_ps(t0, t2, 0x44), _mm512_shuffle_ps(t0, t2, 0xEE),
                         _mm512_shuffle_ps(t1, t3, 0x44), _mm512_shuffle_ps(t1, t3, 0xEE)};
    for (int i = 0; i < 4; ++i) {
        _mm_storeu_ps(p + size_t(i) * stride, _mm512_castps512_ps128(s[i]));
        _mm_storeu_ps(p + size_t(4 + i) * stride, _mm512_extractf32x4_ps(s[i], 1));
        _mm_storeu_ps(p + size_t(8 + i) * stride, _mm512_extractf32x4_ps(s[i], 2));
        _mm_storeu_ps(p + size_t(12 + i) * stride, _mm512_extractf32x4_ps(s[i], 3));
    }
}
#else
inline void gatherRecords4(const float* base, I32 index, F out[4]) {
    const float* p = base + 4 * size_t(index);  // the caller's index is a texel, never negative
    out[0] = p[0], out[1] = p[1], out[2] = p[2], out[3] = p[3];
}
inline void loadRecords4(const float* p, size_t, F out[4]) { out[0] = p[0], out[1] = p[1], out[2] = p[2], out[3] = p[3]; }
inline void storeRecords4(float* p, size_t, const F in[4]) { p[0] = in[0], p[1] = in[1], p[2] = in[2], p[3] = in[3]; }
#endif
#endif

// Texel records in record order: the kWidth lanes' records of 4 floats
// (a decoded texel's r, g, b, a), each lane's record whole in one place,
// for arithmetic that is the same for every channel of a record (the
// bilinear filter's lerps). Worked on per record, texels need no transpose
// from the loads until a result is read by channel (channelsOf): per row of
// a bilinear level that was two thirds of the sampler's shuffles at AVX-512.
// Where lane k's record sits, by width:
//   scalar  r[c] = channel c of the one record
//   sse     r[k] = lane k's record
//   avx2    r[k] = [lane k's record | lane k + 4's]
//   avx512  r[k] = [lanes k, k + 4, k + 8, k + 12's records] by 128-bit quarter
// The arithmetic is float by float, so each lane's channel c is computed
// with the same operations as the same lane's channel in F lanes.
struct Records {
    F r[4];
};
inline Records operator+(const Records& a, const Records& b) {
    return {{a.r[0] + b.r[0], a.r[1] + b.r[1], a.r[2] + b.r[2], a.r[3] + b.r[3]}};
}
inline Records operator-(const Records& a, const Records& b) {
    return {{a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2], a.r[3] - b.r[3]}};
}
inline Records operator*(const Records& a, const Records& b) {
    return {{a.r[0] * b.r[0], a.r[1] * b.r[1], a.r[2] * b.r[2], a.r[3] * b.r[3]}};
}

// Each lane's w in all four floats of its record (a weight for Records).
inline Records perRecord(F w) {
#if REFRAST_LANES_TARGET == 0
    return {{w, w, w, w}};
#elif REFRAST_LANES_TARGET == 1
    return {{F(_mm_shuffle_ps(w, w, 0x00)), F(_mm_shuffle_ps(w, w, 0x55)), F(_mm_shuffle_ps(w, w, 0xAA)),
             F(_mm_shuffle_ps(w, w, 0xFF))}};
#elif REFRAST_LANES_TARGET == 2
    Records out;
    for (int k = 0; k < 4; ++k) out.r[k] = F(_mm256_permutevar8x32_ps(w, _mm256_setr_epi32(k, k, k, k, k + 4, k + 4, k + 4, k + 4)));
    return out;
#else
    Records out;
    for (int k = 0; k < 4; ++k)
        out.r[k] = F(_mm512_permutexvar_ps(_mm512_setr_epi32(k, k, k, k, k + 4, k + 4, k + 4, k + 4, k + 8, k + 8, k + 8,
                                                             k + 8, k + 12, k + 12, k + 12, k + 12),
                                           w));
    return out;
#endif
}

// Two adjacent records per lane: a is lane k's record at byte offset
// offset[k] from base (a record index times 16, in [0, 2^31)), b the next
// record (a bilinear row's two texels). AVX2 and AVX-512 read each lane's
// pair with one 32-byte load. Byte offsets, taken out of the register two
// lanes at a time, leave one integer instruction per lane where an index
// took an extraction, a sign extension and a shift (a third of the
// filter's instructions at AVX-512).
namespace detail {
// Lane k's record address for lanes taken out as 64-bit pairs: two[k / 2]
// holds lanes k & ~1 (low half) and k | 1 (high half).
inline const float* recordAt(const float* base, const uint64_t* two, int k) {
    const uint64_t pair = two[k >> 1];
    const uint32_t offset = k & 1 ? uint32_t(pair >> 32) : uint32_t(pair);
    return reinterpret_cast<const float*>(reinterpret_cast<const char*>(base) + offset);
}
}  // namespace detail
inline void gatherRecordPairs(const float* base, I32 offset, Records& a, Records& b) {
#if REFRAST_LANES_TARGET == 0
    const float* p = reinterpret_cast<const float*>(reinterpret_cast<const char*>(base) + uint32_t(offset));
    a = {{p[0], p[1], p[2], p[3]}};
    b = {{p[4], p[5], p[6], p[7]}};
#elif REFRAST_LANES_TARGET == 1
    const uint64_t two[2] = {uint64_t(_mm_cvtsi128_si64(offset)), uint64_t(_mm_extract_epi64(offset, 1))};
    for (int k = 0; k < 4; ++k) {
        const float* p = detail::recordAt(base, two, k);
        a.r[k] = F(_mm_loadu_ps(p));
        b.r[k] = F(_mm_loadu_ps(p + 4));
    }
#elif REFRAST_LANES_TARGET == 2
    uint64_t two[4];
    const __m128i halves[2] = {_mm256_castsi256_si128(offset), _mm256_extracti128_si256(offset, 1)};
    for (int h = 0; h < 2; ++h) {
        two[2 * h] = uint64_t(_mm_cvtsi128_si64(halves[h]));
        two[2 * h + 1] = uint64_t(_mm_extract_epi64(halves[h], 1));
    }
    // [a_k | b_k] of lane k, then a's lanes k and k + 4 from the low halves, b's from the high.
    for (int k = 0; k < 4; ++k) {
        const __m256 p = _mm256_loadu_ps(detail::recordAt(base, two, k));
        const __m256 q = _mm256_loadu_ps(detail::recordAt(base, two, k + 4));
        a.r[k] = F(_mm256_permute2f128_ps(p, q, 0x20));
        b.r[k] = F(_mm256_permute2f128_ps(p, q, 0x31));
    }
#else
    uint64_t two[8];
    const __m128i quarters[4] = {_mm512_castsi512_si128(offset), _mm512_extracti32x4_epi32(offset, 1),
                                 _mm512_extracti32x4_epi32(offset, 2), _mm512_extracti32x4_epi32(offset, 3)};
    for (int quarter = 0; quarter < 4; ++quarter) {
        two[2 * quarter] = uint64_t(_mm_cvtsi128_si64(quarters[quarter]));
        two[2 * quarter + 1] = uint64_t(_mm_extract_epi64(quarters[quarter], 1));
    }
    // [a | b | a | b] by quarter: lanes k and k + 4 from one register, lanes
    // k + 8 and k + 12 from another; a's records are their quarters 0 and 2, b's 1 and 3.
    const auto pairs = [&](int k, int l) {
        const __m512d low = _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(detail::recordAt(base, two, k))));
        return _mm512_castpd_ps(
            _mm512_insertf64x4(low, _mm256_castps_pd(_mm256_loadu_ps(detail::recordAt(base, two, l))), 1));
    };
    for (int k = 0; k < 4; ++k) {
        const __m512 p = pairs(k, k + 4), q = pairs(k + 8, k + 12);
        a.r[k] = F(_mm512_shuffle_f32x4(p, q, _MM_SHUFFLE(2, 0, 2, 0)));
        b.r[k] = F(_mm512_shuffle_f32x4(p, q, _MM_SHUFFLE(3, 1, 3, 1)));
    }
#endif
}

// The records by channel: lane k of out[c] is channel c of lane k's record.
inline void channelsOf(const Records& x, F out[4]) {
#if REFRAST_LANES_TARGET == 0
    for (int c = 0; c < 4; ++c) out[c] = x.r[c];
#else
    detail::transpose4(x.r[0], x.r[1], x.r[2], x.r[3], out);  // per 128-bit part: the layout above
#endif
}

}  // namespace refrast::REFRAST_LANES_NS
