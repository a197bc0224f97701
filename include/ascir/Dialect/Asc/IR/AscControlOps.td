//===- AscControlOps.td - system control, cache, scalar ops -*- tablegen -*-===//
//
// Scalar bit helpers and ScalarCast, the store-atomic configuration, Mmad
// control bits, core type, workspace and HCCL context pointers, cache
// maintenance, system variables, Trap and CheckLocalMemoryIA
// (ascendc_api.md §2.9, §5.13-§5.16; pyasc §1.5.12-§1.5.14).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCCONTROLOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCCONTROLOPS_TD

// The core's control state (atomic configuration, control bits, pointers,
// caches): read and written, so calls are neither dropped nor reordered
// relative to vector instructions and copies.
defvar Asc_ControlEffects = Asc_VectorStateEffects;
// Time-dependent or core-stopping calls: ordered like flags.
defvar Asc_TimeEffects = Asc_SyncEffects;

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

def Asc_ScalarCastOp : Asc_ApiOp<"scalar_cast", "AscendC::ScalarCast", [Pure],
                                 /*hasTemplateArgs=*/1> {
  let summary = "convert a float scalar to half or int32 in a round mode";
  let description = [{
    `ScalarCast<float, U, roundMode>`: `U` is the result type (f16 or i32).
    float to f16 supports every round mode; float to i32 rint, floor, ceil,
    round and trunc.

    ```mlir
    %h = asc.scalar_cast %x, cast_rint : f32 -> f16
    ```
    ```c++
    half h = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_RINT>(x);
    ```
  }];
  let arguments = (ins F32:$value, Asc_RoundModeAttr:$round_mode);
  // f16 or i32: the verifier says so in pyasc's words.
  let results = (outs Asc_ElementType:$result);
  let assemblyFormat =
      "$value `,` $round_mode attr-dict `:` type($value) `->` type($result)";
  let castsResult = 0;
  let hasVerifier = 1;
}

// The bit helpers: a 64-bit operand, an i64 count (-1 for "none").
class Asc_ScalarBitOp<string mnemonic, string cxx, string summaryText,
                      string doc, bit hasCountValue>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx, [Pure], hasCountValue> {
  let summary = summaryText;
  let description = doc;
  let arguments = !if(hasCountValue,
      (ins AnySignlessInteger:$value, I32Attr:$count_value),
      (ins AnySignlessInteger:$value));
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = !if(hasCountValue, "$value `,` $count_value ", "$value ")
      # "attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = hasCountValue;
  let extraClassDefinition = !if(hasCountValue, [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getCountValueAttr());
    }
  }], "");
}

def Asc_ScalarGetSFFValueOp : Asc_ScalarBitOp<"scalar_get_sff_value",
    "ScalarGetSFFValue", "position of the first 0 or 1 bit from the LSB", [{
    The bit position of the lowest bit equal to `count_value` (0 or 1), or
    -1 if there is none.

    ```mlir
    %p = asc.scalar_get_sff_value %v, 1 : i64 -> i64
    ```
    ```c++
    static_cast<int64_t>(AscendC::ScalarGetSFFValue<1>(v))
    ```
  }], 1>;

def Asc_ScalarGetCountOfValueOp : Asc_ScalarBitOp<"scalar_get_count_of_value",
    "ScalarGetCountOfValue", "number of 0 or 1 bits", [{
    ```mlir
    %n = asc.scalar_get_count_of_value %v, 0 : i64 -> i64
    ```
    ```c++
    static_cast<int64_t>(AscendC::ScalarGetCountOfValue<0>(v))
    ```
  }], 1>;

def Asc_ScalarCountLeadingZeroOp : Asc_ScalarBitOp<
    "scalar_count_leading_zero", "ScalarCountLeadingZero",
    "leading zero bits of a 64-bit value", [{
    64 for 0.

    ```mlir
    %n = asc.scalar_count_leading_zero %v : i64 -> i64
    ```
    ```c++
    static_cast<int64_t>(AscendC::ScalarCountLeadingZero(v))
    ```
  }], 0>;

def Asc_CountBitsCntSameAsSignBitOp : Asc_ScalarBitOp<
    "count_bits_cnt_same_as_sign_bit", "CountBitsCntSameAsSignBit",
    "consecutive bits below the sign bit equal to it", [{
    63 for 0 and -1.

    ```mlir
    %n = asc.count_bits_cnt_same_as_sign_bit %v : i64 -> i64
    ```
    ```c++
    static_cast<int64_t>(AscendC::CountBitsCntSameAsSignBit(v))
    ```
  }], 0>;

