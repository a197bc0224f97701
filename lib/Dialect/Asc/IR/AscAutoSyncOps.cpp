//===- AscAutoSyncOps.cpp - automatically managed tensors -----------------===//
//
// Verifier and memory effects of the ops in AscAutoSyncOps.td.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
#include "ascir/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult LocalTensorAutoOp::verify() {
  if (getShape().empty())
    return emitApiError(*this, DiagCategory::Argument)
           << "'shape' needs at least one dimension";
  for (auto [i, dim] : llvm::enumerate(getShape()))
    if (std::optional<int64_t> n = getConstantInt(dim); n && *n <= 0)
      return emitApiError(*this, DiagCategory::Argument)
             << "dimension " << i << " of 'shape' is " << *n
             << "; dimensions must be positive";
  if (getType().getHardware() != Hardware::UB)
    return emitApiError(*this, DiagCategory::Position)
           << "a LocalTensorAuto lives in the Unified Buffer (VECIN, VECOUT "
              "or VECCALC), not in "
           << getPyEnumName(getType().getPosition());
  return success();
}

void LocalTensorAutoOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0), UBResource::get());
}
