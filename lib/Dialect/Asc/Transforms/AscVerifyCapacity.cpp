//===- AscVerifyCapacity.cpp - on-chip buffers fit in memory --------------===//
//
// Checks, with constant operands only, that
//  * every static local tensor (asc.local_tensor, LocalMemAllocator::Alloc)
//    lies inside the memory its position maps to;
//  * per function and per physical memory, the buffers a TPipe hands out
//    (InitBuffer for queues and TBufs, InitBufPool) fit in the memory. The
//    TPipe places them one after the other from byte 0 (as the simulator's
//    framework does), so static tensors above them do not count.
// Reports an error on the first op that overflows a memory, with a note on
// every earlier contributor, and fails the pass; warns (without failing)
// when a static tensor shares bytes with the TPipe's buffers. The IR is not
// changed.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCVERIFYCAPACITY
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;

namespace {

/// Bytes one op takes from one memory.
struct Contribution {
  Operation *op;
  Hardware memory;
  uint64_t bytes;
  /// Where the TPipe places the buffers: `[start, start + bytes)`.
  uint64_t start = 0;
  /// What the op allocates, e.g. "InitBuffer of 2 × 1024 bytes for a vecin
  /// queue".
  std::string description;
};

/// The bytes `[begin, end)` a static local tensor (asc.local_tensor or a
/// LocalMemAllocator's alloc) occupies.
struct StaticRange {
  Operation *op;
  uint64_t begin;
  uint64_t end;
  /// Already warned about overlapping the TPipe's buffers.
  bool warned = false;
};

/// Use of one memory in one function. A TPipe places its buffers one after
/// the other from byte 0 of each memory (sim/lib/framework TPipe::InitBuffer),
/// so they take `[0, framework)`; static tensors lie where they are placed.
struct MemoryUse {
  uint64_t framework = 0;
  /// The TPipe's buffers since the last reset, in placement order.
  SmallVector<Contribution> contributors;
  SmallVector<StaticRange> statics;
  bool overflowed = false;
};

struct AscVerifyCapacity
    : public mlir::asc::impl::AscVerifyCapacityBase<AscVerifyCapacity> {
  using AscVerifyCapacityBase::AscVerifyCapacityBase;

  void runOnOperation() override;

private:
  /// Capacity in bytes of `memory` as configured by the pass options.
  uint64_t getCapacity(Hardware memory) const;

  /// Checks that a static local tensor lies inside its memory; returns its
  /// byte range.
  std::optional<std::pair<uint64_t, uint64_t>>
  checkStaticTensor(LocalTensorOp op, bool &failed);

  /// Checks the framework buffers and static tensors of one function.
  bool checkFunction(FunctionOpInterface func);
};

} // namespace

uint64_t AscVerifyCapacity::getCapacity(Hardware memory) const {
  switch (memory) {
  case Hardware::UB:
    return ubSize;
  case Hardware::L1:
    return l1Size;
  case Hardware::L0A:
    return l0aSize;
  case Hardware::L0B:
    return l0bSize;
  case Hardware::L0C:
    return l0cSize;
  case Hardware::BIAS:
    return biasSize;
  case Hardware::GM:
  case Hardware::FIXBUF:
    return UINT64_MAX;
  }
  llvm_unreachable("unknown Hardware");
}

/// `bytes` rounded up to the 32-byte block the framework allocates in.
static uint64_t roundUpToBlock(uint64_t bytes) {
  return llvm::alignTo(bytes, 32);
}

/// "a TPosition.VECIN queue", "a TPosition.VECIN-to-TPosition.VECOUT
/// queue".
static std::string describeQueue(Type queue) {
  return TypeSwitch<Type, std::string>(queue)
      .Case([](TQueType type) {
        return "a " + getPyEnumName(type.getPosition()) + " queue";
      })
      .Case([](TQueBindType type) {
        return "a " + getPyEnumName(type.getSrc()) + "-to-" +
               getPyEnumName(type.getDst()) + " queue";
      });
}

