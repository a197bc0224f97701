//===- ascsim/checked_shift.h - Shifts by a run-time count ------*- C++ -*-===//
//
// pyasc::shl and pyasc::shr: the `<<` and `>>` of emitted kernels whose count
// is not a constant in 0 .. width - 1. C leaves such a shift undefined (x86
// masks the count: `n >> 33` gave `n >> 1`); Python shifts every bit out of
// the value (`<<` gives 0, `>>` the sign: 0 or -1, 0 for unsigned T) and
// rejects a negative count. Here a negative count stops the core with an
// "arithmetic" error at the call's line (the kernel's Python line, through
// the emitted #line directives). The count is a signed value (the frontend
// keeps its sign when it converts it to T); on the NPU the emitted source
// defines both with a negative count shifting every bit out.
//
// Included by emitted kernels only (under #ifdef ASCSIM); C++17, <cstdint>.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_CHECKED_SHIFT_H
#define ASCSIM_CHECKED_SHIFT_H

#include "ascsim/sys_abi.h"

namespace pyasc {
namespace shift_detail {

template <class T> constexpr bool isSigned() { return T(-1) < T(0); }

/// Reports the negative count (never returns: the core stops).
template <class T> void negative(bool left, int64_t count, ::ascsim::Loc loc) {
  uint64_t a = uint64_t(sizeof(T) * 8) | uint64_t(isSigned<T>()) << 8 |
               uint64_t(left) << 9;
  ::ascsim::abi::sysControl(::ascsim::SysCtl::NegativeShift, a,
                            static_cast<uint64_t>(count), loc);
}

} // namespace shift_detail

template <class T>
inline T shl(T a, int64_t c, ::ascsim::Loc loc = ::ascsim::here()) {
  if (__builtin_expect(c < 0, 0)) {
    shift_detail::negative<T>(true, c, loc);
    return T(0);
  }
  if (c >= int64_t(sizeof(T) * 8))
    return T(0);
  // In uint64_t: a signed left shift that changes the sign is undefined in
  // C++17; the wrap-around back to T is the IR's.
  return static_cast<T>(static_cast<uint64_t>(a) << c);
}

template <class T>
inline T shr(T a, int64_t c, ::ascsim::Loc loc = ::ascsim::here()) {
  if (__builtin_expect(c < 0, 0)) {
    shift_detail::negative<T>(false, c, loc);
    return T(0);
  }
  if (c >= int64_t(sizeof(T) * 8))
    return shift_detail::isSigned<T>() && a < T(0) ? T(-1) : T(0);
  return static_cast<T>(a >> c);
}

} // namespace pyasc

#endif // ASCSIM_CHECKED_SHIFT_H
