//===- ops/VectorEval.cpp - Results of the vector instructions --*- C++ -*-===//
//
// evaluateVector: what a planned VecInstr computes. Runs when the instruction
// starts; the staging buffer then holds the result (dense: a snapshot of the
// written hull overlaid with the result, so that later repeats see what
// earlier repeats wrote, as the hardware's accumulate-in-place forms need).
//
//===----------------------------------------------------------------------===//

#include "ops/VectorOps.h"

#include "ops/AippOps.h"
#include "ops/ElementOps.h"
#include "ops/FastPaths.h"
#include "ops/LayoutOps.h"
#include "ops/SortOps.h"
#include "ops/VectorMath.h"
#include "support/Fault.h"
#include "support/Isa.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace ascsim {

using namespace vm;

namespace {

struct Ctx {
  const VecInstr &in;
  uint8_t *st;

  /// Reads see this instruction's own earlier results (dense staging).
  const uint8_t *rd(Role r, uint64_t off) const {
    const uint8_t *p = in.operand(r).base + off;
    if (in.dense && p >= in.out && p < in.out + in.stagingBytes)
      return st + (p - in.out);
    return p;
  }
  uint8_t *wr(Role r, uint64_t off) const {
    return st + (in.operand(r).base + off - in.out);
  }
};

uint64_t raw(const uint8_t *p, uint32_t es) {
  uint64_t v = 0;
  std::memcpy(&v, p, es);
  return v;
}

inline bool maskBit(const VecInstr &in, uint32_t e) {
  return e < 64 ? (in.maskLo >> e) & 1 : (in.maskHi >> (e - 64)) & 1;
}
inline uint32_t elemsIn(const VecInstr &in, uint32_t r) {
  if (!in.counter)
    return in.perRepeat;
  uint64_t done = static_cast<uint64_t>(r) * in.perRepeat;
  uint64_t left = in.count > done ? in.count - done : 0;
  return static_cast<uint32_t>(std::min<uint64_t>(left, in.perRepeat));
}
inline bool enabled(const VecInstr &in, uint32_t r, uint32_t e) {
  return e < elemsIn(in, r) && (in.counter || maskBit(in, e));
}
inline uint64_t elemOff(const VecOperand &o, uint32_t r, uint32_t e) {
  uint32_t epb = o.epb ? o.epb : 32 / o.es;
  return (static_cast<uint64_t>(r) * o.rep +
          static_cast<uint64_t>(e / epb) * o.blk) *
             32 +
         o.inOff + static_cast<uint64_t>(e % epb) * o.es;
}

int64_t wrapI(int64_t v, DType t) {
  uint8_t buf[8];
  storeI(buf, t, v);
  return loadI(buf, t);
}

double relu(double v) { return v > 0 || std::isnan(v) ? v : 0.0; }

/// a * b + c rounded once into t (float32: fmaf is correctly rounded;
/// float16: the double fma is exact enough to round once).
double fmaT(double a, double b, double c, DType t) {
  if (t == DType::F32)
    return std::fmaf(static_cast<float>(a), static_cast<float>(b),
                     static_cast<float>(c));
  return std::fma(a, b, c);
}

int64_t shift(VecOp op, int64_t a, int64_t s, DType t, bool roundEn) {
  int w = static_cast<int>(dtypeSize(t)) * 8;
  if (op == VecOp::ShiftLeft) {
    if (s < 0 || s >= w)
      return 0;
    return wrapI(static_cast<int64_t>(static_cast<uint64_t>(a) << s), t);
  }
  if (s < 0 || s >= w)
    return a < 0 ? -1 : 0;
  int64_t r = a >> s;
  if (roundEn && s > 0)
    r += (a >> (s - 1)) & 1;
  return wrapI(r, t);
}

/// One elementwise result (bit pattern in the dst type).
uint64_t compute(const Ctx &c, uint32_t r, uint32_t e) {
  const VecInstr &in = c.in;
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  const VecOperand &D = in.operand(Role::Dst);
  const DType dt = in.dt, st = in.st;
  switch (in.op) {
  case VecOp::Cast:
    return castBits(raw(c.rd(Role::Src0, elemOff(A, r, e)), A.es), dt, st,
                    in.mode, in.deqScale);
  case VecOp::Copy:
    return raw(c.rd(Role::Src0, elemOff(A, r, e)), A.es);
  case VecOp::AddReluCast:
  case VecOp::SubReluCast:
  case VecOp::MulCast:
  case VecOp::AddDeqRelu:
    return quantCompute(in, raw(c.rd(Role::Src0, elemOff(A, r, e)), A.es),
                        raw(c.rd(Role::Src1, elemOff(B, r, e)), B.es), e);
  case VecOp::CastDeq:
    return quantCompute(in, raw(c.rd(Role::Src0, elemOff(A, r, e)), A.es), 0,
                        e);
  case VecOp::Duplicate:
    return in.scalar;
  case VecOp::Select:
  case VecOp::SelectScalar: {
    uint64_t bit =
        in.mode == 0 ? e : static_cast<uint64_t>(r) * in.perRepeat + e;
    bool one = (*c.rd(Role::Src2, bit / 8) >> (bit % 8)) & 1;
    if (one)
      return raw(c.rd(Role::Src0, elemOff(A, r, e)), A.es);
    if (in.op == VecOp::SelectScalar)
      return in.scalar;
    return raw(c.rd(Role::Src1, elemOff(B, r, e)), B.es);
  }
  default:
    break;
  }
  if (isFloat(dt)) {
    double a = loadF(c.rd(Role::Src0, elemOff(A, r, e)), st);
    auto b = [&] { return loadF(c.rd(Role::Src1, elemOff(B, r, e)), st); };
    auto d = [&] { return loadF(c.rd(Role::Dst, elemOff(D, r, e)), dt); };
    uint8_t sb[8];
    std::memcpy(sb, &in.scalar, 8);
    double s = loadF(sb, st);
    double v = 0;
    switch (in.op) {
    case VecOp::Add:
      v = floatOp<VecOp::Add>(a, b());
      break;
    case VecOp::Sub:
      v = floatOp<VecOp::Sub>(a, b());
      break;
    case VecOp::Mul:
      v = floatOp<VecOp::Mul>(a, b());
      break;
    case VecOp::Div:
      v = floatOp<VecOp::Div>(a, b());
      break;
    case VecOp::Max:
      v = floatOp<VecOp::Max>(a, b());
      break;
    case VecOp::Min:
      v = floatOp<VecOp::Min>(a, b());
      break;
    case VecOp::AddRelu:
      v = relu(a + b());
      break;
    case VecOp::SubRelu:
      v = relu(a - b());
      break;
    case VecOp::FusedMulAdd:
      v = fmaT(a, d(), b(), dt);
      break;
    case VecOp::FusedMulAddRelu:
      v = relu(fmaT(a, d(), b(), dt));
      break;
    case VecOp::MulAddDst:
      v = fmaT(a, b(), d(), dt);
      break;
    case VecOp::Adds:
      v = floatOp<VecOp::Add>(a, s);
      break;
    case VecOp::Muls:
      v = floatOp<VecOp::Mul>(a, s);
      break;
    case VecOp::Maxs:
      v = floatOp<VecOp::Max>(a, s);
      break;
    case VecOp::Mins:
      v = floatOp<VecOp::Min>(a, s);
      break;
    case VecOp::LeakyRelu:
      v = a >= 0 ? a : a * s;
      break;
    case VecOp::Axpy:
      v = fmaT(a, s, d(), dt);
      break;
    case VecOp::Abs:
      v = std::fabs(a);
      break;
    case VecOp::Exp:
      v = std::exp(a);
      break;
    case VecOp::Ln:
      v = std::log(a);
      break;
    case VecOp::Sqrt:
      v = std::sqrt(a);
      break;
    case VecOp::Rsqrt:
      v = 1.0 / std::sqrt(a);
      break;
    case VecOp::Reciprocal:
      v = 1.0 / a;
      break;
    case VecOp::Relu:
      v = relu(a);
      break;
    default:
      break;
    }
    return roundBits(v, dt);
  }
  int64_t a = loadI(c.rd(Role::Src0, elemOff(A, r, e)), st);
  auto b = [&] { return loadI(c.rd(Role::Src1, elemOff(B, r, e)), st); };
  uint8_t sb[8];
  std::memcpy(sb, &in.scalar, 8);
  int64_t s = loadI(sb, st);
  int64_t v = 0;
  switch (in.op) {
  case VecOp::Add:
    v = intOp<VecOp::Add>(a, b());
    break;
  case VecOp::Sub:
    v = intOp<VecOp::Sub>(a, b());
    break;
  case VecOp::Mul:
    v = intOp<VecOp::Mul>(a, b());
    break;
  case VecOp::Max:
    v = intOp<VecOp::Max>(a, b());
    break;
  case VecOp::Min:
    v = intOp<VecOp::Min>(a, b());
    break;
  case VecOp::AddRelu:
    v = std::max<int64_t>(wrapI(a + b(), dt), 0);
    break;
  case VecOp::SubRelu:
    v = std::max<int64_t>(wrapI(a - b(), dt), 0);
    break;
  case VecOp::And:
    v = a & b();
    break;
  case VecOp::Or:
    v = a | b();
    break;
  case VecOp::Not:
    v = ~a;
    break;
  case VecOp::Adds:
    v = intOp<VecOp::Add>(a, s);
    break;
  case VecOp::Muls:
    v = intOp<VecOp::Mul>(a, s);
    break;
  case VecOp::Maxs:
    v = intOp<VecOp::Max>(a, s);
    break;
  case VecOp::Mins:
    v = intOp<VecOp::Min>(a, s);
    break;
  case VecOp::ShiftLeft:
  case VecOp::ShiftRight:
    v = shift(in.op, a, s, dt, in.mode != 0);
    break;
  case VecOp::Relu:
    v = std::max<int64_t>(a, 0);
    break;
  default:
    break;
  }
  return static_cast<uint64_t>(wrapI(v, dt));
}

void evalElementwise(const Ctx &c) {
  const VecInstr &in = c.in;
  const VecOperand &D = in.operand(Role::Dst);
  uint64_t res[256];
  uint32_t idx[256];
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint32_t n = 0, m = elemsIn(in, r);
    for (uint32_t e = 0; e < m; ++e) {
      if (!in.counter && !maskBit(in, e))
        continue;
      idx[n] = e;
      res[n++] = compute(c, r, e);
    }
    for (uint32_t k = 0; k < n; ++k)
      storeBits(c.wr(Role::Dst, elemOff(D, r, idx[k])), in.dt, res[k]);
  }
}

