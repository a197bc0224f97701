//===- ops/FastPaths.cpp - Specialised loops for common forms ---*- C++ -*-===//
//
// See FastPaths.h. Every loop below evaluates the same expression as the
// general path it replaces (the binary element ops are shared with it through
// ops/ElementOps.h):
//   * fastReduceSum    ops/VectorEval.cpp evalReduce (ReduceSum) with treeSum
//                      and vm::addSat / vm::roundBits;
//   * fastElementwise  ops/VectorEval.cpp compute() for the binary and
//                      scalar families. compute() works in double and rounds
//                      once; these loops work in float, which gives the same
//                      bits: + - * / of float32 (float16) operands rounded to
//                      float first and then to float32 (float16) equals one
//                      rounding, as float keeps more than 2p + 1 bits of a
//                      p-bit type's result, and max/min are exact.
// Only the dispatch on the op and the element type moved out of the loops.
// A float32 ReduceSum repeat without NaN operands is summed in plain float
// (SSE2, in registers): the same bits, see treePlain.
//
//===----------------------------------------------------------------------===//

#include "ops/FastPaths.h"

#include "ascsim/float16.h"
#include "ops/ElementOps.h"
#include "ops/VectorMath.h"
#include "ops/VectorOps.h"
#include "support/Isa.h"
#include "support/PerThread.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <algorithm>
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

bool &avx2Enabled() {
  static bool enabled = true;
  return enabled;
}

namespace {

using vm::nanFirst; // a NaN operand: the first one, quietened

#if ASCSIM_FAST_AVX2
/// The host runs the AVX2 builds (ops/FastPathsAvx2.cpp).
bool hostAvx2() {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  return avx2;
}
#endif

template <class T> inline T ld(const uint8_t *p, uint64_t i) {
  T v;
  std::memcpy(&v, p + i * sizeof(T), sizeof(T));
  return v;
}
template <class T> inline void st(uint8_t *p, uint64_t i, T v) {
  std::memcpy(p + i * sizeof(T), &v, sizeof(T));
}

//===----------------------------------------------------------------------===//
// VecInstr helpers
//===----------------------------------------------------------------------===//

/// Element e of repeat r of `o` lies at (r * perRepeat + e) * es: unit block
/// stride, repeat stride of one full repeat (or a single repeat).
bool contiguous(const VecInstr &in, const VecOperand &o) {
  if (o.epb != 0 || o.inOff != 0 || o.blk != 1 || o.es == 0 || 32 % o.es != 0)
    return false;
  return in.repeats == 1 || static_cast<uint64_t>(o.rep) * 32 ==
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
  /// Without NaN operands, add() is the float sum itself (treePlain).
  static constexpr bool kPlain = true;
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
  static constexpr bool kPlain = false;
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

/// The same tree for float32 operands none of which is a NaN, in plain float
/// additions that g++ vectorises. Bit for bit SumF32::add's result: the
/// double sum of two floats rounded to float is the correctly rounded float
/// sum (53 >= 2 * 24 + 2 bits: double rounding is innocuous), and the only
/// NaNs such a tree can produce (inf - inf) are all the one default NaN, so
/// which operand a NaN comes from does not matter.
#ifdef __SSE2__
/// Adjacent-pair sums of the eight floats lo, hi: (lo0 + lo1, lo2 + lo3,
/// hi0 + hi1, hi2 + hi3).
inline __m128 pairSums(__m128 lo, __m128 hi) {
  return _mm_add_ps(_mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)),
                    _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)));
}

/// treePlain of one float32 repeat (64 elements), every level in registers.
float tree64(const float *x) {
  __m128 v[16];
  for (int k = 0; k < 16; ++k)
    v[k] = _mm_loadu_ps(x + 4 * k);
  for (int w = 8; w >= 1; w /= 2) // 64 -> 32 -> 16 -> 8 -> 4 sums, in order
    for (int k = 0; k < w; ++k)
      v[k] = pairSums(v[2 * k], v[2 * k + 1]);
  __m128 t = pairSums(v[0], v[0]); // (s0 + s1, s2 + s3, ...)
  return _mm_cvtss_f32(t) +
         _mm_cvtss_f32(_mm_shuffle_ps(t, t, _MM_SHUFFLE(1, 1, 1, 1)));
}
#endif

