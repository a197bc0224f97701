//===- ascsim/watchdog.h - The loop tick of emitted kernels -----*- C++ -*-===//
//
// pyasc::loop_tick(): the emitter puts one at the start of every loop body
// of a kernel, at the loop's line (the Python line of the `for`/`while`,
// through the emitted #line directives). In the simulator it counts a step of
// the block's watchdog budget and is a point where Ctrl-C stops the block, so
// that a loop whose body makes no API call is bounded and interruptible too.
// On the NPU the emitted source defines it as an empty function.
//
// Included by emitted kernels only (under #ifdef ASCSIM); C++17.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_WATCHDOG_H
#define ASCSIM_WATCHDOG_H

#include "ascsim/abi.h"

namespace pyasc {

inline void loop_tick(::ascsim::Loc loc = ::ascsim::here()) {
  ::ascsim::abi::loopTick(loc);
}

} // namespace pyasc

#endif // ASCSIM_WATCHDOG_H
