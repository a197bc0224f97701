//===- ascir-translate.cpp - ascir translation driver ---------------------===//
//
// Runs the `mlir-to-ascendc` translation (asc IR -> Ascend C source).
//
//===----------------------------------------------------------------------===//

#include "ascir/InitAll.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  ascir::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "ascir translation driver\n"));
}
