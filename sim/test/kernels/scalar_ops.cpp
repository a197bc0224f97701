//===- scalar_ops.cpp - Scalar access and all binary ops --------*- C++ -*-===//
//
// z[k*n + i] = x[i] op_k y[i] for op = add, sub, mul, div, max, min, then
// z[6n] = x[0] read back through GetValue on UB after an MTE2_S wait, and
// z[6n+1] written by GlobalTensor::SetValue (x[1] * 2).
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t n) {
  AC::InitSocState();
  AC::GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(x, n);
  yg.SetGlobalBuffer(y, n);
  zg.SetGlobalBuffer(z, 6 * n + 8);
  AC::LocalTensor<float> xl(TPosition::VECIN, 0, n);
  AC::LocalTensor<float> yl(TPosition::VECIN, n * 4, n);
  AC::LocalTensor<float> zl(TPosition::VECOUT, n * 8, 6 * n);
  AC::DataCopy(xl, xg, n);
  AC::DataCopy(yl, yg, n);
  AC::SetFlag<HardEvent::MTE2_V>(0);
  AC::WaitFlag<HardEvent::MTE2_V>(0);
  AC::Add(zl[0 * n], xl, yl, n);
  AC::Sub(zl[1 * n], xl, yl, n);
  AC::Mul(zl[2 * n], xl, yl, n);
  AC::Div(zl[3 * n], xl, yl, n);
  AC::Max(zl[4 * n], xl, yl, n);
  AC::Min(zl[5 * n], xl, yl, n);
  AC::SetFlag<HardEvent::V_MTE3>(0);
  AC::WaitFlag<HardEvent::V_MTE3>(0);
  AC::DataCopy(zg, zl, 6 * n);
  AC::SetFlag<HardEvent::MTE2_S>(0);
  AC::WaitFlag<HardEvent::MTE2_S>(0);
  float first = xl.GetValue(0);
  AC::SetFlag<HardEvent::MTE3_S>(0);
  AC::WaitFlag<HardEvent::MTE3_S>(0);
  zg.SetValue(6 * n, first);
  zg.SetValue(6 * n + 1, xg.GetValue(1) * 2.0f);
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<__gm__ float*>(a[0]), ascsim::arg<__gm__ float*>(a[1]), ascsim::arg<__gm__ float*>(a[2]), ascsim::arg<int32_t>(a[3]));
}
