//===- ops/VectorOps.cpp - Mask/repeat vector instructions ------*- C++ -*-===//

#include "ops/VectorOps.h"

#include "ascsim/runtime.h"

#include "ops/VectorMath.h"
#include "support/Fault.h"
#include "support/Isa.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <optional>

namespace ascsim {

using namespace vm;
using namespace detail; // the op classification (ops/VectorOps.h)

namespace {

//===----------------------------------------------------------------------===//
// Element type lists (the op classification is in ops/VectorOps.h)
//===----------------------------------------------------------------------===//

bool hasType(uint16_t types, DType t) {
  return (types >> static_cast<unsigned>(t)) & 1;
}

/// "float16, float32" for a mask of DType bits.
std::string typeList(uint16_t types) {
  std::string out;
  for (unsigned t = 0; t < 16; ++t) {
    if (!(types & (1u << t)))
      continue;
    if (!out.empty())
      out += ", ";
    out += dtypeName(static_cast<DType>(t));
  }
  return out;
}

/// Output elements per repeat and their unit for WholeReduce*.
void wholeOutput(const VecInstr &in, uint32_t &width, uint32_t &unit) {
  width = unit = 1;
  if ((in.op == VecOp::WholeReduceMax || in.op == VecOp::WholeReduceMin) &&
      in.mode <= 1)
    width = unit = 2;
}

//===----------------------------------------------------------------------===//
// Element walk
//===----------------------------------------------------------------------===//

inline bool maskBit(const VecInstr &in, uint32_t e) {
  return e < 64 ? (in.maskLo >> e) & 1 : (in.maskHi >> (e - 64)) & 1;
}

/// Elements executed in repeat r (counter mode: the first n; normal: all
/// perRepeat, subject to maskBit).
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

template <class F> void eachEnabled(const VecInstr &in, F f) {
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint32_t n = elemsIn(in, r);
    for (uint32_t e = 0; e < n; ++e)
      if (in.counter || maskBit(in, e))
        f(r, e);
  }
}

inline uint64_t elemOff(const VecOperand &o, uint32_t r, uint32_t e) {
  uint32_t epb = o.epb ? o.epb : 32 / o.es;
  return (static_cast<uint64_t>(r) * o.rep +
          static_cast<uint64_t>(e / epb) * o.blk) *
             32 +
         o.inOff + static_cast<uint64_t>(e % epb) * o.es;
}

/// Appends ranges to `out` (cleared first; its capacity is reused), merging
/// with the previous one when contiguous.
class Sink {
public:
  explicit Sink(Spans &out) : s_(out) { s_.clear(); }
  void add(uint64_t a, uint64_t b) {
    if (a >= b)
      return;
    if (!s_.empty()) {
      Span &last = s_.back();
      if (a == last.end) {
        last.end = b;
        return;
      }
      if (a >= last.start && b <= last.end)
        return;
      if (a < last.end)
        sorted_ = false;
    }
    s_.push_back({a, b});
  }
  void finish() {
    if (!sorted_) {
      std::sort(s_.begin(), s_.end(),
                [](const Span &x, const Span &y) { return x.start < y.start; });
      Spans m;
      for (const Span &x : s_) {
        if (!m.empty() && x.start <= m.back().end)
          m.back().end = std::max(m.back().end, x.end);
        else
          m.push_back(x);
      }
      s_.swap(m);
    }
  }

private:
  Spans &s_;
  bool sorted_ = true;
};

/// First element e' >= e of a repeat whose normal-mode mask bit is `set`
/// (`limit` when there is none before it).
inline uint32_t nextMaskBit(const VecInstr &in, uint32_t e, bool set,
                            uint32_t limit) {
  while (e < limit) {
    uint64_t word = e < 64 ? in.maskLo : in.maskHi;
    if (!set)
      word = ~word;
    word >>= (e % 64);
    if (word)
      return std::min(limit, e + static_cast<uint32_t>(__builtin_ctzll(word)));
    e = (e / 64 + 1) * 64;
  }
  return limit;
}

/// Adds the bytes of every enabled element of operand `o` (all elements of
/// each repeat when `all`: Compare's sources), one contiguous run at a time.
/// The byte set is the same as one add per element, and Sink canonicalises
/// it (sorted, merged), so the spans are identical; this only avoids the
/// per-element walk.
void addElementRuns(const VecInstr &in, const VecOperand &o, Sink &s,
                    bool all = false) {
  const uint32_t epb = o.epb ? o.epb : 32 / o.es;
  // Within a repeat, element e lies at e * es when its blocks are adjacent.
  const bool linear =
      o.epb == 0 && o.inOff == 0 && o.blk == 1 && epb * o.es == 32;
  const bool every = all || in.counter;
  if (linear && every &&
      static_cast<uint64_t>(o.rep) * 32 ==
          static_cast<uint64_t>(in.perRepeat) * o.es) {
    // Adjacent repeats, every element: one run (count forms, per call).
    const uint64_t most = static_cast<uint64_t>(in.repeats) * in.perRepeat;
    s.add(0, (in.counter ? std::min(in.count, most) : most) * o.es);
    return;
  }
  for (uint32_t r = 0; r < in.repeats; ++r) {
    const uint32_t n = elemsIn(in, r);
    uint32_t e = every ? 0 : nextMaskBit(in, 0, true, n);
    while (e < n) {
      uint32_t end = every ? n : nextMaskBit(in, e, false, n);
      if (linear) {
        uint64_t a = elemOff(o, r, e);
        s.add(a, a + static_cast<uint64_t>(end - e) * o.es);
      } else {
        for (uint32_t k = e; k < end;) { // split at block boundaries
          uint32_t stop = std::min(end, (k / epb + 1) * epb);
          uint64_t a = elemOff(o, r, k);
          s.add(a, a + static_cast<uint64_t>(stop - k) * o.es);
          k = stop;
        }
      }
      e = every ? n : nextMaskBit(in, end, true, n);
    }
  }
}

uint64_t up32(uint64_t v) { return (v + 31) / 32 * 32; }

//===----------------------------------------------------------------------===//
// Data copies
//===----------------------------------------------------------------------===//

struct CopyGeom {
  uint64_t srcOff, dstOff, srcLen; // per block i: src + i * srcStep ...
  uint64_t srcStep, dstStep;
  uint64_t padded;  // bytes of a block in the destination (UB pad blocks)
  uint64_t dataOff; // data bytes start inside the destination block
};

CopyGeom copyGeom(const VecInstr &in) {
  const CopyCall &c = in.copy;
  CopyGeom g{};
  uint32_t es = dtypeSize(c.type);
  if (!c.pad) {
    g.srcLen = static_cast<uint64_t>(c.blockLen) * 32;
    g.srcStep = (static_cast<uint64_t>(c.blockLen) + c.srcStride) * 32;
    g.dstStep = (static_cast<uint64_t>(c.blockLen) + c.dstStride) * 32;
    g.padded = g.srcLen;
    return g;
  }
  g.srcLen = c.blockLen;
  if (memOfPosition(c.src.pos) == Mem::GM) { // GM -> UB
    g.srcStep = static_cast<uint64_t>(c.blockLen) + c.srcStride;
    g.padded = up32(static_cast<uint64_t>(c.leftPadding + c.rightPadding) * es +
                    c.blockLen);
    g.dstStep = g.padded + static_cast<uint64_t>(c.dstStride) * 32;
    g.dataOff = static_cast<uint64_t>(c.leftPadding) * es;
  } else { // UB -> GM
    g.srcStep = up32(c.blockLen) + static_cast<uint64_t>(c.srcStride) * 32;
    g.dstStep = static_cast<uint64_t>(c.blockLen) + c.dstStride;
    g.padded = c.blockLen;
  }
  return g;
}

void copyFootprint(const VecInstr &in, Role role, bool write, Spans &out) {
  Sink s(out);
  if (role != Role::Dst && role != Role::Src0)
    return;
  if ((role == Role::Dst) != write)
    return;
  CopyGeom g = copyGeom(in);
  for (uint64_t i = 0; i < in.copy.blockCount; ++i) {
    if (role == Role::Src0) {
      s.add(i * g.srcStep, i * g.srcStep + g.srcLen);
    } else if (in.copy.pad && g.dataOff + g.srcLen != g.padded &&
               !in.padDefined) {
      s.add(i * g.dstStep + g.dataOff, i * g.dstStep + g.dataOff + g.srcLen);
    } else {
      s.add(i * g.dstStep, i * g.dstStep + g.padded);
    }
  }
  s.finish();
}

} // namespace

