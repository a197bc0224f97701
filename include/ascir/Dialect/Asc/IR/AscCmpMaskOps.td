//===- AscCmpMaskOps.td - CMPMASK register and masked select -*- tablegen -*-===//
//
// The 128-bit CMPMASK register of the vector unit (ascendc_api.md §5.6):
// Compare into the register, GetCmpMask / SetCmpMask, the Select forms that
// take their selection from it, and the mask forms of Select. Included after
// AscVectorOps.td, whose form classes and Select base these use.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCCMPMASKOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCCMPMASKOPS_TD

//===----------------------------------------------------------------------===//
// Select, mask forms
//===----------------------------------------------------------------------===//

multiclass Asc_SelectMaskForms<string name, string what, list<Trait> traits,
                               dag second, string exSecond,
                               string exSecondType, string mode,
                               bit isScalar> {
  def L0Op : Asc_SelectOpBase<name, what, traits, second, exSecond,
                              exSecondType, mode, isScalar,
                              Asc_BinaryMaskForm> {
    let scalar = !if(isScalar, "getSrc1", "");
    let scalarOf = !if(isScalar, "getSrc0()", "");
  }
  def L1Op : Asc_SelectOpBase<name, what, traits, second, exSecond,
                              exSecondType, mode, isScalar,
                              Asc_BinaryMaskArrayForm> {
    let scalar = !if(isScalar, "getSrc1", "");
    let scalarOf = !if(isScalar, "getSrc0()", "");
  }
}

defm Asc_Select : Asc_SelectMaskForms<"select", "",
    [Asc_SameElementType<"src0", "src1">],
    (ins Asc_VecSrc<[F16, F32], "second source">:$src1), "%y",
    "!asc.local_tensor<vecin, f32>", "vsel_cmpmask_spr", 0>;

defm Asc_SelectScalar : Asc_SelectMaskForms<"select_scalar", " and a scalar",
    [Asc_ScalarOfElementType<"src1", "src0">],
    (ins Asc_VecScalar:$src1), "%s", "f32", "vsel_tensor_scalar_mode", 1>;

//===----------------------------------------------------------------------===//
// Compare into CMPMASK
//===----------------------------------------------------------------------===//

// The register form has no repeat operand: one repeat of 256 bytes.
// pyasc's register form of `compare`.
class Asc_CmpMaskForm<bit isArray>
    : Asc_VecForm<!if(isArray, "_l1", "_l0"), "register",
        !if(isArray, "bit-mask form", "continuous-mask form"),
        "One repeat (256 bytes of each source). A2/A3 ignore the mask; with "
        "`is_set_mask = true` it is still loaded into the mask register, "
        "with `is_set_mask = false` the operand is ignored.",
        !con(!if(isArray, (ins Asc_VecMaskLow:$mask0, Asc_VecMaskHigh:$mask1),
                          (ins Asc_VecMask:$mask)),
             Asc_BinaryParams, (ins Asc_IsSetMask:$is_set_mask)),
        "::mlir::asc::detail::verifyVectorMask(*this, LANE, "
            # !if(isArray, "getMask0(), getMask1()", "getMask(), {}")
            # ", {}, getIsSetMask())",
        1, isArray, !if(isArray, ", %lo, %hi, %p", ", %m, %p"),
        !if(isArray, ", i64, i64", ", i64") # ", !asc.binary_repeat_params">;

class Asc_CompareCmpMaskOpOf<bit isArray>
    : Asc_VecOp<"compare_cmpmask", "Compare",
        "compare two tensors into the CMPMASK register",
        "Compares `src0` with `src1` elementwise over one repeat and writes "
        "one bit per element (1 where the comparison holds) to the 128-bit "
        "CMPMASK register, where `asc.get_cmp_mask` and the selects without "
        "a selection mask read it. Sources are f16, f32 or i32; i32 sources "
        "support only `eq`.",
        [Asc_SameElementType<"src0", "src1">],
        (ins Asc_VecSrc<[F16, F32, I32]>:$src0,
             Asc_VecSrc<[F16, F32, I32], "second source">:$src1,
             Asc_CmpModeAttr:$cmp_mode),
        Asc_CmpMaskForm<isArray>, "lt, %x, %y",
        "!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>",
        "x, y, AscendC::CMPMODE::LT"> {
  let pyApi = "compare";
  let simOp = "CompareCmpMask";
  let formatHead = "$cmp_mode `,` ";
  let typeArgs = ["getSrc0()"];
  let lane = "::mlir::asc::getTensorElementType(getSrc0().getType())";
  let check = "::mlir::asc::detail::verifyCompareMode(*this, "
      "::mlir::asc::getTensorElementType(getSrc0().getType()), getCmpMode())";
  let literal = "getCmpModeAttr()";
  let literalPos = "2";
}

def Asc_CompareCmpMaskL0Op : Asc_CompareCmpMaskOpOf<0>;
def Asc_CompareCmpMaskL1Op : Asc_CompareCmpMaskOpOf<1>;

//===----------------------------------------------------------------------===//
// GetCmpMask / SetCmpMask
//===----------------------------------------------------------------------===//

defvar Asc_CmpMaskTensorTypes =
    [I8, UI8, I16, UI16, F16, BF16, I32, UI32, F32, I64, UI64];

