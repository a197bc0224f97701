//===- read_ranges.cpp - GM reads of the L2 first-touch model --*- C++ -*-===//
//
// 256-byte DataCopy reads of x whose hulls the core keeps (at most 32 ranges,
// Core::noteRead); `mode` selects the reads, 80 of them either way:
//   0  40 chunks 288 bytes apart (32-byte gaps), twice: the 33rd chunk on
//      finds the list full and is merged into the nearest range, the 32nd,
//      so the hulls are the first 31 chunks and one span over the last 9
//      (7,936 + 2,560 = 10,496 bytes)
//   1  41 adjacent chunks (one range of 10,496 bytes), then chunk 0 39 times
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, int32_t mode) {
  AC::GlobalTensor<float> xg;
  xg.SetGlobalBuffer(x, 3000);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, 64);
  if (mode == 0) {
    for (int32_t pass = 0; pass < 2; ++pass)
      for (int32_t k = 0; k < 40; ++k) {
        AC::DataCopy(a, xg[k * 72], 64);
        AC::PipeBarrier<PIPE_MTE2>();
      }
  } else {
    for (int32_t k = 0; k < 80; ++k) {
      AC::DataCopy(a, xg[k < 41 ? k * 64 : 0], 64);
      AC::PipeBarrier<PIPE_MTE2>();
    }
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<__gm__ float*>(a[0]), ascsim::arg<int32_t>(a[1]));
}
