//===- AscCubeOps.td - cube path ops -----------------------*- tablegen -*-===//
//
// The ISASI-level cube path (pyasc_api.md §1.5.11, ascendc_api.md §7,
// hardware.md §6): loads from GM or L1 into L0A/L0B (LoadData and its
// variants), the matrix multiply into L0C (Mmad), the way out of L0C
// (Fixpipe), the load-3D and Fixpipe configuration registers, and the
// cube's DataCopy forms (ND->NZ into L1, NZ->ND out of UB, out of CO1).
// Every op here runs on the cube core (AIC): a kernel using one is an
// AIC_ONLY or MIX kernel (asc-kernel-type, docs/language.md).
//
// Positions and element types with one memory each are operand rules
// (Asc_LocalTensorIn); directions with several memories, the element-type
// combinations and the modes are the verifiers'.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCCUBEOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCCUBEOPS_TD

// A local tensor in memory `mem` (a Hardware case: L1, L0A, L0B, L0C, BIAS)
// holding one of `allowed`; checked by the Asc_OperandRules trait like
// Asc_UBTensorOf.
class Asc_LocalTensorIn<string mem, list<Type> allowed> : Type<
  Asc_LocalTensorType.predicate,
  "local tensor in " # mem # " of " # AnyTypeOf<allowed>.summary,
  "::mlir::asc::LocalTensorType"> {
  string memory = mem;
  list<Type> elementTypes = allowed;
}

// A 64-bit configuration word (uint64_t in C++; Python passes an int).
def Asc_U64Word : Arg<AnySignlessInteger, "64-bit configuration word">;

// Marks the ops that configure the cube unit's registers: they run on the
// cube core (asc-kernel-type).
def Asc_CubeUnit : NativeOpTrait<"CubeUnit"> {
  let cppNamespace = "::mlir::asc::OpTrait";
}

defvar Asc_CubeLoadTypes = [UI8, I8, UI16, I16, F16, BF16, UI32, I32, F32];

// A cube op with custom effects (each tensor's memory: read for the
// sources, written for the destination).
class Asc_CubeOp<string mnemonic, string callee, list<Trait> traits = [],
                 bit hasTemplateArgs = 0>
    : Asc_ApiOp<mnemonic, callee,
                traits # [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>],
                hasTemplateArgs> {
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LoadData (ascendc_api.md §7 "LoadData 2D/3D", hardware.md §6.2)
//===----------------------------------------------------------------------===//

class Asc_LoadDataOp<string mnemonic, string form, Type params,
                     string doc, string example>
    : Asc_CubeOp<mnemonic, "AscendC::LoadData",
                 [Asc_SameTensorElementType]> {
  let pyApi = "load_data";
  let pyForm = form;
  let summary = "load fractals into L0A/L0B or L1 (" # form # ")";
  let description = doc # [{

    ```mlir
    }] # example # [{
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorType, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<params, "load parameters">:$params
  );
}

def Asc_LoadData2DOp : Asc_LoadDataOp<"load_data_2d", "2d",
    Asc_LoadData2DParamsType, [{
    `LoadData(dst, src, LoadData2DParams)`: `repeat_times` 512-byte
    fractals from `start_index`, A1/B1 (L1) to A2/B2 (L0A/L0B), or GM to
    A1/B1/A2/B2. `if_transpose` needs 16-bit elements and an L1 source.
    Element types: u8, i8, u16, i16, f16, bf16, u32, i32, f32.}],
    "asc.load_data_2d %a2, %a1, %p : !asc.local_tensor<a2, f16>, "
    "!asc.local_tensor<a1, f16>, !asc.load_data_2d_params">;

// LoadData2DParamsV2 and LoadData3DParamsV1 (pyasc's other load_data forms)
// are not implemented by Ascend 910B/910C (ascendc_api.md §7): their
// structs exist, the loads do not.

def Asc_LoadData3DV2Op : Asc_LoadDataOp<"load_data_3d_v2", "3d_v2",
    Asc_LoadData3DParamsV2Type, [{
    `LoadData(dst, src, LoadData3DParamsV2<T>)`: img2col of a feature map
    in A1/B1 (L1) into A2/B2 (L0A/L0B); T is the tensors' element type.
    A2: u8, i8, f16, bf16, u32, i32, f32; B2: f16, bf16, u32, i32, f32.
    `en_transpose` only into A2 with f16.}],
    "asc.load_data_3d_v2 %a2, %a1, %p : !asc.local_tensor<a2, f16>, "
    "!asc.local_tensor<a1, f16>, !asc.load_data_3d_params_v2<f16>">;

def Asc_LoadData3DV2ProOp : Asc_LoadDataOp<"load_data_3d_v2_pro",
    "3d_v2_pro", Asc_LoadData3DParamsV2ProType, [{
    `LoadData(dst, src, LoadData3DParamsV2Pro)`: img2col with the window
    packed into configuration words; directions and types as `3d_v2`.}],
    "asc.load_data_3d_v2_pro %a2, %a1, %p : !asc.local_tensor<a2, f16>, "
    "!asc.local_tensor<a1, f16>, !asc.load_data_3d_params_v2_pro">;

class Asc_LoadDataWithTransposeBase<string mnemonic, string form,
                                    Type params, string example>
    : Asc_CubeOp<mnemonic, "AscendC::LoadDataWithTranspose",
                 [Asc_SameTensorElementType]> {
  let pyApi = "load_data_with_transpose";
  let pyForm = form;
  let summary = "transposing 2-D load A1/B1 -> A2/B2 (" # form # ")";
  let description = [{
    `LoadDataWithTranspose(dst, src, params)`: per repeat one 16x16 fractal
    of 16-bit elements (32x32 of 8-bit, two merged 16x16 of 32-bit),
    transposed. Element types: i8, u8, f16, bf16, f32, i32, u32.

    ```mlir
    }] # example # [{
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorType, "destination">:$dst,
    Arg<Asc_LocalTensorType, "source">:$src,
    Arg<params, "load parameters">:$params
  );
}

