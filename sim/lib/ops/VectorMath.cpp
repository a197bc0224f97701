//===- ops/VectorMath.cpp - Element arithmetic and conversion ---*- C++ -*-===//
//
// Element loads/stores and the bit-exact conversion (Cast) of the vector
// API breadth. Floating-point values travel as double (exact for float16,
// bfloat16 and float32); every result is rounded once into its element type.
//
//===----------------------------------------------------------------------===//

#include "ops/VectorMath.h"

#include "ascsim/float16.h"
#include "support/Isa.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace ascsim {
namespace vm {

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}

bool isSigned(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64;
}

double loadF(const uint8_t *p, DType t) {
  switch (t) {
  case DType::F16: {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return fp::toFloat<5, 10>(h);
  }
  case DType::BF16: {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return fp::toFloat<8, 7>(h);
  }
  case DType::F32: {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  case DType::F64: {
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  default:
    return static_cast<double>(loadI(p, t));
  }
}

int64_t loadI(const uint8_t *p, DType t) {
  switch (t) {
  case DType::Bool:
  case DType::U8:
    return *p;
  case DType::I8:
    return static_cast<int8_t>(*p);
  case DType::I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::U16:
  case DType::F16:
  case DType::BF16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case DType::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::U32:
  case DType::F32: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case DType::I64:
  case DType::U64:
  case DType::F64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
  return 0;
}

uint64_t roundBits(double v, DType t) {
  switch (t) {
  case DType::F16:
    return fp::fromDouble<5, 10>(v);
  case DType::BF16:
    return fp::fromDouble<8, 7>(v);
  case DType::F32: {
    float f = static_cast<float>(v);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  case DType::F64: {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  default:
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  }
}

void storeBits(uint8_t *p, DType t, uint64_t bits) {
  std::memcpy(p, &bits, dtypeSize(t)); // little endian
}

void storeF(uint8_t *p, DType t, double v) { storeBits(p, t, roundBits(v, t)); }

void storeI(uint8_t *p, DType t, int64_t v) {
  storeBits(p, t, static_cast<uint64_t>(v));
}

double roundTo(double v, DType t) {
  uint8_t buf[8];
  storeF(buf, t, v);
  return loadF(buf, t);
}

double maxFinite(DType t) {
  switch (t) {
  case DType::F16:
    return 65504.0;
  case DType::BF16:
    return 3.3895313892515355e38;
  case DType::F32:
    return std::numeric_limits<float>::max();
  default:
    return std::numeric_limits<double>::max();
  }
}

double addSat(double a, double b, DType t) {
  double r = roundTo(nanFirst(a, b, a + b), t);
  if (t == DType::F16 && std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    return r > 0 ? 65504.0 : -65504.0;
  return r;
}

//===----------------------------------------------------------------------===//
// Conversion
//===----------------------------------------------------------------------===//

namespace {

using U128 = unsigned __int128;

/// Rounds q + rem / 2^shift (rem < 2^shift) to an integer per `mode`
/// (a RoundMode value; NONE = RINT).
U128 roundQ(U128 q, U128 rem, int shift, bool neg, uint8_t mode) {
  if (rem == 0)
    return q;
  bool up = false;
  // half = 2^(shift - 1); shift >= 1 here.
  bool gtHalf, eqHalf;
  if (shift > 127) {
    gtHalf = eqHalf = false;
  } else {
    U128 half = static_cast<U128>(1) << (shift - 1);
    gtHalf = rem > half;
    eqHalf = rem == half;
  }
  switch (mode) {
  case kRint:
  case kNone:
    up = gtHalf || (eqHalf && (q & 1));
    break;
  case kRound:
    up = gtHalf || eqHalf;
    break;
  case kFloor:
    up = neg;
    break;
  case kCeil:
    up = !neg;
    break;
  case kTrunc:
    up = false;
    break;
  case kOdd:
    return q | 1;
  }
  return up ? q + 1 : q;
}

/// Encodes (-1)^neg * mant * 2^exp in the binary format (E, M), rounding per
/// `mode`. Overflow follows IEEE 754 for each direction (RINT/ROUND: inf;
/// TRUNC/ODD: the largest finite; FLOOR/CEIL: by sign).
uint64_t encode(bool neg, uint64_t mant, int exp, int E, int M, uint8_t mode) {
  const uint64_t sign = neg ? (1ull << (E + M)) : 0;
  if (mant == 0)
    return sign;
  const int bias = (1 << (E - 1)) - 1;
  const int emin = 1 - bias;
  const uint64_t inf = ((1ull << E) - 1) << M;
  int msb = 63 - __builtin_clzll(mant);
  int ue = msb + exp;
  int qexp = (ue > emin ? ue : emin) - M;
  int shift = qexp - exp;
  U128 q;
  if (shift <= 0) {
    q = static_cast<U128>(mant) << (-shift);
  } else if (shift >= 128) {
    q = roundQ(0, mant, 200, neg, mode);
  } else {
    U128 rem = static_cast<U128>(mant) & ((static_cast<U128>(1) << shift) - 1);
    q = roundQ(static_cast<U128>(mant) >> shift, rem, shift, neg, mode);
  }
  if (q == 0)
    return sign;
  if (q >= (static_cast<U128>(1) << (M + 1))) {
    q >>= 1;
    ++qexp;
  }
  if (q < (static_cast<U128>(1) << M))
    return sign | static_cast<uint64_t>(q); // subnormal
  int64_t expField = static_cast<int64_t>(qexp) + M + bias;
  if (expField >= (1 << E) - 1) {
    bool toInf = mode == kRint || mode == kNone || mode == kRound ||
                 (mode == kFloor && neg) || (mode == kCeil && !neg);
    return sign | (toInf ? inf : inf - 1);
  }
  return sign | (static_cast<uint64_t>(expField) << M) |
         (static_cast<uint64_t>(q) & ((1ull << M) - 1));
}

void formatOf(DType t, int &E, int &M) {
  switch (t) {
  case DType::F16:
    E = 5, M = 10;
    return;
  case DType::BF16:
    E = 8, M = 7;
    return;
  default:
    E = 8, M = 23;
    return;
  }
}

double roundIntegral(double v, uint8_t mode) {
  switch (mode) {
  case kFloor:
    return std::floor(v);
  case kCeil:
    return std::ceil(v);
  case kRound:
    return std::round(v);
  case kTrunc:
    return std::trunc(v);
  default:
    return std::nearbyint(v); // the host's default mode: nearest even
  }
}

void intRange(DType t, int64_t &lo, int64_t &hi) {
  switch (t) {
  case DType::I8:
    lo = -128, hi = 127;
    return;
  case DType::U8:
  case DType::Bool:
    lo = 0, hi = 255;
    return;
  case DType::I16:
    lo = -32768, hi = 32767;
    return;
  case DType::U16:
    lo = 0, hi = 65535;
    return;
  case DType::I32:
    lo = INT32_MIN, hi = INT32_MAX;
    return;
  case DType::U32:
    lo = 0, hi = UINT32_MAX;
    return;
  default:
    lo = INT64_MIN, hi = INT64_MAX;
    return;
  }
}

uint64_t nanBits(DType t, double v) { return roundBits(v, t); }

} // namespace

uint64_t castBits(uint64_t bits, DType dst, DType src, uint8_t mode,
                  uint16_t deqScale) {
  uint8_t buf[8];
  std::memcpy(buf, &bits, 8);
  if (src == DType::I32 && dst == DType::F16) { // vconv_deq: x * DEQSCALE
    double scale = fp::toFloat<5, 10>(deqScale);
    return fp::fromDouble<5, 10>(static_cast<double>(loadI(buf, src)) * scale);
  }
  if (mode == kNone)
    mode = kRint; // lossless pairs are exact in every mode
  if (!isFloat(dst)) {
    int64_t lo, hi;
    intRange(dst, lo, hi);
    int64_t r;
    if (isFloat(src)) {
      double v = loadF(buf, src);
      if (std::isnan(v))
        r = 0;
      else {
        v = roundIntegral(v, mode);
        if (v <= static_cast<double>(lo))
          r = lo;
        else if (v >= static_cast<double>(hi))
          r = hi;
        else
          r = static_cast<int64_t>(v);
      }
    } else {
      int64_t v = loadI(buf, src);
      r = v < lo ? lo : v > hi ? hi : v;
    }
    return static_cast<uint64_t>(r) &
           (dtypeSize(dst) == 8 ? ~0ull : ((1ull << (8 * dtypeSize(dst))) - 1));
  }
  int E, M;
  formatOf(dst, E, M);
  if (isFloat(src)) {
    double v = loadF(buf, src);
    if (src == dst) { // float -> float: round to an integral value
      if (!std::isfinite(v) || std::fabs(v) >= 8388608.0)
        return bits & 0xffffffffull;
      return roundBits(roundIntegral(v, mode), dst);
    }
    if (std::isnan(v) || std::isinf(v))
      return nanBits(dst, v);
    int e;
    double f = std::frexp(std::fabs(v), &e); // v = f * 2^e, f in [0.5, 1)
    uint64_t mant = static_cast<uint64_t>(std::ldexp(f, 53));
    return encode(std::signbit(v), mant, e - 53, E, M, mode);
  }
  int64_t v = loadI(buf, src);
  bool neg = v < 0;
  uint64_t mag = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  if (src == DType::U64)
    neg = false, mag = static_cast<uint64_t>(v);
  return encode(neg, mag, 0, E, M, mode);
}

} // namespace vm
} // namespace ascsim