//===----------------------------------------------------------------------===//
// Static facts
//===----------------------------------------------------------------------===//

const char *vecOpName(VecOp op) {
  if (const VecOpFacts *f = facts(op))
    return f->name;
  return op == VecOp::Aipp ? "load_image_to_local"
                           : "layout"; // ops/LayoutOps.h layoutOpName
}

bool vecSupports(VecOp op, DType dst, DType src, std::string &allowed) {
  using D = DType;
  const VecOpFacts *f = facts(op);
  if (!f) {
    allowed = "none";
    return false;
  }
  // The rules beyond "dst and src share one element type of the op's list".
  switch (op) {
  case VecOp::MulAddDst:
  case VecOp::Axpy:
    allowed = "(dst, src) = (float16, float16), (float32, float32), "
              "(float32, float16)";
    return hasType(f->srcTypes, src) && hasType(f->dstTypes, dst) &&
           (dst == src || (dst == D::F32 && src == D::F16));
  case VecOp::Compare:
  case VecOp::CompareScalar:
  case VecOp::CompareCmpMask:
    allowed = "sources " + typeList(f->srcTypes) + " (int32: CMPMODE.EQ only)" +
              (f->dstTypes ? "; destination " + typeList(f->dstTypes) : "");
    return hasType(f->srcTypes, src) &&
           (!f->dstTypes || hasType(f->dstTypes, dst));
  case VecOp::Select:
  case VecOp::SelectScalar:
  case VecOp::SelectCmpMaskScalar:
    allowed = typeList(f->dstTypes) +
              " (selection mask uint8, uint16, uint32, uint64)";
    return hasType(f->dstTypes, dst) &&
           (src == D::U8 || src == D::U16 || src == D::U32 || src == D::U64);
  case VecOp::Cast:
    allowed = "the Atlas A2/A3 Cast pairs (hardware.md §4.3)";
    return castPairSupported(dst, src);
  case VecOp::AddReluCast:
  case VecOp::SubReluCast:
    allowed = "float16 -> int8, int16 -> int8, float32 -> float16";
    return (src == D::F16 && dst == D::I8) || (src == D::I16 && dst == D::I8) ||
           (src == D::F32 && dst == D::F16);
  case VecOp::MulCast:
    allowed = "float16 -> int8, float16 -> uint8";
    return src == D::F16 && (dst == D::I8 || dst == D::U8);
  case VecOp::AddDeqRelu:
    allowed = "int32 -> float16";
    return src == D::I32 && dst == D::F16;
  case VecOp::CastDeq:
    allowed = "int32 -> float16, int16 -> int8, int16 -> uint8";
    return (src == D::I32 && dst == D::F16) ||
           (src == D::I16 && (dst == D::I8 || dst == D::U8));
  default:
    break;
  }
  uint16_t types = f->srcTypes ? f->srcTypes : f->dstTypes;
  if (dst == src && hasType(types, src))
    return true;
  allowed = typeList(types); // only for the message
  return false;
}