void evalCompare(const Ctx &c) {
  const VecInstr &in = c.in;
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  uint8_t sb[8];
  std::memcpy(sb, &in.scalar, 8);
  double s = loadF(sb, in.st);
  uint32_t bytes = in.perRepeat / 8;
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint8_t out[32] = {0};
    uint32_t m = elemsIn(in, r);
    for (uint32_t e = 0; e < m; ++e) {
      if (in.op == VecOp::CompareScalar && !in.counter && !maskBit(in, e))
        continue;
      double a = loadF(c.rd(Role::Src0, elemOff(A, r, e)), in.st);
      double b = in.op == VecOp::Compare
                     ? loadF(c.rd(Role::Src1, elemOff(B, r, e)), in.st)
                     : s;
      if (compareHolds(a, b, in.mode))
        out[e / 8] |= static_cast<uint8_t>(1u << (e % 8));
    }
    std::memcpy(c.wr(Role::Dst, static_cast<uint64_t>(r) * bytes), out, bytes);
  }
}

/// Binary-tree (adjacent pairs) sum of n (a power of two) values, each
/// partial sum rounded into t (float16 saturating).
double treeSum(double *x, uint32_t n, DType t) {
  while (n > 1) {
    for (uint32_t i = 0; i < n / 2; ++i)
      x[i] = addSat(x[2 * i], x[2 * i + 1], t);
    n /= 2;
  }
  return x[0];
}

