//===- ops/CubeGemmAvx512.cpp - The Mmad kernel, AVX-512 + FMA -*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx512f -mfma -ffp-contract=fast, for the
// same inputs as ops/CubeGemmFma.cpp (float16 / bfloat16: products exact in
// float32, so fma(b, x, acc) rounds as the model's product then sum). Tiles
// of 8 rows x 32 columns: 16 accumulators of the 32 registers, two loads of
// B and eight broadcasts of A per 16 multiply-adds of 16 lanes. Called only
// when the host has AVX-512F (ops/CubeMmad.cpp).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

namespace ascsim {
namespace cube {

void gemmAvx512ExactProducts(const float *a, const float *b, uint32_t m,
                             uint32_t n, uint32_t k, float *c, COut out) {
  gemm_detail::gemm<float, 64, 8, 32>(a, b, m, n, k, c, out);
}

} // namespace cube
} // namespace ascsim