namespace {
struct CastPair {
  DType src, dst;
  uint8_t modes; // bit m = RoundMode m allowed
};
constexpr uint8_t kFive =
    (1 << kRint) | (1 << kFloor) | (1 << kCeil) | (1 << kRound) | (1 << kTrunc);
constexpr uint8_t kN = 1 << kNone;
constexpr uint8_t kAll = 0x7f;
const CastPair kCastPairs[] = {
    {DType::F16, DType::F32, kN},
    {DType::F32, DType::F16, kFive | kN | (1 << kOdd)},
    {DType::F16, DType::I32, kFive},
    {DType::F16, DType::I16, kFive},
    {DType::F16, DType::I8, kFive | kN},
    {DType::F16, DType::U8, kFive | kN},
    {DType::I8, DType::F16, kN},
    {DType::U8, DType::F16, kN},
    {DType::I16, DType::F16, kFive | kN},
    {DType::I16, DType::F32, kN},
    {DType::I32, DType::F32, kFive | kN},
    {DType::I32, DType::I16, kN},
    {DType::I32, DType::F16, kAll}, // vconv_deq: the mode is ignored
    {DType::I32, DType::I64, kN},
    {DType::F32, DType::I32, kFive},
    {DType::F32, DType::I16, kFive},
    {DType::F32, DType::I64, kFive},
    {DType::F32, DType::BF16, kFive},
    {DType::F32, DType::F32, kFive},
    {DType::BF16, DType::F32, kN},
    {DType::BF16, DType::I32, kFive},
    {DType::I64, DType::I32, kN},
    {DType::I64, DType::F32, kFive},
};
const CastPair *findCast(DType dst, DType src) {
  for (const CastPair &p : kCastPairs)
    if (p.dst == dst && p.src == src)
      return &p;
  return nullptr;
}
} // namespace