struct Best {
  bool any = false;
  double v = 0;
  uint64_t idx = 0;
  void take(double x, uint64_t i, bool isMax) {
    if (!any || (isMax ? x > v : x < v) || (std::isnan(v) && !std::isnan(x))) {
      any = true;
      v = x;
      idx = i;
    }
  }
};

uint64_t indexBits(uint64_t idx, DType t) {
  return dtypeSize(t) == 2 ? (idx & 0xffff) : (idx & 0xffffffffull);
}

void evalReduce(const Ctx &c) {
  const VecInstr &in = c.in;
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &D = in.operand(Role::Dst);
  const DType t = in.dt;
  const uint32_t es = dtypeSize(t);
  const VecOp op = in.op;
  const bool sum = op == VecOp::WholeReduceSum ||
                   op == VecOp::RepeatReduceSum ||
                   op == VecOp::BlockReduceSum || op == VecOp::PairReduceSum ||
                   op == VecOp::ReduceSum;
  const bool isMax = op == VecOp::WholeReduceMax ||
                     op == VecOp::BlockReduceMax || op == VecOp::ReduceMax;
  auto val = [&](uint32_t r, uint32_t e) {
    return loadF(c.rd(Role::Src0, elemOff(A, r, e)), t);
  };
  auto put = [&](uint64_t off, uint64_t bits) {
    storeBits(c.wr(Role::Dst, off), t, bits);
  };
  double x[256];

  switch (op) {
  case VecOp::WholeReduceSum:
  case VecOp::RepeatReduceSum:
  case VecOp::WholeReduceMax:
  case VecOp::WholeReduceMin: {
    bool pair = !sum && in.mode <= 1;
    uint64_t unit = (pair ? 2 : 1) * static_cast<uint64_t>(es);
    for (uint32_t r = 0; r < in.repeats; ++r) {
      uint64_t off = static_cast<uint64_t>(r) * D.rep * unit;
      if (sum) {
        for (uint32_t e = 0; e < in.perRepeat; ++e)
          x[e] = enabled(in, r, e) ? val(r, e) : 0.0;
        put(off, roundBits(treeSum(x, in.perRepeat, t), t));
        continue;
      }
      Best b;
      for (uint32_t e = 0; e < in.perRepeat; ++e)
        if (enabled(in, r, e))
          b.take(val(r, e), e, isMax);
      uint64_t v = roundBits(b.v, t), i = indexBits(b.idx, t);
      switch (in.mode) {
      case 0:
        put(off, v), put(off + es, i);
        break;
      case 1:
        put(off, i), put(off + es, v);
        break;
      case 2:
        put(off, v);
        break;
      default:
        put(off, i);
        break;
      }
    }
    return;
  }
  case VecOp::BlockReduceSum:
  case VecOp::BlockReduceMax:
  case VecOp::BlockReduceMin:
  case VecOp::PairReduceSum: {
    uint32_t group = op == VecOp::PairReduceSum ? 2 : 32 / es;
    uint32_t outs = in.perRepeat / group;
    for (uint32_t r = 0; r < in.repeats; ++r)
      for (uint32_t k = 0; k < outs; ++k) {
        bool any = false;
        Best b;
        for (uint32_t j = 0; j < group; ++j) {
          uint32_t e = k * group + j;
          bool on = enabled(in, r, e);
          any |= on;
          x[j] = on ? val(r, e) : 0.0;
          if (on)
            b.take(x[j], e, isMax);
        }
        if (!any)
          continue;
        double v = sum ? treeSum(x, group, t) : b.v;
        put((static_cast<uint64_t>(r) * D.rep * outs + k) * es,
            roundBits(v, t));
      }
    return;
  }
  case VecOp::ReduceSum:
  case VecOp::ReduceMax:
  case VecOp::ReduceMin: {
    const bool tmp = in.form != MaskForm::Count;
    std::vector<double> part;
    Best all;
    for (uint32_t r = 0; r < in.repeats; ++r) {
      if (sum) {
        for (uint32_t e = 0; e < in.perRepeat; ++e)
          x[e] = enabled(in, r, e) ? val(r, e) : 0.0;
        part.push_back(treeSum(x, in.perRepeat, t));
        if (tmp)
          storeBits(c.wr(Role::Src2, static_cast<uint64_t>(r) * es), t,
                    roundBits(part.back(), t));
        continue;
      }
      Best b;
      for (uint32_t e = 0; e < in.perRepeat; ++e)
        if (enabled(in, r, e))
          b.take(val(r, e), e, isMax);
      if (b.any)
        all.take(b.v, static_cast<uint64_t>(r) * in.perRepeat + b.idx, isMax);
      if (tmp) {
        storeBits(c.wr(Role::Src2, static_cast<uint64_t>(2 * r) * es), t,
                  roundBits(b.v, t));
        storeBits(c.wr(Role::Src2, static_cast<uint64_t>(2 * r + 1) * es), t,
                  indexBits(b.idx, t));
      }
    }
    if (sum) {
      // Later levels: the partials, again per repeat of perRepeat elements.
      while (part.size() > 1) {
        std::vector<double> next;
        for (size_t i = 0; i < part.size(); i += in.perRepeat) {
          for (uint32_t e = 0; e < in.perRepeat; ++e)
            x[e] = i + e < part.size() ? part[i + e] : 0.0;
          next.push_back(treeSum(x, in.perRepeat, t));
        }
        part.swap(next);
      }
      put(0, roundBits(part.empty() ? 0.0 : part[0], t));
      return;
    }
    put(0, roundBits(all.v, t));
    if (in.mode != 0)
      put(es, indexBits(all.idx, t));
    return;
  }
  default:
    return;
  }
}