//===----------------------------------------------------------------------===//
// Store-atomic configuration
//===----------------------------------------------------------------------===//

def Asc_SetStoreAtomicConfigOp : Asc_ApiOp<"set_store_atomic_config",
    "AscendC::SetStoreAtomicConfig", [Asc_ControlEffects],
    /*hasTemplateArgs=*/1> {
  let summary = "set the atomic type and operation of copies into GM";
  let description = [{
    The configuration `asc.set_atomic_add` and `asc.set_atomic_none` also
    set: `atomic_none` turns atomics off, any other type makes later copies
    into GM accumulate (`atomic_sum`) in that type.

    ```mlir
    asc.set_store_atomic_config atomic_f32, atomic_sum
    ```
    ```c++
    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, AscendC::AtomicOp::ATOMIC_SUM>();
    ```
  }];
  let arguments = (ins Asc_AtomicDtypeAttr:$atomic_type,
                       Asc_AtomicOpAttr:$atomic_op);
  let assemblyFormat = "$atomic_type `,` $atomic_op attr-dict";
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getAtomicTypeAttr());
      args.push_back(getAtomicOpAttr());
    }
  }];
}

def Asc_GetStoreAtomicConfigOp : Asc_Op<"get_store_atomic_config",
    [MemoryEffects<[MemRead<Asc_VectorStateResource>]>]> {
  let summary = "read the atomic type and operation of copies into GM";
  let description = [{
    The AtomicDtype and AtomicOp values (C++ `uint16_t` out-parameters).

    ```mlir
    %type, %op = asc.get_store_atomic_config : i32, i32
    ```
    ```c++
    uint16_t t;
    uint16_t o;
    AscendC::GetStoreAtomicConfig(t, o);
    int32_t type = t;
    int32_t op = o;
    ```
  }];
  let results = (outs AnySignlessInteger:$atomic_type,
                      AnySignlessInteger:$atomic_op);
  let assemblyFormat = "attr-dict `:` type($atomic_type) `,` type($atomic_op)";
}

//===----------------------------------------------------------------------===//
// Mmad control bits
//===----------------------------------------------------------------------===//

class Asc_ControlBitOp<string mnemonic, string cxx, string summaryText>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx, [Asc_ControlEffects]> {
  let summary = summaryText;
  let description = "```mlir\nasc." # mnemonic # " %on : i1\n```\n```c++\n"
      "AscendC::" # cxx # "(on);\n```";
  let arguments = (ins I1:$enable);
  let assemblyFormat = "$enable attr-dict `:` type($enable)";
}

def Asc_SetHF32ModeOp : Asc_ControlBitOp<"set_hf32_mode", "SetHF32Mode",
    "let Mmad convert float inputs to HF32">;
def Asc_SetHF32TransModeOp : Asc_ControlBitOp<"set_hf32_trans_mode",
    "SetHF32TransMode", "round float to HF32 away from zero (else to even)">;
def Asc_SetMMLayoutTransformOp : Asc_ControlBitOp<"set_mm_layout_transform",
    "SetMMLayoutTransform", "Mmad M/N iteration order">;

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

// Not Pure: a step of 0 stops the core in the simulator, so the op is only
// hoisted out of a branch or loop when its step is a non-zero constant.
def Asc_RangeCountOp : Asc_Op<"range_count", [NoMemoryEffect,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    AllTypesMatch<["start", "stop", "step", "result"]>]> {
  let summary = "the number of iterations of Python's range(start, stop, step)";
  let description = [{
    `len(range(start, stop, step))` of signed integers. scf.for only counts
    up, so a runtime loop whose step is negative or known only at run time
    iterates `j` from 0 to this count and computes its variable as
    `start + j * step`. A step of 0 is an `argument` error in the simulator
    at the op's line (Python's "range() arg 3 must not be zero"); on the NPU
    the count is 0. A constant step of 0 is an emitter error.

    ```mlir
    %n = asc.range_count %start, %stop, %step : i32
    ```
    ```c++
    int32_t n = pyasc::range_count<int32_t>(start, stop, step);
    ```
  }];
  let arguments = (ins AnySignlessInteger:$start, AnySignlessInteger:$stop,
                       AnySignlessInteger:$step);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$start `,` $stop `,` $step attr-dict `:` type($result)";
}