bool castPairSupported(DType dst, DType src) {
  return findCast(dst, src) != nullptr;
}

bool castModeAllowed(DType dst, DType src, uint8_t mode, std::string &modes) {
  static const char *const kNames[] = {"CAST_NONE", "CAST_RINT",  "CAST_FLOOR",
                                       "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC",
                                       "CAST_ODD"};
  const CastPair *p = findCast(dst, src);
  modes.clear();
  if (!p)
    return false;
  for (int m = 0; m < 7; ++m)
    if (p->modes & (1 << m)) {
      if (!modes.empty())
        modes += ", ";
      modes += kNames[m];
    }
  return mode < 7 && (p->modes & (1 << mode));
}

uint64_t reduceTmpElements(const VecInstr &in) {
  uint64_t B = 32 / dtypeSize(in.dt), P = 256 / dtypeSize(in.dt);
  auto upTo = [](uint64_t a, uint64_t b) { return (a + b - 1) / b * b; };
  uint64_t r1 = in.repeats;
  if (in.op == VecOp::ReduceSum)
    return upTo(r1, B);
  if (in.mode == 0)
    return upTo(2 * r1, B);
  uint64_t l2 = (2 * r1 + P - 1) / P;
  uint64_t l3 = (2 * l2 + P - 1) / P;
  return upTo(2 * r1, B) + upTo(2 * l2, B) + upTo(2 * l3, B);
}

//===----------------------------------------------------------------------===//
// Footprints
//===----------------------------------------------------------------------===//

Spans footprint(const VecInstr &in, Role role, bool write) {
  Spans out;
  footprint(in, role, write, out);
  return out;
}

bool isStream(const VecInstr &in) {
  if (in.form != MaskForm::Count || in.isCopy ||
      shapeOf(in.op) != Shape::Elementwise || usesCmpMask(in.op) ||
      isQuantOp(in.op) || in.op == VecOp::BilinearInterpolation ||
      in.op == VecOp::Layout || in.op == VecOp::Aipp ||
      in.operand(Role::Src2).used)
    return false; // CMPMASK, quantisation, layout ops, Select: the walk
  for (const VecOperand &o : in.opnd)
    if (o.used && (o.epb != 0 || o.inOff != 0 || o.blk != 1 ||
                   static_cast<uint64_t>(o.rep) * 32 !=
                       static_cast<uint64_t>(in.perRepeat) * o.es))
      return false;
  return true;
}

