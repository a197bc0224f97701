//===- AscSyncOps.cpp - synchronisation ops -------------------------------===//
//
// Verifiers and template arguments of set_flag, wait_flag and pipe_barrier.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::asc;

/// Number of flag ids per hardware event on A2/A3 (hardware.md §3.3).
static constexpr int64_t kNumFlagIds = 8;

LogicalResult mlir::asc::detail::verifyHardEvent(Operation *op,
                                                 HardEvent event) {
  if (event == HardEvent::MAX)
    return emitApiError(op, DiagCategory::Sync)
           << "'event' " << getPyEnumName(event)
           << " is only an end marker, not a hardware event";
  return success();
}

/// Shared verifier of set_flag and wait_flag.
static LogicalResult verifyFlagOp(Operation *op, HardEvent event, Value id) {
  if (failed(mlir::asc::detail::verifyHardEvent(op, event)))
    return failure();
  APInt constant;
  if (matchPattern(id, m_ConstantInt(&constant))) {
    int64_t value = constant.getSExtValue();
    if (value < 0 || value >= kNumFlagIds)
      return emitApiError(op, DiagCategory::Sync)
             << "'event_id' must be in [0, " << kNumFlagIds - 1 << "], but got "
             << value;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SetFlagOp / WaitFlagOp
//===----------------------------------------------------------------------===//

LogicalResult SetFlagOp::verify() {
  return verifyFlagOp(*this, getEvent(), getId());
}

void SetFlagOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getEventAttr());
}

LogicalResult WaitFlagOp::verify() {
  return verifyFlagOp(*this, getEvent(), getId());
}

void WaitFlagOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getEventAttr());
}

//===----------------------------------------------------------------------===//
// PipeBarrierOp
//===----------------------------------------------------------------------===//

LogicalResult PipeBarrierOp::verify() {
  if (getPipe() == Pipe::S)
    return emitApiError(*this, DiagCategory::Sync)
           << getPyEnumName(Pipe::S)
           << " cannot take a barrier: scalar instructions are ordered "
              "automatically";
  return success();
}

void DataSyncBarrierOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getArg0Attr());
}

void PipeBarrierOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  args.push_back(getPipeAttr());
}
