//===- race_cases.cpp - One kernel per race class ---------------*- C++ -*-===//
//
// `mode` selects the case; #line directives put the lines into "race.py".
//   0  missing V -> MTE3: data_copy out reads z before add wrote it
//      (race.py:11 -> race.py:12)
//   1  missing MTE3 -> MTE2 with ping-pong buffers: the copy-in of tile i+2
//      overwrites a buffer copy-out i still reads (WAR, race.py:22 -> :20)
//   2  two data_copy into overlapping UB without pipe_barrier(PIPE_MTE2)
//      (WAW, race.py:30 -> :31)
//   3  scalar get_value of a vector result without V -> S sync (race.py:41)
//   4  cross-core: every block writes z[0:64] (race.py:50)
//   5  like 2 with the barrier (correct)
//   6  like 3 with wait_flag(V_S) (correct)
//   7  GM RAW inside a core: copy-out then copy-in of the same GM bytes
//      without MTE3 -> MTE2 (race.py:71)
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* z, int32_t mode) {
  AC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(x, 1024);
  zg.SetGlobalBuffer(z, 1024);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, 256);
  AC::LocalTensor<float> b(TPosition::VECOUT, 1024, 256);
  switch (mode) {
  case 0:
    AC::DataCopy(a, xg, 64);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
#line 11 "race.py"
    AC::Add(b, a, a, 64);
    AC::DataCopy(zg, b, 64);
    break;
  case 1:
    for (int i = 0; i < 4; ++i) {
      AC::LocalTensor<float> buf = a[(i % 2) * 64];
      AC::DataCopy(buf, xg[i * 64], 64);
      AC::SetFlag<HardEvent::MTE2_MTE3>(0);
      AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
#line 20 "race.py"
      AC::DataCopy(zg[i * 64], buf, 64);
      // missing: SetFlag/WaitFlag<MTE3_MTE2> before reusing `buf`
#line 22 "race.py"
    }
    break;
  case 2:
#line 30 "race.py"
    AC::DataCopy(a, xg, 128);
    AC::DataCopy(a[64], xg[512], 128);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 3:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::Add(b, a, a, 64);
#line 41 "race.py"
    zg.SetValue(0, b.GetValue(0));
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 4:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
#line 50 "race.py"
    AC::DataCopy(zg, a, 64);
    break;
  case 5:
    AC::DataCopy(a, xg, 128);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::DataCopy(a[64], xg[512], 128);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 6:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::Add(b, a, a, 64);
    AC::SetFlag<HardEvent::V_S>(0);
    AC::WaitFlag<HardEvent::V_S>(0);
    zg.SetValue(0, b.GetValue(0));
    break;
  case 7:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::DataCopy(zg, a, 64);
#line 71 "race.py"
    AC::DataCopy(b, zg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<int32_t>(a[2]));
}