float treePlain(const float *x, uint32_t n) {
#ifdef __SSE2__
  if (n == 64)
    return tree64(x);
#endif
  alignas(16) float a[128], b[128];
  const float *in = x;
  float *out = a;
  while (n > 1) {
    uint32_t i = 0;
#ifdef __SSE2__
    // Four adjacent-pair sums at a time: the even and the odd elements of
    // eight inputs, added lane by lane (the same pairs, the same order).
    for (; i + 4 <= n / 2; i += 4) {
      __m128 lo = _mm_loadu_ps(in + 2 * i), hi = _mm_loadu_ps(in + 2 * i + 4);
      __m128 even = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
      __m128 odd = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
      _mm_storeu_ps(out + i, _mm_add_ps(even, odd));
    }
#endif
    for (; i < n / 2; ++i)
      out[i] = in[2 * i] + in[2 * i + 1];
    in = out;
    out = out == a ? b : a;
    n /= 2;
  }
  return in[0];
}

bool anyNan(const float *x, uint32_t n) {
  uint32_t i = 0;
  bool nan = false;
#ifdef __SSE2__
  __m128 acc = _mm_setzero_ps();
  for (; i + 4 <= n; i += 4) {
    __m128 v = _mm_loadu_ps(x + i);
    acc = _mm_or_ps(acc, _mm_cmpunord_ps(v, v));
  }
  nan = _mm_movemask_ps(acc) != 0;
#endif
  for (; i < n; ++i)
    nan |= x[i] != x[i];
  return nan;
}

