//===- copy_plan_cache.cpp - Repeated DataCopy call sites -------*- C++ -*-===//
//
// Core::dataCopy plans a GM <-> UB copy once per call site (CachedCopy): the
// same lines copy `tiles` tiles of 256 floats through two alternating UB
// slots, the last tile with `last` elements (the count changes at a line
// that has a plan), then copy them out. `c` has only its first 8 floats
// written: its copy out reads 32 never-written bytes every iteration (one
// uninit report). The launch registers x with fewer elements than the loop
// reads when a test wants the last copy in to fault.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void copy_plan_cache(__gm__ float *x,
                                                      __gm__ float *z,
                                                      __gm__ float *w,
                                                      int32_t tiles,
                                                      int32_t last) {
  AC::GlobalTensor<float> xg, zg, wg;
  xg.SetGlobalBuffer(x, 256 * tiles);
  zg.SetGlobalBuffer(z, 256 * tiles);
  wg.SetGlobalBuffer(w, 16 * tiles);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, 512); // two slots of 256
  AC::LocalTensor<float> c(TPosition::VECOUT, 2048, 16);
  AC::DataCopy(c, xg, 8);
  for (int32_t i = 0; i < tiles; ++i) {
    AC::LocalTensor<float> slot = a[(i % 2) * 256];
    AC::DataCopy(slot, xg[i * 256], i == tiles - 1 ? last : 256);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopy(zg[i * 256], slot, 256);
    AC::DataCopy(wg[i * 16], c, 16);
    AC::SetFlag<HardEvent::MTE3_MTE2>(0);
    AC::WaitFlag<HardEvent::MTE3_MTE2>(0);
  }
}

extern "C" void ascsim_entry(const uint64_t *a) {
  copy_plan_cache(ascsim::arg<float *>(a[0]), ascsim::arg<float *>(a[1]),
                  ascsim::arg<float *>(a[2]), ascsim::arg<int32_t>(a[3]),
                  ascsim::arg<int32_t>(a[4]));
}
