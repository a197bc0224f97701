//===- wait_before_set.cpp - Wait before set --------------------*- C++ -*-===//
//
// The vector pipe's WaitFlag<MTE2_V> precedes the SetFlag in program order;
// the scalar keeps issuing (the wait sits in PIPE_V's queue), so the set
// reaches PIPE_MTE2 and the kernel completes with correct results.
// z[0:n] = x[0:n] + y[0:n] on one block.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t n) {
  AC::InitSocState();
  AC::GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(x, n);
  yg.SetGlobalBuffer(y, n);
  zg.SetGlobalBuffer(z, n);
  AC::LocalTensor<float> xl(TPosition::VECIN, 0, n);
  AC::LocalTensor<float> yl(TPosition::VECIN, n * 4, n);
  AC::LocalTensor<float> zl(TPosition::VECOUT, n * 8, n);
  AC::DataCopy(xl, xg, n);
  AC::DataCopy(yl, yg, n);
  AC::WaitFlag<HardEvent::MTE2_V>(3);
  AC::SetFlag<HardEvent::MTE2_V>(3);
  AC::Add(zl, xl, yl, n);
  AC::WaitFlag<HardEvent::V_MTE3>(3);
  AC::SetFlag<HardEvent::V_MTE3>(3);
  AC::DataCopy(zg, zl, n);
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<__gm__ float*>(a[0]), ascsim::arg<__gm__ float*>(a[1]), ascsim::arg<__gm__ float*>(a[2]), ascsim::arg<int32_t>(a[3]));
}
