//===- vec_errors.cpp - Diagnostics of the vector API breadth ---*- C++ -*-===//
//
// One bug per `mode`, each at its own kernel.py line (VectorCopyTest.cpp):
//   0 repeat 300 (> 255)                      argument   kernel.py:10
//   1 add on bfloat16 (mask form)             dtype      kernel.py:20
//   2 dst 16 bytes off a 32-byte boundary     alignment  kernel.py:30
//   3 continuous mask 100 for float32         argument   kernel.py:40
//   4 repeats run past the dst view           bounds     kernel.py:50
//   5 cast float16 -> float32 with CAST_RINT  argument   kernel.py:60
//   6 compare int32 with CMPMODE::LT          dtype      kernel.py:70
//   7 gather offset beyond the source         bounds     kernel.py:80
//   8 data_copy_pad left padding of 40 bytes  argument   kernel.py:90
//   9 reduce_sum into dst[1] (legal: sizeof)  -          -
//  10 compare count of 32 floats (128 B)      argument   kernel.py:100
//  11 add on bfloat16 (count form)            dtype      kernel.py:110
//  12 add count -8                            argument   kernel.py:120
//  13 div on int32 (count form)               dtype      kernel.py:130
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(int32_t mode, __gm__ float *x) {
  AC::LocalTensor<float> a(TPosition::VECCALC, 0, 1024);
  AC::LocalTensor<float> b(TPosition::VECCALC, 4096, 1024);
  AC::LocalTensor<float> d(TPosition::VECCALC, 8192, 1024);
  AC::GlobalTensor<float> xg;
  xg.SetGlobalBuffer(x, 1024);
  AC::Duplicate(a, 1.0f, 1024);
  AC::Duplicate(b, 2.0f, 1024);
  AC::BinaryRepeatParams p;
  uint64_t full[2] = {~0ull, 0};
  switch (mode) {
  case 0:
#line 10 "kernel.py"
    AC::Add(d, a, b, 64, 300, p);
    break;
  case 1: {
    AC::LocalTensor<bfloat16_t> h(TPosition::VECCALC, 16384, 256);
#line 20 "kernel.py"
    AC::Add(h, h, h, full, 1, p);
    break;
  }
  case 2:
#line 30 "kernel.py"
    AC::Add(d[4], a, b, 64, 1, p);
    break;
  case 3:
#line 40 "kernel.py"
    AC::Mul(d, a, b, 100, 1, p);
    break;
  case 4:
#line 50 "kernel.py"
    AC::Sub(d[960], a, b, 64, 2, p);
    break;
  case 5: {
    AC::LocalTensor<half> h(TPosition::VECCALC, 16384, 256);
#line 60 "kernel.py"
    AC::Cast(d, h, AC::RoundMode::CAST_RINT, 64);
    break;
  }
  case 6: {
    AC::LocalTensor<int32_t> i(TPosition::VECCALC, 16384, 256);
    AC::LocalTensor<uint8_t> m(TPosition::VECCALC, 32768, 256);
#line 70 "kernel.py"
    AC::Compare(m, i, i, AC::CMPMODE::LT, 64);
    break;
  }
  case 7: {
    AC::LocalTensor<uint32_t> off(TPosition::VECCALC, 16384, 64);
    AC::Duplicate(off, 4096u, 64); // byte 4096 of a 4096-byte source
#line 80 "kernel.py"
    AC::Gather(d, a, off, 0, 64);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  }
  case 8:
#line 90 "kernel.py"
    AC::DataCopyPad(d, xg, AC::DataCopyExtParams(1, 64, 0, 0, 0),
                    AC::DataCopyPadExtParams<float>(true, 10, 0, 0.0f));
    break;
  case 9: {
    AC::LocalTensor<float> tmp(TPosition::VECCALC, 16384, 64);
    AC::ReduceSum(d[1], a, tmp, 256);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  }
  case 10: {
    AC::LocalTensor<uint8_t> m(TPosition::VECCALC, 32768, 256);
#line 100 "kernel.py"
    AC::Compare(m, a, b, AC::CMPMODE::LT, 32);
    break;
  }
  case 11: {
    AC::LocalTensor<bfloat16_t> h(TPosition::VECCALC, 16384, 256);
#line 110 "kernel.py"
    AC::Add(h, h, h, 256);
    break;
  }
  case 12:
#line 120 "kernel.py"
    AC::Add(d, a, b, -8);
    break;
  case 13: {
    AC::LocalTensor<int32_t> i(TPosition::VECCALC, 16384, 256);
#line 130 "kernel.py"
    AC::Div(i, i, i, 256);
    break;
  }
  }
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<int32_t>(a[0]), ascsim::arg<__gm__ float *>(a[1]));
}