def Asc_RangeAtOp : Asc_Op<"range_at", [Pure,
    AllTypesMatch<["start", "index", "step", "result"]>]> {
  let summary = "the element `index` of Python's range(start, ..., step)";
  let description = [{
    `start + index * step` of signed integers, computed modulo 2^width: the
    loop variable of a loop that counts its iterations (asc.range_count).
    The value is in range, but `index * step` may not be
    (`range(-2**31, 2**31 - 1, 2**30)`), and signed overflow is undefined in
    C++: the helper computes in uint64_t and converts back.

    ```mlir
    %i = asc.range_at %start, %j, %step : i32
    ```
    ```c++
    int32_t i = pyasc::range_at<int32_t>(start, j, step);
    ```
  }];
  let arguments = (ins AnySignlessInteger:$start, AnySignlessInteger:$index,
                       AnySignlessInteger:$step);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$start `,` $index `,` $step attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Core type
//===----------------------------------------------------------------------===//

class Asc_CoreTypeOp<string mnemonic, string core>
    : Asc_Op<mnemonic, [Pure]> {
  let summary = "whether this code runs on the " # core # " core";
  let description = "```mlir\n%b = asc." # mnemonic # " : i8\n```\n```c++\n"
      "static_cast<int8_t>(g_coreType == AscendC::" # core # ")\n```";
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Asc_AscendIsAicOp : Asc_CoreTypeOp<"ascend_is_aic", "AIC">;
def Asc_AscendIsAivOp : Asc_CoreTypeOp<"ascend_is_aiv", "AIV">;

//===----------------------------------------------------------------------===//
// Workspace and HCCL context
//===----------------------------------------------------------------------===//

// GM_ADDR: `__gm__ uint8_t*`. Results have this type; operands are any
// !asc.gm_addr, which the verifier checks with pyasc's words.
def Asc_GMAddrU8 : Type<
    CPred<"::llvm::isa<::mlir::asc::GMAddrType>($_self) && "
          "::llvm::cast<::mlir::asc::GMAddrType>($_self).getElementType()"
          ".isInteger(8)">,
    "GM_ADDR (!asc.gm_addr<ui8> or <i8>)">;

def Asc_GetSysWorkspaceOp : Asc_ApiOp<"get_sys_workspace", "GetSysWorkSpacePtr",
    [MemoryEffects<[MemRead<Asc_VectorStateResource>]>]> {
  let summary = "the system workspace pointer";
  let description = [{
    ```mlir
    %w = asc.get_sys_workspace : !asc.gm_addr<ui8>
    ```
    ```c++
    __gm__ uint8_t* w = GetSysWorkSpacePtr();
    ```
  }];
  let results = (outs Asc_GMAddrU8:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Asc_SetSysWorkspaceOp : Asc_ApiOp<"set_sys_workspace",
    "AscendC::SetSysWorkspace", [Asc_ControlEffects]> {
  let summary = "set the system workspace pointer";
  let description = [{
    ```mlir
    asc.set_sys_workspace %w : !asc.gm_addr<ui8>
    ```
    ```c++
    AscendC::SetSysWorkspace(w);
    ```
  }];
  let arguments = (ins Asc_GMAddrType:$workspace);
  let assemblyFormat = "$workspace attr-dict `:` qualified(type($workspace))";
  let hasVerifier = 1;
}

def Asc_GetHcclContextOp : Asc_ApiOp<"get_hccl_context",
    "AscendC::GetHcclContext", [MemoryEffects<[MemRead<Asc_VectorStateResource>]>],
    /*hasTemplateArgs=*/1> {
  let summary = "the HCCL context pointer of communication domain `index`";
  let description = [{
    `index` is 0 or 1.

    ```mlir
    %c = asc.get_hccl_context 0 : !asc.gm_addr<ui8>
    ```
    ```c++
    __gm__ uint8_t* c = AscendC::GetHcclContext<0>();
    ```
  }];
  let arguments = (ins I32Attr:$index);
  let results = (outs Asc_GMAddrU8:$result);
  let assemblyFormat = "$index attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getIndexAttr());
    }
  }];
}

def Asc_SetHcclContextOp : Asc_ApiOp<"set_hccl_context",
    "AscendC::SetHcclContext", [Asc_ControlEffects], /*hasTemplateArgs=*/1> {
  let summary = "set the HCCL context pointer of communication domain `index`";
  let description = [{
    ```mlir
    asc.set_hccl_context 1, %c : !asc.gm_addr<ui8>
    ```
    ```c++
    AscendC::SetHcclContext<1>(c);
    ```
  }];
  let arguments = (ins I32Attr:$index, Asc_GMAddrType:$context);
  let assemblyFormat =
      "$index `,` $context attr-dict `:` qualified(type($context))";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(getIndexAttr());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Caches
//===----------------------------------------------------------------------===//

def Asc_DataCacheCleanAndInvalidOp : Asc_ApiOp<"data_cache_clean_and_invalid",
    "AscendC::DataCacheCleanAndInvalid",
    [MemoryEffects<[MemRead<Asc_VectorStateResource>,
                    MemWrite<Asc_VectorStateResource>,
                    MemRead<Asc_GMResource>, MemWrite<Asc_GMResource>]>],
    /*hasTemplateArgs=*/1> {
  let summary = "write back and invalidate data cache lines";
  let description = [{
    `single_cache_line`: the 64-B line holding the tensor's address;
    `entire_data_cache`: all of it. `dcci_dst` is optional;
    `cacheline_atomic` is not supported on A2/A3.

    ```mlir
    asc.data_cache_clean_and_invalid single_cache_line, %g {dcci_dst = #asc<dcci_dst cacheline_out>} : !asc.global_tensor<f32>
    ```
    ```c++
    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(g);
    ```
  }];
  let arguments = (ins Asc_CacheLineAttr:$entire_type,
                       Asc_GlobalTensorType:$dst,
                       OptionalAttr<Asc_DcciDstAttr>:$dcci_dst);
  let assemblyFormat =
      "$entire_type `,` $dst attr-dict `:` qualified(type($dst))";
  let hasVerifier = 1;
}

def Asc_DataCachePreloadOp : Asc_ApiOp<"data_cache_preload",
    "AscendC::DataCachePreload", [Asc_ControlEffects], /*hasTemplateArgs=*/1> {
  let summary = "preload GM data into the data cache";
  let description = [{
    `cache_offset` is a byte offset (i16 or i64, the C++ template type).

    ```mlir
    asc.data_cache_preload %g, %off : !asc.global_tensor<ui64>, i64
    ```
    ```c++
    AscendC::DataCachePreload<int64_t>(g, off);
    ```
  }];
  let arguments = (ins Asc_GlobalTensorType:$src,
                       AnyTypeOf<[I16, I64]>:$cache_offset);
  let assemblyFormat = "$src `,` $cache_offset attr-dict `:` "
                       "qualified(type($src)) `,` type($cache_offset)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      args.push_back(::mlir::TypeAttr::get(getCacheOffset().getType()));
    }
  }];
}

