//===- vec_driver.cpp - One vector instruction, configured from GM -*- C++ -*-//
//
// The randomized vector tests (VectorTest.cpp) run every configuration
// through this kernel: it reads a descriptor from GM, loads up to four UB
// operands (A = src0, B = src1, D = dst with its old contents, E = src2:
// selection mask / offsets / tmp buffer), executes ONE instruction through
// the real Ascend C call form the descriptor names (count, continuous mask,
// bit mask, isSetMask=false with a normal or counter-mode mask register), and
// stores D (and E) back. Descriptor (int64 words) - see VectorTest.cpp Desc.
//
//===----------------------------------------------------------------------===//

#include "common.h"

using ascsim::DType;
using ascsim::VecOp;

namespace {

enum Form { kCount = 0, kCont, kBits, kRegNorm, kRegCounter };

struct Cfg {
  int64_t w[24];
  int64_t op() const { return w[0]; }
  DType dt() const { return static_cast<DType>(w[1]); }
  DType st() const { return static_cast<DType>(w[2]); }
  int64_t form() const { return w[3]; }
  int32_t count() const { return static_cast<int32_t>(w[4]); }
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
    return AC::UnaryRepeatParams(static_cast<uint16_t>(w[8]),
                                 static_cast<uint16_t>(w[9]),
                                 static_cast<uint8_t>(w[11]),
                                 static_cast<uint8_t>(w[12]));
  }
  uint64_t scalar() const { return static_cast<uint64_t>(w[14]); }
  int64_t mode() const { return w[15]; }
  int64_t aux() const { return w[16]; }
};

template <class T> T scalarOf(uint64_t bits) {
  T v;
  __builtin_memcpy(static_cast<void *>(&v), &bits, sizeof(T));
  return v;
}

/// Runs `call(maskArg)` in the configured form: F(mask) receives either a
/// uint64_t, a uint64_t[] or MASK_PLACEHOLDER with isSetMask = false (the
/// functor picks the template argument).
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
  case kRegNorm:
    AC::SetVectorMask<T>(c.mask1(), c.mask0());
    reg();
    break;
  case kRegCounter:
    AC::SetMaskCount();
    AC::SetVectorMask<T, AC::MaskMode::COUNTER>(0, c.mask0());
    reg();
    AC::SetMaskNorm();
    AC::ResetMask();
    break;
  }
}

template <class T>
void binary(const Cfg &c, const AC::LocalTensor<T> &d,
            const AC::LocalTensor<T> &a, const AC::LocalTensor<T> &b) {
  AC::BinaryRepeatParams p = c.brp();
  int32_t r = c.repeat();
#define BIN(NAME)                                                              \
  case static_cast<int64_t>(VecOp::NAME):                                      \
    if (c.form() == kCount) {                                                  \
      AC::NAME(d, a, b, c.count());                                            \
    } else {                                                                   \
      masked<T>(                                                               \
          c, [&](uint64_t mask) { AC::NAME<T, true>(d, a, b, mask, r, p); },   \
          [&](uint64_t *mask) { AC::NAME<T, true>(d, a, b, mask, r, p); },     \
          [&]() { AC::NAME<T, false>(d, a, b, AC::MASK_PLACEHOLDER, r, p); }); \
    }                                                                          \
    return;
  switch (c.op()) {
    BIN(Add)
    BIN(Sub)
    BIN(Mul)
    BIN(Div)
    BIN(Max)
    BIN(Min)
    BIN(AddRelu)
    BIN(SubRelu)
    BIN(And)
    BIN(Or)
    BIN(FusedMulAdd)
    BIN(FusedMulAddRelu)
  }
#undef BIN
}

