//===- AscParamOps.cpp - parameter struct construction --------------------===//
//
// The field types and field checks the generated code of the parameter
// struct ops (AscParamOps.td) calls.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

void mlir::asc::detail::appendFieldTypes(MLIRContext *context,
                                         ArrayRef<unsigned> widths,
                                         Type elementType,
                                         SmallVectorImpl<Type> &types) {
  for (unsigned width : widths) {
    if (width == 0)
      types.push_back(elementType);
    else if (width == 1)
      types.push_back(IntegerType::get(context, 1));
    else
      types.push_back(IntegerType::get(context, width, IntegerType::Unsigned));
  }
}

LogicalResult
mlir::asc::detail::verifyParamStructFields(Operation *op,
                                           ArrayRef<StringRef> names) {
  SmallVector<Type> fieldTypes;
  cast<ParamStructOpInterface>(op).getFieldTypes(fieldTypes);
  for (auto [name, operand, fieldType] :
       llvm::zip_equal(names, op->getOperands(), fieldTypes)) {
    auto fieldInt = dyn_cast<IntegerType>(fieldType);
    if (!fieldInt || !fieldInt.isUnsigned()) {
      // A field of the struct's element type (bool fields are i1 by ODS).
      if (fieldInt && fieldInt.getWidth() == 1)
        continue;
      if (!isScalarOfElementType(operand.getType(), fieldType))
        return emitApiError(op, DiagCategory::DType)
               << "'" << name << "' is " << getPyValueName(operand.getType())
               << ", but the struct holds " << getPyTypeName(fieldType);
      continue;
    }
    std::optional<int64_t> value = getConstantInt(operand);
    if (!value)
      continue;
    unsigned width = fieldInt.getWidth();
    uint64_t max = width >= 64 ? UINT64_MAX : (uint64_t(1) << width) - 1;
    if (*value < 0 || static_cast<uint64_t>(*value) > max)
      return emitApiError(op, DiagCategory::Argument)
             << "'" << name << "' must be in [0, " << max << "] (uint"
             << width << "_t), but got " << *value;
  }
  return success();
}
