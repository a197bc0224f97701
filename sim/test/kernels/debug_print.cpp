//===- debug_print.cpp - printf and DumpTensor ------------------*- C++ -*-===//
//
// One kernel, `mode` selects the case (lines are in debug.py):
//   0  printf of every argument kind and conversion; partial lines
//   1  DumpTensor of UB tensors (float32, int32, float16) after a V_S sync,
//      and of a GM tensor; printf between them
//   2  DumpTensor of a UB tensor the vector pipe writes, without V_S wait
//                                                     (race, debug.py:20)
//   3  DumpTensor beyond the LocalTensor view         (bounds, debug.py:30)
//   4  DumpTensor beyond the GlobalTensor             (bounds, debug.py:40)
//   5  printf with %n                                 (argument, debug.py:50)
//   6  printf with too few arguments                  (argument, debug.py:60)
//   7  printf %d of a float                           (argument, debug.py:70)
//   8  more than 1 MiB of output                      (warning, debug.py:80)
//   9  DumpTensor of never-written UB                 (uninit, debug.py:90)
//  10  printf, then an error: the output is kept      (bounds, debug.py:100)
// x: 64 float32 inputs; z: 64 float32 outputs.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float *x, __gm__ float *z,
                                             int32_t mode) {
  int64_t b = AC::GetBlockIdx();
  AC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(x, 64);
  zg.SetGlobalBuffer(z, 64);
  AC::LocalTensor<float> xl(TPosition::VECIN, 0, 64);
  AC::LocalTensor<float> zl(TPosition::VECOUT, 256, 64);
  switch (mode) {
  case 0: {
    int8_t i8 = -8;
    uint8_t u8 = 200;
    int16_t i16 = -1600;
    uint16_t u16 = 65000;
    int32_t i32 = -32;
    uint32_t u32 = 4000000000u;
    int64_t i64 = -6400000000LL;
    uint64_t u64 = 18000000000000000000ULL;
    half h = 0.1f;
    bfloat16_t bf = 1.5f;
    float f = 3.25f;
    double d = 1.0 / 3.0;
    bool t = true;
    AC::printf("block %ld of %ld\n", b, AC::GetBlockNum());
    AC::printf("ints %d %d %d %d %d\n", i8, i16, i32, i64, t);
    AC::printf("uints %u %u %u %u %u\n", u8, u16, u32, u64, -1);
    AC::printf("hex %x %X %#x %o %08x|%-5d|%+d|%5d\n", 255, 255, 255, 8, 48879,
               42, 42, 42);
    AC::printf("char %c%c str %s %% pct\n", 'o', 'k', "text");
    AC::printf("floats %f %f %f %.3f %e %g %5.1f|\n", h, bf, f, d, f, d, f);
    AC::PRINTF("PRINTF %d", 7);
    AC::printf(" continues");
    AC::printf(" the line\nnext\nlast without newline");
    break;
  }
  case 1: {
    AC::LocalTensor<int32_t> il(TPosition::VECCALC, 512, 16);
    AC::LocalTensor<half> hl(TPosition::VECCALC, 1024, 16);
    AC::DataCopy(xl, xg, 64);
    AC::SetFlag<HardEvent::MTE2_S>(0);
    AC::WaitFlag<HardEvent::MTE2_S>(0);
    for (int i = 0; i < 16; ++i) {
      il.SetValue(i, (i - 8) * 1000);
      hl.SetValue(i, static_cast<float>(i) * 0.1f);
    }
    AC::printf("before dumps\n");
    AC::printf("partial ");
    AC::DumpTensor(xl, 7, 10);
    AC::DumpTensor(il[8], 8, 8);
    AC::DumpTensor(hl, 9, 4);
    AC::DumpTensor(xg[60], 10, 4);
    AC::DumpTensor(xl, 11, 0);
    AC::printf("after dumps\n");
    break;
  }
  case 2:
    AC::DataCopy(xl, xg, 64);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    AC::Add(zl, xl, xl, 64);
#line 20 "debug.py"
    AC::DumpTensor(zl, 1, 64);
    break;
  case 3:
    AC::DataCopy(xl, xg, 64);
    AC::SetFlag<HardEvent::MTE2_S>(0);
    AC::WaitFlag<HardEvent::MTE2_S>(0);
#line 30 "debug.py"
    AC::DumpTensor(xl[32], 2, 40);
    break;
  case 4:
#line 40 "debug.py"
    AC::DumpTensor(xg, 3, 65);
    break;
  case 5: {
    int n = 0;
#line 50 "debug.py"
    AC::printf("bad %n\n", &n);
    break;
  }
  case 6:
#line 60 "debug.py"
    AC::printf("a=%d b=%d\n", 1);
    break;
  case 7:
#line 70 "debug.py"
    AC::printf("a=%d\n", 1.5f);
    break;
  case 8:
    for (int i = 0; i < 40000; ++i) {
#line 80 "debug.py"
      AC::printf("line %d: the quick brown fox jumps over the lazy dog\n", i);
    }
    break;
  case 9:
#line 90 "debug.py"
    AC::DumpTensor(zl, 4, 8);
    break;
  case 10:
    AC::printf("before the error\n");
#line 100 "debug.py"
    AC::DumpTensor(xl, 5, 100);
    AC::printf("never printed\n");
    break;
  }
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ float *>(a[0]), ascsim::arg<__gm__ float *>(a[1]),
         ascsim::arg<int32_t>(a[2]));
}
