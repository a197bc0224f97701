//===- ops/CubeGemm.h - The Mmad inner kernel -------------------*- C++ -*-===//
//
// c (m x n, row-major) = a (m x k) x b (k x n), every element summed in K
// order from zero with one rounding per product and per addition (no FMA):
// the numerical model of sim/CUBE.md. Register tiles (4 x 16 and larger) keep
// the accumulators in vector registers (GCC vector extensions) and vectorise
// over the columns. The
// functions have internal linkage: ops/CubeMmad.cpp builds them for the base
// ISA, ops/CubeGemmAvx2.cpp (compiled with -mavx2, no FMA) for AVX2 and
// ops/CubeGemmFma.cpp / ops/CubeGemmAvx512.cpp with FMA for exact products.
// Every element is the same sum in the same order whatever the tile shape.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_CUBEGEMM_H
#define ASCSIM_OPS_CUBEGEMM_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace ascsim {
namespace cube {

/// Where c (m x n) lands: element (i, j) at c[(j / 16) * panel + i * row +
/// j % 16]. Row-major: panel 16, row n. The Nz layout of L0C (hardware.md
/// §6.1: 16-column panels of m rows, 16 values a row): panel m1 * 256,
/// row 16, so Mmad's sum needs no reordering pass.
struct COut {
  size_t panel;
  size_t row;
  /// Add the sums to what c holds (c = c + sum, one rounding per element;
  /// int32 wraps) instead of overwriting it: Mmad's accumulation into L0C
  /// fused into the kernel's store (ops/CubeMmad.cpp, mmadInto).
  bool add = false;
};

/// The AVX2 build (ops/CubeGemmAvx2.cpp), on x86-64 hosts.
#if defined(__x86_64__) && defined(__GNUC__)
#define ASCSIM_GEMM_AVX2 1
void gemmAvx2(const float *a, const float *b, uint32_t m, uint32_t n,
              uint32_t k, float *c, COut out);
void gemmAvx2(const int32_t *a, const int32_t *b, uint32_t m, uint32_t n,
              uint32_t k, int32_t *c, COut out);
/// The AVX2 + FMA build (ops/CubeGemmFma.cpp): only for inputs whose
/// products are exact in float32 (float16, bfloat16), where a fused
/// multiply-add equals the rounded product then the rounded sum.
void gemmFmaExactProducts(const float *a, const float *b, uint32_t m,
                          uint32_t n, uint32_t k, float *c, COut out);
/// The same with AVX-512F (ops/CubeGemmAvx512.cpp): 32 registers hold an
/// 8 x 32 tile's accumulators, fewer loads per multiply-add.
void gemmAvx512ExactProducts(const float *a, const float *b, uint32_t m,
                             uint32_t n, uint32_t k, float *c, COut out);
/// acc[0, n) += add[0, n) (n a multiple of 16): float32 with one rounding
/// per element, int32 wrapping. AVX2 (ops/CubeGemmAvx2.cpp) and AVX-512F
/// (ops/CubeGemmAvx512.cpp) builds of gemm_detail::addInto; Mmad's commit
/// into L0C.
void addAvx2(float *acc, const float *add, size_t n);
void addAvx2(int32_t *acc, const int32_t *add, size_t n);
void addAvx512(float *acc, const float *add, size_t n);
void addAvx512(int32_t *acc, const int32_t *add, size_t n);
/// float16 -> float32 of `n` (a multiple of 8) values with F16C.
void f16ToF32F16c(const uint16_t *src, float *dst, uint32_t n);
/// `rows` rows of 16 float16 values (contiguous at `src`) -> float32 rows
/// `stride` floats apart at `dst`, with F16C.
void f16RowsToF32F16c(const uint16_t *src, uint32_t rows, float *dst,
                      size_t stride);
/// One 16 x 16 fractal of float16 (row c, value j at src[c * 16 + j])
/// widened and transposed: dst[j * stride + c], with F16C and AVX shuffles
/// (Mmad's unpacking of B's Zn fractals into rows of k).
void f16FractalToF32Transposed(const uint16_t *src, float *dst, size_t stride);
#else
#define ASCSIM_GEMM_AVX2 0
#endif

namespace gemm_detail {
namespace {

/// c + s of two GCC vectors: float lanes round once, integer lanes wrap
/// (added as unsigned).
template <class T, class V>
__attribute__((always_inline)) inline V plus(V c, V s) {
  if constexpr (std::is_integral_v<T>) {
    typedef uint32_t U __attribute__((vector_size(sizeof(V))));
    return reinterpret_cast<V>(reinterpret_cast<U>(c) + reinterpret_cast<U>(s));
  } else {
    return c + s;
  }
}

/// acc[0, n) += add[0, n), n a multiple of 16, VB-byte vectors.
template <class T, int VB>
__attribute__((always_inline)) inline void
addInto(T *__restrict acc, const T *__restrict add, size_t n) {
  typedef T V __attribute__((vector_size(VB)));
  constexpr size_t L = VB / sizeof(T);
  for (size_t i = 0; i < n; i += L) {
    V x, y;
    __builtin_memcpy(&x, acc + i, VB);
    __builtin_memcpy(&y, add + i, VB);
    x = plus<T>(x, y);
    __builtin_memcpy(acc + i, &x, VB);
  }
}

/// Rows [i, i + R) x columns [j, j + C) of c, summed over all of k. The
/// accumulators are GCC vectors of VB bytes (16: SSE2, 32: AVX2, 64:
/// AVX-512), C / (VB / sizeof(T)) per row, which stay in registers.
template <class T, int VB, int R, int C, bool Add>
__attribute__((always_inline)) inline void
tile(const T *__restrict av, const T *__restrict bv, uint32_t n, uint32_t k,
     uint32_t i, uint32_t j, T *__restrict c, COut out) {
  typedef T V __attribute__((vector_size(VB)));
  constexpr int L = VB / static_cast<int>(sizeof(T)); // lanes
  constexpr int P = C / L;                            // vectors per row
  static_assert(P * L == C && L <= 16, "a tile is whole vectors wide");
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
  // Unrolled, so that the accumulators are stored from their registers.
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
    for (int p = 0; p < P; ++p) {
      const uint32_t col = j + static_cast<uint32_t>(p * L);
      T *to = c + (col / 16) * out.panel +
              (static_cast<size_t>(i) + r) * out.row + col % 16;
      V v = acc[r][p];
      if constexpr (Add) {
        V old;
        __builtin_memcpy(&old, to, VB);
        v = plus<T>(old, v);
      }
      __builtin_memcpy(to, &v, VB);
    }
}

/// Columns [j, j + C) for every row: R-row tiles, then 4, 2 and 1 for the
/// rest (a 1-row tile alone is latency-bound).
template <class T, int VB, int R, int C, bool Add>
__attribute__((always_inline)) inline void
panel(const T *av, const T *bv, uint32_t m, uint32_t n, uint32_t k, uint32_t j,
      T *c, COut out) {
  uint32_t i = 0;
  for (; i + R <= m; i += R)
    tile<T, VB, R, C, Add>(av, bv, n, k, i, j, c, out);
  if constexpr (R > 4)
    for (; i + 4 <= m; i += 4)
      tile<T, VB, 4, C, Add>(av, bv, n, k, i, j, c, out);
  if constexpr (R > 2)
    for (; i + 2 <= m; i += 2)
      tile<T, VB, 2, C, Add>(av, bv, n, k, i, j, c, out);
  for (; i < m; ++i)
    tile<T, VB, 1, C, Add>(av, bv, n, k, i, j, c, out);
}

/// The panels of c (the tiles' stores overwrite, or add with Add: one
/// instantiation each, so the overwriting kernel's code is unchanged).
template <class T, int VB, int R, int C, bool Add>
void panels(const T *av, const T *bv, uint32_t m, uint32_t n, uint32_t k, T *c,
            COut out) {
  const uint32_t nC = n / C * C, n16 = n / 16 * 16;
  uint32_t j = 0;
  for (; j < nC; j += C)
    panel<T, VB, R, C, Add>(av, bv, m, n, k, j, c, out);
  if constexpr (C > 16) // 16-column panels left over
    for (; j < n16; j += 16)
      panel<T, VB, R, 16, Add>(av, bv, m, n, k, j, c, out);
}

template <class T, int VB, int R = 4, int C = 16>
void gemm(const T *av, const T *bv, uint32_t m, uint32_t n, uint32_t k, T *c,
          COut out) {
  if (out.add)
    panels<T, VB, R, C, true>(av, bv, m, n, k, c, out);
  else
    panels<T, VB, R, C, false>(av, bv, m, n, k, c, out);
  const uint32_t n16 = n / 16 * 16;
  for (uint32_t i = 0; i < m; ++i) // the columns beyond the last 16
    for (uint32_t jj = n16; jj < n; ++jj) {
      T acc = 0;
      for (uint32_t kk = 0; kk < k; ++kk)
        acc += av[static_cast<size_t>(i) * k + kk] *
               bv[static_cast<size_t>(kk) * n + jj];
      T &to =
          c[(jj / 16) * out.panel + static_cast<size_t>(i) * out.row + jj % 16];
      if (!out.add)
        to = acc;
      else if constexpr (std::is_integral_v<T>)
        to = static_cast<T>(static_cast<uint32_t>(to) +
                            static_cast<uint32_t>(acc));
      else
        to = to + acc;
    }
}

} // namespace
} // namespace gemm_detail
} // namespace cube
} // namespace ascsim

#endif // ASCSIM_OPS_CUBEGEMM_H
