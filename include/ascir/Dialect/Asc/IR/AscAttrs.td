//===- AscAttrs.td - asc enums and attributes --------------*- tablegen -*-===//
//
// Enumerations of the Ascend C API. Case values equal pyasc's Python enum
// values; the textual form is the lower-case keyword (`vecin`, `mte2_v`,
// `all`). The Python enums of `asc` are generated from these (lib/TableGen):
// an enum may set `pyName` (the Python class name), `pyPrefix` (prepended to
// every Python member name), `pyOmit` (cases Python does not have) and
// `pyExtraCases` ("NAME=value" members only Python has, as pyasc defines
// them); `cxxName`/`cxxPrefix` give the AscendC spelling where it differs,
// `cxxType` its underlying type ("" for int), `cxxGlobal = 1` makes it a
// global unscoped enum (pipe_t, pad_t), `cxxExtraCases` enumerators only
// C++ has, and `cxxEnum = 0` keeps an enum out of the simulator's
// generated Ascend C header (ascsim/gen/Enums.h). As attributes they print as `#asc<position vecin>`,
// `#asc<hard_event mte2_v>` and `#asc<pipe all>`; inside op assembly formats
// only the keyword appears.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCATTRS_TD
#define ASCIR_DIALECT_ASC_IR_ASCATTRS_TD

include "ascir/Dialect/Asc/IR/AscDialect.td"
include "ascir/Dialect/Asc/IR/AscHardware.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// TPosition
//===----------------------------------------------------------------------===//

// A position and the physical memory it maps to on 2201 (hardware.md §2.1:
// GM->GM; VECIN/VECCALC/VECOUT->UB; A1, B1, C1, TSCM->L1; A2->L0A; B2->L0B;
// CO1->L0C; C2->BiasTable; CO2->GM; C2PIPE2GM->Fixpipe buffer; SPM->GM).
class Asc_PositionCase<string sym, int val, string str, Asc_Memory mem>
    : I32EnumAttrCase<sym, val, str> {
  Asc_Memory memory = mem;
}

def Asc_TPosition : I32EnumAttr<"TPosition",
    "logical position of a tensor (C++ AscendC::TPosition)", [
  Asc_PositionCase<"GM", 0, "gm", Asc_MemGM>,
  Asc_PositionCase<"A1", 1, "a1", Asc_MemL1>,
  Asc_PositionCase<"A2", 2, "a2", Asc_MemL0A>,
  Asc_PositionCase<"B1", 3, "b1", Asc_MemL1>,
  Asc_PositionCase<"B2", 4, "b2", Asc_MemL0B>,
  Asc_PositionCase<"C1", 5, "c1", Asc_MemL1>,
  Asc_PositionCase<"C2", 6, "c2", Asc_MemBias>,
  Asc_PositionCase<"CO1", 7, "co1", Asc_MemL0C>,
  Asc_PositionCase<"CO2", 8, "co2", Asc_MemGM>,
  Asc_PositionCase<"VECIN", 9, "vecin", Asc_MemUB>,
  Asc_PositionCase<"VECOUT", 10, "vecout", Asc_MemUB>,
  Asc_PositionCase<"VECCALC", 11, "veccalc", Asc_MemUB>,
  Asc_PositionCase<"SPM", 12, "spm", Asc_MemGM>,
  Asc_PositionCase<"TSCM", 13, "tscm", Asc_MemL1>,
  Asc_PositionCase<"C2PIPE2GM", 14, "c2pipe2gm", Asc_MemFixbuf>,
  Asc_PositionCase<"C2PIPE2LOCAL", 15, "c2pipe2local", Asc_MemFixbuf>
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  // pyasc's Python TPosition has GM..VECCALC and MAX = 12 (C++: MAX = 16,
  // with the aliases LCM = VECCALC and SHM = SPM).
  list<string> pyOmit = ["SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL"];
  list<string> pyExtraCases = ["MAX=12"];
  list<string> cxxExtraCases = ["LCM=VECCALC", "SHM=SPM", "MAX=16"];
}

def Asc_TPositionAttr : EnumAttr<Asc_Dialect, Asc_TPosition, "position"> {
  let summary = "tensor position attribute, e.g. `#asc<position vecin>`";
}

