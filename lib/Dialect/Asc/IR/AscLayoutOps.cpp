//===- AscLayoutOps.cpp - GatherMask and layout ops -----------------------===//
//
// Verifiers of AscLayoutOps.td: the (element, pattern) type pairs of
// GatherMask and the range of its built-in patterns (ascendc_api.md §5.8);
// the implemented TransposeType values and the 16-entry lists of
// TransDataTo5HD (§5.9); the DataCopy slice and enhanced forms (§5.1).
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

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
      return emitOpError() << "pattern tensor of " << patternElement
                           << " does not match the " << bits
                           << "-bit source elements: it must hold " << want;
    return success();
  }
  std::optional<int64_t> id = getConstantInt(getSrc1Pattern());
  if (id && (*id < 1 || *id > 7))
    return emitOpError() << "built-in pattern must be in [1, 7], but got "
                         << *id;
  return success();
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

/// Enumerator names of AscendC::TransposeType (ascendc_api.md §3.19).
static const char *const kTransposeTypes[] = {
    "TRANSPOSE_TYPE_NONE",          "TRANSPOSE_NZ2ND_0213",
    "TRANSPOSE_NZ2NZ_0213",         "TRANSPOSE_NZ2NZ_012_WITH_N",
    "TRANSPOSE_NZ2ND_012_WITH_N",   "TRANSPOSE_NZ2ND_012_WITHOUT_N",
    "TRANSPOSE_NZ2NZ_012_WITHOUT_N", "TRANSPOSE_ND2ND_ONLY",
    "TRANSPOSE_ND_UB_GM",           "TRANSPOSE_GRAD_ND_UB_GM",
    "TRANSPOSE_ND2ND_B16",          "TRANSPOSE_NCHW2NHWC",
    "TRANSPOSE_NHWC2NCHW"};

static StringRef transposeTypeName(int64_t value) {
  if (value < 0 || value > 12)
    return StringRef();
  return kTransposeTypes[value];
}

/// Checks that a constant `value` of field `name` fits [0, max].
static LogicalResult verifyFieldRange(Operation *op, StringRef name,
                                      Value value, uint64_t max) {
  std::optional<int64_t> v = getConstantInt(value);
  if (v && (*v < 0 || static_cast<uint64_t>(*v) > max))
    return op->emitOpError() << "field '" << name << "' must be in [0, " << max
                             << "], but got " << *v;
  return success();
}

LogicalResult TransposeParamsExtOp::verify() {
  std::pair<StringRef, Value> sizes[] = {{"n_size", getNSize()},
                                         {"c_size", getCSize()},
                                         {"h_size", getHSize()},
                                         {"w_size", getWSize()}};
  for (auto [name, value] : sizes)
    if (failed(verifyFieldRange(*this, name, value, 65535)))
      return failure();
  return verifyFieldRange(*this, "transpose_type", getTransposeType(), 12);
}

LogicalResult TransposeExtOp::verify() {
  auto params = getParams().getDefiningOp<TransposeParamsExtOp>();
  if (!params)
    return success();
  std::optional<int64_t> type = getConstantInt(params.getTransposeType());
  if (!type)
    return success();
  // Ascend 910B/910C implement only these three layouts (§3.19).
  if (*type != 10 && *type != 11 && *type != 12)
    return emitOpError() << "transpose type " << transposeTypeName(*type)
                         << " is not implemented on Ascend 910B/910C; use "
                            "TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or "
                            "TRANSPOSE_NHWC2NCHW";
  Type element = getTensorElementType(getSrc().getType());
  if (*type == 10 && element.getIntOrFloatBitWidth() != 16)
    return emitOpError() << "TRANSPOSE_ND2ND_B16 needs 2-byte elements, but "
                            "got "
                         << element;
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
    return op->emitOpError() << "needs 16 destinations and 16 sources, but "
                                "got "
                             << dst << " and " << src;
  return success();
}

LogicalResult TransDataTo5HDOp::verify() {
  if (failed(verifyListSizes(*this, getDstList().size(), getSrcList().size())))
    return failure();
  Type element = getTensorElementType(getDstList()[0].getType());
  for (Value v : getOperands().drop_back())
    if (getTensorElementType(v.getType()) != element)
      return emitOpError() << "all tensors must hold " << element
                           << ", but one holds "
                           << getTensorElementType(v.getType());
  return success();
}

