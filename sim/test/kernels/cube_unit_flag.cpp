//===- cube_unit_flag.cpp - Mmad <-> Fixpipe through unit flags -*- C++ -*-===//
//
// One AIC_ONLY kernel, `mode` selects the case (lines are in unit.py). A is
// 32 x 32 float16 in L0A and L0B (as cube_errors.cpp); c: 2048 float32.
//    0  Mmad, set/wait M_FIX, Fixpipe (unit_flag 0): the reference
//    1  Mmad(3), Fixpipe(3), no flag between them
//    2  two K steps: Mmad(2), pipe_barrier(PIPE_M), Mmad(3), Fixpipe(3)
//   12  case 2 with unit_flag 0 and the M_FIX flag: its reference
//    3  case 1 with unit_flag 0 (no flag): a race     (unit.py:30/31)
//    4  Mmad(0), M_FIX flag, Fixpipe(3): it waits forever  (unit.py:40)
//    5  Mmad(3), Fixpipe(3), Fixpipe(3) again: the second waits forever
//       (unit.py:50/51)
//    6  Mmad(3), pipe_barrier(PIPE_M), Mmad(3) on the same L0C (unit.py:60/61)
//    7  Mmad(3), Fixpipe(3) -> c[0, 1024), pipe_barrier(PIPE_M),
//       accumulating Mmad(3), Fixpipe(3) -> c[1024, 2048): no flag at all
//    8  case 7 with the second Mmad unit_flag 0 (M_FIX flag, Fixpipe 0):
//       the FIX read -> M write race (unit.py:80/82)
//
//===----------------------------------------------------------------------===//

#include "common.h"

namespace {
void loadOperands(AC::GlobalTensor<half> &ga) {
  AC::LocalTensor<half> a1(TPosition::A1, 0, 1024);
  AC::DataCopy(a1, ga, AC::Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0));
  AC::SetFlag<HardEvent::MTE2_MTE1>(0);
  AC::WaitFlag<HardEvent::MTE2_MTE1>(0);
  AC::LocalTensor<half> a2(TPosition::A2, 0, 1024), b2(TPosition::B2, 0, 1024);
  for (uint16_t i = 0; i < 2; ++i) {
    AC::LoadData(a2[i * 512], a1, AC::LoadData2DParams(i, 2, 2, 0, 0, false, 0));
    AC::LoadData(b2[i * 512], a1, AC::LoadData2DParams(i, 2, 2, 0, 0, true, 0));
  }
  AC::SetFlag<HardEvent::MTE1_M>(0);
  AC::WaitFlag<HardEvent::MTE1_M>(0);
}

AC::FixpipeParamsV220 fixParams(uint8_t unitFlag) {
  AC::FixpipeParamsV220 p(32, 32, 32, 32, false);
  p.unitFlag = unitFlag;
  return p;
}
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ half *a, __gm__ float *c,
                                             int32_t mode) {
  AC::GlobalTensor<half> ga;
  ga.SetGlobalBuffer(a, 1024);
  AC::GlobalTensor<float> gc;
  gc.SetGlobalBuffer(c, 2048);
  AC::LocalTensor<half> a2(TPosition::A2, 0, 1024), b2(TPosition::B2, 0, 1024);
  AC::LocalTensor<float> c1(TPosition::CO1, 0, 1024);
  loadOperands(ga);
  // Two K steps of 16 (a2's first fractal column is K 0-15 of both rows of
  // fractals: Zz, 2 x 2 fractals; b2 Zn likewise).
  auto twoSteps = [&](uint8_t first, uint8_t last) {
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 16, first, false, true));
    AC::PipeBarrier<PIPE_M>();
    AC::Mmad(c1, a2[256], b2[512], AC::MmadParams(32, 32, 16, last, false, false));
  };
  switch (mode) {
  case 0:
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    AC::Fixpipe(gc, c1, fixParams(0));
    break;
  case 1:
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 3, false, true));
    AC::Fixpipe(gc, c1, fixParams(3));
    break;
  case 2:
    twoSteps(2, 3);
    AC::Fixpipe(gc, c1, fixParams(3));
    break;
  case 12:
    twoSteps(0, 0);
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    AC::Fixpipe(gc, c1, fixParams(0));
    break;
  case 3:
#line 30 "unit.py"
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
#line 31 "unit.py"
    AC::Fixpipe(gc, c1, fixParams(0));
    break;
  case 4:
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
#line 40 "unit.py"
    AC::Fixpipe(gc, c1, fixParams(3));
    break;
  case 5:
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 3, false, true));
#line 50 "unit.py"
    AC::Fixpipe(gc, c1, fixParams(3));
#line 51 "unit.py"
    AC::Fixpipe(gc[1024], c1, fixParams(3));
    break;
  case 6:
#line 60 "unit.py"
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 3, false, true));
    AC::PipeBarrier<PIPE_M>();
#line 61 "unit.py"
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 3, false, true));
    break;
  case 7:
  case 8:
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 3, false, true));
#line 80 "unit.py"
    AC::Fixpipe(gc, c1, fixParams(3));
    AC::PipeBarrier<PIPE_M>();
#line 82 "unit.py"
    AC::Mmad(c1, a2, b2,
             AC::MmadParams(32, 32, 32, mode == 7 ? 3 : 0, false, false));
    if (mode == 8) {
      AC::SetFlag<HardEvent::M_FIX>(0);
      AC::WaitFlag<HardEvent::M_FIX>(0);
    }
    AC::Fixpipe(gc[1024], c1, fixParams(mode == 7 ? 3 : 0));
    break;
  default:
    break;
  }
}

ASCSIM_ENTRY(kernel)
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)