//===----------------------------------------------------------------------===//
// Hardware (physical memories)
//===----------------------------------------------------------------------===//

// The physical memory a position lives in on A2/A3 (C++ AscendC::Hardware).
def Asc_Hardware : I32EnumAttr<"Hardware",
    "physical memory of the AI Core (C++ AscendC::Hardware)", [
  I32EnumAttrCase<"GM", 0, "gm">,
  I32EnumAttrCase<"UB", 1, "ub">,
  I32EnumAttrCase<"L1", 2, "l1">,
  I32EnumAttrCase<"L0A", 3, "l0a">,
  I32EnumAttrCase<"L0B", 4, "l0b">,
  I32EnumAttrCase<"L0C", 5, "l0c">,
  I32EnumAttrCase<"BIAS", 6, "bias">,
  I32EnumAttrCase<"FIXBUF", 7, "fixbuf">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  list<string> pyExtraCases = ["MAX=8"];
  list<string> cxxExtraCases = ["MAX=8"];
}

def Asc_HardwareAttr : EnumAttr<Asc_Dialect, Asc_Hardware, "hardware"> {
  let summary = "physical memory attribute, e.g. `#asc<hardware ub>`";
}

//===----------------------------------------------------------------------===//
// HardEvent
//===----------------------------------------------------------------------===//

// `max` is the C++ end marker; it parses so that the verifier can reject it
// with a readable message.
def Asc_HardEvent : I32EnumAttr<"HardEvent",
    "source/destination pipe pair of a hardware flag (AscendC::HardEvent)", [
  I32EnumAttrCase<"MTE2_MTE1", 0, "mte2_mte1">,
  I32EnumAttrCase<"MTE1_MTE2", 1, "mte1_mte2">,
  I32EnumAttrCase<"MTE1_M", 2, "mte1_m">,
  I32EnumAttrCase<"M_MTE1", 3, "m_mte1">,
  I32EnumAttrCase<"MTE2_V", 4, "mte2_v">,
  I32EnumAttrCase<"V_MTE2", 5, "v_mte2">,
  I32EnumAttrCase<"MTE3_V", 6, "mte3_v">,
  I32EnumAttrCase<"V_MTE3", 7, "v_mte3">,
  I32EnumAttrCase<"M_V", 8, "m_v">,
  I32EnumAttrCase<"V_M", 9, "v_m">,
  I32EnumAttrCase<"V_V", 10, "v_v">,
  I32EnumAttrCase<"MTE3_MTE1", 11, "mte3_mte1">,
  I32EnumAttrCase<"MTE1_MTE3", 12, "mte1_mte3">,
  I32EnumAttrCase<"MTE1_V", 13, "mte1_v">,
  I32EnumAttrCase<"MTE2_M", 14, "mte2_m">,
  I32EnumAttrCase<"M_MTE2", 15, "m_mte2">,
  I32EnumAttrCase<"V_MTE1", 16, "v_mte1">,
  I32EnumAttrCase<"M_FIX", 17, "m_fix">,
  I32EnumAttrCase<"FIX_M", 18, "fix_m">,
  I32EnumAttrCase<"MTE3_MTE2", 19, "mte3_mte2">,
  I32EnumAttrCase<"MTE2_MTE3", 20, "mte2_mte3">,
  I32EnumAttrCase<"S_V", 21, "s_v">,
  I32EnumAttrCase<"V_S", 22, "v_s">,
  I32EnumAttrCase<"S_MTE2", 23, "s_mte2">,
  I32EnumAttrCase<"MTE2_S", 24, "mte2_s">,
  I32EnumAttrCase<"S_MTE3", 25, "s_mte3">,
  I32EnumAttrCase<"MTE3_S", 26, "mte3_s">,
  I32EnumAttrCase<"MTE2_FIX", 27, "mte2_fix">,
  I32EnumAttrCase<"FIX_MTE2", 28, "fix_mte2">,
  I32EnumAttrCase<"FIX_S", 29, "fix_s">,
  I32EnumAttrCase<"M_S", 30, "m_s">,
  I32EnumAttrCase<"FIX_MTE3", 31, "fix_mte3">,
  I32EnumAttrCase<"MTE1_FIX", 32, "mte1_fix">,
  I32EnumAttrCase<"FIX_MTE1", 33, "fix_mte1">,
  I32EnumAttrCase<"FIX_FIX", 34, "fix_fix">,
  I32EnumAttrCase<"MAX", 35, "max">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  list<string> pyOmit = ["MAX"];
}