/// tree<S>, or treePlain where it gives the same bits.
template <class S> float treeSum(float *x, uint32_t n) {
  // A NaN operand makes the plain tree's sum NaN, so a non-NaN sum proves
  // there was none (the NaN scan only runs for a NaN sum).
  if constexpr (S::kPlain)
    if (n <= 256) {
      const float s = treePlain(x, n);
      if (s == s || !anyNan(x, n))
        return s;
    }
  return tree<S>(x, n);
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
  // Repeat r's sum into the tmp buffer (the non-count forms keep them).
  auto storeTmp = [&](uint32_t r, float sum) {
    const uint64_t b = S::bits(sum);
    std::memcpy(stg + (T.base + static_cast<uint64_t>(r) * es - in.out), &b,
                es);
  };
  // The repeat sums and the next level's, in buffers this thread reuses (a
  // malloc and a free per level of every ReduceSum otherwise).
  struct Sums {
    std::vector<float> part, next;
  };
  Sums &sums = perThread<Sums>(); // support/PerThread.h
  std::vector<float> &part = sums.part, &next = sums.next;
  part.clear();
  part.reserve(in.repeats);
  uint32_t first = 0; // the first repeat the loop below sums
#if ASCSIM_FAST_AVX2
  if constexpr (S::kPlain) {
    // The whole dense float32 repeats, eight lanes at a time where they lie
    // (ops/FastPathsAvx2.cpp); a NaN sum is redone with the model's tree
    // when the repeat has a NaN operand (treeSum's argument).
    if (hostAvx2() && avx2Enabled() && P == 64 && A.blk == 1 &&
        (in.counter || full)) {
      const uint64_t stride = static_cast<uint64_t>(A.rep) * 32;
      first = in.counter ? static_cast<uint32_t>(
                               std::min<uint64_t>(in.repeats, in.count / P))
                         : in.repeats;
      part.resize(first);
      fastpath_detail::treeSums64Avx2(A.base, stride, first, part.data());
      // Nothing to redo or store per repeat: no NaN sum, no tmp buffer.
      const bool perRepeat = tmp || anyNan(part.data(), first);
      for (uint32_t r = 0; perRepeat && r < first; ++r) {
        const uint8_t *rep = A.base + r * stride;
        if (part[r] != part[r] &&
            anyNan(reinterpret_cast<const float *>(rep), P)) {
          for (uint32_t e = 0; e < P; ++e)
            x[e] = S::load(rep + static_cast<uint64_t>(e) * es);
          part[r] = tree<S>(x, P);
        }
        if (tmp)
          storeTmp(r, part[r]);
      }
    }
  }
#endif
  for (uint32_t r = first; r < in.repeats; ++r) {
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
    bool direct = false;
#ifdef __SSE2__
    if constexpr (S::kPlain) {
      // A whole dense float32 repeat without NaNs: summed where it lies (a
      // NaN operand makes the sum NaN: the scan only runs for a NaN sum).
      const float *src = reinterpret_cast<const float *>(rep);
      if (P == 64 && n == P && A.blk == 1 && (in.counter || full)) {
        const float s = tree64(src);
        if (s == s || !anyNan(src, P)) {
          part.push_back(s);
          direct = true;
        }
      }
    }
#endif
    if (direct) {
      // summed above
    } else if (A.blk == 1 && (in.counter || full)) { // element e at e * es
      for (uint32_t e = 0; e < n; ++e)
        x[e] = S::load(rep + static_cast<uint64_t>(e) * es);
    } else {
      for (uint32_t e = 0; e < n; ++e)
        x[e] = on(e)
                   ? S::load(rep + static_cast<uint64_t>(e / epb) * A.blk * 32 +
                             static_cast<uint64_t>(e % epb) * es)
                   : 0.0f;
    }
    if (!direct) {
      for (uint32_t e = n; e < P; ++e)
        x[e] = 0.0f;
      part.push_back(treeSum<S>(x, P));
    }
    if (tmp)
      storeTmp(r, part.back());
  }
  while (part.size() > 1) {
    next.clear();
    for (size_t i = 0; i < part.size(); i += P) {
      // The next P partials, zero padded.
      const size_t n = std::min<size_t>(P, part.size() - i);
      std::memcpy(x, part.data() + i, n * sizeof(float));
      std::fill(x + n, x + P, 0.0f);
      next.push_back(treeSum<S>(x, P));
    }
    part.swap(next);
  }
  uint64_t b = S::bits(part.empty() ? 0.0f : part[0]);
  std::memcpy(stg + (D.base - in.out), &b, es);
}

//===----------------------------------------------------------------------===//
// Elementwise binary / scalar families (ops/VectorEval.cpp compute)
//===----------------------------------------------------------------------===//

