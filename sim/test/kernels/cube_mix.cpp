//===- cube_mix.cpp - A MIX_AIC_1_2 kernel ----------------------*- C++ -*-===//
//
// `mode` selects the case (lines are in mix.py):
//   0  the AIC computes C = A x B (32 x 32 x 32, float16 -> float32) into
//      GM `c` and sets cross-core flag 3 (mode 2, from PIPE_FIX); each AIV
//      waits for it, adds 1 to its 16 rows and writes them to `out`, then
//      sets flag 5 for the AIC (mode 2 from PIPE_MTE3), which waits for it.
//      Every core writes (block idx, sub-block idx, sub-block num, task
//      ratio, core type) to info[8 * core]. Vector events on the AIC and
//      cube events on the AIVs are dropped.
//   1  the AIVs wait for flag 7 that nobody sets     (deadlock, mix.py:10)
//   2  an AIV calls Mmad                            (argument, mix.py:20)
//   3  the AIC sets flag 2 sixteen times (mode 2)   (sync, mix.py:30)
//   4  each core writes info[core] = 10 * (core + 1), SyncAll<false>, then
//      out[core] = the sum of info[0..2]
//   5  as 4, but AIV 1 skips SyncAll                (deadlock, mix.py:50)
// a, b: 32 x 32 float16; c, out: 32 x 32 float32; info: 24 int32.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ half *a, __gm__ half *b,
                                             __gm__ float *c, __gm__ float *out,
                                             __gm__ int32_t *info,
                                             int32_t mode) {
  AC::GlobalTensor<half> ga, gb;
  ga.SetGlobalBuffer(a, 1024);
  gb.SetGlobalBuffer(b, 1024);
  AC::GlobalTensor<float> gc, gout;
  gc.SetGlobalBuffer(c, 1024);
  gout.SetGlobalBuffer(out, 1024);
  AC::GlobalTensor<int32_t> gi;
  gi.SetGlobalBuffer(info, 24);
  const int64_t core = ASCEND_IS_AIC ? 0 : 1 + AC::GetSubBlockIdx();
  if (mode == 0) {
    gi.SetValue(core * 8 + 0, static_cast<int32_t>(AC::GetBlockIdx()));
    gi.SetValue(core * 8 + 1, static_cast<int32_t>(AC::GetSubBlockIdx()));
    gi.SetValue(core * 8 + 2, static_cast<int32_t>(AC::GetSubBlockNum()));
    gi.SetValue(core * 8 + 3, static_cast<int32_t>(AC::GetTaskRatio()));
    gi.SetValue(core * 8 + 4, static_cast<int32_t>(g_coreType));
  }
  if (mode == 4 || mode == 5) {
    gi.SetValue(core, static_cast<int32_t>(10 * (core + 1)));
    if (!(mode == 5 && core == 2)) {
#line 50 "mix.py"
      AC::SyncAll<false>();
    }
    if (mode == 4)
      gout.SetValue(core, static_cast<float>(gi.GetValue(0) + gi.GetValue(1) +
                                             gi.GetValue(2)));
    return;
  }
  if ASCEND_IS_AIC {
    if (mode == 3) {
      for (int i = 0; i < 16; ++i) {
#line 30 "mix.py"
        AC::CrossCoreSetFlag<2, PIPE_FIX>(2);
      }
      AC::PipeBarrier<PIPE_ALL>();
      return;
    }
    if (mode != 0)
      return;
    AC::SetFlag<HardEvent::V_MTE3>(1); // a vector event: dropped on the AIC
    AC::LocalTensor<half> a1(TPosition::A1, 0, 1024), b1(TPosition::B1, 2048, 1024);
    AC::DataCopy(a1, ga, AC::Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0));
    AC::DataCopy(b1, gb, AC::Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0));
    AC::SetFlag<HardEvent::MTE2_MTE1>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE1>(0);
    AC::LocalTensor<half> a2(TPosition::A2, 0, 1024), b2(TPosition::B2, 0, 1024);
    for (uint16_t i = 0; i < 2; ++i) {
      AC::LoadData(a2[i * 512], a1, AC::LoadData2DParams(i, 2, 2, 0, 0, false, 0));
      AC::LoadData(b2[i * 512], b1, AC::LoadData2DParams(i, 2, 2, 0, 0, true, 0));
    }
    AC::SetFlag<HardEvent::MTE1_M>(0);
    AC::WaitFlag<HardEvent::MTE1_M>(0);
    AC::LocalTensor<float> c1(TPosition::CO1, 0, 1024);
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    AC::Fixpipe(gc, c1, AC::FixpipeParamsV220(32, 32, 32, 32, false));
    AC::CrossCoreSetFlag<2, PIPE_FIX>(3);
    AC::CrossCoreWaitFlag(5);
    return;
  }
  // The AIVs.
  if (mode == 1) {
#line 10 "mix.py"
    AC::CrossCoreWaitFlag(7);
    return;
  }
  if (mode == 2) {
    AC::LocalTensor<float> c1(TPosition::VECCALC, 0, 256);
    AC::LocalTensor<half> x(TPosition::VECCALC, 1024, 256);
#line 20 "mix.py"
    AC::Mmad(c1, x, x, AC::MmadParams(16, 16, 16, 0, false, true));
    return;
  }
  if (mode != 0)
    return;
  AC::SetFlag<HardEvent::M_FIX>(1); // a cube event: dropped on an AIV
  const int64_t sub = AC::GetSubBlockIdx();
  AC::CrossCoreWaitFlag(3);
  AC::LocalTensor<float> u(TPosition::VECCALC, 0, 512);
  AC::DataCopy(u, gc[sub * 512], 512);
  AC::SetFlag<HardEvent::MTE2_V>(0);
  AC::WaitFlag<HardEvent::MTE2_V>(0);
  AC::Adds(u, u, 1.0f, 512);
  AC::SetFlag<HardEvent::V_MTE3>(0);
  AC::WaitFlag<HardEvent::V_MTE3>(0);
  AC::DataCopy(gout[sub * 512], u, 512);
  AC::CrossCoreSetFlag<2, PIPE_MTE3>(5);
}

ASCSIM_ENTRY(kernel)
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2)
