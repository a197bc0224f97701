//===- AscInterfaces.td - asc op interfaces ----------------*- tablegen -*-===//
//
// ApiOpInterface marks ops that are a plain call of one Ascend C function or
// member function: the emitter prints all of them through one generic path
// as `Callee<TemplateArgs...>(operands...)` or
// `object.Callee<TemplateArgs...>(operands...)`.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD
#define ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD

include "mlir/IR/OpBase.td"

def Asc_ApiOpInterface : OpInterface<"ApiOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An op that is emitted as one call of an Ascend C API function. The call's
    arguments are the op's operands in order; template arguments are
    attributes (enum attributes print as their C++ enumerator, type attributes
    as the C++ type). For a member call, operand #0 is the object. An op with
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
  ];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCINTERFACES_TD
