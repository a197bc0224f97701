//===- Passes.h - asc dialect passes ----------------------------*- C++ -*-===//
//
// Declarations of the generated pass create functions, option structs and
// registration hooks.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_H
#define ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_H

#include "ascsim/gen/Hardware.h" // the capacities the options default to
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace asc {

#define GEN_PASS_DECL
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ascir/Dialect/Asc/Transforms/Passes.h.inc"

} // namespace asc
} // namespace mlir

#endif // ASCIR_DIALECT_ASC_TRANSFORMS_PASSES_H