/// The bytes `op` takes from the framework's memory, if it allocates and
/// its operands are constants.
static std::optional<Contribution> getContribution(Operation *op) {
  auto constant = [](Value value) -> std::optional<uint64_t> {
    std::optional<int64_t> number = getConstantInt(value);
    if (!number || *number <= 0)
      return std::nullopt;
    return static_cast<uint64_t>(*number);
  };
  return TypeSwitch<Operation *, std::optional<Contribution>>(op)
      .Case([&](TPipeInitBufferOp op) -> std::optional<Contribution> {
        std::optional<uint64_t> num = constant(op.getNum());
        std::optional<uint64_t> length = constant(op.getLength());
        if (!num || !length)
          return std::nullopt;
        Type queue = op.getQueue().getType();
        uint64_t block = roundUpToBlock(*length);
        return Contribution{
            op, getHardware(getQueueTensorPosition(queue)), *num * block, 0,
            ("init_buffer of " + Twine(*num) + " × " + Twine(block) +
             " bytes for " + describeQueue(queue))
                .str()};
      })
      .Case([&](TPipeInitTBufOp op) -> std::optional<Contribution> {
        std::optional<uint64_t> length = constant(op.getLength());
        if (!length)
          return std::nullopt;
        TPosition position = op.getBuf().getType().getPosition();
        uint64_t bytes = roundUpToBlock(*length);
        return Contribution{op, getHardware(position), bytes, 0,
                            ("init_buffer of " + Twine(bytes) +
                             " bytes for a " + getPyEnumName(position) +
                             " TBuf")
                                .str()};
      })
      .Case([&](TPipeInitBufPoolOp op) -> std::optional<Contribution> {
        // A pool sharing another pool's memory takes nothing new.
        std::optional<uint64_t> length = constant(op.getLength());
        if (!length || op.getShare())
          return std::nullopt;
        TPosition position = op.getPool().getType().getPosition();
        uint64_t bytes = roundUpToBlock(*length);
        return Contribution{op, getHardware(position), bytes, 0,
                            ("init_buf_pool of " + Twine(bytes) +
                             " bytes for a " + getPyEnumName(position) +
                             " TBufPool")
                                .str()};
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<std::pair<uint64_t, uint64_t>>
AscVerifyCapacity::checkStaticTensor(LocalTensorOp op, bool &failed) {
  APInt addr, length;
  if (!matchPattern(op.getAddr(), m_ConstantInt(&addr)) ||
      !matchPattern(op.getLength(), m_ConstantInt(&length)))
    return std::nullopt;
  ++numTensorsChecked;
  LocalTensorType type = op.getType();
  Hardware memory = type.getHardware();
  uint64_t capacity = getCapacity(memory);
  uint64_t begin = addr.getZExtValue();
  uint64_t end =
      begin + length.getZExtValue() * getElementByteSize(type.getElementType());
  if (end <= capacity)
    return std::make_pair(begin, end);
  ++numOverflows;
  failed = true;
  std::string name = getPyEnumName(memory);
  emitApiError(op, DiagCategory::Capacity)
      << "the tensor occupies bytes [" << begin << ", " << end << ") of "
      << name << ", but " << name << " has only " << capacity << " bytes";
  return std::nullopt;
}

/// `memory[begin, end)`, e.g. "bytes [0, 4096) of Hardware.UB".
static std::string describeBytes(uint64_t begin, uint64_t end,
                                 Hardware memory) {
  return ("bytes [" + Twine(begin) + ", " + Twine(end) + ") of " +
          getPyEnumName(memory))
      .str();
}

/// A static tensor sharing bytes with the TPipe's buffers: each may
/// overwrite the other. A warning, not an error: the program can be right
/// (the tensor may be dead while the buffers are in use).
static void warnStaticOverFramework(Hardware memory, MemoryUse &use,
                                    StaticRange &tensor) {
  tensor.warned = true;
  InFlightDiagnostic diag = emitApiWarning(tensor.op, DiagCategory::Capacity);
  diag << "the tensor occupies "
       << describeBytes(tensor.begin, tensor.end, memory)
       << ", which the TPipe's buffers at "
       << describeBytes(0, use.framework, memory)
       << " also use (a TPipe places its buffers from byte 0 of each memory): "
          "each may overwrite the other. Place the tensor at byte "
       << use.framework << " or above";
  for (const Contribution &contributor : use.contributors)
    if (contributor.start < tensor.end &&
        tensor.begin < contributor.start + contributor.bytes)
      diag.attachNote(contributor.op->getLoc())
          << contributor.description << " takes "
          << describeBytes(contributor.start,
                           contributor.start + contributor.bytes, memory);
}

/// A TPipe buffer placed over an earlier static tensor.
static void warnFrameworkOverStatic(const Contribution &buffer,
                                    StaticRange &tensor) {
  tensor.warned = true;
  uint64_t end = buffer.start + buffer.bytes;
  InFlightDiagnostic diag = emitApiWarning(buffer.op, DiagCategory::Capacity);
  diag << buffer.description << " takes "
       << describeBytes(buffer.start, end, buffer.memory)
       << " (a TPipe places its buffers from byte 0 of each memory), which "
          "the static local tensor at "
       << describeBytes(tensor.begin, tensor.end, buffer.memory)
       << " also uses: each may overwrite the other. Place the tensor at byte "
       << end << " or above";
  diag.attachNote(tensor.op->getLoc()) << "the static local tensor";
}

bool AscVerifyCapacity::checkFunction(FunctionOpInterface func) {
  bool failed = false;
  DenseMap<Hardware, MemoryUse> uses;
  // The next byte each LocalMemAllocator hands out; none once unknown.
  DenseMap<Value, std::optional<uint64_t>> heads;

  // Records a static tensor and checks it against the TPipe's buffers.
  auto addStatic = [&](Operation *op, Hardware memory, uint64_t begin,
                       uint64_t end) {
    MemoryUse &use = uses[memory];
    use.statics.push_back({op, begin, end});
    if (begin < use.framework)
      warnStaticOverFramework(memory, use, use.statics.back());
  };

  func->walk([&](Operation *op) {
    // A reset or destroyed pipe hands its buffers out again.
    if (isa<TPipeResetOp, TPipeDestroyOp>(op)) {
      for (auto &entry : uses) {
        entry.second.framework = 0;
        entry.second.contributors.clear();
      }
      return;
    }
    if (auto tensorOp = dyn_cast<LocalTensorOp>(op)) {
      if (auto range = checkStaticTensor(tensorOp, failed))
        addStatic(op, tensorOp.getType().getHardware(), range->first,
                  range->second);
      return;
    }
    if (auto alloc = dyn_cast<LocalMemAllocatorAllocOp>(op)) {
      std::optional<uint64_t> &head =
          heads.try_emplace(alloc.getAllocator(), 0).first->second;
      std::optional<int64_t> size = getConstantInt(alloc.getSize());
      if (!head || !size || *size <= 0) {
        head = std::nullopt;
        return;
      }
      ++numTensorsChecked;
      LocalTensorType type = alloc.getType();
      Hardware memory = type.getHardware();
      uint64_t begin = *head;
      uint64_t end = begin + static_cast<uint64_t>(*size) *
                                 getElementByteSize(type.getElementType());
      head = end;
      uint64_t capacity = getCapacity(memory);
      if (end <= capacity) {
        addStatic(op, memory, begin, end);
        return;
      }
      ++numOverflows;
      failed = true;
      std::string name = getPyEnumName(memory);
      emitApiError(op, DiagCategory::Capacity)
          << "the tensor occupies " << describeBytes(begin, end, memory)
          << " (a LocalMemAllocator hands out its memory from byte 0 in "
             "order), but "
          << name << " has only " << capacity
          << " bytes: use fewer or smaller tensors";
      head = std::nullopt;
      return;
    }
    std::optional<Contribution> contribution = getContribution(op);
    if (!contribution)
      return;
    ++numBuffersChecked;
    Hardware memory = contribution->memory;
    MemoryUse &use = uses[memory];
    contribution->start = use.framework;
    use.framework += contribution->bytes;
    uint64_t capacity = getCapacity(memory);
    if (!use.overflowed && use.framework > capacity) {
      ++numOverflows;
      failed = true;
      use.overflowed = true;
      std::string name = getPyEnumName(memory);
      InFlightDiagnostic diag = emitApiError(op, DiagCategory::Capacity)
                                << contribution->description << " brings "
                                << name << " use to " << use.framework
                                << " bytes; " << name << " has " << capacity
                                << ": use fewer or smaller buffers";
      for (const Contribution &contributor : use.contributors)
        diag.attachNote(contributor.op->getLoc()) << contributor.description;
    } else {
      for (StaticRange &tensor : use.statics)
        if (!tensor.warned && tensor.begin < use.framework &&
            contribution->start < tensor.end)
          warnFrameworkOverStatic(*contribution, tensor);
    }
    use.contributors.push_back(std::move(*contribution));
  });
  return failed;
}

void AscVerifyCapacity::runOnOperation() {
  bool failed = false;
  getOperation()->walk([&](Operation *op) {
    if (auto func = dyn_cast<FunctionOpInterface>(op))
      failed |= checkFunction(func);
  });
  if (failed)
    signalPassFailure();
}
