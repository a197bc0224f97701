//===- vec_copy.cpp - DataCopy parameters, DataCopyPad, atomics -*- C++ -*-===//
//
// `mode` selects the scenario (VectorCopyTest.cpp); x is the input, y the
// output, pre-filled by the test with "old" contents:
//   0  DataCopy GM->UB with DataCopyParams (strided blocks)
//   1  DataCopy UB->GM with DataCopyParams
//   2  DataCopyPad GM->UB, DataCopyExtParams + DataCopyPadExtParams<int16_t>
//   3  DataCopyPad UB->GM, DataCopyExtParams
//   4  SetAtomicAdd<float>: every block adds its slice of x into y (count form)
//   5  DataCopyPad GM->UB, DataCopyParams + DataCopyPadParams
//   6  DataCopy UB->UB with DataCopyParams
//   7  SetPadValue<int16_t>(a3), then mode 2 with isPad = false
//   8  SetAtomicMax<float> with DataCopyPad UB->GM (blockLen = ny*4 bytes)
//   9  SetPadValue<int32_t>(a3), then mode 2 with isPad = false (a 4-byte
//      value for 2-byte elements)
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(int32_t mode, __gm__ int16_t *x, __gm__ int16_t *y, int32_t nx, int32_t ny, int32_t cnt, int32_t len, int32_t sgap, int32_t dgap, int32_t a0, int32_t a1, int32_t a2, int32_t a3) {
  AC::GlobalTensor<int16_t> xg, yg;
  xg.SetGlobalBuffer(x, nx);
  yg.SetGlobalBuffer(y, ny);
  uint32_t rBytes = static_cast<uint32_t>(ny) * 2;
  AC::LocalTensor<int16_t> R(TPosition::VECIN, 0, ny);
  AC::LocalTensor<int16_t> S(TPosition::VECIN, (rBytes + 31) / 32 * 32, nx);
  auto toY = [&] {
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopy(yg, R, ny);
  };
  switch (mode) {
  case 0:
    AC::DataCopy(R, yg, ny);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::DataCopy(R, xg, AC::DataCopyParams(cnt, len, sgap, dgap));
    toY();
    break;
  case 1: {
    AC::LocalTensor<int16_t> X(TPosition::VECIN, 0, nx);
    AC::DataCopy(X, xg, nx);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopyParams p;
    p.blockCount = static_cast<uint16_t>(cnt);
    p.blockLen = static_cast<uint16_t>(len);
    p.srcGap = static_cast<uint16_t>(sgap); // the alias names
    p.dstStride = static_cast<uint16_t>(dgap);
    AC::DataCopy(yg, X, p);
    break;
  }
  case 7:
  case 9:
    if (mode == 7)
      AC::SetPadValue<int16_t>(static_cast<int16_t>(a3));
    else
      AC::SetPadValue<int32_t>(a3);
    [[fallthrough]];
  case 2:
    AC::DataCopy(R, yg, ny);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::DataCopyPad(R, xg,
                    AC::DataCopyExtParams(static_cast<uint16_t>(cnt), len, sgap,
                                          dgap, 0),
                    AC::DataCopyPadExtParams<int16_t>(
                        a0 != 0, static_cast<uint8_t>(a1),
                        static_cast<uint8_t>(a2), static_cast<int16_t>(a3)));
    toY();
    break;
  case 5:
    AC::DataCopy(R, yg, ny);
    AC::PipeBarrier<PIPE_MTE2>();
    AC::DataCopyPad(R, xg,
                    AC::DataCopyParams(static_cast<uint16_t>(cnt),
                                       static_cast<uint16_t>(len),
                                       static_cast<uint16_t>(sgap),
                                       static_cast<uint16_t>(dgap)),
                    AC::DataCopyPadParams(a0 != 0, static_cast<uint8_t>(a1),
                                          static_cast<uint8_t>(a2),
                                          static_cast<uint64_t>(a3)));
    toY();
    break;
  case 3: {
    AC::LocalTensor<int16_t> X(TPosition::VECIN, 0, nx);
    AC::DataCopy(X, xg, nx);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    AC::DataCopyPad(yg, X,
                    AC::DataCopyExtParams(static_cast<uint16_t>(cnt), len, sgap,
                                          dgap, 0));
    break;
  }
  case 6:
    AC::DataCopy(R, yg, ny);
    AC::DataCopy(S, xg, nx);
    AC::SetFlag<HardEvent::MTE2_V>(0);
    AC::WaitFlag<HardEvent::MTE2_V>(0);
    AC::DataCopy(R, S, AC::DataCopyParams(cnt, len, sgap, dgap));
    AC::SetFlag<HardEvent::V_MTE3>(0);
    AC::WaitFlag<HardEvent::V_MTE3>(0);
    AC::DataCopy(yg, R, ny);
    break;
  case 4:
  case 8: {
    // float view: ny floats per block, x holds num_blocks * ny floats.
    AC::GlobalTensor<float> xf, yf;
    int64_t b = AC::GetBlockIdx();
    xf.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x) + b * ny, ny);
    yf.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y), ny);
    AC::LocalTensor<float> U(TPosition::VECIN, 0, ny);
    AC::DataCopy(U, xf, ny);
    AC::SetFlag<HardEvent::MTE2_MTE3>(0);
    AC::WaitFlag<HardEvent::MTE2_MTE3>(0);
    if (mode == 4) {
      AC::SetAtomicAdd<float>();
      AC::DataCopy(yf, U, ny);
    } else {
      AC::SetAtomicMax<float>();
      AC::DataCopyPad(yf, U,
                      AC::DataCopyExtParams(1, static_cast<uint32_t>(ny) * 4,
                                            0, 0, 0));
    }
    AC::SetAtomicNone();
    break;
  }
  }
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<int32_t>(a[0]), ascsim::arg<__gm__ int16_t *>(a[1]), ascsim::arg<__gm__ int16_t *>(a[2]), ascsim::arg<int32_t>(a[3]), ascsim::arg<int32_t>(a[4]), ascsim::arg<int32_t>(a[5]), ascsim::arg<int32_t>(a[6]), ascsim::arg<int32_t>(a[7]), ascsim::arg<int32_t>(a[8]), ascsim::arg<int32_t>(a[9]), ascsim::arg<int32_t>(a[10]), ascsim::arg<int32_t>(a[11]), ascsim::arg<int32_t>(a[12]));
}
