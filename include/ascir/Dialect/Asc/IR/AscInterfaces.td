//===- AscInterfaces.td - asc op interfaces ----------------*- tablegen -*-===//
//
// ApiOpInterface marks ops that are a plain call of one Ascend C function or
// member function: the emitter prints all of them through one generic path
// as `Callee<TemplateArgs...>(arguments...)` or
// `object.Callee<TemplateArgs...>(arguments...)`. ParamStructOpInterface
// marks the ops that build Ascend C parameter structs.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD
#define ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD

include "mlir/IR/OpBase.td"

def Asc_ApiOpInterface : OpInterface<"ApiOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An op that is emitted as one call of an Ascend C API function. The call's
    arguments are by default the op's operands in order (see
    getCallArguments); template arguments are attributes (enum attributes
    print as their C++ enumerator, type attributes as the C++ type, bool
    attributes as `true`/`false`). For a member call, operand #0 is the
    object. An op with
    one integer or float result is emitted as an expression cast to the
    result type unless the function returns exactly that type.
  }];
  let methods = [
    // Ops define it through the Asc_ApiOp base class, which hides this
    // default.
    StaticInterfaceMethod<
      "Returns the qualified C++ name of the called function, e.g. "
      "`AscendC::DataCopy`.",
      "::llvm::StringRef", "getApiCallee", (ins), "",
      /*defaultImplementation=*/[{ return ::llvm::StringRef(); }]>,
    StaticInterfaceMethod<
      "Returns true if the call is a member function call on operand #0 "
      "(`object.Callee<...>(other operands)`); the callee is then the member "
      "name.",
      "bool", "isMemberCall", (ins), "",
      /*defaultImplementation=*/[{ return false; }]>,
    StaticInterfaceMethod<
      "Returns true if the call's C++ result must be converted to the op's "
      "scalar result type with a static_cast (false when the function "
      "returns exactly that type).",
      "bool", "castsResult", (ins), "",
      /*defaultImplementation=*/[{ return true; }]>,
    InterfaceMethod<
      "Appends the explicit template arguments of the call, in order.",
      "void", "getTemplateArguments",
      (ins "::llvm::SmallVectorImpl<::mlir::Attribute> &":$args), "",
      /*defaultImplementation=*/[{ (void)args; }]>,
    InterfaceMethod<
      "Appends the arguments of the call, in order. By default these are "
      "the operands (without the object of a member call); ops override it "
      "to pass enumerators or bool literals, mask arrays, or scalars "
      "converted to a deduced template parameter.",
      "void", "getCallArguments",
      (ins "::llvm::SmallVectorImpl<::mlir::asc::ApiArgument> &":$args), "",
      /*defaultImplementation=*/[{
        for (::mlir::Value operand :
             $_op->getOperands().drop_front($_op.isMemberCall() ? 1 : 0))
          args.push_back(::mlir::asc::ApiArgument::operand(operand));
      }]>,
  ];
}

def Asc_ParamStructOpInterface : OpInterface<"ParamStructOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An op building an Ascend C parameter struct from its fields, emitted as
    the declaration `Struct name(fields...);`. The operands are the
    constructor arguments in order.
  }];
  let methods = [
    InterfaceMethod<
      "Appends the C++ types of the constructor parameters, in order, as "
      "MLIR types (`ui8` for uint8_t, `i1` for bool, or the element type "
      "of a templated struct).",
      "void", "getFieldTypes",
      (ins "::llvm::SmallVectorImpl<::mlir::Type> &":$types)>,
  ];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD
