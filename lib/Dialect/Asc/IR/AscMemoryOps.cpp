//===- AscMemoryOps.cpp - pointer, tensor and data copy ops ---------------===//
//
// Verifiers and memory effects of the ops in AscMemoryOps.td.
//
//===----------------------------------------------------------------------===//

#include "UbToL1.h"
#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <numeric>

using namespace mlir;
using namespace mlir::asc;

/// Checks that `count` elements of `elementType` are a positive number of
/// whole 32-byte blocks; `what` is the Python parameter and `hint` ends the
/// message with what else the user can do.
static LogicalResult verifyBlockCount(Operation *op, StringRef what,
                                      int64_t count, Type elementType,
                                      StringRef hint = "") {
  if (count <= 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << what << "' must be positive, but got " << count;
  unsigned size = getElementByteSize(elementType);
  if (size && (count * size) % 32 != 0)
    return emitApiError(op, DiagCategory::Alignment)
           << "'" << what << "' = " << count << " "
           << getPyTypeName(elementType) << " elements span " << count * size
           << " bytes, which is not a multiple of 32 bytes: give a multiple of "
           << 32 / std::gcd(32u, size) << " elements" << hint;
  return success();
}

/// "TPosition.VECIN" for a tensor type.
static std::string pyPosition(Type tensor) {
  return getPyEnumName(getTensorPosition(tensor));
}

//===----------------------------------------------------------------------===//
// GlobalTensorOp
//===----------------------------------------------------------------------===//

LogicalResult GlobalTensorOp::verify() {
  if (isa<NoneType>(getType().getElementType()))
    return emitApiError(*this, DiagCategory::Argument)
           << "the tensor is never bound to memory: call set_global_buffer "
              "on it before use";
  return success();
}

//===----------------------------------------------------------------------===//
// SetGlobalBufferOp
//===----------------------------------------------------------------------===//

LogicalResult SetGlobalBufferOp::verify() {
  Type element = getTensor().getType().getElementType();
  Type buffer = getAddr().getType().getElementType();
  if (buffer != element)
    return emitApiError(*this, DiagCategory::DType)
           << "the buffer holds " << getPyTypeName(buffer)
           << " but the GlobalTensor holds " << getPyTypeName(element)
           << "; element types must match";
  return success();
}

//===----------------------------------------------------------------------===//
// LocalTensorOp
//===----------------------------------------------------------------------===//

/// Checks that a LocalTensor built by `op` has an on-chip position.
static LogicalResult verifyOnChip(Operation *op, LocalTensorType type) {
  TPosition position = type.getPosition();
  if (!isOnChip(position))
    return emitApiError(op, DiagCategory::Position)
           << "'pos' " << getPyEnumName(position)
           << " is not on chip; a LocalTensor needs one of TPosition.VECIN, "
              "VECOUT, VECCALC, A1, A2, B1, B2, C1, C2 or CO1";
  return success();
}

LogicalResult LocalTensorEmptyOp::verify() {
  if (failed(verifyOnChip(*this, getType())))
    return failure();
  // An asc op accessing memory through the empty descriptor itself (not a
  // value a loop or branch carries, which may have been given a buffer)
  // always runs on no buffer; the simulator would only see a default
  // descriptor at GM, so say so here, at the use. The descriptor's getters
  // and setters touch no memory and stay valid, as in Ascend C.
  for (OpOperand &use : getResult().getUses()) {
    Operation *user = use.getOwner();
    if (user->getDialect() != getOperation()->getDialect() ||
        isMemoryEffectFree(user))
      continue;
    StringRef operand = getOperandName(user, getResult());
    StringRef name = getPyVariableName(getLoc());
    std::string var = name.empty() ? "t" : name.str();
    InFlightDiagnostic diag = emitApiError(user, DiagCategory::Argument);
    if (!operand.empty())
      diag << "'" << operand << "' is ";
    if (name.empty())
      diag << "a LocalTensor";
    else
      diag << "the LocalTensor '" << name << "'";
    diag << " declared by asc.LocalTensor(dtype), which has no buffer yet: "
            "give it one first with que.alloc_tensor("
         << var << "), que.deque(" << var << ") or " << var
         << ".set_addr_with_offset(src, offset)";
    return failure();
  }
  return success();
}

LogicalResult LocalTensorOp::verify() {
  LocalTensorType type = getType();
  if (failed(verifyOnChip(*this, type)))
    return failure();
  Hardware memory = type.getHardware();
  if (std::optional<int64_t> addr = getConstantInt(getAddr())) {
    if (*addr < 0)
      return emitApiError(*this, DiagCategory::Argument)
             << "'addr' must be non-negative, but got " << *addr;
    unsigned alignment = getAlignment(memory);
    if (*addr % alignment != 0)
      return emitApiError(*this, DiagCategory::Alignment)
             << "'addr' " << *addr << " in " << getPyEnumName(memory)
             << " must be a multiple of " << alignment << " bytes";
  }
  if (std::optional<int64_t> length = getConstantInt(getLength()))
    return verifyBlockCount(*this, "tile_size", *length, type.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// SubviewOp
//===----------------------------------------------------------------------===//

/// The element count of a local tensor when it is a static tensor of constant
/// length, or a constant-offset view of one.
static std::optional<int64_t> staticElementCount(Value tensor) {
  int64_t skipped = 0;
  while (Operation *def = tensor.getDefiningOp()) {
    if (auto view = dyn_cast<SubviewOp>(def)) {
      std::optional<int64_t> offset = getConstantInt(view.getOffset());
      if (!offset)
        return std::nullopt;
      skipped += *offset;
      tensor = view.getSource();
      continue;
    }
    if (auto local = dyn_cast<LocalTensorOp>(def))
      if (std::optional<int64_t> length = getConstantInt(local.getLength()))
        return *length - skipped;
    return std::nullopt;
  }
  return std::nullopt;
}

LogicalResult SubviewOp::verify() {
  std::optional<int64_t> offset = getConstantInt(getOffset());
  if (!offset)
    return success();
  if (*offset < 0)
    return emitApiError(getLoc(), "t[i:]", DiagCategory::Argument)
           << "the start index " << *offset
           << " is negative; negative starts (counting from the end) are not "
              "supported: write the start as a count from the beginning";
  std::optional<int64_t> count = staticElementCount(getSource());
  if (count && *offset > *count)
    return emitApiError(getLoc(), "t[i:]", DiagCategory::Argument)
           << "the start index " << *offset << " is past the end of the "
           << *count << "-element tensor";
  return success();
}

void LocalTensorOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0),
                       getResource(getType().getHardware()));
}