template <class T>
void scalarOps(const Cfg &c, const AC::LocalTensor<T> &d,
               const AC::LocalTensor<T> &a) {
  AC::UnaryRepeatParams p = c.urp();
  int32_t r = c.repeat();
  T s = scalarOf<T>(c.scalar());
#define SC(NAME)                                                               \
  case static_cast<int64_t>(VecOp::NAME):                                      \
    if (c.form() == kCount) {                                                  \
      AC::NAME(d, a, s, c.count());                                            \
    } else {                                                                   \
      masked<T>(                                                               \
          c, [&](uint64_t mask) { AC::NAME<T, true>(d, a, s, mask, r, p); },   \
          [&](uint64_t *mask) { AC::NAME<T, true>(d, a, s, mask, r, p); },     \
          [&]() { AC::NAME<T, false>(d, a, s, AC::MASK_PLACEHOLDER, r, p); }); \
    }                                                                          \
    return;
  switch (c.op()) {
    SC(Adds)
    SC(Muls)
    SC(Maxs)
    SC(Mins)
    SC(LeakyRelu)
    SC(ShiftLeft)
  case static_cast<int64_t>(VecOp::ShiftRight): {
    bool round = c.mode() != 0;
    if (c.form() == kCount) {
      AC::ShiftRight(d, a, s, c.count());
    } else {
      masked<T>(
          c,
          [&](uint64_t mask) {
            AC::ShiftRight<T, true>(d, a, s, mask, r, p, round);
          },
          [&](uint64_t *mask) {
            AC::ShiftRight<T, true>(d, a, s, mask, r, p, round);
          },
          [&]() {
            AC::ShiftRight<T, false>(d, a, s, AC::MASK_PLACEHOLDER, r, p,
                                     round);
          });
    }
    return;
  }
  }
#undef SC
}

template <class T>
void unaryOps(const Cfg &c, const AC::LocalTensor<T> &d,
              const AC::LocalTensor<T> &a) {
  AC::UnaryRepeatParams p = c.urp();
  int32_t r = c.repeat();
#define UN(NAME)                                                               \
  case static_cast<int64_t>(VecOp::NAME):                                      \
    if (c.form() == kCount) {                                                  \
      AC::NAME(d, a, c.count());                                               \
    } else {                                                                   \
      masked<T>(                                                               \
          c, [&](uint64_t mask) { AC::NAME<T, true>(d, a, mask, r, p); },      \
          [&](uint64_t *mask) { AC::NAME<T, true>(d, a, mask, r, p); },        \
          [&]() { AC::NAME<T, false>(d, a, AC::MASK_PLACEHOLDER, r, p); });    \
    }                                                                          \
    return;
  switch (c.op()) {
    UN(Abs)
    UN(Exp)
    UN(Ln)
    UN(Sqrt)
    UN(Rsqrt)
    UN(Reciprocal)
    UN(Relu)
    UN(Not)
  case static_cast<int64_t>(VecOp::Copy): {
    AC::CopyRepeatParams cp(static_cast<uint16_t>(c.w[8]),
                            static_cast<uint16_t>(c.w[9]),
                            static_cast<uint16_t>(c.w[11]),
                            static_cast<uint16_t>(c.w[12]));
    masked<T>(
        c, [&](uint64_t mask) { AC::Copy<T, true>(d, a, mask, r, cp); },
        [&](uint64_t *mask) { AC::Copy<T, true>(d, a, mask, r, cp); },
        [&]() { AC::Copy<T, false>(d, a, AC::MASK_PLACEHOLDER, r, cp); });
    return;
  }
  case static_cast<int64_t>(VecOp::Duplicate): {
    T s = scalarOf<T>(c.scalar());
    uint16_t bs = static_cast<uint16_t>(c.w[8]);
    uint8_t rs = static_cast<uint8_t>(c.w[11]);
    if (c.form() == kCount) {
      AC::Duplicate(d, s, c.count());
    } else {
      masked<T>(
          c, [&](uint64_t mask) { AC::Duplicate<T, true>(d, s, mask, r, bs, rs); },
          [&](uint64_t *mask) { AC::Duplicate<T, true>(d, s, mask, r, bs, rs); },
          [&]() {
            AC::Duplicate<T, false>(d, s, AC::MASK_PLACEHOLDER, r, bs, rs);
          });
    }
    return;
  }
  case static_cast<int64_t>(VecOp::Brcb):
    AC::Brcb(d, a, r,
             AC::BrcbRepeatParams(static_cast<uint16_t>(c.w[8]),
                                  static_cast<uint16_t>(c.w[11])));
    return;
  }
#undef UN
}

