//===- AscTypes.td - asc type definitions ------------------*- tablegen -*-===//
//
// Kernel pointers into global memory and the two Ascend C tensor classes,
// plus the named type constraints ops use on them.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCTYPES_TD
#define ASCIR_DIALECT_ASC_IR_ASCTYPES_TD

include "ascir/Dialect/Asc/IR/AscAttrs.td"
include "ascir/Dialect/Asc/IR/AscDialect.td"

//===----------------------------------------------------------------------===//
// GMAddrType
//===----------------------------------------------------------------------===//

def Asc_GMAddrType : Asc_Type<"GMAddr", "gm_addr"> {
  let summary = "pointer into global memory";
  let description = [{
    A kernel pointer argument (Python `asc.GlobalAddress`). Offsets added with
    `asc.ptr_offset` count elements.

    ```mlir
    !asc.gm_addr<f32>      // C++: __gm__ float*
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// GlobalTensorType
//===----------------------------------------------------------------------===//

def Asc_GlobalTensorType : Asc_Type<"GlobalTensor", "global_tensor"> {
  let summary = "view of global memory (AscendC::GlobalTensor<T>)";
  let description = [{
    ```mlir
    !asc.global_tensor<f32>    // C++: AscendC::GlobalTensor<float>
    ```

    The element type may be `none` while the frontend builds the IR: Python's
    `asc.GlobalTensor()` has no dtype until `set_global_buffer` binds it. The
    verifier of `asc.global_tensor` rejects a tensor that stays unbound.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// LocalTensorType
//===----------------------------------------------------------------------===//

def Asc_LocalTensorType : Asc_Type<"LocalTensor", "local_tensor"> {
  let summary = "view of an on-chip buffer (AscendC::LocalTensor<T>)";
  let description = [{
    The position keyword says which logical buffer the tensor lives in and so
    which physical memory (vecin/vecout/veccalc: UB; a1/b1/c1: L1; a2: L0A;
    b2: L0B; co1: L0C; c2: bias table).

    ```mlir
    !asc.local_tensor<vecin, f32>    // C++: AscendC::LocalTensor<float>
    ```
  }];
  let parameters = (ins
    EnumParameter<Asc_TPosition>:$position,
    "::mlir::Type":$elementType
  );
  let assemblyFormat = "`<` $position `,` $elementType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The physical memory this tensor's position maps to.
    ::mlir::asc::Hardware getHardware() const {
      return ::mlir::asc::getHardware(getPosition());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Asc_AnyTensor : AnyTypeOf<[Asc_GlobalTensorType, Asc_LocalTensorType],
                              "global or local tensor">;

// A local tensor in a UB position whose element type is one of `allowed`.
class Asc_UBTensorOf<list<Type> allowed> : Type<
  And<[
    Asc_LocalTensorType.predicate,
    CPred<"::llvm::cast<::mlir::asc::LocalTensorType>($_self).getHardware()"
          " == ::mlir::asc::Hardware::UB">,
    SubstLeaves<"$_self",
                "::llvm::cast<::mlir::asc::LocalTensorType>($_self)"
                ".getElementType()",
                AnyTypeOf<allowed>.predicate>
  ]>,
  "local tensor in a UB position (vecin, vecout or veccalc) of "
      # AnyTypeOf<allowed>.summary,
  "::mlir::asc::LocalTensorType">;

#endif // ASCIR_DIALECT_ASC_IR_ASCTYPES_TD