//===----------------------------------------------------------------------===//
// DataCopyOp / DataCopyParamsFormOp / DataCopyPadOp
//===----------------------------------------------------------------------===//

/// True if the count and DataCopyParams forms of DataCopy support copying
/// `src` to `dst`; `countForm` adds L1 (C1) to the BiasTable (C2), the count
/// form's copy that loads an Mmad bias (ascendc_api.md DataCopy form 3).
/// `srcPosition` tells A1/B1, which copy to GM (rows 2 and 5), from the
/// other positions in L1.
static bool isLegalCopyDirection(Hardware dst, Hardware src,
                                 TPosition srcPosition, bool countForm) {
  if (src == Hardware::GM)
    return dst == Hardware::UB || dst == Hardware::L1;
  if (src == Hardware::UB)
    return dst == Hardware::GM || dst == Hardware::UB;
  if (src == Hardware::L1 && dst == Hardware::GM)
    return srcPosition == TPosition::A1 || srcPosition == TPosition::B1;
  return countForm && src == Hardware::L1 && dst == Hardware::BIAS;
}

LogicalResult mlir::asc::detail::verifyDataCopyDirection(Operation *op,
                                                         Type dstType,
                                                         Type srcType,
                                                         bool countForm) {
  if (isLegalCopyDirection(getTensorHardware(dstType),
                           getTensorHardware(srcType),
                           getTensorPosition(srcType), countForm))
    return success();
  if (getTensorHardware(srcType) == Hardware::UB &&
      getTensorHardware(dstType) == Hardware::L1)
    return mlir::asc::detail::emitUbToL1Refusal(op, dstType, srcType,
                                                /*nd2nz=*/false);
  return emitApiError(op, DiagCategory::Position)
         << "cannot copy from " << pyPosition(srcType) << " to "
         << pyPosition(dstType)
         << "; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, "
            "VECIN/VECOUT/VECCALC/A1/B1 to GM, and between "
            "VECIN/VECOUT/VECCALC"
         << (countForm ? ", and C1 to C2 (float32 or int32 bias)" : "");
}