/// Element loads/stores of one floating type, computed in float (see the
/// file comment for why float gives compute()'s bits). `loadFast` and
/// `storeFast` are branch free (so that loops using them vectorise): exact
/// for every value except that storeFast turns NaN into infinity, which the
/// callers repair.
struct EF32 {
  using Raw = float;
  static float load(Raw v) { return v; }
  static Raw store(float v) { return v; }
  static float loadFast(Raw v) { return v; }
  static Raw storeFast(float v) { return v; }
};
struct EF16 {
  using Raw = uint16_t;
  static float load(Raw v) { return fp::toFloat<5, 10>(v); }
  static Raw store(float v) { return fp::fromDouble<5, 10>(v); }
  /// fp::toFloat<5, 10> with selects (after F. Giesen's half_to_float).
  static float loadFast(Raw h) {
    const uint32_t kExp = 0x7c00u << 13; // the exponent, shifted into place
    uint32_t o = static_cast<uint32_t>(h & 0x7fffu) << 13;
    const uint32_t exp = o & kExp;
    o += (127u - 15u) << 23;
    const uint32_t infNan = o + ((128u - 16u) << 23);
    // Zero / subnormal: set the implicit bit, subtract it as a float.
    const uint32_t sub = bitsOf(floatOf(o + (1u << 23)) - floatOf(113u << 23));
    o = exp == kExp ? infNan : exp == 0 ? sub : o;
    return floatOf(o | static_cast<uint32_t>(h & 0x8000u) << 16);
  }
  /// fp::fromDouble<5, 10> of a float with selects (after F. Giesen's
  /// float_to_half_fast3_rtne); NaN gives infinity.
  static Raw storeFast(float f) {
    uint32_t u = bitsOf(f);
    const uint32_t sign = u & 0x80000000u;
    u ^= sign;
    // Subnormal result: adding 0.5 rounds to a multiple of 2^-24 (nearest
    // even) and leaves the half's bits at the bottom.
    const uint32_t kHalf = 126u << 23;
    const uint32_t sub = bitsOf(floatOf(u) + floatOf(kHalf)) - kHalf;
    // Normal result: rebias, round to nearest even on bit 13.
    const uint32_t norm =
        (u + ((15u - 127u) << 23) + 0xfffu + ((u >> 13) & 1u)) >> 13;
    const uint32_t h = u >= (143u << 23)  ? 0x7c00u // >= 2^16, inf, NaN
                       : u < (113u << 23) ? sub     // < 2^-14
                                          : norm;
    return static_cast<Raw>(h | (sign >> 16));
  }

private:
  static uint32_t bitsOf(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  static float floatOf(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
};

/// a (+ - * /) b without the NaN rule of vm::floatOp.
template <VecOp Op> inline float plainOp(float a, float b) {
  if constexpr (Op == VecOp::Add)
    return a + b;
  else if constexpr (Op == VecOp::Sub)
    return a - b;
  else if constexpr (Op == VecOp::Mul)
    return a * b;
  else
    return a / b;
}

/// Tensor (+ - * /): without the NaN rule the loop has no branch and
/// vectorises. A NaN result comes only from a NaN operand or an invalid
/// operation (inf - inf, 0 / 0, ...): those elements are recomputed with
/// the rule and the exact conversion, from the sources, so `out` must not
/// be one of them (arithFloat handles that case).
/// Stream: float32 with AVX2 only, stored with non-temporal stores
/// (arithF32Avx2Stream).
template <VecOp Op, class E, bool Stream = false>
inline void arithRun(uint64_t n, uint8_t *out, const uint8_t *a,
                     const uint8_t *b) {
  using R = typename E::Raw;
  uint32_t nan = 0;
#if ASCSIM_FAST_AVX2
  if (std::is_same_v<E, EF32> && hostAvx2() && avx2Enabled()) {
    constexpr int kOp = Op == VecOp::Add   ? 0
                        : Op == VecOp::Sub ? 1
                        : Op == VecOp::Mul ? 2
                                           : 3;
    nan = Stream ? fastpath_detail::arithF32Avx2Stream(kOp, n, out, a, b)
                 : fastpath_detail::arithF32Avx2(kOp, n, out, a, b);
  } else
#endif
    for (uint64_t i = 0; i < n; ++i) {
      float r = plainOp<Op>(E::loadFast(ld<R>(a, i)), E::loadFast(ld<R>(b, i)));
      st<R>(out, i, E::storeFast(r));
      nan |= r != r;
    }
  if (!nan)
    return;
  for (uint64_t i = 0; i < n; ++i) {
    float x = E::load(ld<R>(a, i)), y = E::load(ld<R>(b, i));
    if (plainOp<Op>(x, y) != plainOp<Op>(x, y))
      st<R>(out, i, E::store(vm::floatOp<Op, float>(x, y)));
  }
}

/// arithRun into `out`. In place (`out` is a source: a direct instruction,
/// FastPaths.h) the result goes through a 4-KiB buffer a chunk at a time,
/// so that the NaN repair still reads the chunk's sources. Not inlined: GCC
/// does not vectorise the loop inside the large dispatching caller.
template <VecOp Op, class E>
__attribute__((noinline)) void arithFloat(uint64_t n, uint8_t *out,
                                          const uint8_t *a, const uint8_t *b) {
  using R = typename E::Raw;
  if (out != a && out != b)
    return arithRun<Op, E>(n, out, a, b);
  constexpr uint64_t kChunk = 4096 / sizeof(R);
  alignas(64) uint8_t tmp[4096];
  for (uint64_t i = 0; i < n; i += kChunk) {
    const uint64_t c = n - i < kChunk ? n - i : kChunk, off = i * sizeof(R);
    arithRun<Op, E>(c, tmp, a + off, b + off);
    std::memcpy(out + off, tmp, c * sizeof(R));
  }
}

template <VecOp Op, class E>
void elemFloat(uint64_t n, uint8_t *out, const uint8_t *a, const uint8_t *b,
               float s) {
  using R = typename E::Raw;
  if constexpr (Op == VecOp::Add || Op == VecOp::Sub || Op == VecOp::Mul ||
                Op == VecOp::Div)
    if (b)
      return arithFloat<Op, E>(n, out, a, b);
  if (b)
    for (uint64_t i = 0; i < n; ++i)
      st<R>(out, i,
            E::store(vm::floatOp<Op, float>(E::load(ld<R>(a, i)),
                                            E::load(ld<R>(b, i)))));
  else
    for (uint64_t i = 0; i < n; ++i)
      st<R>(out, i, E::store(vm::floatOp<Op, float>(E::load(ld<R>(a, i)), s)));
}

template <VecOp Op, class T>
__attribute__((noinline)) // vectorised on its own (see arithFloat)
void elemInt(uint64_t n, uint8_t *out, const uint8_t *a, const uint8_t *b,
             T s) {
  if (b)
    for (uint64_t i = 0; i < n; ++i)
      st<T>(out, i, vm::intOp<Op, T>(ld<T>(a, i), ld<T>(b, i)));
  else
    for (uint64_t i = 0; i < n; ++i)
      st<T>(out, i, vm::intOp<Op, T>(ld<T>(a, i), s));
}

template <VecOp Op>
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
    if constexpr (Op == VecOp::Div)
      return false;
    else
      elemInt<Op, int16_t>(n, out, a, b, static_cast<int16_t>(scalar));
    return true;
  case DType::I32:
    if constexpr (Op == VecOp::Div)
      return false;
    else
      elemInt<Op, int32_t>(n, out, a, b, static_cast<int32_t>(scalar));
    return true;
  default:
    return false;
  }
}

} // namespace

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

