//===- support/Fault.cpp - The error that stops a core ----------*- C++ -*-===//

#include "support/Fault.h"

namespace ascsim {

const char *severityName(Severity s) {
  return s == Severity::Error ? "error" : "warning";
}

Diagnostic makeDiagnostic(std::string category, std::string message, Loc loc,
                          std::vector<Note> notes) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.category = std::move(category);
  d.message = std::move(message);
  d.file = loc.file ? loc.file : "";
  d.line = loc.line;
  d.notes = std::move(notes);
  return d;
}

Note makeNote(std::string message, Loc loc) {
  Note n;
  n.message = std::move(message);
  n.file = loc.file ? loc.file : "";
  n.line = loc.line;
  return n;
}

void fail(std::string category, std::string message, Loc loc,
          std::vector<Note> notes) {
  throw Fault{makeDiagnostic(std::move(category), std::move(message), loc,
                             std::move(notes))};
}

void failNoBuffer(const std::string &api, const std::string &role, Loc loc) {
  fail("argument",
       api + ": the " + role +
           " is a LocalTensor with no buffer on this path: it was declared "
           "empty (asc.LocalTensor(dtype)) and given one only inside a "
           "runtime if or loop that did not run that code here; give it a "
           "buffer on every path (alloc_tensor, deque, TBuf.get or "
           "set_addr_with_offset before the if or loop, or in every branch)",
       loc);
}

} // namespace ascsim
