//===- AscParamOps.td - parameter struct construction ------*- tablegen -*-===//
//
// One op per Ascend C parameter struct (ascendc_api.md §4.1-4.2). Its
// operands are the constructor arguments in order, named as pyasc's keyword
// arguments; the emitter declares `AscendC::Struct name(fields...);`. The
// same record declares the C++ struct itself, which the simulator's headers
// get from ascsim/gen/ParamStructs.h (generated, Asc_CxxParamStruct below).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCPARAMOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCPARAMOPS_TD

// The Ascend C struct `cxx` (ascendc_api.md §4) whose constructor takes the
// op's operands (its fields) in order. lib/TableGen/ascgen/emit_sim.py
// declares it in ascsim/gen/ParamStructs.h for the simulator's headers:
//
//   struct S {
//     S() {}
//     S(<field types> <fields>...);   // the fields in order
//     <members, each with its initialiser>
//   };
//
// By default each field is a member named as the field in camelCase
// (dst_blk_stride: dstBlkStride), of the C++ type of its width (8, 16, 32,
// 64: uintN_t; 1: bool; 0: T, the template parameter of `cxx`, e.g.
// "DataCopyPadExtParams<T>"), initialised to the op's `defaults` (pyasc's
// keyword defaults), declared in field order. The lists below say where
// Ascend C differs, one construct each. Per-field lists hold "field=value"
// entries keyed by the field (pyasc) name; the struct-wide lists name
// members in C++, and "..." in them stands for the fields not named
// elsewhere in the same entry or list, in order.
class Asc_CxxParamStruct<string cxx, list<int> widths> {
  string cxxStruct = cxx;
  list<int> cxxWidths = widths;
  // "field=type": the C++ type of the field (constructor parameter and
  // member) where it is not its width's: signed integers, enums (whose
  // width is then unused).
  list<string> cxxTypes = [];
  // "field=name": the member's name where it is not the field's camelCase.
  list<string> cxxNames = [];
  // "field=value": the member's initialiser where Ascend C's is not pyasc's
  // default.
  list<string> cxxDefaults = [];
  // "field=alias": the member shares an anonymous union with member `alias`
  // of the same type, which carries the initialiser.
  list<string> cxxAliases = [];
  // The members in declaration order where that is not the fields' order or
  // the struct has more: a field's member name, "...", or a declaration
  // "type name = value" (a member no field sets, or a field's member
  // declared with another type than its constructor parameter).
  list<string> cxxMembers = [];
  // Constructors beyond the default one and the one taking the fields: each
  // the comma-separated members it sets, in order.
  list<string> cxxConstructors = [];
  // Whether the constructors are constexpr.
  bit cxxConstexpr = 0;
}

// Members of the vector repeat parameter structs that pyasc does not set
// (ascendc_api.md §4.1).
defvar Asc_BlockNumber = "uint32_t blockNumber = 8";
defvar Asc_StrideModes = ["bool repeatStrideMode = false",
                          "bool strideSizeMode = false"];
defvar Asc_UnusedSrcStrides = ["uint8_t src0BlkStride = 1",
                               "uint8_t src1BlkStride = 1",
                               "uint8_t src0RepStride = 8",
                               "uint8_t src1RepStride = 8"];

