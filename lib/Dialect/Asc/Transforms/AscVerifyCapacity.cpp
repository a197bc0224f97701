//===- AscVerifyCapacity.cpp - static local tensors fit in memory ---------===//
//
// Checks that every static local tensor with constant address and length
// lies inside the on-chip memory its position maps to. Reports an error on
// each tensor that does not and fails the pass; the IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascir/Dialect/Asc/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"

namespace mlir {
namespace asc {
#define GEN_PASS_DEF_ASCVERIFYCAPACITY
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace asc
} // namespace mlir

using namespace mlir;
using namespace mlir::asc;

namespace {

struct AscVerifyCapacity
    : public mlir::asc::impl::AscVerifyCapacityBase<AscVerifyCapacity> {
  using AscVerifyCapacityBase::AscVerifyCapacityBase;

  void runOnOperation() override;

private:
  /// Capacity in bytes of `memory` as configured by the pass options.
  uint64_t getCapacity(Hardware memory) const;
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

void AscVerifyCapacity::runOnOperation() {
  bool failed = false;
  getOperation()->walk([&](LocalTensorOp op) {
    APInt addr, length;
    if (!matchPattern(op.getAddr(), m_ConstantInt(&addr)) ||
        !matchPattern(op.getLength(), m_ConstantInt(&length)))
      return;
    ++numTensorsChecked;
    LocalTensorType type = op.getType();
    Hardware memory = type.getHardware();
    uint64_t capacity = getCapacity(memory);
    uint64_t begin = addr.getZExtValue();
    uint64_t end = begin + length.getZExtValue() *
                               getElementByteSize(type.getElementType());
    if (end <= capacity)
      return;
    ++numOverflows;
    failed = true;
    StringRef name = stringifyHardware(memory);
    op.emitError() << "static local tensor occupies bytes [" << begin << ", "
                   << end << ") of " << name << " but " << name << " has only "
                   << capacity << " bytes";
  });
  if (failed)
    signalPassFailure();
}
