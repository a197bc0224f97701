//===- vec_plan_cache.cpp - Identical vector calls --------------*- C++ -*-===//
//
// The same vector calls four times from the same lines (Core::vecOp keeps
// a plan per call site): a register-mask Add under a mask that changes
// between iterations, then a count-form Add (which resets the mask register
// to all ones, also when its plan is reused) and a register-mask Add that
// must see that reset. d, e and f are zeroed first in every iteration; z
// receives them (192 floats an iteration).
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void vec_plan_cache(__gm__ float *x,
                                                     __gm__ float *y,
                                                     __gm__ float *z) {
  AC::GlobalTensor<float> xg, yg, zg;
  xg.SetGlobalBuffer(x, 64);
  yg.SetGlobalBuffer(y, 64);
  zg.SetGlobalBuffer(z, 4 * 192);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, 64);
  AC::LocalTensor<float> b(TPosition::VECIN, 256, 64);
  AC::LocalTensor<float> d(TPosition::VECOUT, 512, 64);
  AC::LocalTensor<float> e(TPosition::VECOUT, 768, 64);
  AC::LocalTensor<float> f(TPosition::VECOUT, 1024, 64);
  AC::LocalTensor<float> def(TPosition::VECOUT, 512, 192); // d, e, f
  AC::DataCopy(a, xg, 64);
  AC::DataCopy(b, yg, 64);
  AC::SetFlag<HardEvent::MTE2_V>(0);
  AC::WaitFlag<HardEvent::MTE2_V>(0);
  AC::BinaryRepeatParams p; // contiguous: block stride 1, repeat stride 8
  for (int i = 0; i < 4; ++i) {
    if (i > 0)
      AC::WaitFlag<HardEvent::MTE3_V>(0);
    AC::Duplicate(def, 0.f, 192);
    AC::SetVectorMask<float>(0, i < 2 ? 0xFull : 0xFFull);
    AC::Add<float, false>(d, a, b, AC::MASK_PLACEHOLDER, 1, p);
    AC::Add(e, a, b, 64);
    AC::Add<float, false>(f, a, b, AC::MASK_PLACEHOLDER, 1, p);
    AC::SetFlag<HardEvent::V_MTE3>(0);
    AC::WaitFlag<HardEvent::V_MTE3>(0);
    AC::DataCopy(zg[i * 192], d, 64);
    AC::DataCopy(zg[i * 192 + 64], e, 64);
    AC::DataCopy(zg[i * 192 + 128], f, 64);
    AC::SetFlag<HardEvent::MTE3_V>(0);
  }
  AC::WaitFlag<HardEvent::MTE3_V>(0);
}

extern "C" void ascsim_entry(const uint64_t *a) {
  vec_plan_cache(ascsim::arg<float *>(a[0]), ascsim::arg<float *>(a[1]),
                 ascsim::arg<float *>(a[2]));
}
