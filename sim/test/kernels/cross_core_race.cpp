//===- cross_core_race.cpp - Cross-core flags in the race check -*- C++ -*-===//
//
// A MIX_AIC_1_2 kernel: AIV 0 of block 0 writes z (256 halves, MTE3, from x
// through UB) and another core reads z (lines are in xc.py). `mode`:
//   0  AIV 0 writes z, both AIVs set flag 1 (mode 2, PIPE_MTE3), the AIC
//      waits for it and reads z (MTE2 to L1): ordered, no race
//   1  as 0 without the sets and the wait: cross-core RAW, xc.py:10 -> :12
//   2  (2 blocks) the AIVs meet on a mode-0 flag 2 (from PIPE_MTE3) after
//      AIV 0 of block 0 wrote z; AIV 0 of block 1 reads z after: no race
//   3  as 2 with SyncAll<true>() instead of the flag: no race
//   4  both AIVs set flag 1 (mode 2) first; AIV 0 then writes z and sets
//      flag 1 again with AIV 1. The AIC's first wait consumed the first
//      set only: its read of z races with the write (xc.py:10 -> :12); its
//      second wait takes the second set
//   5  mode 1 between the AIVs: AIV 0 writes z, both set flag 4 (mode 1)
//      and wait for it, AIV 1 reads z: no race
//   6  as 5, but the set sits in PIPE_V, which does not wait for AIV 0's
//      MTE3 write: cross-core RAW, xc.py:10 -> :14
// x, z: 256 halves.
//
//===----------------------------------------------------------------------===//

#include "common.h"

namespace {
void writeZ(AC::GlobalTensor<half> &gx, AC::GlobalTensor<half> &gz) {
  AC::LocalTensor<half> u(TPosition::VECCALC, 0, 256);
  AC::DataCopy(u, gx, 256);
  AC::SetFlag<HardEvent::MTE2_MTE3>(0);
  AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
#line 10 "xc.py"
  AC::DataCopy(gz, u, 256);
}
void aivReadZ(AC::GlobalTensor<half> &gz) {
  AC::LocalTensor<half> u(TPosition::VECCALC, 1024, 256);
#line 14 "xc.py"
  AC::DataCopy(u, gz, 256);
}
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ half *x, __gm__ half *z,
                                             int32_t mode) {
  AC::GlobalTensor<half> gx, gz;
  gx.SetGlobalBuffer(x, 256);
  gz.SetGlobalBuffer(z, 256);
  const bool writer = ASCEND_IS_AIV && AC::GetBlockIdx() == 0 &&
                      AC::GetSubBlockIdx() == 0;
  if ASCEND_IS_AIC {
    if (mode == 0 || mode == 4)
      AC::CrossCoreWaitFlag(1);
    if (mode <= 1 || mode == 4) {
      AC::LocalTensor<half> a1(TPosition::A1, 0, 256);
#line 12 "xc.py"
      AC::DataCopy(a1, gz, AC::Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0));
      AC::PipeBarrier<PIPE_ALL>();
    }
    if (mode == 4)
      AC::CrossCoreWaitFlag(1);
    return;
  }
  if (mode == 4)
    AC::CrossCoreSetFlag<2, PIPE_MTE3>(1);
  if (writer)
    writeZ(gx, gz);
  if (mode == 0 || mode == 4)
    AC::CrossCoreSetFlag<2, PIPE_MTE3>(1);
  if (mode == 2) {
    AC::CrossCoreSetFlag<0, PIPE_MTE3>(2);
    AC::CrossCoreWaitFlag(2);
  }
  if (mode == 3)
    AC::SyncAll<true>();
  if ((mode == 2 || mode == 3) && AC::GetBlockIdx() == 1 &&
      AC::GetSubBlockIdx() == 0)
    aivReadZ(gz);
  if (mode == 5 || mode == 6) {
    if (mode == 5)
      AC::CrossCoreSetFlag<1, PIPE_MTE3>(4);
    else
      AC::CrossCoreSetFlag<1, PIPE_V>(4);
    AC::CrossCoreWaitFlag(4);
    if (AC::GetSubBlockIdx() == 1)
      aivReadZ(gz);
  }
}

ASCSIM_ENTRY(kernel)
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2)