namespace {

/// The tensor-scalar ops (one source tensor and in.scalar).
bool scalarOp(VecOp op) {
  return op == VecOp::Adds || op == VecOp::Muls || op == VecOp::Maxs ||
         op == VecOp::Mins;
}

/// fastElementwise's form: an op and element type it has a loop for,
/// contiguous operands, every element enabled, the written bytes exactly
/// the destination's elements (in.out, in.stagingBytes), and every source
/// either disjoint from the destination or exactly it (in place).
bool elementwiseForm(const VecInstr &in) {
  if (in.isCopy || !in.dense || in.dt != in.st || in.atomic != AtomicKind::None)
    return false;
  const bool scalar = scalarOp(in.op);
  const bool binary = in.op == VecOp::Add || in.op == VecOp::Sub ||
                      in.op == VecOp::Mul || in.op == VecOp::Div ||
                      in.op == VecOp::Max || in.op == VecOp::Min;
  if (!scalar && !binary)
    return false;
  const bool isFloat = in.dt == DType::F32 || in.dt == DType::F16;
  const bool isInt = in.dt == DType::I16 || in.dt == DType::I32;
  if (!isFloat && !(isInt && in.op != VecOp::Div))
    return false;
  const VecOperand &D = in.operand(Role::Dst);
  const VecOperand &A = in.operand(Role::Src0);
  const VecOperand &B = in.operand(Role::Src1);
  const uint32_t es = dtypeSize(in.dt);
  if (!fullMask(in) || D.es != es || A.es != es || !contiguous(in, D) ||
      !contiguous(in, A) || (!scalar && (B.es != es || !contiguous(in, B))))
    return false;
  const uint64_t bytes = elementCount(in) * es;
  if (in.out != D.base || in.stagingBytes != bytes)
    return false;
  auto ok = [&](const VecOperand &o) {
    return o.base == D.base || disjoint(o.base, bytes, D.base, bytes);
  };
  return ok(A) && (scalar || ok(B));
}

/// The elementwiseForm instruction's result into `out` (its staging buffer,
/// or its destination itself). Element i reads element i of each source
/// before element i of `out` is written (arithFloat's chunks keep that for
/// the NaN repair), so the result is the one of the sources as they were,
/// in place included.
void runElementwise(const VecInstr &in, uint8_t *out) {
  const uint8_t *b = scalarOp(in.op) ? nullptr : in.operand(Role::Src1).base;
  vm::withElementOp(in.op, false, [&](auto k) {
    return elemTyped<decltype(k)::value>(in.dt, elementCount(in), out,
                                         in.operand(Role::Src0).base, b,
                                         in.scalar);
  });
}

/// runElementwise with the sources read from `a` and `b` (a copy of its
/// loops: one taking the sources as arguments made the common call's code
/// ~15 Ir slower).
void runElementwiseFrom(const VecInstr &in, uint8_t *out, const uint8_t *a,
                        const uint8_t *b) {
  if (scalarOp(in.op))
    b = nullptr;
  vm::withElementOp(in.op, false, [&](auto k) {
    return elemTyped<decltype(k)::value>(in.dt, elementCount(in), out, a, b,
                                         in.scalar);
  });
}

} // namespace

