//===- vec_layout.cpp - GatherMask, Transpose, 5HD, Scatter -----*- C++ -*-===//
//
// LayoutTest.cpp runs every case through this kernel: it reads a descriptor
// from GM, loads the UB operands A (source, UB 0), B (pattern / offsets /
// tmp buffer, UB 64 KiB) and D (destination with its old contents, UB
// 128 KiB), runs one scenario and stores D and the returned counts back.
// Descriptor (int64 words):
//   0 scenario, 1 DType, 2 reduceMode, 3 mask, 4 repeat, 5 src0 block
//   stride, 6 src0 repeat stride, 7 src1 repeat stride, 8 built-in pattern,
//   9-12 n, c, h, w, 13 TransposeType, 14 dstHighHalf, 15 srcHighHalf,
//   16 dst / 17 src repeat stride (5HD), 18 scatter base, 19 mask word 1,
//   20 src / 21 dst list spacing in bytes (5HD), 22-24 bytes of A, B, D.
//
//===----------------------------------------------------------------------===//

#include "common.h"

using ascsim::DType;

namespace {

enum Scenario {
  kGatherMaskTensor = 0,
  kGatherMaskBuiltin,
  kTranspose16,
  kTransposeExt,
  kTrans5hdTensors,
  kTrans5hdAddresses,
  kTrans5hdUbList,
  kScatterCount,
  kScatterMask,
  kScatterBits,
};

template <class T> struct Pattern {
  using type = uint16_t;
};
template <> struct Pattern<int32_t> {
  using type = uint32_t;
};
template <> struct Pattern<uint32_t> {
  using type = uint32_t;
};
template <> struct Pattern<float> {
  using type = uint32_t;
};

template <class T>
void run(const int64_t *w, __gm__ int64_t *counts) {
  const uint32_t na = static_cast<uint32_t>(w[22] / sizeof(T));
  const uint32_t nd = static_cast<uint32_t>(w[24] / sizeof(T));
  AC::LocalTensor<T> a(TPosition::VECIN, 0, na);
  AC::LocalTensor<uint8_t> b(TPosition::VECIN, 65536,
                             static_cast<uint32_t>(w[23] ? w[23] : 32));
  AC::LocalTensor<T> d(TPosition::VECOUT, 131072, nd);
  using U = typename Pattern<T>::type;
  AC::GatherMaskParams gp(static_cast<uint8_t>(w[5]),
                          static_cast<uint16_t>(w[4]),
                          static_cast<uint16_t>(w[6]),
                          static_cast<uint8_t>(w[7]));
  AC::TransDataTo5HDParams tp(w[14] != 0, w[15] != 0,
                              static_cast<uint8_t>(w[4]),
                              static_cast<uint16_t>(w[16]),
                              static_cast<uint16_t>(w[17]));
  uint64_t kept = 0;
  switch (w[0]) {
  case kGatherMaskTensor:
    AC::GatherMask(d, a, b.template ReinterpretCast<U>(), w[2] != 0,
                   static_cast<uint32_t>(w[3]), gp, kept);
    break;
  case kGatherMaskBuiltin:
    AC::GatherMask(d, a, static_cast<uint8_t>(w[8]), w[2] != 0,
                   static_cast<uint32_t>(w[3]), gp, kept);
    break;
  case kTranspose16:
    AC::Transpose(d, a);
    break;
  case kTransposeExt:
    AC::Transpose(d, a, b,
                  AC::TransposeParamsExt(
                      static_cast<uint16_t>(w[9]), static_cast<uint16_t>(w[10]),
                      static_cast<uint16_t>(w[11]),
                      static_cast<uint16_t>(w[12]),
                      static_cast<AC::TransposeType>(w[13])));
    break;
  case kTrans5hdTensors: {
    AC::LocalTensor<T> dl[16], sl[16];
    for (int i = 0; i < 16; ++i) {
      dl[i] = d[static_cast<uint32_t>(i * w[21] / sizeof(T))];
      sl[i] = a[static_cast<uint32_t>(i * w[20] / sizeof(T))];
    }
    AC::TransDataTo5HD<T>(dl, sl, tp);
    break;
  }
  case kTrans5hdAddresses: {
    uint64_t dl[16], sl[16];
    for (int i = 0; i < 16; ++i) {
      dl[i] = d.GetPhyAddr() + i * w[21];
      sl[i] = a.GetPhyAddr() + i * w[20];
    }
    AC::TransDataTo5HD<T>(dl, sl, tp);
    break;
  }
  case kTrans5hdUbList: {
    AC::LocalTensor<uint64_t> lists(TPosition::VECCALC, 190 * 1024, 32);
    for (int i = 0; i < 16; ++i) {
      lists.SetValue(i, d.GetPhyAddr() + i * w[21]);
      lists.SetValue(16 + i, a.GetPhyAddr() + i * w[20]);
    }
    AC::TransDataTo5HD<T>(lists, lists[16], tp);
    break;
  }
  case kScatterCount:
    AC::Scatter(d, a, b.template ReinterpretCast<uint32_t>(),
                static_cast<uint32_t>(w[18]), static_cast<uint32_t>(w[3]));
    break;
  case kScatterMask:
    AC::Scatter(d, a, b.template ReinterpretCast<uint32_t>(),
                static_cast<uint32_t>(w[18]), static_cast<uint64_t>(w[3]),
                static_cast<int32_t>(w[4]), static_cast<uint8_t>(w[6]));
    break;
  case kScatterBits: {
    uint64_t m[2] = {static_cast<uint64_t>(w[3]),
                     static_cast<uint64_t>(w[19])};
    AC::Scatter(d, a, b.template ReinterpretCast<uint32_t>(),
                static_cast<uint32_t>(w[18]), m, static_cast<int32_t>(w[4]),
                static_cast<uint8_t>(w[6]));
    break;
  }
  }
  counts[0] = static_cast<int64_t>(kept);
  counts[1] = AC::GetGatherMaskRemainCount();
}

template <class T>
void copyIn(const AC::LocalTensor<T> &t, __gm__ uint8_t *src, int64_t bytes) {
  if (bytes == 0)
    return;
  AC::GlobalTensor<T> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ T *>(src),
                    static_cast<uint64_t>(bytes / sizeof(T)));
  AC::DataCopy(t, g, static_cast<uint32_t>(bytes / sizeof(T)));
}

} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ int64_t *cfg,
                                             __gm__ uint8_t *a,
                                             __gm__ uint8_t *b,
                                             __gm__ uint8_t *d,
                                             __gm__ int64_t *counts) {
  int64_t w[25];
  for (int i = 0; i < 25; ++i)
    w[i] = cfg[i];
  AC::LocalTensor<uint8_t> ua(TPosition::VECIN, 0, 65536);
  AC::LocalTensor<uint8_t> ub(TPosition::VECIN, 65536, 65536);
  AC::LocalTensor<uint8_t> ud(TPosition::VECOUT, 131072, 58 * 1024);
  copyIn(ua, a, w[22]);
  copyIn(ub, b, w[23]);
  copyIn(ud, d, w[24]);
  AC::SetFlag<HardEvent::MTE2_V>(0);
  AC::WaitFlag<HardEvent::MTE2_V>(0);
  switch (static_cast<DType>(w[1])) {
  case DType::F16:
    run<half>(w, counts);
    break;
  case DType::BF16:
    run<bfloat16_t>(w, counts);
    break;
  case DType::I16:
    run<int16_t>(w, counts);
    break;
  case DType::U16:
    run<uint16_t>(w, counts);
    break;
  case DType::I32:
    run<int32_t>(w, counts);
    break;
  case DType::U32:
    run<uint32_t>(w, counts);
    break;
  case DType::F32:
    run<float>(w, counts);
    break;
  case DType::I8:
    run<int8_t>(w, counts);
    break;
  case DType::U8:
    run<uint8_t>(w, counts);
    break;
  default:
    break;
  }
  AC::SetFlag<HardEvent::V_MTE3>(0);
  AC::WaitFlag<HardEvent::V_MTE3>(0);
  AC::GlobalTensor<uint8_t> dg;
  dg.SetGlobalBuffer(d, static_cast<uint64_t>(w[24]));
  if (w[24])
    AC::DataCopy(dg, ud, static_cast<uint32_t>(w[24]));
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ int64_t *>(a[0]), ascsim::arg<__gm__ uint8_t *>(a[1]),
         ascsim::arg<__gm__ uint8_t *>(a[2]),
         ascsim::arg<__gm__ uint8_t *>(a[3]),
         ascsim::arg<__gm__ int64_t *>(a[4]));
}
