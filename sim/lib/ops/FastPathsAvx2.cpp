//===- ops/FastPathsAvx2.cpp - AVX2 builds of fast paths --------*- C++ -*-===//
//
// The float32 + - * / loop of fastElementwise (arithF32Avx2: plain float
// arithmetic, eight lanes; the IEEE result of each element, as the SSE2
// build) and the adjacent-pairs tree sum of float32 repeats of 64 elements
// (sim/VECTOR.md, ops/FastPaths.cpp treePlain) eight lanes at a time: each
// level adds element 2i to element 2i + 1 as the scalar tree does (the same
// pairs, in horizontal adds, which may name the two the other way round: the
// same bits without NaN operands; only where the sums sit in the registers
// between levels differs), so the sum has the same bits. Compiled with
// -mavx2 (no FMA: nothing may be contracted) and called only when the
// host has AVX2 (ops/FastPaths.cpp). No NaN rule: the caller redoes a
// repeat whose sum is NaN with the model's tree when it has a NaN operand.
//
//===----------------------------------------------------------------------===//

#include "ops/FastPaths.h"

#if ASCSIM_FAST_AVX2
#include <immintrin.h>

#include <algorithm>
#include <cstring>

namespace ascsim {
namespace fastpath_detail {

namespace {
/// Adjacent-pair sums of a and b within each 128-bit lane:
/// (a0 + a1, a2 + a3, b0 + b1, b2 + b3 | a4 + a5, a6 + a7, b4 + b5, b6 + b7):
/// one horizontal add. Which of the two elements it names first does not
/// change a sum's bits when no operand is NaN (addition commutes; the only
/// NaN it then makes, inf - inf, is the one default NaN), and a repeat with
/// a NaN operand is redone by the caller.
inline __m256 lanePairs(__m256 a, __m256 b) { return _mm256_hadd_ps(a, b); }

/// (a0 + a1, a2 + a3, b0 + b1, b2 + b3), as lanePairs.
inline __m128 pairSums(__m128 a, __m128 b) { return _mm_hadd_ps(a, b); }

template <int Op> inline __m256 apply(__m256 a, __m256 b) {
  if constexpr (Op == 0)
    return _mm256_add_ps(a, b);
  else if constexpr (Op == 1)
    return _mm256_sub_ps(a, b);
  else if constexpr (Op == 2)
    return _mm256_mul_ps(a, b);
  else
    return _mm256_div_ps(a, b);
}
template <int Op> inline float apply1(float a, float b) {
  if constexpr (Op == 0)
    return a + b;
  else if constexpr (Op == 1)
    return a - b;
  else if constexpr (Op == 2)
    return a * b;
  else
    return a / b;
}

/// `out` 32-byte aligned when Stream: the result goes out with
/// non-temporal stores (the caller fences).
template <int Op, bool Stream = false>
bool arith(uint64_t n, uint8_t *out, const uint8_t *a, const uint8_t *b) {
  auto store = [out](uint64_t i, __m256 r) {
    if constexpr (Stream)
      _mm256_stream_ps(reinterpret_cast<float *>(out) + i, r);
    else
      _mm256_storeu_ps(reinterpret_cast<float *>(out) + i, r);
  };
  __m256 nan = _mm256_setzero_ps();
  uint64_t i = 0;
  // Four vectors an iteration (a 32-KiB tile is 256 iterations of the loop
  // control instead of 1,024), then one at a time.
  for (; i + 32 <= n; i += 32) {
    __m256 r[4];
    for (int k = 0; k < 4; ++k)
      r[k] = apply<Op>(
          _mm256_loadu_ps(reinterpret_cast<const float *>(a) + i + 8 * k),
          _mm256_loadu_ps(reinterpret_cast<const float *>(b) + i + 8 * k));
    for (int k = 0; k < 4; ++k)
      store(i + 8 * k, r[k]);
    nan = _mm256_or_ps(
        nan,
        _mm256_or_ps(_mm256_or_ps(_mm256_cmp_ps(r[0], r[0], _CMP_UNORD_Q),
                                  _mm256_cmp_ps(r[1], r[1], _CMP_UNORD_Q)),
                     _mm256_or_ps(_mm256_cmp_ps(r[2], r[2], _CMP_UNORD_Q),
                                  _mm256_cmp_ps(r[3], r[3], _CMP_UNORD_Q))));
  }
  for (; i + 8 <= n; i += 8) {
    const __m256 r =
        apply<Op>(_mm256_loadu_ps(reinterpret_cast<const float *>(a) + i),
                  _mm256_loadu_ps(reinterpret_cast<const float *>(b) + i));
    store(i, r);
    nan = _mm256_or_ps(nan, _mm256_cmp_ps(r, r, _CMP_UNORD_Q));
  }
  bool any = _mm256_movemask_ps(nan) != 0;
  for (; i < n; ++i) {
    float x, y;
    std::memcpy(&x, a + 4 * i, 4);
    std::memcpy(&y, b + 4 * i, 4);
    const float r = apply1<Op>(x, y);
    std::memcpy(out + 4 * i, &r, 4);
    any |= r != r;
  }
  return any;
}
} // namespace

namespace {
template <bool Stream>
bool arithOp(int op, uint64_t n, uint8_t *out, const uint8_t *a,
             const uint8_t *b) {
  switch (op) {
  case 0:
    return arith<0, Stream>(n, out, a, b);
  case 1:
    return arith<1, Stream>(n, out, a, b);
  case 2:
    return arith<2, Stream>(n, out, a, b);
  default:
    return arith<3, Stream>(n, out, a, b);
  }
}
} // namespace

bool arithF32Avx2(int op, uint64_t n, uint8_t *out, const uint8_t *a,
                  const uint8_t *b) {
  return arithOp<false>(op, n, out, a, b);
}

bool arithF32Avx2Stream(int op, uint64_t n, uint8_t *out, const uint8_t *a,
                        const uint8_t *b) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(out);
  if (at % 4 != 0)
    return arithOp<false>(op, n, out, a, b);
  // Stored through the cache up to the first 32-byte boundary.
  const uint64_t head = std::min<uint64_t>(n, (32 - at % 32) % 32 / 4);
  bool any = arithOp<false>(op, head, out, a, b);
  any |=
      arithOp<true>(op, n - head, out + 4 * head, a + 4 * head, b + 4 * head);
  _mm_sfence();
  return any;
}

namespace {
/// Levels 1-3 of the tree of the repeat at x: its eight level-3 sums, in
/// order. With s_k the k-th sum of a level in tree order:
///  1. lanePairs of inputs 16j .. 16j + 15: (s0 s1 s4 s5 | s2 s3 s6 s7) of
///     that group's eight sums — each pair of the next level adjacent in a
///     lane;
///  2. lanePairs of two such vectors: (t0 t2 t4 t6 | t1 t3 t5 t7) — each pair
///     of the next level in the same place of the two lanes;
///  3. the low lanes of two such vectors plus their high lanes: eight sums
///     in order (u0 = t0 + t1 ...).
inline __m256 eightSums(const float *x) {
  __m256 v[8];
  for (int k = 0; k < 8; ++k)
    v[k] = _mm256_loadu_ps(x + 8 * k);
  for (int k = 0; k < 4; ++k) // 1: 64 -> 32
    v[k] = lanePairs(v[2 * k], v[2 * k + 1]);
  for (int k = 0; k < 2; ++k) // 2: 32 -> 16
    v[k] = lanePairs(v[2 * k], v[2 * k + 1]);
  return _mm256_add_ps(_mm256_permute2f128_ps(v[0], v[1], 0x20), // 3
                       _mm256_permute2f128_ps(v[0], v[1], 0x31));
}
} // namespace

// Levels 1-3 per repeat (eightSums); levels 4-6 of eight repeats at once:
//  4. lanePairs of repeats a and b's eight sums: (a:t0 t1, b:t0 t1 |
//     a:t2 t3, b:t2 t3) — the level's four sums of two repeats;
//  5. lanePairs of two such vectors: (q0 of four repeats | q1 of the same);
//  6. the low lanes of two such vectors plus their high lanes: the sums of
//     eight repeats, in order (q0 + q1).
// The rest of the repeats (fewer than eight) finish one at a time, levels 4-6
// as pair sums in 128-bit registers. Every addition is (even element) + (odd
// element) of the scalar tree.
void treeSums64Avx2(const uint8_t *src, uint64_t strideBytes, uint32_t repeats,
                    float *sums) {
  auto at = [&](uint32_t r) {
    return reinterpret_cast<const float *>(src + r * strideBytes);
  };
  uint32_t r = 0;
  for (; r + 8 <= repeats; r += 8) {
    __m256 w[4];
    for (uint32_t k = 0; k < 4; ++k) // 4
      w[k] = lanePairs(eightSums(at(r + 2 * k)), eightSums(at(r + 2 * k + 1)));
    const __m256 a = lanePairs(w[0], w[1]), b = lanePairs(w[2], w[3]); // 5
    _mm256_storeu_ps(sums + r,                                         // 6
                     _mm256_add_ps(_mm256_permute2f128_ps(a, b, 0x20),
                                   _mm256_permute2f128_ps(a, b, 0x31)));
  }
  for (; r < repeats; ++r) {
    const __m256 u = eightSums(at(r));
    const __m128 t = pairSums(_mm256_castps256_ps128(u),
                              _mm256_extractf128_ps(u, 1)); // 4: 4 sums
    const __m128 w = pairSums(t, t);                        // 5: 2 sums
    sums[r] = _mm_cvtss_f32(w) +                            // 6
              _mm_cvtss_f32(_mm_shuffle_ps(w, w, _MM_SHUFFLE(1, 1, 1, 1)));
  }
}

} // namespace fastpath_detail
} // namespace ascsim
#endif
