//===- AscAdvOps.cpp - the advanced API (asc.adv) -------------------------===//
//
// The checks of the ops in AscAdvOps.td beyond their operand rules: the
// tiling structs are the advanced API's (by name), and the options that
// have no implementation are rejected rather than ignored.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

static LogicalResult verifyTiling(Operation *op, Value tiling,
                                  StringRef expected) {
  auto type = cast<StructType>(tiling.getType());
  if (type.getName() == expected)
    return success();
  return emitApiError(op, DiagCategory::Argument)
         << "'tiling' must be an asc.adv." << expected << ", but it is a "
         << type.getName();
}

LogicalResult mlir::asc::detail::verifyAdvOp(Operation *op) {
  if (auto softmax = dyn_cast<AdvSoftmaxOp>(op)) {
    if (softmax.getDataFormatNz())
      return emitApiError(op, DiagCategory::Argument)
             << "'data_format_nz' (rows in the NZ fractal layout) is not "
                "implemented; pass the rows in ND layout";
    return verifyTiling(op, softmax.getTiling(), "SoftmaxTiling");
  }
  if (auto rmsnorm = dyn_cast<AdvRmsNormOp>(op))
    return verifyTiling(op, rmsnorm.getTiling(), "RmsNormTiling");
  if (auto exp = dyn_cast<AdvExpOp>(op)) {
    if (exp.getTaylorExpandLevel() < 0 || exp.getTaylorExpandLevel() > 30)
      return emitApiError(op, DiagCategory::Argument)
             << "'taylor_expand_level' must be in [0, 30] (beyond 30 terms "
                "add nothing in float32), but got "
             << exp.getTaylorExpandLevel();
  }
  return success();
}
