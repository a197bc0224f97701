//===- AscVerifySync.cpp - warn about queue misuse ------------------------===//
//
// @asc.jit(verify_sync=True): a static check of the TPipe queue protocol,
// block by block (SyncPasses.td). Warnings only; the IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "AutoSyncUtils.h"

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <deque>

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCVERIFYSYNC
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::autosync;

namespace {

/// One buffer handed out by alloc_tensor in the block being checked.
struct Buffer {
  Operation *alloc;
  Operation *freedAt = nullptr;
  Operation *enquedAt = nullptr; // while between enque and deque
};

struct AscVerifySync
    : public mlir::asc::impl::AscVerifySyncBase<AscVerifySync> {
  void runOnOperation() override {
    getOperation().walk([&](Block *block) {
      if (isa<func::FuncOp>(block->getParentOp()) ||
          block->getParentOp()->getParentOfType<func::FuncOp>())
        checkBlock(*block);
    });
  }

private:
  void warn(Operation *op, const Twine &message) {
    // Warnings carry the sync category, like the verifier's sync errors.
    emitApiWarning(op->getLoc(), "verify_sync", DiagCategory::Sync) << message;
    ++numWarnings;
  }

  /// " (user positions A, B)" of an enque or deque, or "".
  static std::string userPositions(TPositionAttr src, TPositionAttr dst) {
    if (!src || !dst)
      return " without user positions";
    return " with user positions (" + getPyEnumName(src.getValue()) + ", " +
           getPyEnumName(dst.getValue()) + ")";
  }

  /// A deque waits the event of its own user positions (hardware.md §3.5):
  /// when its enque set another, the NPU hangs there (the simulator checks
  /// the events; this checks that the positions match).
  void checkUserPositions(EnQueOp enque, DeQueOp deque) {
    if (enque.getSrcUserPosAttr() == deque.getSrcUserPosAttr() &&
        enque.getDstUserPosAttr() == deque.getDstUserPosAttr())
      return;
    std::string line;
    if (auto fileLoc = enque.getLoc()->findInstanceOf<FileLineColLoc>())
      line = " (line " + std::to_string(fileLoc.getLine()) + ")";
    // The in-place DeQue(t) (depth 0) cannot name positions: the advice is
    // about the enque.
    if (deque.getTensor()) {
      warn(deque, "in-place deque of a tensor enqueued" +
                      userPositions(enque.getSrcUserPosAttr(),
                                    enque.getDstUserPosAttr()) +
                      line +
                      ": it waits the event of the queue's own positions, "
                      "not always the one the enque set; enque the tensor "
                      "without user positions, or use a queue of depth 1 or "
                      "more and give its deque the user positions of the "
                      "enque");
      return;
    }
    warn(deque, "deque" +
                    userPositions(deque.getSrcUserPosAttr(),
                                  deque.getDstUserPosAttr()) +
                    " of a tensor enqueued" +
                    userPositions(enque.getSrcUserPosAttr(),
                                  enque.getDstUserPosAttr()) +
                    line +
                    ": a deque waits the event of its own positions, not "
                    "always the one the enque set; give deque the user "
                    "positions of its enque");
  }

  static std::string tensorName(Operation *op) {
    std::string name = nameOf(op);
    return name.empty() ? "a tensor" : "tensor '" + name + "'";
  }

  void checkBlock(Block &block) {
    std::deque<Buffer> buffers; // stable addresses
    DenseMap<Value, Buffer *> byValue;
    // Per queue: the buffers enqueued and not yet dequeued, with their enque.
    DenseMap<Value, std::deque<std::pair<Buffer *, EnQueOp>>> fifo;
    DenseMap<Value, Operation *> unmatchedEnque;
    auto bufferOf = [&](Value tensor) -> Buffer * {
      return byValue.lookup(rootOf(tensor));
    };
    for (Operation &op : block) {
      if (auto alloc = dyn_cast<AllocTensorOp>(op)) {
        buffers.push_back({&op});
        byValue[alloc.getResult()] = &buffers.back();
        continue;
      }
      if (auto enque = dyn_cast<EnQueOp>(op)) {
        Buffer *buf = bufferOf(enque.getTensor());
        if (buf)
          buf->enquedAt = &op;
        fifo[enque.getQueue()].push_back({buf, enque});
        continue;
      }
      if (auto deque = dyn_cast<DeQueOp>(op)) {
        auto &q = fifo[deque.getQueue()];
        if (q.empty()) {
          warn(&op, "deque from a queue that nothing was enqueued to in this "
                    "block (enque before deque)");
          continue;
        }
        // A depth-0 queue's DeQue(t) takes t's buffer, not the oldest.
        auto pos = q.begin();
        if (Value tensor = deque.getTensor()) {
          Buffer *want = bufferOf(tensor);
          auto it = llvm::find_if(
              q, [&](const auto &e) { return e.first && e.first == want; });
          if (it != q.end())
            pos = it;
        }
        auto [buf, enque] = *pos;
        q.erase(pos);
        checkUserPositions(enque, deque);
        if (buf) {
          buf->enquedAt = nullptr;
          byValue[deque.getResult()] = buf;
        }
        continue;
      }
      if (auto free = dyn_cast<FreeTensorOp>(op)) {
        Buffer *buf = bufferOf(free.getTensor());
        if (!buf)
          continue;
        if (buf->freedAt) {
          warn(&op, "free_tensor of " + tensorName(buf->alloc) +
                        " that was already freed (double free)");
          continue;
        }
        buf->freedAt = &op;
        continue;
      }
      // Any other use of a tensor between its enque and its deque.
      auto check = [&](Value v) {
        if (!isa<LocalTensorType>(v.getType()))
          return;
        Buffer *buf = bufferOf(v);
        if (buf && buf->enquedAt && !isViewOp(&op))
          warn(&op, tensorName(buf->alloc) +
                        " is used between its enque and its deque; use the "
                        "tensor deque returns");
      };
      op.walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          check(v);
      });
    }
    for (Buffer &buf : buffers) {
      if (buf.enquedAt)
        warn(buf.enquedAt, tensorName(buf.alloc) +
                               " is enqueued and never dequeued in this block");
      else if (!buf.freedAt)
        warn(buf.alloc, tensorName(buf.alloc) +
                            " is allocated and never freed (free_tensor) in "
                            "this block");
    }
  }
};

} // namespace
