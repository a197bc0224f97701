//===- sync_errors.cpp - Synchronisation bugs -------------------*- C++ -*-===//
//
// One kernel, `mode` selects the bug. The #line directives make diagnostics
// point into "kernel.py" like an emitted kernel's would.
//   0  deadlock: wait_flag with no set_flag (kernel.py:42)
//   1  double set in program order (kernel.py:50 then :51)
//   2  leaked flag (set at kernel.py:57, never waited)
//   3  timeline double set: the second set fires while the first is unconsumed
//   4  deadlock through a full queue: 40 vector instructions behind a wait
//      whose set comes after them
//   5  missing MTE2->V sync: add reads UB before the copy lands
//   6  PipeBarrier<PIPE_ALL> drains all pipes (correct kernel)
//   7  set_flag with an event that is not valid on a vector core
//   8  set_flag with event id 8
//   9  deadlock on the scalar unit: wait_flag(V_S) with no set (kernel.py:120)
//  10  set_flag(V_V) twice, unwaited (PIPE_V barriers, not a flag) and a
//      scalar-side set_flag(S_V) (correct kernel: z = 3x)
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* z, int32_t mode) {
  AC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(x, 64);
  zg.SetGlobalBuffer(z, 64);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, 64);
  AC::LocalTensor<float> b(TPosition::VECOUT, 256, 64);
  switch (mode) {
  case 0:
    AC::DataCopy(a, xg, 64);
#line 42 "kernel.py"
    AC::WaitFlag<HardEvent::MTE2_V>(1);
    AC::Add(b, a, a, 64);
    break;
  case 1:
#line 50 "kernel.py"
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    break;
  case 2:
    AC::DataCopy(a, xg, 64);
#line 57 "kernel.py"
    AC::SetFlag<HardEvent::MTE2_V>(1);
    break;
  case 3:
#line 60 "kernel.py"
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE3_V>(0);  // blocks PIPE_V until MTE3 sets
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    AC::SetFlag<HardEvent::MTE2_V>(0);   // fires at once on the idle MTE2
    AC::DataCopy(b, xg, 64);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopy(zg, b, 64);
    AC::SetFlag<HardEvent::MTE3_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    break;
  case 4:
#line 80 "kernel.py"
    AC::WaitFlag<HardEvent::MTE2_V>(2);
    for (int i = 0; i < 40; ++i)
      AC::Add(b, b, b, 64);
    AC::SetFlag<HardEvent::MTE2_V>(2);
    break;
  case 5:
    AC::DataCopy(a, xg, 64);
    AC::Add(b, a, a, 64);  // no MTE2 -> V synchronisation
    AC::SetFlag<HardEvent::V_MTE3>(0);
    AC::WaitFlag<HardEvent::V_MTE3>(0);
    AC::DataCopy(zg, b, 64);
    break;
  case 6:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::Add(b, a, a, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::DataCopy(zg, b, 64);
    break;
  case 7:
#line 100 "kernel.py"
    AC::SetFlag<HardEvent::MTE1_M>(0);
    break;
  case 8:
#line 110 "kernel.py"
    AC::SetFlag<HardEvent::V_MTE3>(8);
    break;
  case 9:
    AC::Add(b, a, a, 64);
#line 120 "kernel.py"
    AC::WaitFlag<HardEvent::V_S>(0);
    break;
  case 10:
    AC::DataCopy(a, xg, 64);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    AC::Add(b, a, a, 64);
    AC::SetFlag<HardEvent::V_V>(0); // a barrier: needs no wait, may repeat
    AC::SetFlag<HardEvent::V_V>(0);
    AC::Add(b, b, a, 64);
    AC::SetFlag<HardEvent::V_MTE3>(0);
    AC::WaitFlag<HardEvent::V_MTE3>(0);
    AC::DataCopy(zg, b, 64);
    AC::SetFlag<HardEvent::S_V>(1); // set by the scalar unit itself
    AC::WaitFlag<HardEvent::S_V>(1);
    break;
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<__gm__ float*>(a[0]), ascsim::arg<__gm__ float*>(a[1]), ascsim::arg<int32_t>(a[2]));
}
