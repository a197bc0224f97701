//===- InitAll.cpp - register everything ascir provides -------------------===//
//
// The dialects, passes and translations of ascir, registered in one place
// for ascir-opt, ascir-translate and the Python extension.
//
//===----------------------------------------------------------------------===//

#include "ascir/InitAll.h"

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "ascir/Target/AscendC/AscendCEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void ascir::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::arith::ArithDialect, mlir::asc::AscDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::scf::SCFDialect>();
  mlir::func::registerInlinerExtension(registry);
}

// Registration is global state; both functions may be called more than once
// (each tool and the Python extension call them).

void ascir::registerAllPasses() {
  static const bool once = [] {
    mlir::asc::registerAscPasses();
    mlir::registerCanonicalizer();
    mlir::registerCSE();
    mlir::registerLoopInvariantCodeMotion(); // upstream, for comparison with
                                             // asc-licm
    mlir::registerInliner();
    mlir::registerSymbolDCE();
    mlir::registerStripDebugInfo();
    return true;
  }();
  (void)once;
}

void ascir::registerAllTranslations() {
  static const bool once = [] {
    mlir::asc::registerToAscendCTranslation();
    return true;
  }();
  (void)once;
}