def Asc_GetCmpMaskOp : Asc_ApiOp<"get_cmp_mask", "AscendC::GetCmpMask",
                                 [Asc_VectorStateEffects]> {
  let pyApi = "get_cmp_mask";
  let pyForm = "tensor";
  let simOp = "GetCmpMask";
  let summary = "copy the CMPMASK register into a UB tensor";
  let description = [{
    Writes the 128 bits of the CMPMASK register to the first 16 bytes of
    `dst`, a UB tensor of at least 128 bytes with 8- to 64-bit elements.

    ```mlir
    asc.get_cmp_mask %z : !asc.local_tensor<veccalc, ui8>
    ```
    ```c++
    AscendC::GetCmpMask(z);
    ```
  }];
  let arguments = (ins Asc_VecDst<Asc_CmpMaskTensorTypes>:$dst);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

def Asc_SetCmpMaskOp : Asc_ApiOp<"set_cmp_mask", "AscendC::SetCmpMask",
                                 [Asc_VectorStateEffects]> {
  let pyApi = "set_cmp_mask";
  let pyForm = "tensor";
  let simOp = "SetCmpMask";
  let summary = "load the CMPMASK register from a UB tensor";
  let description = [{
    Loads the 128-bit CMPMASK register from the first 16 bytes of `src`, a
    16-byte aligned UB tensor with 8- to 64-bit elements: the selection
    bits, the scalar or the selection mask address of the selects without a
    selection mask operand.

    ```mlir
    asc.set_cmp_mask %x : !asc.local_tensor<veccalc, ui8>
    ```
    ```c++
    AscendC::SetCmpMask(x);
    ```
  }];
  let arguments = (ins Asc_VecSrc<Asc_CmpMaskTensorTypes>:$src);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

//===----------------------------------------------------------------------===//
// Select from CMPMASK
//===----------------------------------------------------------------------===//

def Asc_SelectCmpMaskOp : Asc_ApiOp<"select_cmpmask", "AscendC::Select",
    [Asc_SameTensorElementType, Asc_VectorStateEffects],
    /*hasTemplateArgs=*/1> {
  let pyApi = "select";
  let pyForm = "register";
  let simOp = "SelectCmpMask";
  let simTiming = "VSEL";
  let summary = "select between two tensors by the CMPMASK register";
  let description = [{
    Writes `src0[i]` where the selection bit of element i is 1 and
    `src1[i]` where it is 0, over `repeat` repeats with the lanes of the
    mask register (`asc.set_vector_mask`). Mode `vsel_cmpmask_spr`: the
    selection bits are CMPMASK itself, the same for every repeat; mode
    `vsel_tensor_tensor_mode`: CMPMASK holds the UB address of a selection
    mask whose bits are consumed continuously. Tensors are f16 or f32;
    `repeat` is at most 255.

    ```mlir
    asc.select_cmpmask vsel_cmpmask_spr, %z, %x, %y, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32, !asc.binary_repeat_params
    ```
    ```c++
    AscendC::Select<float, AscendC::SELMODE::VSEL_CMPMASK_SPR>(z, x, y, r, p);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<[F16, F32]>:$dst,
    Asc_VecSrc<[F16, F32], "first source">:$src0,
    Asc_VecSrc<[F16, F32], "second source">:$src1,
    Asc_VecRepeat:$repeat_times,
    Arg<Asc_BinaryRepeatParamsType, "block and repeat strides">:$repeat_params,
    Asc_SelModeAttr:$sel_mode
  );
  let assemblyFormat =
      "$sel_mode `,` operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (::mlir::failed(::mlir::asc::detail::verifySelectMode(
              *this, getSelMode(), /*scalar=*/false)))
        return ::mlir::failure();
      return ::mlir::asc::detail::verifyVectorMask(
          *this, {}, {}, {}, getRepeatTimes(), /*setsMask=*/false);
    }
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      ::mlir::asc::detail::appendElementTypes(args, {getDst()});
      args.push_back(getSelModeAttr());
    }
  }];
}

def Asc_SelectCmpMaskScalarOp : Asc_ApiOp<"select_cmpmask_scalar",
    "AscendC::Select",
    [Asc_SameElementType<"dst", "src0">, Asc_VectorStateEffects]> {
  let pyApi = "select";
  let pyForm = "register";
  let simOp = "SelectCmpMaskScalar";
  let simTiming = "VSEL";
  let summary = "select between a tensor and the scalar in CMPMASK";
  let description = [{
    Mode `vsel_tensor_scalar_mode` without a scalar operand: writes
    `src0[i]` where bit i of `sel_mask` is 1 (bits consumed continuously
    across repeats) and the scalar held in the low bits of CMPMASK
    (`asc.set_cmp_mask` of a tensor holding it) where it is 0, over
    `repeat` repeats with the lanes of the mask register. Data tensors are
    f16 or f32, the mask holds ui8, ui16, ui32 or ui64; `repeat` is at most
    255.

    ```mlir
    asc.select_cmpmask_scalar %z, %b, %x, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, i32, !asc.binary_repeat_params
    ```
    ```c++
    AscendC::Select(z, b, x, r, p);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<[F16, F32]>:$dst,
    Asc_VecSrc<[UI8, UI16, UI32, UI64], "bit mask">:$sel_mask,
    Asc_VecSrc<[F16, F32], "first source">:$src0,
    Asc_VecRepeat:$repeat_times,
    Arg<Asc_BinaryRepeatParamsType, "block and repeat strides">:$repeat_params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::asc::detail::verifyVectorMask(
          *this, {}, {}, {}, getRepeatTimes(), /*setsMask=*/false);
    }
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCCMPMASKOPS_TD
