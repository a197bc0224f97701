//===- AscOps.cpp - asc op definitions ------------------------------------===//
//
// Generated op and interface definitions plus the helpers shared by all op
// families (resources, traits). Family-specific verifiers live in
// Asc<Family>Ops.cpp.
//
//===----------------------------------------------------------------------===//

#include "ascir/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::asc;

#include "ascir/Dialect/Asc/IR/AscInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "ascir/Dialect/Asc/IR/AscOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

SideEffects::Resource *mlir::asc::getResource(Hardware memory) {
  switch (memory) {
  case Hardware::GM:
    return GMResource::get();
  case Hardware::UB:
    return UBResource::get();
  case Hardware::L1:
    return L1Resource::get();
  case Hardware::L0A:
    return L0AResource::get();
  case Hardware::L0B:
    return L0BResource::get();
  case Hardware::L0C:
    return L0CResource::get();
  case Hardware::BIAS:
  case Hardware::FIXBUF:
    return SideEffects::DefaultResource::get();
  }
  llvm_unreachable("unknown Hardware");
}

std::optional<int64_t> mlir::asc::getConstantInt(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

//===----------------------------------------------------------------------===//
// SubviewOp
//===----------------------------------------------------------------------===//

Value SubviewOp::getViewSource() { return getSource(); }
