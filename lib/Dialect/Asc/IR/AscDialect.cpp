//===- AscDialect.cpp - asc dialect, enums and attributes -----------------===//
//
// Dialect registration, enum/attribute definitions, the inliner interface,
// and verification of the `asc.*` attributes the dialect puts on other
// dialects' ops.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "ascsim/gen/Hardware.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

#include "ascir/Dialect/Asc/IR/AscDialect.cpp.inc"
#include "ascir/Dialect/Asc/IR/AscEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ascir/Dialect/Asc/IR/AscAttrs.cpp.inc"

//===----------------------------------------------------------------------===//
// Inliner interface
//===----------------------------------------------------------------------===//

namespace {
/// Every asc op may be inlined: device functions are inlined into kernels,
/// framework objects are passed by reference and need no copy.
struct AscInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// AscDialect
//===----------------------------------------------------------------------===//

void AscDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "ascir/Dialect/Asc/IR/AscOps.cpp.inc"
      >();
  addInterfaces<AscInlinerInterface>();
}

void AscDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascir/Dialect/Asc/IR/AscAttrs.cpp.inc"
      >();
}

LogicalResult AscDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  // Kernels are the functions of @asc.jit: errors name that API.
  constexpr StringLiteral api = "asc.jit";
  // asc-materialize-auto-tensors marks the queue operations of a
  // LocalTensorAuto for asc-insert-sync (Transforms/SyncPasses.td).
  if (attr.getName() == "asc.auto_tensor") {
    if (!isa<UnitAttr>(attr.getValue()) ||
        !isa<AllocTensorOp, FreeTensorOp>(op))
      return op->emitOpError("'asc.auto_tensor' is a unit attribute of "
                             "asc.alloc_tensor and asc.free_tensor");
    return success();
  }
  if (attr.getName() == getKernelTypeAttrName()) {
    auto kernelType = dyn_cast<KernelMetaTypeAttr>(attr.getValue());
    if (!kernelType)
      return emitApiError(op->getLoc(), api, DiagCategory::Argument)
             << "attribute '" << getKernelTypeAttrName()
             << "' must be a #asc<kernel_type ...>, but got "
             << attr.getValue();
    if (!op->hasAttr(getKernelAttrName()))
      return emitApiError(op->getLoc(), api, DiagCategory::Argument)
             << "attribute '" << getKernelTypeAttrName()
             << "' is only valid on a kernel ('" << getKernelAttrName() << "')";
    // A2/A3 accept the first six (ascendc_api.md §3.21).
    if (kernelType.getValue() > KernelMetaType::MIX_AIC_1_2)
      return emitApiError(op->getLoc(), api, DiagCategory::Argument)
             << "kernel type " << stringifyKernelMetaType(kernelType.getValue())
             << " is not supported on Ascend 910B/910C";
    return success();
  }
  if (attr.getName() != getKernelAttrName())
    return emitApiError(op->getLoc(), api, DiagCategory::Argument)
           << "unknown attribute '" << attr.getName().getValue()
           << "' of the asc dialect";
  if (!isa<UnitAttr>(attr.getValue()))
    return emitApiError(op->getLoc(), api, DiagCategory::Argument)
           << "attribute '" << getKernelAttrName()
           << "' must be a unit attribute, but got " << attr.getValue();
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return emitApiError(op->getLoc(), api, DiagCategory::Argument)
           << "attribute '" << getKernelAttrName()
           << "' is only valid on functions, not on '" << op->getName() << "'";
  if (unsigned numResults = func.getResultTypes().size())
    return emitApiError(op->getLoc(), api, DiagCategory::Argument)
           << "a kernel must return nothing, but it returns " << numResults
           << " value(s)";
  return success();
}

//===----------------------------------------------------------------------===//
// Position helpers
//===----------------------------------------------------------------------===//

Hardware mlir::asc::getHardware(TPosition position) {
  // The position -> memory facts of AscAttrs.td (hardware.md §2.1).
  auto index = static_cast<unsigned>(position);
  assert(index < ascsim::hw::kNumPositions && "unknown TPosition");
  return static_cast<Hardware>(ascsim::hw::kPositionMemory[index]);
}

bool mlir::asc::isOnChip(TPosition position) {
  return getHardware(position) != Hardware::GM;
}
