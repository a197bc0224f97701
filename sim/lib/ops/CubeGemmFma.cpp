//===- ops/CubeGemmFma.cpp - The Mmad kernel, AVX2 + FMA -------*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx2 -mfma -ffp-contract=fast: the
// accumulation `acc += b * x` becomes one fused multiply-add. Used only for
// float16 / bfloat16 inputs (ops/CubeMmad.cpp): their products are exact in
// float32, so fma(b, x, acc) rounds exactly as the model's rounded product
// then rounded sum, twice as fast. 6-row tiles keep 12 accumulators in
// registers (the FMA latency needs more than the 8 of the 4-row tile).
// Also the F16C widening of float16 runs (f16ToF32F16c, f16RowsToF32F16c,
// f16FractalToF32Transposed, -mf16c).
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

namespace {
/// r[0..7] (rows) -> their transpose in r[0..7], 8 x 8 float32.
inline void transpose8x8(__m256 r[8]) {
  __m256 t[8], u[8];
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    u[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
    r[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
  }
}
} // namespace

void f16FractalToF32Transposed(const uint16_t *src, float *dst, size_t stride) {
  // Block (q, h): source rows 8q .. 8q + 7, their values 8h .. 8h + 7,
  // widened, transposed, land in rows 8h .. of dst at column 8q.
  for (int q = 0; q < 2; ++q)
    for (int h = 0; h < 2; ++h) {
      __m256 r[8];
      for (int i = 0; i < 8; ++i)
        r[i] = _mm256_cvtph_ps(_mm_loadu_si128(
            reinterpret_cast<const __m128i *>(src + (8 * q + i) * 16 + 8 * h)));
      transpose8x8(r);
      for (int i = 0; i < 8; ++i)
        _mm256_storeu_ps(dst + (8 * h + i) * stride + 8 * q, r[i]);
    }
}

} // namespace cube
} // namespace ascsim
