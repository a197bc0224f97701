//===- AscQuantOps.td - quantisation and fused casts -------*- tablegen -*-===//
//
// The DEQSCALE register (SetDeqScale in its three forms, the VdeqInfo
// struct), the dequantising conversion CastDeq and the binary ops that
// convert their result: AddReluCast, SubReluCast, MulCast, AddDeqRelu
// (ascendc_api.md §5.2, §5.5). Verifier helpers: AscQuantOps.h/.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_TD

//===----------------------------------------------------------------------===//
// Fused binary casts: dst = convert(src0 op src1)
//===----------------------------------------------------------------------===//

// `pairs` documents the (source -> destination) element types, which the
// verifier checks (detail::verifyQuantTypes).
class Asc_QuantBinaryOp<string name, string cxx, string what, string formula,
                        string pairs, list<Type> srcTypes,
                        list<Type> dstTypes, Asc_VecForm form>
    : Asc_VecOp<name, cxx, what,
        "Computes `" # formula # "` elementwise and writes it converted to "
        "the element type of `dst`: " # pairs # ". All tensors are in UB "
        "positions; the sources share an element type. Repeats iterate on "
        "the wider element type; the narrower operand uses its own 32-byte "
        "blocks.",
        [Asc_SameElementType<"src0", "src1">],
        (ins Asc_VecDst<dstTypes>:$dst,
             Asc_VecSrc<srcTypes, "first source">:$src0,
             Asc_VecSrc<srcTypes, "second source">:$src1),
        form, "%z, %x, %y",
        "!asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, "
        "!asc.local_tensor<vecin, f16>", "z, x, y"> {
  let typeArgs = ["getDst()", "getSrc0()"];
  let exTypeArgs = "int8_t, half";
  let lane = "::mlir::asc::detail::getWiderElementType(getDst(), getSrc0())";
  let check = "::mlir::asc::detail::verifyQuantTypes(*this, \"" # name
      # "\", ::mlir::asc::getTensorElementType(getDst().getType()), "
      "::mlir::asc::getTensorElementType(getSrc0().getType()))";
}

// Count form, continuous-mask and bit-mask forms; `setMask` gives the
// masked forms the is_set_mask attribute (MulCast has none in pyasc);
// `countSetMask`: pyasc's count form accepts (and ignores) is_set_mask.
multiclass Asc_QuantBinaryOps<string name, string cxx, string what,
                              string formula, string pairs,
                              list<Type> srcTypes, list<Type> dstTypes,
                              bit setMask = 1, bit countSetMask = 0> {
  def Op : Asc_QuantBinaryOp<name, cxx, what, formula, pairs, srcTypes,
                             dstTypes, Asc_CountForm> {
    let pyExtra = !if(countSetMask, ["is_set_mask:bool=True"], []);
  }
  def L0Op : Asc_QuantBinaryOp<name, cxx, what, formula, pairs, srcTypes,
      dstTypes, Asc_MaskForm<Asc_BinaryParams, ", %p",
                             ", !asc.binary_repeat_params", setMask>>;
  def L1Op : Asc_QuantBinaryOp<name, cxx, what, formula, pairs, srcTypes,
      dstTypes, Asc_MaskArrayForm<Asc_BinaryParams, ", %p",
                                  ", !asc.binary_repeat_params", setMask>>;
}

let simTiming = "VADD" in
defm Asc_AddReluCast : Asc_QuantBinaryOps<"add_relu_cast", "AddReluCast",
    "addition, relu and conversion", "max(src0 + src1, 0)",
    "f16 -> i8, i16 -> i8, f32 -> f16", [F16, I16, F32], [I8, F16]>;
let simTiming = "VADD" in
defm Asc_SubReluCast : Asc_QuantBinaryOps<"sub_relu_cast", "SubReluCast",
    "subtraction, relu and conversion", "max(src0 - src1, 0)",
    "f16 -> i8, i16 -> i8, f32 -> f16", [F16, I16, F32], [I8, F16]>;