/// Two-type ops: MulAddDst and Axpy (D, S), Cast (D, S).
template <class D, class S>
void twoTypes(const Cfg &c, const AC::LocalTensor<D> &d,
              const AC::LocalTensor<S> &a, const AC::LocalTensor<S> &b) {
  int32_t r = c.repeat();
  switch (c.op()) {
  case static_cast<int64_t>(VecOp::MulAddDst): {
    AC::BinaryRepeatParams p = c.brp();
    if (c.form() == kCount)
      AC::MulAddDst(d, a, b, c.count());
    else
      masked<D>(
          c,
          [&](uint64_t mask) { AC::MulAddDst<D, S, true>(d, a, b, mask, r, p); },
          [&](uint64_t *mask) { AC::MulAddDst<D, S, true>(d, a, b, mask, r, p); },
          [&]() {
            AC::MulAddDst<D, S, false>(d, a, b, AC::MASK_PLACEHOLDER, r, p);
          });
    return;
  }
  case static_cast<int64_t>(VecOp::Axpy): {
    AC::UnaryRepeatParams p = c.urp();
    S s = scalarOf<S>(c.scalar());
    if (c.form() == kCount)
      AC::Axpy(d, a, s, c.count());
    else
      masked<D>(
          c, [&](uint64_t mask) { AC::Axpy<D, S, true>(d, a, s, mask, r, p); },
          [&](uint64_t *mask) { AC::Axpy<D, S, true>(d, a, s, mask, r, p); },
          [&]() { AC::Axpy<D, S, false>(d, a, s, AC::MASK_PLACEHOLDER, r, p); });
    return;
  }
  case static_cast<int64_t>(VecOp::Cast): {
    AC::UnaryRepeatParams p = c.urp();
    AC::RoundMode m = static_cast<AC::RoundMode>(c.mode());
    if (c.form() == kCount)
      AC::Cast(d, a, m, static_cast<uint32_t>(c.count()));
    else
      masked<D>(
          c, [&](uint64_t mask) { AC::Cast<D, S, true>(d, a, m, mask, r, p); },
          [&](uint64_t *mask) { AC::Cast<D, S, true>(d, a, m, mask, r, p); },
          [&]() { AC::Cast<D, S, false>(d, a, m, AC::MASK_PLACEHOLDER, r, p); });
    return;
  }
  }
}

