//===- AscFrameworkOps.cpp - TPipe, TQue, TBuf and pool ops ---------------===//
//
// Verifiers and template arguments of the ops in AscFrameworkOps.td.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

/// Most buffers one TPipe hands out (QBUF_MAX_LEN, ascendc_api.md §6.6).
static constexpr int64_t kMaxBuffers = 64;

/// Checks that a constant `value` is positive; `what` is the Python
/// parameter.
static LogicalResult verifyPositive(Operation *op, StringRef what,
                                    Value value) {
  std::optional<int64_t> constant = getConstantInt(value);
  if (constant && *constant <= 0)
    return emitApiError(op, DiagCategory::Argument)
           << "'" << what << "' must be positive, but got " << *constant;
  return success();
}

/// Shared verifier of the InitBuffer calls of pipes and pools.
static LogicalResult verifyInitBuffer(Operation *op, Value num, Value length) {
  std::optional<int64_t> count = getConstantInt(num);
  if (count && (*count < 1 || *count > kMaxBuffers))
    return emitApiError(op, DiagCategory::Queue)
           << "'num' (the number of buffers) must be in [1, " << kMaxBuffers
           << "], but got " << *count;
  return verifyPositive(op, "len", length);
}

/// Checks that `position` (of what a pool's buffer is carved for) is in the
/// memory of `pool`.
static LogicalResult verifyInPool(Operation *op, TPosition position,
                                  TBufPoolType pool) {
  Hardware memory = getHardware(position);
  Hardware poolMemory = getHardware(pool.getPosition());
  if (memory != poolMemory)
    return emitApiError(op, DiagCategory::Queue)
           << getPyEnumName(position) << " is in " << getPyEnumName(memory)
           << ", but the pool (" << getPyEnumName(pool.getPosition())
           << ") is in " << getPyEnumName(poolMemory);
  return success();
}

/// Checks that a tensor of `position` belongs to an object handing out
/// tensors of `expected`; `owner` names the object.
static LogicalResult verifyTensorPosition(Operation *op, TPosition position,
                                          TPosition expected, StringRef owner) {
  if (position != expected)
    return emitApiError(op, DiagCategory::Queue)
           << "the tensor's position " << getPyEnumName(position)
           << " does not match the " << owner << "'s position "
           << getPyEnumName(expected);
  return success();
}

/// What a depth-0 queue offers instead (ascendc_api.md §6.6).
static constexpr llvm::StringLiteral kDepthZeroForms =
    " (a queue of depth 0 takes the in-place forms alloc_tensor(t) and "
    "deque(t))";
static constexpr llvm::StringLiteral kDepthZeroQueries =
    " (a queue of depth 0 has no query methods and no free_all_event)";

/// Checks that `queue` has a depth of at least 1; `hint` says what a
/// depth-0 queue offers instead.
static LogicalResult verifyQueueDepth(Operation *op, Type queue,
                                      StringRef hint = kDepthZeroQueries) {
  int64_t depth = getQueueDepth(queue);
  if (depth < 1)
    return emitApiError(op, DiagCategory::Queue)
           << "needs a queue of depth at least 1, but the queue has depth "
           << depth << hint;
  return success();
}

/// Checks that `queue` has depth 0, for the in-place forms.
static LogicalResult verifyInPlaceDepth(Operation *op, Type queue) {
  int64_t depth = getQueueDepth(queue);
  if (depth != 0)
    return emitApiError(op, DiagCategory::Queue)
           << "the in-place form is Ascend C's for a queue of depth 0, but "
           << "the queue has depth " << depth;
  return success();
}

/// Shared verifier of ops taking or returning a tensor of a queue.
static LogicalResult verifyQueueTensor(Operation *op, Type queue,
                                       LocalTensorType tensor,
                                       bool needsDepth) {
  if (failed(verifyTensorPosition(op, tensor.getPosition(),
                                  getQueueTensorPosition(queue), "queue")))
    return failure();
  if (needsDepth)
    return verifyQueueDepth(op, queue, kDepthZeroForms);
  return success();
}

/// Appends the element type of `tensor` as a template argument.
static void appendElementType(SmallVectorImpl<Attribute> &args,
                              LocalTensorType tensor) {
  args.push_back(TypeAttr::get(tensor.getElementType()));
}

