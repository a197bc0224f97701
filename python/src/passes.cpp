//===- passes.cpp - Pass pipelines over asc modules -------------*- C++ -*-===//
//
// Runs a textual list of passes on a module (the contents of ascir-opt's
// --pass-pipeline='builtin.module(...)') and returns every diagnostic instead
// of printing it.
//
//===----------------------------------------------------------------------===//

#include "bindings.h"
#include "ir.h"

#include "ascir/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir;

namespace {

/// Registers passes once per process (the registry is global in MLIR).
void ensurePassesRegistered() {
  static const bool registered = [] {
    ascir::registerAllPasses();
    return true;
  }();
  (void)registered;
}

} // namespace

void init_passes(nb::module_ &m) {
  m.def(
      "run_pipeline",
      [](pyasc::NbModule &module, const std::string &pipeline,
         bool printIrBeforeAll) {
        ensurePassesRegistered();
        Operation *op = module.module->getOperation();
        MLIRContext *ctx = op->getContext();
        pyasc::DiagnosticCapture capture(ctx);
        PassManager pm(ctx, ModuleOp::getOperationName());
        std::vector<pyasc::Diag> diags;
        std::string err;
        llvm::raw_string_ostream errOs(err);
        if (failed(parsePassPipeline(pipeline, pm, errOs))) {
          pyasc::Diag d;
          d.severity = "error";
          d.message = "invalid pass pipeline '" + pipeline + "': " + err;
          diags.push_back(d);
          return diags;
        }
        // @asc.jit(print_ir_before_all=True): the module before every pass,
        // on stderr (module scope needs a single-threaded context).
        bool wasMultithreaded = ctx->isMultithreadingEnabled();
        if (printIrBeforeAll) {
          ctx->disableMultithreading();
          pm.enableIRPrinting(
              /*shouldPrintBeforePass=*/[](Pass *,
                                           Operation *) { return true; },
              /*shouldPrintAfterPass=*/
              [](Pass *, Operation *) { return false; },
              /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
              /*printAfterOnlyOnFailure=*/false, llvm::errs());
        }
        bool failedRun = false;
        {
          nb::gil_scoped_release release;
          failedRun = failed(pm.run(op));
        }
        if (printIrBeforeAll) {
          llvm::errs().flush();
          ctx->enableMultithreading(wasMultithreaded);
        }
        diags = capture.take();
        if (failedRun)
          pyasc::ensureDiagnostic(diags, "pass pipeline '" + pipeline + "'");
        return diags;
      },
      nb::arg("module"), nb::arg("pipeline"),
      nb::arg("print_ir_before_all") = false);
}
