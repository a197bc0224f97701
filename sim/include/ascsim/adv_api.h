//===- ascsim/adv_api.h - The advanced API from basic instructions -*- C++ -*-===//
//
// SoftMax, RmsNorm, AscendQuant and the math library of the Ascend C
// advanced API (pyasc's asc.adv), built the way the Ascend C library builds
// them: every function is a sequence of basic vector instructions
// (ascsim/vector_api.h) working in the temp buffer it is given, so the
// timing model, the trace and the race, bounds and initialisation checks see
// each instruction. Half data is widened to float32, computed, and rounded
// once at the end. A temp buffer smaller than a function's minimum is an
// error naming the minimum (the Python helpers asc.adv.get_*_tmp_size give
// the same numbers; python/test/adv checks both sides).
//
// The formulas (range reductions, series, the Abramowitz-Stegun erf) and the
// accuracy they reach are in docs/accuracy.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_ADV_API_H
#define ASCSIM_ADV_API_H

#include "ascsim/api.h"
#include "ascsim/framework.h"
#include "ascsim/sort_abi.h"
#include "ascsim/vector_api.h"

namespace AscendC {

#define ASCSIM_LOC ::ascsim::Loc loc = ::ascsim::here()

namespace ascsim_adv {

using F = LocalTensor<float>;

[[noreturn]] inline void tooSmall(const char *api, uint32_t have,
                                  uint32_t need, ::ascsim::Loc loc) {
  ::ascsim::faultf("bounds", loc,
                   "%s: the temp buffer holds %u bytes, but at least %u "
                   "are needed (asc.adv.get_%s_tmp_size gives the minimum "
                   "and the size that needs no chunking)",
                   api, have, need, api);
}

/// The tiling of `api` does not fit, for the reason `format` words.
[[noreturn]] __attribute__((format(printf, 3, 4))) inline void
badTiling(const char *api, ::ascsim::Loc loc, const char *format, ...) {
  __builtin_va_list args;
  __builtin_va_start(args, format);
  const ::ascsim::Text why = ::ascsim::vtextf(format, args);
  __builtin_va_end(args);
  ::ascsim::faultf("argument", loc, "%s: the tiling does not fit: %s", api,
                   why.str);
}

inline uint32_t upTo(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }

/// The `count` elements must lie in `tensor` (checked before the chunk size
/// is rounded up: a negative count arrives as a huge uint32_t, which would
/// round to a chunk of 0 and loop forever).
template <typename T>
inline void checkCount(const char *api, uint32_t count,
                       const LocalTensor<T> &tensor, const char *name,
                       ::ascsim::Loc loc) {
  const uint32_t size = tensor.GetSize();
  if (count <= size)
    return;
  if (static_cast<int32_t>(count) < 0)
    ::ascsim::faultf("bounds", loc,
                     "asc.adv.%s: count = %d is negative; pass the number "
                     "of elements to process",
                     api, static_cast<int32_t>(count));
  ::ascsim::faultf("bounds", loc,
                   "asc.adv.%s: count = %u, but '%s' holds only %u elements",
                   api, count, name, size);
}

/// Float views of the temp buffer: `k` buffers of `n` floats from byte 0.
inline F buf(const LocalTensor<uint8_t> &tmp, uint32_t k, uint32_t n) {
  F all = tmp.template ReinterpretCast<float>();
  F b = all[k * n];
  b.SetSize(n);
  return b;
}

//===----------------------------------------------------------------------===//
// Building blocks (count forms of the basic instructions)
//===----------------------------------------------------------------------===//

/// out = clamp(x, lo, hi) (NaN stays NaN).
inline void clamp(const F &out, const F &x, float lo, float hi, uint32_t n,
                  ::ascsim::Loc loc) {
  Maxs(out, x, lo, n, loc);
  Mins(out, out, hi, n, loc);
}

/// out = sign(x) in {-1, -0, +0, 1} (NaN for NaN); uses t.
inline void sign(const F &out, const F &x, const F &t, uint32_t n,
                 ::ascsim::Loc loc) {
  clamp(out, x, -1.0f, 1.0f, n, loc);
  Abs(t, out, n, loc);
  Maxs(t, t, 1.4e-45f, n, loc);
  Div(out, out, t, n, loc);
}

/// out = |v| with the sign of x, for the odd functions whose formula drops
/// the sign where the result is 0: e^x - e^-x and ln 1 of x = -0.0, and of
/// the negative x whose e^x or (1 + x) / (1 - x) rounds to exactly 1.
/// |v| sign(x) (sign(-0.0) is -0.0; a NaN stays NaN). Writes v and t; `out`
/// may be x (x is read only by the first instruction that writes out).
inline void withSignOf(const F &out, const F &v, const F &x, const F &t,
                       uint32_t n, ::ascsim::Loc loc) {
  Abs(v, v, n, loc);
  sign(out, x, t, n, loc);
  Mul(out, out, v, n, loc);
}

/// out = p(z) by Horner, coefficients c[0] + c[1] z + ... (highest last).
inline void horner(const F &out, const F &z, const float *c, int deg,
                   uint32_t n, ::ascsim::Loc loc) {
  Duplicate(out, c[deg], static_cast<int32_t>(n), loc);
  for (int i = deg - 1; i >= 0; --i) {
    Mul(out, out, z, n, loc);
    Adds(out, out, c[i], n, loc);
  }
}

/// r = x - k 2pi (Cody-Waite, three parts) into `r`, clamped to [-4, 4];
/// uses t0 and `tmp`. With `zeroSign`, r keeps the sign of a zero x: k of
/// -0.0 is -0.0 and x - k C then +0.0, so k's zero is made +0.0 first.
inline void reduce2Pi(const F &r, const F &x, const F &t0, const F &tmp,
                      bool zeroSign, uint32_t n, ::ascsim::Loc loc) {
  Muls(t0, x, 0.15915493667125702f, n, loc);
  Cast(t0, t0, RoundMode::CAST_ROUND, n, loc); // k
  if (zeroSign)
    Adds(t0, t0, 0.0f, n, loc); // -0 + 0 = +0; any other k is unchanged
  Muls(r, t0, 6.28125f, n, loc);
  Sub(r, x, r, n, loc);
  Muls(tmp, t0, 0.0019353071693331003f, n, loc);
  Sub(r, r, tmp, n, loc);
  Muls(tmp, t0, 1.0253131677018246e-11f, n, loc);
  Sub(r, r, tmp, n, loc);
  // Beyond |x| ~ 1e4 k C1 is inexact and r can be far outside [-pi, pi],
  // where the series diverges (cos(3e9) gave 1e23, sin(1e30) -inf). The
  // bits are lost either way; clamping keeps the result a sine or cosine.
  // |r| <= pi + tiny otherwise, so accurate arguments are untouched.
  clamp(r, r, -4.0f, 4.0f, n, loc);
}

/// out = p(r2) = sin(r) / r (the Taylor series to r^19 over r) of r2 = r^2.
inline void sinOverR(const F &out, const F &r2, uint32_t n, ::ascsim::Loc loc) {
  static const float kSin[] = {1.0f,
                               -1.0f / 6,
                               1.0f / 120,
                               -1.0f / 5040,
                               1.0f / 362880,
                               -1.0f / 39916800,
                               1.0f / 6227020800.0f,
                               -1.0f / 1307674368000.0f,
                               1.0f / 355687428096000.0f,
                               -1.0f / 121645100408832000.0f};
  horner(out, r2, kSin, 9, n, loc);
}

/// out = sin(r) = r p(r^2) of a reduced r; uses t0.
inline void sinSeries(const F &out, const F &r, const F &t0, uint32_t n,
                      ::ascsim::Loc loc) {
  Mul(t0, r, r, n, loc); // r^2
  sinOverR(out, t0, n, loc);
  Mul(out, out, r, n, loc);
}

/// sin (wantSin) or cos of x: reduce2Pi, then the Taylor series in r^2 on
/// [-pi, pi]. Writes `out`; uses t0, t1.
inline void sinCos(const F &out, const F &x, const F &t0, const F &t1,
                   bool wantSin, uint32_t n, ::ascsim::Loc loc) {
  reduce2Pi(t1, x, t0, out, wantSin, n, loc);
  if (wantSin)
    return sinSeries(out, t1, t0, n, loc);
  Mul(t0, t1, t1, n, loc); // r^2
  static const float kCos[] = {1.0f,
                               -1.0f / 2,
                               1.0f / 24,
                               -1.0f / 720,
                               1.0f / 40320,
                               -1.0f / 3628800,
                               1.0f / 479001600,
                               -1.0f / 87178291200.0f,
                               1.0f / 20922789888000.0f,
                               -1.0f / 6402373705728000.0f,
                               1.0f / 2432902008176640000.0f};
  horner(out, t0, kCos, 10, n, loc);
}

/// out = atan(x) for any x: two half-angle steps y = x / (1 + sqrt(1 +
/// x^2)) bring |y| below tan(pi/8), then the series to y^15, times 4.
/// Uses t0..t2.
inline void atan(const F &out, const F &x, const F &t0, const F &t1,
                 const F &t2, uint32_t n, ::ascsim::Loc loc) {
  clamp(t0, x, -1e18f, 1e18f, n, loc);
  for (int step = 0; step < 2; ++step) {
    Mul(t1, t0, t0, n, loc);
    Adds(t1, t1, 1.0f, n, loc);
    Sqrt(t1, t1, n, loc);
    Adds(t1, t1, 1.0f, n, loc);
    Div(t0, t0, t1, n, loc);
  }
  Mul(t1, t0, t0, n, loc);
  static const float kAtan[] = {1.0f,        -1.0f / 3,  1.0f / 5,
                                -1.0f / 7,   1.0f / 9,   -1.0f / 11,
                                1.0f / 13,   -1.0f / 15};
  horner(t2, t1, kAtan, 7, n, loc);
  Mul(t2, t2, t0, n, loc);
  Muls(out, t2, 4.0f, n, loc);
}

/// out = ln(x + sqrt(x^2 + c)) (c = 1: asinh of x >= 0, -1: acosh),
/// without overflow: x is capped at 1e18 and ln(x / cap) added back; x
/// below -1 becomes -1 (acosh: NaN, as for every x < 1).
inline void logSqrt(const F &out, const F &x, float c, const F &t0,
                    const F &t1, uint32_t n, ::ascsim::Loc loc) {
  clamp(t0, x, -1.0f, 1e18f, n, loc);
  Mul(t1, t0, t0, n, loc);
  Adds(t1, t1, c, n, loc);
  Sqrt(t1, t1, n, loc);
  Add(t1, t1, t0, n, loc);
  Ln(t1, t1, n, loc);
  Maxs(t0, x, 1e18f, n, loc);
  Muls(t0, t0, 1e-18f, n, loc);
  Ln(t0, t0, n, loc);
  Add(out, t1, t0, n, loc);
}

/// erf(x) (wantErfc false) or erfc(x): Abramowitz-Stegun 7.1.26 on |x|,
/// sign restored (erf: the Taylor series below |x| = 1/4). Uses t0..t3.
inline void erf(const F &out, const F &x, bool wantErfc, const F &t0,
                const F &t1, const F &t2, const F &t3, uint32_t n,
                ::ascsim::Loc loc) {
  clamp(t3, x, -10.0f, 10.0f, n, loc);
  Abs(t0, t3, n, loc);
  Muls(t1, t0, 0.3275911f, n, loc);
  Adds(t1, t1, 1.0f, n, loc);
  Duplicate(t2, 1.0f, static_cast<int32_t>(n), loc);
  Div(t1, t2, t1, n, loc); // t
  static const float kA[] = {0.0f, 0.254829592f, -0.284496736f, 1.421413741f,
                             -1.453152027f, 1.061405429f};
  horner(t2, t1, kA, 5, n, loc); // poly(t)
  Mul(t0, t0, t0, n, loc);
  Muls(t0, t0, -1.0f, n, loc);
  Exp(t0, t0, n, loc);
  Mul(t2, t2, t0, n, loc); // erfc(|x|)
  sign(t1, t3, t0, n, loc);
  // erf = s (1 - q); erfc = 1 - s (1 - q)
  Muls(t2, t2, -1.0f, n, loc);
  Adds(t2, t2, 1.0f, n, loc);
  if (!wantErfc) {
    // Near 0, 1 - q cancels to A-S's absolute error (float16 erf(4.2e-7)
    // was 3.0e-7): below |x| = 1/4 the Taylor series to x^9 instead,
    // chosen without a mask: step = floor(min(4|x|, 1)) is 0 or 1, and
    // A-S step + series (1 - step) is exactly one of them. A-S is signed
    // before it is scaled, so that erf(-0.0) is -0.0 + -0.0.
    static const float kE[] = {1.1283791670955126f, -0.37612638903183754f,
                               0.11283791670955126f, -0.026866170645131252f,
                               0.005223977625442188f};
    Mul(t2, t2, t1, n, loc); // A-S, signed
    Abs(t1, t3, n, loc);
    Muls(t1, t1, 4.0f, n, loc);
    Mins(t1, t1, 1.0f, n, loc);
    Cast(t1, t1, RoundMode::CAST_FLOOR, n, loc); // step
    Mul(t2, t2, t1, n, loc);
    Muls(t1, t1, -1.0f, n, loc);
    Adds(t1, t1, 1.0f, n, loc); // 1 - step
    clamp(t0, t3, -0.25f, 0.25f, n, loc);
    Mul(t3, t0, t0, n, loc);
    horner(out, t3, kE, 4, n, loc); // x is not read any more
    Mul(out, out, t0, n, loc);
    Mul(out, out, t1, n, loc);
    Add(out, out, t2, n, loc);
    return;
  }
  Mul(t2, t2, t1, n, loc);
  Muls(t2, t2, -1.0f, n, loc);
  Adds(out, t2, 1.0f, n, loc);
}

/// out = x > 0 ? a : b (count a multiple of 64); m: selection bits.
inline void selectPositive(const F &out, const F &x, const F &a, const F &b,
                           const LocalTensor<uint8_t> &m, uint32_t n,
                           ::ascsim::Loc loc) {
  CompareScalar(m, x, 0.0f, CMPMODE::GT, n, loc);
  Select(out, m, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, n, loc);
}

/// sin(pi x) and cos(pi x), exactly reduced: k = round(x), r = x - k in
/// [-1/2, 1/2] (exact), then (-1)^k sin(pi r) and (-1)^k cos(pi r), so that
/// sin(pi k) is exactly 0. Uses t0..t3.
inline void sinCosPi(const F &s, const F &c, const F &x, const F &t0,
                     const F &t1, const F &t2, const F &t3, uint32_t n,
                     ::ascsim::Loc loc) {
  Cast(t3, x, RoundMode::CAST_ROUND, n, loc); // k
  Sub(t2, x, t3, n, loc);
  Muls(t2, t2, 3.14159265358979f, n, loc); // theta in [-pi/2, pi/2]
  Muls(t3, t3, 0.5f, n, loc);               // (-1)^k = 1 - 4 |k/2 - trunc(k/2)|
  Cast(t0, t3, RoundMode::CAST_TRUNC, n, loc);
  Sub(t3, t3, t0, n, loc);
  Abs(t3, t3, n, loc);
  Muls(t3, t3, -4.0f, n, loc);
  Adds(t3, t3, 1.0f, n, loc);
  sinCos(s, t2, t0, t1, true, n, loc);
  sinCos(c, t2, t0, t1, false, n, loc);
  Mul(s, s, t3, n, loc);
  Mul(c, c, t3, n, loc);
}

/// lgamma (wantLgamma) or digamma of z > 0: shift by 6, then the
/// asymptotic series. Uses t0..t2.
inline void gammaPos(const F &out, const F &z, bool wantLgamma, const F &t0,
                     const F &t1, const F &t2, uint32_t n,
                     ::ascsim::Loc loc) {
  Adds(t0, z, 6.0f, n, loc); // y
  Duplicate(t1, 1.0f, static_cast<int32_t>(n), loc);
  Div(t1, t1, t0, n, loc); // 1/y
  Mul(t2, t1, t1, n, loc); // 1/y^2
  if (wantLgamma) {
    // (y - 0.5) ln y - y + ln(2 pi)/2 + (1/y)(1/12 - w/360 + w^2/1260)
    static const float kL[] = {1.0f / 12, -1.0f / 360, 1.0f / 1260};
    horner(out, t2, kL, 2, n, loc);
    Mul(out, out, t1, n, loc);
    Ln(t1, t0, n, loc);
    Adds(t2, t0, -0.5f, n, loc);
    Mul(t1, t1, t2, n, loc);
    Sub(t1, t1, t0, n, loc);
    Add(out, out, t1, n, loc);
    Adds(out, out, 0.91893853320467274f, n, loc);
    for (int i = 0; i < 6; ++i) { // - sum ln(z + i)
      Adds(t0, z, static_cast<float>(i), n, loc);
      Ln(t0, t0, n, loc);
      Sub(out, out, t0, n, loc);
    }
    return;
  }
  // ln y - 1/(2y) - w (1/12 - w/120 + w^2/252 - w^3/240)
  static const float kD[] = {1.0f / 12, -1.0f / 120, 1.0f / 252,
                             -1.0f / 240};
  horner(out, t2, kD, 3, n, loc);
  Mul(out, out, t2, n, loc);
  Muls(t1, t1, 0.5f, n, loc);
  Add(out, out, t1, n, loc);
  Ln(t1, t0, n, loc);
  Sub(out, t1, out, n, loc);
  for (int i = 0; i < 6; ++i) { // - sum 1/(z + i)
    Adds(t0, z, static_cast<float>(i), n, loc);
    Duplicate(t1, 1.0f, static_cast<int32_t>(n), loc);
    Div(t0, t1, t0, n, loc);
    Sub(out, out, t0, n, loc);
  }
}

//===----------------------------------------------------------------------===//
// The unary functions
//===----------------------------------------------------------------------===//

enum class Fn {
  Acos, Acosh, Asin, Asinh, Atan, Atanh, Ceil, Cos, Cosh, Digamma, Erf,
  Erfc, Floor, Frac, Lgamma, Log, Round, Sign, Sin, Sinh, Tan, Tanh, Trunc,
  Exp
};

/// Float buffers a function needs beyond its input (half data: +1 for the
/// widened input), and whether it selects (then the chunk is a multiple of
/// 64 and 8 more mask bytes per 64 elements follow the buffers).
inline uint32_t buffers(Fn f) {
  switch (f) {
  case Fn::Ceil: case Fn::Floor: case Fn::Round: case Fn::Trunc:
  case Fn::Log:
    return 0;
  case Fn::Frac:
    return 1;
  case Fn::Sign: case Fn::Sinh: case Fn::Cosh: case Fn::Atanh:
    return 2;
  case Fn::Tanh: case Fn::Acosh: case Fn::Cos: case Fn::Sin:
    return 3;
  case Fn::Exp: case Fn::Atan: case Fn::Asin: case Fn::Acos: case Fn::Asinh:
  case Fn::Tan:
    return 4;
  case Fn::Erf: case Fn::Erfc:
    return 4;
  case Fn::Lgamma: case Fn::Digamma:
    return 7;
  }
  return 0;
}
inline bool selects(Fn f) { return f == Fn::Lgamma || f == Fn::Digamma; }

/// out = f(x) on n floats (n a multiple of 64 for selecting functions);
/// t: the function's buffers, m: the mask bytes. `out` is written last.
inline void eval(Fn f, const F &out, const F &x, const F *t,
                 const LocalTensor<uint8_t> &m, uint32_t n, int level,
                 ::ascsim::Loc loc) {
  switch (f) {
  case Fn::Ceil:
    return Cast(out, x, RoundMode::CAST_CEIL, n, loc);
  case Fn::Floor:
    return Cast(out, x, RoundMode::CAST_FLOOR, n, loc);
  case Fn::Round:
    return Cast(out, x, RoundMode::CAST_ROUND, n, loc);
  case Fn::Trunc:
    return Cast(out, x, RoundMode::CAST_TRUNC, n, loc);
  case Fn::Frac:
    Cast(t[0], x, RoundMode::CAST_TRUNC, n, loc);
    return Sub(out, x, t[0], n, loc);
  case Fn::Log:
    return Ln(out, x, n, loc);
  case Fn::Sign: // + 0: sign(-0.0) is +0.0, as numpy.sign gives
    sign(t[0], x, t[1], n, loc);
    return Adds(out, t[0], 0.0f, n, loc);
  case Fn::Exp: {
    if (level == 0)
      return Exp(out, x, n, loc);
    clamp(t[0], x, -110.0f, 90.0f, n, loc);
    Cast(t[1], t[0], RoundMode::CAST_FLOOR, n, loc);
    Sub(t[0], t[0], t[1], n, loc); // fraction in [0, 1)
    Exp(t[1], t[1], n, loc);       // e^floor
    float c[31];
    float fact = 1.0f;
    for (int k = 0; k <= level; ++k) {
      if (k > 0)
        fact *= static_cast<float>(k);
      c[k] = 1.0f / fact;
    }
    horner(t[2], t[0], c, level, n, loc);
    return Mul(out, t[1], t[2], n, loc);
  }
  case Fn::Tanh: // (1 - e^-2x) / (1 + e^-2x) on x clamped to [-20, 20]
    clamp(t[0], x, -20.0f, 20.0f, n, loc);
    Muls(t[0], t[0], -2.0f, n, loc);
    Exp(t[0], t[0], n, loc);
    Muls(t[1], t[0], -1.0f, n, loc);
    Adds(t[1], t[1], 1.0f, n, loc);
    Adds(t[0], t[0], 1.0f, n, loc);
    Div(t[0], t[1], t[0], n, loc);
    return withSignOf(out, t[0], x, t[1], n, loc);
  case Fn::Sinh:
  case Fn::Cosh: // e^(x - ln2) -/+ e^(-x - ln2)
    Adds(t[0], x, -0.6931471805599453f, n, loc);
    Exp(t[0], t[0], n, loc);
    Muls(t[1], x, -1.0f, n, loc);
    Adds(t[1], t[1], -0.6931471805599453f, n, loc);
    Exp(t[1], t[1], n, loc);
    if (f == Fn::Cosh)
      return Add(out, t[0], t[1], n, loc);
    Sub(t[0], t[0], t[1], n, loc);
    return withSignOf(out, t[0], x, t[1], n, loc);
  case Fn::Atanh: // ln((1 + x) / (1 - x)) / 2
    Adds(t[0], x, 1.0f, n, loc);
    Muls(t[1], x, -1.0f, n, loc);
    Adds(t[1], t[1], 1.0f, n, loc);
    Div(t[0], t[0], t[1], n, loc);
    Ln(t[0], t[0], n, loc);
    Muls(t[0], t[0], 0.5f, n, loc);
    return withSignOf(out, t[0], x, t[1], n, loc);
  case Fn::Asinh: // sign(x) ln(|x| + sqrt(x^2 + 1))
    Abs(t[2], x, n, loc);
    logSqrt(t[2], t[2], 1.0f, t[0], t[1], n, loc);
    sign(t[0], x, t[1], n, loc);
    return Mul(out, t[2], t[0], n, loc);
  case Fn::Acosh:
    logSqrt(t[2], x, -1.0f, t[0], t[1], n, loc);
    return Muls(out, t[2], 1.0f, n, loc);
  case Fn::Atan:
    return atan(out, x, t[0], t[1], t[2], n, loc);
  case Fn::Asin: // atan(x / sqrt((1 - x)(1 + x)))
    Muls(t[3], x, -1.0f, n, loc);
    Adds(t[3], t[3], 1.0f, n, loc);
    Adds(t[0], x, 1.0f, n, loc);
    Mul(t[3], t[3], t[0], n, loc);
    Sqrt(t[3], t[3], n, loc);
    Div(t[3], x, t[3], n, loc);
    return atan(out, t[3], t[0], t[1], t[2], n, loc);
  case Fn::Acos: // 2 atan(sqrt((1 - x) / (1 + x)))
    Muls(t[3], x, -1.0f, n, loc);
    Adds(t[3], t[3], 1.0f, n, loc);
    Adds(t[0], x, 1.0f, n, loc);
    Div(t[3], t[3], t[0], n, loc);
    Sqrt(t[3], t[3], n, loc);
    atan(t[3], t[3], t[0], t[1], t[2], n, loc);
    return Muls(out, t[3], 2.0f, n, loc);
  case Fn::Sin:
  case Fn::Cos:
    sinCos(t[2], x, t[0], t[1], f == Fn::Sin, n, loc);
    return Muls(out, t[2], 1.0f, n, loc);
  case Fn::Tan:
    // sin r / cos r with cos r = sin(pi/2 - |r|), pi/2 in two parts: near
    // the poles pi/2 - |r| is exact (Sterbenz), so cos keeps its relative
    // accuracy there (the cos series' absolute error was a relative error
    // of tan: 3e-5 at 1.5693).
    reduce2Pi(t[1], x, t[0], t[2], true, n, loc);
    sinSeries(t[2], t[1], t[0], n, loc);
    Abs(t[1], t[1], n, loc);
    Muls(t[1], t[1], -1.0f, n, loc);
    Adds(t[1], t[1], 1.5707963705062866f, n, loc);   // float(pi/2)
    Adds(t[1], t[1], -4.371139000186243e-8f, n, loc); // pi/2 - float(pi/2)
    sinSeries(t[3], t[1], t[0], n, loc);
    return Div(out, t[2], t[3], n, loc);
  case Fn::Erf:
  case Fn::Erfc:
    return erf(out, x, f == Fn::Erfc, t[0], t[1], t[2], t[3], n, loc);
  case Fn::Lgamma:
  case Fn::Digamma: {
    const bool lg = f == Fn::Lgamma;
    // z = x > 0 ? x : 1 - x; g = gammaPos(z)
    Muls(t[3], x, -1.0f, n, loc);
    Adds(t[3], t[3], 1.0f, n, loc);
    selectPositive(t[3], x, x, t[3], m, n, loc);
    Mins(t[3], t[3], 1e37f, n, loc); // lgamma(1e37) overflows: inf stays inf
    gammaPos(t[4], t[3], lg, t[0], t[1], t[2], n, loc);
    // reflection for x <= 0: lgamma: ln(pi / |sin(pi x)|) - g;
    // digamma: g - pi cos(pi x) / sin(pi x)
    if (lg) {
      // sin(pi x) = +-pi r p(theta^2), r = x - round(x) (exact), theta =
      // pi r, p = sin(theta) / theta: ln(pi / |sin(pi x)|) = -ln|r| - ln p.
      // No product with r: pi r of a subnormal r has a few bits
      // (lgamma(-1.4e-45) was 103.325, not 103.279); no overflow either.
      Cast(t[5], x, RoundMode::CAST_ROUND, n, loc);
      Sub(t[5], x, t[5], n, loc); // r
      Muls(t[0], t[5], 3.14159265358979f, n, loc);
      Mul(t[0], t[0], t[0], n, loc); // theta^2
      sinOverR(t[6], t[0], n, loc);
      Ln(t[6], t[6], n, loc);
      Abs(t[5], t[5], n, loc);
      Ln(t[5], t[5], n, loc);
      Add(t[5], t[5], t[6], n, loc);
      Muls(t[5], t[5], -1.0f, n, loc);
      Sub(t[5], t[5], t[4], n, loc);
    } else {
      sinCosPi(t[5], t[6], x, t[0], t[1], t[2], t[3], n, loc);
      Div(t[5], t[6], t[5], n, loc);
      Muls(t[5], t[5], 3.14159265358979f, n, loc);
      Sub(t[5], t[4], t[5], n, loc);
    }
    return selectPositive(out, x, t[4], t[5], m, n, loc);
  }
  }
}

/// Float buffers of function f on T: the function's own, plus the input
/// and result for half data and for the selecting functions (which run on
/// whole 64-element repeats: Compare works on 256 bytes).
template <typename T> inline uint32_t numBuffers(Fn f) {
  return buffers(f) + (sizeof(T) == 2 || selects(f) ? 2 : 0);
}

/// The minimum temp bytes of function f on T (one 64-element chunk).
template <typename T> inline uint32_t minTmp(Fn f) {
  uint32_t bytes = numBuffers<T>(f) * 64 * 4 + (selects(f) ? 8 : 0);
  return bytes == 0 ? 0 : upTo(bytes, 32);
}

template <typename T>
inline void unary(Fn f, const char *api, const LocalTensor<T> &dst,
                  const LocalTensor<T> &src,
                  const LocalTensor<uint8_t> &tmp, uint32_t count, int level,
                  ::ascsim::Loc loc) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                "the math library takes half or float");
  checkCount(api, count, dst, "dst", loc);
  checkCount(api, count, src, "src", loc);
  const uint32_t need = minTmp<T>(f);
  const uint32_t have = tmp.GetSize();
  if (have < need)
    tooSmall(api, have, need, loc);
  if (count == 0)
    return;
  const uint32_t k = numBuffers<T>(f);
  const bool staged = sizeof(T) == 2 || selects(f); // x, out in temps
  uint32_t chunk = count;
  if (k != 0) { // floats per buffer: a multiple of 64 that fits
    uint32_t per = k * 4 * 8 + (selects(f) ? 1 : 0); // bits per element
    chunk = static_cast<uint32_t>(uint64_t(have) * 8 / per) / 64 * 64;
    if (chunk > upTo(count, 64))
      chunk = upTo(count, 64);
  }
  F t[9];
  for (uint32_t i = 0; i < k; ++i)
    t[i] = buf(tmp, i, chunk);
  LocalTensor<uint8_t> m = tmp[k * chunk * 4];
  const F *fn = staged ? t + 2 : t;
  F srcF = src.template ReinterpretCast<float>();
  F dstF = dst.template ReinterpretCast<float>();
  for (uint32_t o = 0; o < count; o += chunk) {
    const uint32_t n = count - o < chunk ? count - o : chunk;
    const uint32_t np = selects(f) ? upTo(n, 64) : n;
    if (!staged) {
      eval(f, dstF[o], srcF[o], fn, m, n, level, loc);
      continue;
    }
    const F &x = t[0], &out = t[1];
    if (np != n) // whole repeats: pad with 1 (a harmless argument)
      Duplicate(x, 1.0f, static_cast<int32_t>(np), loc);
    if (sizeof(T) == 2)
      Cast(x, src[o], RoundMode::CAST_NONE, n, loc);
    else
      Muls(x, srcF[o], 1.0f, n, loc);
    eval(f, out, x, fn, m, np, level, loc);
    if (sizeof(T) == 2)
      Cast(dst[o], out, RoundMode::CAST_RINT, n, loc);
    else
      Muls(dstF[o], out, 1.0f, n, loc);
  }
}

} // namespace ascsim_adv