let simTiming = "VMUL" in
defm Asc_MulCast : Asc_QuantBinaryOps<"mul_cast", "MulCast",
    "multiplication and conversion", "src0 * src1", "f16 -> i8, f16 -> ui8",
    [F16], [I8, UI8], /*setMask=*/0>;
let simTiming = "VADD" in
defm Asc_AddDeqRelu : Asc_QuantBinaryOps<"add_deq_relu", "AddDeqRelu",
    "addition, dequantisation and relu",
    "max((src0 + src1) * DEQSCALE, 0)", "i32 -> f16 with the DEQSCALE of "
    "`asc.set_deq_scale`", [I32], [F16], /*setMask=*/1, /*countSetMask=*/1>;

//===----------------------------------------------------------------------===//
// BilinearInterpolation
//===----------------------------------------------------------------------===//

defvar Asc_BilinearTail = (ins
    Arg<AnySignlessInteger, "horizontal iterations (1-255)">:$h_repeat,
    Arg<I1, "true: one weight per block, false: one per iteration">:
        $repeat_mode,
    Arg<AnySignlessInteger, "dst block stride (blocks)">:$dst_blk_stride,
    Arg<AnySignlessInteger, "dst elements between vertical iterations">:
        $v_r_offset,
    Arg<AnySignlessInteger, "vertical iterations (1-255)">:$v_repeat,
    Arg<Asc_UBTensorOf<[UI8]>, "scratch space of the implementation",
        [MemWrite<Asc_UBResource>]>:$shared_tmp_buffer);

def Asc_BilinearMaskForm : Asc_VecForm<"_l0", "l0", "continuous-mask form",
    "Enables the first `mask` lanes (1-128) of the eight blocks.",
    !con((ins Asc_VecMask:$mask), Asc_BilinearTail),
    "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask(), {}, "
    "getHRepeat(), true)", 0, 0, ", %m, %h, %rm, %bs, %vo, %v, %t",
    ", i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>">;

def Asc_BilinearMaskArrayForm : Asc_VecForm<"_l1", "l1", "bit-mask form",
    "Enables the lanes whose bits are set in `mask1:mask0`.",
    !con((ins Asc_VecMaskLow:$mask0, Asc_VecMaskHigh:$mask1),
         Asc_BilinearTail),
    "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask0(), "
    "getMask1(), getHRepeat(), true)", 0, 1,
    ", %lo, %hi, %h, %rm, %bs, %vo, %v, %t",
    ", i64, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>">;

class Asc_BilinearOpOf<Asc_VecForm form>
    : Asc_VecOp<"bilinear_interpolation", "BilinearInterpolation",
        "block-offset-driven bilinear interpolation",
        "Each of `v_repeat` vertical iterations runs `h_repeat` horizontal "
        "ones; horizontal iteration k takes the eight src0 blocks at the "
        "byte offsets `src0_offset[8k..8k+7]` (multiples of 32), multiplies "
        "block b by `src1[k]` (or, with `repeat_mode`, by `src1[8k+b]`) and "
        "accumulates; vertical iteration v writes its eight blocks at "
        "element `v * v_r_offset` of dst, `dst_blk_stride` blocks apart. "
        "f16 only; src0, src1 and src0_offset must not overlap.",
        [Asc_SameElementType<"dst", "src0">,
         Asc_SameElementType<"dst", "src1">],
        (ins Asc_VecDst<[F16]>:$dst,
             Asc_VecSrc<[F16], "source blocks">:$src0,
             Asc_VecSrc<[UI32], "byte offsets of src0 blocks">:$src0_offset,
             Asc_VecSrc<[F16], "weights">:$src1),
        form, "%z, %x, %o, %w",
        "!asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, "
        "!asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>",
        "z, x, o, w"> {
  let check = "::mlir::asc::detail::verifyBilinear(*this, getHRepeat(), "
              "getVRepeat(), getVROffset(), getDstBlkStride())";
}

let simTiming = "VMUL" in {
def Asc_BilinearInterpolationL0Op : Asc_BilinearOpOf<Asc_BilinearMaskForm>;
def Asc_BilinearInterpolationL1Op
    : Asc_BilinearOpOf<Asc_BilinearMaskArrayForm>;
}