void evalBrcb(const Ctx &c) {
  const VecInstr &in = c.in;
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &D = in.operand(Role::Dst);
  for (uint32_t r = 0; r < in.repeats; ++r)
    for (uint32_t b = 0; b < 8; ++b) {
      const uint8_t *v =
          c.rd(Role::Src0, (static_cast<uint64_t>(r) * 8 + b) * A.es);
      uint8_t block[32];
      for (uint32_t k = 0; k < 32; k += A.es)
        std::memcpy(block + k, v, A.es);
      std::memcpy(c.wr(Role::Dst, (static_cast<uint64_t>(r) * D.rep +
                                   static_cast<uint64_t>(b) * D.blk) *
                                      32),
                  block, 32);
    }
}

uint32_t offsetAt(const Ctx &c, uint64_t i) {
  uint32_t v;
  std::memcpy(&v, c.rd(Role::Src2, i * 4), 4);
  return v;
}

void evalGather(const Ctx &c, Loc loc) {
  const VecInstr &in = c.in;
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &D = in.operand(Role::Dst);
  const char *api = vecOpName(in.op);
  auto check = [&](uint64_t i, uint64_t addr, uint32_t len, uint32_t align) {
    if (addr % align != 0)
      fail("alignment",
           std::string(api) + ": offset " + std::to_string(i) + " gives byte " +
               std::to_string(addr) + " of the source, which is not " +
               std::to_string(align) + "-byte aligned",
           loc);
    if (addr + len > A.view)
      fail("bounds",
           std::string(api) + ": offset " + std::to_string(i) +
               " reads source bytes [" + std::to_string(addr) + ", " +
               std::to_string(addr + len) + "), but the source tensor holds " +
               std::to_string(A.view) + " bytes",
           loc);
  };
  if (in.op == VecOp::Gather) {
    for (uint32_t r = 0; r < in.repeats; ++r) {
      uint32_t m = elemsIn(in, r);
      for (uint32_t e = 0; e < m; ++e) {
        if (!in.counter && !maskBit(in, e))
          continue;
        uint64_t i = static_cast<uint64_t>(r) * in.perRepeat + e;
        uint64_t addr = static_cast<uint64_t>(in.aux) + offsetAt(c, i);
        check(i, addr, A.es, A.es);
        std::memcpy(c.wr(Role::Dst, elemOff(D, r, e)), A.base + addr, A.es);
      }
    }
    return;
  }
  for (uint32_t r = 0; r < in.repeats; ++r)
    for (uint32_t b = 0; b < 8; ++b) {
      uint64_t i = static_cast<uint64_t>(r) * 8 + b;
      uint64_t addr = offsetAt(c, i);
      check(i, addr, 32, 32);
      std::memcpy(c.wr(Role::Dst, (static_cast<uint64_t>(r) * D.rep +
                                   static_cast<uint64_t>(b) * D.blk) *
                                      32),
                  A.base + addr, 32);
    }
}