def Asc_ICachePreloadOp : Asc_ApiOp<"icache_preload", "AscendC::ICachePreLoad",
                                    [Asc_ControlEffects]> {
  let summary = "preload instructions into the ICache (2-KiB units)";
  let description = [{
    ```mlir
    asc.icache_preload %n : i64
    ```
    ```c++
    AscendC::ICachePreLoad(n);
    ```
  }];
  let arguments = (ins AnySignlessInteger:$pre_fetch_len);
  let assemblyFormat = "$pre_fetch_len attr-dict `:` type($pre_fetch_len)";
  let hasVerifier = 1;
}

def Asc_GetICachePreloadStatusOp : Asc_ApiOp<"get_icache_preload_status",
    "AscendC::GetICachePreloadStatus", [Asc_TimeEffects]> {
  let summary = "whether an ICache preload is still in progress";
  let description = [{
    ```mlir
    %s = asc.get_icache_preload_status : i64
    ```
    ```c++
    int64_t s = static_cast<int64_t>(AscendC::GetICachePreloadStatus());
    ```
  }];
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// System variables
//===----------------------------------------------------------------------===//

def Asc_GetSubBlockIdxOp
    : Asc_SystemQueryOp<"get_sub_block_idx", "AscendC::GetSubBlockIdx"> {
  let summary = "index of this vector core within its AI Core";
  let description = "```mlir\n%0 = asc.get_sub_block_idx : i32\n```";
}
def Asc_GetSubBlockNumOp
    : Asc_SystemQueryOp<"get_sub_block_num", "AscendC::GetSubBlockNum"> {
  let summary = "number of vector cores per AI Core task";
  let description = "```mlir\n%0 = asc.get_sub_block_num : i32\n```";
}
def Asc_GetTaskRatioOp
    : Asc_SystemQueryOp<"get_task_ratio", "AscendC::GetTaskRatio"> {
  let summary = "vector cores per cube core of the launch";
  let description = "```mlir\n%0 = asc.get_task_ratio : i32\n```";
}
def Asc_GetDataBlockSizeInBytesOp
    : Asc_SystemQueryOp<"get_data_block_size_in_bytes",
                        "AscendC::GetDataBlockSizeInBytes"> {
  let summary = "size of a data block (32 bytes)";
  let description = "```mlir\n%0 = asc.get_data_block_size_in_bytes : i32\n```";
}

class Asc_TimeQueryOp<string mnemonic, string callee, string summaryText>
    : Asc_ApiOp<mnemonic, callee, [Asc_TimeEffects]> {
  let summary = summaryText;
  let description = "```mlir\n%0 = asc." # mnemonic # " : i64\n```";
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Asc_GetProgramCounterOp : Asc_TimeQueryOp<"get_program_counter",
    "AscendC::GetProgramCounter", "the program counter">;
def Asc_GetSystemCycleOp : Asc_TimeQueryOp<"get_system_cycle",
    "AscendC::GetSystemCycle", "the 50-MHz system counter">;

def Asc_GetArchVersionOp : Asc_Op<"get_arch_version", [Asc_TimeEffects]> {
  let summary = "the core's architecture version";
  let description = [{
    `GetArchVersion(uint32_t&)` overwrites its argument; the result is the
    value it wrote.

    ```mlir
    %v = asc.get_arch_version %init : i32 -> i32
    ```
    ```c++
    uint32_t t = init;
    AscendC::GetArchVersion(t);
    int32_t v = t;
    ```
  }];
  let arguments = (ins AnySignlessInteger:$core_version);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat =
      "$core_version attr-dict `:` type($core_version) `->` type($result)";
}

def Asc_TrapOp : Asc_ApiOp<"trap", "AscendC::Trap", [Asc_TimeEffects]> {
  let summary = "stop the AI Core";
  let description = "```mlir\nasc.trap\n```\n```c++\nAscendC::Trap();\n```";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// CheckLocalMemoryIA
//===----------------------------------------------------------------------===//

def Asc_CheckLocalMemoryIAParamOp : Asc_ParamStructOp<
    "check_local_memory_ia_param", Asc_CheckLocalMemoryIAParamType,
    "CheckLocalMemoryIAParam",
    ["enable_bit", "start_addr", "end_addr", "is_scalar_read",
     "is_scalar_write", "is_vector_read", "is_vector_write", "is_mte_read",
     "is_mte_write", "is_enable"],
    [8, 32, 32, 1, 1, 1, 1, 1, 1, 1],
    "%p = asc.check_local_memory_ia_param %c0, %c0, %c256, %f, %f, %t, %t, "
    "%f, %f, %t : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1"> {
  let defaults = ["0", "0", "0", "false", "false", "false", "false", "false",
                  "false", "false"];
  let cxxMembers = ["...", "uint32_t reserved = 0"];
  let check = "::mlir::asc::detail::verifyCheckLocalMemoryIAParam(*this)";
}

def Asc_CheckLocalMemoryIAOp : Asc_ApiOp<"check_local_memory_ia",
    "AscendC::CheckLocalMemoryIA", [Asc_ControlEffects]> {
  let summary = "watch a UB address range for accesses of chosen kinds";
  let description = [{
    ```mlir
    asc.check_local_memory_ia %p
    ```
    ```c++
    AscendC::CheckLocalMemoryIA(p);
    ```
  }];
  let arguments = (ins Asc_CheckLocalMemoryIAParamType:$check_params);
  let assemblyFormat = "$check_params attr-dict";
}

//===----------------------------------------------------------------------===//
// AIPP
//===----------------------------------------------------------------------===//

def Asc_AippParamsOp : Asc_Op<"aipp_params", [Pure,
    DeclareOpInterfaceMethods<Asc_ParamStructOpInterface>]> {
  let pyName = "AippParams";
  let summary = "build an AscendC::AippParams<U>";
  let description = [{
    The 37 fields of the six sub-structs in C++ declaration order: padding
    (mode, 4 values of type U), swap (RB, UV, AX), single line, data type
    conversion (3 uint8 means, 3 half minimums, 3 half variances, round
    mode), channel padding (mode, value of type U), color space conversion
    (enable, 9 int16 matrix entries, 3 + 3 uint8 biases). Emitted as a
    brace-initialised aggregate.

    ```mlir
    %cfg = asc.aipp_params %pm, %pv, ... : i32, f16, ... -> !asc.aipp_params<f16>
    ```
    ```c++
    AscendC::AippParams<half> cfg{{pm, pv0, pv1, pv2, pv3}, {...}, ...};
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$fields);
  let results = (outs Asc_AippParamsType:$result);
  let assemblyFormat =
      "$fields attr-dict `:` type($fields) `->` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of fields of each sub-struct, in order.
    static ::llvm::ArrayRef<unsigned> getGroupSizes();
  }];
}

def Asc_SetAippFunctionsOp : Asc_ApiOp<"set_aipp_functions",
    "AscendC::SetAippFunctions", [Asc_ControlEffects], /*hasTemplateArgs=*/0,
    ["getCallArguments"]> {
  let summary = "configure AIPP image preprocessing of later image loads";
  let description = [{
    `src1` (the UV plane of YUV420SP) is optional. Sources hold 8-bit
    pixels.

    ```mlir
    asc.set_aipp_functions rgb888_u8, %cfg, %img : !asc.aipp_params<f16>, !asc.global_tensor<ui8>
    ```
    ```c++
    AscendC::SetAippFunctions(img, AscendC::AippInputFormat::RGB888_U8, cfg);
    ```
  }];
  let arguments = (ins Asc_GlobalTensorType:$src0,
                       Optional<Asc_GlobalTensorType>:$src1,
                       Asc_AippInputFormatAttr:$input_format,
                       Asc_AippParamsType:$config);
  // The optional src1 comes last so that it parses unambiguously.
  let assemblyFormat = "$input_format `,` $config `,` $src0 (`,` $src1^)? "
      "attr-dict `:` qualified(type($config)) `,` qualified(type($src0)) "
      "(`,` qualified(type($src1))^)?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LoadImageToLocal
//===----------------------------------------------------------------------===//

// sid (a field of the C++ struct, not a constructor argument) is reserved
// and not modelled: pyasc's keyword is accepted by the frontend only.
def Asc_LoadImageToLocalParamsOp : Asc_ParamStructOp<
    "load_image_to_local_params", Asc_LoadImageToLocalParamsType,
    "LoadImageToLocalParams",
    ["horiz_size", "vert_size", "horiz_start_pos", "vert_start_pos",
     "src_horiz_size", "top_pad_size", "bot_pad_size", "left_pad_size",
     "right_pad_size"],
    [16, 16, 16, 16, 16, 8, 8, 16, 16],
    "%p = asc.load_image_to_local_params %c2, %c2, %c0, %c0, %c2, %c0, %c0, "
    "%c0, %c0 : i32, i32, i32, i32, i32, i32, i32, i32, i32"> {
  let defaults = ["2", "2", "0", "0", "2", "0", "0", "0", "0"];
  let cxxDefaults = ["horiz_size=0", "vert_size=0", "src_horiz_size=0"];
  let cxxMembers = ["...", "uint8_t sid = 0"];
  let check = "::mlir::asc::detail::verifyLoadImageToLocalParams(*this)";
}

def Asc_LoadImageToLocalOp : Asc_ApiOp<"load_image_to_local",
    "AscendC::LoadImageToLocal",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "load an image from GM into L1 through AIPP";
  let description = [{
    Reads the image configured by the last `asc.set_aipp_functions` of the
    core, crops it, applies the AIPP stages and writes the pixels into `dst`
    (position a1 or b1, element type i8 or f16). The parameters' op checks
    their constant fields: sizes in [2, 4095], paddings in [0, 32],
    horiz_start_pos + horiz_size <= src_horiz_size.

    ```mlir
    asc.load_image_to_local %dst, %p : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
    ```
    ```c++
    AscendC::LoadImageToLocal(dst, p);
    ```
  }];
  let arguments = (ins Arg<Asc_LocalTensorType, "destination (L1)">:$dst,
                       Asc_LoadImageToLocalParamsType:$params);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCCONTROLOPS_TD
