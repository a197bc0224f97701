//===- device/SignalGuard.h - Memory faults as block errors -----*- C++ -*-===//
//
// Kernels run in the Python process. A memory fault in kernel code (a raw
// pointer in hand-written Ascend C, a stack overflow, a simulator bug) would
// end the process; runGuarded() turns it into a return instead, so that the
// block stops with a "fault" diagnostic and later launches still work.
//
// How: process-wide handlers for SIGSEGV, SIGBUS, SIGFPE and SIGILL,
// installed once, run on a per-thread alternate stack (so a stack overflow is
// caught too) and siglongjmp back into runGuarded() when the fault happened on
// a thread inside a guarded call. Any other fault goes to the handler that
// was installed before (Python's faulthandler, or the default action). The
// abandoned frames are not unwound (no destructors run); the block's Core is
// owned outside them. Cost: one sigaltstack per thread on first use and a
// sigsetjmp without signal mask per block (no system call).
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_DEVICE_SIGNALGUARD_H
#define ASCSIM_DEVICE_SIGNALGUARD_H

#include <cstdint>
#include <optional>
#include <string>

namespace ascsim {

/// A fault caught by runGuarded().
struct SignalFault {
  int signo = 0;
  int code = 0;          // siginfo si_code
  uintptr_t address = 0; // siginfo si_addr
};

/// Calls fn(ctx); if this thread raises SIGSEGV, SIGBUS, SIGFPE or SIGILL
/// inside it, abandons fn and returns the fault. fn must not throw.
std::optional<SignalFault> runGuarded(void (*fn)(void *), void *ctx);

/// "SIGSEGV (invalid address 0x10: not mapped)".
std::string describeSignal(const SignalFault &f);

} // namespace ascsim

#endif // ASCSIM_DEVICE_SIGNALGUARD_H
