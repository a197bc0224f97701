//===- AscParamOps.cpp - parameter struct construction --------------------===//
//
// The field types and field checks the generated code of the parameter
// struct ops (AscParamOps.td) calls.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asc;

void mlir::asc::detail::appendFieldTypes(MLIRContext *context,
                                         ArrayRef<int> widths, Type elementType,
                                         SmallVectorImpl<Type> &types) {
  for (int width : widths) {
    if (width == 0)
      types.push_back(elementType);
    else if (width == 1)
      types.push_back(IntegerType::get(context, 1));
    else if (width < 0)
      types.push_back(IntegerType::get(context, -width, IntegerType::Signed));
    else
      types.push_back(IntegerType::get(context, width, IntegerType::Unsigned));
  }
}

/// Whether `value` of enum field `info` is a member Ascend C accepts: one
/// Python names, within the field's range if it has one.
static bool isAcceptedMember(const asc::detail::ParamFieldInfo &info,
                             int64_t value) {
  if (value < 0 || static_cast<uint64_t>(value) >= info.numEnumerators ||
      !info.pyEnumerators[value])
    return false;
  return info.max < info.min || (value >= info.min && value <= info.max);
}

/// Checks one constant integer field value against its C++ type and the
/// range Ascend C accepts.
static LogicalResult verifyFieldValue(Operation *op, StringRef name,
                                      IntegerType fieldInt,
                                      const asc::detail::ParamFieldInfo *info,
                                      int64_t value) {
  unsigned width = fieldInt.getWidth();
  if (info && info->pyEnum && !isAcceptedMember(*info, value)) {
    // The C++ type is the enum, not the integer width the IR carries it in:
    // name the enum and its members as Python spells them, as the Python
    // side does for its enum fields (MatmulConfig).
    InFlightDiagnostic diag = emitApiError(op, DiagCategory::Argument);
    diag << "'" << name << "' must be an asc." << info->pyEnum << ": one of ";
    llvm::ListSeparator sep;
    for (unsigned v = 0; v < info->numEnumerators; ++v)
      if (isAcceptedMember(*info, v))
        diag << StringRef(sep) << info->pyEnumerators[v] << " (" << v << ")";
    return diag << "; got " << value;
  }
  if (width > 1) {
    bool isSigned = fieldInt.isSigned();
    int64_t lo = isSigned ? -(int64_t(1) << (width - 1)) : 0;
    uint64_t hi = isSigned      ? (uint64_t(1) << (width - 1)) - 1
                  : width >= 64 ? UINT64_MAX
                                : (uint64_t(1) << width) - 1;
    bool fits =
        value >= lo && (value < 0 || static_cast<uint64_t>(value) <= hi);
    if (!fits)
      return emitApiError(op, DiagCategory::Argument)
             << "'" << name << "' must be in [" << lo << ", " << hi << "] ("
             << (isSigned ? "int" : "uint") << width << "_t), but got "
             << value;
  }
  if (info && info->ignoredHint && value != (info->hasInit ? info->init : 0))
    // Ascend C accepts the field and the hardware ignores it: a warning,
    // so that programs that set it still compile (AscParamOps.td).
    emitApiWarning(op, DiagCategory::Argument)
        << "'" << name << "' is ignored on Ascend 910B/910C (A2/A3), but got "
        << (width == 1 ? (value ? "True" : "False") : std::to_string(value))
        << "; " << info->ignoredHint;
  if (!info || info->max < info->min)
    return success();
  if (value < info->min || value > info->max)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << name << "' must be in [" << info->min << ", " << info->max
           << "], but got " << value;
  if (info->multiple > 1 && value % info->multiple != 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << name << "' must be a multiple of " << info->multiple
           << ", but got " << value;
  return success();
}

LogicalResult
mlir::asc::detail::verifyParamStructFields(Operation *op,
                                           ArrayRef<StringRef> names) {
  SmallVector<Type> fieldTypes;
  cast<ParamStructOpInterface>(op).getFieldTypes(fieldTypes);
  const ParamStructInfo *struct_ = getParamStructInfo(op);
  OperandRange operands = op->getOperands();
  unsigned next = 0;
  for (auto [i, name, fieldType] : llvm::enumerate(names, fieldTypes)) {
    const ParamFieldInfo *info =
        struct_ && i < struct_->numFields ? &struct_->fields[i] : nullptr;
    // An array field has `arrayLength` operands; the others one.
    unsigned count = info && info->arrayLength ? info->arrayLength : 1;
    if (info && info->arrayLength) {
      unsigned given = operands.size() - (names.size() - 1);
      if (given != count)
        return emitApiError(op, DiagCategory::Argument)
               << "'" << name << "' must hold " << count << " values, but got "
               << given;
    }
    for (Value operand : operands.slice(next, count)) {
      auto fieldInt = dyn_cast<IntegerType>(fieldType);
      if (!fieldInt || (!fieldInt.isUnsigned() && !fieldInt.isSigned() &&
                        fieldInt.getWidth() != 1)) {
        // A field of the struct's element type.
        if (!isScalarOfElementType(operand.getType(), fieldType))
          return emitApiError(op, DiagCategory::DType)
                 << "'" << name << "' is " << getPyValueName(operand.getType())
                 << ", but the struct holds " << getPyTypeName(fieldType);
        continue;
      }
      if (std::optional<int64_t> value = getConstantInt(operand))
        if (failed(verifyFieldValue(op, name, fieldInt, info,
                                    fieldInt.getWidth() == 1 ? (*value & 1)
                                                             : *value)))
          return failure();
    }
    next += count;
  }
  return success();
}

/// The constant value of the field `name` of parameter struct op `op`.
static std::optional<int64_t> constantField(Operation *op, StringRef name) {
  const asc::detail::ParamStructInfo *info =
      asc::detail::getParamStructInfo(op);
  if (!info)
    return std::nullopt;
  unsigned next = 0;
  for (const asc::detail::ParamFieldInfo &field :
       ArrayRef(info->fields, info->numFields)) {
    if (name == field.name)
      return getConstantInt(op->getOperand(next));
    next += field.arrayLength ? field.arrayLength : 1;
  }
  return std::nullopt;
}

LogicalResult mlir::asc::detail::verifyNd2NzParams(Operation *op) {
  // The distance between the NZ matrices matters only with more than one.
  std::optional<int64_t> ndNum = constantField(op, "nd_num");
  std::optional<int64_t> stride = constantField(op, "dst_nz_matrix_stride");
  if (ndNum && stride && *ndNum > 1 && *stride == 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'dst_nz_matrix_stride' must be in [1, 65535] when 'nd_num' is "
              "above 1 (it is unused with one matrix), but got 0";
  return success();
}

LogicalResult mlir::asc::detail::verifyFixpipeParams(Operation *op) {
  std::optional<int64_t> split = constantField(op, "is_channel_split");
  std::optional<int64_t> nSize = constantField(op, "n_size");
  if (split && nSize) {
    int64_t multiple = (*split & 1) ? 8 : 16;
    if (*nSize % multiple != 0)
      return emitApiError(op, DiagCategory::Argument)
             << "'n_size' must be a multiple of " << multiple
             << ((*split & 1) ? " with channel split" : "") << ", but got "
             << *nSize;
  }
  if (std::optional<int64_t> dstStride = constantField(op, "dst_stride"))
    if (*dstStride == 0)
      return emitApiError(op, DiagCategory::Argument)
             << "'dst_stride' must not be 0";
  return success();
}
