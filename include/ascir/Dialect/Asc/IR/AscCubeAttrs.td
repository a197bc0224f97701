//===- AscCubeAttrs.td - cube and kernel-type enums --------*- tablegen -*-===//
//
// Enumerations of the cube path (ascendc_api.md §3.15, §3.21, §3.22;
// pyasc_api.md §1.3, §2.6), included from AscAttrs.td. Case values equal
// pyasc's Python enum values; the keyword is the lower-case enumerator.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCCUBEATTRS_TD
#define ASCIR_DIALECT_ASC_IR_ASCCUBEATTRS_TD

// pyasc's host-side kernel type (asc.runtime.config.KernelType): which
// objects the compiler builds and which cores a launch starts. Not an Ascend
// C enum: kernels name their type with KernelMetaType below.
def Asc_KernelType : I32EnumAttr<"KernelType",
    "kernel type of a launch (pyasc's KernelType)", [
  I32EnumAttrCase<"AIV_ONLY", 0, "aiv_only">,
  I32EnumAttrCase<"AIC_ONLY", 1, "aic_only">,
  I32EnumAttrCase<"MIX_AIV_HARD_SYNC", 2, "mix_aiv_hard_sync">,
  I32EnumAttrCase<"MIX_AIC_HARD_SYNC", 3, "mix_aic_hard_sync">,
  I32EnumAttrCase<"MIX_AIV_1_0", 4, "mix_aiv_1_0">,
  I32EnumAttrCase<"MIX_AIC_1_0", 5, "mix_aic_1_0">,
  I32EnumAttrCase<"MIX_AIC_1_1", 6, "mix_aic_1_1">,
  I32EnumAttrCase<"MIX_AIC_1_2", 7, "mix_aic_1_2">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0;
}

def Asc_HostKernelTypeAttr
    : EnumAttr<Asc_Dialect, Asc_KernelType, "host_kernel_type"> {
  let summary = "pyasc kernel type, e.g. `#asc<host_kernel_type mix_aic_1_2>`";
}

// The kernel type an Ascend C kernel declares with
// KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_X): a global unscoped enum. A2/A3
// accept the first six.
def Asc_KernelMetaType : I32EnumAttr<"KernelMetaType",
    "kernel type an Ascend C kernel declares (global enum KernelMetaType)", [
  I32EnumAttrCase<"AIV_ONLY", 0, "aiv_only">,
  I32EnumAttrCase<"AIC_ONLY", 1, "aic_only">,
  I32EnumAttrCase<"MIX_AIV_1_0", 2, "mix_aiv_1_0">,
  I32EnumAttrCase<"MIX_AIC_1_0", 3, "mix_aic_1_0">,
  I32EnumAttrCase<"MIX_AIC_1_1", 4, "mix_aic_1_1">,
  I32EnumAttrCase<"MIX_AIC_1_2", 5, "mix_aic_1_2">,
  I32EnumAttrCase<"AICORE", 6, "aicore">,
  I32EnumAttrCase<"VECTORCORE", 7, "vectorcore">,
  I32EnumAttrCase<"MIX_AICORE", 8, "mix_aicore">,
  I32EnumAttrCase<"MIX_VECTOR_CORE", 9, "mix_vector_core">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string cxxPrefix = "KERNEL_TYPE_";
  string cxxType = "uint8_t";
  bit cxxGlobal = 1;
  list<string> cxxExtraCases = ["MAX=10"];
}

def Asc_KernelMetaTypeAttr
    : EnumAttr<Asc_Dialect, Asc_KernelMetaType, "kernel_type"> {
  let summary = "kernel type of a kernel function, e.g. "
                "`#asc<kernel_type aic_only>`";
}

// Matrix formats of the Matmul API (pyasc's CubeFormat has ND and NZ; the
// others are Ascend C's CubeFormat members up to VECTOR, in its order). The
// C++ enum is the Matmul header's (sim/include/lib/matmul_intf.h).
def Asc_CubeFormat : I32EnumAttr<"CubeFormat",
    "matrix layout of a Matmul operand (pyasc's CubeFormat)", [
  I32EnumAttrCase<"ND", 0, "nd">,
  I32EnumAttrCase<"NZ", 1, "nz">,
  I32EnumAttrCase<"ZN", 2, "zn">,
  I32EnumAttrCase<"ZZ", 3, "zz">,
  I32EnumAttrCase<"NN", 4, "nn">,
  I32EnumAttrCase<"ND_ALIGN", 5, "nd_align">,
  I32EnumAttrCase<"SCALAR", 6, "scalar">,
  I32EnumAttrCase<"VECTOR", 7, "vector">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0;
}

def Asc_CubeFormatAttr : EnumAttr<Asc_Dialect, Asc_CubeFormat, "cube_format"> {
  let summary = "Matmul operand format, e.g. `#asc<cube_format nz>`";
}

def Asc_CO2Layout : I32EnumAttr<"CO2Layout",
    "layout Fixpipe writes (C++ AscendC::CO2Layout, FixpipeConfig)", [
  I32EnumAttrCase<"NZ", 0, "nz">,
  I32EnumAttrCase<"ROW_MAJOR", 1, "row_major">,
  I32EnumAttrCase<"COLUMN_MAJOR", 2, "column_major">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}

def Asc_CO2LayoutAttr : EnumAttr<Asc_Dialect, Asc_CO2Layout, "co2_layout"> {
  let summary = "Fixpipe output layout, e.g. `#asc<co2_layout row_major>`";
}

// Quantisation of Fixpipe and the CO1 copies. A2/A3 have these nine; later
// parts add FP8 modes.
def Asc_QuantMode : I32EnumAttr<"QuantMode",
    "quantisation on the way out of L0C (global enum QuantMode_t)", [
  I32EnumAttrCase<"NoQuant", 0, "no_quant">,
  I32EnumAttrCase<"F322F16", 1, "f322f16">,
  I32EnumAttrCase<"F322BF16", 2, "f322bf16">,
  I32EnumAttrCase<"DEQF16", 3, "deqf16">,
  I32EnumAttrCase<"VDEQF16", 4, "vdeqf16">,
  I32EnumAttrCase<"QF322B8_PRE", 5, "qf322b8_pre">,
  I32EnumAttrCase<"VQF322B8_PRE", 6, "vqf322b8_pre">,
  I32EnumAttrCase<"REQ8", 7, "req8">,
  I32EnumAttrCase<"VREQ8", 8, "vreq8">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  string pyName = "QuantModes";
  string cxxName = "QuantMode_t";
  string cxxType = "";
  bit cxxGlobal = 1;
}

def Asc_QuantModeAttr : EnumAttr<Asc_Dialect, Asc_QuantMode, "quant_mode"> {
  let summary = "quantisation mode, e.g. `#asc<quant_mode f322f16>`";
}

// How a batch Matmul operand is laid out (C++ LayoutMode, declared by the
// Matmul header): NONE for a single matrix, NORMAL for [batch, rows, cols],
// BSNGD/SBNGD/BNGS1S2 the attention layouts.
def Asc_LayoutMode : I32EnumAttr<"LayoutMode",
    "batch layout of a Matmul operand (C++ LayoutMode)", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"NORMAL", 1, "normal">,
  I32EnumAttrCase<"BSNGD", 2, "bsngd">,
  I32EnumAttrCase<"SBNGD", 3, "sbngd">,
  I32EnumAttrCase<"BNGS1S2", 4, "bngs1s2">
]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
  bit cxxEnum = 0;
}

def Asc_LayoutModeAttr : EnumAttr<Asc_Dialect, Asc_LayoutMode, "layout_mode"> {
  let summary = "Matmul batch layout, e.g. `#asc<layout_mode normal>`";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCCUBEATTRS_TD
