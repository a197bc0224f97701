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
//   8  cross-pipe WAW on UB: data_copy into `a` (MTE2), then duplicate into
//      `a` (V) without MTE2 -> V (race.py:80 -> :81)
//   9  (moved to cube_errors.cpp case 12: L1 is the AIC's, and this kernel
//      is AIV_ONLY)
//  10  cross-core RAW: block 0 writes z[0:64], the others read it (race.py:100
//      -> :102)
//  11  cross-core WAR: block 0 reads z[0:128], the others write z[64:128]
//      (race.py:110 -> :112)
//  12  every block accumulates x[0:64] into z[0:64] under SetAtomicAdd (two
//      atomic adds commute: no race; z = blocks * x)
//  13  block 0 accumulates into z[0:64] (atomic add), the others read z
//      (cross-core RAW, race.py:130 -> :132)
//  14  block 0 atomic add, the others atomic max into z[0:64] (different
//      accumulations do not commute: cross-core WAW, race.py:140 -> :142)
//  15  inside a core: an atomic add into z, then a copy-in of z without
//      MTE3 -> MTE2 (RAW, race.py:150 -> :151)
//  16 + k  four tiles x -> a -> (add) b -> z, each tile its own UB bytes,
//      the copy-ins paced behind the adds (V -> MTE2); tile k (1..3) copies
//      in z[0:64] instead, which tile 0's copy-out wrote with no MTE3 -> MTE2
//      order (RAW, race.py:166 -> :160); k = 4: x only (no race). The race
//      of a launch that repeats a clean one up to tile k (the race
//      detector's memo: the write is in the matched prefix).
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
  case 8:
#line 80 "race.py"
    AC::DataCopy(a, xg, 64);
    AC::Duplicate(a, 1.0f, 64);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 10:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    if (AC::GetBlockIdx() == 0) {
#line 100 "race.py"
      AC::DataCopy(zg, a, 64);
    } else {
#line 102 "race.py"
      AC::DataCopy(b, zg, 64);
    }
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 11:
    AC::DataCopy(a, xg, 128);
    AC::PipeBarrier<PIPE_ALL>();
    if (AC::GetBlockIdx() == 0) {
#line 110 "race.py"
      AC::DataCopy(b, zg, 128);
    } else {
#line 112 "race.py"
      AC::DataCopy(zg[64], a, 64);
    }
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 12:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::SetAtomicAdd<float>();
#line 120 "race.py"
    AC::DataCopy(zg, a, 64);
    AC::SetAtomicNone();
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 13:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    if (AC::GetBlockIdx() == 0) {
      AC::SetAtomicAdd<float>();
#line 130 "race.py"
      AC::DataCopy(zg, a, 64);
      AC::SetAtomicNone();
    } else {
#line 132 "race.py"
      AC::DataCopy(b, zg, 64);
    }
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 14:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    if (AC::GetBlockIdx() == 0) {
      AC::SetAtomicAdd<float>();
#line 140 "race.py"
      AC::DataCopy(zg, a, 64);
    } else {
      AC::SetAtomicMax<float>();
#line 142 "race.py"
      AC::DataCopy(zg, a, 64);
    }
    AC::SetAtomicNone();
    AC::PipeBarrier<PIPE_ALL>();
    break;
  case 15:
    AC::DataCopy(a, xg, 64);
    AC::PipeBarrier<PIPE_ALL>();
    AC::SetAtomicAdd<float>();
#line 150 "race.py"
    AC::DataCopy(zg, a, 64);
    AC::DataCopy(b, zg, 64);
    AC::SetAtomicNone();
    AC::PipeBarrier<PIPE_ALL>();
    break;
  default:
    for (int i = 0; i < 4; ++i) {
#line 160 "race.py"
      AC::DataCopy(a[i * 64], i == mode - 16 ? zg : xg[i * 64], 64);
      AC::SetFlag<HardEvent::MTE2_V>(0);
      AC::WaitFlag<HardEvent::MTE2_V>(0);
      AC::Add(b[i * 64], a[i * 64], a[i * 64], 64);
      AC::SetFlag<HardEvent::V_MTE2>(0);
      AC::WaitFlag<HardEvent::V_MTE2>(0);
      AC::SetFlag<HardEvent::V_MTE3>(0);
      AC::WaitFlag<HardEvent::V_MTE3>(0);
#line 166 "race.py"
      AC::DataCopy(zg[i * 64], b[i * 64], 64);
    }
    AC::PipeBarrier<PIPE_ALL>();
    break;
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<float*>(a[0]), ascsim::arg<float*>(a[1]), ascsim::arg<int32_t>(a[2]));
}
