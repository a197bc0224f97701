//===- AscMemoryOps.cpp - pointer, tensor and data copy ops ---------------===//
//
// Verifiers and memory effects of the ops in AscMemoryOps.td.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::asc;

/// Checks that `count` elements of `elementType` are a positive number of
/// whole 32-byte blocks; `what` names the operand in messages.
static LogicalResult verifyBlockCount(Operation *op, StringRef what,
                                      int64_t count, Type elementType) {
  if (count <= 0)
    return op->emitOpError() << what << " must be positive, but got " << count;
  unsigned size = getElementByteSize(elementType);
  if (size && (count * size) % 32 != 0)
    return op->emitOpError()
           << what << " " << count << " of " << elementType << " spans "
           << count * size << " bytes, which is not a multiple of 32 bytes";
  return success();
}

//===----------------------------------------------------------------------===//
// GlobalTensorOp
//===----------------------------------------------------------------------===//

LogicalResult GlobalTensorOp::verify() {
  if (isa<NoneType>(getType().getElementType()))
    return emitOpError("global tensor is never bound to memory: call "
                       "set_global_buffer on it before use");
  return success();
}

//===----------------------------------------------------------------------===//
// LocalTensorOp
//===----------------------------------------------------------------------===//

LogicalResult LocalTensorOp::verify() {
  LocalTensorType type = getType();
  TPosition position = type.getPosition();
  if (!isOnChip(position))
    return emitOpError() << "position " << stringifyTPosition(position)
                         << " is not on chip; a local tensor needs one of "
                            "vecin, vecout, veccalc, a1, a2, b1, b2, c1, c2, "
                            "co1";
  Hardware memory = type.getHardware();
  if (std::optional<int64_t> addr = getConstantInt(getAddr())) {
    if (*addr < 0)
      return emitOpError() << "address must be non-negative, but got " << *addr;
    unsigned alignment = getAlignment(memory);
    if (*addr % alignment != 0)
      return emitOpError() << "address " << *addr << " in "
                           << stringifyHardware(memory)
                           << " must be aligned to " << alignment << " bytes";
  }
  if (std::optional<int64_t> length = getConstantInt(getLength()))
    return verifyBlockCount(*this, "length", *length, type.getElementType());
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
/// `src` to `dst`.
static bool isLegalCopyDirection(Hardware dst, Hardware src) {
  if (src == Hardware::GM)
    return dst == Hardware::UB || dst == Hardware::L1;
  if (src == Hardware::UB)
    return dst == Hardware::GM || dst == Hardware::UB;
  return false;
}

/// Checks the direction of a DataCopy from `srcType` to `dstType`.
static LogicalResult verifyCopyDirection(Operation *op, Type dstType,
                                         Type srcType) {
  if (isLegalCopyDirection(getTensorHardware(dstType),
                           getTensorHardware(srcType)))
    return success();
  return op->emitOpError()
         << "cannot copy from "
         << stringifyTPosition(getTensorPosition(srcType)) << " to "
         << stringifyTPosition(getTensorPosition(dstType))
         << "; supported directions are gm to vecin/vecout/veccalc/a1/b1/"
            "c1, vecin/vecout/veccalc to gm, and between "
            "vecin/vecout/veccalc";
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
  if (failed(verifyCopyDirection(*this, dstType, getSrc().getType())))
    return failure();
  if (std::optional<int64_t> count = getConstantInt(getCount()))
    return verifyBlockCount(*this, "count", *count,
                            getTensorElementType(dstType));
  return success();
}

void DataCopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getCopyEffects(getDstMutable(), getSrcMutable(), effects);
}

LogicalResult DataCopyParamsFormOp::verify() {
  return verifyCopyDirection(*this, getDst().getType(), getSrc().getType());
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
    return emitOpError()
           << "cannot copy from "
           << stringifyTPosition(getTensorPosition(srcType)) << " to "
           << stringifyTPosition(getTensorPosition(dstType))
           << " with padding; supported directions are gm to "
              "vecin/vecout/veccalc and vecin/vecout/veccalc to gm";
  Value pad = getPadParams();
  if (intoUB && !pad)
    return emitOpError("a copy into UB needs padding parameters");
  if (intoGM && pad)
    return emitOpError("a copy into GM takes no padding parameters");
  if (!pad)
    return success();
  bool ext = isa<DataCopyExtParamsType>(getParams().getType());
  auto padExt = dyn_cast<DataCopyPadExtParamsType>(pad.getType());
  if (ext != static_cast<bool>(padExt))
    return emitOpError() << getParams().getType() << " pairs with "
                         << (ext ? "!asc.data_copy_pad_ext_params<T>"
                                 : "!asc.data_copy_pad_params")
                         << ", but got " << pad.getType();
  Type elementType = getTensorElementType(dstType);
  if (padExt && padExt.getElementType() != elementType)
    return emitOpError() << "padding parameters hold "
                         << padExt.getElementType() << ", but the tensors hold "
                         << elementType;
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
    return emitOpError() << "the result has position "
                         << stringifyTPosition(dst)
                         << ", but SetAddrWithOffset takes the source's ("
                         << stringifyTPosition(src) << ")";
  return success();
}

LogicalResult LocalTensorReinterpretCastOp::verify() {
  TPosition src = getTensor().getType().getPosition();
  TPosition dst = getResult().getType().getPosition();
  if (src != dst)
    return emitOpError() << "ReinterpretCast keeps the position ("
                         << stringifyTPosition(src) << "), but the result has "
                         << stringifyTPosition(dst);
  return success();
}

LogicalResult GlobalTensorGetPhyAddrOp::verify() {
  Type element = getTensor().getType().getElementType();
  if (getResult().getType().getElementType() != element)
    return emitOpError() << "the address must point to " << element
                         << ", the tensor's element type, not "
                         << getResult().getType().getElementType();
  return success();
}