void evalCopy(const VecInstr &in, uint8_t *st) {
  const CopyCall &cc = in.copy;
  const uint8_t *src = in.operand(Role::Src0).base;
  uint8_t *dst = in.operand(Role::Dst).base;
  const uint32_t es = dtypeSize(cc.type);
  uint64_t srcLen, srcStep, dstStep, padded = 0, dataOff = 0;
  if (!cc.pad) {
    srcLen = static_cast<uint64_t>(cc.blockLen) * 32;
    srcStep = (static_cast<uint64_t>(cc.blockLen) + cc.srcStride) * 32;
    dstStep = (static_cast<uint64_t>(cc.blockLen) + cc.dstStride) * 32;
  } else if (memOfPosition(cc.src.pos) == Mem::GM) {
    srcLen = cc.blockLen;
    srcStep = static_cast<uint64_t>(cc.blockLen) + cc.srcStride;
    padded = (static_cast<uint64_t>(cc.leftPadding + cc.rightPadding) * es +
              cc.blockLen + 31) /
             32 * 32;
    dstStep = padded + static_cast<uint64_t>(cc.dstStride) * 32;
    dataOff = static_cast<uint64_t>(cc.leftPadding) * es;
  } else {
    srcLen = cc.blockLen;
    srcStep = (static_cast<uint64_t>(cc.blockLen) + 31) / 32 * 32 +
              static_cast<uint64_t>(cc.srcStride) * 32;
    dstStep = static_cast<uint64_t>(cc.blockLen) + cc.dstStride;
  }
  for (uint64_t i = 0; i < cc.blockCount; ++i) {
    const uint8_t *s = src + i * srcStep;
    if (!in.dense) {
      std::memcpy(st + i * srcLen, s, srcLen);
      continue;
    }
    uint8_t *d = st + (dst + i * dstStep - in.out);
    if (padded) {
      if (in.padDefined) {
        uint64_t v = in.padFirst ? raw(s, es) : in.padBits;
        for (uint64_t k = 0; k + es <= padded; k += es)
          std::memcpy(d + k, &v, es);
      }
      std::memcpy(d + dataOff, s, srcLen);
    } else {
      std::memcpy(d, s, srcLen);
    }
  }
}

} // namespace

