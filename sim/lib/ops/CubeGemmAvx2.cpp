//===- ops/CubeGemmAvx2.cpp - The Mmad inner kernel for AVX2 ----*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx2 (sim/lib/CMakeLists.txt; no -mfma, so
// products and sums round separately as the model says). Called only when
// the host CPU has AVX2 (ops/CubeMmad.cpp). Also the AVX2 build of Mmad's
// L0C accumulation (addAvx2).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

namespace ascsim {
namespace cube {

void gemmAvx2(const float *a, const float *b, uint32_t m, uint32_t n,
              uint32_t k, float *c, COut out) {
  gemm_detail::gemm<float, 32>(a, b, m, n, k, c, out);
}

void gemmAvx2(const int32_t *a, const int32_t *b, uint32_t m, uint32_t n,
              uint32_t k, int32_t *c, COut out) {
  gemm_detail::gemm<int32_t, 32>(a, b, m, n, k, c, out);
}

void addAvx2(float *acc, const float *add, size_t n) {
  gemm_detail::addInto<float, 32>(acc, add, n);
}

void addAvx2(int32_t *acc, const int32_t *add, size_t n) {
  gemm_detail::addInto<int32_t, 32>(acc, add, n);
}

} // namespace cube
} // namespace ascsim
