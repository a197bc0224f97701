//===- ops/ReduceTreeAvx2.cpp - ReduceSum's repeat tree, AVX2 ---*- C++ -*-===//
//
// The adjacent-pairs tree sum of float32 repeats of 64 elements (sim/VECTOR.md,
// ops/FastPaths.cpp treePlain) eight lanes at a time: each level adds
// element 2i to element 2i + 1 exactly as the scalar tree does (the same
// pairs, the same order), so the sum has the same bits. Compiled with
// -mavx2 (no FMA: there is nothing to contract) and called only when the
// host has AVX2 (ops/FastPaths.cpp). No NaN rule: the caller redoes a
// repeat whose sum is NaN with the model's tree when it has a NaN operand.
//
//===----------------------------------------------------------------------===//

#include "ops/FastPaths.h"

#if ASCSIM_REDUCE_AVX2
#include <immintrin.h>

namespace ascsim {
namespace fastpath_detail {

namespace {
/// The eight adjacent-pair sums of the sixteen floats a, b, in order:
/// (a0 + a1, a2 + a3, ..., b6 + b7).
inline __m256 pairSums(__m256 a, __m256 b) {
  // Per 128-bit lane: (a0 + a1, a2 + a3, b0 + b1, b2 + b3 | a4 + a5, ...).
  const __m256 s = _mm256_add_ps(_mm256_shuffle_ps(a, b, 0x88),
                                 _mm256_shuffle_ps(a, b, 0xDD));
  // 64-bit units (0, 2, 1, 3): the a sums, then the b sums.
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(s), 0xD8));
}

inline __m128 pairSums(__m128 a, __m128 b) {
  return _mm_add_ps(_mm_shuffle_ps(a, b, 0x88), _mm_shuffle_ps(a, b, 0xDD));
}
} // namespace

void treeSums64Avx2(const uint8_t *src, uint64_t strideBytes,
                    uint32_t repeats, float *sums) {
  for (uint32_t r = 0; r < repeats; ++r, src += strideBytes) {
    const float *x = reinterpret_cast<const float *>(src);
    __m256 v[8];
    for (int k = 0; k < 8; ++k)
      v[k] = _mm256_loadu_ps(x + 8 * k);
    for (int w = 4; w >= 1; w /= 2) // 64 -> 32 -> 16 -> 8 sums
      for (int k = 0; k < w; ++k)
        v[k] = pairSums(v[2 * k], v[2 * k + 1]);
    const __m128 t = pairSums(_mm256_castps256_ps128(v[0]),
                              _mm256_extractf128_ps(v[0], 1)); // 4 sums
    const __m128 u = pairSums(t, t);                            // 2 sums
    sums[r] = _mm_cvtss_f32(u) +
              _mm_cvtss_f32(_mm_shuffle_ps(u, u, _MM_SHUFFLE(1, 1, 1, 1)));
  }
}

} // namespace fastpath_detail
} // namespace ascsim
#endif
