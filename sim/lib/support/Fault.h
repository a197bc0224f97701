//===- support/Fault.h - The error that stops a simulated core --*- C++ -*-===//
//
// A check that fails on a core throws a Fault carrying the finished
// diagnostic. It unwinds through the kernel code (compiled with exceptions)
// back to the block runner, which records it and stops that core only. This
// is the one use of exceptions in the simulator library: the kernel's own
// control flow must be abandoned at the failing API call.
//
//===----------------------------------------------------------------------===//

#ifndef ASCSIM_SUPPORT_FAULT_H
#define ASCSIM_SUPPORT_FAULT_H

#include "ascsim/runtime.h"

#include <string>
#include <vector>

namespace ascsim {

struct Fault {
  Diagnostic diag;
};

/// Builds a diagnostic at `loc` (block and order are filled in by the core).
Diagnostic makeDiagnostic(std::string category, std::string message, Loc loc,
                          std::vector<Note> notes = {});
Note makeNote(std::string message, Loc loc);

/// Throws a Fault with an error diagnostic at `loc`.
[[noreturn]] void fail(std::string category, std::string message, Loc loc,
                       std::vector<Note> notes = {});

/// Throws the error for `role` of `api` being a LocalTensor with no buffer
/// (kNoBufferPos / kNoBufferHandle): declared empty and given one only on
/// another path of a runtime branch or loop.
[[noreturn]] void failNoBuffer(const std::string &api, const std::string &role,
                               Loc loc);
/// failNoBuffer if `op` is a LocalTensor with no buffer.
inline void requireBuffer(const Operand &op, const char *api, const char *role,
                          Loc loc) {
  if (__builtin_expect(op.pos == kNoBufferPos, 0))
    failNoBuffer(api, role, loc);
}

} // namespace ascsim

#endif // ASCSIM_SUPPORT_FAULT_H
