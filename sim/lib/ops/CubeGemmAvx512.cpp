//===- ops/CubeGemmAvx512.cpp - The Mmad inner kernel for AVX-512 -*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx512f -ffp-contract=off (sim/lib/
// CMakeLists.txt: AVX-512F has FMA instructions, and a fused multiply-add
// would not round the product and the sum separately as the model says).
// One 16-lane register per tile row, 8 rows. Called only when the host CPU
// has AVX-512F (ops/CubeMmad.cpp).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

namespace ascsim {
namespace cube {

void gemmAvx512(const float *a, const float *b, uint32_t m, uint32_t n,
                uint32_t k, float *c) {
  gemm_detail::gemm<float, 64, 8>(a, b, m, n, k, c);
}

void gemmAvx512(const int32_t *a, const int32_t *b, uint32_t m, uint32_t n,
                uint32_t k, int32_t *c) {
  gemm_detail::gemm<int32_t, 64, 8>(a, b, m, n, k, c);
}

} // namespace cube
} // namespace ascsim