//===----------------------------------------------------------------------===//
// CastDeq
//===----------------------------------------------------------------------===//

defvar Asc_DeqFlags =
    (ins DefaultValuedAttr<BoolAttr, "true">:$is_vec_deq,
         DefaultValuedAttr<BoolAttr, "true">:$half_block);

// Every form passes template arguments: <T, U[, isSetMask], isVecDeq,
// halfBlock>.
class Asc_CastDeqOpOf<Asc_VecForm form>
    : Asc_ApiOp<"cast_deq" # form.suffix, "AscendC::CastDeq",
                [Asc_VectorStateEffects], /*hasTemplateArgs=*/1,
                ["getCallArguments"]> {
  let pyApi = "cast_deq";
  let pyForm = form.tag;
  let simOp = "CastDeq";
  let simTiming = "VCONV";
  let summary = "dequantising conversion (" # form.title # ")";
  let description = "Converts i16 to i8 or ui8 (`x * scale` rounded, plus "
      "the offset, saturated as the sign mode says) or i32 to f16 (`x * "
      "scale`) with the DEQSCALE of `asc.set_deq_scale`: its scalar form, "
      "or with `is_vec_deq` the 16 groups of its vector form. Each 32-byte "
      "block of results fills one half of a destination block, the upper "
      "one with `half_block`. Both tensors are in UB positions.\n\n"
      # form.doc # "\n\n```mlir\nasc.cast_deq" # form.suffix # " %z, %x"
      # form.exOps # " : !asc.local_tensor<vecout, i8>, "
      "!asc.local_tensor<vecin, i16>" # form.exTypes # "\n```\n```c++\n"
      # !if(form.array, "uint64_t mask[] = {lo, hi};\n", "")
      # "AscendC::CastDeq<int8_t, int16_t, " # !if(form.templated, "true, ", "")
      # "true, true>(z, x" # form.exCxx # ");\n```";
  let arguments = !con(
      (ins Asc_VecDst<[F16, I8, UI8]>:$dst, Asc_VecSrc<[I16, I32]>:$src),
      form.args, form.setMaskArgs, Asc_DeqFlags);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
  let extraClassDefinition =
      "::mlir::LogicalResult $cppClass::verify() {\n"
      "  return ::mlir::success(::mlir::succeeded("
      "::mlir::asc::detail::verifyQuantTypes(*this, \"cast_deq\", "
      "::mlir::asc::getTensorElementType(getDst().getType()), "
      "::mlir::asc::getTensorElementType(getSrc().getType()))) &&\n"
      "      ::mlir::succeeded(" # !subst("LANE",
          "::mlir::asc::detail::getWiderElementType(getDst(), getSrc())",
          form.verify) # "));\n"
      "}\n"
      "void $cppClass::getCallArguments(\n"
      "    ::llvm::SmallVectorImpl<::mlir::asc::ApiArgument> &args) {\n"
      "  ::mlir::asc::detail::getVectorCallArguments(*this, args, "
      # form.maskArg # ", std::nullopt, {}, {}, 0);\n"
      "}\n"
      "void $cppClass::getTemplateArguments(\n"
      "    ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {\n"
      "  ::mlir::asc::detail::appendElementTypes(args, {getDst(), "
      "getSrc()});\n"
      # !if(form.templated, "  args.push_back(::mlir::BoolAttr::get("
          "getContext(), getIsSetMask()));\n", "")
      # "  args.push_back(::mlir::BoolAttr::get(getContext(), "
      "getIsVecDeq()));\n"
      "  args.push_back(::mlir::BoolAttr::get(getContext(), "
      "getHalfBlock()));\n"
      "}\n";
}

def Asc_CastDeqOp : Asc_CastDeqOpOf<Asc_CountForm>;
def Asc_CastDeqL0Op : Asc_CastDeqOpOf<Asc_UnaryMaskForm>;
def Asc_CastDeqL1Op : Asc_CastDeqOpOf<Asc_UnaryMaskArrayForm>;

//===----------------------------------------------------------------------===//
// DEQSCALE
//===----------------------------------------------------------------------===//