/// The effects of a copy: it reads the source's memory and writes the
/// destination's; copies into GM also depend on the atomic configuration.
static void getCopyEffects(
    OpOperand &dst, OpOperand &src,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  Hardware dstMemory = getTensorHardware(dst.get().getType());
  effects.emplace_back(MemoryEffects::Read::get(), &src,
                       getResource(getTensorHardware(src.get().getType())));
  effects.emplace_back(MemoryEffects::Write::get(), &dst,
                       getResource(dstMemory));
  if (dstMemory == Hardware::GM)
    effects.emplace_back(MemoryEffects::Read::get(),
                         VectorStateResource::get());
}

LogicalResult DataCopyOp::verify() {
  Type dstType = getDst().getType();
  if (failed(mlir::asc::detail::verifyDataCopyDirection(
          *this, dstType, getSrc().getType(), /*countForm=*/true)))
    return failure();
  if (getTensorHardware(dstType) == Hardware::BIAS) {
    Type element = getTensorElementType(dstType);
    if (!element.isF32() && !element.isInteger(32))
      return emitApiError(*this, DiagCategory::DType)
             << "a copy into the BiasTable (C2) takes float32 or int32 "
                "elements, but got "
             << getPyTypeName(element);
  }
  if (std::optional<int64_t> count = getConstantInt(getCount()))
    return verifyBlockCount(*this, "count", *count,
                            getTensorElementType(dstType),
                            " (data_copy_pad copies any number)");
  return success();
}

void DataCopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffects(getDstMutable(), getSrcMutable(), effects);
}

LogicalResult DataCopyParamsFormOp::verify() {
  return mlir::asc::detail::verifyDataCopyDirection(
      *this, getDst().getType(), getSrc().getType(), /*countForm=*/false);
}

void DataCopyParamsFormOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffects(getDstMutable(), getSrcMutable(), effects);
}

LogicalResult DataCopyPadOp::verify() {
  Type dstType = getDst().getType();
  Type srcType = getSrc().getType();
  Hardware dst = getTensorHardware(dstType);
  Hardware src = getTensorHardware(srcType);
  bool intoUB = src == Hardware::GM && dst == Hardware::UB;
  bool intoGM = src == Hardware::UB && dst == Hardware::GM;
  if (!intoUB && !intoGM)
    return emitApiError(*this, DiagCategory::Position)
           << "cannot copy from " << pyPosition(srcType) << " to "
           << pyPosition(dstType)
           << "; supported directions are GM to VECIN/VECOUT/VECCALC and "
              "VECIN/VECOUT/VECCALC to GM";
  Value pad = getPadParams();
  if (intoUB && !pad)
    return emitApiError(*this, DiagCategory::Argument)
           << "a copy into the Unified Buffer needs 'pad_params'";
  if (intoGM && pad)
    return emitApiError(*this, DiagCategory::Argument)
           << "a copy into GM takes no 'pad_params'";
  if (!pad)
    return success();
  bool ext = isa<DataCopyExtParamsType>(getParams().getType());
  auto padExt = dyn_cast<DataCopyPadExtParamsType>(pad.getType());
  if (ext != static_cast<bool>(padExt))
    return emitApiError(*this, DiagCategory::Argument)
           << "'data_copy_params' is a "
           << (ext ? "DataCopyExtParams" : "DataCopyParams")
           << ", so 'pad_params' must be a "
           << (ext ? "DataCopyPadExtParams" : "DataCopyPadParams")
           << ", but it is a "
           << (ext ? "DataCopyPadParams" : "DataCopyPadExtParams");
  Type elementType = getTensorElementType(dstType);
  if (padExt && padExt.getElementType() != elementType)
    return emitApiError(*this, DiagCategory::DType)
           << "'pad_params' hold " << getPyTypeName(padExt.getElementType())
           << " but 'dst' holds " << getPyTypeName(elementType)
           << "; element types must match";
  return success();
}

void DataCopyPadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffects(getDstMutable(), getSrcMutable(), effects);
}

//===----------------------------------------------------------------------===//
// GetValueOp / SetValueOp
//===----------------------------------------------------------------------===//

void GetValueOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getTensorMutable(),
                       getResource(getTensorHardware(getTensor().getType())));
}

void SetValueOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &getTensorMutable(),
                       getResource(getTensorHardware(getTensor().getType())));
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult LocalTensorSetAddrWithOffsetOp::verify() {
  // SetAddrWithOffset copies src's address descriptor, logical position
  // included.
  TPosition src = getSource().getType().getPosition();
  TPosition dst = getResult().getType().getPosition();
  if (src != dst)
    return emitApiError(*this, DiagCategory::Position)
           << "the result has position " << getPyEnumName(dst)
           << ", but it takes the position of 'src' (" << getPyEnumName(src)
           << ")";
  return success();
}

LogicalResult LocalTensorReinterpretCastOp::verify() {
  TPosition src = getTensor().getType().getPosition();
  TPosition dst = getResult().getType().getPosition();
  if (src != dst)
    return emitApiError(*this, DiagCategory::Position)
           << "the result keeps the position of the tensor ("
           << getPyEnumName(src) << "), but it has " << getPyEnumName(dst);
  return success();
}

void GlobalTensorSetL2CacheHintOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getRwModeAttr());
}

void GlobalTensorSetL2CacheHintOp::getCallArguments(
    SmallVectorImpl<ApiArgument> &args) {
  args.push_back(ApiArgument::attribute(getModeAttr()));
}

LogicalResult GlobalTensorGetPhyAddrOp::verify() {
  Type element = getTensor().getType().getElementType();
  if (getResult().getType().getElementType() != element)
    return emitApiError(*this, DiagCategory::DType)
           << "the address must point to " << getPyTypeName(element)
           << ", the tensor's element type, not "
           << getPyTypeName(getResult().getType().getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// List tensors (AscListTensorOps.td)
//===----------------------------------------------------------------------===//

LogicalResult TensorDescSetShapeAddrOp::verify() {
  Type element = getShapePtr().getType().getElementType();
  if (!element.isInteger(64))
    return emitApiError(*this, DiagCategory::DType)
           << "'shape_ptr' must point to uint64 words, but it points to "
           << getPyTypeName(element);
  return success();
}

/// The GM data of a TensorDesc<T> are T elements.
static LogicalResult verifyDescElement(Operation *op, Type desc, Type result,
                                       StringRef what) {
  if (desc == result)
    return success();
  return emitApiError(op, DiagCategory::DType)
         << "the " << what << " holds " << getPyTypeName(result)
         << ", but the TensorDesc describes " << getPyTypeName(desc)
         << " elements";
}

LogicalResult TensorDescGetDataPtrOp::verify() {
  return verifyDescElement(*this, getDesc().getType().getElementType(),
                           getResult().getType().getElementType(), "address");
}

LogicalResult TensorDescGetDataObjOp::verify() {
  return verifyDescElement(*this, getDesc().getType().getElementType(),
                           getResult().getType().getElementType(),
                           "GlobalTensor");
}

LogicalResult ListTensorDescOp::verify() {
  if (!getData() && (getLength() || getShapeSize()))
    return emitApiError(*this, DiagCategory::Argument)
           << "'length' and 'shape_size' need the descriptor address 'data'";
  if (getData() && (!getLength() || !getShapeSize()))
    return emitApiError(*this, DiagCategory::Argument)
           << "the constructor with 'data' takes 'length' and 'shape_size' too";
  return success();
}

void ListTensorDescGetDataPtrOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(TypeAttr::get(getResult().getType().getElementType()));
}
