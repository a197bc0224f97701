//===- ops/FastPaths.cpp - Specialised loops for common forms ---*- C++ -*-===//
//
// See FastPaths.h. Every loop below evaluates the same expression as the
// general path it replaces (the binary element ops are shared with it through
// ops/ElementOps.h):
//   * fastBinary       ops/Ops.cpp applyInt / applyFloat / binarySmall;
//   * fastReduceSum    ops/VectorEval.cpp evalReduce (ReduceSum) with treeSum
//                      and vm::addSat / vm::roundBits;
//   * fastElementwise  ops/VectorEval.cpp compute() for the binary and
//                      scalar families (double arithmetic, one rounding).
// Only the dispatch on the op and the element type moved out of the loops.
//
//===----------------------------------------------------------------------===//

#include "ops/FastPaths.h"

#include "ascsim/float16.h"
#include "ops/ElementOps.h"
#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

namespace ascsim {

bool &fastPathsEnabled() {
  static bool enabled = true;
  return enabled;
}

namespace {

using vm::nanFirst; // a NaN operand: the first one, quietened

template <class T> inline T ld(const uint8_t *p, uint64_t i) {
  T v;
  std::memcpy(&v, p + i * sizeof(T), sizeof(T));
  return v;
}
template <class T> inline void st(uint8_t *p, uint64_t i, T v) {
  std::memcpy(p + i * sizeof(T), &v, sizeof(T));
}

//===----------------------------------------------------------------------===//
// WorkKind::Binary (ops/Ops.cpp)
//===----------------------------------------------------------------------===//

template <BinOp Op, class T> void binInt(const Work &w, uint8_t *out) {
  const uint8_t *a = w.src0, *b = w.src1;
  for (uint64_t i = 0, n = w.count; i < n; ++i)
    st<T>(out, i, vm::intOp<Op, T>(ld<T>(a, i), ld<T>(b, i)));
}

template <BinOp Op, class T> void binFloat(const Work &w, uint8_t *out) {
  const uint8_t *a = w.src0, *b = w.src1;
  for (uint64_t i = 0, n = w.count; i < n; ++i)
    st<T>(out, i, vm::floatOp<Op, T>(ld<T>(a, i), ld<T>(b, i)));
}

template <BinOp Op, int E, int M> void binSmall(const Work &w, uint8_t *out) {
  const uint8_t *a = w.src0, *b = w.src1;
  for (uint64_t i = 0, n = w.count; i < n; ++i) {
    float x = fp::toFloat<E, M>(ld<uint16_t>(a, i));
    float y = fp::toFloat<E, M>(ld<uint16_t>(b, i));
    st<uint16_t>(out, i, fp::fromDouble<E, M>(vm::floatOp<Op, float>(x, y)));
  }
}

template <BinOp Op> bool binaryOp(const Work &w, uint8_t *out) {
  switch (w.type) {
  case DType::I16:
    binInt<Op, int16_t>(w, out);
    return true;
  case DType::I32:
    binInt<Op, int32_t>(w, out);
    return true;
  case DType::F16:
    binSmall<Op, 5, 10>(w, out);
    return true;
  case DType::F32:
    binFloat<Op, float>(w, out);
    return true;
  default: // the other types keep the general loop
    return false;
  }
}

//===----------------------------------------------------------------------===//
// VecInstr helpers
//===----------------------------------------------------------------------===//

/// Element e of repeat r of `o` lies at (r * perRepeat + e) * es: unit block
/// stride, repeat stride of one full repeat (or a single repeat).
bool contiguous(const VecInstr &in, const VecOperand &o) {
  if (o.epb != 0 || o.inOff != 0 || o.blk != 1 || o.es == 0 ||
      32 % o.es != 0)
    return false;
  return in.repeats == 1 ||
         static_cast<uint64_t>(o.rep) * 32 ==
             static_cast<uint64_t>(in.perRepeat) * o.es;
}

/// Counter mode, or every element of every repeat enabled by the mask.
bool fullMask(const VecInstr &in) {
  if (in.counter)
    return true;
  for (uint32_t e = 0; e < in.perRepeat; e += 64) {
    uint64_t word = e < 64 ? in.maskLo : in.maskHi;
    uint32_t bits = in.perRepeat - e < 64 ? in.perRepeat - e : 64;
    uint64_t need = bits == 64 ? ~0ull : ((1ull << bits) - 1);
    if ((word & need) != need)
      return false;
  }
  return true;
}

/// Elements the instruction executes when fullMask(in).
uint64_t elementCount(const VecInstr &in) {
  return in.counter ? in.count
                    : static_cast<uint64_t>(in.repeats) * in.perRepeat;
}

bool disjoint(const uint8_t *a, uint64_t an, const uint8_t *b, uint64_t bn) {
  return a + an <= b || b + bn <= a;
}

//===----------------------------------------------------------------------===//
// ReduceSum (ops/VectorEval.cpp evalReduce)
//===----------------------------------------------------------------------===//

/// float32: addSat(a, b, F32) = roundTo(a + b, F32) (no saturation).
struct SumF32 {
  static constexpr uint32_t kSize = 4;
  static float load(const uint8_t *p) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  static float add(float a, float b) {
    double x = a, y = b;
    return static_cast<float>(nanFirst(x, y, x + y));
  }
  static uint64_t bits(float v) { // roundBits(v, F32)
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
};

/// float16: addSat(a, b, F16) = the double sum rounded once to float16,
/// saturating at +-65504 when it overflows from finite operands.
struct SumF16 {
  static constexpr uint32_t kSize = 2;
  static float load(const uint8_t *p) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return fp::toFloat<5, 10>(h);
  }
  static float add(float a, float b) {
    double x = a, y = b;
    double sum = nanFirst(x, y, x + y);
    float r = fp::toFloat<5, 10>(fp::fromDouble<5, 10>(sum));
    if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
      return r > 0 ? 65504.0f : -65504.0f;
    return r;
  }
  static uint64_t bits(float v) { // roundBits(v, F16)
    return fp::fromDouble<5, 10>(static_cast<double>(v));
  }
};

/// treeSum: adjacent pairs, n a power of two.
template <class S> float tree(float *x, uint32_t n) {
  while (n > 1) {
    for (uint32_t i = 0; i < n / 2; ++i)
      x[i] = S::add(x[2 * i], x[2 * i + 1]);
    n /= 2;
  }
  return x[0];
}

template <class S> void reduceSum(const VecInstr &in, uint8_t *stg) {
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &D = in.operand(Role::Dst);
  const VecOperand &T = in.operand(Role::Src2);
  const bool tmp = in.form != MaskForm::Count;
  const uint32_t P = in.perRepeat, es = S::kSize;
  const uint32_t epb = 32 / es;
  const bool full = fullMask(in);
  float x[256];
  std::vector<float> part;
  part.reserve(in.repeats);
  for (uint32_t r = 0; r < in.repeats; ++r) {
    uint32_t n = P;
    if (in.counter) {
      uint64_t done = static_cast<uint64_t>(r) * P;
      uint64_t left = in.count > done ? in.count - done : 0;
      n = static_cast<uint32_t>(left < P ? left : P);
    }
    const uint8_t *rep = A.base + static_cast<uint64_t>(r) * A.rep * 32;
    // Masked-off elements are not read (they may lie outside the UB).
    auto on = [&](uint32_t e) {
      return in.counter || full ||
             (e < 64 ? (in.maskLo >> e) & 1 : (in.maskHi >> (e - 64)) & 1);
    };
    if (A.blk == 1 && (in.counter || full)) { // element e at e * es
      for (uint32_t e = 0; e < n; ++e)
        x[e] = S::load(rep + static_cast<uint64_t>(e) * es);
    } else {
      for (uint32_t e = 0; e < n; ++e)
        x[e] = on(e) ? S::load(rep +
                               static_cast<uint64_t>(e / epb) * A.blk * 32 +
                               static_cast<uint64_t>(e % epb) * es)
                     : 0.0f;
    }
    for (uint32_t e = n; e < P; ++e)
      x[e] = 0.0f;
    part.push_back(tree<S>(x, P));
    if (tmp) {
      uint64_t b = S::bits(part.back());
      std::memcpy(stg + (T.base + static_cast<uint64_t>(r) * es - in.out), &b,
                  es);
    }
  }
  while (part.size() > 1) {
    std::vector<float> next;
    for (size_t i = 0; i < part.size(); i += P) {
      for (uint32_t e = 0; e < P; ++e)
        x[e] = i + e < part.size() ? part[i + e] : 0.0f;
      next.push_back(tree<S>(x, P));
    }
    part.swap(next);
  }
  uint64_t b = S::bits(part.empty() ? 0.0f : part[0]);
  std::memcpy(stg + (D.base - in.out), &b, es);
}

//===----------------------------------------------------------------------===//
// Elementwise binary / scalar families (ops/VectorEval.cpp compute)
//===----------------------------------------------------------------------===//

/// Element loads/stores of one type as compute() sees them.
struct EF32 {
  using Raw = float;
  static double load(Raw v) { return v; }
  static Raw store(double v) { return static_cast<float>(v); }
};
struct EF16 {
  using Raw = uint16_t;
  static double load(Raw v) { return fp::toFloat<5, 10>(v); }
  static Raw store(double v) { return fp::fromDouble<5, 10>(v); }
};

template <BinOp Op, class E>
void elemFloat(uint64_t n, uint8_t *out, const uint8_t *a, const uint8_t *b,
               double s) {
  using R = typename E::Raw;
  if (b)
    for (uint64_t i = 0; i < n; ++i)
      st<R>(out, i,
            E::store(vm::floatOp<Op, double>(E::load(ld<R>(a, i)), E::load(ld<R>(b, i)))));
  else
    for (uint64_t i = 0; i < n; ++i)
      st<R>(out, i, E::store(vm::floatOp<Op, double>(E::load(ld<R>(a, i)), s)));
}

template <BinOp Op, class T>
void elemInt(uint64_t n, uint8_t *out, const uint8_t *a, const uint8_t *b,
             T s) {
  if (b)
    for (uint64_t i = 0; i < n; ++i)
      st<T>(out, i, vm::intOp<Op, T>(ld<T>(a, i), ld<T>(b, i)));
  else
    for (uint64_t i = 0; i < n; ++i)
      st<T>(out, i, vm::intOp<Op, T>(ld<T>(a, i), s));
}

template <BinOp Op>
bool elemTyped(DType t, uint64_t n, uint8_t *out, const uint8_t *a,
               const uint8_t *b, uint64_t scalar) {
  switch (t) {
  case DType::F32: {
    float s;
    std::memcpy(&s, &scalar, 4);
    elemFloat<Op, EF32>(n, out, a, b, s);
    return true;
  }
  case DType::F16:
    elemFloat<Op, EF16>(n, out, a, b,
                        fp::toFloat<5, 10>(static_cast<uint16_t>(scalar)));
    return true;
  case DType::I16:
    if constexpr (Op == BinOp::Div)
      return false;
    else
      elemInt<Op, int16_t>(n, out, a, b, static_cast<int16_t>(scalar));
    return true;
  case DType::I32:
    if constexpr (Op == BinOp::Div)
      return false;
    else
      elemInt<Op, int32_t>(n, out, a, b, static_cast<int32_t>(scalar));
    return true;
  default:
    return false;
  }
}

} // namespace

bool fastBinary(const Work &w, uint8_t *out) {
  if (!fastPathsEnabled())
    return false;
  return vm::withBinOp(
      w.op, [&](auto k) { return binaryOp<decltype(k)::value>(w, out); });
}

bool fastReduceSum(const VecInstr &in, uint8_t *staging) {
  if (!fastPathsEnabled() || in.op != VecOp::ReduceSum || !in.dense ||
      in.isCopy || in.dt != in.st)
    return false;
  const VecOperand &A = in.operand(Role::Src0);
  if (A.epb != 0 || A.inOff != 0 || A.es != dtypeSize(in.dt))
    return false;
  // The sources must not lie in the written hull (the general path would
  // read this instruction's own partial results from the staging buffer).
  const auto &w = in.hulls[0], &r = in.hulls[1];
  if (r.first < w.second && w.first < r.second)
    return false;
  if (in.perRepeat > 256 || (in.perRepeat & (in.perRepeat - 1)) != 0)
    return false;
  if (in.dt == DType::F32) {
    reduceSum<SumF32>(in, staging);
    return true;
  }
  if (in.dt == DType::F16) {
    reduceSum<SumF16>(in, staging);
    return true;
  }
  return false;
}

bool fastElementwise(const VecInstr &in, uint8_t *staging) {
  if (!fastPathsEnabled() || in.isCopy || !in.dense || in.dt != in.st)
    return false;
  BinOp op;
  bool scalar = false;
  switch (in.op) {
  case VecOp::Add: op = BinOp::Add; break;
  case VecOp::Sub: op = BinOp::Sub; break;
  case VecOp::Mul: op = BinOp::Mul; break;
  case VecOp::Div: op = BinOp::Div; break;
  case VecOp::Max: op = BinOp::Max; break;
  case VecOp::Min: op = BinOp::Min; break;
  case VecOp::Adds: op = BinOp::Add, scalar = true; break;
  case VecOp::Muls: op = BinOp::Mul, scalar = true; break;
  case VecOp::Maxs: op = BinOp::Max, scalar = true; break;
  case VecOp::Mins: op = BinOp::Min, scalar = true; break;
  default:
    return false;
  }
  const VecOperand &D = in.operand(Role::Dst);
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  const uint32_t es = dtypeSize(in.dt);
  if (!fullMask(in) || D.es != es || A.es != es || !contiguous(in, D) ||
      !contiguous(in, A) || (!scalar && (B.es != es || !contiguous(in, B))))
    return false;
  const uint64_t n = elementCount(in);
  const uint64_t bytes = n * es;
  // The staging buffer is exactly the destination's elements, all written
  // here (no snapshot needed). Every source is either disjoint from it or
  // exactly the destination (in place): in both cases element i reads the
  // memory as it was when the instruction started, as the general path does.
  if (in.out != D.base || in.stagingBytes != bytes)
    return false;
  auto ok = [&](const VecOperand &o) {
    return o.base == D.base || disjoint(o.base, bytes, D.base, bytes);
  };
  if (!ok(A) || (!scalar && !ok(B)))
    return false;
  const uint8_t *b = scalar ? nullptr : B.base;
  return vm::withBinOp(op, [&](auto k) {
    return elemTyped<decltype(k)::value>(in.dt, n, staging, A.base, b,
                                         in.scalar);
  });
}

} // namespace ascsim
