//===- AscControlOps.cpp - system control, cache, scalar ops --------------===//
//
// Verifiers, speculatability and template arguments of the ops in
// AscControlOps.td.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"

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
  Type type = getType();
  if (!type.isF16() && !type.isInteger(32))
    return emitApiError(*this, DiagCategory::DType)
           << "'dtype' must be float16 or int32, but got "
           << getPyTypeName(type);
  RoundMode mode = getRoundMode();
  if (type.isInteger(32) &&
      (mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_ODD))
    return emitApiError(*this, DiagCategory::Argument)
           << "float to int32 needs a rounding direction ("
           << getPyEnumName(RoundMode::CAST_RINT)
           << ", CAST_FLOOR, CAST_CEIL, CAST_ROUND or CAST_TRUNC), but "
              "'round_mode' is "
           << getPyEnumName(mode);
  return success();
}

static LogicalResult verifyCountValue(Operation *op, int32_t value) {
  if (value != 0 && value != 1)
    return emitApiError(op, DiagCategory::Argument)
           << "'count_value' must be 0 or 1, but got " << value;
  return success();
}

LogicalResult ScalarGetSFFValueOp::verify() {
  return verifyCountValue(*this, getCountValue());
}

LogicalResult ScalarGetCountOfValueOp::verify() {
  return verifyCountValue(*this, getCountValue());
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

Speculation::Speculatability RangeCountOp::getSpeculatability() {
  // A step of 0 faults: only a known non-zero step may run speculatively.
  APInt step;
  return matchPattern(getStep(), m_ConstantInt(&step)) && !step.isZero()
             ? Speculation::Speculatable
             : Speculation::NotSpeculatable;
}

//===----------------------------------------------------------------------===//
// Workspace and HCCL context
//===----------------------------------------------------------------------===//

/// Checks that `addr` is a GM_ADDR (an address of 8-bit elements).
static LogicalResult verifyGMAddr(Operation *op, Value addr) {
  Type element = cast<GMAddrType>(addr.getType()).getElementType();
  if (!element.isInteger(8))
    return emitApiError(op, DiagCategory::DType)
           << "'" << getOperandName(op, addr)
           << "' must be a GM_ADDR (an address of uint8 elements), but it "
              "addresses "
           << getPyTypeName(element) << " elements";
  return success();
}

LogicalResult SetSysWorkspaceOp::verify() {
  return verifyGMAddr(*this, getWorkspace());
}

static LogicalResult verifyHcclIndex(Operation *op, int32_t index) {
  if (index != 0 && index != 1)
    return emitApiError(op, DiagCategory::Argument)
           << "'index' must be 0 or 1 (two communication domains), but got "
           << index;
  return success();
}

LogicalResult GetHcclContextOp::verify() {
  return verifyHcclIndex(*this, getIndex());
}

LogicalResult SetHcclContextOp::verify() {
  if (failed(verifyHcclIndex(*this, getIndex())))
    return failure();
  return verifyGMAddr(*this, getContext());
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
    return emitApiError(*this, DiagCategory::Argument)
           << getPyEnumName(*dcci)
           << " is not supported on Ascend 910B/910C (A2/A3)";
  return success();
}

LogicalResult ICachePreloadOp::verify() {
  std::optional<int64_t> length = getConstantInt(getPreFetchLen());
  if (length && *length < 0)
    return emitApiError(*this, DiagCategory::Argument)
           << "'pre_fetch_len' must be non-negative, but got " << *length;
  return success();
}

LogicalResult DataCachePreloadOp::verify() {
  Type element = getSrc().getType().getElementType();
  if (!element.isInteger(64))
    return emitApiError(*this, DiagCategory::DType)
           << "'src' must be a GlobalTensor of uint64 "
              "(GlobalTensor<uint64_t>), but it holds "
           << getPyTypeName(element);
  return success();
}

//===----------------------------------------------------------------------===//
// CheckLocalMemoryIAParam
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::detail::verifyCheckLocalMemoryIAParam(Operation *o) {
  auto op = cast<CheckLocalMemoryIAParamOp>(o);
  // Four watch channels (hardware.md, CheckLocalMemoryIA).
  std::optional<int64_t> bit = getConstantInt(op.getEnableBit());
  if (bit && (*bit < 0 || *bit > 3))
    return emitApiError(op, DiagCategory::Argument)
           << "'enable_bit' selects a watch channel in [0, 3], but got "
           << *bit;
  std::optional<int64_t> enable = getConstantInt(op.getIsEnable());
  std::optional<int64_t> start = getConstantInt(op.getStartAddr());
  std::optional<int64_t> end = getConstantInt(op.getEndAddr());
  if (enable && *enable && start && end && *start >= *end)
    return emitApiError(op, DiagCategory::Argument)
           << "'start_addr' (" << *start << ") must be below 'end_addr' ("
           << *end << ")";
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
    return emitApiError(*this, DiagCategory::DType)
           << "'dtype' must be uint8, int8 or float16, but got "
           << getPyTypeName(u);
  static const char *const kNames[] = {
      "padding_mode",      "padding_value_ch0", "padding_value_ch1",
      "padding_value_ch2", "padding_value_ch3", "is_swap_rb",
      "is_swap_uv",        "is_swap_ax",        "is_single_line_copy",
      "dtc_mean_ch0",      "dtc_mean_ch1",      "dtc_mean_ch2",
      "dtc_min_ch0",       "dtc_min_ch1",       "dtc_min_ch2",
      "dtc_var_ch0",       "dtc_var_ch1",       "dtc_var_ch2",
      "dtc_round_mode",    "c_padding_mode",    "c_padding_value",
      "is_enable_csc",     "csc_matrix_r0_c0",  "csc_matrix_r0_c1",
      "csc_matrix_r0_c2",  "csc_matrix_r1_c0",  "csc_matrix_r1_c1",
      "csc_matrix_r1_c2",  "csc_matrix_r2_c0",  "csc_matrix_r2_c1",
      "csc_matrix_r2_c2",  "csc_bias_in_0",     "csc_bias_in_1",
      "csc_bias_in_2",     "csc_bias_out_0",    "csc_bias_out_1",
      "csc_bias_out_2"};
  constexpr size_t kFields = sizeof(kNames) / sizeof(kNames[0]);
  if (getFields().size() != kFields)
    return emitApiError(*this, DiagCategory::Argument)
           << "expects " << kFields << " fields, but got "
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
      return emitApiError(*this, DiagCategory::DType)
             << "'" << name << "' is " << getPyValueName(operand.getType())
             << ", but the struct holds " << getPyTypeName(type);
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
  // The source's element type is free (SetAippFunctions<T, U>): the image is
  // read as bytes from its address, whatever GlobalTensor<T> carries it.
  if (Value src1 = getSrc1()) {
    Type element = getSrc0().getType().getElementType();
    Type other = cast<GlobalTensorType>(src1.getType()).getElementType();
    if (other != element)
      return emitApiError(*this, DiagCategory::DType)
             << "'src1' holds " << getPyTypeName(other) << " but 'src0' holds "
             << getPyTypeName(element) << "; element types must match";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LoadImageToLocal
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::detail::verifyLoadImageToLocalParams(Operation *op) {
  auto params = cast<LoadImageToLocalParamsOp>(op);
  // Constant fields: sizes 2-4095 pixels, paddings 0-32 (ascendc_api.md §6).
  struct Range {
    Value value;
    int64_t lo, hi;
  };
  const Range ranges[] = {
      {params.getHorizSize(), 2, 4095},    {params.getVertSize(), 2, 4095},
      {params.getSrcHorizSize(), 2, 4095}, {params.getTopPadSize(), 0, 32},
      {params.getBotPadSize(), 0, 32},     {params.getLeftPadSize(), 0, 32},
      {params.getRightPadSize(), 0, 32}};
  for (const Range &r : ranges)
    if (std::optional<int64_t> v = getConstantInt(r.value))
      if (*v < r.lo || *v > r.hi)
        return emitApiError(op, DiagCategory::Argument)
               << "'" << getOperandName(op, r.value) << "' must be in [" << r.lo
               << ", " << r.hi << "], but got " << *v;
  std::optional<int64_t> start = getConstantInt(params.getHorizStartPos());
  std::optional<int64_t> size = getConstantInt(params.getHorizSize());
  std::optional<int64_t> pitch = getConstantInt(params.getSrcHorizSize());
  if (start && size && pitch && *start + *size > *pitch)
    return emitApiError(op, DiagCategory::Argument)
           << "'horiz_start_pos' + 'horiz_size' (" << *start + *size
           << ") exceeds 'src_horiz_size' (" << *pitch << ")";
  return success();
}

LogicalResult LoadImageToLocalOp::verify() {
  Type dstType = getDst().getType();
  TPosition pos = getTensorPosition(dstType);
  if (pos != TPosition::A1 && pos != TPosition::B1)
    return emitApiError(*this, DiagCategory::Position)
           << "'dst' must be at TPosition.A1 or TPosition.B1 (L1), not "
           << getPyEnumName(pos);
  Type element = getTensorElementType(dstType);
  if (!element.isSignlessInteger(8) && !element.isF16())
    return emitApiError(*this, DiagCategory::DType)
           << "'dst' holds " << getPyTypeName(element)
           << ", but load_image_to_local writes int8 or float16";
  return success();
}

void LoadImageToLocalOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Reads the GM image and the AIPP configuration; writes L1.
  effects.emplace_back(MemoryEffects::Read::get(), GMResource::get());
  effects.emplace_back(MemoryEffects::Read::get(), VectorStateResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable(),
                       L1Resource::get());
}