/// Compare (U = uint8 dst, T = src), Select (T = dst, U = mask type).
template <class T>
void cmpSel(const Cfg &c, const AC::LocalTensor<uint8_t> &dm,
            const AC::LocalTensor<T> &d, const AC::LocalTensor<T> &a,
            const AC::LocalTensor<T> &b, const AC::LocalTensor<uint8_t> &e) {
  int32_t r = c.repeat();
  AC::CMPMODE cm = static_cast<AC::CMPMODE>(c.mode());
  AC::SELMODE sm = static_cast<AC::SELMODE>(c.mode());
  T s = scalarOf<T>(c.scalar());
  switch (c.op()) {
  case static_cast<int64_t>(VecOp::Compare): {
    AC::BinaryRepeatParams p = c.brp();
    if (c.form() == kCount)
      AC::Compare(dm, a, b, cm, static_cast<uint32_t>(c.count()));
    else
      masked<T>(
          c,
          [&](uint64_t mask) {
            AC::Compare<T, uint8_t, true>(dm, a, b, cm, mask, r, p);
          },
          [&](uint64_t *mask) {
            AC::Compare<T, uint8_t, true>(dm, a, b, cm, mask, r, p);
          },
          [&]() {
            AC::Compare<T, uint8_t, false>(dm, a, b, cm, AC::MASK_PLACEHOLDER,
                                           r, p);
          });
    return;
  }
  case static_cast<int64_t>(VecOp::CompareScalar): {
    AC::UnaryRepeatParams p = c.urp();
    if (c.form() == kCount)
      AC::CompareScalar(dm, a, s, cm, static_cast<uint32_t>(c.count()));
    else
      masked<T>(
          c,
          [&](uint64_t mask) {
            AC::CompareScalar<T, uint8_t, true>(dm, a, s, cm, mask, r, p);
          },
          [&](uint64_t *mask) {
            AC::CompareScalar<T, uint8_t, true>(dm, a, s, cm, mask, r, p);
          },
          [&]() {
            AC::CompareScalar<T, uint8_t, false>(dm, a, s, cm,
                                                 AC::MASK_PLACEHOLDER, r, p);
          });
    return;
  }
  case static_cast<int64_t>(VecOp::Select): {
    AC::BinaryRepeatParams p = c.brp();
    if (c.form() == kCount)
      AC::Select(d, e, a, b, sm, static_cast<uint32_t>(c.count()));
    else
      masked<T>(
          c,
          [&](uint64_t mask) {
            AC::Select<T, uint8_t, true>(d, e, a, b, sm, mask, r, p);
          },
          [&](uint64_t *mask) {
            AC::Select<T, uint8_t, true>(d, e, a, b, sm, mask, r, p);
          },
          [&]() {
            AC::Select<T, uint8_t, false>(d, e, a, b, sm, AC::MASK_PLACEHOLDER,
                                          r, p);
          });
    return;
  }
  case static_cast<int64_t>(VecOp::SelectScalar): {
    AC::BinaryRepeatParams p = c.brp();
    if (c.form() == kCount)
      AC::Select(d, e, a, s, sm, static_cast<uint32_t>(c.count()));
    else
      masked<T>(
          c,
          [&](uint64_t mask) {
            AC::Select<T, uint8_t, true>(d, e, a, s, sm, mask, r, p);
          },
          [&](uint64_t *mask) {
            AC::Select<T, uint8_t, true>(d, e, a, s, sm, mask, r, p);
          },
          [&]() {
            AC::Select<T, uint8_t, false>(d, e, a, s, sm, AC::MASK_PLACEHOLDER,
                                          r, p);
          });
    return;
  }
  }
}

template <class T>
void gathers(const Cfg &c, const AC::LocalTensor<T> &d,
             const AC::LocalTensor<T> &a, const AC::LocalTensor<uint32_t> &o) {
  int32_t r = c.repeat();
  uint32_t base = static_cast<uint32_t>(c.aux());
  if (c.op() == static_cast<int64_t>(VecOp::Gatherb)) {
    AC::Gatherb(d, a, o, r,
                AC::GatherRepeatParams(static_cast<uint8_t>(c.w[8]),
                                       static_cast<uint8_t>(c.w[11])));
    return;
  }
  uint64_t m[2] = {c.mask0(), c.mask1()};
  uint16_t rs = static_cast<uint16_t>(c.w[11]);
  if (c.form() == kCount)
    AC::Gather(d, a, o, base, static_cast<uint32_t>(c.count()));
  else if (c.form() == kCont)
    AC::Gather(d, a, o, base, c.mask0(), r, rs);
  else
    AC::Gather(d, a, o, base, m, r, rs);
}

