//===- ascsim/range_count.h - Iterations of a Python range ------*- C++ -*-===//
//
// pyasc::range_count(start, stop, step): len(range(start, stop, step)), the
// iterations of a kernel loop whose step is negative or known only at run
// time (the emitter counts them up from 0 and derives the loop variable). A
// step of 0 stops the core with an "argument" error at the call's line (the
// `for` line, through the emitted #line directives), as Python's range()
// raises ValueError; on the NPU the emitted source counts 0 iterations.
//
// Included by emitted kernels only (under #ifdef ASCSIM); C++17, <cstdint>.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_RANGE_COUNT_H
#define ASCSIM_RANGE_COUNT_H

#include "ascsim/sys_abi.h"

namespace pyasc {

/// T is the loop variable's signed integer type (int8_t ... int64_t). The
/// count saturates at T's maximum, which no watchdog budget reaches.
template <class T>
inline T range_count(T start, T stop, T step,
                     ::ascsim::Loc loc = ::ascsim::here()) {
  if (__builtin_expect(step == T(0), 0)) {
    ::ascsim::abi::sysControl(::ascsim::SysCtl::RangeStepZero, 0, 0, loc);
    return T(0);
  }
  if (step > 0 ? start >= stop : start <= stop)
    return T(0);
  // The span and the step's magnitude fit in uint64_t for any T values.
  uint64_t span = step > 0 ? uint64_t(stop) - uint64_t(start)
                           : uint64_t(start) - uint64_t(stop);
  uint64_t by = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
  uint64_t count = (span - 1) / by + 1;
  uint64_t max = ~uint64_t(0) >> (65 - 8 * sizeof(T));
  return static_cast<T>(count < max ? count : max);
}

} // namespace pyasc

#endif // ASCSIM_RANGE_COUNT_H
