//===- AscLoopInvariantCodeMotion.cpp - LICM for checked remainders -------===//
//
// Upstream loop-invariant code motion, except that an integer remainder whose
// divisor may be 0, and a shift whose count may be negative, are not hoisted:
// the kernel checks them, and a hoisted one would fault in a loop that runs no
// iteration.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCLOOPINVARIANTCODEMOTION
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;

namespace {

/// A remainder whose divisor is not a known non-zero constant: its check
/// may fire, so it must run only where the program runs it.
bool isCheckedRemainder(Operation *op) {
  if (!isa<arith::RemSIOp, arith::RemUIOp>(op))
    return false;
  APInt divisor;
  return !matchPattern(op->getOperand(1), m_ConstantInt(&divisor)) ||
         divisor.isZero();
}

/// A shift whose count is not a constant in 0 .. width - 1 (printed as
/// pyasc::shl/shr, which stops the core on a negative count).
bool isCheckedShift(Operation *op) {
  if (!isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
    return false;
  APInt count;
  return !matchPattern(op->getOperand(1), m_ConstantInt(&count)) ||
         count.uge(count.getBitWidth());
}

struct AscLoopInvariantCodeMotion
    : public mlir::asc::impl::AscLoopInvariantCodeMotionBase<
          AscLoopInvariantCodeMotion> {
  void runOnOperation() override {
    // Innermost loops first, as upstream does, so that an op hoisted out of
    // an inner loop can leave the outer one too.
    getOperation()->walk([&](LoopLikeOpInterface loop) {
      moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            if (!isMemoryEffectFree(op) || !isSpeculatable(op))
              return false;
            if (isCheckedRemainder(op) || isCheckedShift(op)) {
              ++numKept;
              return false;
            }
            return true;
          },
          [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    });
  }
};

} // namespace
