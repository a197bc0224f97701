//===- ops/VectorMath.h - Element arithmetic and conversion -----*- C++ -*-===//
//
// Internal helpers of the vector ops: typed element loads/stores through
// double (floats) or int64 (integers), rounding into an element type, the
// float16 saturating add of reductions and the bit-exact Cast conversion.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_VECTORMATH_H
#define ASCSIM_OPS_VECTORMATH_H

#include "ascsim/abi.h"

#include <cstdint>

namespace ascsim {
namespace vm {

/// RoundMode values (AscendC::RoundMode).
constexpr uint8_t kNone = 0, kRint = 1, kFloor = 2, kCeil = 3, kRound = 4,
                  kTrunc = 5, kOdd = 6;

bool isFloat(DType t);
bool isSigned(DType t);

/// Exact value of a float element (integers: their value).
double loadF(const uint8_t *p, DType t);
/// Integer element, sign- or zero-extended (floats: their bit pattern).
int64_t loadI(const uint8_t *p, DType t);
/// Bit pattern of `v` rounded to nearest even in float type `t` (integer
/// types: truncating conversion).
uint64_t roundBits(double v, DType t);
void storeBits(uint8_t *p, DType t, uint64_t bits);
/// Rounds once (nearest even) into `t`.
void storeF(uint8_t *p, DType t, double v);
/// Stores the low bits (two's complement wrap).
void storeI(uint8_t *p, DType t, int64_t v);
/// `v` rounded to `t` and back.
double roundTo(double v, DType t);
double maxFinite(DType t);
/// a + b rounded to t; float16 sums that overflow from finite operands
/// saturate at +-65504 (reductions, ascendc_api.md §5.11).
double addSat(double a, double b, DType t);

/// Cast of one element (hardware.md §4.3). `mode` is a RoundMode value
/// (NONE = exact when lossless, RINT otherwise). Float -> integer saturates
/// to the target range, NaN -> 0; integer narrowing saturates; float ->
/// float overflow follows IEEE 754 per direction (RINT/ROUND -> inf,
/// TRUNC/ODD -> largest finite, FLOOR/CEIL by sign); float32 -> float32
/// rounds to an integral value; int32 -> float16 is x * DEQSCALE rounded to
/// nearest even.
uint64_t castBits(uint64_t bits, DType dst, DType src, uint8_t mode,
                  uint16_t deqScale);

/// The result `r` of an arithmetic op on a and b, except that a NaN operand
/// gives the first NaN operand, quietened (payload kept): the same on every
/// compiler (g++ may commute the operands of + and *, which changes the
/// payload x86 returns when both are NaN). NaN + NaN quietens the NaN.
template <class F> inline F nanFirst(F a, F b, F r) {
  return a != a ? a + a : b != b ? b + b : r;
}

/// `a <mode> b` for CMPMODE LT, GT, EQ, LE, GE, NE (0..5); NaN compares
/// unequal to everything.
inline bool compareHolds(double a, double b, uint8_t mode) {
  switch (mode) {
  case 0:
    return a < b;
  case 1:
    return a > b;
  case 2:
    return a == b;
  case 3:
    return a <= b;
  case 4:
    return a >= b;
  default:
    return a != b;
  }
}

} // namespace vm
} // namespace ascsim

#endif // ASCSIM_OPS_VECTORMATH_H
