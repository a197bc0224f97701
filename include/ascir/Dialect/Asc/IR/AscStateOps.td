//===- AscStateOps.td - masks, modes, copy configuration ---*- tablegen -*-===//
//
// Ops that set state later API calls depend on (ascendc_api.md §5.1,
// §5.10, §5.13): the vector mask register and its mode, the atomic mode of
// copies into GM and the pad value of DataCopyPad. All of them read and write the vector-state resource, so
// no transformation drops them or moves them across vector instructions and
// copies.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCSTATEOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCSTATEOPS_TD

//===----------------------------------------------------------------------===//
// Vector mask and mode
//===----------------------------------------------------------------------===//

// Shared by set_vector_mask and set_vector_mask_len, the two forms of
// Python's `set_vector_mask`: template arguments `dtype` (the element type
// the mask is for) and `mode`, printed first; they follow the operands as in
// pyasc's signature.
class Asc_SetVectorMaskOpBase<string mnemonic, string form, dag operands>
    : Asc_ApiOp<mnemonic, "AscendC::SetVectorMask", [Asc_VectorStateEffects],
                /*hasTemplateArgs=*/1> {
  let pyApi = "set_vector_mask";
  let pyForm = form;
  let arguments = !con(operands, (ins TypeAttrOf<Asc_ElementType>:$dtype,
      DefaultValuedAttr<Asc_MaskModeAttr, "::mlir::asc::MaskMode::NORMAL">
          :$mode));
  let assemblyFormat =
      "$dtype `,` $mode `,` operands attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

def Asc_SetVectorMaskOp : Asc_SetVectorMaskOpBase<"set_vector_mask", "bits",
    (ins Asc_VecMaskWord:$mask_high, Asc_VecMaskWord:$mask_low)> {
  let summary = "set the vector mask register";
  let description = [{
    Sets the mask used by vector calls with `is_set_mask = false`. In
    `normal` mode the words are a bit mask for elements of `dtype`
    (`mask_high`: lanes 64-127, `mask_low`: lanes 0-63); in
    `counter` mode `mask_low` is the total number of elements and
    `mask_high` must be 0.

    ```mlir
    asc.set_vector_mask f16, normal, %hi, %lo : i64, i64
    ```
    ```c++
    AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(hi, lo);
    ```
  }];
}

def Asc_SetVectorMaskLenOp : Asc_SetVectorMaskOpBase<"set_vector_mask_len",
    "length",
    (ins Arg<AnySignlessInteger, "number of lanes or elements">:$length)> {
  let summary = "set the vector mask register from a length";
  let description = [{
    In `normal` mode enables the first `length` lanes of each repeat; in
    `counter` mode `length` is the total number of elements.

    ```mlir
    asc.set_vector_mask_len f32, counter, %n : i32
    ```
    ```c++
    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(n);
    ```
  }];
}

// The mask and mode ops without operands.
class Asc_MaskModeOp<string mnemonic, string cxx, string summaryText,
                     string doc>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx, [Asc_VectorStateEffects]> {
  let pyApi = mnemonic;
  let pyForm = "-";
  let summary = summaryText;
  let description = doc # "\n\n```mlir\nasc." # mnemonic
      # "\n```\n```c++\nAscendC::" # cxx # "();\n```";
  let assemblyFormat = "attr-dict";
}

def Asc_ResetMaskOp : Asc_MaskModeOp<"reset_mask", "ResetMask",
    "enable all lanes", "Sets every bit of the vector mask register.">;
def Asc_SetMaskCountOp : Asc_MaskModeOp<"set_mask_count", "SetMaskCount",
    "switch the vector mask to counter mode",
    "Later masks count elements in total; the repeat count of vector "
    "calls is ignored. Restore normal mode with `asc.set_mask_norm`.">;
def Asc_SetMaskNormOp : Asc_MaskModeOp<"set_mask_norm", "SetMaskNorm",
    "switch the vector mask to normal mode",
    "Later masks select lanes of each repeat (the default).">;

//===----------------------------------------------------------------------===//
// Atomic store configuration
//===----------------------------------------------------------------------===//

// Element types of atomic stores on A2/A3.
defvar Asc_AtomicTypes = [I8, I16, F16, BF16, I32, F32];

class Asc_SetAtomicOp<string mnemonic, string cxx, string summaryText,
                      string what>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx, [Asc_VectorStateEffects],
                /*hasTemplateArgs=*/1> {
  let summary = summaryText;
  let description = "Until `asc.set_atomic_none`, copies into GM of "
      "elements of `dtype` " # what # ". `dtype` is i8, i16, f16, bf16, i32 "
      "or f32.\n\n```mlir\nasc." # mnemonic # " f32\n```\n```c++\nAscendC::"
      # cxx # "<float>();\n```";
  let arguments = (ins Asc_ElementTypeAttrOf<Asc_AtomicTypes>:$dtype);
  let assemblyFormat = "$dtype attr-dict";
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getDtypeAttr());
    }
  }];
}

def Asc_SetAtomicAddOp : Asc_SetAtomicOp<"set_atomic_add", "SetAtomicAdd",
    "make later copies into GM add", "add to the values in GM">;
def Asc_SetAtomicMaxOp : Asc_SetAtomicOp<"set_atomic_max", "SetAtomicMax",
    "make later copies into GM keep the maximum",
    "keep the maximum of the old and new values">;
def Asc_SetAtomicMinOp : Asc_SetAtomicOp<"set_atomic_min", "SetAtomicMin",
    "make later copies into GM keep the minimum",
    "keep the minimum of the old and new values">;
def Asc_SetAtomicTypeOp : Asc_SetAtomicOp<"set_atomic_type", "SetAtomicType",
    "set the element type of atomic copies into GM",
    "use this element type in the atomic operation already set">;

def Asc_SetAtomicNoneOp : Asc_ApiOp<"set_atomic_none", "AscendC::SetAtomicNone",
                                    [Asc_VectorStateEffects]> {
  let summary = "make later copies into GM plain stores";
  let description = [{
    ```mlir
    asc.set_atomic_none
    ```
    ```c++
    AscendC::SetAtomicNone();
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// DataCopyPad configuration
//===----------------------------------------------------------------------===//

def Asc_SetPadValueOp : Asc_ApiOp<"set_pad_value", "AscendC::SetPadValue",
    [Asc_VectorStateEffects], /*hasTemplateArgs=*/1, ["getCallArguments"]> {
  let summary = "set the value DataCopyPad writes into padding";
  let description = [{
    Later GM to UB copies by `asc.data_copy_pad` without `is_pad` fill their
    padding with `value`. `position`, a UB position, restricts the setting
    to copies into that position; without it the value applies to all of
    them (C++ `TPosition::MAX`). A 64-bit value must be 0.

    ```mlir
    asc.set_pad_value %v : f16
    asc.set_pad_value %v {position = #asc<position vecin>} : f16
    ```
    ```c++
    AscendC::SetPadValue(v);
    AscendC::SetPadValue<half, AscendC::TPosition::VECIN>(v);
    ```
  }];
  // 8 to 64 bits (checked by the verifier).
  let arguments = (ins Arg<Asc_ElementType, "pad value">:$value,
                       OptionalAttr<Asc_TPositionAttr>:$position);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCSTATEOPS_TD
