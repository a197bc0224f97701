//===- check_errors.cpp - Memory and argument bugs --------------*- C++ -*-===//
//
// One kernel, `mode` selects the bug (each at a distinct kernel.py line):
//   0  GM read past the end of x          (kernel.py:10)
//   1  GM write past the end of z         (kernel.py:20)
//   2  static LocalTensor beyond the UB   (kernel.py:30)
//   3  misaligned static LocalTensor      (kernel.py:40)
//   4  data_copy of 7 floats (28 bytes)   (kernel.py:50)
//   5  add through a view too short       (kernel.py:60)
//   6  add on bfloat16 (unsupported)      (kernel.py:70)
//   7  get_value past the UB              (kernel.py:80)
// Each block n in [0, num_blocks) fails only if n >= first_bad_block, so the
// same kernel checks diagnostics across blocks.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ float* x, __gm__ float* z, int32_t n, int32_t mode, int32_t first_bad_block) {
  bool bad = AC::GetBlockIdx() >= first_bad_block;
  int32_t extra = bad ? 8 : 0;
  AC::GlobalTensor<float> xg, zg;
  xg.SetGlobalBuffer(x, n);
  zg.SetGlobalBuffer(z, n);
  AC::LocalTensor<float> a(TPosition::VECIN, 0, n + 8);
  switch (mode) {
  case 0:
#line 10 "kernel.py"
    AC::DataCopy(a, xg, n + extra);
    break;
  case 1:
    AC::DataCopy(a, xg, n);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
#line 20 "kernel.py"
    AC::DataCopy(zg, a, n + extra);
    break;
  case 2: {
#line 30 "kernel.py"
    AC::LocalTensor<float> big(TPosition::VECCALC, 196608 - 128, 64);
    break;
  }
  case 3: {
#line 40 "kernel.py"
    AC::LocalTensor<float> odd(TPosition::VECCALC, 16, 64);
    break;
  }
  case 4:
#line 50 "kernel.py"
    AC::DataCopy(a, xg, 7);
    break;
  case 5:
#line 60 "kernel.py"
    AC::Add(a[n], a[n], a[n], 16);
    break;
  case 6: {
    AC::LocalTensor<bfloat16_t> h(TPosition::VECCALC, 4096, 64);
#line 70 "kernel.py"
    AC::Add(h, h, h, 64);
    break;
  }
  case 7: {
    AC::LocalTensor<float> last(TPosition::VECCALC, 196608 - 32, 8);
#line 80 "kernel.py"
    float v = last[4].GetValue(4);
    (void)v;
    break;
  }
  }
}

extern "C" void ascsim_entry(const uint64_t* a) {
  kernel(ascsim::arg<__gm__ float*>(a[0]), ascsim::arg<__gm__ float*>(a[1]), ascsim::arg<int32_t>(a[2]), ascsim::arg<int32_t>(a[3]), ascsim::arg<int32_t>(a[4]));
}