template <class T>
void reduces(const Cfg &c, const AC::LocalTensor<T> &d,
             const AC::LocalTensor<T> &a, const AC::LocalTensor<T> &tmp) {
  int32_t r = c.repeat();
  int32_t dr = static_cast<int32_t>(c.w[11]), sb = static_cast<int32_t>(c.w[9]),
          sr = static_cast<int32_t>(c.w[12]);
  int32_t m = static_cast<int32_t>(c.mask0());
  uint64_t mk[2] = {c.mask0(), c.mask1()};
  AC::ReduceOrder order = static_cast<AC::ReduceOrder>(c.mode());
  bool idx = c.mode() != 0;
#define WHOLE(NAME, ...)                                                       \
  case static_cast<int64_t>(VecOp::NAME):                                      \
    masked<T>(                                                                 \
        c,                                                                     \
        [&](uint64_t) { AC::NAME<T, true>(d, a, m, r, dr, sb, sr __VA_ARGS__); }, \
        [&](uint64_t *mk2) {                                                   \
          AC::NAME<T, true>(d, a, mk2, r, dr, sb, sr __VA_ARGS__);             \
        },                                                                     \
        [&]() { AC::NAME<T, false>(d, a, 0, r, dr, sb, sr __VA_ARGS__); });    \
    return;
#define BLOCK(NAME)                                                            \
  case static_cast<int64_t>(VecOp::NAME):                                      \
    masked<T>(                                                                 \
        c, [&](uint64_t) { AC::NAME<T, true>(d, a, r, m, dr, sb, sr); },       \
        [&](uint64_t *mk2) { AC::NAME<T, true>(d, a, r, mk2, dr, sb, sr); },   \
        [&]() { AC::NAME<T, false>(d, a, r, 0, dr, sb, sr); });                \
    return;
  switch (c.op()) {
    WHOLE(WholeReduceSum)
    WHOLE(WholeReduceMax, , order)
    WHOLE(WholeReduceMin, , order)
    BLOCK(BlockReduceSum)
    BLOCK(BlockReduceMax)
    BLOCK(BlockReduceMin)
    BLOCK(PairReduceSum)
  case static_cast<int64_t>(VecOp::RepeatReduceSum):
    masked<T>(
        c,
        [&](uint64_t) {
          AC::RepeatReduceSum<T, true>(d, a, r, m, static_cast<int32_t>(c.w[8]),
                                       sb, dr, sr);
        },
        [&](uint64_t *) {}, [&]() {
          AC::RepeatReduceSum<T, false>(d, a, r, 0,
                                        static_cast<int32_t>(c.w[8]), sb, dr,
                                        sr);
        });
    return;
  case static_cast<int64_t>(VecOp::ReduceSum):
    if (c.form() == kCount)
      AC::ReduceSum(d, a, tmp, c.count());
    else if (c.form() == kCont)
      AC::ReduceSum(d, a, tmp, m, r, sr);
    else
      AC::ReduceSum(d, a, tmp, mk, r, sr);
    return;
  case static_cast<int64_t>(VecOp::ReduceMax):
    if (c.form() == kCount)
      AC::ReduceMax(d, a, tmp, c.count(), idx);
    else if (c.form() == kCont)
      AC::ReduceMax(d, a, tmp, m, r, sr, idx);
    else
      AC::ReduceMax(d, a, tmp, mk, r, sr, idx);
    return;
  case static_cast<int64_t>(VecOp::ReduceMin):
    if (c.form() == kCount)
      AC::ReduceMin(d, a, tmp, c.count(), idx);
    else if (c.form() == kCont)
      AC::ReduceMin(d, a, tmp, m, r, sr, idx);
    else
      AC::ReduceMin(d, a, tmp, mk, r, sr, idx);
    return;
  }
#undef WHOLE
#undef BLOCK
}

template <class T> AC::LocalTensor<T> at(uint32_t addr, int64_t bytes) {
  return AC::LocalTensor<T>(TPosition::VECCALC, addr,
                            static_cast<uint32_t>(bytes / sizeof(T)));
}

template <class D, class S> void dispatch(const Cfg &c, uint32_t offA, uint32_t offB, uint32_t offD, uint32_t offE) {
  auto a = at<S>(offA, c.w[17]);
  auto b = at<S>(offB, c.w[18]);
  auto d = at<D>(offD, c.w[19]);
  VecOp op = static_cast<VecOp>(c.op());
  if (op == VecOp::Compare || op == VecOp::CompareScalar) { // <U = dst, T = src>
    if constexpr (ascsim::IsSame<D, uint8_t>::value)
      cmpSel<S>(c, at<uint8_t>(offD, c.w[19]), at<S>(offD, c.w[19]), a, b,
                at<uint8_t>(offE, c.w[20]));
    return;
  }
  if (op == VecOp::Select || op == VecOp::SelectScalar) { // <T = dst, U = mask>
    if constexpr (ascsim::IsSame<S, uint8_t>::value)
      cmpSel<D>(c, at<uint8_t>(offD, c.w[19]), d, at<D>(offA, c.w[17]),
                at<D>(offB, c.w[18]), at<uint8_t>(offE, c.w[20]));
    return;
  }
  if (op == VecOp::MulAddDst || op == VecOp::Axpy || op == VecOp::Cast) {
    twoTypes<D, S>(c, d, a, b);
    return;
  }
  if constexpr (ascsim::IsSame<D, S>::value) {
    if (op <= VecOp::FusedMulAddRelu)
      binary<D>(c, d, a, b);
    else if (op <= VecOp::ShiftRight)
      scalarOps<D>(c, d, a);
    else if (op == VecOp::Gather || op == VecOp::Gatherb)
      gathers<D>(c, d, a, at<uint32_t>(offE, c.w[20]));
    else if (op >= VecOp::ReduceSum)
      reduces<D>(c, d, a, at<D>(offE, c.w[20]));
    else
      unaryOps<D>(c, d, a);
  }
}

