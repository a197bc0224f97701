//===- ops/ElementOps.h - One element of the binary ops ---------*- C++ -*-===//
//
// The per-element expressions of Add, Sub, Mul, Div, Max and Min (and of
// their scalar forms Adds, Muls, Maxs, Mins) with the op fixed at compile
// time. The general evaluator (ops/VectorEval.cpp) and the fast paths
// (ops/FastPaths.cpp) both compute through these, so they agree by
// construction.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_OPS_ELEMENTOPS_H
#define ASCSIM_OPS_ELEMENTOPS_H

#include "ascsim/vector_abi.h"
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
template <VecOp Op, class T> inline T intOp(T a, T b) {
  using U = std::make_unsigned_t<T>;
  if constexpr (Op == VecOp::Add)
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  else if constexpr (Op == VecOp::Sub)
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  else if constexpr (Op == VecOp::Mul)
    return static_cast<T>(
        static_cast<U>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)));
  else if constexpr (Op == VecOp::Max)
    return a > b ? a : b;
  else if constexpr (Op == VecOp::Min)
    return a < b ? a : b;
  else
    return b == 0 ? T(0) : static_cast<T>(a / b);
}

/// Floats in F (float or double); a NaN operand of + - * / gives the first
/// NaN operand (nanFirst).
template <VecOp Op, class F> inline F floatOp(F a, F b) {
  if constexpr (Op == VecOp::Add)
    return nanFirst(a, b, a + b);
  else if constexpr (Op == VecOp::Sub)
    return nanFirst(a, b, a - b);
  else if constexpr (Op == VecOp::Mul)
    return nanFirst(a, b, a * b);
  else if constexpr (Op == VecOp::Div)
    return nanFirst(a, b, a / b);
  else if constexpr (Op == VecOp::Max)
    return maxNan(a, b);
  else
    return minNan(a, b);
}

/// Calls `fn(std::integral_constant<VecOp, op>{})` for the tensor op of
/// `op` (Add..Min; the scalar forms Adds, Muls, Maxs, Mins map to Add, Mul,
/// Max, Min): turns a run-time op into the template argument of the
/// functions above. Returns `otherwise` for every other op.
template <class Fn, class R>
inline R withElementOp(VecOp op, R otherwise, Fn &&fn) {
  using K = VecOp;
  switch (op) {
  case K::Add:
  case K::Adds:
    return fn(std::integral_constant<K, K::Add>{});
  case K::Sub:
    return fn(std::integral_constant<K, K::Sub>{});
  case K::Mul:
  case K::Muls:
    return fn(std::integral_constant<K, K::Mul>{});
  case K::Div:
    return fn(std::integral_constant<K, K::Div>{});
  case K::Max:
  case K::Maxs:
    return fn(std::integral_constant<K, K::Max>{});
  case K::Min:
  case K::Mins:
    return fn(std::integral_constant<K, K::Min>{});
  default:
    return otherwise;
  }
}

} // namespace vm
} // namespace ascsim

#endif // ASCSIM_OPS_ELEMENTOPS_H
