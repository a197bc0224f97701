//===- AscStructOps.cpp - user struct ops ---------------------------------===//
//
// Verifiers and folders of struct_get and struct_set.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

/// Checks that `type` has a field `field` of type `fieldType`; `what` names
/// the value that has `fieldType` (the result, the value).
static LogicalResult verifyField(Operation *op, StructType type,
                                 StringRef field, Type fieldType,
                                 StringRef what) {
  std::optional<unsigned> index = type.getFieldIndex(field);
  if (!index)
    return emitApiError(op, DiagCategory::Argument)
           << "struct " << type.getName() << " has no field '" << field << "'";
  Type expected = type.getFieldTypes()[*index];
  if (expected != fieldType)
    return emitApiError(op, DiagCategory::DType)
           << "field '" << field << "' of struct " << type.getName()
           << " holds " << getPyTypeName(expected) << ", but the " << what
           << " is " << getPyTypeName(fieldType);
  return success();
}

//===----------------------------------------------------------------------===//
// StructGetOp
//===----------------------------------------------------------------------===//

LogicalResult StructGetOp::verify() {
  return verifyField(*this, getInput().getType(), getField(), getType(),
                     "result");
}

OpFoldResult StructGetOp::fold(FoldAdaptor adaptor) {
  // Look through writes of other fields to the last write of this one.
  Value input = getInput();
  while (auto setOp = input.getDefiningOp<StructSetOp>()) {
    if (setOp.getField() == getField())
      return setOp.getValue();
    input = setOp.getInput();
  }
  if (input == getInput())
    return {};
  getInputMutable().assign(input);
  return getResult();
}

//===----------------------------------------------------------------------===//
// StructSetOp
//===----------------------------------------------------------------------===//

LogicalResult StructSetOp::verify() {
  return verifyField(*this, getInput().getType(), getField(),
                     getValue().getType(), "value");
}
