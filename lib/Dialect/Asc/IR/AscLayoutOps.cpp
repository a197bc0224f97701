//===- AscLayoutOps.cpp - GatherMask and layout ops -----------------------===//
//
// Verifiers of AscLayoutOps.td: the (element, pattern) type pairs of
// GatherMask and the range of its built-in patterns (ascendc_api.md §5.8);
// the implemented TransposeType values and the 16-entry lists of
// TransDataTo5HD (§5.9); the DataCopy slice and enhanced forms (§5.1).
//
//===----------------------------------------------------------------------===//

#include "UbToL1.h"
#include "ascir/Dialect/Asc/IR/AscOps.h"

#include <string>

using namespace mlir;
using namespace mlir::asc;

LogicalResult GatherMaskOp::verify() {
  Type element = getTensorElementType(getSrc0().getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  Type pattern = getSrc1Pattern().getType();
  if (isa<LocalTensorType>(pattern)) {
    Type patternElement = getTensorElementType(pattern);
    Type want = IntegerType::get(getContext(), bits, IntegerType::Unsigned);
    if (patternElement != want)
      return emitApiError(*this, DiagCategory::DType)
             << "'src1_pattern' must hold " << getPyTypeName(want)
             << " bits for " << getPyTypeName(element)
             << " elements, but it holds " << getPyTypeName(patternElement);
    return success();
  }
  std::optional<int64_t> id = getConstantInt(getSrc1Pattern());
  if (id && (*id < 1 || *id > 7))
    return emitApiError(*this, DiagCategory::Argument)
           << "a built-in 'src1_pattern' must be in [1, 7] (1 even, 2 odd, "
              "3-6 the 1st-4th of every 4, 7 all), but got "
           << *id;
  return success();
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

/// How Python spells the enumerator `value` of EnumT (ODS, AscAttrs.td):
/// "TransposeType.TRANSPOSE_ND2ND_B16", or "TransposeType(13)" if none.
template <typename EnumT>
static std::string pyEnumerator(int64_t value, StringRef pyEnum,
                                std::optional<EnumT> (*symbolize)(uint32_t)) {
  if (value >= 0)
    if (std::optional<EnumT> e = symbolize(static_cast<uint32_t>(value)))
      return getPyEnumName(*e);
  return (pyEnum + "(" + Twine(value) + ")").str();
}

static std::string transposeTypeName(int64_t value) {
  return pyEnumerator<TransposeType>(value, "TransposeType",
                                     symbolizeTransposeType);
}

/// Checks that a constant `value` of field `name` fits [0, max]; `enumName`
/// names the Python enum whose values the field holds, if any.
static LogicalResult verifyFieldRange(Operation *op, StringRef name,
                                      Value value, uint64_t max,
                                      StringRef enumName = {}) {
  std::optional<int64_t> v = getConstantInt(value);
  if (!v || (*v >= 0 && static_cast<uint64_t>(*v) <= max))
    return success();
  InFlightDiagnostic diag = emitApiError(op, DiagCategory::Argument);
  diag << "'" << name << "' must be ";
  if (!enumName.empty())
    diag << "an asc." << enumName << " value ";
  return diag << "in [0, " << max << "], but got " << *v;
}

LogicalResult TransposeParamsExtOp::verify() {
  std::pair<StringRef, Value> sizes[] = {{"n_size", getNSize()},
                                         {"c_size", getCSize()},
                                         {"h_size", getHSize()},
                                         {"w_size", getWSize()}};
  for (auto [name, value] : sizes)
    if (failed(verifyFieldRange(*this, name, value, 65535)))
      return failure();
  return verifyFieldRange(*this, "transpose_type", getTransposeType(),
                          getMaxEnumValForTransposeType(), "TransposeType");
}

LogicalResult TransposeExtOp::verify() {
  auto params = getParams().getDefiningOp<TransposeParamsExtOp>();
  if (!params)
    return success();
  std::optional<int64_t> type = getConstantInt(params.getTransposeType());
  if (!type)
    return success();
  // Ascend 910B/910C implement only these three layouts (§3.19).
  auto is = [&](TransposeType t) { return *type == static_cast<int64_t>(t); };
  bool b16 = is(TransposeType::TRANSPOSE_ND2ND_B16);
  if (!b16 && !is(TransposeType::TRANSPOSE_NCHW2NHWC) &&
      !is(TransposeType::TRANSPOSE_NHWC2NCHW))
    return emitApiError(*this, DiagCategory::Argument)
           << transposeTypeName(*type)
           << " is not implemented on Ascend 910B/910C; use "
              "TransposeType.TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or "
              "TRANSPOSE_NHWC2NCHW";
  Type element = getTensorElementType(getSrc().getType());
  if (b16 && element.getIntOrFloatBitWidth() != 16)
    return emitApiError(*this, DiagCategory::DType)
           << transposeTypeName(*type)
           << " needs 2-byte elements, but 'src' holds "
           << getPyTypeName(element);
  return success();
}

//===----------------------------------------------------------------------===//
// TransDataTo5HD
//===----------------------------------------------------------------------===//

/// Element types of TransDataTo5HD on Ascend 910B/910C (§5.9).
static bool isTransDataType(Type type) {
  if (type.isF16() || type.isF32())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && !integer.isSigned() &&
         llvm::is_contained({8u, 16u, 32u}, integer.getWidth());
}

static LogicalResult verifyListSizes(Operation *op, size_t dst, size_t src) {
  if (dst != 16 || src != 16)
    return emitApiError(op, DiagCategory::Argument)
           << "'dst_list' and 'src_list' must hold 16 entries each, but "
              "they hold "
           << dst << " and " << src;
  return success();
}

/// The halves of TransDataTo5HDParams select halves of 8-bit blocks: with
/// wider elements a constant true would be ignored silently.
static LogicalResult verifyHalves(Operation *op, Value params, Type element) {
  auto fields = params.getDefiningOp<TransDataTo5HDParamsOp>();
  if (!fields || element.getIntOrFloatBitWidth() == 8)
    return success();
  std::pair<StringRef, Value> halves[] = {
      {"dst_high_half", fields.getDstHighHalf()},
      {"src_high_half", fields.getSrcHighHalf()}};
  for (auto [name, value] : halves)
    if (std::optional<int64_t> v = getConstantInt(value); v && *v != 0)
      return emitApiError(op, DiagCategory::Argument)
             << "'" << name << "' selects a half of 8-bit blocks; it must "
             << "be False for " << getPyTypeName(element);
  return success();
}

LogicalResult TransDataTo5HDOp::verify() {
  if (failed(verifyListSizes(*this, getDstList().size(), getSrcList().size())))
    return failure();
  Type element = getTensorElementType(getDstList()[0].getType());
  for (auto [index, v] : llvm::enumerate(getOperands().drop_back())) {
    Type other = getTensorElementType(v.getType());
    if (other != element)
      return emitApiError(*this, DiagCategory::DType)
             << "'" << (index < 16 ? "dst_list" : "src_list") << "["
             << index % 16 << "]' holds " << getPyTypeName(other)
             << " but 'dst_list[0]' holds " << getPyTypeName(element)
             << "; element types must match";
  }
  return verifyHalves(*this, getParams(), element);
}

static LogicalResult verifyTransDataElement(Operation *op, Type element) {
  if (!isTransDataType(element))
    return emitApiError(op, DiagCategory::DType)
           << "'dtype' is " << getPyTypeName(element)
           << ", but trans_data_to_5hd supports int8, uint8, int16, uint16, "
              "float16, int32, uint32, float32 on Ascend 910B/910C";
  return success();
}

LogicalResult TransDataTo5HDAddrOp::verify() {
  if (failed(
          verifyListSizes(*this, getDstList().size(), getSrcList().size())) ||
      failed(verifyTransDataElement(*this, getElementType())))
    return failure();
  return verifyHalves(*this, getParams(), getElementType());
}

LogicalResult TransDataTo5HDUbOp::verify() {
  if (failed(verifyTransDataElement(*this, getElementType())))
    return failure();
  return verifyHalves(*this, getParams(), getElementType());
}

void TransDataTo5HDUbOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getElementTypeAttr());
}