// The struct of `type` built from the fields `names`, whose C++ types are
// unsigned integers of `widths` bits (1: bool, 0: the element type of a
// templated struct). Constant fields must fit their C++ type; others are
// converted. The Python class (`pyName`) takes the fields as keywords in
// this order, with pyasc's `defaults` (one per field: an integer, `true` or
// `false`; pyasc_api.md §1.4).
class Asc_ParamStructOp<string mnemonic, Type type, string cxx,
                        list<string> names, list<int> widths, string example>
    : Asc_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<Asc_ParamStructOpInterface>]>,
      Asc_CxxParamStruct<cxx, widths> {
  // C++ for the element type of a templated struct.
  string elementType = "{}";
  string resultFormat = "";
  list<string> defaults = [];
  // Extra C++ verification yielding a LogicalResult (ranges narrower than
  // the field's C++ type).
  string check = "::mlir::success()";

  let pyName = !subst("<T>", "", cxx);

  let summary = "build an AscendC::" # cxx;
  let description = "The operands are the constructor arguments in order: "
      # !interleave(!foreach(n, names, "`" # n # "`"), ", ") # ". Constant "
      "fields must fit their C++ types.\n\n```mlir\n" # example
      # "\n```\n```c++\nAscendC::" # cxx # " p(...);\n```";
  let arguments = !dag(ins,
      !foreach(w, widths, !cond(!eq(w, 1): I1,
                                !eq(w, 0): Asc_ElementType,
                                true: AnySignlessInteger)),
      names);
  let results = (outs type:$result);
  let assemblyFormat =
      "operands attr-dict `:` type(operands)" # resultFormat;
  let hasVerifier = 1;
  let extraClassDefinition =
      "void $cppClass::getFieldTypes(\n"
      "    ::llvm::SmallVectorImpl<::mlir::Type> &types) {\n"
      "  ::mlir::asc::detail::appendFieldTypes(getContext(), {"
      # !interleave(widths, ", ") # "}, " # elementType # ", types);\n"
      "}\n"
      "::mlir::LogicalResult $cppClass::verify() {\n"
      "  if (::mlir::failed(::mlir::asc::detail::verifyParamStructFields("
      "*this, {" # !interleave(!foreach(n, names, "\"" # n # "\""), ", ")
      # "})))\n"
      "    return ::mlir::failure();\n"
      "  return " # check # ";\n"
      "}\n";
}

def Asc_BinaryRepeatParamsOp : Asc_ParamStructOp<"binary_repeat_params",
    Asc_BinaryRepeatParamsType, "BinaryRepeatParams",
    ["dst_blk_stride", "src0_blk_stride", "src1_blk_stride",
     "dst_rep_stride", "src0_rep_stride", "src1_rep_stride"],
    [8, 8, 8, 8, 8, 8],
    "%p = asc.binary_repeat_params %c1, %c1, %c1, %c8, %c8, %c8 : i32, i32, "
    "i32, i32, i32, i32"> {
  let defaults = ["1", "1", "1", "8", "8", "8"];
  let cxxMembers = !listconcat([Asc_BlockNumber, "..."], Asc_StrideModes);
}

def Asc_UnaryRepeatParamsOp : Asc_ParamStructOp<"unary_repeat_params",
    Asc_UnaryRepeatParamsType, "UnaryRepeatParams",
    ["dst_blk_stride", "src_blk_stride", "dst_rep_stride", "src_rep_stride"],
    [16, 16, 8, 8],
    "%p = asc.unary_repeat_params %c1, %c1, %c8, %c8 : i32, i32, i32, i32"> {
  let defaults = ["1", "1", "8", "8"];
  let cxxMembers = !listconcat([Asc_BlockNumber, "..."], Asc_StrideModes,
                               ["bool halfBlock = false"]);
  let cxxConstructors = ["..., halfBlock"];
}

def Asc_BrcbRepeatParamsOp : Asc_ParamStructOp<"brcb_repeat_params",
    Asc_BrcbRepeatParamsType, "BrcbRepeatParams",
    ["dst_blk_stride", "dst_rep_stride"], [16, 16],
    "%p = asc.brcb_repeat_params %c1, %c8 : i32, i32"> {
  let defaults = ["1", "8"];
  // The repeat stride is declared first.
  let cxxMembers = !listconcat([Asc_BlockNumber, "dstRepStride", "dstBlkStride"],
                               Asc_UnusedSrcStrides, Asc_StrideModes);
}

