//===- ops/CubeGemmAvx2.cpp - The Mmad inner kernel for AVX2 ----*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx2 (sim/lib/CMakeLists.txt; no -mfma, so
// products and sums round separately as the model says), and the float16
// widening of the operands with F16C. Called only when the host CPU has AVX2
// (and F16C) (ops/CubeMmad.cpp).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

#include <immintrin.h>

namespace ascsim {
namespace cube {

void gemmAvx2(const float *a, const float *b, uint32_t m, uint32_t n,
              uint32_t k, float *c) {
  gemm_detail::gemm<float, 32>(a, b, m, n, k, c);
}

void gemmAvx2(const int32_t *a, const int32_t *b, uint32_t m, uint32_t n,
              uint32_t k, int32_t *c) {
  gemm_detail::gemm<int32_t, 32>(a, b, m, n, k, c);
}

bool f16ToF32F16c(const uint8_t *src, uint32_t n, float *dst) {
  // Eight at a time; NaNs are left to the caller's exact table (the
  // instruction would quieten a signalling NaN's payload).
  uint32_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + 2 * i));
    __m128i mag = _mm_and_si128(h, _mm_set1_epi16(0x7FFF));
    if (_mm_movemask_epi8(_mm_cmpgt_epi16(mag, _mm_set1_epi16(0x7C00))))
      return false;
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
  return i == n;
}

} // namespace cube
} // namespace ascsim
