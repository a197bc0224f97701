//===- AscControlOps.cpp - system control, cache, scalar ops --------------===//
//
// Verifiers and template arguments of the ops in AscControlOps.td.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

void ScalarCastOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(getValue().getType()));
  args.push_back(TypeAttr::get(getType()));
  args.push_back(getRoundModeAttr());
}

LogicalResult ScalarCastOp::verify() {
  // float -> half supports every mode; float -> int32 needs a rounding
  // direction (ascendc_api.md §5.16, the Cast table of hardware.md §4.3).
  RoundMode mode = getRoundMode();
  if (getType().isInteger(32) &&
      (mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_ODD))
    return emitOpError() << "round mode " << stringifyRoundMode(mode)
                         << " is not supported for float to int32; use "
                            "cast_rint, cast_floor, cast_ceil, cast_round or "
                            "cast_trunc";
  return success();
}

static LogicalResult verifyCountValue(Operation *op, int32_t value) {
  if (value != 0 && value != 1)
    return op->emitOpError()
           << "count_value must be 0 or 1, but got " << value;
  return success();
}

LogicalResult ScalarGetSFFValueOp::verify() {
  return verifyCountValue(*this, getCountValue());
}

LogicalResult ScalarGetCountOfValueOp::verify() {
  return verifyCountValue(*this, getCountValue());
}

//===----------------------------------------------------------------------===//
// HCCL context
//===----------------------------------------------------------------------===//

static LogicalResult verifyHcclIndex(Operation *op, int32_t index) {
  if (index != 0 && index != 1)
    return op->emitOpError()
           << "index must be 0 or 1 (two communication domains), but got "
           << index;
  return success();
}

LogicalResult GetHcclContextOp::verify() {
  return verifyHcclIndex(*this, getIndex());
}

LogicalResult SetHcclContextOp::verify() {
  return verifyHcclIndex(*this, getIndex());
}

//===----------------------------------------------------------------------===//
// Caches
//===----------------------------------------------------------------------===//

void DataCacheCleanAndInvalidOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(getDst().getType().getElementType()));
  args.push_back(getEntireTypeAttr());
  if (DcciDstAttr dcci = getDcciDstAttr())
    args.push_back(dcci);
}

LogicalResult DataCacheCleanAndInvalidOp::verify() {
  std::optional<DcciDst> dcci = getDcciDst();
  if (dcci && *dcci == DcciDst::CACHELINE_ATOMIC)
    return emitOpError() << "dcci_dst cacheline_atomic is not supported on "
                            "Ascend 910B/910C (A2/A3)";
  return success();
}

LogicalResult DataCachePreloadOp::verify() {
  Type element = getSrc().getType().getElementType();
  if (!element.isInteger(64))
    return emitOpError() << "src must be a global tensor of ui64 "
                            "(GlobalTensor<uint64_t>), but its elements are "
                         << element;
  return success();
}

//===----------------------------------------------------------------------===//
// AIPP
//===----------------------------------------------------------------------===//

ArrayRef<unsigned> AippParamsOp::getGroupSizes() {
  // paddingParams, swapParams, singleLineParams, dtcParams, cPaddingParams,
  // cscParams.
  static const unsigned kSizes[] = {5, 3, 1, 10, 2, 16};
  return kSizes;
}

void AippParamsOp::getFieldTypes(SmallVectorImpl<Type> &types) {
  MLIRContext *ctx = getContext();
  Type u = getType().getElementType();
  Type b = IntegerType::get(ctx, 1);
  Type u8 = IntegerType::get(ctx, 8, IntegerType::Unsigned);
  Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
  Type i16 = IntegerType::get(ctx, 16);
  Type f16 = Float16Type::get(ctx);
  auto add = [&](Type t, int n) { types.append(n, t); };
  add(u32, 1), add(u, 4);                         // padding
  add(b, 3);                                      // swap
  add(b, 1);                                      // single line
  add(u8, 3), add(f16, 6), add(u32, 1);           // data type conversion
  add(u32, 1), add(u, 1);                         // channel padding
  add(b, 1), add(i16, 9), add(u8, 3), add(u8, 3); // color space conversion
}

LogicalResult AippParamsOp::verify() {
  Type u = getType().getElementType();
  if (!u.isInteger(8) && !u.isF16())
    return emitOpError() << "AippParams<U> holds ui8, i8 or f16 values, not "
                         << u;
  static const char *const kNames[] = {
      "padding_mode",    "padding_value_ch0", "padding_value_ch1",
      "padding_value_ch2", "padding_value_ch3", "is_swap_rb",
      "is_swap_uv",      "is_swap_ax",        "is_single_line_copy",
      "dtc_mean_ch0",    "dtc_mean_ch1",      "dtc_mean_ch2",
      "dtc_min_ch0",     "dtc_min_ch1",       "dtc_min_ch2",
      "dtc_var_ch0",     "dtc_var_ch1",       "dtc_var_ch2",
      "dtc_round_mode",  "c_padding_mode",    "c_padding_value",
      "is_enable_csc",   "csc_matrix_r0_c0",  "csc_matrix_r0_c1",
      "csc_matrix_r0_c2", "csc_matrix_r1_c0", "csc_matrix_r1_c1",
      "csc_matrix_r1_c2", "csc_matrix_r2_c0", "csc_matrix_r2_c1",
      "csc_matrix_r2_c2", "csc_bias_in_0",    "csc_bias_in_1",
      "csc_bias_in_2",   "csc_bias_out_0",    "csc_bias_out_1",
      "csc_bias_out_2"};
  constexpr size_t kFields = sizeof(kNames) / sizeof(kNames[0]);
  if (getFields().size() != kFields)
    return emitOpError() << "expects " << kFields << " fields, but got "
                         << getFields().size();
  SmallVector<Type> types;
  getFieldTypes(types);
  for (auto [name, operand, type] :
       llvm::zip_equal(kNames, getFields(), types)) {
    auto intType = dyn_cast<IntegerType>(type);
    bool isBool = intType && intType.getWidth() == 1;
    bool isUnsigned = intType && intType.isUnsigned();
    if ((isBool && !operand.getType().isInteger(1)) ||
        (isUnsigned && !operand.getType().isSignlessInteger()))
      return emitOpError() << "field '" << name << "' has type "
                           << operand.getType() << ", but the struct holds "
                           << type;
  }
  SmallVector<StringRef> names(std::begin(kNames), std::end(kNames));
  return mlir::asc::detail::verifyParamStructFields(*this, names);
}

void SetAippFunctionsOp::getCallArguments(SmallVectorImpl<ApiArgument> &args) {
  args.push_back(ApiArgument::operand(getSrc0()));
  if (Value src1 = getSrc1())
    args.push_back(ApiArgument::operand(src1));
  args.push_back(ApiArgument::attribute(getInputFormatAttr()));
  args.push_back(ApiArgument::operand(getConfig()));
}

LogicalResult SetAippFunctionsOp::verify() {
  Type element = getSrc0().getType().getElementType();
  if (!element.isInteger(8))
    return emitOpError() << "the source images hold 8-bit pixels (ui8 or "
                            "i8), not "
                         << element;
  if (Value src1 = getSrc1())
    if (src1.getType() != getSrc0().getType())
      return emitOpError() << "src1 has type " << src1.getType()
                           << ", but src0 has type " << getSrc0().getType();
  return success();
}
