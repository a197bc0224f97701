//===- image_load.cpp - L1 and LoadImageToLocal -----------------*- C++ -*-===//
//
// One AIC_ONLY kernel (L1 is the cube core's), `mode` selects the case
// (lines are in image.py):
//   0  XRGB8888 -> A1 float16 with AX and RB swaps, data-type conversion,
//      constant padding and 4-channel padding; DumpTensor of the result
//   1  LoadImageToLocal without SetAippFunctions    (argument, image.py:20)
//   2  a VECIN destination                           (argument, image.py:30)
//   3  a float destination                          (dtype, image.py:40)
//   4  InitBuffer of A1 queues beyond TOTAL_L1_SIZE  (capacity, image.py:50)
//   5  TQue<A1> + DataCopy GM -> A1, DumpTensor of the dequeued buffer
//   6  a static B1 tensor beyond TOTAL_L1_SIZE      (capacity, image.py:60)
// img: 64 uint8 pixels bytes.
//
//===----------------------------------------------------------------------===//

#include "common.h"

extern "C" __global__ __aicore__ void kernel(__gm__ uint8_t *img,
                                             int32_t mode) {
  AC::GlobalTensor<uint8_t> src;
  src.SetGlobalBuffer(img, 64);
  AC::LoadImageToLocalParams p(2, 2, 1, 0, 3, 1, 0, 0, 1);
  switch (mode) {
  case 0: {
    AC::AippParams<half> cfg;
    cfg.swapParams.isSwapAX = true;
    cfg.swapParams.isSwapRB = true;
    cfg.dtcParams.dtcMeanCh0 = 1;
    cfg.dtcParams.dtcVarCh1 = 0.5;
    cfg.dtcParams.dtcMinCh2 = 0.25;
    cfg.dtcParams.dtcRoundMode = 1;
    cfg.paddingParams.paddingValueCh0 = 7;
    cfg.paddingParams.paddingValueCh1 = 8;
    cfg.paddingParams.paddingValueCh2 = 9;
    cfg.paddingParams.paddingValueCh3 = 10;
    cfg.cPaddingParams.cPaddingMode = 1;
    AC::SetAippFunctions(src, AC::AippInputFormat::XRGB8888_U8, cfg);
    AC::LocalTensor<half> dst(TPosition::A1, 1024, 64);
    AC::LoadImageToLocal(dst, p);
    AC::PipeBarrier<PIPE_ALL>();
    AC::DumpTensor(dst, 3, 36);
    break;
  }
  case 1: {
    AC::LocalTensor<half> dst(TPosition::A1, 0, 64);
#line 20 "image.py"
    AC::LoadImageToLocal(dst, p);
    break;
  }
  case 2: {
    AC::SetAippFunctions(src, AC::AippInputFormat::YUV400_U8,
                         AC::AippParams<half>{});
    AC::LocalTensor<half> dst(TPosition::VECIN, 0, 64);
#line 30 "image.py"
    AC::LoadImageToLocal(dst, p);
    break;
  }
  case 3: {
    AC::SetAippFunctions(src, AC::AippInputFormat::YUV400_U8,
                         AC::AippParams<half>{});
    AC::LocalTensor<float> dst(TPosition::B1, 0, 64);
#line 40 "image.py"
    AC::LoadImageToLocal(dst, p);
    break;
  }
  case 4: {
    AC::TPipe pipe;
    AC::TQue<TPosition::A1, 1> qa;
    AC::TQue<TPosition::B1, 1> qb;
    pipe.InitBuffer(qa, 1, 262144);
#line 50 "image.py"
    pipe.InitBuffer(qb, 1, 262144);
    break;
  }
  case 5: {
    AC::TPipe pipe;
    AC::TQue<TPosition::A1, 1> qa;
    pipe.InitBuffer(qa, 2, 64);
    AC::LocalTensor<uint8_t> t = qa.AllocTensor<uint8_t>();
    AC::DataCopy(t, src, 64);
    qa.EnQue(t);
    AC::LocalTensor<uint8_t> d = qa.DeQue<uint8_t>();
    AC::PipeBarrier<PIPE_ALL>();
    AC::DumpTensor(d, 4, 8);
    qa.FreeTensor(d);
    break;
  }
  case 6: {
#line 60 "image.py"
    AC::LocalTensor<int8_t> big(TPosition::B1, 32, 524160);
    (void)big;
    break;
  }
  }
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ uint8_t *>(a[0]), ascsim::arg<int32_t>(a[1]));
}

ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIC_ONLY)
