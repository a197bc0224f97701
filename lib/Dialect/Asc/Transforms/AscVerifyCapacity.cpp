//===- AscVerifyCapacity.cpp - on-chip buffers fit in memory --------------===//
//
// Checks, with constant operands only, that
//  * every static local tensor lies inside the memory its position maps to;
//  * per function and per physical memory, the buffers the framework hands
//    out (TPipe::InitBuffer for queues and TBufs, InitBufPool,
//    LocalMemAllocator::Alloc) plus the extent of the static local tensors
//    fit in the memory.
// Reports an error on the first op that overflows a memory, with a note on
// every earlier contributor, and fails the pass; the IR is not changed.
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
  /// What the op allocates, e.g. "InitBuffer of 2 × 1024 bytes for a vecin
  /// queue".
  std::string description;
};

/// Running use of each memory in one function.
struct MemoryUse {
  uint64_t framework = 0;
  uint64_t staticEnd = 0;
  SmallVector<Contribution> contributors;
  Operation *lastStatic = nullptr;
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
            op, getHardware(getQueueTensorPosition(queue)), *num * block,
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
        return Contribution{op, getHardware(position), bytes,
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
        return Contribution{op, getHardware(position), bytes,
                            ("init_buf_pool of " + Twine(bytes) +
                             " bytes for a " + getPyEnumName(position) +
                             " TBufPool")
                                .str()};
      })
      .Case([&](LocalMemAllocatorAllocOp op) -> std::optional<Contribution> {
        std::optional<uint64_t> size = constant(op.getSize());
        if (!size)
          return std::nullopt;
        LocalTensorType type = op.getType();
        uint64_t bytes =
            roundUpToBlock(*size * getElementByteSize(type.getElementType()));
        return Contribution{op, type.getHardware(), bytes,
                            ("alloc of " + Twine(bytes) + " bytes for a " +
                             getPyEnumName(type.getPosition()) + " tensor")
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

bool AscVerifyCapacity::checkFunction(FunctionOpInterface func) {
  bool failed = false;
  DenseMap<Hardware, MemoryUse> uses;
  // Reports that `op` brings `memory` over its capacity.
  auto reportOverflow = [&](Operation *op, StringRef description,
                            Hardware memory, MemoryUse &use) {
    ++numOverflows;
    failed = true;
    use.overflowed = true;
    std::string name = getPyEnumName(memory);
    InFlightDiagnostic diag = emitApiError(op, DiagCategory::Capacity)
                              << description << " brings " << name
                              << " use to " << use.framework + use.staticEnd
                              << " bytes; " << name << " has "
                              << getCapacity(memory)
                              << ": use fewer or smaller buffers";
    if (use.lastStatic && use.lastStatic != op)
      diag.attachNote(use.lastStatic->getLoc())
          << "static local tensors occupy " << name << " up to byte "
          << use.staticEnd;
    for (const Contribution &contributor : use.contributors)
      if (contributor.op != op)
        diag.attachNote(contributor.op->getLoc()) << contributor.description;
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
      auto range = checkStaticTensor(tensorOp, failed);
      Hardware memory = tensorOp.getType().getHardware();
      MemoryUse &use = uses[memory];
      if (!range || range->second <= use.staticEnd)
        return;
      use.staticEnd = range->second;
      use.lastStatic = op;
      if (!use.overflowed &&
          use.framework + use.staticEnd > getCapacity(memory))
        reportOverflow(
            op,
            ("static local tensor ending at byte " + Twine(range->second))
                .str(),
            memory, use);
      return;
    }
    std::optional<Contribution> contribution = getContribution(op);
    if (!contribution)
      return;
    ++numBuffersChecked;
    MemoryUse &use = uses[contribution->memory];
    use.framework += contribution->bytes;
    if (!use.overflowed &&
        use.framework + use.staticEnd > getCapacity(contribution->memory))
      reportOverflow(op, contribution->description, contribution->memory, use);
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
