//===- AscTypes.td - asc type definitions ------------------*- tablegen -*-===//
//
// Kernel pointers into global memory, the two Ascend C tensor classes, the
// framework objects (TPipe, TQue, TQueBind, TBuf, TBufPool,
// LocalMemAllocator) and user structs, plus the named type constraints ops
// use on them.
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
// TensorDescType, ListTensorDescType (list tensors)
//===----------------------------------------------------------------------===//

def Asc_TensorDescType : Asc_Type<"TensorDesc", "tensor_desc"> {
  let summary = "one tensor of a list-tensor descriptor (AscendC::TensorDesc<T>)";
  let description = [{
    Python `asc.TensorDesc(dtype)`: filled by `asc.list_tensor_desc_get_desc`
    with the dim, index, shape and data pointer of one tensor of a
    `ListTensorDesc`.

    ```mlir
    !asc.tensor_desc<f16>    // C++: AscendC::TensorDesc<half>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Asc_ListTensorDescType : Asc_Type<"ListTensorDesc", "list_tensor_desc"> {
  let summary = "a descriptor of a list of GM tensors (AscendC::ListTensorDesc)";
  let description = [{
    Python `asc.ListTensorDesc`: reads a descriptor in GM (its layout is in
    docs/language.md) that lists tensors with their shapes and addresses.

    ```mlir
    !asc.list_tensor_desc    // C++: AscendC::ListTensorDesc
    ```
  }];
}

//===----------------------------------------------------------------------===//
// TPipeType
//===----------------------------------------------------------------------===//

def Asc_TPipeType : Asc_Type<"TPipe", "tpipe"> {
  let summary = "the buffer and event manager of a core (AscendC::TPipe)";
  let description = [{
    A framework object: it cannot be copied, device functions take it by
    reference.

    ```mlir
    !asc.tpipe    // C++: AscendC::TPipe
    ```
  }];
}

//===----------------------------------------------------------------------===//
// TQueType
//===----------------------------------------------------------------------===//

def Asc_TQueType : Asc_Type<"TQue", "tque"> {
  let summary = "queue of buffers in one position (AscendC::TQue)";
  let description = [{
    `depth` is the number of tensors that may be enqueued without being
    dequeued (0 selects the in-place mode). Tensors taken from the queue
    have the queue's position.

    ```mlir
    !asc.tque<vecin, 2>    // C++: AscendC::TQue<AscendC::TPosition::VECIN, 2>
    ```
  }];
  let parameters = (ins
    EnumParameter<Asc_TPosition>:$position,
    "int64_t":$depth
  );
  let assemblyFormat = "`<` $position `,` $depth `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The position of the tensors this queue hands out.
    ::mlir::asc::TPosition getTensorPosition() const { return getPosition(); }
  }];
}

//===----------------------------------------------------------------------===//
// TQueBindType
//===----------------------------------------------------------------------===//

def Asc_TQueBindType : Asc_Type<"TQueBind", "tque_bind"> {
  let summary = "queue between two positions (AscendC::TQueBind)";
  let description = [{
    A queue whose producer works in position `src` and whose consumer works
    in position `dst`. Its buffers, and the tensors taken from it, are in
    `dst` when `src` is not on chip (gm) or the queue loads L1 into L0
    (a1 -> a2, b1 -> b2, c1 -> c2, as TQue<A2> binds), else in `src`.

    ```mlir
    !asc.tque_bind<vecin, vecout, 1>
    // C++: AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1>
    ```
  }];
  let parameters = (ins
    EnumParameter<Asc_TPosition>:$src,
    EnumParameter<Asc_TPosition>:$dst,
    "int64_t":$depth
  );
  let assemblyFormat = "`<` $src `,` $dst `,` $depth `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The position of the tensors this queue hands out.
    ::mlir::asc::TPosition getTensorPosition() const {
      using ::mlir::asc::TPosition;
      TPosition src = getSrc(), dst = getDst();
      bool toL0 = (src == TPosition::A1 || src == TPosition::B1 ||
                   src == TPosition::C1) &&
                  (dst == TPosition::A2 || dst == TPosition::B2 ||
                   dst == TPosition::C2);
      return ::mlir::asc::isOnChip(src) && !toL0 ? src : dst;
    }
  }];
}

