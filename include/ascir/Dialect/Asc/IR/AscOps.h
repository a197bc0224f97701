//===- AscOps.h - asc operations --------------------------------*- C++ -*-===//
//
// Memory resources, op traits, op interfaces and the ops of the asc dialect.
// Including this header gives the whole dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCOPS_H
#define ASCIR_DIALECT_ASC_IR_ASCOPS_H

#include "ascir/Dialect/Asc/IR/AscDiagnostics.h"
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

/// The vector unit's mask register and mask mode, and the atomic store
/// configuration: state that API calls set and later calls depend on.
struct VectorStateResource
    : public SideEffects::Resource::Base<VectorStateResource> {
  StringRef getName() final { return "<VectorState>"; }
};

/// The core's debug output (printf, DumpTensor).
struct DebugResource : public SideEffects::Resource::Base<DebugResource> {
  StringRef getName() final { return "<Debug>"; }
};

/// The side-effect resource modelling `memory`.
SideEffects::Resource *getResource(Hardware memory);

/// The value of `value` if it is a constant integer (sign-extended).
std::optional<int64_t> getConstantInt(Value value);

//===----------------------------------------------------------------------===//
// API call arguments
//===----------------------------------------------------------------------===//

/// One argument of an Ascend C call printed by the generic API-op printer
/// (ApiOpInterface::getCallArguments).
struct ApiArgument {
  enum class Kind {
    /// `value`, converted to exactly the C++ type of `type` when that is set
    /// (the argument of a deduced template parameter, e.g. a scalar
    /// `const T&`).
    Operand,
    /// `value` as a continuous mask: a literal 0 would also match the
    /// overloads taking a mask array, so it must not be printed bare.
    Mask,
    /// `value` and `high` as one `uint64_t[2]` mask array, low word first.
    MaskArray,
    /// A compile-time argument: an enumerator or a bool literal.
    Literal,
  };
  Kind kind;
  Value value;
  Value high;
  Type type;
  Attribute literal;

  static ApiArgument operand(Value value, Type type = {}) {
    return {Kind::Operand, value, {}, type, {}};
  }
  static ApiArgument mask(Value value) {
    return {Kind::Mask, value, {}, {}, {}};
  }
  static ApiArgument maskArray(Value low, Value high) {
    return {Kind::MaskArray, low, high, {}, {}};
  }
  static ApiArgument attribute(Attribute literal) {
    return {Kind::Literal, {}, {}, {}, literal};
  }
};

//===----------------------------------------------------------------------===//
// Helpers of generated op code
//===----------------------------------------------------------------------===//