//===----------------------------------------------------------------------===//
// DataCopy enhanced and slice forms
//===----------------------------------------------------------------------===//

LogicalResult DataCopyEnhancedParamsOp::verify() {
  if (failed(verifyFieldRange(*this, "block_mode", getBlockMode(),
                              getMaxEnumValForBlockMode(), "BlockMode")) ||
      failed(verifyFieldRange(*this, "deq_scale", getDeqScale(),
                              getMaxEnumValForDeqScale(), "DeqScale")) ||
      failed(verifyFieldRange(*this, "sid_store_mode_in", getSidStoreModeIn(),
                              255)) ||
      failed(verifyFieldRange(*this, "pad_mode_in", getPadModeIn(),
                              getMaxEnumValForPadMode(), "pad_t")))
    return failure();
  return success();
}

static void getCopyEffectsOf(
    Value dst, OpOperand &dstOperand, Value src, OpOperand &srcOperand,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  Hardware dstMemory = getTensorHardware(dst.getType());
  effects.emplace_back(MemoryEffects::Read::get(), &srcOperand,
                       getResource(getTensorHardware(src.getType())));
  effects.emplace_back(MemoryEffects::Write::get(), &dstOperand,
                       getResource(dstMemory));
  // Copies into GM depend on the atomic configuration.
  if (dstMemory == Hardware::GM)
    effects.emplace_back(MemoryEffects::Read::get(),
                         VectorStateResource::get());
}