def Asc_HardEventAttr : EnumAttr<Asc_Dialect, Asc_HardEvent, "hard_event"> {
  let summary = "hardware event attribute, e.g. `#asc<hard_event mte2_v>`";
}

//===----------------------------------------------------------------------===//
// Pipe
//===----------------------------------------------------------------------===//

def Asc_Pipe : I32EnumAttr<"Pipe",
    "instruction pipe of the AI Core (C++ global enum pipe_t)", [
  I32EnumAttrCase<"S", 0, "s">,
  I32EnumAttrCase<"V", 1, "v">,
  I32EnumAttrCase<"M", 2, "m">,
  I32EnumAttrCase<"MTE1", 3, "mte1">,
  I32EnumAttrCase<"MTE2", 4, "mte2">,
  I32EnumAttrCase<"MTE3", 5, "mte3">,
  I32EnumAttrCase<"ALL", 6, "all">,
  I32EnumAttrCase<"MTE4", 7, "mte4">,
  I32EnumAttrCase<"MTE5", 8, "mte5">,
  I32EnumAttrCase<"V2", 9, "v2">,
  I32EnumAttrCase<"FIX", 10, "fix">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string pyName = "PipeID";
  string pyPrefix = "PIPE_";
  string cxxName = "pipe_t";
  string cxxPrefix = "PIPE_";
  bit cxxGlobal = 1; // a global enum in Ascend C
}

def Asc_PipeAttr : EnumAttr<Asc_Dialect, Asc_Pipe, "pipe"> {
  let summary = "pipe attribute, e.g. `#asc<pipe all>`";
}

//===----------------------------------------------------------------------===//
// Property
//===----------------------------------------------------------------------===//

// Ascend C constants readable with Python `asc.property(...)`; the C++ name is
// `AscendC::` followed by the upper-cased keyword.
def Asc_Property : I32EnumAttr<"Property",
    "Ascend C hardware constant (AscendC::ONE_BLK_SIZE, ...)", [
  I32EnumAttrCase<"DEFAULT_C0_SIZE", 0, "default_c0_size">,
  I32EnumAttrCase<"ONE_BLK_SIZE", 1, "one_blk_size">,
  I32EnumAttrCase<"TOTAL_L1_SIZE", 2, "total_l1_size">,
  I32EnumAttrCase<"TOTAL_L0C_SIZE", 3, "total_l0c_size">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0; // AscendC constants, not an enum
}

def Asc_PropertyAttr : EnumAttr<Asc_Dialect, Asc_Property, "property"> {
  let summary = "hardware constant attribute, e.g. `#asc<property one_blk_size>`";
}

//===----------------------------------------------------------------------===//
// RoundMode
//===----------------------------------------------------------------------===//

def Asc_RoundMode : I32EnumAttr<"RoundMode",
    "rounding of a conversion (C++ AscendC::RoundMode)", [
  I32EnumAttrCase<"CAST_NONE", 0, "cast_none">,
  I32EnumAttrCase<"CAST_RINT", 1, "cast_rint">,
  I32EnumAttrCase<"CAST_FLOOR", 2, "cast_floor">,
  I32EnumAttrCase<"CAST_CEIL", 3, "cast_ceil">,
  I32EnumAttrCase<"CAST_ROUND", 4, "cast_round">,
  I32EnumAttrCase<"CAST_TRUNC", 5, "cast_trunc">,
  I32EnumAttrCase<"CAST_ODD", 6, "cast_odd">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  list<string> cxxExtraCases = ["UNKNOWN=0xFF"];
}

def Asc_RoundModeAttr : EnumAttr<Asc_Dialect, Asc_RoundMode, "round_mode"> {
  let summary = "round mode attribute, e.g. `#asc<round_mode cast_rint>`";
}

//===----------------------------------------------------------------------===//
// CmpMode
//===----------------------------------------------------------------------===//