static LogicalResult verifyTransDataElement(Operation *op, Type element) {
  if (!isTransDataType(element))
    return op->emitOpError() << "element type " << element
                             << " is not supported: use i8, ui8, i16, ui16, "
                                "f16, i32, ui32 or f32";
  return success();
}

LogicalResult TransDataTo5HDAddrOp::verify() {
  if (failed(verifyListSizes(*this, getDstList().size(), getSrcList().size())))
    return failure();
  return verifyTransDataElement(*this, getElementType());
}

LogicalResult TransDataTo5HDUbOp::verify() {
  return verifyTransDataElement(*this, getElementType());
}

void TransDataTo5HDUbOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getElementTypeAttr());
}

//===----------------------------------------------------------------------===//
// DataCopy enhanced and slice forms
//===----------------------------------------------------------------------===//

LogicalResult DataCopyEnhancedParamsOp::verify() {
  if (failed(verifyFieldRange(*this, "block_mode", getBlockMode(), 4)) ||
      failed(verifyFieldRange(*this, "deq_scale", getDeqScale(), 6)) ||
      failed(verifyFieldRange(*this, "sid_store_mode", getSidStoreMode(),
                              255)) ||
      failed(verifyFieldRange(*this, "pad_mode", getPadMode(), 8)))
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
  Hardware dst = getTensorHardware(getDst().getType());
  Hardware src = getTensorHardware(getSrc().getType());
  bool ok = (src == Hardware::GM && dst == Hardware::UB) ||
            (src == Hardware::UB &&
             (dst == Hardware::GM || dst == Hardware::UB));
  if (!ok)
    return emitOpError()
           << "cannot copy from "
           << stringifyTPosition(getTensorPosition(getSrc().getType()))
           << " to "
           << stringifyTPosition(getTensorPosition(getDst().getType()))
           << "; supported directions are gm to vecin/vecout/veccalc, "
              "vecin/vecout/veccalc to gm, and between vecin/vecout/veccalc";
  auto enhanced = getEnhanced().getDefiningOp<DataCopyEnhancedParamsOp>();
  if (!enhanced)
    return success();
  // Ascend 910B/910C ignore these on vector-core copies (§4.2); a value
  // that asks for a cube-path conversion would silently do nothing.
  std::pair<StringRef, Value> modes[] = {
      {"block_mode", enhanced.getBlockMode()},
      {"deq_scale", enhanced.getDeqScale()},
      {"is_relu", enhanced.getIsRelu()},
      {"pad_mode", enhanced.getPadMode()}};
  for (auto [name, value] : modes) {
    std::optional<int64_t> v = getConstantInt(value);
    if (v && *v != 0)
      return emitOpError() << "enhanced parameter '" << name
                           << "' selects a cube-path mode, which Ascend "
                              "910B/910C do not apply to GM/UB copies";
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
    return emitOpError()
           << "cannot copy from "
           << stringifyTPosition(getTensorPosition(getSrc().getType()))
           << " to "
           << stringifyTPosition(getTensorPosition(getDst().getType()))
           << " by slices; supported directions are gm to "
              "vecin/vecout/veccalc and vecin/vecout/veccalc to gm";
  Type element = getTensorElementType(getDst().getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32)
    return emitOpError() << "slice copies need 1-, 2- or 4-byte elements, but "
                            "got "
                         << element;
  size_t dstDims = getDstSlices().size(), srcDims = getSrcSlices().size();
  if (dstDims == 0 || srcDims == 0)
    return emitOpError("needs at least one slice on each side");
  std::optional<int64_t> dims = getConstantInt(getDimValue());
  if (dims && (*dims < 1 || static_cast<size_t>(*dims) > dstDims ||
               static_cast<size_t>(*dims) > srcDims))
    return emitOpError() << "dim_value must be in [1, "
                         << std::min(dstDims, srcDims)
                         << "] (the slices given), but got " << *dims;
  return success();
}

void DataCopySliceOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffectsOf(getDst(), getDstMutable(), getSrc(), getSrcMutable(),
                   effects);
}
