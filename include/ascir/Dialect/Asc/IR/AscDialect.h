//===- AscDialect.h - asc dialect, enums and attributes ---------*- C++ -*-===//
//
// The asc dialect class, its enumerations (TPosition, Hardware, HardEvent,
// Pipe) and enum attributes.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCDIALECT_H
#define ASCIR_DIALECT_ASC_IR_ASCDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "ascir/Dialect/Asc/IR/AscDialect.h.inc"
#include "ascir/Dialect/Asc/IR/AscEnums.h.inc"

namespace mlir {
namespace asc {

/// The physical memory `position` maps to on A2/A3 (hardware.md §2.1).
Hardware getHardware(TPosition position);

/// True for positions that live in on-chip memory (everything but gm, co2).
bool isOnChip(TPosition position);

} // namespace asc
} // namespace mlir

#define GET_ATTRDEF_CLASSES
#include "ascir/Dialect/Asc/IR/AscAttrs.h.inc"

#endif // ASCIR_DIALECT_ASC_IR_ASCDIALECT_H
