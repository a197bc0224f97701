//===- cube_errors.cpp - Bad cube code --------------------------*- C++ -*-===//
//
// One AIC_ONLY kernel, `mode` selects the case (lines are in cube.py):
//   1  an L0A tensor at a misaligned address      (alignment, cube.py:10)
//   2  Mmad with m = 5000                         (argument, cube.py:20)
//   3  Mmad writing past the end of L0C           (capacity, cube.py:30)
//   4  float16 x float16 -> float16               (dtype, cube.py:40)
//   5  the A matrix in L0B                        (argument, cube.py:50)
//   6  accumulating Mmads of 4 fractals, no PIPE_M barrier (sync, cube.py:60)
//   7  Fixpipe without the M_FIX flag             (race, cube.py:70/71)
//   8  ND -> NZ into L0A (GM -> L0A needs LoadData) (argument, cube.py:80)
//   9  Fixpipe F322F16 into a float32 tensor      (dtype, cube.py:90)
//  10  CrossCoreSetFlag in an AIC_ONLY kernel     (argument, cube.py:100)
//  11  SetFlag<MTE2_V> (a vector event) on an AIC (argument, cube.py:110)
//  12  WAW on L1: two DataCopy GM -> L1 into overlapping bytes without
//      PipeBarrier<PIPE_MTE2> (race, race.py:90 -> :91)
//  20  (no error) C = a x a, then DataCopy CO1 -> GM with
//      DataCopyCO12DstParams (NZ -> ND, QF322B8_PRE) whose scale, 0.25, is
//      the SetFixpipePreQuantFlag register: int8 into `c`
//  21  (no error) img2col: `a` holds a 5 x 6 x 16 float16 feature map
//      (NC1HWC0, 480 values) then a 48 x 16 selector B; LoadData 3D (1 x 3
//      filter, pad left/right 1, pad value -3) repeated twice along M
//      (SetLoadDataRepeat) into L0A, times B, to `c` (32 x 16 float32)
//  22  (no error) case 21 with the feature map set by SetFmatrix and the pad
//      value by SetLoadDataPaddingValue, read by a LoadData whose
//      IsResetLoad3dConfig is {false, false} (its own l1H/l1W/pads unused)
// a: 32 x 32 float16; c: 32 x 32 float32.
//
//===----------------------------------------------------------------------===//

#include "common.h"

