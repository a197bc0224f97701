//===- InitAll.h - register everything ascir provides -----------*- C++ -*-===//
//
// The single registration entry point shared by ascir-opt, ascir-translate
// and the Python extension, so all three always agree.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_INITALL_H
#define ASCIR_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ascir {

/// Adds the dialects ascir parses and prints (asc, func, scf, arith, cf) and
/// the func inliner extension to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers the asc passes and the upstream passes pyasc uses
/// (canonicalize, cse, inline, symbol-dce, strip-debuginfo).
void registerAllPasses();

/// Registers the `mlir-to-ascendc` translation.
void registerAllTranslations();

} // namespace ascir

#endif // ASCIR_INITALL_H
