//===- AscOps.h - asc operations --------------------------------*- C++ -*-===//
//
// Memory resources, op traits, op interfaces and the ops of the asc dialect.
// Including this header gives the whole dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCOPS_H
#define ASCIR_DIALECT_ASC_IR_ASCOPS_H

#include "ascir/Dialect/Asc/IR/AscDialect.h"
#include "ascir/Dialect/Asc/IR/AscTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace asc {

//===----------------------------------------------------------------------===//
// Memory resources
//===----------------------------------------------------------------------===//

struct GMResource : public SideEffects::Resource::Base<GMResource> {
  StringRef getName() final { return "<GM>"; }
};
struct UBResource : public SideEffects::Resource::Base<UBResource> {
  StringRef getName() final { return "<UB>"; }
};
struct L1Resource : public SideEffects::Resource::Base<L1Resource> {
  StringRef getName() final { return "<L1>"; }
};
struct L0AResource : public SideEffects::Resource::Base<L0AResource> {
  StringRef getName() final { return "<L0A>"; }
};
struct L0BResource : public SideEffects::Resource::Base<L0BResource> {
  StringRef getName() final { return "<L0B>"; }
};
struct L0CResource : public SideEffects::Resource::Base<L0CResource> {
  StringRef getName() final { return "<L0C>"; }
};
/// Hardware synchronisation flags.
struct SyncResource : public SideEffects::Resource::Base<SyncResource> {
  StringRef getName() final { return "<Sync>"; }
};
/// Buffer ownership and event-id reservations of the TPipe framework.
struct PipeResource : public SideEffects::Resource::Base<PipeResource> {
  StringRef getName() final { return "<Pipe>"; }
};

/// The side-effect resource modelling `memory`.
SideEffects::Resource *getResource(Hardware memory);

/// The value of `value` if it is a constant integer (sign-extended).
std::optional<int64_t> getConstantInt(Value value);

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

namespace detail {
LogicalResult verifySameTensorElementType(Operation *op);

/// Rejects the `max` end marker where a hardware event is expected.
LogicalResult verifyHardEvent(Operation *op, HardEvent event);
} // namespace detail

namespace OpTrait {
/// All global/local tensor operands of the op have the same element type.
template <typename ConcreteType>
class SameTensorElementType
    : public ::mlir::OpTrait::TraitBase<ConcreteType, SameTensorElementType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifySameTensorElementType(op);
  }
};
} // namespace OpTrait

} // namespace asc
} // namespace mlir

#include "ascir/Dialect/Asc/IR/AscInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ascir/Dialect/Asc/IR/AscOps.h.inc"

#endif // ASCIR_DIALECT_ASC_IR_ASCOPS_H
