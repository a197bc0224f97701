//===- AscQuantOps.cpp - quantisation and fused casts ---------------------===//
//
// The element-type rules of the fused casts and CastDeq, and the verifiers
// and call arguments of the DEQSCALE ops (AscQuantOps.td).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asc;

namespace {
/// A (source, destination) element-type pair an API supports on A2/A3, as
/// Python names the types.
struct QuantRule {
  StringLiteral api;
  StringLiteral src;
  StringLiteral dst;
};
} // namespace

/// ascendc_api.md §5.2 (AddReluCast, SubReluCast, MulCast, AddDeqRelu) and
/// §5.5 (CastDeq).
static constexpr QuantRule kQuantRules[] = {
    {"add_relu_cast", "float16", "int8"},
    {"add_relu_cast", "int16", "int8"},
    {"add_relu_cast", "float32", "float16"},
    {"sub_relu_cast", "float16", "int8"},
    {"sub_relu_cast", "int16", "int8"},
    {"sub_relu_cast", "float32", "float16"},
    {"mul_cast", "float16", "int8"},
    {"mul_cast", "float16", "uint8"},
    {"add_deq_relu", "int32", "float16"},
    {"cast_deq", "int32", "float16"},
    {"cast_deq", "int16", "int8"},
    {"cast_deq", "int16", "uint8"},
};

LogicalResult mlir::asc::detail::verifyQuantTypes(Operation *op, StringRef api,
                                                  Type dst, Type src) {
  std::string srcName = getPyTypeName(src);
  std::string dstName = getPyTypeName(dst);
  SmallVector<std::string> pairs;
  for (const QuantRule &rule : kQuantRules) {
    if (rule.api != api)
      continue;
    if (rule.src == srcName && rule.dst == dstName)
      return success();
    pairs.push_back((rule.src + " -> " + rule.dst).str());
  }
  return emitApiError(op, DiagCategory::DType)
         << srcName << " -> " << dstName
         << " is not supported on Ascend 910B/910C; supported: "
         << llvm::join(pairs, ", ");
}

LogicalResult mlir::asc::detail::verifyBilinear(Operation *op, Value hRepeat,
                                                Value vRepeat, Value vROffset,
                                                Value dstBlkStride) {
  struct Range {
    Value value;
    int64_t lo, hi;
  } ranges[] = {{hRepeat, 1, 255},
                {vRepeat, 1, 255},
                {vROffset, 128, 65534},
                {dstBlkStride, 1, 65535}};
  for (const Range &r : ranges) {
    std::optional<int64_t> v = getConstantInt(r.value);
    if (v && (*v < r.lo || *v > r.hi))
      return emitApiError(op, DiagCategory::Argument)
             << "'" << getOperandName(op, r.value) << "' must be in [" << r.lo
             << ", " << r.hi << "], but got " << *v;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SetDeqScaleOp, SetDeqScaleOffsetOp
//===----------------------------------------------------------------------===//

// The scalars are spelled as exactly their types (half, float, int16_t,
// bool), which selects the overload.
void SetDeqScaleOp::getCallArguments(SmallVectorImpl<ApiArgument> &args) {
  args.push_back(ApiArgument::operand(getScale(), getScale().getType()));
}

void SetDeqScaleOffsetOp::getCallArguments(SmallVectorImpl<ApiArgument> &args) {
  for (Value operand : getOperands())
    args.push_back(ApiArgument::operand(operand, operand.getType()));
}

LogicalResult SetDeqScaleOffsetOp::verify() {
  std::optional<int64_t> offset = getConstantInt(getOffset());
  if (offset && (*offset < -256 || *offset > 255))
    return emitApiError(*this, DiagCategory::Argument)
           << "'offset' must be a 9-bit signed value in [-256, 255], but got "
           << *offset;
  return success();
}

//===----------------------------------------------------------------------===//
// VdeqInfoOp
//===----------------------------------------------------------------------===//

LogicalResult VdeqInfoOp::verify() {
  constexpr unsigned kGroups = 16;
  OperandRange fields = getFields();
  if (fields.size() != 3 * kGroups)
    return emitApiError(*this, DiagCategory::Argument)
           << "expects " << 3 * kGroups
           << " fields (16 scales, 16 offsets, 16 sign modes), but got "
           << fields.size();
  Builder b(getContext());
  Type expected[] = {b.getF32Type(), b.getI16Type(), b.getI1Type()};
  static const char *const kNames[] = {"scale", "offset", "sign_mode"};
  for (unsigned i = 0; i < fields.size(); ++i) {
    Type want = expected[i / kGroups];
    if (fields[i].getType() != want)
      return emitApiError(*this, DiagCategory::DType)
             << "'" << kNames[i / kGroups] << "[" << i % kGroups
             << "]' must be " << getPyValueName(want) << ", but it is "
             << getPyValueName(fields[i].getType());
    if (i / kGroups != 1)
      continue;
    std::optional<int64_t> offset = getConstantInt(fields[i]);
    if (offset && (*offset < -256 || *offset > 255))
      return emitApiError(*this, DiagCategory::Argument)
             << "'offset[" << i % kGroups
             << "]' must be a 9-bit signed value in [-256, 255], but got "
             << *offset;
  }
  return success();
}
