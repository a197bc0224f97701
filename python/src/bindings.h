//===- bindings.h - Shared declarations of the _asc module ------*- C++ -*-===//
//
// Entry points of each binding area and the diagnostic capture used by every
// area that runs MLIR code (verify, passes, translation).
//
//===----------------------------------------------------------------------===//

#ifndef PYASC_PYTHON_SRC_BINDINGS_H
#define PYASC_PYTHON_SRC_BINDINGS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <nanobind/nanobind.h>
#include <string>
#include <vector>

namespace pyasc {

/// One MLIR diagnostic flattened for Python: where (file, line, col of the
/// innermost FileLineColLoc), what, its category ("dtype", "capacity", ...;
/// empty when the diagnostic has none) and its attached notes.
struct Diag {
  std::string severity;
  std::string message;
  std::string category;
  std::string file;
  unsigned line = 0;
  unsigned col = 0;
  std::vector<Diag> notes;
};

/// Collects every diagnostic emitted on `ctx` while alive (RAII). Nothing is
/// printed: the Python side renders them with the user's source excerpt.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *ctx);
  ~DiagnosticCapture();
  std::vector<Diag> take() { return std::move(diags); }
  bool hasError() const;

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<Diag> diags;
};

/// Makes sure a failed stage always reports something (never a bare "failed").
void ensureDiagnostic(std::vector<Diag> &diags, const std::string &stage);

} // namespace pyasc

void init_diagnostics(nanobind::module_ &m);
void init_ir(nanobind::module_ &m);
void init_passes(nanobind::module_ &m);
void init_translate(nanobind::module_ &m);

#endif // PYASC_PYTHON_SRC_BINDINGS_H
