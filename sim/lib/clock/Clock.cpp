//===- clock/Clock.cpp - Vector clocks over one core's pipes ----*- C++ -*-===//

#include "clock/Clock.h"

namespace ascsim {
// VectorClock is header-only; this file gives the module its archive.
static_assert(VectorClock::kComponents == 7, "one component per pipe");
} // namespace ascsim
