//===- AscDiagnostics.h - pyasc-worded verifier diagnostics -----*- C++ -*-===//
//
// Verifier errors speak the user's language: they name the Python API
// (`add: 'src0' holds int8, ...`) and carry a category that the Python
// frontend maps to an exception class (CompileTypeError for `dtype`,
// CapacityError for `capacity`, ...). The category rides on the
// diagnostic's location as a NameLoc `asc.diag.<category>` around the op's
// location, so no consumer ever parses the message text.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCDIAGNOSTICS_H
#define ASCIR_DIALECT_ASC_IR_ASCDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/Support/TypeName.h"

#include <optional>
#include <string>

namespace mlir {
namespace asc {

/// What kind of rule a diagnostic reports; the Python frontend picks the
/// exception class from it. The spellings are shared with the simulator's
/// diagnostics (sim/include/ascsim/runtime.h).
enum class DiagCategory {
  Argument,  // a value outside its documented range, a wrong combination
  DType,     // an element type the API does not support
  Position,  // a tensor in a memory the API cannot use
  Alignment, // an address or size that is not suitably aligned
  Capacity,  // buffers that do not fit in an on-chip memory
  Sync,      // flags, events and pipes used incorrectly
  Queue,     // the TPipe framework used incorrectly (queues, buffers, pools)
};

/// "argument", "dtype", "position", "alignment", "capacity", "sync",
/// "queue".
StringRef stringifyDiagCategory(DiagCategory category);

/// The name under which pyasc users know `op`: the Python API it is a form
/// of (`add` for `asc.add_l0`), else its mnemonic.
StringRef getApiName(Operation *op);

/// The pyasc keyword of the ODS operand group `operand` belongs to
/// (`repeat_times`), or "" if `operand` is not an operand of `op`.
StringRef getOperandName(Operation *op, Value operand);

/// Emits an error on `op` worded for pyasc users: the message starts with
/// "<api name>: " and the diagnostic carries `category`.
InFlightDiagnostic emitApiError(Operation *op, DiagCategory category);

/// As above, at `loc` for the Python API `api` (errors not tied to an asc
/// op, e.g. on a kernel function).
InFlightDiagnostic emitApiError(Location loc, StringRef api,
                                DiagCategory category);

/// A warning worded like emitApiError: "<api name>: " and `category`.
InFlightDiagnostic emitApiWarning(Operation *op, DiagCategory category);

/// As above, at `loc` for the Python API (or option) `api`.
InFlightDiagnostic emitApiWarning(Location loc, StringRef api,
                                  DiagCategory category);

/// The error of a type verifier worded for pyasc users: the location of
/// `emitError`'s diagnostic with `category`, the message starting with
/// "<api>: " (the Python class that builds the type, e.g. "TQue").
InFlightDiagnostic emitTypeError(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef api, DiagCategory category);

/// `loc` carrying `category`.
Location getCategorizedLoc(Location loc, DiagCategory category);

/// The category carried by a diagnostic location, if any.
std::optional<StringRef> getDiagCategory(Location loc);

/// The Python name of an element type ("float16", "uint8"), else its MLIR
/// spelling.
std::string getPyTypeName(Type type);

/// "a float16 value", "an int32 value".
std::string getPyValueName(Type type);

/// The Python variable name the frontend attached to `loc` (a NameLoc,
/// looking through the call sites the inliner wraps around the locations of
/// inlined ops and through fused locations), or "".
StringRef getPyVariableName(Location loc);

namespace detail {
/// How Python spells the value `keyword` of the C++ enum `cppEnum`
/// ("mlir::asc::CmpMode", "eq" -> "CMPMODE.EQ"); from ODS.
std::string getPyEnumName(StringRef cppEnum, StringRef keyword);
} // namespace detail

/// How Python spells an enum value: `CMPMODE.EQ`, `PipeID.PIPE_S`.
template <typename EnumT> std::string getPyEnumName(EnumT value) {
  return detail::getPyEnumName(llvm::getTypeName<EnumT>(),
                               stringifyEnum(value));
}

namespace detail {
/// Checks the operand rules of `op` (memory and element types of its tensor
/// operands, generated from ODS into AscOpInfo.inc).
LogicalResult verifyOperandRules(Operation *op);
} // namespace detail

namespace OpTrait {
/// The op's tensor operands satisfy its generated operand rules.
template <typename ConcreteType>
class OperandRules
    : public ::mlir::OpTrait::TraitBase<ConcreteType, OperandRules> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyOperandRules(op);
  }
};

/// The op configures the cube unit (a load-3D or Fixpipe register): it runs
/// on the cube core (asc-kernel-type).
template <typename ConcreteType>
class CubeUnit : public ::mlir::OpTrait::TraitBase<ConcreteType, CubeUnit> {};
} // namespace OpTrait

} // namespace asc
} // namespace mlir

#endif // ASCIR_DIALECT_ASC_IR_ASCDIAGNOSTICS_H