def Asc_SetDeqScaleOp : Asc_ApiOp<"set_deq_scale", "AscendC::SetDeqScale",
    [Asc_VectorStateEffects], 0, ["getCallArguments"]> {
  let pyApi = "set_deq_scale";
  let pyForm = "scalar";
  let summary = "set the scalar DEQSCALE of int32 -> half conversions";
  let description = [{
    `Cast` from i32 to f16, `asc.add_deq_relu` and `asc.cast_deq` (i32 to
    f16) multiply by `scale`.

    ```mlir
    asc.set_deq_scale %s : f16
    ```
    ```c++
    AscendC::SetDeqScale(s);
    ```
  }];
  let arguments = (ins Arg<F16, "scale">:$scale);
  let assemblyFormat = "$scale attr-dict `:` type($scale)";
}

def Asc_SetDeqScaleOffsetOp : Asc_ApiOp<"set_deq_scale_offset",
    "AscendC::SetDeqScale", [Asc_VectorStateEffects], 0,
    ["getCallArguments"]> {
  let pyApi = "set_deq_scale";
  let pyForm = "scalar_offset";
  let summary = "set the scalar DEQSCALE of asc.cast_deq";
  let description = [{
    `asc.cast_deq` without `is_vec_deq` multiplies by `scale`, adds
    `offset` (a 9-bit signed value, -256 to 255) and saturates to i8
    (`sign_mode` true) or ui8.

    ```mlir
    asc.set_deq_scale_offset %s, %o, %m : f32, i16, i1
    ```
    ```c++
    AscendC::SetDeqScale(s, o, m);
    ```
  }];
  let arguments = (ins Arg<F32, "scale">:$scale,
                       Arg<I16, "offset (9-bit signed)">:$offset,
                       Arg<I1, "true: int8 results, false: uint8">:$sign_mode);
  let assemblyFormat = "operands attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

// Not Pure: the emitter prints it as declarations, never inline at a use.
def Asc_VdeqInfoOp : Asc_Op<"vdeq_info"> {
  let pyName = "VdeqInfo";
  let summary = "build an AscendC::VdeqInfo";
  let description = [{
    The 16 scales (f32), 16 offsets (i16, 9-bit signed) and 16 sign modes
    (i1) of the vector DEQSCALE, in this order. The emitter declares the
    three arrays and the struct.

    ```mlir
    %v = asc.vdeq_info %s0, ..., %s15, %o0, ..., %o15, %m0, ..., %m15 : f32, ..., i16, ..., i1, ...
    ```
    ```c++
    const float v_scale[16] = {...};
    const int16_t v_offset[16] = {...};
    const bool v_sign_mode[16] = {...};
    AscendC::VdeqInfo v(v_scale, v_offset, v_sign_mode);
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$fields);
  let results = (outs Asc_VdeqInfoType:$result);
  let assemblyFormat = "$fields attr-dict `:` type($fields)";
  let hasVerifier = 1;
}

def Asc_SetDeqScaleVecOp : Asc_ApiOp<"set_deq_scale_vec",
    "AscendC::SetDeqScale", [Asc_VectorStateEffects], 0> {
  let pyApi = "set_deq_scale";
  let pyForm = "vector";
  let summary = "set the vector DEQSCALE of asc.cast_deq";
  let description = [{
    Stores the 16 (scale, offset, sign mode) groups of `info` into the first
    128 bytes of `vdeq`, a UB tensor, and makes them the DEQSCALE of
    `asc.cast_deq` with `is_vec_deq`: element i of each repeat uses group
    i % 16.

    ```mlir
    asc.set_deq_scale_vec %t, %v : !asc.local_tensor<veccalc, ui64>, !asc.vdeq_info
    ```
    ```c++
    AscendC::SetDeqScale(t, v);
    ```
  }];
  let arguments = (ins
    Arg<Asc_UBTensorOf<[Asc_ElementType]>, "the 128-byte vdeq tensor",
        [MemWrite<Asc_UBResource>]>:$vdeq,
    Arg<Asc_VdeqInfoType, "the groups">:$vdeq_info
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCQUANTOPS_TD