void footprint(const VecInstr &in, Role role, bool write, Spans &out) {
  if (isStream(in)) {
    out.clear();
    if (uint64_t n = streamSpan(in, role, write))
      appendSpan(out, 0, n);
    return;
  }
  if (in.isCopy)
    return copyFootprint(in, role, write, out);
  if (cmpMaskFootprint(in, role, write, out))
    return;
  if (in.op == VecOp::BilinearInterpolation) { // ops/BilinearEval.cpp
    out = bilinearFootprint(in, role, write);
    return;
  }
  Sink s(out);
  const VecOperand &o = in.operand(role);
  if (!o.used)
    return;
  const VecOp op = in.op;
  const Shape shape = shapeOf(op);
  const bool countForm = in.form == MaskForm::Count;
  // Who writes: the destination; the ReduceSum/Max/Min mask forms also
  // write their partial results into the shared tmp buffer.
  if (write) {
    if (role == Role::Src2 && shape == Shape::ReduceAll && !countForm) {
      uint64_t n =
          static_cast<uint64_t>(in.repeats) * (op == VecOp::ReduceSum ? 1 : 2);
      s.add(0, n * o.es);
      s.finish();
      return;
    }
    if (role != Role::Dst)
      return;
  } else {
    if (role == Role::Dst && !vecReadsDst(op))
      return;
    if (role == Role::Src2 && shape == Shape::ReduceAll)
      return;
  }

  switch (shape) {
  case Shape::Elementwise:
    if (role == Role::Src2) { // selection mask bits
      bool continuous = in.mode != 0;
      eachEnabled(in, [&](uint32_t r, uint32_t e) {
        uint64_t bit =
            continuous ? static_cast<uint64_t>(r) * in.perRepeat + e : e;
        s.add(bit / 8, bit / 8 + 1);
      });
    } else {
      addElementRuns(in, o, s);
    }
    break;
  case Shape::Compare:
    if (role == Role::Dst) {
      for (uint32_t r = 0; r < in.repeats; ++r)
        s.add(static_cast<uint64_t>(r) * in.perRepeat / 8,
              static_cast<uint64_t>(r + 1) * in.perRepeat / 8);
    } else if (op == VecOp::Compare) { // the mask does not apply (A2/A3)
      addElementRuns(in, o, s, /*all=*/true);
    } else {
      addElementRuns(in, o, s);
    }
    break;
  case Shape::WholeReduce:
    if (role == Role::Dst) {
      uint32_t width, unit;
      wholeOutput(in, width, unit);
      for (uint32_t r = 0; r < in.repeats; ++r) {
        uint64_t a = static_cast<uint64_t>(r) * o.rep * unit * o.es;
        s.add(a, a + width * o.es);
      }
    } else {
      addElementRuns(in, o, s);
    }
    break;
  case Shape::BlockReduce:
  case Shape::PairReduce:
    if (role == Role::Dst) {
      uint32_t group = shape == Shape::BlockReduce ? 32 / o.es : 2;
      uint32_t outs = in.perRepeat / group;
      for (uint32_t r = 0; r < in.repeats; ++r)
        for (uint32_t k = 0; k < outs; ++k) {
          bool any = false;
          for (uint32_t e = k * group; e < (k + 1) * group && !any; ++e)
            any = enabled(in, r, e);
          if (!any)
            continue;
          uint64_t a = (static_cast<uint64_t>(r) * o.rep * outs + k) * o.es;
          s.add(a, a + o.es);
        }
    } else {
      addElementRuns(in, o, s);
    }
    break;
  case Shape::ReduceAll:
    if (role == Role::Dst) {
      bool index = op != VecOp::ReduceSum && in.mode != 0;
      s.add(0, o.es * (index ? 2 : 1));
    } else {
      addElementRuns(in, o, s);
    }
    break;
  case Shape::Brcb:
    for (uint32_t r = 0; r < in.repeats; ++r) {
      if (role == Role::Src0) {
        s.add(static_cast<uint64_t>(r) * 8 * o.es,
              static_cast<uint64_t>(r + 1) * 8 * o.es);
        continue;
      }
      for (uint32_t b = 0; b < 8; ++b) {
        uint64_t a = (static_cast<uint64_t>(r) * o.rep +
                      static_cast<uint64_t>(b) * o.blk) *
                     32;
        s.add(a, a + 32);
      }
    }
    break;
  case Shape::Gather:
  case Shape::Gatherb:
    if (role == Role::Src0) { // data dependent: the whole view
      s.add(0, o.view);
      break;
    }
    if (shape == Shape::Gather) {
      eachEnabled(in, [&](uint32_t r, uint32_t e) {
        if (role == Role::Dst) {
          uint64_t a = elemOff(o, r, e);
          s.add(a, a + o.es);
        } else {
          uint64_t a = (static_cast<uint64_t>(r) * in.perRepeat + e) * 4;
          s.add(a, a + 4);
        }
      });
    } else {
      for (uint32_t r = 0; r < in.repeats; ++r)
        for (uint32_t b = 0; b < 8; ++b) {
          if (role == Role::Dst) {
            uint64_t a = (static_cast<uint64_t>(r) * o.rep +
                          static_cast<uint64_t>(b) * o.blk) *
                         32;
            s.add(a, a + 32);
          } else {
            uint64_t a = (static_cast<uint64_t>(r) * 8 + b) * 4;
            s.add(a, a + 4);
          }
        }
    }
    break;
  }
  s.finish();
}

