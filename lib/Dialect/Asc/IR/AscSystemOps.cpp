//===- AscSystemOps.cpp - launch, hardware and SoC ops --------------------===//
//
// Verifier of asc.property.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// PropertyOp
//===----------------------------------------------------------------------===//

Type PropertyOp::getPropertyType(MLIRContext *context, Property property) {
  switch (property) {
  case Property::ONE_BLK_SIZE:
    return IntegerType::get(context, 16);
  case Property::DEFAULT_C0_SIZE:
  case Property::TOTAL_L1_SIZE:
  case Property::TOTAL_L0C_SIZE:
    return IntegerType::get(context, 32);
  }
  llvm_unreachable("unknown Property");
}

LogicalResult PropertyOp::verify() {
  Type expected = getPropertyType(getContext(), getProperty());
  if (getType() != expected)
    return emitApiError(*this, DiagCategory::DType)
           << getPyEnumName(getProperty()) << " is " << getPyTypeName(expected)
           << ", but the result type is " << getPyTypeName(getType());
  return success();
}
