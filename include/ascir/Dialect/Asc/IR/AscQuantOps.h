//===- AscQuantOps.h - quantisation op helpers ------------------*- C++ -*-===//
//
// Checks shared by the generated code of the quantisation and fused-cast ops
// (AscQuantOps.td); included by AscOps.h before the op classes.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_H
#define ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir {
namespace asc {
namespace detail {
/// Verifies the (destination, source) element types of the fused casts and
/// CastDeq on A2/A3; `api` is the pyasc name ("add_relu_cast", ...).
LogicalResult verifyQuantTypes(Operation *op, StringRef api, Type dst,
                               Type src);
/// Verifies the constant ranges of BilinearInterpolation: hRepeat and
/// vRepeat in [1, 255], vROffset in [128, 65535), dstBlkStride >= 1.
LogicalResult verifyBilinear(Operation *op, Value hRepeat, Value vRepeat,
                             Value vROffset, Value dstBlkStride);
} // namespace detail
} // namespace asc
} // namespace mlir

#endif // ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_H
