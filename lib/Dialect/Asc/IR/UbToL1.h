//===- UbToL1.h - the refusal of UB -> L1 copies ----------------*- C++ -*-===//
//
// Shared by the DataCopy verifiers of AscMemoryOps.cpp, AscCubeOps.cpp and
// AscLayoutOps.cpp, so every UB -> L1 form gets the same explanation and
// the DataCopyParams forms (with or without DataCopyEnhancedParams) the
// same directions.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_LIB_DIALECT_ASC_IR_UBTOL1_H
#define ASCIR_LIB_DIALECT_ASC_IR_UBTOL1_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace mlir {
namespace asc {
namespace detail {

/// The error of a copy from `src` (UB) to `dst` (L1), which no core of
/// Ascend 910B/910C can issue. `nd2nz` for the ND -> NZ forms, else the
/// count and DataCopyParams forms; the message says what to write instead.
InFlightDiagnostic emitUbToL1Refusal(Operation *op, Type dst, Type src,
                                     bool nd2nz);

/// Checks the direction of a DataCopy from `src` to `dst`: the count form
/// (`countForm`) or the DataCopyParams forms, whose directions the
/// DataCopyEnhancedParams forms share (ascendc_api.md §5.1 rows 4-6, 8-10).
LogicalResult verifyDataCopyDirection(Operation *op, Type dst, Type src,
                                      bool countForm);

} // namespace detail
} // namespace asc
} // namespace mlir

#endif // ASCIR_LIB_DIALECT_ASC_IR_UBTOL1_H