namespace detail {
/// True if a scalar of type `scalar` holds values of tensor element type
/// `element`: the same type, or the signless integer of an unsigned
/// element type's width (the frontend keeps scalars signless).
bool isScalarOfElementType(Type scalar, Type element);

/// Appends a TypeAttr of the element type of each tensor in `tensors`.
void appendElementTypes(SmallVectorImpl<Attribute> &args,
                        ArrayRef<Value> tensors);

/// Builds the call arguments of a vector op: its operands in order, except
///  * operand `maskIndex`, a continuous mask, or with `maskArray` the first
///    word of a mask array made of it and the next operand;
///  * operand `scalarIndex`, converted to exactly `scalarType`;
///  * `literal`, inserted before operand `literalPosition` (appended when
///    that is the number of operands), unless null.
void getVectorCallArguments(Operation *op, SmallVectorImpl<ApiArgument> &args,
                            std::optional<unsigned> maskIndex, bool maskArray,
                            std::optional<unsigned> scalarIndex,
                            Type scalarType, Attribute literal,
                            unsigned literalPosition);

/// The element type of `a` or `b` with more bytes (Cast repeats iterate on
/// the wider type).
Type getWiderElementType(Value a, Value b);

/// Verifies the mask and repeat operands of a masked vector call on
/// elements of `laneType`: a continuous `mask` (with null `maskHigh`) or
/// the bit mask words `mask`, `maskHigh`; a constant `repeat` in [0, 255].
/// Null operands are not checked, and masks only when the call sets the
/// mask.
LogicalResult verifyVectorMask(Operation *op, Type laneType, Value mask,
                               Value maskHigh, Value repeat, bool setsMask);

/// Verifies that a constant element count of a count-form call is not
/// negative.
LogicalResult verifyCount(Operation *op, Value count);

/// Verifies that a constant `value` fits the `width`-bit unsigned integer
/// parameter Ascend C declares for it (Duplicate's strides, Gather's base and
/// repeat stride), which would otherwise wrap silently in the C++ call.
LogicalResult verifyUnsignedOperand(Operation *op, Value value, unsigned width);

/// The checks of the advanced API ops beyond their operand rules
/// (AscAdvOps.cpp).
LogicalResult verifyAdvOp(Operation *op);

/// Verifies that a constant count covers whole 256-byte repeats of
/// `elementType` (Compare).
LogicalResult verifyCompareCount(Operation *op, Type elementType, Value count);

/// Verifies the element types of the tensors `dst` and `src` of ops that
/// may widen half sources into a float destination (MulAddDst, Axpy).
LogicalResult verifyWideningTypes(Operation *op, Value dst, Value src);

/// Verifies that Cast supports `src` to `dst` with `mode` on A2/A3.
LogicalResult verifyCastTypes(Operation *op, Type dst, Type src,
                              RoundMode mode);

/// Verifies that int32 sources are only compared for equality.
LogicalResult verifyCompareMode(Operation *op, Type src, CmpMode mode);

/// Verifies that `mode` suits a Select whose second source is a tensor
/// (`scalar` false) or a scalar.
LogicalResult verifySelectMode(Operation *op, SelMode mode, bool scalar);

/// Verifies that the constant fields of a parameter struct, called `names`,
/// fit their C++ types and the ranges of its ODS `fieldRanges`.
LogicalResult verifyParamStructFields(Operation *op, ArrayRef<StringRef> names);

/// Appends the MLIR types of C++ constructor parameters: `ui<N>` for each
/// width N, `si<N>` for -N, `i1` for width 1 and `elementType` for width 0
/// (one type per field; an array field's operands all have it).
void appendFieldTypes(MLIRContext *context, ArrayRef<int> widths,
                      Type elementType, SmallVectorImpl<Type> &types);

/// A field of a parameter struct as ascsim/gen/ParamStructs.h declares it
/// (generated from ODS into AscOpInfo.inc).
struct ParamFieldInfo {
  const char *name;   // pyasc's keyword
  const char *member; // the C++ member it sets
  const char *cxxType;
  /// The qualified C++ enumerator of each value of an enum field (nullptr
  /// where no enumerator has that value), else null.
  const char *const *enumerators;
  unsigned numEnumerators;
  unsigned arrayLength; // 0: a scalar field, else its operands
  bool hasInit;         // the member's initialiser is the integer `init`
  int64_t init;
  int64_t min, max; // the values Ascend C accepts (max < min: the type's)
  int64_t multiple;
  /// A field Ascend 910B/910C ignore (ODS `ignoredFields`): what the user
  /// probably wants instead; else null.
  const char *ignoredHint;
  /// An enum field's Python enum ("QuantModes") and the Python name of each
  /// of its values (nullptr where Python has none), else null.
  const char *pyEnum;
  const char *const *pyEnumerators;
};

/// A parameter struct op's C++ struct: whether a constructor takes the
/// fields in order, and the fields.
struct ParamStructInfo {
  const char *opName;
  bool fieldConstructor;
  const ParamFieldInfo *fields;
  unsigned numFields;
};

/// The C++ struct of parameter struct op `op`, or null.
const ParamStructInfo *getParamStructInfo(Operation *op);

/// Verifies the rules across the fields of a FixpipeParamsV220.
LogicalResult verifyFixpipeParams(Operation *op);
/// Nd2NzParams: a constant dst_nz_matrix_stride of 0 with a constant nd_num
/// above 1 (the field is unused with one matrix).
LogicalResult verifyNd2NzParams(Operation *op);

/// Rejects the `max` end marker where a hardware event is expected.
LogicalResult verifyHardEvent(Operation *op, HardEvent event);

/// Verifies the watch channel and range of a CheckLocalMemoryIAParam.
LogicalResult verifyCheckLocalMemoryIAParam(Operation *op);

/// Verifies the constant sizes and paddings of a LoadImageToLocalParams.
LogicalResult verifyLoadImageToLocalParams(Operation *op);
} // namespace detail

} // namespace asc
} // namespace mlir

#include "ascir/Dialect/Asc/IR/AscInterfaces.h.inc"

#include "ascir/Dialect/Asc/IR/AscQuantOps.h"

#define GET_OP_CLASSES
#include "ascir/Dialect/Asc/IR/AscOps.h.inc"

#endif // ASCIR_DIALECT_ASC_IR_ASCOPS_H
