//===- cube_aiv.cpp - A cube API in an AIV-only kernel ----------*- C++ -*-===//
//
// No ASCSIM_KERNEL_TYPE: the library is AIV_ONLY, so Mmad fails
// (argument, cube.py:5).
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel() {
  AC::LocalTensor<float> c1(TPosition::VECCALC, 0, 256);
  AC::LocalTensor<half> a(TPosition::VECCALC, 1024, 256);
#line 5 "cube.py"
  AC::Mmad(c1, a, a, AC::MmadParams(16, 16, 16, 0, false, true));
}

ASCSIM_ENTRY(kernel)
