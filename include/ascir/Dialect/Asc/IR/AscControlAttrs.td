//===- AscControlAttrs.td - system-control enums -----------*- tablegen -*-===//
//
// Enumerations of the cache and store-atomic calls (ascendc_api.md §3.25-
// §3.27), included from AscAttrs.td. Case values equal pyasc's Python enum
// values; the keyword is the lower-case C++ enumerator.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCCONTROLATTRS_TD
#define ASCIR_DIALECT_ASC_IR_ASCCONTROLATTRS_TD

def Asc_CacheLine : I32EnumAttr<"CacheLine",
    "data cache lines to clean and invalidate (C++ AscendC::CacheLine)", [
  I32EnumAttrCase<"SINGLE_CACHE_LINE", 0, "single_cache_line">,
  I32EnumAttrCase<"ENTIRE_DATA_CACHE", 1, "entire_data_cache">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxType = "uint64_t";
}

def Asc_CacheLineAttr : EnumAttr<Asc_Dialect, Asc_CacheLine, "cache_line"> {
  let summary = "cache line attribute, e.g. `#asc<cache_line single_cache_line>`";
}

def Asc_DcciDst : I32EnumAttr<"DcciDst",
    "destination of a data cache clean (C++ AscendC::DcciDst)", [
  I32EnumAttrCase<"CACHELINE_ALL", 0, "cacheline_all">,
  I32EnumAttrCase<"CACHELINE_UB", 1, "cacheline_ub">,
  I32EnumAttrCase<"CACHELINE_OUT", 2, "cacheline_out">,
  I32EnumAttrCase<"CACHELINE_ATOMIC", 3, "cacheline_atomic">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxType = "uint64_t";
}

def Asc_DcciDstAttr : EnumAttr<Asc_Dialect, Asc_DcciDst, "dcci_dst"> {
  let summary = "DCCI destination attribute, e.g. `#asc<dcci_dst cacheline_out>`";
}

def Asc_CacheMode : I32EnumAttr<"CacheMode",
    "L2 cache mode of a GlobalTensor (C++ AscendC::CacheMode; pyasc's Python "
    "enum numbers NORMAL and DISABLE the other way round)", [
  I32EnumAttrCase<"CACHE_MODE_DISABLE", 0, "cache_mode_disable">,
  I32EnumAttrCase<"CACHE_MODE_NORMAL", 1, "cache_mode_normal">,
  I32EnumAttrCase<"CACHE_MODE_LAST", 2, "cache_mode_last">,
  I32EnumAttrCase<"CACHE_MODE_PERSISTENT", 4, "cache_mode_persistent">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0; // unscoped in Ascend C: sim/include/ascsim/enums.h
}

def Asc_CacheModeAttr : EnumAttr<Asc_Dialect, Asc_CacheMode, "cache_mode"> {
  let summary = "L2 cache mode attribute, e.g. `#asc<cache_mode cache_mode_disable>`";
}

def Asc_CacheRwMode : I32EnumAttr<"CacheRwMode",
    "access kind an L2 cache hint is for (C++ AscendC::CacheRwMode)", [
  I32EnumAttrCase<"READ", 1, "read">,
  I32EnumAttrCase<"WRITE", 2, "write">,
  I32EnumAttrCase<"RW", 3, "rw">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0; // next to CacheMode in sim/include/ascsim/enums.h
}

def Asc_CacheRwModeAttr : EnumAttr<Asc_Dialect, Asc_CacheRwMode, "cache_rw_mode"> {
  let summary = "cache hint access kind attribute, e.g. `#asc<cache_rw_mode rw>`";
}

def Asc_MemDsbT : I32EnumAttr<"MemDsbT",
    "memory accesses a DataSyncBarrier waits for (C++ AscendC::MemDsbT)", [
  I32EnumAttrCase<"ALL", 0, "all">,
  I32EnumAttrCase<"DDR", 1, "ddr">,
  I32EnumAttrCase<"UB", 2, "ub">,
  I32EnumAttrCase<"SEQ", 3, "seq">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_MemDsbTAttr : EnumAttr<Asc_Dialect, Asc_MemDsbT, "mem_dsb"> {
  let summary = "DataSyncBarrier memory attribute, e.g. `#asc<mem_dsb ddr>`";
}

def Asc_AtomicDtype : I32EnumAttr<"AtomicDtype",
    "element type of store atomics (C++ AscendC::AtomicDtype)", [
  I32EnumAttrCase<"ATOMIC_NONE", 0, "atomic_none">,
  I32EnumAttrCase<"ATOMIC_F32", 1, "atomic_f32">,
  I32EnumAttrCase<"ATOMIC_F16", 2, "atomic_f16">,
  I32EnumAttrCase<"ATOMIC_S16", 3, "atomic_s16">,
  I32EnumAttrCase<"ATOMIC_S32", 4, "atomic_s32">,
  I32EnumAttrCase<"ATOMIC_S8", 5, "atomic_s8">,
  I32EnumAttrCase<"ATOMIC_BF16", 6, "atomic_bf16">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxType = "";
}

def Asc_AtomicDtypeAttr
    : EnumAttr<Asc_Dialect, Asc_AtomicDtype, "atomic_dtype"> {
  let summary = "store-atomic type attribute, e.g. `#asc<atomic_dtype atomic_f32>`";
}

def Asc_AtomicOp : I32EnumAttr<"AtomicOp",
    "store-atomic operation (C++ AscendC::AtomicOp)", [
  I32EnumAttrCase<"ATOMIC_SUM", 0, "atomic_sum">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxType = "";
}

def Asc_AtomicOpAttr : EnumAttr<Asc_Dialect, Asc_AtomicOp, "atomic_op"> {
  let summary = "store-atomic operation attribute, e.g. `#asc<atomic_op atomic_sum>`";
}

def Asc_AippInputFormat : I32EnumAttr<"AippInputFormat",
    "image format of AIPP sources (C++ AscendC::AippInputFormat)", [
  I32EnumAttrCase<"YUV420SP_U8", 0, "yuv420sp_u8">,
  I32EnumAttrCase<"XRGB8888_U8", 1, "xrgb8888_u8">,
  I32EnumAttrCase<"RGB888_U8", 4, "rgb888_u8">,
  I32EnumAttrCase<"YUV400_U8", 9, "yuv400_u8">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_AippInputFormatAttr
    : EnumAttr<Asc_Dialect, Asc_AippInputFormat, "aipp_input_format"> {
  let summary = "AIPP input format attribute, e.g. `#asc<aipp_input_format rgb888_u8>`";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCCONTROLATTRS_TD