//===----------------------------------------------------------------------===//
// TBufType
//===----------------------------------------------------------------------===//

def Asc_TBufType : Asc_Type<"TBuf", "tbuf"> {
  let summary = "single un-queued buffer (AscendC::TBuf)";
  let description = [{
    ```mlir
    !asc.tbuf<veccalc>    // C++: AscendC::TBuf<AscendC::TPosition::VECCALC>
    ```
  }];
  let parameters = (ins EnumParameter<Asc_TPosition>:$position);
  let assemblyFormat = "`<` $position `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// TBufPoolType
//===----------------------------------------------------------------------===//

def Asc_TBufPoolType : Asc_Type<"TBufPool", "tbuf_pool"> {
  let summary = "pool of memory queues and buffers are carved from";
  let description = [{
    `bufIdSize` (1 to 16) is the number of buffers the pool can hand out.
    The position must be in UB or L1.

    ```mlir
    !asc.tbuf_pool<vecin, 4>    // C++: AscendC::TBufPool<AscendC::TPosition::VECIN, 4>
    ```
  }];
  let parameters = (ins
    EnumParameter<Asc_TPosition>:$position,
    "int64_t":$bufIdSize
  );
  let assemblyFormat = "`<` $position `,` $bufIdSize `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// LocalMemAllocatorType
//===----------------------------------------------------------------------===//

def Asc_LocalMemAllocatorType
    : Asc_Type<"LocalMemAllocator", "local_mem_allocator"> {
  let summary = "bump allocator of static local tensors";
  let description = [{
    ```mlir
    !asc.local_mem_allocator<ub>
    // C++: AscendC::LocalMemAllocator<AscendC::Hardware::UB>
    ```
  }];
  let parameters = (ins EnumParameter<Asc_Hardware>:$hardware);
  let assemblyFormat = "`<` $hardware `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// MatmulType
//===----------------------------------------------------------------------===//

def Asc_MatmulType : Asc_Type<"Matmul", "matmul"> {
  let summary = "a Matmul object of the advanced API (AscendC::Matmul)";
  let description = [{
    `AscendC::Matmul<A, B, C, Bias, CFG>`: the four operands' MatmulTypes
    (position, CubeFormat, element type, transposed, LayoutMode) and the
    MatmulConfig, a dictionary of the Ascend C MatmulConfig fields that
    differ from `GetNormalConfig()` (key `static_tiling_l1`: the config is
    `GetMatmulApiTiling<A, B, C, Bias>(config, l1)`). A framework object:
    not copied, device functions take it by reference.

    ```mlir
    !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none,
                gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
    ```
    ```c++
    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>,
                    ..., PYASC_MM_CFG_0123abcd> mm;
    ```
  }];
  let parameters = (ins
    EnumParameter<Asc_TPosition>:$aPosition,
    EnumParameter<Asc_CubeFormat>:$aFormat,
    "::mlir::Type":$aType,
    "::mlir::BoolAttr":$aTrans,
    EnumParameter<Asc_LayoutMode>:$aLayout,
    EnumParameter<Asc_TPosition>:$bPosition,
    EnumParameter<Asc_CubeFormat>:$bFormat,
    "::mlir::Type":$bType,
    "::mlir::BoolAttr":$bTrans,
    EnumParameter<Asc_LayoutMode>:$bLayout,
    EnumParameter<Asc_TPosition>:$cPosition,
    EnumParameter<Asc_CubeFormat>:$cFormat,
    "::mlir::Type":$cType,
    "::mlir::BoolAttr":$cTrans,
    EnumParameter<Asc_LayoutMode>:$cLayout,
    EnumParameter<Asc_TPosition>:$biasPosition,
    EnumParameter<Asc_CubeFormat>:$biasFormat,
    "::mlir::Type":$biasType,
    "::mlir::BoolAttr":$biasTrans,
    EnumParameter<Asc_LayoutMode>:$biasLayout,
    "::mlir::DictionaryAttr":$config
  );
  let assemblyFormat = "`<` $aPosition `,` $aFormat `,` $aType `,` $aTrans `,` $aLayout `,` $bPosition `,` $bFormat `,` $bType `,` $bTrans `,` $bLayout `,` $cPosition `,` $cFormat `,` $cType `,` $cTrans `,` $cLayout `,` $biasPosition `,` $biasFormat `,` $biasType `,` $biasTrans `,` $biasLayout `,` $config `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// StructType
//===----------------------------------------------------------------------===//

def Asc_StructType : Asc_Type<"Struct", "struct"> {
  let summary = "user-defined plain-old-data struct (Python asc.Struct)";
  let description = [{
    A C++ struct with named fields of scalar element types or other structs,
    laid out with `#pragma pack(push, pack)` (default 8) as Python's ctypes
    lays out the host object. The emitter declares every struct once, before
    the functions. A kernel receives a struct through a GM pointer
    (`!asc.gm_addr<!asc.struct<...>>`) and copies it with `asc.struct_load`.

    ```mlir
    !asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>
    !asc.struct<"Packed", ["a" : i8, "b" : i32], pack = 1>
    ```
    ```c++
    #pragma pack(push, 8)
    struct Tiling {
      int32_t total;
      int32_t tile;
      float scale;
    };
    #pragma pack(pop)
    ```

    Names must be C++ identifiers; field names must be unique.
  }];
  let parameters = (ins
    StringRefParameter<"C++ name of the struct">:$name,
    ArrayRefParameter<"::mlir::StringAttr", "field names">:$fieldNames,
    ArrayRefParameter<"::mlir::Type", "field types">:$fieldTypes,
    DefaultValuedParameter<"unsigned", "8",
                           "maximum field alignment (#pragma pack)">:$pack
  );
  let assemblyFormat = [{
    `<` $name `,` `[` custom<StructFields>($fieldNames, $fieldTypes) `]`
    (`,` `pack` `=` $pack^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The index of the field called `field`, if there is one.
    std::optional<unsigned> getFieldIndex(::llvm::StringRef field) const;
  }];
}

//===----------------------------------------------------------------------===//
// Parameter struct types
//===----------------------------------------------------------------------===//

// A parameter struct of the Ascend C API (ascendc_api.md §4.1-4.2). The op
// of the same mnemonic builds one from its fields in constructor order; API
// calls take it by const reference.
class Asc_ParamStructType<string name, string typeMnemonic, string cxx,
                          string fields>
    : Asc_Type<name, typeMnemonic> {
  let summary = "parameter struct AscendC::" # cxx;
  let description = [{
    Constructor fields, in order: }] # fields # [{.

    ```mlir
    !asc.}] # typeMnemonic # [{    // C++: AscendC::}] # cxx # [{
    ```
  }];
  let extraClassDeclaration = [{
    /// The qualified C++ name of the struct.
    static ::llvm::StringRef getCppName() { return "AscendC::}] # cxx # [{"; }
  }];
}

def Asc_BinaryRepeatParamsType : Asc_ParamStructType<"BinaryRepeatParams",
    "binary_repeat_params", "BinaryRepeatParams",
    "dst/src0/src1 block strides, dst/src0/src1 repeat strides (uint8_t)">;
def Asc_UnaryRepeatParamsType : Asc_ParamStructType<"UnaryRepeatParams",
    "unary_repeat_params", "UnaryRepeatParams",
    "dst/src block strides (uint16_t), dst/src repeat strides (uint8_t)">;
def Asc_BrcbRepeatParamsType : Asc_ParamStructType<"BrcbRepeatParams",
    "brcb_repeat_params", "BrcbRepeatParams",
    "dst block stride, dst repeat stride (uint16_t)">;
def Asc_GatherRepeatParamsType : Asc_ParamStructType<"GatherRepeatParams",
    "gather_repeat_params", "GatherRepeatParams",
    "dst block stride, dst repeat stride (uint8_t)">;
def Asc_CopyRepeatParamsType : Asc_ParamStructType<"CopyRepeatParams",
    "copy_repeat_params", "CopyRepeatParams",
    "dst/src block strides, dst/src repeat sizes (uint16_t)">;
def Asc_DataCopyParamsType : Asc_ParamStructType<"DataCopyParams",
    "data_copy_params", "DataCopyParams",
    "block count, block length, src stride, dst stride (uint16_t)">;
def Asc_DataCopyExtParamsType : Asc_ParamStructType<"DataCopyExtParams",
    "data_copy_ext_params", "DataCopyExtParams",
    "block count (uint16_t), block length in bytes, src stride, dst stride, "
    "reserved (uint32_t)">;
def Asc_DataCopyPadParamsType : Asc_ParamStructType<"DataCopyPadParams",
    "data_copy_pad_params", "DataCopyPadParams",
    "is_pad (bool), left and right padding (uint8_t), padding value "
    "(uint64_t)">;
def Asc_VdeqInfoType : Asc_ParamStructType<"VdeqInfo", "vdeq_info",
    "VdeqInfo", "16 scales (float), 16 offsets (int16_t), 16 sign modes "
    "(bool), each an array (built by asc.vdeq_info)">;
def Asc_GatherMaskParamsType : Asc_ParamStructType<"GatherMaskParams",
    "gather_mask_params", "GatherMaskParams",
    "src0 block stride (uint8_t), repeat count, src0 repeat stride "
    "(uint16_t), src1 repeat stride (uint8_t)">;
def Asc_TransDataTo5HDParamsType : Asc_ParamStructType<"TransDataTo5HDParams",
    "trans_data_to_5hd_params", "TransDataTo5HDParams",
    "dst and src high half (bool), repeat count (uint8_t), dst and src "
    "repeat strides (uint16_t)">;
def Asc_TransposeParamsExtType : Asc_ParamStructType<"TransposeParamsExt",
    "transpose_params_ext", "TransposeParamsExt",
    "n, c, h, w sizes (uint16_t), transpose type (AscendC::TransposeType)">;
def Asc_DataCopyEnhancedParamsType
    : Asc_ParamStructType<"DataCopyEnhancedParams",
    "data_copy_enhanced_params", "DataCopyEnhancedParams",
    "block mode (AscendC::BlockMode), deq scale (AscendC::DeqScale), deq "
    "value (uint64_t), sid store mode (uint8_t), is_relu (bool), pad mode "
    "(pad_t), pad value (uint64_t)">;
def Asc_SliceInfoType : Asc_ParamStructType<"SliceInfo", "slice_info",
    "SliceInfo", "start index, end index, stride, burst length, shape value "
    "(uint32_t)">;

def Asc_DataCopyPadExtParamsType
    : Asc_Type<"DataCopyPadExtParams", "data_copy_pad_ext_params"> {
  let summary = "parameter struct AscendC::DataCopyPadExtParams<T>";
  let description = [{
    Padding of DataCopyPad into a tensor of element type `T`. Constructor
    fields, in order: is_pad (bool), left and right padding (uint8_t),
    padding value (T).

    ```mlir
    !asc.data_copy_pad_ext_params<f32>    // C++: AscendC::DataCopyPadExtParams<float>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Asc_AippParamsType : Asc_Type<"AippParams", "aipp_params"> {
  let summary = "parameter struct AscendC::AippParams<U>";
  let description = [{
    The AIPP configuration (an aggregate of six sub-structs) whose padding
    values have type `U` (ui8, i8 or f16).

    ```mlir
    !asc.aipp_params<f16>    // C++: AscendC::AippParams<half>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def Asc_CheckLocalMemoryIAParamType
    : Asc_ParamStructType<"CheckLocalMemoryIAParam",
    "check_local_memory_ia_param", "CheckLocalMemoryIAParam",
    "enable bit (uint8_t), start and end UB address (uint32_t), scalar/vector/"
    "MTE read/write and enable flags (bool)">;
def Asc_LoadImageToLocalParamsType
    : Asc_ParamStructType<"LoadImageToLocalParams",
    "load_image_to_local_params", "LoadImageToLocalParams",
    "horizontal and vertical size, horizontal and vertical start position, "
    "source row pitch (uint16_t, pixels), top and bottom padding (uint8_t), "
    "left and right padding (uint16_t)">;

//===----------------------------------------------------------------------===//
// Cube parameter structs (ascendc_api.md §4.2-§4.3)
//===----------------------------------------------------------------------===//

def Asc_LoadData2DParamsType : Asc_ParamStructType<"LoadData2DParams",
    "load_data_2d_params", "LoadData2DParams",
    "start index (uint16_t), repeat count (uint8_t), src stride (uint16_t), "
    "sid (uint8_t), dst gap (uint16_t), transpose (bool), address mode "
    "(uint8_t)">;
def Asc_LoadData2DParamsV2Type : Asc_ParamStructType<"LoadData2DParamsV2",
    "load_data_2d_params_v2", "LoadData2DParamsV2",
    "m and k start positions (uint32_t), m and k steps (uint16_t), src "
    "stride (int32_t), dst stride (uint16_t), transpose (bool), sid "
    "(uint8_t)">;
def Asc_LoadData2dTransposeParamsType
    : Asc_ParamStructType<"LoadData2dTransposeParams",
    "load_data_2d_transpose_params", "LoadData2dTransposeParams",
    "start index (uint16_t), repeat count (uint8_t), src stride, dst gap, "
    "dst fractal gap (uint16_t), address mode (uint8_t)">;
def Asc_LoadData2dTransposeParamsV2Type
    : Asc_ParamStructType<"LoadData2dTransposeParamsV2",
    "load_data_2d_transpose_params_v2", "LoadData2dTransposeParamsV2",
    "start index (uint16_t), repeat count (uint8_t), src stride, dst gap, "
    "dst and src fractal gaps (uint16_t), address mode (uint8_t)">;
def Asc_LoadData3DParamsV2ProType
    : Asc_ParamStructType<"LoadData3DParamsV2Pro",
    "load_data_3d_params_v2_pro", "LoadData3DParamsV2Pro",
    "channel size (uint16_t), five mode flags (bool), ext and filter "
    "configuration words (uint64_t)">;
def Asc_LoadDataRepeatParamType : Asc_ParamStructType<"LoadDataRepeatParam",
    "load_data_repeat_param", "LoadDataRepeatParam",
    "repeat stride (uint16_t), repeat count, repeat mode (uint8_t)">;
def Asc_MmadParamsType : Asc_ParamStructType<"MmadParams", "mmad_params",
    "MmadParams",
    "m, n, k (uint16_t), is_bias (bool), fm offset (int32_t), sparse and "
    "winograd flags (bool), unit flag (uint8_t), C matrix source and "
    "initial value (bool); no constructor takes all of them">;
def Asc_FixpipeParamsV220Type : Asc_ParamStructType<"FixpipeParamsV220",
    "fixpipe_params_v220", "FixpipeParamsV220",
    "n and m size, src stride (uint16_t), dst stride (uint32_t), relu "
    "(bool), quant mode (QuantMode_t), deq scalar (uint64_t), nd count, src "
    "and dst nd strides (uint16_t), unit flag (uint8_t), channel split "
    "(bool)">;
def Asc_DataCopyCO12DstParamsType
    : Asc_ParamStructType<"DataCopyCO12DstParams",
    "data_copy_co12_dst_params", "DataCopyCO12DstParams",
    "n and m size (uint16_t), dst stride (uint32_t), src stride (uint16_t), "
    "quant mode (QuantMode_t), relu (uint8_t), channel split and nz2nd "
    "(bool)">;
def Asc_Nd2NzParamsType : Asc_ParamStructType<"Nd2NzParams", "nd2nz_params",
    "Nd2NzParams",
    "nd count, n, d, src nd matrix stride, src d value, dst nz c0, n and "
    "matrix strides (uint16_t)">;
def Asc_Nz2NdParamsFullType : Asc_ParamStructType<"Nz2NdParamsFull",
    "nz2nd_params_full", "Nz2NdParamsFull",
    "nd count, n, d, src nd matrix stride, src n stride, dst d stride, dst "
    "nd matrix stride (uint16_t)">;

// A parameter struct template over the element type T of its tensors.
class Asc_TemplatedParamStructType<string name, string typeMnemonic,
                                   string cxx, string fields>
    : Asc_Type<name, typeMnemonic> {
  let summary = "parameter struct AscendC::" # cxx # "<T>";
  let description = [{
    Constructor fields, in order: }] # fields # [{.

    ```mlir
    !asc.}] # typeMnemonic # [{<f16>    // C++: AscendC::}] # cxx # [{<half>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let extraClassDeclaration = [{
    /// The qualified C++ name of the struct template.
    static ::llvm::StringRef getCppName() { return "AscendC::}] # cxx # [{"; }
  }];
}

def Asc_LoadData3DParamsV1Type
    : Asc_TemplatedParamStructType<"LoadData3DParamsV1",
    "load_data_3d_params_v1", "LoadData3DParamsV1",
    "pad list (uint8_t[4]), L1 height and width, c1 index (uint16_t), fetch "
    "filter w/h (uint8_t), left-top w/h (int16_t), strides, filters, "
    "dilations, jump stride, repeat mode and count, c size (uint8_t), pad "
    "value (T)">;
def Asc_LoadData3DParamsV2Type
    : Asc_TemplatedParamStructType<"LoadData3DParamsV2",
    "load_data_3d_params_v2", "LoadData3DParamsV2",
    "pad list (uint8_t[4]), L1 height and width, channel size, k and m "
    "extensions and start points (uint16_t), strides, filters, dilations "
    "(uint8_t), transpose and small-k (bool), pad value (T), filter size w/h "
    "and fmatrix control (bool)">;
def Asc_InitConstValueParamsType
    : Asc_TemplatedParamStructType<"InitConstValueParams",
    "init_const_value_params", "InitConstValueParams",
    "repeat count, block count, dst gap (uint16_t), value (T)">;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Asc_AnyQueue : AnyTypeOf<[Asc_TQueType, Asc_TQueBindType],
                             "queue (tque or tque_bind)">;

// The scalar types tensors hold: what GetValue returns and SetValue takes.
def Asc_ElementType : Type<
  CPred<"::mlir::asc::isSupportedElementType($_self)">,
  "Ascend C element type (f16, bf16, f32, f64, i1, i8-i64, ui8-ui64)">;

def Asc_AnyTensor : AnyTypeOf<[Asc_GlobalTensorType, Asc_LocalTensorType],
                              "global or local tensor">;

// A local tensor in a UB position whose element type is one of `allowed`.
// The ODS predicate only requires a local tensor: the position and element
// types are the op's operand rules (`memory`, `elementTypes`), checked by
// the Asc_OperandRules trait with pyasc-worded messages (the generated
// ODS message would speak of operand numbers and MLIR types).
class Asc_UBTensorOf<list<Type> allowed> : Type<
  Asc_LocalTensorType.predicate,
  "local tensor in a UB position (vecin, vecout or veccalc) of "
      # AnyTypeOf<allowed>.summary,
  "::mlir::asc::LocalTensorType"> {
  string memory = "UB";
  list<Type> elementTypes = allowed;
}

// A type attribute naming one of the element types `allowed`; checked by
// the Asc_OperandRules trait like the tensors of Asc_UBTensorOf.
class Asc_ElementTypeAttrOf<list<Type> allowed>
    : TypeAttrOf<Asc_ElementType> {
  list<Type> elementTypes = allowed;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCTYPES_TD