def Asc_CmpMode : I32EnumAttr<"CmpMode",
    "comparison of Compare (C++ AscendC::CMPMODE)", [
  I32EnumAttrCase<"LT", 0, "lt">,
  I32EnumAttrCase<"GT", 1, "gt">,
  I32EnumAttrCase<"EQ", 2, "eq">,
  I32EnumAttrCase<"LE", 3, "le">,
  I32EnumAttrCase<"GE", 4, "ge">,
  I32EnumAttrCase<"NE", 5, "ne">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string pyName = "CMPMODE";
  string cxxName = "CMPMODE";
}

def Asc_CmpModeAttr : EnumAttr<Asc_Dialect, Asc_CmpMode, "cmp_mode"> {
  let summary = "comparison attribute, e.g. `#asc<cmp_mode lt>`";
}

//===----------------------------------------------------------------------===//
// SelMode
//===----------------------------------------------------------------------===//

def Asc_SelMode : I32EnumAttr<"SelMode",
    "operand kinds and mask use of Select (C++ AscendC::SELMODE)", [
  I32EnumAttrCase<"VSEL_CMPMASK_SPR", 0, "vsel_cmpmask_spr">,
  I32EnumAttrCase<"VSEL_TENSOR_SCALAR_MODE", 1, "vsel_tensor_scalar_mode">,
  I32EnumAttrCase<"VSEL_TENSOR_TENSOR_MODE", 2, "vsel_tensor_tensor_mode">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxName = "SELMODE";
}

def Asc_SelModeAttr : EnumAttr<Asc_Dialect, Asc_SelMode, "sel_mode"> {
  let summary = "select mode attribute, e.g. `#asc<sel_mode vsel_cmpmask_spr>`";
}

//===----------------------------------------------------------------------===//
// TransposeType, BlockMode, DeqScale, pad_t: fields of parameter structs
//===----------------------------------------------------------------------===//

