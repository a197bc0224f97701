//===- AscLayoutOps.td - GatherMask and layout ops ---------*- tablegen -*-===//
//
// The compacting gather GatherMask (ascendc_api.md §5.8), which returns the
// number of elements kept through a `uint64_t&` out-parameter, and
// GetGatherMaskRemainCount; Transpose and TransDataTo5HD (§5.9), Scatter
// (§5.8) and the slice and enhanced forms of DataCopy (§5.1).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCLAYOUTOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCLAYOUTOPS_TD

defvar Asc_GatherMaskTypes = [I16, UI16, F16, BF16, I32, UI32];

def Asc_GatherMaskOp : Asc_Op<"gather_mask", [
    Asc_SameElementType<"dst", "src0">, Asc_VectorStateEffects]> {
  let summary = "keep the elements selected by a bit pattern, packed";
  let description = [{
    Writes the elements of `src0` whose pattern bit is set to `dst[0]`,
    `dst[1]`, ... and returns how many it kept. `src1_pattern` is a UB
    tensor of bits (ui16 for 16-bit elements, ui32 for 32-bit ones) or a
    built-in pattern number: 1 even elements, 2 odd, 3/4/5/6 the 1st/2nd/
    3rd/4th of every 4, 7 all. With `reduce_mode` false each of
    `params.repeat_times` repeats takes 256 bytes and `mask` is ignored;
    with it true each repeat takes `mask` elements (counter mode). The mask
    mode is normal afterwards. The C++ returns the count through a
    `uint64_t&` out-parameter: the emitter declares a local for it.

    ```mlir
    %n = asc.gather_mask %z, %x, %p, %false, %c0, %params : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
    ```
    ```c++
    uint64_t rsvd_cnt = 0;
    AscendC::GatherMask(z, x, p, false, 0, params, rsvd_cnt);
    int64_t n = static_cast<int64_t>(rsvd_cnt);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_GatherMaskTypes>:$dst,
    Asc_VecSrc<Asc_GatherMaskTypes>:$src0,
    Arg<AnyTypeOf<[Asc_UBTensorOf<[UI16, UI32]>, AnySignlessInteger]>,
        "bit pattern tensor or built-in pattern 1-7",
        [MemRead<Asc_UBResource>]>:$src1_pattern,
    Arg<I1, "counter mode: mask elements per repeat">:$reduce_mode,
    Arg<AnySignlessInteger, "elements per repeat in counter mode">:$mask,
    Arg<Asc_GatherMaskParamsType, "src0 strides and repeats">:$params
  );
  let results = (outs AnySignlessInteger:$count);
  let assemblyFormat =
      "operands attr-dict `:` qualified(type(operands)) `->` type($count)";
  let hasVerifier = 1;
}

def Asc_GetGatherMaskRemainCountOp : Asc_ApiOp<"get_gather_mask_remain_count",
    "AscendC::GetGatherMaskRemainCount",
    [MemoryEffects<[MemRead<Asc_VectorStateResource>]>]> {
  let summary = "the number of elements the last gather_mask kept";
  let description = [{
    ```mlir
    %n = asc.get_gather_mask_remain_count : i64
    ```
    ```c++
    static_cast<int64_t>(AscendC::GetGatherMaskRemainCount())
    ```
  }];
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Transpose, TransDataTo5HD (ascendc_api.md §5.9)
//===----------------------------------------------------------------------===//

defvar Asc_Transpose16Types = [I16, UI16, F16];
defvar Asc_LayoutTypes = [I8, UI8, I16, UI16, F16, I32, UI32, F32];

def Asc_TransposeOp : Asc_ApiOp<"transpose", "AscendC::Transpose",
    [Asc_SameElementType<"dst", "src">]> {
  let pyApi = "transpose";
  let pyForm = "16x16";
  let summary = "transpose one 16x16 tile of 2-byte elements";
  let description = [{
    `dst[i][j] = src[j][i]` for one 16x16 tile (512 bytes) of i16, ui16 or
    f16.

    ```mlir
    asc.transpose %z, %x : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
    ```
    ```c++
    AscendC::Transpose(z, x);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_Transpose16Types>:$dst,
    Asc_VecSrc<Asc_Transpose16Types>:$src
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

def Asc_TransposeExtOp : Asc_ApiOp<"transpose_ext", "AscendC::Transpose",
    [Asc_SameElementType<"dst", "src">]> {
  let pyApi = "transpose";
  let pyForm = "ext";
  let summary = "transpose with TransposeParamsExt (ND2ND_B16, NCHW<->NHWC)";
  let description = [{
    The layouts of `params.transpose_type` that Ascend 910B/910C implement:
    TRANSPOSE_ND2ND_B16 (n*c consecutive 16x16 tiles of 2-byte elements,
    h = w = 16), TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW (n*c*h*w
    elements; `shared_tmp_buffer` needs (c+2)*h0*w0*sizeof(T) resp.
    (2c+1)*h0*w0*sizeof(T) bytes, h0 = 16 (32 for 8-bit types), w0 =
    32/sizeof(T)). A constant other type is rejected.

    ```mlir
    asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
    ```
    ```c++
    AscendC::Transpose(z, x, tmp, p);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_LayoutTypes>:$dst,
    Asc_VecSrc<Asc_LayoutTypes>:$src,
    Arg<Asc_UBTensorOf<[UI8]>, "scratch buffer",
        [MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>:$shared_tmp_buffer,
    Arg<Asc_TransposeParamsExtType, "sizes and layout">:$params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

def Asc_TransposeParamsExtOp : Asc_Op<"transpose_params_ext">,
    Asc_CxxParamStruct<"TransposeParamsExt", [16, 16, 16, 16, 8]> {
  // transpose_type = TransposeType::TRANSPOSE_ND2ND_B16.
  list<string> defaults = ["0", "0", "0", "0", "10"];
  let cxxTypes = ["transpose_type=TransposeType"];
  let cxxDefaults = ["transpose_type=TransposeType::TRANSPOSE_ND2ND_B16"];
  let cxxConstexpr = 1;

  let pyName = "TransposeParamsExt";
  let summary = "build an AscendC::TransposeParamsExt";
  let description = [{
    The operands are the constructor arguments in order: `n_size`, `c_size`,
    `h_size`, `w_size` (uint16_t) and `transpose_type`, the value of an
    AscendC::TransposeType enumerator (0-12), printed as the enumerator
    when constant. Has effects so that the emitter declares it.

    ```mlir
    %p = asc.transpose_params_ext %n, %c, %h, %w, %c11 : i32, i32, i32, i32, i32
    ```
    ```c++
    AscendC::TransposeParamsExt p(n, c, h, w, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC);
    ```
  }];
  let arguments = (ins AnySignlessInteger:$n_size, AnySignlessInteger:$c_size,
                   AnySignlessInteger:$h_size, AnySignlessInteger:$w_size,
                   AnySignlessInteger:$transpose_type);
  let results = (outs Asc_TransposeParamsExtType:$result);
  let assemblyFormat = "operands attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

def Asc_TransDataTo5HDParamsOp : Asc_ParamStructOp<"trans_data_to_5hd_params",
    Asc_TransDataTo5HDParamsType, "TransDataTo5HDParams",
    ["dst_high_half", "src_high_half", "repeat_times", "dst_rep_stride",
     "src_rep_stride"],
    [1, 1, 8, 16, 16],
    "%p = asc.trans_data_to_5hd_params %false, %false, %c1, %c0, %c0 : i1, "
    "i1, i32, i32, i32"> {
  let defaults = ["false", "false", "1", "0", "0"];
  let cxxConstexpr = 1;
}

def Asc_TransDataTo5HDOp : Asc_Op<"trans_data_to_5hd",
    [AttrSizedOperandSegments]> {
  let summary = "NCHW to NC1HWC0 block transpose, lists of 16 tensors";
  let description = [{
    Per repeat, 16 source and 16 destination 32-byte blocks (the list
    entries, advanced by the repeat strides of `params`): 16-bit elements:
    block j of dst element i = block i of src element j; 32-bit: column j of
    the 16x8 source matrix fills dst blocks 2j and 2j+1; 8-bit: the
    `dst_high_half`/`src_high_half` halves. Both lists hold 16 UB tensors
    of one element type. The emitter declares the two C++ arrays.

    ```mlir
    asc.trans_data_to_5hd [%d0, ..., %d15], [%s0, ..., %s15], %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
    ```
    ```c++
    AscendC::LocalTensor<half> dst_list[16] = {d0, ..., d15};
    AscendC::LocalTensor<half> src_list[16] = {s0, ..., s15};
    AscendC::TransDataTo5HD(dst_list, src_list, p);
    ```
  }];
  let arguments = (ins
    Arg<Variadic<Asc_UBTensorOf<Asc_LayoutTypes>>, "16 destinations",
        [MemWrite<Asc_UBResource>]>:$dst_list,
    Arg<Variadic<Asc_UBTensorOf<Asc_LayoutTypes>>, "16 sources",
        [MemRead<Asc_UBResource>]>:$src_list,
    Arg<Asc_TransDataTo5HDParamsType, "repeats and strides">:$params
  );
  let assemblyFormat = [{
    ` ` `[` $dst_list `]` `,` `[` $src_list `]` `,` $params attr-dict `:`
    qualified(type(operands))
  }];
  let hasVerifier = 1;
}

def Asc_TransDataTo5HDAddrOp : Asc_Op<"trans_data_to_5hd_addr",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>]> {
  let pyName = "trans_data_to_5hd";
  let summary = "NCHW to NC1HWC0 block transpose, lists of 16 UB addresses";
  let description = [{
    As `asc.trans_data_to_5hd` with UB byte addresses (e.g. from
    `asc.local_tensor_get_phy_addr`) instead of tensors; `element_type`
    is the template argument T. The emitter declares two `uint64_t[16]`.

    ```mlir
    asc.trans_data_to_5hd_addr [%a0, ..., %a15], [%b0, ..., %b15], %p {element_type = f16} : (i64, ...), (i64, ...)
    ```
    ```c++
    uint64_t dst_list[16] = {a0, ..., a15};
    uint64_t src_list[16] = {b0, ..., b15};
    AscendC::TransDataTo5HD<half>(dst_list, src_list, p);
    ```
  }];
  let arguments = (ins
    Variadic<AnySignlessInteger>:$dst_list,
    Variadic<AnySignlessInteger>:$src_list,
    Asc_TransDataTo5HDParamsType:$params,
    TypeAttr:$element_type
  );
  let assemblyFormat = [{
    ` ` `[` $dst_list `]` `,` `[` $src_list `]` `,` $params attr-dict `:`
    `(` type($dst_list) `)` `,` `(` type($src_list) `)`
  }];
  let hasVerifier = 1;
}

def Asc_TransDataTo5HDUbOp : Asc_ApiOp<"trans_data_to_5hd_ub",
    "AscendC::TransDataTo5HD",
    [MemoryEffects<[MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>],
    /*hasTemplateArgs=*/1> {
  let pyName = "trans_data_to_5hd";
  let summary = "NCHW to NC1HWC0 block transpose, addresses in UB tensors";
  let description = [{
    As `asc.trans_data_to_5hd_addr` with the 16 destination and 16 source
    UB byte addresses stored in ui64 UB tensors (read when the instruction
    is issued); `element_type` is the template argument T.

    ```mlir
    asc.trans_data_to_5hd_ub %da, %sa, %p {element_type = f16} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
    ```
    ```c++
    AscendC::TransDataTo5HD<half>(da, sa, p);
    ```
  }];
  let arguments = (ins
    Asc_UBTensorOf<[UI64]>:$dst,
    Asc_UBTensorOf<[UI64]>:$src,
    Asc_TransDataTo5HDParamsType:$params,
    TypeAttr:$element_type
  );
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` "
                       "qualified(type($dst)) `,` qualified(type($src)) `,` "
                       "qualified(type($params))";
  let hasVerifier = 1;
}

def Asc_LocalTensorGetPhyAddrOp : Asc_MemberOp<"local_tensor_get_phy_addr",
    "GetPhyAddr", [Pure]> {
  let pyName = "LocalTensor.get_phy_addr";
  let summary = "UB byte address of a local tensor (plus an element offset)";
  let description = [{
    ```mlir
    %a = asc.local_tensor_get_phy_addr %t, %c16 : !asc.local_tensor<vecin, f16>, i32 -> i64
    ```
    ```c++
    static_cast<int64_t>(t.GetPhyAddr(16))
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor,
                   Optional<AnySignlessInteger>:$offset);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands)) `->` "
                       "type($result)";
}

//===----------------------------------------------------------------------===//
// Scatter (ascendc_api.md §5.8; not supported on A2/A3)
//===----------------------------------------------------------------------===//

defvar Asc_ScatterStrides =
    (ins Arg<AnySignlessInteger, "repeat stride of src">:$src_rep_stride);

class Asc_ScatterOpOf<Asc_VecForm form>
    : Asc_VecOp<"scatter", "Scatter", "scatter elements to byte offsets",
        "Writes `src[i]` to the element of `dst` at byte offset `dst_base + "
        "dst_offset[i]`. `dst_offset` holds ui32 byte offsets. Ascend "
        "910B/910C do not implement Scatter (ascendc_api.md §6.9); the "
        "frontend rejects it on those platforms.",
        [Asc_SameElementType<"dst", "src">],
        (ins Asc_VecDst<[F16, BF16, UI16, I16, F32, UI32, I32]>:$dst,
             Asc_VecSrc<[F16, BF16, UI16, I16, F32, UI32, I32]>:$src,
             Asc_VecSrc<[UI32], "byte offsets into dst">:$dst_offset,
             Arg<AnySignlessInteger, "base byte offset into dst">:$dst_base),
        form, "%z, %x, %o, %b",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, "
        "!asc.local_tensor<veccalc, ui32>, i32", "z, x, o, b"> {
  let pyUnsupportedArchs = ["dav-c220:Ascend 910B/910C, A2/A3"];
  let pyUnsupportedHint = "invert the offsets and use asc.gather (dst[i] = "
      "src at byte offset src_offset[i]), or write the elements one by one "
      "with LocalTensor.set_value";
}

// The simulator runs Scatter as a layout instruction (ops/LayoutOps.h).
let simOp = "" in {
def Asc_ScatterOp : Asc_ScatterOpOf<Asc_CountForm>;
def Asc_ScatterL0Op : Asc_ScatterOpOf<
    Asc_MaskForm<Asc_ScatterStrides, ", %s", ", i32", /*setMask=*/0>>;
def Asc_ScatterL1Op : Asc_ScatterOpOf<
    Asc_MaskArrayForm<Asc_ScatterStrides, ", %s", ", i32", /*setMask=*/0>>;
}

//===----------------------------------------------------------------------===//
// DataCopy slice and enhanced forms (ascendc_api.md §5.1 rows 8-10, 17-18)
//===----------------------------------------------------------------------===//

def Asc_SliceInfoOp : Asc_ParamStructOp<"slice_info", Asc_SliceInfoType,
    "SliceInfo",
    ["start_index", "end_index", "stride", "burst_len", "shape_value"],
    [32, 32, 32, 32, 32],
    "%s = asc.slice_info %c0, %c47, %c0, %c3, %c48 : i32, i32, i32, i32, i32"> {
  // end_index = ONE_BLK_SIZE - 1, burst_len = ONE_BLK_SIZE.
  let defaults = ["0", "31", "0", "32", "0"];
  // shapeValue has a default argument in Ascend C.
  let cxxConstructors = ["startIndex, endIndex, stride, burstLen"];
}

def Asc_DataCopyEnhancedParamsOp : Asc_Op<"data_copy_enhanced_params">,
    Asc_CxxParamStruct<"DataCopyEnhancedParams", [8, 8, 64, 8, 1, 8, 64]> {
  list<string> defaults = ["0", "0", "0", "0", "false", "0", "0"];
  let cxxTypes = ["block_mode=BlockMode", "deq_scale=DeqScale",
                  "pad_mode_in=pad_t"];
  let cxxNames = ["deq_value_in=deqValue", "sid_store_mode_in=sidStoreMode",
                  "is_relu_in=isRelu", "pad_mode_in=padMode",
                  "pad_value_in=padValue"];
  let cxxDefaults = ["block_mode=BlockMode::BLOCK_MODE_NORMAL",
                     "deq_scale=DeqScale::DEQ_NONE",
                     "pad_mode_in=pad_t::PAD_NONE"];
  let cxxMembers = ["...", "uint64_t deqTensorAddr = 0"];

  let pyName = "DataCopyEnhancedParams";
  let summary = "build an AscendC::DataCopyEnhancedParams";
  let description = [{
    The operands are the constructor arguments in order: `block_mode`
    (AscendC::BlockMode 0-4), `deq_scale` (AscendC::DeqScale 0-6),
    `deq_value_in` (uint64_t), `sid_store_mode_in` (uint8_t), `is_relu_in`
    (bool), `pad_mode_in` (pad_t 0-8), `pad_value_in` (uint64_t): pyasc's
    keywords. Constant enum values print as enumerators. Has effects so that
    the emitter declares it.

    ```mlir
    %e = asc.data_copy_enhanced_params %c0, %c0, %c0, %c0, %false, %c0, %c0 : i32, i32, i32, i32, i1, i32, i32
    ```
    ```c++
    AscendC::DataCopyEnhancedParams e(AscendC::BlockMode::BLOCK_MODE_NORMAL, AscendC::DeqScale::DEQ_NONE, 0, 0, false, pad_t::PAD_NONE, 0);
    ```
  }];
  let arguments = (ins AnySignlessInteger:$block_mode,
                   AnySignlessInteger:$deq_scale,
                   AnySignlessInteger:$deq_value_in,
                   AnySignlessInteger:$sid_store_mode_in, I1:$is_relu_in,
                   AnySignlessInteger:$pad_mode_in,
                   AnySignlessInteger:$pad_value_in);
  let results = (outs Asc_DataCopyEnhancedParamsType:$result);
  let assemblyFormat = "operands attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

def Asc_DataCopyEnhancedOp : Asc_ApiOp<"data_copy_enhanced",
    "AscendC::DataCopy", [Asc_SameTensorElementType,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let pyName = "data_copy";
  let summary = "DataCopy with DataCopyParams and DataCopyEnhancedParams";
  let description = [{
    On Ascend 910B/910C the enhanced parameters have no effect (ascendc_api.md
    §4.2; §5.1 rows 8-10 behave as rows 4-6): the copy is that of
    `asc.data_copy_params_form`, in its directions (GM<->UB, UB->UB,
    GM->A1/B1/C1, A1/B1->GM). Their cube modes (a block mode other than
    normal, dequantisation, ReLU, padding) are rejected when constant.

    ```mlir
    asc.data_copy_enhanced %dst, %src, %p, %e : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_params, !asc.data_copy_enhanced_params
    ```
    ```c++
    AscendC::DataCopy(dst, src, p, e);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<Asc_DataCopyParamsType, "blocks and gaps">:$params,
    Arg<Asc_DataCopyEnhancedParamsType, "enhanced (ignored) modes">:$enhanced
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

def Asc_DataCopySliceOp : Asc_Op<"data_copy_slice", [
    Asc_SameTensorElementType, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let pyName = "data_copy";
  let summary = "multi-dimensional sliced copy GM<->UB (SliceInfo lists)";
  let description = [{
    Copies the slice of `src` described by `src_slices` into the slice of
    `dst` described by `dst_slices`; dimension 0 (the first list entry) is
    the contiguous one. Directions: gm to a UB position, a UB position to
    gm; element types of 1, 2 or 4 bytes. `dim_value` dimensions are used
    (at most the length of each list). The emitter declares the two C++
    arrays.

    ```mlir
    asc.data_copy_slice %dst, %src, [%d0, %d1], [%s0, %s1], %c2 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
    ```
    ```c++
    AscendC::SliceInfo dst_slices[2] = {d0, d1};
    AscendC::SliceInfo src_slices[2] = {s0, s1};
    AscendC::DataCopy(dst, src, dst_slices, src_slices, 2);
    ```
  }];
  let arguments = (ins
    Asc_AnyTensor:$dst,
    Asc_AnyTensor:$src,
    Variadic<Asc_SliceInfoType>:$dst_slices,
    Variadic<Asc_SliceInfoType>:$src_slices,
    AnySignlessInteger:$dim_value
  );
  let assemblyFormat = [{
    $dst `,` $src `,` `[` $dst_slices `]` `,` `[` $src_slices `]` `,`
    $dim_value attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
    `,` type($dim_value)
  }];
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCLAYOUTOPS_TD