//===----------------------------------------------------------------------===//
// The math library (asc.adv.<name>)
//===----------------------------------------------------------------------===//

#define ASCSIM_ADV_UNARY(NAME, FN, API)                                        \
  template <typename T, bool isReuseSource = false>                            \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const LocalTensor<uint8_t> &sharedTmpBuffer,                \
                   const uint32_t calCount, ASCSIM_LOC) {                      \
    ascsim_adv::unary(ascsim_adv::Fn::FN, API, dst, src, sharedTmpBuffer,     \
                      calCount, 0, loc);                                       \
  }
ASCSIM_ADV_UNARY(Acos, Acos, "acos")
ASCSIM_ADV_UNARY(Acosh, Acosh, "acosh")
ASCSIM_ADV_UNARY(Asin, Asin, "asin")
ASCSIM_ADV_UNARY(Asinh, Asinh, "asinh")
ASCSIM_ADV_UNARY(Atan, Atan, "atan")
ASCSIM_ADV_UNARY(Atanh, Atanh, "atanh")
ASCSIM_ADV_UNARY(Ceil, Ceil, "ceil")
ASCSIM_ADV_UNARY(Cos, Cos, "cos")
ASCSIM_ADV_UNARY(Cosh, Cosh, "cosh")
ASCSIM_ADV_UNARY(Digamma, Digamma, "digamma")
ASCSIM_ADV_UNARY(Erf, Erf, "erf")
ASCSIM_ADV_UNARY(Erfc, Erfc, "erfc")
ASCSIM_ADV_UNARY(Floor, Floor, "floor")
ASCSIM_ADV_UNARY(Frac, Frac, "frac")
ASCSIM_ADV_UNARY(Lgamma, Lgamma, "lgamma")
ASCSIM_ADV_UNARY(Log, Log, "log")
ASCSIM_ADV_UNARY(Round, Round, "round")
ASCSIM_ADV_UNARY(Sign, Sign, "sign")
ASCSIM_ADV_UNARY(Sin, Sin, "sin")
ASCSIM_ADV_UNARY(Sinh, Sinh, "sinh")
ASCSIM_ADV_UNARY(Tan, Tan, "tan")
ASCSIM_ADV_UNARY(Tanh, Tanh, "tanh")
ASCSIM_ADV_UNARY(Trunc, Trunc, "trunc")
#undef ASCSIM_ADV_UNARY

