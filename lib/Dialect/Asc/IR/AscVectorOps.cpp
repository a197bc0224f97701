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
      return op->emitOpError() << "repeat count must be in [0, " << kMaxRepeat
                               << "], but got " << *count;
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
      return op->emitOpError()
             << "continuous mask must be in [1, " << lanes << "] for " << bits
             << "-bit elements, but got " << *value;
    return success();
  }
  std::optional<int64_t> low = getConstantInt(mask);
  std::optional<int64_t> high = getConstantInt(maskHigh);
  if (low && high && *low == 0 && *high == 0)
    return op->emitOpError()
           << "bit mask must enable at least one lane, but both words are 0";
  if (lanes <= 64 && high && *high != 0)
    return op->emitOpError()
           << "bit mask word 1 must be 0 for " << bits << "-bit elements, "
           << "which have " << lanes << " lanes per repeat, but got " << *high;
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
    return op->emitOpError()
           << "count " << *value << " of " << elementType << " spans " << bytes
           << " bytes, which is not a multiple of " << kRepeatBytes << " bytes";
  return success();
}

LogicalResult mlir::asc::detail::verifyWideningTypes(Operation *op, Type dst,
                                                     Type src) {
  if (dst == src || (dst.isF32() && src.isF16()))
    return success();
  return op->emitOpError()
         << "cannot write " << dst << " results from " << src
         << " sources; supported (destination, source) element types are "
            "(f16, f16), (f32, f32) and (f32, f16)";
}

namespace {
/// A conversion Cast supports on A2/A3 and its round modes, one bit per
/// RoundMode value.
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
    {"i8", "f16", kNone},
    {"ui8", "f16", kNone},
    {"i16", "f16", kRounding | kNone},
    {"i16", "f32", kNone},
    {"f16", "i8", kRounding | kNone},
    {"f16", "ui8", kRounding | kNone},
    {"f16", "i16", kRounding},
    {"f16", "i32", kRounding},
    {"f16", "f32", kNone},
    {"bf16", "i32", kRounding},
    {"bf16", "f32", kNone},
    {"i32", "i16", kNone},
    {"i32", "f16", kRounding | kNone | kOdd},
    {"i32", "f32", kRounding | kNone},
    {"i32", "i64", kNone},
    {"f32", "i16", kRounding},
    {"f32", "i32", kRounding},
    {"f32", "i64", kRounding},
    {"f32", "bf16", kRounding},
    {"f32", "f32", kRounding},
    {"f32", "f16", kRounding | kOdd | kNone},
    {"i64", "i32", kNone},
    {"i64", "f32", kRounding},
};

static std::string getTypeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return name;
}

LogicalResult mlir::asc::detail::verifyCastTypes(Operation *op, Type dst,
                                                 Type src, RoundMode mode) {
  std::string srcName = getTypeName(src);
  std::string dstName = getTypeName(dst);
  const CastRule *rule = llvm::find_if(kCastRules, [&](const CastRule &r) {
    return r.src == srcName && r.dst == dstName;
  });
  if (rule == std::end(kCastRules)) {
    // Every element type the op accepts converts to something.
    SmallVector<StringRef> targets;
    for (const CastRule &r : kCastRules)
      if (r.src == srcName)
        targets.push_back(r.dst);
    return op->emitOpError()
           << "cannot cast " << srcName << " to " << dstName << " on A2/A3; "
           << srcName << " converts to " << llvm::join(targets, ", ");
  }
  if (rule->modes & modeBit(mode))
    return success();
  SmallVector<StringRef> modes;
  for (unsigned value = 0; value <= static_cast<unsigned>(RoundMode::CAST_ODD);
       ++value)
    if (rule->modes & (1u << value))
      modes.push_back(stringifyRoundMode(static_cast<RoundMode>(value)));
  return op->emitOpError() << "cast from " << srcName << " to " << dstName
                           << " supports round modes "
                           << llvm::join(modes, ", ") << ", but got "
                           << stringifyRoundMode(mode);
}

LogicalResult mlir::asc::detail::verifyCompareMode(Operation *op, Type src,
                                                   CmpMode mode) {
  if (src.isSignlessInteger(32) && mode != CmpMode::EQ)
    return op->emitOpError()
           << "i32 sources can only be compared with eq, but got "
           << stringifyCmpMode(mode);
  return success();
}

LogicalResult mlir::asc::detail::verifySelectMode(Operation *op, SelMode mode,
                                                  bool scalar) {
  if (scalar && mode != SelMode::VSEL_TENSOR_SCALAR_MODE)
    return op->emitOpError()
           << "a selection from a tensor and a scalar needs mode "
              "vsel_tensor_scalar_mode, but got "
           << stringifySelMode(mode);
  if (!scalar && mode == SelMode::VSEL_TENSOR_SCALAR_MODE)
    return op->emitOpError()
           << "a selection from two tensors needs mode vsel_cmpmask_spr or "
              "vsel_tensor_tensor_mode, but got vsel_tensor_scalar_mode";
  return success();
}

//===----------------------------------------------------------------------===//
// BrcbOp
//===----------------------------------------------------------------------===//

LogicalResult BrcbOp::verify() {
  return detail::verifyVectorMask(*this, Type(), Value(), Value(), getRepeatTimes(),
                                  /*setsMask=*/false);
}

//===----------------------------------------------------------------------===//
// GatherbOp
//===----------------------------------------------------------------------===//

LogicalResult GatherbOp::verify() {
  return detail::verifyVectorMask(*this, Type(), Value(), Value(), getRepeatTimes(),
                                  /*setsMask=*/false);
}
