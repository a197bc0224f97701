//===- AscVectorOps.cpp - vector compute and reduction ops ----------------===//
//
// The helpers the generated code of the vector families calls (AscVectorOps.td,
// AscReduceOps.td): call arguments, template arguments, and the checks of
// masks, repeat counts, conversions, comparisons and selections, and the
// verifiers of the ops without a family (brcb, gatherb).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace mlir;
using namespace mlir::asc;

/// Bytes one repeat of a vector instruction processes per operand.
static constexpr unsigned kRepeatBytes = 256;
/// Largest repeat count (uint8_t).
static constexpr int64_t kMaxRepeat = 255;
/// Bits of the vector mask register.
static constexpr unsigned kMaskBits = 128;

//===----------------------------------------------------------------------===//
// Types and arguments
//===----------------------------------------------------------------------===//

bool mlir::asc::detail::isScalarOfElementType(Type scalar, Type element) {
  if (scalar == element)
    return true;
  auto scalarInt = dyn_cast<IntegerType>(scalar);
  auto elementInt = dyn_cast<IntegerType>(element);
  return scalarInt && elementInt && scalarInt.isSignless() &&
         elementInt.isUnsigned() &&
         scalarInt.getWidth() == elementInt.getWidth();
}

void mlir::asc::detail::appendElementTypes(SmallVectorImpl<Attribute> &args,
                                           ArrayRef<Value> tensors) {
  for (Value tensor : tensors)
    args.push_back(TypeAttr::get(getTensorElementType(tensor.getType())));
}

void mlir::asc::detail::getVectorCallArguments(
    Operation *op, SmallVectorImpl<ApiArgument> &args,
    std::optional<unsigned> maskIndex, bool maskArray,
    std::optional<unsigned> scalarIndex, Type scalarType, Attribute literal,
    unsigned literalPosition) {
  OperandRange operands = op->getOperands();
  for (unsigned index = 0, end = operands.size(); index < end; ++index) {
    if (literal && index == literalPosition)
      args.push_back(ApiArgument::attribute(literal));
    if (index == maskIndex && maskArray && index + 1 < end) {
      args.push_back(
          ApiArgument::maskArray(operands[index], operands[index + 1]));
      ++index;
    } else if (index == maskIndex) {
      args.push_back(ApiArgument::mask(operands[index]));
    } else if (index == scalarIndex) {
      args.push_back(ApiArgument::operand(operands[index], scalarType));
    } else {
      args.push_back(ApiArgument::operand(operands[index]));
    }
  }
  if (literal && literalPosition >= operands.size())
    args.push_back(ApiArgument::attribute(literal));
}

Type mlir::asc::detail::getWiderElementType(Value a, Value b) {
  Type aType = getTensorElementType(a.getType());
  Type bType = getTensorElementType(b.getType());
  return getElementByteSize(bType) > getElementByteSize(aType) ? bType : aType;
}

//===----------------------------------------------------------------------===//
// Masks and repeats
//===----------------------------------------------------------------------===//