void evaluateVector(const VecInstr &in, uint8_t *staging, Loc loc) {
  if (fastElementwise(in, staging)) // writes every staging byte itself
    return;
  if (in.dense && in.stagingBytes)
    std::memcpy(staging, in.out, in.stagingBytes);
  if (in.isCopy)
    return evalCopy(in, staging);
  Ctx c{in, staging};
  switch (in.op) {
  case VecOp::Compare:
  case VecOp::CompareScalar:
    return evalCompare(c);
  case VecOp::Brcb:
    return evalBrcb(c);
  case VecOp::Gather:
  case VecOp::Gatherb:
    return evalGather(c, loc);
  case VecOp::Layout:
    return evaluateLayout(in, staging, loc);
  case VecOp::Sort32: // Sort32 and MrgSort (ops/SortOps.h)
    return evaluateSort(in, staging);
  case VecOp::Aipp:
    return evaluateAipp(in, staging);
  case VecOp::ReduceSum:
  case VecOp::ReduceMax:
  case VecOp::ReduceMin:
  case VecOp::WholeReduceSum:
  case VecOp::WholeReduceMax:
  case VecOp::WholeReduceMin:
  case VecOp::BlockReduceSum:
  case VecOp::BlockReduceMax:
  case VecOp::BlockReduceMin:
  case VecOp::PairReduceSum:
  case VecOp::RepeatReduceSum:
    if (fastReduceSum(in, staging))
      return;
    return evalReduce(c);
  case VecOp::CompareCmpMask:
  case VecOp::SetCmpMask:
  case VecOp::GetCmpMask:
  case VecOp::SelectCmpMask:
  case VecOp::SelectCmpMaskScalar:
    return evaluateCmpMask(in, staging, loc);
  case VecOp::BilinearInterpolation:
    return evaluateBilinear(in, staging, loc);
  case VecOp::Select:
  case VecOp::SelectScalar:
    evalElementwise(c);
    return selectLoadsCmpMask(in);
  default:
    return evalElementwise(c);
  }
}

} // namespace ascsim
