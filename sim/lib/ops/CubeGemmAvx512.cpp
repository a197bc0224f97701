//===- ops/CubeGemmAvx512.cpp - The Mmad kernel, AVX-512 + FMA -*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx512f -mfma -ffp-contract=fast, for the
// same inputs as ops/CubeGemmFma.cpp (float16 / bfloat16: products exact in
// float32, so fma(b, x, acc) rounds as the model's product then sum). Tiles
// of 8 rows x 32 columns: 16 accumulators of the 32 registers, two loads of
// B and eight broadcasts of A per 16 multiply-adds of 16 lanes. Called only
// when the host has AVX-512F (ops/CubeMmad.cpp). Also the AVX-512 build of
// Mmad's L0C accumulation (addAvx512: no multiply, nothing to contract).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

namespace ascsim {
namespace cube {

void gemmAvx512ExactProducts(const float *a, const float *b, uint32_t m,
                             uint32_t n, uint32_t k, float *c, COut out) {
  gemm_detail::gemm<float, 64, 8, 32>(a, b, m, n, k, c, out);
}

void addAvx512(float *acc, const float *add, size_t n) {
  gemm_detail::addInto<float, 64>(acc, add, n);
}

void addAvx512(int32_t *acc, const int32_t *add, size_t n) {
  gemm_detail::addInto<int32_t, 64>(acc, add, n);
}

} // namespace cube
} // namespace ascsim
