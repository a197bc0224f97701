//===- ascir-opt.cpp - ascir optimizer driver -----------------------------===//
//
// Parses asc/func/scf/arith/cf IR, runs passes, prints the result.
//
//===----------------------------------------------------------------------===//

#include "ascir/InitAll.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  ascir::registerAllPasses();
  mlir::DialectRegistry registry;
  ascir::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ascir optimizer driver\n", registry));
}
