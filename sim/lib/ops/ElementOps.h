//===- ops/ElementOps.h - One element of the binary ops ---------*- C++ -*-===//
//
// The per-element expressions of Add, Sub, Mul, Div, Max and Min with the op
// fixed at compile time. The general evaluators (ops/Ops.cpp,
// ops/VectorEval.cpp) and the fast paths (ops/FastPaths.cpp) all compute
// through these, so they agree by construction.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_ELEMENTOPS_H
#define ASCSIM_OPS_ELEMENTOPS_H

#include "ascsim/abi.h"
#include "ops/VectorMath.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace ascsim {
namespace vm {

/// Max/Min of floats: a NaN operand gives NaN (assumption: the hardware
/// behaviour for NaN operands is not documented); -0 < +0 (IEEE 754-2019
/// maximum/minimum).
template <class F> inline F maxNan(F a, F b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<F>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
template <class F> inline F minNan(F a, F b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<F>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// Integers wrap (two's complement), computed on the unsigned type. Div is
/// not supported for integers (rejected before issue); it gives 0 for a zero
/// divisor so that no path can trap.
template <BinOp Op, class T> inline T intOp(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if constexpr (Op == BinOp::Add)
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  else if constexpr (Op == BinOp::Sub)
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  else if constexpr (Op == BinOp::Mul)
    return static_cast<T>(
        static_cast<U>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)));
  else if constexpr (Op == BinOp::Max)
    return a > b ? a : b;
  else if constexpr (Op == BinOp::Min)
    return a < b ? a : b;
  else
    return b == 0 ? T(0) : static_cast<T>(a / b);
}

/// Floats in F (float or double); a NaN operand of + - * / gives the first
/// NaN operand (nanFirst).
template <BinOp Op, class F> inline F floatOp(F a, F b) {
  if constexpr (Op == BinOp::Add)
    return nanFirst(a, b, a + b);
  else if constexpr (Op == BinOp::Sub)
    return nanFirst(a, b, a - b);
  else if constexpr (Op == BinOp::Mul)
    return nanFirst(a, b, a * b);
  else if constexpr (Op == BinOp::Div)
    return nanFirst(a, b, a / b);
  else if constexpr (Op == BinOp::Max)
    return maxNan(a, b);
  else
    return minNan(a, b);
}

/// Calls `fn(std::integral_constant<BinOp, op>{})`: turns a run-time op into
/// the template argument of the functions above.
template <class Fn> inline decltype(auto) withBinOp(BinOp op, Fn &&fn) {
  switch (op) {
  case BinOp::Add:
    return fn(std::integral_constant<BinOp, BinOp::Add>{});
  case BinOp::Sub:
    return fn(std::integral_constant<BinOp, BinOp::Sub>{});
  case BinOp::Mul:
    return fn(std::integral_constant<BinOp, BinOp::Mul>{});
  case BinOp::Div:
    return fn(std::integral_constant<BinOp, BinOp::Div>{});
  case BinOp::Max:
    return fn(std::integral_constant<BinOp, BinOp::Max>{});
  case BinOp::Min:
    break;
  }
  return fn(std::integral_constant<BinOp, BinOp::Min>{});
}

} // namespace vm
} // namespace ascsim

#endif // ASCSIM_OPS_ELEMENTOPS_H
