//===- device/SignalGuard.cpp - Memory faults as block errors ---*- C++ -*-===//

#include "device/SignalGuard.h"

#include "support/PerThread.h"

#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace ascsim {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
constexpr int kNumSignals = sizeof(kSignals) / sizeof(kSignals[0]);
struct sigaction gPrevious[kNumSignals];

/// The guard of one thread.
// The thread's guard (on the heap: support/PerThread.h), and a plain pointer
// to it for the handler: reading a trivial thread_local in static TLS is
// async-signal-safe; a thread that never ran a guarded call has none.
struct ThreadGuard;
thread_local ThreadGuard *tGuard = nullptr;

struct ThreadGuard {
  sigjmp_buf env;
  volatile sig_atomic_t active = 0;
  SignalFault fault;
  bool stackChecked = false;
  void *altStack = nullptr;

  ~ThreadGuard() {
    tGuard = nullptr;
    if (!altStack)
      return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    std::free(altStack);
  }
};

ThreadGuard &threadGuard() {
  if (__builtin_expect(tGuard == nullptr, 0))
    tGuard = &perThread<ThreadGuard>();
  return *tGuard;
}

void handler(int sig, siginfo_t *info, void *uctx) {
  ThreadGuard *g = tGuard;
  if (g && g->active) {
    g->active = 0;
    g->fault = SignalFault{sig, info->si_code,
                           reinterpret_cast<uintptr_t>(info->si_addr)};
    siglongjmp(g->env, 1);
  }
  // Not inside a guarded call: what was there before.
  for (int i = 0; i < kNumSignals; ++i) {
    if (kSignals[i] != sig)
      continue;
    const struct sigaction &prev = gPrevious[i];
    if (prev.sa_flags & SA_SIGINFO) {
      prev.sa_sigaction(sig, info, uctx);
      return;
    }
    if (prev.sa_handler == SIG_IGN)
      return;
    if (prev.sa_handler == SIG_DFL) {
      // The default action (a core dump): returning re-executes the faulting
      // instruction; raise() covers a signal sent by kill().
      signal(sig, SIG_DFL);
      raise(sig);
      return;
    }
    prev.sa_handler(sig);
    return;
  }
}

void install() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa{};
    sa.sa_sigaction = handler;
    sigemptyset(&sa.sa_mask);
    // SA_NODEFER: the signal stays unblocked after the siglongjmp (sigsetjmp
    // saves no mask, which would cost a system call per block).
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    for (int i = 0; i < kNumSignals; ++i)
      sigaction(kSignals[i], &sa, &gPrevious[i]);
  });
}

/// An alternate signal stack for this thread, unless it has one.
void ensureAltStack(ThreadGuard &g) {
  if (g.stackChecked)
    return;
  g.stackChecked = true;
  stack_t cur{};
  if (sigaltstack(nullptr, &cur) == 0 && !(cur.ss_flags & SS_DISABLE))
    return; // e.g. Python's faulthandler gave the main thread one
  const size_t size = 64 * 1024;
  void *mem = std::malloc(size);
  if (!mem)
    return;
  stack_t ss{};
  ss.ss_sp = mem;
  ss.ss_size = size;
  if (sigaltstack(&ss, nullptr) == 0)
    g.altStack = mem;
  else
    std::free(mem);
}

} // namespace

std::optional<SignalFault> runGuarded(void (*fn)(void *), void *ctx) {
  install();
  ThreadGuard &g = threadGuard();
  ensureAltStack(g);
  if (g.active) { // nested: the outer guard catches
    fn(ctx);
    return std::nullopt;
  }
  if (sigsetjmp(g.env, 0) != 0)
    return g.fault; // the handler cleared `active`
  g.active = 1;
  fn(ctx);
  g.active = 0;
  return std::nullopt;
}

std::string describeSignal(const SignalFault &f) {
  const char *name = f.signo == SIGSEGV  ? "SIGSEGV"
                     : f.signo == SIGBUS ? "SIGBUS"
                     : f.signo == SIGFPE ? "SIGFPE"
                     : f.signo == SIGILL ? "SIGILL"
                                         : "signal";
  const char *why = "";
  if (f.signo == SIGSEGV)
    why = f.code == SEGV_MAPERR   ? "not mapped"
          : f.code == SEGV_ACCERR ? "no permission"
                                  : "";
  else if (f.signo == SIGBUS)
    why = f.code == BUS_ADRALN   ? "misaligned"
          : f.code == BUS_ADRERR ? "no such physical address"
                                 : "";
  else if (f.signo == SIGFPE)
    why = f.code == FPE_INTDIV   ? "integer division by zero"
          : f.code == FPE_INTOVF ? "integer overflow"
                                 : "arithmetic exception";
  char buf[160];
  if (f.signo == SIGSEGV || f.signo == SIGBUS)
    std::snprintf(buf, sizeof buf, "%s (address 0x%llx%s%s)", name,
                  static_cast<unsigned long long>(f.address), *why ? ": " : "",
                  why);
  else if (*why)
    std::snprintf(buf, sizeof buf, "%s (%s)", name, why);
  else
    std::snprintf(buf, sizeof buf, "%s", name);
  return buf;
}

} // namespace ascsim
