//===- TranslateRegistration.cpp - register mlir-to-ascendc ---------------===//
//
// Registers the translation with mlir-translate style drivers and turns the
// emitter options into command-line flags.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Target/AscendC/AscendCEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

void mlir::asc::registerToAscendCTranslation() {
  static llvm::cl::opt<bool> lineDirectives(
      "asc-line-directives",
      llvm::cl::desc("Emit #line directives pointing at the source locations "
                     "of the ops"),
      llvm::cl::init(true));
  static llvm::cl::opt<bool> simulatorEntry(
      "asc-simulator-entry",
      llvm::cl::desc("Emit pyasc's simulator entry points after the kernel "
                     "(under #ifdef ASCSIM)"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> npuLaunchParams(
      "asc-npu-launch-params",
      llvm::cl::desc("Append the NPU launcher's trailing kernel parameters "
                     "(ffts_addr, and dump_addr with --asc-dump-buffer)"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> dumpBuffer(
      "asc-dump-buffer",
      llvm::cl::desc("With --asc-npu-launch-params: the kernel takes the "
                     "debug dump buffer and initialises printing with it"),
      llvm::cl::init(false));

  TranslateFromMLIRRegistration registration(
      "mlir-to-ascendc", "translate asc IR to Ascend C source",
      [](Operation *op, raw_ostream &output) {
        AscendCEmitterOptions options;
        options.lineDirectives = lineDirectives;
        options.simulatorEntry = simulatorEntry;
        options.npuLaunchParams = npuLaunchParams;
        options.dumpBuffer = dumpBuffer;
        return translateToAscendC(op, output, options);
      },
      [](DialectRegistry &registry) {
        // clang-format off
        registry.insert<arith::ArithDialect,
                        asc::AscDialect,
                        cf::ControlFlowDialect,
                        func::FuncDialect,
                        scf::SCFDialect>();
        // clang-format on
      });
}
