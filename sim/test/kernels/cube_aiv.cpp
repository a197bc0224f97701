//===- cube_aiv.cpp - The cube API in an AIV-only kernel --------*- C++ -*-===//
//
// No ASCSIM_KERNEL_TYPE: the library is AIV_ONLY.
//   0  Mmad fails                                   (argument, cube.py:5)
//   1  DataCopy GM -> VECIN with ND -> NZ of a 20 x 24 float16 matrix `x`
//      (pitch 24) into two 16-column blocks of 32 rows, copied to `y`
//      (1024 float16)
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ half *x, __gm__ half *y,
                                             int32_t mode) {
  if (mode == 0) {
    AC::LocalTensor<float> c1(TPosition::VECCALC, 0, 256);
    AC::LocalTensor<half> a(TPosition::VECCALC, 1024, 256);
#line 5 "cube.py"
    AC::Mmad(c1, a, a, AC::MmadParams(16, 16, 16, 0, false, true));
    return;
  }
  AC::GlobalTensor<half> gx, gy;
  gx.SetGlobalBuffer(x, 20 * 24);
  gy.SetGlobalBuffer(y, 1024);
  AC::LocalTensor<half> u(TPosition::VECIN, 0, 1024);
  AC::Duplicate(u, half(0), 1024);
  AC::PipeBarrier<PIPE_ALL>();
  AC::DataCopy(u, gx, AC::Nd2NzParams(1, 20, 24, 0, 24, 32, 1, 0));
  AC::SetFlag<HardEvent::MTE2_MTE3>(0);
  AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
  AC::DataCopy(gy, u, 1024);
}

ASCSIM_ENTRY(kernel)
