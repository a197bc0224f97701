//===- AscPrivatizeDeviceFunctions.cpp - device functions become private --===//
//
// Sets the visibility of every defined function without `asc.kernel` to
// private, so that `inline` and `symbol-dce` can inline and then delete
// device functions.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCPRIVATIZEDEVICEFUNCTIONS
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;

namespace {

struct AscPrivatizeDeviceFunctions
    : public mlir::asc::impl::AscPrivatizeDeviceFunctionsBase<
          AscPrivatizeDeviceFunctions> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<FunctionOpInterface>()) {
      if (func.isExternal() || func.isPrivate() ||
          func->hasAttr(AscDialect::getKernelAttrName()))
        continue;
      func.setPrivate();
      ++numPrivatized;
    }
  }
};

} // namespace
