//===- ops/CubeGemmFma.cpp - The Mmad kernel, AVX2 + FMA -------*- C++ -*-===//
//
// ops/CubeGemm.h compiled with -mavx2 -mfma -ffp-contract=fast: the
// accumulation `acc += b * x` becomes one fused multiply-add. Used only for
// float16 / bfloat16 inputs (ops/CubeMmad.cpp): their products are exact in
// float32, so fma(b, x, acc) rounds exactly as the model's rounded product
// then rounded sum, twice as fast. 6-row tiles keep 12 accumulators in
// registers (the FMA latency needs more than the 8 of the 4-row tile).
//
//===----------------------------------------------------------------------===//

#include "ops/CubeGemm.h"

namespace ascsim {
namespace cube {

void gemmFmaExactProducts(const float *a, const float *b, uint32_t m,
                          uint32_t n, uint32_t k, float *c) {
  gemm_detail::gemm<float, 32, 6>(a, b, m, n, k, c);
}

} // namespace cube
} // namespace ascsim
