//===- AscMatmulOps.cpp - the Matmul advanced API -------------------------===//
//
// The verifiers of AscMatmulOps.td: the tiling REGIST_MATMUL_OBJ and Init
// take is a TCubeTiling; each Matmul method gets the number of arguments
// Ascend C's overloads take; the tensors given for A, B, the bias and C hold
// the element type of their MatmulType and live where it says.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::asc;

namespace {
/// The arguments a method takes and what it returns.
struct MethodInfo {
  StringRef python;
  unsigned minArgs, maxArgs;
  enum Result { None, Bool, Tensor, Struct, Optional } result;
  /// The operand role its first argument plays: 'a', 'b', 'c', 'i' (bias)
  /// or 0.
  char role;
};
} // namespace

static std::optional<MethodInfo> lookupMethod(StringRef method) {
  using R = MethodInfo;
  return llvm::StringSwitch<std::optional<MethodInfo>>(method)
      .Case("Init", MethodInfo{"init", 1, 2, R::None, 0})
      .Case("End", MethodInfo{"end", 0, 0, R::None, 0})
      .Case("SetTensorA", MethodInfo{"set_tensor_a", 1, 2, R::None, 'a'})
      .Case("SetTensorB", MethodInfo{"set_tensor_b", 1, 2, R::None, 'b'})
      .Case("SetBias", MethodInfo{"set_bias", 1, 1, R::None, 'i'})
      .Case("DisableBias", MethodInfo{"disable_bias", 0, 0, R::None, 0})
      .Case("SetOrgShape", MethodInfo{"set_org_shape", 3, 5, R::None, 0})
      .Case("SetSingleShape", MethodInfo{"set_single_shape", 3, 3, R::None, 0})
      .Case("SetTail", MethodInfo{"set_tail", 0, 3, R::None, 0})
      .Case("SetBatchNum", MethodInfo{"set_batch_num", 2, 2, R::None, 0})
      .Case("SetWorkspace", MethodInfo{"set_workspace", 1, 2, R::None, 0})
      .Case("SetQuantScalar", MethodInfo{"set_quant_scalar", 1, 1, R::None, 0})
      .Case("SetQuantVector", MethodInfo{"set_quant_vector", 1, 1, R::None, 0})
      .Case("SetHF32", MethodInfo{"set_hf32", 0, 2, R::None, 0})
      .Case("SetSparseIndex", MethodInfo{"set_sparse_index", 1, 1, R::None, 0})
      .Case("SetSelfDefineData",
            MethodInfo{"set_self_define_data", 1, 1, R::None, 0})
      .Case("SetUserDefInfo", MethodInfo{"set_user_def_info", 1, 1, R::None, 0})
      .Case("Iterate", MethodInfo{"iterate", 0, 2, R::Bool, 0})
      .Case("IterateAll", MethodInfo{"iterate_all", 1, 5, R::None, 'c'})
      .Case("WaitIterateAll", MethodInfo{"wait_iterate_all", 0, 0, R::None, 0})
      .Case("IterateBatch", MethodInfo{"iterate_batch", 4, 10, R::None, 'c'})
      .Case("WaitIterateBatch",
            MethodInfo{"wait_iterate_batch", 0, 0, R::None, 0})
      .Case("IterateNBatch", MethodInfo{"iterate_n_batch", 4, 9, R::None, 0})
      .Case("GetTensorC", MethodInfo{"get_tensor_c", 0, 5, R::Optional, 0})
      .Case("AsyncGetTensorC",
            MethodInfo{"async_get_tensor_c", 1, 1, R::None, 'c'})
      .Case("WaitGetTensorC", MethodInfo{"wait_get_tensor_c", 0, 0, R::None, 0})
      .Case("GetBatchTensorC",
            MethodInfo{"get_batch_tensor_c", 2, 5, R::Optional, 0})
      .Case("GetOffsetC", MethodInfo{"get_offset_c", 0, 0, R::Struct, 0})
      .Default(std::nullopt);
}

static bool isTensor(Type type) {
  return isa<GlobalTensorType, LocalTensorType>(type);
}

