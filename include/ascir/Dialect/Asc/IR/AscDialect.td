//===- AscDialect.td - asc dialect and its base classes ----*- tablegen -*-===//
//
// The `asc` dialect models the Ascend C kernel API: one op per API call,
// types for GM pointers, global/local tensors, framework objects and user
// structs, enums for positions, pipes and hardware events. This file declares the dialect and the base classes
// every type, attribute and op of the dialect derives from.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCDIALECT_TD
#define ASCIR_DIALECT_ASC_IR_ASCDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def Asc_Dialect : Dialect {
  // The unit attribute marking a kernel entry (Python reads it from ODS).
  string kernelAttrName = "asc.kernel";
  let name = "asc";
  let cppNamespace = "::mlir::asc";
  let summary = "Ascend C kernel API as an MLIR dialect";
  let description = [{
    The `asc` dialect is the IR between pyasc's Python frontend and the Ascend
    C source it emits. Its ops map one to one onto Ascend C API calls
    (`AscendC::DataCopy`, `AscendC::Add`, `AscendC::SetFlag<...>`); control
    flow and scalar arithmetic come from the upstream `scf` and `arith`
    dialects, and kernels are `func.func` ops carrying the unit attribute
    `asc.kernel`.

    The TPipe framework (TPipe, TQue, TQueBind, TBuf, TBufPool,
    LocalMemAllocator) is modelled by object types that cannot be copied:
    one op creates each object and every other op is a member call on it.
    User structs (`!asc.struct<...>`) are plain-old-data values. All asc ops
    may be inlined, so device functions disappear into their kernels.

    Memory is modelled as side-effect resources (GM, UB, L1, L0A, L0B, L0C,
    one resource for hardware synchronisation flags and one for the
    framework's buffer and event bookkeeping), so upstream canonicalisation
    and CSE neither drop nor reorder data movement, queue operations and
    synchronisation.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the unit attribute that marks a `func.func` as a kernel entry.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return ::llvm::StringLiteral("}] # kernelAttrName # [{");
    }
    /// Name of the kernel's type (a KernelMetaTypeAttr) on a kernel
    /// function: which cores a launch starts (asc-kernel-type).
    static constexpr ::llvm::StringLiteral getKernelTypeAttrName() {
      return ::llvm::StringLiteral("asc.kernel_type");
    }

  private:
    void registerAttributes();
    void registerTypes();

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

// Every asc type; `typeMnemonic` is the name after `!asc.`.
class Asc_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Asc_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Every asc attribute that is not an enum attribute.
class Asc_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Asc_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Every asc op. The `py*` fields describe the op as a call form of a Python
// API generated from ODS (lib/TableGen/ascgen, python/asc/language/basic/
// _api.py); ops with an empty `pyApi` are built by hand-written Python through
// their generated builder.
//  * `pyApi`: the Python API the op is a call form of (`add` for `asc.add_l0`);
//  * `pyForm`: the form's tag (`count`, `l0`, `l1`, ...);
//  * `pyHidden`: arguments pyasc does not expose (their ODS default applies);
//  * `pyExtra`: Python-only trailing parameters pyasc accepts and ignores,
//    as "name:kind=default" (e.g. the count forms' `is_set_mask`);
//  * `pyName`: the name pyasc users know the op by when it is not an API's
//    form and not its mnemonic (`TPipe.init_buffer`); verifier messages
//    start with it;
//  * `pyUnsupportedArchs`: architectures (`PlatformInfo.arch`) whose parts
//    do not implement the API, as "arch:what the parts are called"; calling
//    the API while such a part is configured fails at compile time, saying
//    `pyUnsupportedHint` (what to do instead).
// The op's tensor operands satisfy the operand rules generated from their
// constraints (memory and element types, e.g. Asc_UBTensorOf), checked with
// pyasc-worded messages (AscDiagnostics.h).
def Asc_OperandRules : NativeOpTrait<"OperandRules"> {
  let cppNamespace = "::mlir::asc::OpTrait";
}

class Asc_Op<string mnemonic, list<Trait> traits = []>
    : Op<Asc_Dialect, mnemonic, [Asc_OperandRules] # traits> {
  string pyApi = "";
  string pyForm = "";
  list<string> pyHidden = [];
  list<string> pyExtra = [];
  string pyName = "";
  list<string> pyUnsupportedArchs = [];
  string pyUnsupportedHint = "";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCDIALECT_TD