def Asc_GatherRepeatParamsOp : Asc_ParamStructOp<"gather_repeat_params",
    Asc_GatherRepeatParamsType, "GatherRepeatParams",
    ["dst_blk_stride", "dst_rep_stride"], [8, 8],
    "%p = asc.gather_repeat_params %c1, %c8 : i32, i32"> {
  let defaults = ["1", "8"];
  // The repeat stride is declared first, and wider than its parameter.
  let cxxMembers = !listconcat(
      [Asc_BlockNumber, "uint16_t dstRepStride = 8", "dstBlkStride"],
      Asc_UnusedSrcStrides, Asc_StrideModes);
}

def Asc_CopyRepeatParamsOp : Asc_ParamStructOp<"copy_repeat_params",
    Asc_CopyRepeatParamsType, "CopyRepeatParams",
    ["dst_stride", "src_stride", "dst_repeat_size", "src_repeat_size"],
    [16, 16, 16, 16],
    "%p = asc.copy_repeat_params %c1, %c1, %c8, %c8 : i32, i32, i32, i32"> {
  let defaults = ["0", "0", "0", "0"];
  let cxxDefaults = ["dst_repeat_size=8", "src_repeat_size=8"];
}

def Asc_DataCopyParamsOp : Asc_ParamStructOp<"data_copy_params",
    Asc_DataCopyParamsType, "DataCopyParams",
    ["block_count", "block_len", "src_stride", "dst_stride"],
    [16, 16, 16, 16],
    "%p = asc.data_copy_params %n, %c8, %c0, %c0 : i32, i32, i32, i32"> {
  let defaults = ["1", "0", "0", "0"];
  let cxxAliases = ["src_stride=srcGap", "dst_stride=dstGap"];
}

def Asc_DataCopyExtParamsOp : Asc_ParamStructOp<"data_copy_ext_params",
    Asc_DataCopyExtParamsType, "DataCopyExtParams",
    ["block_count", "block_len", "src_stride", "dst_stride", "rsv"],
    [16, 32, 32, 32, 32],
    "%p = asc.data_copy_ext_params %n, %len, %c0, %c0, %c0 : i32, i32, i32, "
    "i32, i32"> {
  let defaults = ["1", "0", "0", "0", "0"];
}

def Asc_DataCopyPadParamsOp : Asc_ParamStructOp<"data_copy_pad_params",
    Asc_DataCopyPadParamsType, "DataCopyPadParams",
    ["is_pad", "left_padding", "right_padding", "padding_value"],
    [1, 8, 8, 64],
    "%p = asc.data_copy_pad_params %true, %c0, %c2, %c0 : i1, i32, i32, i32"> {
  let defaults = ["false", "0", "0", "0"];
}

def Asc_DataCopyPadExtParamsOp : Asc_ParamStructOp<"data_copy_pad_ext_params",
    Asc_DataCopyPadExtParamsType, "DataCopyPadExtParams<T>",
    ["is_pad", "left_padding", "right_padding", "padding_value"],
    [1, 8, 8, 0],
    "%p = asc.data_copy_pad_ext_params %true, %c0, %c2, %zero : i1, i32, "
    "i32, f32 -> !asc.data_copy_pad_ext_params<f32>"> {
  let defaults = ["false", "0", "0", "0"];

  let elementType = "getType().getElementType()";
  let resultFormat = " `->` qualified(type($result))";
}

def Asc_GatherMaskParamsOp : Asc_ParamStructOp<"gather_mask_params",
    Asc_GatherMaskParamsType, "GatherMaskParams",
    ["src0_block_stride", "repeat_times", "src0_repeat_stride",
     "src1_repeat_stride"],
    [8, 16, 16, 8],
    "%p = asc.gather_mask_params %c1, %r, %c8, %c8 : i32, i32, i32, i32"> {
  let defaults = ["1", "1", "0", "0"];
  let cxxDefaults = ["repeat_times=0", "src0_repeat_stride=8",
                     "src1_repeat_stride=8"];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCPARAMOPS_TD
