//===- cube_bias.cpp - A half / bfloat16 bias through the BiasTable -*- C++ -*-===//
//
// C (16 x 16 float32) = bias (C2) + 0 x 0, AIC_ONLY: the bias (16 half, or
// 16 bfloat16 with `bf16`) goes GM -> L1 (C1) -> BiasTable (C2) with the
// DataCopy whose half / bfloat16 source widens to a float destination
// (ascendc_api.md §5.1 row 7); L0A / L0B are zeros (InitConstValue); the
// Fixpipe writes C, every row of which is the widened bias.
//
//===----------------------------------------------------------------------===//

#include "ascsim_entry.h"
#include "kernel_operator.h"

namespace AC = AscendC;
using AscendC::TPosition;

namespace {
template <typename B>
void run(__gm__ uint8_t *bias, __gm__ float *c) {
  AC::GlobalTensor<B> gbias;
  gbias.SetGlobalBuffer(reinterpret_cast<__gm__ B *>(bias), 16);
  AC::GlobalTensor<float> gc;
  gc.SetGlobalBuffer(c, 256);
  AC::TPipe pipe;
  AC::TQue<TPosition::C1, 1> qb1;
  AC::TQue<TPosition::C2, 1> qbt;
  AC::TQue<TPosition::A2, 1> qa2;
  AC::TQue<TPosition::B2, 1> qb2;
  AC::TQue<TPosition::CO1, 1> qc;
  pipe.InitBuffer(qb1, 1, 32);
  pipe.InitBuffer(qbt, 1, 64);
  pipe.InitBuffer(qa2, 1, 512);
  pipe.InitBuffer(qb2, 1, 512);
  pipe.InitBuffer(qc, 1, 1024);

  AC::LocalTensor<B> b1 = qb1.AllocTensor<B>();
  AC::DataCopy(b1, gbias, 16);
  qb1.EnQue(b1);
  b1 = qb1.DeQue<B>();
  AC::LocalTensor<float> bt = qbt.AllocTensor<float>();
  AC::DataCopy(bt, b1, AC::DataCopyParams(1, 1, 0, 0));
  qbt.EnQue(bt);
  qb1.FreeTensor(b1);

  AC::LocalTensor<half> a2 = qa2.AllocTensor<half>();
  AC::InitConstValue(a2, AC::InitConstValueParams<half>(1, 1, 0, half(0.0f)));
  qa2.EnQue(a2);
  AC::LocalTensor<half> b2 = qb2.AllocTensor<half>();
  AC::InitConstValue(b2, AC::InitConstValueParams<half>(1, 1, 0, half(0.0f)));
  qb2.EnQue(b2);

  a2 = qa2.DeQue<half>();
  b2 = qb2.DeQue<half>();
  bt = qbt.DeQue<float>();
  AC::LocalTensor<float> c1 = qc.AllocTensor<float>();
  AC::MmadParams p(16, 16, 16, 0, false, false); // C = bias + A x B
  AC::Mmad(c1, a2, b2, bt, p);
  qa2.FreeTensor(a2);
  qb2.FreeTensor(b2);
  qbt.FreeTensor(bt);
  qc.EnQue(c1);
  c1 = qc.DeQue<float>();
  AC::Fixpipe(gc, c1, AC::FixpipeParamsV220(16, 16, 16, 16, false));
  qc.FreeTensor(c1);
}
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ uint8_t *bias,
                                             __gm__ float *c, uint32_t bf16) {
  if (bf16)
    run<bfloat16_t>(bias, c);
  else
    run<half>(bias, c);
}

#ifndef ASCSIM_NO_ENTRY
ASCSIM_ENTRY(kernel)
#endif
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)