LogicalResult DataCopyEnhancedOp::verify() {
  // Rows 8-10 of ascendc_api.md §5.1 behave as rows 4-6 on Ascend
  // 910B/910C: the directions of the DataCopyParams form.
  if (failed(mlir::asc::detail::verifyDataCopyDirection(
          *this, getDst().getType(), getSrc().getType(),
          /*countForm=*/false)))
    return failure();
  auto enhanced = getEnhanced().getDefiningOp<DataCopyEnhancedParamsOp>();
  if (!enhanced)
    return success();
  // Ascend 910B/910C ignore these on every copy of these directions
  // (§4.2, §5.1 rows 8-10); a value that asks for a cube-path conversion
  // would silently do nothing, so it is refused, where MmadParams' ignored
  // fields only warn (docs/language.md "Fields Ascend 910B/910C ignore";
  // the same wording).
  struct Mode {
    StringRef name;
    Value value;
    std::string (*enumerator)(int64_t); // none: a bool
  };
  const Mode modes[] = {
      {"block_mode", enhanced.getBlockMode(),
       [](int64_t v) {
         return pyEnumerator<BlockMode>(v, "BlockMode", symbolizeBlockMode);
       }},
      {"deq_scale", enhanced.getDeqScale(),
       [](int64_t v) {
         return pyEnumerator<DeqScale>(v, "DeqScale", symbolizeDeqScale);
       }},
      {"is_relu_in", enhanced.getIsReluIn(), nullptr},
      {"pad_mode_in", enhanced.getPadModeIn(), [](int64_t v) {
         return pyEnumerator<PadMode>(v, "pad_t", symbolizePadMode);
       }}};
  for (const Mode &mode : modes) {
    std::optional<int64_t> v = getConstantInt(mode.value);
    if (!v || *v == 0)
      continue;
    // The params op checked the enumerator ranges.
    InFlightDiagnostic diag = emitApiError(*this, DiagCategory::Argument);
    diag << "DataCopyEnhancedParams '" << mode.name
         << "' is ignored on Ascend 910B/910C (A2/A3), but got ";
    if (mode.enumerator)
      diag << mode.enumerator(*v);
    else
      diag << "True";
    return diag << ", a cube-path mode the copy would silently not apply; "
                   "use the default, or data_copy(dst, src, repeat_params) "
                   "and vector instructions";
  }
  return success();
}

void DataCopyEnhancedOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffectsOf(getDst(), getDstMutable(), getSrc(), getSrcMutable(),
                   effects);
}

LogicalResult DataCopySliceOp::verify() {
  Hardware dst = getTensorHardware(getDst().getType());
  Hardware src = getTensorHardware(getSrc().getType());
  if (!(src == Hardware::GM && dst == Hardware::UB) &&
      !(src == Hardware::UB && dst == Hardware::GM))
    return emitApiError(*this, DiagCategory::Position)
           << "slice copies move between GM and a Unified Buffer position "
              "(TPosition.VECIN, VECOUT, VECCALC), not from "
           << getPyEnumName(getTensorPosition(getSrc().getType())) << " to "
           << getPyEnumName(getTensorPosition(getDst().getType()));
  Type element = getTensorElementType(getDst().getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return emitApiError(*this, DiagCategory::DType)
           << "slice copies need 1-, 2- or 4-byte elements, but 'dst' holds "
           << getPyTypeName(element);
  size_t dstDims = getDstSlices().size(), srcDims = getSrcSlices().size();
  if (dstDims == 0 || srcDims == 0)
    return emitApiError(*this, DiagCategory::Argument)
           << "'slice_list1' and 'slice_list2' need at least one SliceInfo "
              "each";
  std::optional<int64_t> dims = getConstantInt(getDimValue());
  if (dims && (*dims < 1 || static_cast<size_t>(*dims) > dstDims ||
               static_cast<size_t>(*dims) > srcDims))
    return emitApiError(*this, DiagCategory::Argument)
           << "'dim_value' must be in [1, " << std::min(dstDims, srcDims)
           << "] (the slices given), but got " << *dims;
  return success();
}

void DataCopySliceOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffectsOf(getDst(), getDstMutable(), getSrc(), getSrcMutable(),
                   effects);
}
