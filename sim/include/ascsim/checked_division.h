//===- ascsim/checked_division.h - Integer / and % without traps -*- C++ -*-//
//
// pyasc::div and pyasc::rem: the integer `/` and `%` of emitted kernels whose
// divisor is not a safe constant. On the host CPU a zero divisor, or
// INT_MIN / -1, raises SIGFPE and would end the Python process; here it stops
// the core with an "arithmetic" error at the call's line (the kernel's Python
// line, through the emitted #line directives), as other simulator faults do.
// The fast path is one well-predicted compare and branch. On the NPU the
// emitted source defines both as plain division instead.
//
// Included by emitted kernels only (under #ifdef ASCSIM); C++17, <cstdint>.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CHECKED_DIVISION_H
#define ASCSIM_CHECKED_DIVISION_H

#include "ascsim/sys_abi.h"

namespace pyasc {
namespace detail {

template <class T> constexpr bool isSigned() { return T(-1) < T(0); }

/// The most negative T (0 for unsigned T).
template <class T> constexpr T minValue() {
  return isSigned<T>() ? static_cast<T>(uint64_t(1) << (sizeof(T) * 8 - 1))
                       : T(0);
}

/// Reports the fault (never returns: the core stops).
template <class T>
T fault(::ascsim::IntegerFault what, T dividend, ::ascsim::Loc loc) {
  uint64_t a = static_cast<uint64_t>(what) | uint64_t(sizeof(T) * 8) << 8 |
               uint64_t(isSigned<T>()) << 16;
  ::ascsim::abi::sysControl(::ascsim::SysCtl::IntegerDivision, a,
                            static_cast<uint64_t>(dividend), loc);
  return T(0);
}

} // namespace detail

template <class T>
inline T div(T a, T b, ::ascsim::Loc loc = ::ascsim::here()) {
  using ::ascsim::IntegerFault;
  if (__builtin_expect(b == T(0), 0))
    return detail::fault<T>(IntegerFault::DivideByZero, a, loc);
  if (detail::isSigned<T>() &&
      __builtin_expect(b == T(-1) && a == detail::minValue<T>(), 0))
    return detail::fault<T>(IntegerFault::DivideOverflow, a, loc);
  return static_cast<T>(a / b);
}

template <class T>
inline T rem(T a, T b, ::ascsim::Loc loc = ::ascsim::here()) {
  using ::ascsim::IntegerFault;
  if (__builtin_expect(b == T(0), 0))
    return detail::fault<T>(IntegerFault::RemainderByZero, a, loc);
  if (detail::isSigned<T>() &&
      __builtin_expect(b == T(-1) && a == detail::minValue<T>(), 0))
    return detail::fault<T>(IntegerFault::RemainderOverflow, a, loc);
  return static_cast<T>(a % b);
}

} // namespace pyasc

#endif // ASCSIM_CHECKED_DIVISION_H