//===----------------------------------------------------------------------===//
// Result planning and commit
//===----------------------------------------------------------------------===//

void planResult(VecInstr &in, const Spans &dstWrites, const Spans &tmpWrites,
                const Spans *reads) {
  const VecOperand &d = in.operand(Role::Dst);
  in.segs.clear();
  bool gmDst = in.isCopy && memOfPosition(in.copy.dst.pos) == Mem::GM;
  in.dense = !gmDst;
  if (!in.dense) {
    in.out = d.base;
    uint64_t st = 0;
    for (const Span &s : dstWrites) {
      in.segs.push_back({s.start, st, s.end - s.start});
      st += s.end - s.start;
    }
    in.stagingBytes = st;
  } else {
    uint8_t *lo = nullptr, *hi = nullptr;
    auto extend = [&](uint8_t *base, const Spans &ss) {
      if (ss.empty())
        return;
      uint8_t *a = base + ss.front().start, *b = base + ss.back().end;
      if (!lo || a < lo)
        lo = a;
      if (!hi || b > hi)
        hi = b;
    };
    extend(d.base, dstWrites);
    if (!tmpWrites.empty())
      extend(in.operand(Role::Src2).base, tmpWrites);
    in.out = lo;
    in.stagingBytes = lo ? static_cast<uint64_t>(hi - lo) : 0;
    auto segs = [&](uint8_t *base, const Spans &ss) {
      for (const Span &s : ss) {
        uint64_t off = static_cast<uint64_t>(base + s.start - lo);
        in.segs.push_back({off, off, s.end - s.start});
      }
    };
    if (dstWrites.size() + tmpWrites.size() > 1) { // else: no allocation
      segs(d.base, dstWrites);
      segs(in.operand(Role::Src2).base, tmpWrites);
    }
  }
  uintptr_t wlo = reinterpret_cast<uintptr_t>(in.out);
  in.hulls[0] = {
      wlo, wlo + (in.dense ? in.stagingBytes
                           : (dstWrites.empty() ? 0 : dstWrites.back().end))};
  // Reads: source 0 apart from the other operands, so that two sources far
  // apart in the UB do not claim the bytes between them.
  using Hull = std::pair<uintptr_t, uintptr_t>;
  Hull hulls[2] = {{~uintptr_t(0), 0}, {~uintptr_t(0), 0}};
  for (int k = 0; k < kNumRoles; ++k) {
    const VecOperand &o = in.opnd[k];
    if (!o.used || !o.base)
      continue;
    Spans own;
    const Spans &r =
        reads ? reads[k] : (own = footprint(in, static_cast<Role>(k), false));
    if (r.empty())
      continue;
    auto &h = hulls[k == static_cast<int>(Role::Src0) ? 0 : 1];
    h.first = std::min(h.first,
                       reinterpret_cast<uintptr_t>(o.base + r.front().start));
    h.second =
        std::max(h.second, reinterpret_cast<uintptr_t>(o.base + r.back().end));
  }
  for (int i = 0; i < 2; ++i)
    in.hulls[1 + i] = hulls[i].second ? hulls[i] : Hull{0, 0};
}