namespace {
/// LoadData 3D reading the feature-map and padding registers.
constexpr AC::IsResetLoad3dConfig kFromRegisters(false, false);
/// 32 x 32 x 32 into L0A/L0B, flags set and waited; returns nothing.
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
} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ half *a, __gm__ float *c,
                                             int32_t mode) {
  AC::GlobalTensor<half> ga;
  ga.SetGlobalBuffer(a, 1024);
  AC::GlobalTensor<float> gc;
  gc.SetGlobalBuffer(c, 1024);
  AC::LocalTensor<half> a2(TPosition::A2, 0, 1024), b2(TPosition::B2, 0, 1024);
  AC::LocalTensor<float> c1(TPosition::CO1, 0, 1024);
  switch (mode) {
  case 1: {
#line 10 "cube.py"
    AC::LocalTensor<half> bad(TPosition::A2, 256, 256);
    break;
  }
  case 2:
    loadOperands(ga);
#line 20 "cube.py"
    AC::Mmad(c1, a2, b2, AC::MmadParams(5000, 32, 32, 0, false, true));
    break;
  case 3: {
    loadOperands(ga);
    AC::LocalTensor<float> last(TPosition::CO1, 126976, 1024);
    AC::LocalTensor<half> wideB(TPosition::B2, 0, 2048);
#line 30 "cube.py"
    AC::Mmad(last, a2, wideB, AC::MmadParams(32, 64, 32, 0, false, true));
    break;
  }
  case 4: {
    loadOperands(ga);
    AC::LocalTensor<half> c16(TPosition::CO1, 0, 1024);
#line 40 "cube.py"
    AC::Mmad(c16, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    break;
  }
  case 5:
    loadOperands(ga);
#line 50 "cube.py"
    AC::Mmad(c1, b2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    break;
  case 6:
    loadOperands(ga);
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 16, 0, false, true));
#line 60 "cube.py"
    AC::Mmad(c1, a2[256], b2[256], AC::MmadParams(32, 32, 16, 0, false, false));
    break;
  case 7:
    loadOperands(ga);
#line 70 "cube.py"
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
#line 71 "cube.py"
    AC::Fixpipe(gc, c1, AC::FixpipeParamsV220(32, 32, 32, 32, false));
    break;
  case 8: {
    AC::LocalTensor<half> l0a(TPosition::A2, 0, 1024);
#line 80 "cube.py"
    AC::DataCopy(l0a, ga, AC::Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0));
    break;
  }
  case 9: {
    AC::FixpipeParamsV220 p(32, 32, 32, 32, false);
    p.quantPre = QuantMode_t::F322F16;
#line 90 "cube.py"
    AC::Fixpipe(gc, c1, p);
    break;
  }
  case 10:
#line 100 "cube.py"
    AC::CrossCoreSetFlag<2, PIPE_FIX>(1);
    break;
  case 11:
#line 110 "cube.py"
    AC::SetFlag<HardEvent::MTE2_V>(0);
    break;
  case 12: {
    AC::LocalTensor<half> l1(TPosition::A1, 0, 512);
#line 90 "race.py"
    AC::DataCopy(l1, ga, 256);
    AC::DataCopy(l1[128], ga[512], 256);
    AC::PipeBarrier<PIPE_ALL>();
    break;
  }
  case 20: {
    loadOperands(ga);
    AC::Mmad(c1, a2, b2, AC::MmadParams(32, 32, 32, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    float scale = 0.25f;
    uint32_t bits;
    __builtin_memcpy(&bits, &scale, 4);
    AC::SetFixpipePreQuantFlag(bits);
    AC::GlobalTensor<int8_t> g8;
    g8.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t *>(c), 1024);
    AC::DataCopy(g8, c1,
                 AC::DataCopyCO12DstParams(32, 32, 32, 32,
                                           QuantMode_t::QF322B8_PRE, 0, false,
                                           true));
    break;
  }
  case 21: {
    AC::GlobalTensor<half> gm;
    gm.SetGlobalBuffer(a, 480 + 768);
    AC::LocalTensor<half> f1(TPosition::A1, 0, 480), s1(TPosition::B1, 1024, 768);
    AC::DataCopy(f1, gm, AC::Nd2NzParams(1, 30, 16, 0, 16, 32, 1, 0));
    AC::DataCopy(s1, gm[480], AC::Nd2NzParams(1, 48, 16, 0, 16, 48, 1, 0));
    AC::SetFlag<HardEvent::MTE2_MTE1>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE1>(0);
    AC::LocalTensor<half> l0a(TPosition::A2, 0, 32 * 48), l0b(TPosition::B2, 0, 768);
    AC::SetLoadDataRepeat(AC::LoadDataRepeatParam(1, 2, 0));
    const uint8_t pad[4] = {1, 1, 0, 0};
    AC::LoadData(l0a, f1,
                 AC::LoadData3DParamsV2<half>(pad, 5, 6, 16, 48, 16, 0, 0, 1,
                                              1, 3, 1, 1, 1, false, false,
                                              half(-3.0f)));
    AC::LoadData(l0b, s1, AC::LoadData2DParams(0, 3, 1, 0, 0, true, 0));
    AC::SetFlag<HardEvent::MTE1_M>(0);
    AC::WaitFlag<HardEvent::MTE1_M>(0);
    AC::LocalTensor<float> out(TPosition::CO1, 0, 512);
    AC::Mmad(out, l0a, l0b, AC::MmadParams(32, 16, 48, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    AC::Fixpipe(gc, out, AC::FixpipeParamsV220(16, 32, 32, 16, false));
    break;
  }
  case 22: { // case 21 with the feature map and pad value from the registers
    AC::GlobalTensor<half> gm;
    gm.SetGlobalBuffer(a, 480 + 768);
    AC::LocalTensor<half> f1(TPosition::A1, 0, 480), s1(TPosition::B1, 1024, 768);
    AC::DataCopy(f1, gm, AC::Nd2NzParams(1, 30, 16, 0, 16, 32, 1, 0));
    AC::DataCopy(s1, gm[480], AC::Nd2NzParams(1, 48, 16, 0, 16, 48, 1, 0));
    AC::SetFlag<HardEvent::MTE2_MTE1>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE1>(0);
    AC::LocalTensor<half> l0a(TPosition::A2, 0, 32 * 48), l0b(TPosition::B2, 0, 768);
    AC::SetLoadDataRepeat(AC::LoadDataRepeatParam(1, 2, 0));
    const uint8_t pad[4] = {1, 1, 0, 0}, none[4] = {0, 0, 0, 0};
    AC::SetFmatrix(5, 6, pad, AC::FmatrixMode::FMATRIX_LEFT);
    AC::SetLoadDataPaddingValue(half(-3.0f));
    // l1H/l1W/padList/padValue of the params are not used.
    AC::LoadData<half, kFromRegisters>(
        l0a, f1,
        AC::LoadData3DParamsV2<half>(none, 1, 1, 16, 48, 16, 0, 0, 1, 1, 3, 1,
                                     1, 1, false, false, half(99.0f)));
    AC::LoadData(l0b, s1, AC::LoadData2DParams(0, 3, 1, 0, 0, true, 0));
    AC::SetFlag<HardEvent::MTE1_M>(0);
    AC::WaitFlag<HardEvent::MTE1_M>(0);
    AC::LocalTensor<float> out(TPosition::CO1, 0, 512);
    AC::Mmad(out, l0a, l0b, AC::MmadParams(32, 16, 48, 0, false, true));
    AC::SetFlag<HardEvent::M_FIX>(0);
    AC::WaitFlag<HardEvent::M_FIX>(0);
    AC::Fixpipe(gc, out, AC::FixpipeParamsV220(16, 32, 32, 16, false));
    break;
  }
  }
}

ASCSIM_ENTRY(kernel)
ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)
