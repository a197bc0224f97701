//===- quant_driver.cpp - One quantising instruction, from GM ---*- C++ -*-===//
//
// The randomized quantisation tests (QuantTest.cpp) run every configuration
// through this kernel: it reads a descriptor from GM, loads the UB operands
// (A = src0, B = src1, D = dst with its old contents), sets DEQSCALE through
// one of the three SetDeqScale forms, executes ONE AddReluCast / SubReluCast
// / MulCast / AddDeqRelu / CastDeq through the call form the descriptor
// names (count, continuous mask, bit mask, isSetMask = false) and stores D.
// Descriptor (48 int64 words): see QuantTest.cpp QDesc.
//
//===----------------------------------------------------------------------===//

#include "common.h"

using ascsim::DType;
using ascsim::VecOp;

namespace {

enum Form { kCount = 0, kCont, kBits, kReg };

struct Cfg {
  int64_t w[48];
  VecOp op() const { return static_cast<VecOp>(w[0]); }
  DType dt() const { return static_cast<DType>(w[1]); }
  DType st() const { return static_cast<DType>(w[2]); }
  int64_t form() const { return w[3]; }
  uint32_t count() const { return static_cast<uint32_t>(w[4]); }
  uint64_t mask0() const { return static_cast<uint64_t>(w[5]); }
  uint64_t mask1() const { return static_cast<uint64_t>(w[6]); }
  int32_t repeat() const { return static_cast<int32_t>(w[7]); }
  AC::BinaryRepeatParams brp() const {
    AC::BinaryRepeatParams p;
    p.dstBlkStride = static_cast<uint8_t>(w[8]);
    p.src0BlkStride = static_cast<uint8_t>(w[9]);
    p.src1BlkStride = static_cast<uint8_t>(w[10]);
    p.dstRepStride = static_cast<uint8_t>(w[11]);
    p.src0RepStride = static_cast<uint8_t>(w[12]);
    p.src1RepStride = static_cast<uint8_t>(w[13]);
    return p;
  }
  AC::UnaryRepeatParams urp() const {
    return AC::UnaryRepeatParams(
        static_cast<uint16_t>(w[8]), static_cast<uint16_t>(w[9]),
        static_cast<uint8_t>(w[11]), static_cast<uint8_t>(w[12]));
  }
  int64_t deqForm() const { return w[14]; }
  bool vecDeq() const { return w[18] & 1; }
  bool halfBlock() const { return (w[18] & 2) != 0; }
};

/// Calls `f(mask)` with the configured mask argument; kReg loads the mask
/// register first and passes MASK_PLACEHOLDER (the functor picks
/// isSetMask = false).
template <class T, class Cont, class Bits, class Reg>
void masked(const Cfg &c, Cont cont, Bits bits, Reg reg) {
  uint64_t m[2] = {c.mask0(), c.mask1()};
  switch (c.form()) {
  case kCont:
    cont(c.mask0());
    break;
  case kBits:
    bits(m);
    break;
  default:
    AC::SetVectorMask<T>(c.mask1(), c.mask0());
    reg();
    break;
  }
}

template <class D, class S>
void fused(const Cfg &c, const AC::LocalTensor<D> &d,
           const AC::LocalTensor<S> &a, const AC::LocalTensor<S> &b) {
  AC::BinaryRepeatParams p = c.brp();
  int32_t r = c.repeat();
#define FUSED(NAME)                                                            \
  case VecOp::NAME:                                                            \
    if (c.form() == kCount) {                                                  \
      AC::NAME(d, a, b, c.count());                                            \
    } else {                                                                   \
      masked<S>(                                                               \
          c,                                                                   \
          [&](uint64_t mask) { AC::NAME<D, S, true>(d, a, b, mask, r, p); },   \
          [&](uint64_t *mask) { AC::NAME<D, S, true>(d, a, b, mask, r, p); },  \
          [&]() {                                                              \
            AC::NAME<D, S, false>(d, a, b, AC::MASK_PLACEHOLDER, r, p);        \
          });                                                                  \
    }                                                                          \
    return;
  switch (c.op()) {
    FUSED(AddReluCast)
    FUSED(SubReluCast)
    FUSED(MulCast)
    FUSED(AddDeqRelu)
  default:
    return;
  }
#undef FUSED
}

template <class D, class S, bool V, bool H>
void castDeqAs(const Cfg &c, const AC::LocalTensor<D> &d,
               const AC::LocalTensor<S> &a) {
  AC::UnaryRepeatParams p = c.urp();
  int32_t r = c.repeat();
  if (c.form() == kCount) {
    AC::CastDeq<D, S, V, H>(d, a, c.count());
    return;
  }
  masked<S>(
      c,
      [&](uint64_t mask) {
        AC::CastDeq<D, S, true, V, H>(d, a, static_cast<int32_t>(mask), r, p);
      },
      [&](uint64_t *mask) { AC::CastDeq<D, S, true, V, H>(d, a, mask, r, p); },
      [&]() {
        AC::CastDeq<D, S, false, V, H>(d, a, AC::MASK_PLACEHOLDER_LIST, r, p);
      });
}

template <class D, class S>
void castDeq(const Cfg &c, const AC::LocalTensor<D> &d,
             const AC::LocalTensor<S> &a) {
  if (c.vecDeq())
    c.halfBlock() ? castDeqAs<D, S, true, true>(c, d, a)
                  : castDeqAs<D, S, true, false>(c, d, a);
  else
    c.halfBlock() ? castDeqAs<D, S, false, true>(c, d, a)
                  : castDeqAs<D, S, false, false>(c, d, a);
}

template <class T> AC::LocalTensor<T> at(uint32_t addr, int64_t bytes) {
  return AC::LocalTensor<T>(TPosition::VECCALC, addr,
                            static_cast<uint32_t>(bytes / sizeof(T)));
}

/// BilinearInterpolation: B holds the weights (w[22] bytes) then the uint32
/// block offsets; w[7] = vRepeat, w[23] = hRepeat, w[24] = repeatMode,
/// w[8] = dstBlkStride, w[25] = vROffset.
void bilinear(const Cfg &c, uint32_t offA, uint32_t offB, uint32_t offD,
              uint32_t offT) {
  AC::LocalTensor<half> a = at<half>(offA, c.w[19]);
  AC::LocalTensor<half> wt = at<half>(offB, c.w[22]);
  AC::LocalTensor<uint32_t> o = at<uint32_t>(
      offB + static_cast<uint32_t>(c.w[22]), c.w[20] - c.w[22]);
  AC::LocalTensor<half> d = at<half>(offD, c.w[21]);
  AC::LocalTensor<uint8_t> tmp = at<uint8_t>(offT, 256);
  int32_t h = static_cast<int32_t>(c.w[23]), v = c.repeat();
  bool mode = c.w[24] != 0;
  int32_t bs = static_cast<int32_t>(c.w[8]), vo = static_cast<int32_t>(c.w[25]);
  uint64_t m[2] = {c.mask0(), c.mask1()};
  if (c.form() == kBits)
    AC::BilinearInterpolation(d, a, o, wt, m, h, mode, bs, vo, v, tmp);
  else
    AC::BilinearInterpolation(d, a, o, wt, c.mask0(), h, mode, bs, vo, v,
                              tmp);
}

template <class D, class S>
void run(const Cfg &c, uint32_t offA, uint32_t offB, uint32_t offD) {
  AC::LocalTensor<S> a = at<S>(offA, c.w[19]), b = at<S>(offB, c.w[20]);
  AC::LocalTensor<D> d = at<D>(offD, c.w[21]);
  if (c.op() == VecOp::CastDeq)
    castDeq<D, S>(c, d, a);
  else
    fused<D, S>(c, d, a, b);
}

} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ int64_t *cfgp,
                                             __gm__ uint8_t *in0,
                                             __gm__ uint8_t *in1,
                                             __gm__ uint8_t *out) {
  AC::GlobalTensor<int64_t> cg;
  cg.SetGlobalBuffer(cfgp, 48);
  Cfg c;
  for (int i = 0; i < 48; ++i)
    c.w[i] = cg.GetValue(i);
  uint32_t sa = static_cast<uint32_t>(c.w[19]),
           sb = static_cast<uint32_t>(c.w[20]),
           sd = static_cast<uint32_t>(c.w[21]);
  uint32_t offA = 0, offB = sa, offD = sa + sb, offV = sa + sb + sd;
  AC::GlobalTensor<uint8_t> g0, g1, go;
  g0.SetGlobalBuffer(in0, sa);
  g1.SetGlobalBuffer(in1, sb);
  go.SetGlobalBuffer(out, sd);
  AC::LocalTensor<uint8_t> ua(TPosition::VECIN, offA, sa),
      ub(TPosition::VECIN, offB, sb), ud(TPosition::VECOUT, offD, sd);
  AC::DataCopy(ua, g0, sa);
  AC::DataCopy(ub, g1, sb);
  AC::DataCopy(ud, go, sd);
  // DEQSCALE, from the scalar unit.
  switch (c.deqForm()) {
  case 1: {
    half s = half::fromBits(static_cast<uint16_t>(c.w[15]));
    AC::SetDeqScale(s);
    break;
  }
  case 2: {
    uint32_t bits = static_cast<uint32_t>(c.w[15]);
    float s;
    __builtin_memcpy(&s, &bits, 4);
    AC::SetDeqScale(s, static_cast<int16_t>(c.w[16]), c.w[17] != 0);
    break;
  }
  case 3: {
    float scale[16];
    int16_t offset[16];
    bool sign[16];
    for (int i = 0; i < 16; ++i) {
      uint64_t g = static_cast<uint64_t>(c.w[32 + i]);
      uint32_t bits = static_cast<uint32_t>(g);
      __builtin_memcpy(&scale[i], &bits, 4);
      offset[i] = static_cast<int16_t>(static_cast<uint16_t>(g >> 32));
      sign[i] = (g >> 48) & 1;
    }
    AC::LocalTensor<uint64_t> vdeq(TPosition::VECCALC, offV, 128);
    AC::SetDeqScale(vdeq, AC::VdeqInfo(scale, offset, sign));
    break;
  }
  default:
    break;
  }
  AC::SetFlag<HardEvent::MTE2_V>(0);
  AC::WaitFlag<HardEvent::MTE2_V>(0);
  DType dt = c.dt(), st = c.st();
  if (c.op() == VecOp::BilinearInterpolation)
    bilinear(c, offA, offB, offD, offV);
  else if (dt == DType::I8 && st == DType::F16)
    run<int8_t, half>(c, offA, offB, offD);
  else if (dt == DType::U8 && st == DType::F16)
    run<uint8_t, half>(c, offA, offB, offD);
  else if (dt == DType::I8 && st == DType::I16)
    run<int8_t, int16_t>(c, offA, offB, offD);
  else if (dt == DType::U8 && st == DType::I16)
    run<uint8_t, int16_t>(c, offA, offB, offD);
  else if (dt == DType::F16 && st == DType::F32)
    run<half, float>(c, offA, offB, offD);
  else if (dt == DType::F16 && st == DType::I32)
    run<half, int32_t>(c, offA, offB, offD);
  else if (dt == DType::F16 && st == DType::I16) // unsupported: diagnostics
    run<half, int16_t>(c, offA, offB, offD);
  AC::SetFlag<HardEvent::V_MTE3>(0);
  AC::WaitFlag<HardEvent::V_MTE3>(0);
  AC::DataCopy(go, ud, sd);
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ int64_t *>(a[0]),
         ascsim::arg<__gm__ uint8_t *>(a[1]),
         ascsim::arg<__gm__ uint8_t *>(a[2]),
         ascsim::arg<__gm__ uint8_t *>(a[3]));
}