/// e^x = e^floor(x) * (Taylor polynomial of e^frac(x), degree
/// taylorExpandLevel); level 0: the basic Exp instruction.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
inline void Exp(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                const LocalTensor<uint8_t> &sharedTmpBuffer,
                const uint32_t calCount, ASCSIM_LOC) {
  ascsim_adv::unary(ascsim_adv::Fn::Exp, "exp", dst, src, sharedTmpBuffer,
                    calCount, taylorExpandLevel, loc);
}

/// dst = src0 ^ src1 (C pow rules), in float32: e^(b ln|a|), then the
/// sign of a negative base by the parity of an integral exponent, NaN for
/// a negative base and a non-integral exponent, 1 for b = 0 or a = 1.
template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                  const LocalTensor<T> &src1,
                  const LocalTensor<uint8_t> &sharedTmpBuffer,
                  const uint32_t calCount, ASCSIM_LOC) {
  using ascsim_adv::F;
  const uint32_t k = 6;
  ascsim_adv::checkCount("power", calCount, dst, "dst", loc);
  ascsim_adv::checkCount("power", calCount, src0, "src0", loc);
  ascsim_adv::checkCount("power", calCount, src1, "src1", loc);
  const uint32_t need = k * 256 + 64;
  const uint32_t have = sharedTmpBuffer.GetSize();
  if (have < need)
    ascsim_adv::tooSmall("power", have, need, loc);
  // 6 floats and 2 mask bits per element, the second mask 32-byte aligned:
  // a chunk c takes 24c + upTo(c/8, 32) + c/8 <= 24.25c + 31 bytes, so
  // c = (have - 32) / 24.25 fits (64 at the minimum; dividing by 24.25 and
  // reserving 64 bytes besides gave 0 there, and the loop never advanced).
  uint32_t chunk =
      static_cast<uint32_t>(uint64_t(have - 32) * 4 / 97) / 64 * 64;
  if (chunk > ascsim_adv::upTo(calCount, 64))
    chunk = ascsim_adv::upTo(calCount, 64);
  F t[6];
  for (uint32_t i = 0; i < k; ++i)
    t[i] = ascsim_adv::buf(sharedTmpBuffer, i, chunk);
  LocalTensor<uint8_t> m = sharedTmpBuffer[k * chunk * 4];
  LocalTensor<uint8_t> m2 =
      sharedTmpBuffer[k * chunk * 4 + ascsim_adv::upTo(chunk / 8, 32)];
  const F &a = t[0], &b = t[1], &r = t[2];
  for (uint32_t o = 0; o < calCount; o += chunk) {
    uint32_t n = calCount - o < chunk ? calCount - o : chunk;
    uint32_t np = ascsim_adv::upTo(n, 64);
    if (np != n) {
      Duplicate(a, 1.0f, static_cast<int32_t>(np), loc);
      Duplicate(b, 1.0f, static_cast<int32_t>(np), loc);
    }
    if (sizeof(T) == 2) {
      Cast(a, src0[o], RoundMode::CAST_NONE, n, loc);
      Cast(b, src1[o], RoundMode::CAST_NONE, n, loc);
    } else {
      Muls(a, src0.template ReinterpretCast<float>()[o], 1.0f, n, loc);
      Muls(b, src1.template ReinterpretCast<float>()[o], 1.0f, n, loc);
    }
    Abs(t[3], a, np, loc);
    Ln(t[3], t[3], np, loc);
    Mul(t[3], t[3], b, np, loc);
    Exp(r, t[3], np, loc);
    // t3 = -r where b is an odd integer, else r
    Muls(t[4], b, 0.5f, np, loc);
    Cast(t[5], t[4], RoundMode::CAST_TRUNC, np, loc);
    Compare(m, t[4], t[5], CMPMODE::EQ, np, loc); // b even (or not integral)
    Muls(t[3], r, -1.0f, np, loc);
    Select(t[3], m, r, t[3], SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    Cast(t[5], b, RoundMode::CAST_TRUNC, np, loc);
    Compare(m2, b, t[5], CMPMODE::EQ, np, loc); // b integral
    Select(t[3], m2, t[3], r, SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    // a negative (sign bit set: min(a, 1/a) < 0 also for -0 and -inf): the
    // parity sign
    Duplicate(t[4], 1.0f, static_cast<int32_t>(np), loc);
    Div(t[4], t[4], a, np, loc);
    Min(t[4], t[4], a, np, loc);
    CompareScalar(m, t[4], 0.0f, CMPMODE::LT, np, loc);
    Select(r, m, t[3], r, SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    // a finite and < 0 and b not integral: NaN ((-inf)^b keeps |a|^b, C
    // pow); t5 = a + 0 a is NaN for an infinite a, so the compare fails
    Duplicate(t[4], __builtin_nanf(""), static_cast<int32_t>(np), loc);
    Select(t[4], m2, r, t[4], SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    Muls(t[5], a, 0.0f, np, loc);
    Add(t[5], t[5], a, np, loc);
    CompareScalar(m, t[5], 0.0f, CMPMODE::LT, np, loc);
    Select(r, m, t[4], r, SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    // b == 0 or a == 1: 1
    Duplicate(t[4], 1.0f, static_cast<int32_t>(np), loc);
    CompareScalar(m, b, 0.0f, CMPMODE::EQ, np, loc);
    Select(r, m, t[4], r, SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    CompareScalar(m, a, 1.0f, CMPMODE::EQ, np, loc);
    Select(r, m, t[4], r, SELMODE::VSEL_TENSOR_TENSOR_MODE, np, loc);
    if (sizeof(T) == 2)
      Cast(dst[o], r, RoundMode::CAST_RINT, n, loc);
    else
      Muls(dst.template ReinterpretCast<float>()[o], r, 1.0f, n, loc);
  }
}

/// dst = src0 ^ src1 on 16-bit integers: (a | b) & ~(a & b).
template <typename T, bool isReuseSource = false>
inline void Xor(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                const LocalTensor<T> &src1,
                const LocalTensor<uint8_t> &sharedTmpBuffer,
                const uint32_t calCount, ASCSIM_LOC) {
  static_assert(sizeof(T) == 2, "Xor takes int16_t or uint16_t");
  ascsim_adv::checkCount("xor", calCount, dst, "dst", loc);
  ascsim_adv::checkCount("xor", calCount, src0, "src0", loc);
  ascsim_adv::checkCount("xor", calCount, src1, "src1", loc);
  const uint32_t need = 2 * 256;
  const uint32_t have = sharedTmpBuffer.GetSize();
  if (have < need)
    ascsim_adv::tooSmall("xor", have, need, loc);
  uint32_t chunk = have / 4 / 128 * 128;
  if (chunk > ascsim_adv::upTo(calCount, 128))
    chunk = ascsim_adv::upTo(calCount, 128);
  LocalTensor<T> all = sharedTmpBuffer.template ReinterpretCast<T>();
  LocalTensor<T> t0 = all, t1 = all[chunk];
  for (uint32_t o = 0; o < calCount; o += chunk) {
    uint32_t n = calCount - o < chunk ? calCount - o : chunk;
    Or(t0, src0[o], src1[o], n, loc);
    And(t1, src0[o], src1[o], n, loc);
    Not(t1, t1, n, loc);
    And(dst[o], t0, t1, n, loc);
  }
}

/// The higher-precision Axpy: dst = src * scalar + dst in float32.
template <typename T, typename U, bool isReuseSource = false>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const U scalarValue,
                 const LocalTensor<uint8_t> &sharedTmpBuffer,
                 const uint32_t calCount, ASCSIM_LOC) {
  using ascsim_adv::F;
  const bool half = sizeof(T) == 2;
  ascsim_adv::checkCount("axpy", calCount, dst, "dst", loc);
  ascsim_adv::checkCount("axpy", calCount, src, "src", loc);
  const uint32_t k = half ? 2 : 1;
  const uint32_t need = k * 256;
  const uint32_t have = sharedTmpBuffer.GetSize();
  if (have < need)
    ascsim_adv::tooSmall("axpy", have, need, loc);
  uint32_t chunk = have / (k * 4) / 64 * 64;
  if (chunk > ascsim_adv::upTo(calCount, 64))
    chunk = ascsim_adv::upTo(calCount, 64);
  F t0 = ascsim_adv::buf(sharedTmpBuffer, 0, chunk);
  F t1 = ascsim_adv::buf(sharedTmpBuffer, 1 % k, chunk);
  const float s = static_cast<float>(scalarValue);
  for (uint32_t o = 0; o < calCount; o += chunk) {
    uint32_t n = calCount - o < chunk ? calCount - o : chunk;
    if (half) {
      Cast(t0, src[o], RoundMode::CAST_NONE, n, loc);
      Cast(t1, dst[o], RoundMode::CAST_NONE, n, loc);
      Muls(t0, t0, s, n, loc);
      Add(t1, t1, t0, n, loc);
      Cast(dst[o], t1, RoundMode::CAST_RINT, n, loc);
    } else {
      F d = dst.template ReinterpretCast<float>()[o];
      Muls(t0, src.template ReinterpretCast<float>()[o], s, n, loc);
      Add(d, d, t0, n, loc);
    }
  }
}

/// dst = int8(rint(half(src * scale + offset))), saturated.
template <typename T, bool isReuseSource = false>
inline void AscendQuant(const LocalTensor<int8_t> &dst,
                        const LocalTensor<T> &src,
                        const LocalTensor<uint8_t> &sharedTmpBuffer,
                        const float scale, const float offset,
                        const uint32_t calCount, ASCSIM_LOC) {
  using ascsim_adv::F;
  const uint32_t need = 64 * 4 + 64 * 2;
  ascsim_adv::checkCount("quant", calCount, dst, "dst", loc);
  ascsim_adv::checkCount("quant", calCount, src, "src", loc);
  const uint32_t have = sharedTmpBuffer.GetSize();
  if (have < need)
    ascsim_adv::tooSmall("quant", have, need, loc);
  uint32_t chunk = have / 6 / 64 * 64;
  if (chunk > ascsim_adv::upTo(calCount, 64))
    chunk = ascsim_adv::upTo(calCount, 64);
  F t0 = ascsim_adv::buf(sharedTmpBuffer, 0, chunk);
  LocalTensor<half> h =
      sharedTmpBuffer[chunk * 4].template ReinterpretCast<half>();
  for (uint32_t o = 0; o < calCount; o += chunk) {
    uint32_t n = calCount - o < chunk ? calCount - o : chunk;
    if (sizeof(T) == 2)
      Cast(t0, src[o], RoundMode::CAST_NONE, n, loc);
    else
      Muls(t0, src.template ReinterpretCast<float>()[o], 1.0f, n, loc);
    Muls(t0, t0, scale, n, loc);
    Adds(t0, t0, offset, n, loc);
    Cast(h, t0, RoundMode::CAST_RINT, n, loc);
    Cast(dst[o], h, RoundMode::CAST_RINT, n, loc);
  }
}

//===----------------------------------------------------------------------===//
// SoftMax, RmsNorm
//===----------------------------------------------------------------------===//

namespace ascsim_adv {

/// Bytes of the ReduceMax/ReduceSum scratch for rows of k floats.
inline uint32_t reduceScratch(uint32_t k) {
  return upTo(2 * ((k + 63) / 64), 8) * 4;
}

/// out = x (op) b[0] broadcast, k floats: the masked form with a
/// repeat-and-block stride 0 on the broadcast operand (full repeats, then
/// the tail).
template <int OP>
inline void bcast(const F &out, const F &x, const F &b, uint32_t k,
                  ::ascsim::Loc loc) {
  BinaryRepeatParams p(1, 1, 0, 8, 8, 0);
  uint32_t full = k / 64, tail = k % 64;
  auto call = [&](const F &o, const F &a, uint64_t mask, int32_t rep) {
    if (OP == 0)
      Sub(o, a, b, mask, rep, p, loc);
    else if (OP == 1)
      Div(o, a, b, mask, rep, p, loc);
    else
      Mul(o, a, b, mask, rep, p, loc);
  };
  if (full)
    call(out, x, 64, static_cast<int32_t>(full));
  if (tail)
    call(out[full * 64], x[full * 64], tail, 1);
}

} // namespace ascsim_adv

/// Row-wise softmax: the tiling's srcM rows of srcK elements; sum and max
/// get outMaxK (one 32-byte block) copies of each row's value.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, typename Tiling>
inline void SoftMax(const LocalTensor<T> &dst, const LocalTensor<T> &sum,
                    const LocalTensor<T> &max, const LocalTensor<T> &src,
                    const LocalTensor<uint8_t> &sharedTmpBuffer,
                    const Tiling &tiling, ASCSIM_LOC) {
  using namespace ascsim_adv;
  static_assert(!isDataFormatNZ, "SoftMax: the NZ layout is not implemented");
  const uint32_t m = tiling.srcM, k = tiling.srcK;
  const uint32_t perBlock = 32 / sizeof(T);
  const uint32_t srcSize = tiling.srcSize, outMaxK = tiling.outMaxK;
  const uint32_t outMaxSize = tiling.outMaxSize;
  const uint32_t covered = static_cast<uint32_t>(tiling.rangeM) *
                               static_cast<uint32_t>(tiling.splitM) +
                           static_cast<uint32_t>(tiling.tailM);
  if (srcSize != m * k || outMaxK != perBlock || outMaxSize != m * perBlock ||
      covered != m)
    badTiling("softmax", loc,
              "its fields disagree (src_size %u for src_m %u x "
              "src_k %u; out_max_k %u, out_max_size %u for %u-byte "
              "elements; range_m * split_m + tail_m = %u)",
              srcSize, m, k, outMaxK, outMaxSize,
              static_cast<uint32_t>(sizeof(T)), covered);
  if (k == 0 || k * sizeof(T) % 32 != 0)
    badTiling("softmax", loc,
              "src_k = %u elements is not a positive multiple of 32 bytes",
              k);
  if (m * k > src.GetSize() || m * k > dst.GetSize() ||
      m * perBlock > sum.GetSize() || m * perBlock > max.GetSize())
    badTiling("softmax", loc,
              "%u rows of %u need %u elements in src and dst and "
              "%u in sum and max, but they hold %u, %u, %u, %u",
              m, k, m * k, m * perBlock, src.GetSize(),
              dst.GetSize(), sum.GetSize(), max.GetSize());
  if (isBasicBlock && (k % 64 != 0 || m % 8 != 0))
    badTiling("softmax", loc,
              "basic_block needs src_k a multiple of 64 and src_m "
              "a multiple of 8, but they are %u and %u", k, m);
  const bool half = sizeof(T) == 2;
  const uint32_t rowBytes = half ? k * 4 : 0;
  const uint32_t need = rowBytes + reduceScratch(k) + 32 + 512;
  if (sharedTmpBuffer.GetSize() < need)
    tooSmall("softmax", sharedTmpBuffer.GetSize(), need, loc);
  LocalTensor<uint8_t> tmp = sharedTmpBuffer;
  F xf = tmp.template ReinterpretCast<float>();
  xf.SetSize(k);
  F scr = tmp[rowBytes].template ReinterpretCast<float>();
  scr.SetSize(reduceScratch(k) / 4);
  F red = tmp[rowBytes + reduceScratch(k)].template ReinterpretCast<float>();
  red.SetSize(8);
  F b1 = tmp[rowBytes + reduceScratch(k) + 32].template ReinterpretCast<float>();
  b1.SetSize(64);
  F b2 = tmp[rowBytes + reduceScratch(k) + 288]
             .template ReinterpretCast<float>();
  b2.SetSize(64);
  Duplicate(red, 0.0f, 8, loc); // Brcb reads 8 elements; reductions write 1
  BrcbRepeatParams bp(1, 8);
  for (uint32_t r = 0; r < m; ++r) {
    F x, out;
    if (half) {
      Cast(xf, src[r * k], RoundMode::CAST_NONE, k, loc);
      x = out = xf;
    } else {
      x = src.template ReinterpretCast<float>()[r * k];
      out = dst.template ReinterpretCast<float>()[r * k];
    }
    ReduceMax(red, x, scr, static_cast<int32_t>(k), false, loc);
    Brcb(b1, red, 1, bp, loc);
    Brcb(b2, b1, 1, bp, loc); // 64 copies of the maximum
    bcast<0>(out, x, b2, k, loc);
    Exp(out, out, k, loc);
    if (half)
      Cast(max[r * perBlock], b2, RoundMode::CAST_RINT, perBlock, loc);
    else
      DataCopy(max.template ReinterpretCast<float>()[r * perBlock], b2,
               perBlock, loc);
    ReduceSum(red, out, scr, static_cast<int32_t>(k), loc);
    Brcb(b1, red, 1, bp, loc);
    Brcb(b2, b1, 1, bp, loc);
    bcast<1>(out, out, b2, k, loc);
    if (half) {
      Cast(dst[r * k], out, RoundMode::CAST_RINT, k, loc);
      Cast(sum[r * perBlock], b2, RoundMode::CAST_RINT, perBlock, loc);
    } else {
      DataCopy(sum.template ReinterpretCast<float>()[r * perBlock], b2,
               perBlock, loc);
    }
  }
}

/// dst = src * gamma / sqrt(mean(src^2) + epsilon) per row of hLength
/// (the mean over originalHLength elements).
template <typename T, bool isBasicBlock = false, typename Tiling>
inline void RmsNorm(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                    const LocalTensor<T> &gamma,
                    const LocalTensor<uint8_t> &sharedTmpBuffer,
                    const T epsilon, const Tiling &tiling, ASCSIM_LOC) {
  using namespace ascsim_adv;
  const uint32_t rows = tiling.bLength * tiling.sLength, h = tiling.hLength;
  const uint32_t oh = tiling.originalHLength;
  if (h == 0 || h * sizeof(T) % 32 != 0 || oh == 0 || oh > h)
    badTiling("rmsnorm", loc,
              "h_length = %u must be a positive multiple of 32 "
              "bytes and original_h_length = %u in [1, h_length]",
              h, oh);
  if (rows * h > src.GetSize() || rows * h > dst.GetSize() ||
      h > gamma.GetSize())
    badTiling("rmsnorm", loc,
              "%u rows of %u need %u elements in src and dst and "
              "%u in gamma, but they hold %u, %u, %u",
              rows, h, rows * h, h, src.GetSize(), dst.GetSize(),
              gamma.GetSize());
  if (isBasicBlock && h % 64 != 0)
    badTiling("rmsnorm", loc,
              "basic_block needs h_length a multiple of 64, but it is %u", h);
  const bool half = sizeof(T) == 2;
  const uint32_t rowBytes = h * 4;
  const uint32_t need =
      (half ? 3 : 1) * rowBytes + reduceScratch(oh) + 32 + 512;
  if (sharedTmpBuffer.GetSize() < need)
    tooSmall("rmsnorm", sharedTmpBuffer.GetSize(), need, loc);
  const LocalTensor<uint8_t> &tmp = sharedTmpBuffer;
  uint32_t at = 0;
  auto take = [&](uint32_t bytes, uint32_t n) {
    F f = tmp[at].template ReinterpretCast<float>();
    f.SetSize(n);
    at += bytes;
    return f;
  };
  F sq = take(rowBytes, h);
  F xf = half ? take(rowBytes, h) : sq;
  F gf = half ? take(rowBytes, h) : sq;
  F scr = take(reduceScratch(oh), reduceScratch(oh) / 4);
  F red = take(32, 8);
  F b1 = take(256, 64);
  F b2 = take(256, 64);
  if (half)
    Cast(gf, gamma, RoundMode::CAST_NONE, h, loc);
  else
    gf = gamma.template ReinterpretCast<float>();
  const float eps = static_cast<float>(epsilon);
  const float rh = tiling.reciprocalOfHLength;
  Duplicate(red, 0.0f, 8, loc); // Brcb reads 8 elements; ReduceSum writes 1
  BrcbRepeatParams bp(1, 8);
  for (uint32_t r = 0; r < rows; ++r) {
    F x, out;
    if (half) {
      Cast(xf, src[r * h], RoundMode::CAST_NONE, h, loc);
      x = out = xf;
    } else {
      x = src.template ReinterpretCast<float>()[r * h];
      out = dst.template ReinterpretCast<float>()[r * h];
    }
    Mul(sq, x, x, oh, loc);
    ReduceSum(red, sq, scr, static_cast<int32_t>(oh), loc);
    Brcb(b1, red, 1, bp, loc);
    Brcb(b2, b1, 1, bp, loc);
    Muls(b2, b2, rh, 64, loc);
    Adds(b2, b2, eps, 64, loc);
    Rsqrt(b2, b2, 64, loc);
    bcast<2>(out, x, b2, h, loc);
    Mul(out, out, gf, h, loc);
    if (half)
      Cast(dst[r * h], out, RoundMode::CAST_RINT, h, loc);
  }
}

//===----------------------------------------------------------------------===//
// The forms without a temp buffer: the scratch space is the Unified Buffer
// above the TPipe's buffers (PopStackBuffer), as in Ascend C.
//===----------------------------------------------------------------------===//

namespace ascsim_adv {
/// PopStackBuffer for the asc.adv call `api`, open for the call: done()
/// after it checks the scratch it used against the static UB tensors
/// (overlapping one of `operands` is an error, another a warning). Not done
/// when the call faults: the block ends there.
class Stack {
public:
  template <typename... Ts>
  Stack(const char *api, ::ascsim::Loc loc,
        const LocalTensor<Ts> &...operands) {
    uint32_t ranges[2 * sizeof...(Ts)] = {};
    int n = 0;
    ((ranges[2 * n] = static_cast<uint32_t>(operands.GetPhyAddr()),
      ranges[2 * n + 1] = operands.GetLength(), ++n),
     ...);
    view_ = ::ascsim::abi::advScratchBegin(api, ranges, n, loc);
    view_.pos = static_cast<uint8_t>(TPosition::LCM);
  }
  LocalTensor<uint8_t> tensor() const {
    return ::ascsim::localOf<uint8_t>(view_);
  }
  void done() const { ::ascsim::abi::advScratchEnd(); }

private:
  ::ascsim::BufferView view_;
};
} // namespace ascsim_adv

#define ASCSIM_ADV_UNARY_STACK(NAME, API)                                      \
  template <typename T, bool isReuseSource = false>                            \
  inline void NAME(const LocalTensor<T> &dst, const LocalTensor<T> &src,       \
                   const uint32_t calCount, ASCSIM_LOC) {                      \
    ascsim_adv::Stack s("asc.adv." API, loc, dst, src);                        \
    NAME<T, isReuseSource>(dst, src, s.tensor(), calCount, loc);               \
    s.done();                                                                  \
  }
ASCSIM_ADV_UNARY_STACK(Acos, "acos")
ASCSIM_ADV_UNARY_STACK(Acosh, "acosh")
ASCSIM_ADV_UNARY_STACK(Asin, "asin")
ASCSIM_ADV_UNARY_STACK(Asinh, "asinh")
ASCSIM_ADV_UNARY_STACK(Atan, "atan")
ASCSIM_ADV_UNARY_STACK(Atanh, "atanh")
ASCSIM_ADV_UNARY_STACK(Ceil, "ceil")
ASCSIM_ADV_UNARY_STACK(Cos, "cos")
ASCSIM_ADV_UNARY_STACK(Cosh, "cosh")
ASCSIM_ADV_UNARY_STACK(Digamma, "digamma")
ASCSIM_ADV_UNARY_STACK(Erf, "erf")
ASCSIM_ADV_UNARY_STACK(Erfc, "erfc")
ASCSIM_ADV_UNARY_STACK(Floor, "floor")
ASCSIM_ADV_UNARY_STACK(Frac, "frac")
ASCSIM_ADV_UNARY_STACK(Lgamma, "lgamma")
ASCSIM_ADV_UNARY_STACK(Log, "log")
ASCSIM_ADV_UNARY_STACK(Round, "round")
ASCSIM_ADV_UNARY_STACK(Sign, "sign")
ASCSIM_ADV_UNARY_STACK(Sin, "sin")
ASCSIM_ADV_UNARY_STACK(Sinh, "sinh")
ASCSIM_ADV_UNARY_STACK(Tan, "tan")
ASCSIM_ADV_UNARY_STACK(Tanh, "tanh")
ASCSIM_ADV_UNARY_STACK(Trunc, "trunc")
#undef ASCSIM_ADV_UNARY_STACK

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
inline void Exp(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                const uint32_t calCount, ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.exp", loc, dst, src);
  Exp<T, taylorExpandLevel, isReuseSource>(dst, src, s.tensor(), calCount,
                                           loc);
  s.done();
}

template <typename T, bool isReuseSource = false>
inline void Power(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                  const LocalTensor<T> &src1, const uint32_t calCount,
                  ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.power", loc, dst, src0, src1);
  Power<T, isReuseSource>(dst, src0, src1, s.tensor(), calCount, loc);
  s.done();
}

template <typename T, bool isReuseSource = false>
inline void Xor(const LocalTensor<T> &dst, const LocalTensor<T> &src0,
                const LocalTensor<T> &src1, const uint32_t calCount,
                ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.xor", loc, dst, src0, src1);
  Xor<T, isReuseSource>(dst, src0, src1, s.tensor(), calCount, loc);
  s.done();
}

template <typename T, typename U, bool isReuseSource = false>
inline void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src,
                 const U scalarValue, const uint32_t calCount, ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.axpy", loc, dst, src);
  Axpy<T, U, isReuseSource>(dst, src, scalarValue, s.tensor(), calCount, loc);
  s.done();
}

template <typename T, bool isReuseSource = false>
inline void AscendQuant(const LocalTensor<int8_t> &dst,
                        const LocalTensor<T> &src, const float scale,
                        const float offset, const uint32_t calCount,
                        ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.quant", loc, dst, src);
  AscendQuant<T, isReuseSource>(dst, src, s.tensor(), scale, offset, calCount,
                                loc);
  s.done();
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, typename Tiling>
inline void SoftMax(const LocalTensor<T> &dst, const LocalTensor<T> &sum,
                    const LocalTensor<T> &max, const LocalTensor<T> &src,
                    const Tiling &tiling, ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.softmax", loc, dst, sum, max, src);
  SoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ>(
      dst, sum, max, src, s.tensor(), tiling, loc);
  s.done();
}

template <typename T, bool isBasicBlock = false, typename Tiling>
inline void RmsNorm(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                    const LocalTensor<T> &gamma, const T epsilon,
                    const Tiling &tiling, ASCSIM_LOC) {
  ascsim_adv::Stack s("asc.adv.rmsnorm", loc, dst, src, gamma);
  RmsNorm<T, isBasicBlock>(dst, src, gamma, s.tensor(), epsilon, tiling, loc);
  s.done();
}

} // namespace AscendC

#endif // ASCSIM_ADV_API_H