bool fastElementwise(const VecInstr &in, uint8_t *staging) {
  if (!fastPathsEnabled() || !elementwiseForm(in))
    return false;
  runElementwise(in, staging); // writes every staging byte
  return true;
}

bool elementwiseDirect(const VecInstr &in) {
  return fastPathsEnabled() && elementwiseForm(in);
}

void evaluateElementwiseDirect(const VecInstr &in) {
  runElementwise(in, in.out);
}

void evaluateElementwiseDirect(const VecInstr &in, const uint8_t *src0,
                               const uint8_t *src1) {
  runElementwiseFrom(in, in.out, src0, src1);
}

void evaluateElementwisePart(const VecInstr &in, uint8_t *out,
                             const uint8_t *src0, const uint8_t *src1,
                             uint64_t off, uint64_t n) {
  const uint8_t *b = scalarOp(in.op) ? nullptr : src1 + off;
  vm::withElementOp(in.op, false, [&](auto k) {
    return elemTyped<decltype(k)::value>(in.dt, n / dtypeSize(in.dt), out,
                                         src0 + off, b, in.scalar);
  });
}

bool evaluateElementwisePartStreamed(const VecInstr &in, uint8_t *out,
                                     const uint8_t *src0, const uint8_t *src1,
                                     uint64_t off, uint64_t n) {
#if ASCSIM_FAST_AVX2
  if (in.dt != DType::F32 || scalarOp(in.op) || !hostAvx2() || !avx2Enabled())
    return false;
  return vm::withElementOp(in.op, false, [&](auto k) {
    constexpr VecOp Op = decltype(k)::value;
    if constexpr (Op == VecOp::Add || Op == VecOp::Sub || Op == VecOp::Mul ||
                  Op == VecOp::Div) {
      arithRun<Op, EF32, true>(n / 4, out, src0 + off, src1 + off);
      return true;
    } else {
      return false;
    }
  });
#else
  (void)in, (void)out, (void)src0, (void)src1, (void)off, (void)n;
  return false;
#endif
}

} // namespace ascsim