template <class D> void bySrc(const Cfg &c, uint32_t a, uint32_t b, uint32_t d, uint32_t e) {
  switch (c.st()) {
  case DType::F16: return dispatch<D, half>(c, a, b, d, e);
  case DType::BF16: return dispatch<D, bfloat16_t>(c, a, b, d, e);
  case DType::F32: return dispatch<D, float>(c, a, b, d, e);
  case DType::I8: return dispatch<D, int8_t>(c, a, b, d, e);
  case DType::U8: return dispatch<D, uint8_t>(c, a, b, d, e);
  case DType::I16: return dispatch<D, int16_t>(c, a, b, d, e);
  case DType::U16: return dispatch<D, uint16_t>(c, a, b, d, e);
  case DType::I32: return dispatch<D, int32_t>(c, a, b, d, e);
  case DType::U32: return dispatch<D, uint32_t>(c, a, b, d, e);
  case DType::I64: return dispatch<D, int64_t>(c, a, b, d, e);
  default: return;
  }
}

} // namespace

extern "C" __global__ __aicore__ void kernel(__gm__ int64_t *cfgp, __gm__ uint8_t *in0, __gm__ uint8_t *in1, __gm__ uint8_t *in2, __gm__ uint8_t *out, __gm__ uint8_t *outE) {
  AC::GlobalTensor<int64_t> cg;
  cg.SetGlobalBuffer(cfgp, 24);
  Cfg c;
  for (int i = 0; i < 24; ++i)
    c.w[i] = cg.GetValue(i);
  uint32_t sa = static_cast<uint32_t>(c.w[17]), sb = static_cast<uint32_t>(c.w[18]),
           sd = static_cast<uint32_t>(c.w[19]), se = static_cast<uint32_t>(c.w[20]);
  DriverOperands ops(in0, in1, in2, out, outE, sa, sb, sd, se);
  const uint32_t offA = ops.offA, offB = ops.offB, offD = ops.offD,
                 offE = ops.offE;
  switch (c.dt()) {
  case DType::F16: bySrc<half>(c, offA, offB, offD, offE); break;
  case DType::BF16: bySrc<bfloat16_t>(c, offA, offB, offD, offE); break;
  case DType::F32: bySrc<float>(c, offA, offB, offD, offE); break;
  case DType::I8: bySrc<int8_t>(c, offA, offB, offD, offE); break;
  case DType::U8: bySrc<uint8_t>(c, offA, offB, offD, offE); break;
  case DType::I16: bySrc<int16_t>(c, offA, offB, offD, offE); break;
  case DType::U16: bySrc<uint16_t>(c, offA, offB, offD, offE); break;
  case DType::I32: bySrc<int32_t>(c, offA, offB, offD, offE); break;
  case DType::U32: bySrc<uint32_t>(c, offA, offB, offD, offE); break;
  case DType::I64: bySrc<int64_t>(c, offA, offB, offD, offE); break;
  default: break;
  }
  ops.storeBack();
}

extern "C" void ascsim_entry(const uint64_t *a) {
  kernel(ascsim::arg<__gm__ int64_t *>(a[0]), ascsim::arg<__gm__ uint8_t *>(a[1]), ascsim::arg<__gm__ uint8_t *>(a[2]), ascsim::arg<__gm__ uint8_t *>(a[3]), ascsim::arg<__gm__ uint8_t *>(a[4]), ascsim::arg<__gm__ uint8_t *>(a[5]));
}