namespace {
std::mutex gAtomicMutex; // atomic stores of all cores (host threads)

void accumulate(uint8_t *p, const uint8_t *v, uint64_t len, AtomicKind k,
                DType t) {
  uint32_t es = dtypeSize(t);
  for (uint64_t i = 0; i + es <= len; i += es) {
    if (isFloat(t)) {
      double a = loadF(p + i, t), b = loadF(v + i, t);
      double r = k == AtomicKind::Add ? a + b
                 : k == AtomicKind::Max
                     ? (std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b))
                     : (std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b));
      storeF(p + i, t, r);
    } else {
      int64_t a = loadI(p + i, t), b = loadI(v + i, t);
      int64_t r = k == AtomicKind::Add   ? a + b
                  : k == AtomicKind::Max ? std::max(a, b)
                                         : std::min(a, b);
      storeI(p + i, t, r);
    }
  }
}
} // namespace

void commitVector(const VecInstr &in, const uint8_t *staging) {
  const WriteSeg whole{0, 0, in.stagingBytes}; // no segs: one run
  const WriteSeg *first = in.segs.empty() ? &whole : in.segs.data();
  const WriteSeg *last = first + (in.segs.empty() ? 1 : in.segs.size());
  if (in.atomic == AtomicKind::None) {
    for (const WriteSeg *s = first; s != last; ++s)
      std::memcpy(in.out + s->dst, staging + s->st, s->len);
    return;
  }
  std::lock_guard<std::mutex> lock(gAtomicMutex);
  for (const WriteSeg *s = first; s != last; ++s)
    accumulate(in.out + s->dst, staging + s->st, s->len, in.atomic,
               in.atomicType);
}

void commitAtomic(uint8_t *p, const uint8_t *v, uint64_t len, AtomicKind k,
                  DType type) {
  std::lock_guard<std::mutex> lock(gAtomicMutex);
  accumulate(p, v, len, k, type);
}

uint64_t castValue(uint64_t bits, DType dst, DType src, uint8_t mode,
                   uint16_t deqScale) {
  return castBits(bits, dst, src, mode, deqScale);
}

//===----------------------------------------------------------------------===//
// The op table for tests and tools (ascsim/runtime.h)
//===----------------------------------------------------------------------===//

namespace {
constexpr const char *kVecOpNames[] = {
#define ASCSIM_VEC_OP(NAME, ...) #NAME,
#include "ascsim/gen/VecOps.def"
};

std::optional<DType> dtypeNamed(const std::string &name) {
  for (unsigned t = 0; t <= static_cast<unsigned>(DType::F64); ++t)
    if (name == dtypeName(static_cast<DType>(t)))
      return static_cast<DType>(t);
  return std::nullopt;
}
} // namespace

std::vector<std::string> vectorOps() {
  return {std::begin(kVecOpNames), std::end(kVecOpNames)};
}

bool vectorOpSupports(const std::string &op, const std::string &dst,
                      const std::string &src, std::string &allowed) {
  std::optional<DType> d = dtypeNamed(dst), s = dtypeNamed(src);
  for (size_t i = 0; i < std::size(kVecOpNames); ++i)
    if (op == kVecOpNames[i]) {
      allowed.clear();
      if (!d || !s)
        return false;
      return vecSupports(static_cast<VecOp>(i), *d, *s, allowed);
    }
  allowed = "unknown vector instruction " + op;
  return false;
}

} // namespace ascsim
