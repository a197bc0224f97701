//===- ops/CubeGemm.h - The Mmad inner kernel -------------------*- C++ -*-===//
//
// c (m x n, row-major) = a (m x k) x b (k x n), every element summed in K
// order from zero with one rounding per product and per addition (no FMA):
// the numerical model of sim/CUBE.md. Register tiles of 4 x 16 keep the
// accumulators in vector registers (GCC vector extensions) and vectorise
// over the 16 columns. The
// functions have internal linkage: ops/CubeMmad.cpp builds them for the base
// ISA and ops/CubeGemmAvx2.cpp (compiled with -mavx2, no FMA) for AVX2.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_CUBEGEMM_H
#define ASCSIM_OPS_CUBEGEMM_H

#include <cstddef>
#include <cstdint>

namespace ascsim {
namespace cube {

/// The AVX2 build (ops/CubeGemmAvx2.cpp), on x86-64 hosts.
#if defined(__x86_64__) && defined(__GNUC__)
#define ASCSIM_GEMM_AVX2 1
void gemmAvx2(const float *a, const float *b, uint32_t m, uint32_t n,
              uint32_t k, float *c);
void gemmAvx2(const int32_t *a, const int32_t *b, uint32_t m, uint32_t n,
              uint32_t k, int32_t *c);
/// The AVX2 + FMA build (ops/CubeGemmFma.cpp): only for inputs whose
/// products are exact in float32 (float16, bfloat16), where a fused
/// multiply-add equals the rounded product then the rounded sum.
void gemmFmaExactProducts(const float *a, const float *b, uint32_t m,
                          uint32_t n, uint32_t k, float *c);
/// float16 -> float32 of `n` (a multiple of 8) values with F16C.
void f16ToF32F16c(const uint16_t *src, float *dst, uint32_t n);
#else
#define ASCSIM_GEMM_AVX2 0
#endif

namespace gemm_detail {
namespace {

/// Rows [i, i + R) x columns [j, j + 16) of c, summed over all of k. The
/// accumulators are GCC vectors of VB bytes (16: SSE2, 32: AVX2), 16 / (VB /
/// sizeof(T)) per row, which stay in registers.
template <class T, int VB, int R>
__attribute__((always_inline)) inline void tile(const T *__restrict av,
                                                const T *__restrict bv,
                                                uint32_t n, uint32_t k,
                                                uint32_t i, uint32_t j,
                                                T *__restrict c) {
  typedef T V __attribute__((vector_size(VB)));
  constexpr int L = VB / static_cast<int>(sizeof(T)); // lanes
  constexpr int P = 16 / L;                           // vectors per row
  V acc[R][P];
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      acc[r][p] = V{};
  const T *a = av + static_cast<size_t>(i) * k;
  for (uint32_t kk = 0; kk < k; ++kk) {
    const T *b = bv + static_cast<size_t>(kk) * n + j;
    V bl[P];
    for (int p = 0; p < P; ++p)
      __builtin_memcpy(&bl[p], b + p * L, VB);
    for (int r = 0; r < R; ++r) {
      const T x = a[static_cast<size_t>(r) * k + kk];
      for (int p = 0; p < P; ++p)
        acc[r][p] += bl[p] * x; // rounded product, then rounded sum
    }
  }
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      __builtin_memcpy(c + (static_cast<size_t>(i) + r) * n + j + p * L,
                       &acc[r][p], VB);
}

template <class T, int VB, int R = 4>
void gemm(const T *av, const T *bv, uint32_t m, uint32_t n, uint32_t k,
          T *c) {
  const uint32_t n16 = n / 16 * 16, mR = m / R * R;
  for (uint32_t j = 0; j < n16; j += 16) {
    uint32_t i = 0;
    for (; i < mR; i += R)
      tile<T, VB, R>(av, bv, n, k, i, j, c);
    for (; i < m; ++i)
      tile<T, VB, 1>(av, bv, n, k, i, j, c);
  }
  for (uint32_t i = 0; i < m; ++i) // the columns beyond the last 16
    for (uint32_t j = n16; j < n; ++j) {
      T acc = 0;
      for (uint32_t kk = 0; kk < k; ++kk)
        acc += av[static_cast<size_t>(i) * k + kk] *
               bv[static_cast<size_t>(kk) * n + j];
      c[static_cast<size_t>(i) * n + j] = acc;
    }
}

} // namespace
} // namespace gemm_detail
} // namespace cube
} // namespace ascsim

#endif // ASCSIM_OPS_CUBEGEMM_H
