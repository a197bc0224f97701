//===- ops/CubeGemmFma.cpp - The Mmad kernel, AVX2 + FMA -------*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx2 -mfma -ffp-contract=fast: the
// accumulation `acc += b * x` becomes one fused multiply-add. Used only for
// float16 / bfloat16 inputs (ops/CubeMmad.cpp): their products are exact in
// float32, so fma(b, x, acc) rounds exactly as the model's rounded product
// then rounded sum, twice as fast. 6-row tiles keep 12 accumulators in
// registers (the FMA latency needs more than the 8 of the 4-row tile).
// Also the F16C widening of float16 runs (f16ToF32F16c, f16RowsToF32F16c,
// -mf16c).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

#include <immintrin.h>

namespace ascsim {
namespace cube {

void gemmFmaExactProducts(const float *a, const float *b, uint32_t m,
                          uint32_t n, uint32_t k, float *c, COut out) {
  gemm_detail::gemm<float, 32, 6>(a, b, m, n, k, c, out);
}

void f16ToF32F16c(const uint16_t *src, float *dst, uint32_t n) {
  // VCVTPH2PS widens exactly (every float16 is a float32).
  for (uint32_t i = 0; i < n; i += 8)
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(
                                  reinterpret_cast<const __m128i *>(src + i))));
}

void f16RowsToF32F16c(const uint16_t *src, uint32_t rows, float *dst,
                      size_t stride) {
  for (uint32_t r = 0; r < rows; ++r) {
    const __m128i *p = reinterpret_cast<const __m128i *>(src + r * 16);
    _mm256_storeu_ps(dst + r * stride, _mm256_cvtph_ps(_mm_loadu_si128(p)));
    _mm256_storeu_ps(dst + r * stride + 8,
                     _mm256_cvtph_ps(_mm_loadu_si128(p + 1)));
  }
}

} // namespace cube
} // namespace ascsim