/// True if the module `op` is in switches the mask to counter mode somewhere,
/// where a mask is an element count rather than a number of lanes.
static bool mayUseCounterMode(Operation *op) {
  Operation *root = op;
  while (Operation *parent = root->getParentOp())
    root = parent;
  return root->walk([](SetMaskCountOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

LogicalResult mlir::asc::detail::verifyVectorMask(Operation *op, Type laneType,
                                                  Value mask, Value maskHigh,
                                                  Value repeat, bool setsMask) {
  if (repeat) {
    std::optional<int64_t> count = getConstantInt(repeat);
    if (count && (*count < 0 || *count > kMaxRepeat))
      return emitApiError(op, DiagCategory::Argument)
             << "'" << getOperandName(op, repeat) << "' must be in [0, "
             << kMaxRepeat << "], but got " << *count;
  }
  if (!mask || !setsMask)
    return success();
  unsigned bytes = getElementByteSize(laneType);
  if (bytes == 0)
    return success();
  unsigned bits = bytes * 8;
  unsigned lanes = std::min(kMaskBits, kRepeatBytes / bytes);
  if (!maskHigh) {
    std::optional<int64_t> value = getConstantInt(mask);
    if (value && (*value < 1 || (*value > static_cast<int64_t>(lanes) &&
                                 !mayUseCounterMode(op))))
      return emitApiError(op, DiagCategory::Argument)
             << "'mask' (a continuous mask) must be in [1, " << lanes
             << "] for " << bits << "-bit elements, but got " << *value;
    return success();
  }
  std::optional<int64_t> low = getConstantInt(mask);
  std::optional<int64_t> high = getConstantInt(maskHigh);
  if (low && high && *low == 0 && *high == 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'mask' (a bit mask) must enable at least one lane, but both "
              "words are 0";
  if (lanes <= 64 && high && *high != 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'mask[1]' must be 0 for " << bits << "-bit elements, which "
           << "have " << lanes << " lanes per repeat, but got " << *high;
  return success();
}

LogicalResult mlir::asc::detail::verifyCount(Operation *op, Value count) {
  std::optional<int64_t> value = getConstantInt(count);
  if (value && *value < 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'count' must be non-negative, but got " << *value;
  return success();
}

LogicalResult mlir::asc::detail::verifyUnsignedOperand(Operation *op,
                                                       Value value,
                                                       unsigned width) {
  std::optional<int64_t> v = getConstantInt(value);
  int64_t hi = (int64_t(1) << width) - 1;
  if (v && (*v < 0 || *v > hi))
    return emitApiError(op, DiagCategory::Argument)
           << "'" << getOperandName(op, value) << "' must be in [0, " << hi
           << "] (uint" << width << "_t), but got " << *v;
  return success();
}

//===----------------------------------------------------------------------===//
// Family checks
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::detail::verifyCompareCount(Operation *op,
                                                    Type elementType,
                                                    Value count) {
  std::optional<int64_t> value = getConstantInt(count);
  if (!value)
    return success();
  int64_t bytes = *value * getElementByteSize(elementType);
  if (bytes % kRepeatBytes != 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'count' = " << *value << " " << getPyTypeName(elementType)
           << " elements span " << bytes
           << " bytes, which is not a multiple of " << kRepeatBytes
           << " bytes (one repeat)";
  return success();
}

LogicalResult mlir::asc::detail::verifyWideningTypes(Operation *op, Value dst,
                                                     Value src) {
  Type dstType = getTensorElementType(dst.getType());
  Type srcType = getTensorElementType(src.getType());
  if (dstType == srcType || (dstType.isF32() && srcType.isF16()))
    return success();
  return emitApiError(op, DiagCategory::DType)
         << "'dst' holds " << getPyTypeName(dstType) << " and '"
         << getOperandName(op, src) << "' holds " << getPyTypeName(srcType)
         << ", but supported (dst, " << getOperandName(op, src)
         << ") element types are (float16, float16), (float32, float32) and "
            "(float32, float16)";
}

namespace {
/// A conversion Cast supports on A2/A3 (element types as Python names them)
/// and its round modes, one bit per RoundMode value.
struct CastRule {
  StringLiteral src;
  StringLiteral dst;
  unsigned modes;
};
} // namespace

static constexpr unsigned modeBit(RoundMode mode) {
  return 1u << static_cast<unsigned>(mode);
}
static constexpr unsigned kNone = modeBit(RoundMode::CAST_NONE);
/// CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC.
static constexpr unsigned kRounding =
    modeBit(RoundMode::CAST_RINT) | modeBit(RoundMode::CAST_FLOOR) |
    modeBit(RoundMode::CAST_CEIL) | modeBit(RoundMode::CAST_ROUND) |
    modeBit(RoundMode::CAST_TRUNC);
static constexpr unsigned kOdd = modeBit(RoundMode::CAST_ODD);

/// The conversions of hardware.md §4.3 (int4 aside). int32 -> f16 goes
/// through the DEQSCALE register and ignores the round mode.
static constexpr CastRule kCastRules[] = {
    {"int8", "float16", kNone},
    {"uint8", "float16", kNone},
    {"int16", "float16", kRounding | kNone},
    {"int16", "float32", kNone},
    {"float16", "int8", kRounding | kNone},
    {"float16", "uint8", kRounding | kNone},
    {"float16", "int16", kRounding},
    {"float16", "int32", kRounding},
    {"float16", "float32", kNone},
    {"bfloat16", "int32", kRounding},
    {"bfloat16", "float32", kNone},
    {"int32", "int16", kNone},
    {"int32", "float16", kRounding | kNone | kOdd},
    {"int32", "float32", kRounding | kNone},
    {"int32", "int64", kNone},
    {"float32", "int16", kRounding},
    {"float32", "int32", kRounding},
    {"float32", "int64", kRounding},
    {"float32", "bfloat16", kRounding},
    {"float32", "float32", kRounding},
    {"float32", "float16", kRounding | kOdd | kNone},
    {"int64", "int32", kNone},
    {"int64", "float32", kRounding},
};

LogicalResult mlir::asc::detail::verifyCastTypes(Operation *op, Type dst,
                                                 Type src, RoundMode mode) {
  std::string srcName = getPyTypeName(src);
  std::string dstName = getPyTypeName(dst);
  const CastRule *rule = llvm::find_if(kCastRules, [&](const CastRule &r) {
    return r.src == srcName && r.dst == dstName;
  });
  if (rule == std::end(kCastRules)) {
    // Every element type the op accepts converts to something.
    SmallVector<StringRef> targets;
    for (const CastRule &r : kCastRules)
      if (r.src == srcName)
        targets.push_back(r.dst);
    return emitApiError(op, DiagCategory::DType)
           << "cannot cast " << srcName << " to " << dstName
           << " on Ascend 910B/910C; " << srcName << " converts to "
           << llvm::join(targets, ", ");
  }
  if (rule->modes & modeBit(mode))
    return success();
  SmallVector<std::string> modes;
  for (unsigned value = 0; value <= static_cast<unsigned>(RoundMode::CAST_ODD);
       ++value)
    if (rule->modes & (1u << value))
      modes.push_back(getPyEnumName(static_cast<RoundMode>(value)));
  return emitApiError(op, DiagCategory::Argument)
         << "a cast from " << srcName << " to " << dstName << " supports "
         << llvm::join(modes, ", ") << ", but 'round_mode' is "
         << getPyEnumName(mode);
}

LogicalResult mlir::asc::detail::verifyCompareMode(Operation *op, Type src,
                                                   CmpMode mode) {
  if (src.isSignlessInteger(32) && mode != CmpMode::EQ)
    return emitApiError(op, DiagCategory::Argument)
           << "int32 sources support only " << getPyEnumName(CmpMode::EQ)
           << " on Ascend 910B/910C, but 'cmp_mode' is " << getPyEnumName(mode);
  return success();
}

LogicalResult mlir::asc::detail::verifySelectMode(Operation *op, SelMode mode,
                                                  bool scalar) {
  if (scalar && mode != SelMode::VSEL_TENSOR_SCALAR_MODE)
    return emitApiError(op, DiagCategory::Argument)
           << "a scalar 'src1' needs "
           << getPyEnumName(SelMode::VSEL_TENSOR_SCALAR_MODE)
           << ", but 'sel_mode' is " << getPyEnumName(mode);
  if (!scalar && mode == SelMode::VSEL_TENSOR_SCALAR_MODE)
    return emitApiError(op, DiagCategory::Argument)
           << "a tensor 'src1' needs "
           << getPyEnumName(SelMode::VSEL_CMPMASK_SPR) << " or "
           << getPyEnumName(SelMode::VSEL_TENSOR_TENSOR_MODE)
           << ", but 'sel_mode' is " << getPyEnumName(mode);
  return success();
}

//===----------------------------------------------------------------------===//
// BrcbOp
//===----------------------------------------------------------------------===//

LogicalResult BrcbOp::verify() {
  return detail::verifyVectorMask(*this, Type(), Value(), Value(),
                                  getRepeatTimes(), /*setsMask=*/false);
}

//===----------------------------------------------------------------------===//
// GatherbOp
//===----------------------------------------------------------------------===//

LogicalResult GatherbOp::verify() {
  return detail::verifyVectorMask(*this, Type(), Value(), Value(),
                                  getRepeatTimes(), /*setsMask=*/false);
}