/// Checks that `value`, passed for operand `role` of `mm`, is a tensor or
/// scalar of the operand's MatmulType.
static LogicalResult verifyOperandValue(Operation *op, StringRef python,
                                        MatmulType mm, char role, Value value,
                                        bool scalarAllowed) {
  TPosition position;
  Type elementType;
  StringRef name;
  switch (role) {
  case 'a':
    position = mm.getAPosition();
    elementType = mm.getAType();
    name = "A";
    break;
  case 'b':
    position = mm.getBPosition();
    elementType = mm.getBType();
    name = "B";
    break;
  case 'c':
    position = mm.getCPosition();
    elementType = mm.getCType();
    name = "C";
    break;
  default:
    position = mm.getBiasPosition();
    elementType = mm.getBiasType();
    name = "bias";
    break;
  }
  Type type = value.getType();
  if (!isTensor(type)) {
    if (scalarAllowed && type == elementType)
      return success();
    if (scalarAllowed && type.isIntOrFloat())
      return emitApiError(op, DiagCategory::DType)
             << python << ": the " << name << " matrix's MatmulType holds "
             << getPyTypeName(elementType) << ", but the scalar is "
             << getPyValueName(type);
    return emitApiError(op, DiagCategory::Argument)
           << python << ": expected a tensor for the " << name << " matrix";
  }
  Type given = getTensorElementType(type);
  if (given != elementType)
    return emitApiError(op, DiagCategory::DType)
           << python << ": the " << name << " matrix's MatmulType holds "
           << getPyTypeName(elementType) << ", but the tensor holds "
           << getPyTypeName(given);
  Hardware expected = getHardware(position);
  Hardware actual = getTensorHardware(type);
  if (expected != actual)
    return emitApiError(op, DiagCategory::Position)
           << python << ": the " << name << " matrix's MatmulType is in "
           << getPyEnumName(position) << " ("
           << stringifyHardware(expected).upper() << "), but the tensor is "
           << (isa<GlobalTensorType>(type) ? "a GlobalTensor" : "in ")
           << (isa<GlobalTensorType>(type) ? std::string()
                                           : stringifyHardware(actual).upper());
  return success();
}

static LogicalResult verifyTilingOperand(Operation *op, StringRef python,
                                         Value tiling) {
  auto type = dyn_cast<StructType>(tiling.getType());
  if (type && type.getName() == "TCubeTiling")
    return success();
  return emitApiError(op, DiagCategory::Argument)
         << python << ": the tiling must be an asc.adv.TCubeTiling";
}

LogicalResult RegistMatmulOp::verify() {
  if (Value tiling = getTiling())
    return verifyTilingOperand(*this, "register_matmul", tiling);
  return success();
}

LogicalResult MatmulCallOp::verify() {
  std::optional<MethodInfo> info = lookupMethod(getMethod());
  if (!info)
    return emitApiError(*this, DiagCategory::Argument)
           << "Matmul has no method '" << getMethod() << "'";
  auto mm = cast<MatmulType>(getMatmul().getType());
  unsigned n = getArgs().size();
  if (n < info->minArgs || n > info->maxArgs)
    return emitApiError(*this, DiagCategory::Argument)
           << info->python << " takes " << info->minArgs
           << (info->minArgs == info->maxArgs
                   ? ""
                   : " to " + std::to_string(info->maxArgs))
           << " arguments, got " << n;
  if (getResults().size() > 1)
    return emitApiError(*this, DiagCategory::Argument)
           << info->python << " has at most one result";
  Value result = getResults().empty() ? Value() : getResults()[0];
  bool hasResult = result != nullptr;
  switch (info->result) {
  case MethodInfo::None:
    if (hasResult)
      return emitApiError(*this, DiagCategory::Argument)
             << info->python << " returns nothing";
    break;
  case MethodInfo::Bool:
    if (!hasResult || !result.getType().isInteger(1))
      return emitApiError(*this, DiagCategory::Argument)
             << info->python << " returns a bool (i1)";
    break;
  case MethodInfo::Struct:
    if (!hasResult || !isa<StructType>(result.getType()))
      return emitApiError(*this, DiagCategory::Argument)
             << info->python << " returns a MatrixOffset struct";
    break;
  case MethodInfo::Tensor:
  case MethodInfo::Optional:
    if (hasResult) {
      auto global = dyn_cast<GlobalTensorType>(result.getType());
      if (!global || global.getElementType() != mm.getCType())
        return emitApiError(*this, DiagCategory::DType)
               << info->python << " returns a GlobalTensor of C's "
               << getPyTypeName(mm.getCType());
    }
    break;
  }
  StringRef method = getMethod();
  if (method == "Init")
    return verifyTilingOperand(*this, info->python, getArgs()[0]);
  if (info->role)
    return verifyOperandValue(*this, info->python, mm, info->role, getArgs()[0],
                              info->role == 'a' || info->role == 'b');
  // GetTensorC and GetBatchTensorC take C's tensor first when they do not
  // return one.
  if ((method == "GetTensorC" || method == "GetBatchTensorC") && !hasResult) {
    if (n == 0 || !isTensor(getArgs()[0].getType()))
      return emitApiError(*this, DiagCategory::Argument)
             << info->python
             << ": pass the tensor C is written to, or use the form that "
                "returns a GlobalTensor";
    return verifyOperandValue(*this, info->python, mm, 'c', getArgs()[0],
                              false);
  }
  if (method == "SetQuantVector") {
    auto global = dyn_cast<GlobalTensorType>(getArgs()[0].getType());
    if (!global || !global.getElementType().isInteger(64))
      return emitApiError(*this, DiagCategory::DType)
             << info->python
             << ": the quantisation vector is a GlobalTensor of uint64 "
                "(the per-channel scales as Fixpipe's deq words)";
  }
  return success();
}
