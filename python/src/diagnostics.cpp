//===- diagnostics.cpp - MLIR diagnostics to Python records -----*- C++ -*-===//
//
// Turns MLIR diagnostics into plain records carrying the Python file/line/col
// the frontend attached to every op.
//
//===----------------------------------------------------------------------===//

#include "bindings.h"

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir;

namespace pyasc {
namespace {

/// Finds the innermost file location behind name, call-site and fused
/// locations.
std::optional<FileLineColLoc> findFileLoc(Location loc) {
  if (auto f = dyn_cast<FileLineColLoc>(loc))
    return f;
  if (auto n = dyn_cast<NameLoc>(loc))
    return findFileLoc(n.getChildLoc());
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return findFileLoc(c.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      if (auto f = findFileLoc(inner))
        return f;
  }
  return std::nullopt;
}

const char *severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

Diag convert(const Diagnostic &d) {
  Diag out;
  out.severity = severityName(d.getSeverity());
  out.message = d.str();
  // The verifier's category rides on the location (AscDiagnostics.h).
  if (std::optional<StringRef> category =
          mlir::asc::getDiagCategory(d.getLocation()))
    out.category = category->str();
  if (auto f = findFileLoc(d.getLocation())) {
    out.file = f->getFilename().str();
    out.line = f->getLine();
    out.col = f->getColumn();
  }
  for (const Diagnostic &note : d.getNotes())
    out.notes.push_back(convert(note));
  return out;
}

} // namespace

DiagnosticCapture::DiagnosticCapture(MLIRContext *ctx) : ctx(ctx) {
  id = ctx->getDiagEngine().registerHandler([this](Diagnostic &d) {
    diags.push_back(convert(d));
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() {
  ctx->getDiagEngine().eraseHandler(id);
}

bool DiagnosticCapture::hasError() const {
  for (const Diag &d : diags)
    if (d.severity == "error")
      return true;
  return false;
}

void ensureDiagnostic(std::vector<Diag> &diags, const std::string &stage) {
  for (const Diag &d : diags)
    if (d.severity == "error")
      return;
  Diag d;
  d.severity = "error";
  d.message = "internal compiler error: " + stage +
              " failed without a diagnostic; please report this with the "
              "kernel source";
  diags.push_back(std::move(d));
}

} // namespace pyasc

void init_diagnostics(nb::module_ &m) {
  using pyasc::Diag;
  nb::class_<Diag>(m, "Diagnostic")
      .def_ro("severity", &Diag::severity)
      .def_ro("message", &Diag::message)
      .def_ro("category", &Diag::category)
      .def_ro("file", &Diag::file)
      .def_ro("line", &Diag::line)
      .def_ro("col", &Diag::col)
      .def_ro("notes", &Diag::notes)
      .def("__repr__", [](const Diag &d) {
        return d.file + ":" + std::to_string(d.line) + ":" +
               std::to_string(d.col) + ": " + d.severity + ": " + d.message;
      });
}