def Asc_LoadDataWithTransposeOp : Asc_LoadDataWithTransposeBase<
    "load_data_with_transpose", "v1", Asc_LoadData2dTransposeParamsType,
    "asc.load_data_with_transpose %b2, %b1, %p : !asc.local_tensor<b2, f16>, "
    "!asc.local_tensor<b1, f16>, !asc.load_data_2d_transpose_params">;

def Asc_LoadDataWithTransposeV2Op : Asc_LoadDataWithTransposeBase<
    "load_data_with_transpose_v2", "v2", Asc_LoadData2dTransposeParamsV2Type,
    "asc.load_data_with_transpose_v2 %b2, %b1, %p : "
    "!asc.local_tensor<b2, f16>, !asc.local_tensor<b1, f16>, "
    "!asc.load_data_2d_transpose_params_v2">;

def Asc_LoadDataWithSparseOp : Asc_CubeOp<"load_data_with_sparse",
    "AscendC::LoadDataWithSparse", [Asc_SameElementType<"dst", "src">]> {
  let pyApi = "load_data_with_sparse";
  let pyForm = "-";
  let summary = "load sparse int8 weights and their index into B2";
  let description = [{
    `LoadDataWithSparse(dst, src, idx, params)`: B1 -> B2, int8 weights
    with a 2-bit index matrix (u8) for `mmad_with_sparse`; no transpose.

    ```mlir
    asc.load_data_with_sparse %b2, %b1, %idx, %p : !asc.local_tensor<b2, i8>, !asc.local_tensor<b1, i8>, !asc.local_tensor<b1, ui8>, !asc.load_data_2d_params
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorIn<"L0B", [I8]>, "destination">:$dst,
    Arg<Asc_LocalTensorIn<"L1", [I8]>, "dense weights">:$src,
    Arg<Asc_LocalTensorIn<"L1", [UI8]>, "2-bit index matrix">:$idx,
    Arg<Asc_LoadData2DParamsType, "load parameters">:$load_data_params
  );
  let hasVerifier = 0; // the operand rules are all
}

//===----------------------------------------------------------------------===//
// Mmad (hardware.md §6.3)
//===----------------------------------------------------------------------===//

defvar Asc_MmadInTypes = [F16, BF16, F32, I8];

class Asc_MmadBase<string mnemonic, string form> : Asc_CubeOp<mnemonic,
    "AscendC::Mmad"> {
  let pyApi = "mmad";
  let pyForm = form;
}

def Asc_MmadOp : Asc_MmadBase<"mmad", "plain"> {
  let summary = "matrix multiply A2 x B2 into CO1";
  let description = [{
    `Mmad(dst, fm, filter, params)`: C (CO1, m x n) = A (A2, m x k) x B
    (B2, k x n), or C += A x B when `cmatrix_init_val` is false. Element
    types (A, B -> C): f16 x f16 -> f32, bf16 x bf16 -> f32, f32 x f32 ->
    f32, i8 x i8 -> i32.

    ```mlir
    asc.mmad %c, %a, %b, %p : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorIn<"L0C", [F32, I32]>, "C matrix">:$dst,
    Arg<Asc_LocalTensorIn<"L0A", Asc_MmadInTypes>, "A matrix">:$fm,
    Arg<Asc_LocalTensorIn<"L0B", Asc_MmadInTypes>, "B matrix">:$filter,
    Arg<Asc_MmadParamsType, "sizes and modes">:$params
  );
}

def Asc_MmadBiasOp : Asc_MmadBase<"mmad_bias", "bias"> {
  let summary = "matrix multiply with a bias row from C2";
  let description = [{
    `Mmad(dst, fm, filter, bias, params)`: as `asc.mmad`, C initialised
    from the bias (C2, the BiasTable; f32 for float results, i32 for i32).

    ```mlir
    asc.mmad_bias %c, %a, %b, %bias, %p : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.local_tensor<c2, f32>, !asc.mmad_params
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorIn<"L0C", [F32, I32]>, "C matrix">:$dst,
    Arg<Asc_LocalTensorIn<"L0A", Asc_MmadInTypes>, "A matrix">:$fm,
    Arg<Asc_LocalTensorIn<"L0B", Asc_MmadInTypes>, "B matrix">:$filter,
    Arg<Asc_LocalTensorIn<"BIAS", [F32, I32]>, "bias row">:$bias,
    Arg<Asc_MmadParamsType, "sizes and modes">:$params
  );
}

def Asc_MmadWithSparseOp : Asc_CubeOp<"mmad_with_sparse",
    "AscendC::MmadWithSparse"> {
  let pyApi = "mmad_with_sparse";
  let pyForm = "-";
  let summary = "int8 matrix multiply with a sparse B";
  let description = [{
    `MmadWithSparse(dst, fm, filter, params)`: i8 x sparse i8 -> i32 (B
    loaded by `load_data_with_sparse`).

    ```mlir
    asc.mmad_with_sparse %c, %a, %b, %p : !asc.local_tensor<co1, i32>, !asc.local_tensor<a2, i8>, !asc.local_tensor<b2, i8>, !asc.mmad_params
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorIn<"L0C", [I32]>, "C matrix">:$dst,
    Arg<Asc_LocalTensorIn<"L0A", [I8]>, "A matrix">:$fm,
    Arg<Asc_LocalTensorIn<"L0B", [I8]>, "sparse B matrix">:$filter,
    Arg<Asc_MmadParamsType, "sizes and modes">:$mmad_params
  );
  let hasVerifier = 0; // the operand rules are all
}

//===----------------------------------------------------------------------===//
// InitConstValue and the load configuration registers
//===----------------------------------------------------------------------===//

def Asc_InitConstValueOp : Asc_CubeOp<"init_const_value",
    "AscendC::InitConstValue"> {
  let pyApi = "init_const_value";
  let pyForm = "-";
  let summary = "fill A1/B1/A2/B2 blocks with a constant";
  let description = [{
    `InitConstValue(dst, params)`: `repeat_times` x `block_num` blocks
    (32 bytes in L1, 512 bytes in L0A/L0B), `dst_gap` blocks apart, set to
    `init_value`; the struct's type is the tensor's. Element types: f16,
    i16, u16, bf16, f32, i32, u32.

    ```mlir
    asc.init_const_value %a2, %p : !asc.local_tensor<a2, f16>, !asc.init_const_value_params<f16>
    ```
  }];
  let arguments = (ins
    Arg<Asc_LocalTensorType, "destination">:$dst,
    Arg<Asc_InitConstValueParamsType, "blocks and value">:
        $init_const_value_params
  );
}

def Asc_SetLoadDataBoundaryOp : Asc_ApiOp<"set_load_data_boundary",
    "AscendC::SetLoadDataBoundary", [Asc_CubeUnit, Asc_SyncEffects]> {
  let pyApi = "set_load_data_boundary";
  let pyForm = "-";
  let summary = "L1 boundary of the 3-D loads";
  let description = [{
    `SetLoadDataBoundary(boundary)`: bytes of L1 a 3-D load may read
    (0: no boundary; at least 1024 otherwise).

    ```mlir
    asc.set_load_data_boundary %b : i32
    ```
  }];
  let arguments = (ins Arg<AnySignlessInteger, "boundary in bytes">:$boundary);
  let assemblyFormat = "$boundary attr-dict `:` type($boundary)";
  let hasVerifier = 1;
}

def Asc_SetLoadDataPaddingValueOp : Asc_ApiOp<"set_load_data_padding_value",
    "AscendC::SetLoadDataPaddingValue", [Asc_CubeUnit, Asc_SyncEffects],
    /*hasTemplateArgs=*/1> {
  let summary = "padding value of the 3-D loads";
  let description = [{
    `SetLoadDataPaddingValue<T>(pad_value)`: T is the value's type (i8, u8,
    f16, i16, u16, bf16, i32, u32, f32).

    ```mlir
    asc.set_load_data_padding_value %v : f16
    ```
  }];
  let arguments = (ins Arg<Asc_ElementType, "padding value">:$pad_value);
  let assemblyFormat = "$pad_value attr-dict `:` type($pad_value)";
  let hasVerifier = 1;
}

def Asc_SetLoadDataRepeatOp : Asc_ApiOp<"set_load_data_repeat",
    "AscendC::SetLoadDataRepeat", [Asc_CubeUnit, Asc_SyncEffects]> {
  let pyApi = "set_load_data_repeat";
  let pyForm = "-";
  let summary = "repeat of the 3-D loads";
  let description = [{
    ```mlir
    asc.set_load_data_repeat %p : !asc.load_data_repeat_param
    ```
  }];
  let arguments = (ins
    Arg<Asc_LoadDataRepeatParamType, "repeat count, stride and mode">:$param);
  let assemblyFormat = "$param attr-dict `:` qualified(type($param))";
}

//===----------------------------------------------------------------------===//
// Fixpipe (hardware.md §6.4)
//===----------------------------------------------------------------------===//

class Asc_FixpipeBase<string mnemonic> : Asc_CubeOp<mnemonic,
    "AscendC::Fixpipe", [], /*hasTemplateArgs=*/1> {
  let pyName = "fixpipe";
}

def Asc_FixpipeOp : Asc_FixpipeBase<"fixpipe"> {
  let summary = "move a CO1 result to GM or L1, converting on the way";
  let description = [{
    `Fixpipe<T, U, config>(dst, src, params)`: `params.m_size` x
    `params.n_size` of the NZ matrix in CO1 (f32 or i32) to GM or A1/B1,
    quantised by `params.quant_pre` (its scalar modes; the vector modes
    need `asc.fixpipe_workspace`), with ReLU, and written as ND (`config`
    row_major, Ascend C's CFG_ROW_MAJOR, the default) or NZ (nz, CFG_NZ).
    Element types (CO1 -> dst): f32 -> i8, u8, f16, bf16, f32; i32 -> i8,
    u8, f16, i32.

    ```mlir
    asc.fixpipe %c_gm, %c, %p : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
    ```
    ```c++
    AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(c_gm, c, p);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination (GM, A1 or B1)">:$dst,
    Arg<Asc_LocalTensorIn<"L0C", [F32, I32]>, "source">:$src,
    Arg<Asc_FixpipeParamsV220Type, "sizes, strides and conversions">:$params,
    DefaultValuedAttr<Asc_CO2LayoutAttr,
                      "::mlir::asc::CO2Layout::ROW_MAJOR">:$config
  );
}

def Asc_FixpipeWorkspaceOp : Asc_FixpipeBase<"fixpipe_workspace"> {
  let summary = "Fixpipe with per-channel quantisation from L1";
  let description = [{
    `Fixpipe<T, U, config>(dst, src, cbuf_workspace, params)`: as
    `asc.fixpipe`; the vector quantisation modes (VDEQF16, VQF322B8_PRE,
    VREQ8) read one uint64 scale per output channel from `cbuf_workspace`
    (A1/B1/C1, u64).

    ```mlir
    asc.fixpipe_workspace %c_gm, %c, %ws, %p {config = #asc<co2_layout nz>} : !asc.global_tensor<f16>, !asc.local_tensor<co1, i32>, !asc.local_tensor<c1, ui64>, !asc.fixpipe_params_v220
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination (GM, A1 or B1)">:$dst,
    Arg<Asc_LocalTensorIn<"L0C", [F32, I32]>, "source">:$src,
    Arg<Asc_LocalTensorIn<"L1", [UI64]>, "quantisation scales">:
        $cbuf_workspace,
    Arg<Asc_FixpipeParamsV220Type, "sizes, strides and conversions">:$params,
    DefaultValuedAttr<Asc_CO2LayoutAttr,
                      "::mlir::asc::CO2Layout::ROW_MAJOR">:$config
  );
}

def Asc_SetFixPipePreQuantFlagOp : Asc_ApiOp<"set_fix_pipe_pre_quant_flag",
    "AscendC::SetFixpipePreQuantFlag", [Asc_CubeUnit, Asc_SyncEffects]> {
  let pyApi = "set_fix_pipe_pre_quant_flag";
  let pyForm = "-";
  let summary = "scalar quantisation parameter of the CO1 copies";
  let description = [{
    ```mlir
    asc.set_fix_pipe_pre_quant_flag %c : i64
    ```
    ```c++
    AscendC::SetFixpipePreQuantFlag(c);
    ```
  }];
  let arguments = (ins Asc_U64Word:$config);
  let assemblyFormat = "$config attr-dict `:` type($config)";
}

//===----------------------------------------------------------------------===//
// The cube path's DataCopy forms (ascendc_api.md §5.1 rows 12-16)
//===----------------------------------------------------------------------===//

class Asc_CubeCopyOp<string mnemonic, Type params, string doc>
    : Asc_CubeOp<mnemonic, "AscendC::DataCopy"> {
  let pyName = "data_copy";
  let description = doc;
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<params, "conversion parameters">:$intri_params
  );
}

def Asc_DataCopyNd2NzOp : Asc_CubeCopyOp<"data_copy_nd2nz",
    Asc_Nd2NzParamsType, [{
    `DataCopy(dst, src, Nd2NzParams)`: GM to A1/B1/C1 (L1) or to
    VECIN/VECCALC, an ND matrix (`n_value` rows of `d_value` elements,
    `src_d_value` apart) rearranged into NZ fractals. Element types: i8,
    u8, i16, u16, i32, u32, f16, bf16, f32. With a constant `nd_num` above
    1, a constant `dst_nz_matrix_stride` must be a whole number of 32-byte
    blocks of the element type (the NZ matrices start on the blocks the
    destination is written in).

    ```mlir
    asc.data_copy_nd2nz %a1, %a, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
    ```
  }]> {
  let summary = "copy an ND matrix into L1 or UB as NZ";
}

def Asc_DataCopyPadNd2NzOp : Asc_CubeOp<"data_copy_pad_nd2nz",
    "AscendC::DataCopyPad"> {
  let pyName = "data_copy_pad";
  let summary = "copy an ND matrix from UB into L1 as NZ (not on A2/A3)";
  let description = [{
    `DataCopyPad(dst, src, dataCopyParams, nd2nzParams)`: the spec's UB
    (VECIN/VECOUT/VECCALC) to L1 (A1/B1/C1) copy with ND -> NZ, taking
    `data_copy_params` (a DataCopyParams or DataCopyExtParams) and
    `nd2nz_params` (`nd_num` must be 1). Ascend 910B/910C have no core with
    both memories (the UB is on the AIVs, L1 on the AIC; Ascend C emulates
    the copy through GM for Matmul TSCM operands only), so the verifier
    refuses every use and says what to write instead (docs/language.md).
    The same refusal applies to `asc.data_copy_nd2nz` from UB into L1.

    ```mlir
    asc.data_copy_pad_nd2nz %a1, %x, %p, %nd : !asc.local_tensor<a1, f16>, !asc.local_tensor<vecout, f16>, !asc.data_copy_params, !asc.nd2nz_params
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination (L1)">:$dst,
    Arg<Asc_AnyTensor, "source (UB)">:$src,
    Arg<Asc_AnyDataCopyParams, "blocks and strides">:$data_copy_params,
    Arg<Asc_Nd2NzParamsType, "ND -> NZ conversion">:$nd2nz_params
  );
}

def Asc_DataCopyNz2NdOp : Asc_CubeCopyOp<"data_copy_nz2nd",
    Asc_Nz2NdParamsFullType, [{
    `DataCopy(dst, src, Nz2NdParamsFull)`: VECOUT to GM, NZ fractals back
    to ND rows. Element types: i16, u16, i32, u32, f16, bf16, f32.

    ```mlir
    asc.data_copy_nz2nd %g, %y, %p : !asc.global_tensor<f16>, !asc.local_tensor<vecout, f16>, !asc.nz2nd_params_full
    ```
  }]> {
  let summary = "copy an NZ matrix from UB to GM as ND";
}

def Asc_DataCopyCO12Op : Asc_CubeCopyOp<"data_copy_co12",
    Asc_DataCopyCO12DstParamsType, [{
    `DataCopy(dst, src, DataCopyCO12DstParams)`: CO1 to GM or A1/B1 with
    quantisation (`quant_pre`), ReLU and NZ->ND (`nz2nd_en`). Element
    types (CO1 -> dst): f32 -> u8, i8, f16, bf16, f32 (not f32 into L1);
    i32 -> u8, i8, f16, i16, i32 (not i32 into L1).

    ```mlir
    asc.data_copy_co12 %g, %c, %p : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.data_copy_co12_dst_params
    ```
  }]> {
  let summary = "copy a CO1 result to GM or L1";
}

//===----------------------------------------------------------------------===//
// Cross-core synchronisation (hardware.md §3.6)
//===----------------------------------------------------------------------===//

class Asc_CrossCoreFlagOp<string mnemonic, string callee>
    : Asc_ApiOp<mnemonic, callee, [Asc_SyncEffects], /*hasTemplateArgs=*/1> {
  let arguments = (ins
    Arg<AnySignlessInteger, "flag id in [0, 15]">:$flag_id,
    I32Attr:$mode_id,
    Asc_PipeAttr:$pipe
  );
  let assemblyFormat = "$flag_id `,` $mode_id `,` $pipe attr-dict `:` "
                       "type($flag_id)";
  let hasVerifier = 1;
}

def Asc_CrossCoreSetFlagOp : Asc_CrossCoreFlagOp<"cross_core_set_flag",
    "AscendC::CrossCoreSetFlag"> {
  let summary = "count up a cross-core flag once a pipe is done";
  let description = [{
    `CrossCoreSetFlag<mode, pipe>(flag_id)`: after the earlier instructions
    of `pipe` (v, m, mte1, mte2, mte3 or fix) complete, increments counter
    `flag_id` (0-15) of the cores mode `mode_id` names: 0 all AICs or all
    AIVs of the launch, 1 the AIVs of one AI Core, 2 an AIC and its AIVs.
    Needs a MIX kernel type.

    ```mlir
    asc.cross_core_set_flag %id, 2, mte3 : i32
    ```
    ```c++
    AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(id);
    ```
  }];
}

def Asc_CrossCoreWaitFlagOp : Asc_CrossCoreFlagOp<"cross_core_wait_flag",
    "AscendC::CrossCoreWaitFlag"> {
  let summary = "wait for a cross-core flag and count it down";
  let description = [{
    `CrossCoreWaitFlag<mode, pipe>(flag_id)`: blocks the issue of later
    instructions until counter `flag_id` is non-zero, then decrements it.
    Ascend 910B/910C ignore `mode_id` and `pipe` here (all pipes wait).

    ```mlir
    asc.cross_core_wait_flag %id, 2, fix : i32
    ```
  }];
}

def Asc_SyncAllOp : Asc_ApiOp<"sync_all", "AscendC::SyncAll",
    [Asc_SyncEffects], /*hasTemplateArgs=*/1> {
  let summary = "a barrier of every core of the launch (hardware form)";
  let description = [{
    `SyncAll<is_aiv_only>()`: every AIV of the launch (`is_aiv_only`), or
    every core, waits until all have reached it; built on cross-core flags
    11-14 (hardware.md §3.6), so it needs a MIX kernel type: the kernel type
    inference treats `is_aiv_only` like a mode-0 cross-core flag
    (MIX_AIV_1_0 for a vector kernel) and `is_aiv_only = false` like mode 2
    (MIX_AIC_1_2).

    ```mlir
    asc.sync_all {is_aiv_only = true}
    ```
    ```c++
    AscendC::SyncAll<true>();
    ```
  }];
  let arguments = (ins DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Software inter-block synchronisation through a GM flag area
// (ascendc_api.md §6.5, hardware.md §3.6): IBSet/IBWait, the software
// SyncAll, NotifyNextBlock/WaitPreBlock. The vector core stages the flags
// through a UB workspace; every form waits for the core's earlier
// instructions first (the simulator's contract, docs/sync.md).
//===----------------------------------------------------------------------===//

defvar Asc_GmFlagEffects = [MemRead<Asc_GMResource>, MemWrite<Asc_GMResource>];
defvar Asc_UbFlagEffects = [MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>];

class Asc_IBSyncOp<string mnemonic, string callee>
    : Asc_ApiOp<mnemonic, callee, [Asc_SyncEffects, Asc_SameTensorElementType],
                /*hasTemplateArgs=*/1> {
  let arguments = (ins
    Arg<Asc_GlobalTensorType, "GM flag area (int32, zero before the launch)",
        Asc_GmFlagEffects>:$gm_workspace,
    Arg<Asc_UBTensorOf<[I32]>, "UB staging buffer (int32, at least 32 bytes)",
        Asc_UbFlagEffects>:$ub_workspace,
    Arg<AnySignlessInteger, "block whose event it is">:$block_idx,
    Arg<AnySignlessInteger, "event number">:$event_id,
    DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only
  );
  let assemblyFormat = "$gm_workspace `,` $ub_workspace `,` $block_idx `,` "
                       "$event_id attr-dict `:` qualified(type($gm_workspace)) "
                       "`,` qualified(type($ub_workspace)) `,` type($block_idx) "
                       "`,` type($event_id)";
  let hasVerifier = 1;
}

def Asc_IBSetOp : Asc_IBSyncOp<"ib_set", "AscendC::IBSet"> {
  let summary = "raise an inter-block flag in a GM flag area";
  let description = [{
    `IBSet<is_aiv_only>(gm_workspace, ub_workspace, block_idx, event_id)`:
    once the core's earlier instructions are done, sets the flag of
    (`block_idx`, `event_id`): the first int32 of the 32-byte slot
    `event_id * cores + block_idx` of `gm_workspace` (`cores` =
    get_block_num(), twice that in a MIX kernel). The `ib_wait` with the
    same `block_idx` and `event_id` waits for it. Vector cores only.

    ```mlir
    asc.ib_set %gm, %ub, %b, %e : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
    ```
    ```c++
    AscendC::IBSet<true>(gm, ub, b, e);
    ```
  }];
}

def Asc_IBWaitOp : Asc_IBSyncOp<"ib_wait", "AscendC::IBWait"> {
  let summary = "wait for an inter-block flag in a GM flag area";
  let description = [{
    `IBWait<is_aiv_only>(gm_workspace, ub_workspace, block_idx, event_id)`:
    waits until the flag of (`block_idx`, `event_id`) is set, clears it,
    and only then lets the core's later instructions start.

    ```mlir
    asc.ib_wait %gm, %ub, %b, %e : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
    ```
  }];
}

def Asc_SyncAllSoftOp : Asc_ApiOp<"sync_all_soft", "AscendC::SyncAll",
    [Asc_SyncEffects, Asc_SameTensorElementType], /*hasTemplateArgs=*/1> {
  let pyName = "sync_all";
  let summary = "a barrier of the vector cores through a GM flag area";
  let description = [{
    `SyncAll<is_aiv_only>(gm_workspace, ub_workspace, used_cores)` (the
    software form): each of the first `used_cores` blocks (0: all) writes
    the number of barriers it has reached into its 32-byte slot of
    `gm_workspace` and waits until every participant's slot has reached
    it. `gm_workspace` and `ub_workspace` hold at least
    get_block_num() * 32 bytes; `gm_workspace` is zero before the launch.

    ```mlir
    asc.sync_all_soft %gm, %ub, %n : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32
    ```
    ```c++
    AscendC::SyncAll<true>(gm, ub, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_GlobalTensorType, "GM flag area (int32, zero before the launch)",
        Asc_GmFlagEffects>:$gm_workspace,
    Arg<Asc_UBTensorOf<[I32]>, "UB staging buffer (int32)",
        Asc_UbFlagEffects>:$ub_workspace,
    Arg<AnySignlessInteger, "blocks taking part (0: all)">:$used_cores,
    DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only
  );
  let assemblyFormat = "$gm_workspace `,` $ub_workspace `,` $used_cores "
                       "attr-dict `:` qualified(type($gm_workspace)) `,` "
                       "qualified(type($ub_workspace)) `,` type($used_cores)";
  let hasVerifier = 1;
}

class Asc_BlockOrderOp<string mnemonic, string callee>
    : Asc_ApiOp<mnemonic, callee, [Asc_SyncEffects, Asc_SameTensorElementType]> {
  let arguments = (ins
    Arg<Asc_GlobalTensorType, "GM flag area (int32, zero before the launch)",
        Asc_GmFlagEffects>:$gm_workspace,
    Arg<Asc_UBTensorOf<[I32]>, "UB staging buffer (int32, at least 32 bytes)",
        Asc_UbFlagEffects>:$ub_workspace
  );
  let assemblyFormat = "$gm_workspace `,` $ub_workspace attr-dict `:` "
                       "qualified(type($gm_workspace)) `,` "
                       "qualified(type($ub_workspace))";
}

def Asc_NotifyNextBlockOp : Asc_BlockOrderOp<"notify_next_block",
    "AscendC::NotifyNextBlock"> {
  let summary = "let the next block past its wait_pre_block";
  let description = [{
    `NotifyNextBlock(gm_workspace, ub_workspace)`: once the core's earlier
    instructions are done, sets this block's flag (the first int32 of its
    32-byte slot, get_block_idx() * 32 bytes into `gm_workspace`), which
    the next block's `wait_pre_block` waits for: blocks run a region one
    after the other, in block order.

    ```mlir
    asc.notify_next_block %gm, %ub : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>
    ```
    ```c++
    AscendC::NotifyNextBlock(gm, ub);
    ```
  }];
}

def Asc_WaitPreBlockOp : Asc_BlockOrderOp<"wait_pre_block",
    "AscendC::WaitPreBlock"> {
  let summary = "wait until the previous block called notify_next_block";
  let description = [{
    `WaitPreBlock(gm_workspace, ub_workspace)`: block 0 goes on; block b
    waits until block b - 1's flag is set.

    ```mlir
    asc.wait_pre_block %gm, %ub : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>
    ```
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCCUBEOPS_TD
