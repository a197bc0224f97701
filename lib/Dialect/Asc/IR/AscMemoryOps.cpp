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
// DataCopyOp
//===----------------------------------------------------------------------===//

/// True if the count form of DataCopy supports copying `src` to `dst`.
static bool isLegalCopyDirection(Hardware dst, Hardware src) {
  if (src == Hardware::GM)
    return dst == Hardware::UB || dst == Hardware::L1;
  if (src == Hardware::UB)
    return dst == Hardware::GM || dst == Hardware::UB;
  return false;
}

LogicalResult DataCopyOp::verify() {
  Type dstType = getDst().getType();
  Type srcType = getSrc().getType();
  if (!isLegalCopyDirection(getTensorHardware(dstType),
                            getTensorHardware(srcType)))
    return emitOpError()
           << "cannot copy from "
           << stringifyTPosition(getTensorPosition(srcType)) << " to "
           << stringifyTPosition(getTensorPosition(dstType))
           << "; supported directions are gm to vecin/vecout/veccalc/a1/b1/"
              "c1, vecin/vecout/veccalc to gm, and between "
              "vecin/vecout/veccalc";
  if (std::optional<int64_t> count = getConstantInt(getCount()))
    return verifyBlockCount(*this, "count", *count,
                            getTensorElementType(dstType));
  return success();
}

void DataCopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(),
                       getResource(getTensorHardware(getSrc().getType())));
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable(),
                       getResource(getTensorHardware(getDst().getType())));
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