//===----------------------------------------------------------------------===//
// TPipe
//===----------------------------------------------------------------------===//

LogicalResult TPipeInitBufferOp::verify() {
  return verifyInitBuffer(*this, getNum(), getLength());
}

LogicalResult TPipeInitTBufOp::verify() {
  return verifyPositive(*this, "num", getLength());
}

LogicalResult TPipeInitBufPoolOp::verify() {
  return verifyPositive(*this, "len", getLength());
}

LogicalResult TPipeAllocEventIdOp::verify() {
  return mlir::asc::detail::verifyHardEvent(*this, getEvent());
}

void TPipeAllocEventIdOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getEventAttr());
}

LogicalResult TPipeFetchEventIdOp::verify() {
  return mlir::asc::detail::verifyHardEvent(*this, getEvent());
}

void TPipeFetchEventIdOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getEventAttr());
}

LogicalResult TPipeReleaseEventIdOp::verify() {
  return mlir::asc::detail::verifyHardEvent(*this, getEvent());
}

void TPipeReleaseEventIdOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  args.push_back(getEventAttr());
}

//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

LogicalResult AllocTensorOp::verify() {
  if (failed(verifyQueueTensor(*this, getQueue().getType(), getType(),
                               /*needsDepth=*/!getInPlace())))
    return failure();
  if (getInPlace())
    return verifyInPlaceDepth(*this, getQueue().getType());
  return success();
}

void AllocTensorOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  appendElementType(args, getType());
}

/// Checks the user positions of EnQue<srcUserPos, dstUserPos> /
/// DeQue<srcUserPos, dstUserPos, T> (hardware.md §3.5): both or neither, each
/// an end of a Unified Buffer path (GM, VECIN, VECCALC, VECOUT), not both GM,
/// on a queue whose buffers are in the Unified Buffer.
static LogicalResult verifyUserPositions(Operation *op, Type queue,
                                         TPositionAttr src, TPositionAttr dst) {
  if (!src && !dst)
    return success();
  if (!src || !dst)
    return emitApiError(op, DiagCategory::Queue)
           << "give both 'src_user_pos' and 'dst_user_pos', or neither";
  auto isPathEnd = [](TPosition p) {
    return p == TPosition::GM || p == TPosition::VECIN ||
           p == TPosition::VECCALC || p == TPosition::VECOUT;
  };
  for (auto [name, attr] :
       {std::pair<StringRef, TPositionAttr>{"src", src}, {"dst", dst}})
    if (!isPathEnd(attr.getValue()))
      return emitApiError(op, DiagCategory::Queue)
             << "'" << name << "_user_pos' must be GM, VECIN, VECCALC or "
             << "VECOUT, but got " << getPyEnumName(attr.getValue());
  if (src.getValue() == TPosition::GM && dst.getValue() == TPosition::GM)
    return emitApiError(op, DiagCategory::Queue)
           << "'src_user_pos' and 'dst_user_pos' cannot both be GM";
  TPosition position = getQueueTensorPosition(queue);
  if (getHardware(position) != Hardware::UB)
    return emitApiError(op, DiagCategory::Queue)
           << "user positions name a path through the Unified Buffer, but "
           << "the queue's buffers are at " << getPyEnumName(position)
           << ", in " << getPyEnumName(getHardware(position));
  return success();
}

/// Appends the user positions, when given, as template arguments.
static void appendUserPositions(SmallVectorImpl<Attribute> &args,
                                TPositionAttr src, TPositionAttr dst) {
  if (src && dst)
    args.append({src, dst});
}

LogicalResult DeQueOp::verify() {
  Value tensor = getTensor();
  if (failed(verifyQueueTensor(*this, getQueue().getType(), getType(),
                               /*needsDepth=*/!tensor)))
    return failure();
  if (tensor) {
    if (tensor.getType() != getType())
      return emitApiError(*this, DiagCategory::Queue)
             << "the in-place deque's tensor and result differ in type";
    if (getSrcUserPosAttr() || getDstUserPosAttr())
      return emitApiError(*this, DiagCategory::Queue)
             << "the in-place deque(t) takes no user positions";
    return verifyInPlaceDepth(*this, getQueue().getType());
  }
  return verifyUserPositions(*this, getQueue().getType(), getSrcUserPosAttr(),
                             getDstUserPosAttr());
}

void DeQueOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  appendUserPositions(args, getSrcUserPosAttr(), getDstUserPosAttr());
  appendElementType(args, getType());
}

LogicalResult EnQueOp::verify() {
  if (failed(verifyQueueTensor(*this, getQueue().getType(),
                               getTensor().getType(), /*needsDepth=*/false)))
    return failure();
  return verifyUserPositions(*this, getQueue().getType(), getSrcUserPosAttr(),
                             getDstUserPosAttr());
}

void EnQueOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  appendUserPositions(args, getSrcUserPosAttr(), getDstUserPosAttr());
}

LogicalResult FreeTensorOp::verify() {
  return verifyQueueTensor(*this, getQueue().getType(), getTensor().getType(),
                           /*needsDepth=*/false);
}

LogicalResult FreeAllEventOp::verify() {
  return verifyQueueDepth(*this, getQueue().getType());
}

LogicalResult VacantInQueOp::verify() {
  return verifyQueueDepth(*this, getQueue().getType());
}

LogicalResult HasTensorInQueOp::verify() {
  return verifyQueueDepth(*this, getQueue().getType());
}

LogicalResult GetTensorCountInQueOp::verify() {
  return verifyQueueDepth(*this, getQueue().getType());
}

LogicalResult HasIdleBufferOp::verify() {
  return verifyQueueDepth(*this, getQueue().getType());
}

//===----------------------------------------------------------------------===//
// TBuf
//===----------------------------------------------------------------------===//

LogicalResult TBufGetOp::verify() {
  if (failed(verifyTensorPosition(*this, getType().getPosition(),
                                  getBuf().getType().getPosition(), "buffer")))
    return failure();
  if (Value length = getLength())
    return verifyPositive(*this, "len", length);
  return success();
}

void TBufGetOp::getTemplateArguments(SmallVectorImpl<Attribute> &args) {
  appendElementType(args, getType());
}

LogicalResult TBufGetWithOffsetOp::verify() {
  if (failed(verifyTensorPosition(*this, getType().getPosition(),
                                  getBuf().getType().getPosition(),
                                  "buffer")) ||
      failed(verifyPositive(*this, "size", getSize())))
    return failure();
  std::optional<int64_t> offset = getConstantInt(getOffset());
  if (offset && (*offset < 0 || *offset % 32 != 0))
    return emitApiError(*this, DiagCategory::Alignment)
           << "'buf_offset' must be a non-negative multiple of 32 bytes, but "
              "got "
           << *offset;
  return success();
}

void TBufGetWithOffsetOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  appendElementType(args, getType());
}

//===----------------------------------------------------------------------===//
// TBufPool
//===----------------------------------------------------------------------===//

LogicalResult TBufPoolInitBufferOp::verify() {
  if (failed(verifyInPool(*this, getQueueTensorPosition(getQueue().getType()),
                          getPool().getType())))
    return failure();
  return verifyInitBuffer(*this, getNum(), getLength());
}

LogicalResult TBufPoolInitTBufOp::verify() {
  if (failed(verifyInPool(*this, getBuf().getType().getPosition(),
                          getPool().getType())))
    return failure();
  return verifyPositive(*this, "len", getLength());
}

LogicalResult TBufPoolInitBufPoolOp::verify() {
  if (failed(verifyInPool(*this, getSubPool().getType().getPosition(),
                          getPool().getType())))
    return failure();
  return verifyPositive(*this, "len", getLength());
}

//===----------------------------------------------------------------------===//
// LocalMemAllocator
//===----------------------------------------------------------------------===//

LogicalResult LocalMemAllocatorAllocOp::verify() {
  LocalTensorType type = getType();
  Hardware memory = getAllocator().getType().getHardware();
  if (type.getHardware() != memory)
    return emitApiError(*this, DiagCategory::Position)
           << "'pos' " << getPyEnumName(type.getPosition()) << " is in "
           << getPyEnumName(type.getHardware())
           << ", but the allocator allocates from " << getPyEnumName(memory);
  return verifyPositive(*this, "tile_size", getSize());
}

void LocalMemAllocatorAllocOp::getTemplateArguments(
    SmallVectorImpl<Attribute> &args) {
  LocalTensorType type = getType();
  args.push_back(TPositionAttr::get(getContext(), type.getPosition()));
  appendElementType(args, type);
}