// Constant fields of TransposeParamsExt and DataCopyEnhancedParams (the ops
// take them as integers; the verifiers check them against these enums).
def Asc_TransposeType : I32EnumAttr<"TransposeType",
    "layouts of TransposeParamsExt (AscendC::TransposeType, "
    "ascendc_api.md §3.19)", [
  I32EnumAttrCase<"TRANSPOSE_TYPE_NONE", 0, "none">,
  I32EnumAttrCase<"TRANSPOSE_NZ2ND_0213", 1, "nz2nd_0213">,
  I32EnumAttrCase<"TRANSPOSE_NZ2NZ_0213", 2, "nz2nz_0213">,
  I32EnumAttrCase<"TRANSPOSE_NZ2NZ_012_WITH_N", 3, "nz2nz_012_with_n">,
  I32EnumAttrCase<"TRANSPOSE_NZ2ND_012_WITH_N", 4, "nz2nd_012_with_n">,
  I32EnumAttrCase<"TRANSPOSE_NZ2ND_012_WITHOUT_N", 5, "nz2nd_012_without_n">,
  I32EnumAttrCase<"TRANSPOSE_NZ2NZ_012_WITHOUT_N", 6, "nz2nz_012_without_n">,
  I32EnumAttrCase<"TRANSPOSE_ND2ND_ONLY", 7, "nd2nd_only">,
  I32EnumAttrCase<"TRANSPOSE_ND_UB_GM", 8, "nd_ub_gm">,
  I32EnumAttrCase<"TRANSPOSE_GRAD_ND_UB_GM", 9, "grad_nd_ub_gm">,
  I32EnumAttrCase<"TRANSPOSE_ND2ND_B16", 10, "nd2nd_b16">,
  I32EnumAttrCase<"TRANSPOSE_NCHW2NHWC", 11, "nchw2nhwc">,
  I32EnumAttrCase<"TRANSPOSE_NHWC2NCHW", 12, "nhwc2nchw">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_TransposeTypeAttr
    : EnumAttr<Asc_Dialect, Asc_TransposeType, "transpose_type">;

def Asc_BlockMode : I32EnumAttr<"BlockMode",
    "modes of DataCopyEnhancedParams (AscendC::BlockMode, ascendc_api.md "
    "§3.12); no effect on Ascend 910B/910C vector cores", [
  I32EnumAttrCase<"BLOCK_MODE_NORMAL", 0, "normal">,
  I32EnumAttrCase<"BLOCK_MODE_MATRIX", 1, "matrix">,
  I32EnumAttrCase<"BLOCK_MODE_VECTOR", 2, "vector">,
  I32EnumAttrCase<"BLOCK_MODE_SMALL_CHANNEL", 3, "small_channel">,
  I32EnumAttrCase<"BLOCK_MODE_DEPTHWISE", 4, "depthwise">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_BlockModeAttr : EnumAttr<Asc_Dialect, Asc_BlockMode, "block_mode">;

def Asc_DeqScale : I32EnumAttr<"DeqScale",
    "dequantisation of DataCopyEnhancedParams (AscendC::DeqScale, "
    "ascendc_api.md §3.13)", [
  I32EnumAttrCase<"DEQ_NONE", 0, "none">,
  I32EnumAttrCase<"DEQ", 1, "deq">,
  I32EnumAttrCase<"VDEQ", 2, "vdeq">,
  I32EnumAttrCase<"DEQ8", 3, "deq8">,
  I32EnumAttrCase<"VDEQ8", 4, "vdeq8">,
  I32EnumAttrCase<"DEQ16", 5, "deq16">,
  I32EnumAttrCase<"VDEQ16", 6, "vdeq16">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_DeqScaleAttr : EnumAttr<Asc_Dialect, Asc_DeqScale, "deq_scale">;

// A compiler built-in of Ascend C: a global, unscoped enum named pad_t.
def Asc_PadMode : I32EnumAttr<"PadMode",
    "padding modes of DataCopyEnhancedParams (Ascend C's global pad_t, "
    "ascendc_api.md §3.14)", [
  I32EnumAttrCase<"PAD_NONE", 0, "none">,
  I32EnumAttrCase<"PAD_MODE1", 1, "mode1">,
  I32EnumAttrCase<"PAD_MODE2", 2, "mode2">,
  I32EnumAttrCase<"PAD_MODE3", 3, "mode3">,
  I32EnumAttrCase<"PAD_MODE4", 4, "mode4">,
  I32EnumAttrCase<"PAD_MODE5", 5, "mode5">,
  I32EnumAttrCase<"PAD_MODE6", 6, "mode6">,
  I32EnumAttrCase<"PAD_MODE7", 7, "mode7">,
  I32EnumAttrCase<"PAD_MODE8", 8, "mode8">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string pyName = "pad_t";
  string cxxName = "pad_t";
  bit cxxGlobal = 1;
}

def Asc_PadModeAttr : EnumAttr<Asc_Dialect, Asc_PadMode, "pad_mode">;

//===----------------------------------------------------------------------===//
// ReduceOrder
//===----------------------------------------------------------------------===//

def Asc_ReduceOrder : I32EnumAttr<"ReduceOrder",
    "what WholeReduceMax/Min write (C++ AscendC::ReduceOrder)", [
  I32EnumAttrCase<"ORDER_VALUE_INDEX", 0, "order_value_index">,
  I32EnumAttrCase<"ORDER_INDEX_VALUE", 1, "order_index_value">,
  I32EnumAttrCase<"ORDER_ONLY_VALUE", 2, "order_only_value">,
  I32EnumAttrCase<"ORDER_ONLY_INDEX", 3, "order_only_index">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_ReduceOrderAttr
    : EnumAttr<Asc_Dialect, Asc_ReduceOrder, "reduce_order"> {
  let summary = "reduction output order, e.g. "
                "`#asc<reduce_order order_value_index>`";
}

//===----------------------------------------------------------------------===//
// MaskMode
//===----------------------------------------------------------------------===//

def Asc_MaskMode : I32EnumAttr<"MaskMode",
    "meaning of the vector mask register (C++ AscendC::MaskMode)", [
  I32EnumAttrCase<"NORMAL", 0, "normal">,
  I32EnumAttrCase<"COUNTER", 1, "counter">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_MaskModeAttr : EnumAttr<Asc_Dialect, Asc_MaskMode, "mask_mode"> {
  let summary = "mask mode attribute, e.g. `#asc<mask_mode normal>`";
}

include "ascir/Dialect/Asc/IR/AscControlAttrs.td"
include "ascir/Dialect/Asc/IR/AscCubeAttrs.td"

#endif // ASCIR_DIALECT_ASC_IR_ASCATTRS_TD
