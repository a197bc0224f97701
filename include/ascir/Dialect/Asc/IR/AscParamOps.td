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
// 64: uintN_t; -8 ... -64: intN_t; 1: bool; 0: T, the template parameter of
// `cxx`, e.g. "DataCopyPadExtParams<T>"), initialised to the op's `defaults`
// (pyasc's keyword defaults), declared in field order. The lists below say
// where Ascend C differs, one construct each. Per-field lists hold
// "field=value" entries keyed by the field (pyasc) name; the struct-wide
// lists name members in C++, and "..." in them stands for the fields not
// named elsewhere in the same entry or list, in order.
class Asc_CxxParamStruct<string cxx, list<int> widths> {
  string cxxStruct = cxx;
  list<int> cxxWidths = widths;
  // "field=N": the field is an array of N elements of its width's type
  // (`const uint8_t padList[4]`): its op operand is variadic (N values),
  // the constructor copies it in a loop, the member is initialised to
  // {value}.
  list<string> cxxArrays = [];
  // 0: no constructor takes all the fields in order (MmadParams has two
  // that each take a part); the emitter then default-constructs the struct
  // and assigns the members.
  bit cxxFieldConstructor = 1;
  // 1: an aggregate without constructors (FixpipeConfig): the members only.
  // Such a struct need not be an op (a template argument is not built by
  // one); its members are then all cxxMembers declarations.
  bit cxxAggregate = 0;
  // Other names of the struct: `using Alias = S;`.
  list<string> cxxTypeAliases = [];
  // "NAME=initialiser": constants of the struct's type,
  // `constexpr S NAME = initialiser;` after it.
  list<string> cxxConstants = [];
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
  // declared with another type than its constructor parameter); "type name"
  // without a value declares a member Ascend C leaves uninitialised.
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
  // pyasc's defaults, one per field; "" for a field pyasc requires.
  list<string> defaults = [];
  // pyasc's positional order of the fields where it is not the
  // constructor's; fields it leaves out (pyasc does not have them) are
  // keyword-only in Python and take their default.
  list<string> pyFields = [];
  // "field=lo:hi" or "field=lo:hi%multiple": the values Ascend C accepts
  // where they are narrower than the field's C++ type (ascendc_api.md §6.3,
  // §6.4); the verifier checks constant fields against them.
  list<string> fieldRanges = [];
  // "field=hint": fields Ascend C accepts but Ascend 910B/910C (A2/A3)
  // ignore (hardware.md, ascendc_api.md). Refusing them would break programs
  // that set them, so a constant other than the member's initialiser is a
  // compile warning at the struct's line ending with `hint` (what the user
  // probably wants). Why these warn while DataCopyEnhancedParams' cube-path
  // modes are refused: docs/language.md "Fields Ascend 910B/910C ignore".
  list<string> ignoredFields = [];
  // Extra C++ verification yielding a LogicalResult (rules across fields).
  string check = "::mlir::success()";

  let pyName = !subst("<T>", "", cxx);

  let summary = "build an AscendC::" # cxx;
  let description = "The operands are the constructor arguments in order: "
      # !interleave(!foreach(n, names, "`" # n # "`"), ", ") # ". Constant "
      "fields must fit their C++ types.\n\n```mlir\n" # example
      # "\n```\n```c++\nAscendC::" # cxx # " p(...);\n```";
  let arguments = !dag(ins,
      !foreach(i, !range(widths),
          !cond(!not(!empty(!filter(e, cxxArrays,
                                    !eq(!find(e, names[i] # "="), 0)))):
                    Variadic<AnySignlessInteger>,
                !eq(widths[i], 1): I1,
                !eq(widths[i], 0): Asc_ElementType,
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
  // ascendc_api.md §4.2: repeat strides in 32-byte blocks, 0-4095.
  let fieldRanges = ["dst_repeat_size=0:4095", "src_repeat_size=0:4095"];
}

def Asc_DataCopyParamsOp : Asc_ParamStructOp<"data_copy_params",
    Asc_DataCopyParamsType, "DataCopyParams",
    ["block_count", "block_len", "src_stride", "dst_stride"],
    [16, 16, 16, 16],
    "%p = asc.data_copy_params %n, %c8, %c0, %c0 : i32, i32, i32, i32"> {
  let defaults = ["1", "0", "0", "0"];
  let cxxAliases = ["src_stride=srcGap", "dst_stride=dstGap"];
  // ascendc_api.md §6.3; block_len and the gaps span their uint16_t.
  let fieldRanges = ["block_count=0:4095"];
}

def Asc_DataCopyExtParamsOp : Asc_ParamStructOp<"data_copy_ext_params",
    Asc_DataCopyExtParamsType, "DataCopyExtParams",
    ["block_count", "block_len", "src_stride", "dst_stride", "rsv"],
    [16, 32, 32, 32, 32],
    "%p = asc.data_copy_ext_params %n, %len, %c0, %c0, %c0 : i32, i32, i32, "
    "i32, i32"> {
  let defaults = ["1", "0", "0", "0", "0"];
  // ascendc_api.md §6.3 (DataCopyPad); the strides and rsv span their
  // uint32_t.
  let fieldRanges = ["block_count=1:4095", "block_len=1:2097151"];
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

//===----------------------------------------------------------------------===//
// Cube parameter structs (ascendc_api.md §4.2-§4.3, pyasc_api.md §1.4)
//===----------------------------------------------------------------------===//

def Asc_LoadData2DParamsOp : Asc_ParamStructOp<"load_data_2d_params",
    Asc_LoadData2DParamsType, "LoadData2DParams",
    ["start_index", "repeat_times", "src_stride", "sid", "dst_gap",
     "if_transpose", "addr_mode"],
    [16, 8, 16, 8, 16, 1, 8],
    "%p = asc.load_data_2d_params %c0, %c4, %c1, %c0, %c0, %false, %c0 : "
    "i32, i32, i32, i32, i32, i1, i32"> {
  let defaults = ["0", "1", "0", "0", "0", "false", "0"];
  let cxxDefaults = ["repeat_times=0"];
  // Declared in another order than the constructor's.
  let cxxMembers = ["startIndex", "dstGap", "srcStride", "ifTranspose",
                    "repeatTimes", "sid", "addrMode"];
  let cxxTypeAliases = ["LoadData2dParams"];
  // ascendc_api.md §5.16: sid and addrMode are reserved (0).
  let fieldRanges = ["sid=0:0", "addr_mode=0:0"];
}

def Asc_LoadData2DParamsV2Op : Asc_ParamStructOp<"load_data_2d_params_v2",
    Asc_LoadData2DParamsV2Type, "LoadData2DParamsV2",
    ["m_start_position", "k_start_position", "m_step", "k_step",
     "src_stride", "dst_stride", "if_transpose", "sid"],
    [32, 32, 16, 16, -32, 16, 1, 8],
    "%p = asc.load_data_2d_params_v2 %c0, %c0, %c1, %c1, %c0, %c0, %false, "
    "%c0 : i32, i32, i32, i32, i32, i32, i1, i32"> {
  let defaults = ["0", "0", "0", "0", "0", "0", "false", "0"];
}

def Asc_LoadData2dTransposeParamsOp : Asc_ParamStructOp<
    "load_data_2d_transpose_params", Asc_LoadData2dTransposeParamsType,
    "LoadData2dTransposeParams",
    ["start_index", "repeat_times", "src_stride", "dst_gap", "dst_frac_gap",
     "addr_mode"],
    [16, 8, 16, 16, 16, 8],
    "%p = asc.load_data_2d_transpose_params %c0, %c1, %c0, %c0, %c0, %c0 : "
    "i32, i32, i32, i32, i32, i32"> {
  let defaults = ["0", "1", "0", "0", "0", "0"];
  let cxxDefaults = ["repeat_times=0"];
  let cxxConstructors = ["startIndex, repeatTimes, srcStride, dstGap, "
                         "dstFracGap"];
}

def Asc_LoadData2dTransposeParamsV2Op : Asc_ParamStructOp<
    "load_data_2d_transpose_params_v2", Asc_LoadData2dTransposeParamsV2Type,
    "LoadData2dTransposeParamsV2",
    ["start_index", "repeat_times", "src_stride", "dst_gap", "dst_frac_gap",
     "src_frac_gap", "addr_mode"],
    [16, 8, 16, 16, 16, 16, 8],
    "%p = asc.load_data_2d_transpose_params_v2 %c0, %c1, %c0, %c0, %c0, %c0, "
    "%c0 : i32, i32, i32, i32, i32, i32, i32"> {
  let defaults = ["0", "0", "0", "0", "0", "0", "0"];
  let cxxConstructors = ["startIndex, repeatTimes, srcStride, dstGap, "
                         "dstFracGap, srcFracGap"];
}

def Asc_LoadData3DParamsV1Op : Asc_ParamStructOp<"load_data_3d_params_v1",
    Asc_LoadData3DParamsV1Type, "LoadData3DParamsV1<T>",
    ["pad_list", "l1_h", "l1_w", "c1_index", "fetch_filter_w",
     "fetch_filter_h", "left_top_w", "left_top_h", "stride_w", "stride_h",
     "filter_w", "filter_h", "dilation_filter_w", "dilation_filter_h",
     "jump_stride", "repeat_mode", "repeat_time", "c_size", "pad_value"],
    [8, 16, 16, 16, 8, 8, -16, -16, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0],
    "%p = asc.load_data_3d_params_v1 %c0, %c0, %c0, %c0, %h, %w, %c0, %c1, "
    "%c1, %c0, %c0, %c1, %c1, %c3, %c3, %c1, %c1, %c1, %c0, %c1, %c0, "
    "%zero : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, "
    "i32, i32, i32, i32, i32, i32, i32, i32, f16 -> "
    "!asc.load_data_3d_params_v1<f16>"> {
  let defaults = ["0", "1", "1", "0", "0", "0", "0", "0", "1", "1", "1", "1",
                  "1", "1", "1", "0", "1", "0", "0"];
  let cxxArrays = ["pad_list=4"];
  let fieldRanges = ["l1_h=1:32767", "l1_w=1:32767"];
  // Ascend C initialises every member to 0, in another order.
  let cxxDefaults = ["l1_h=0", "l1_w=0", "stride_w=0", "stride_h=0",
                     "filter_w=0", "filter_h=0", "dilation_filter_w=0",
                     "dilation_filter_h=0", "jump_stride=0", "repeat_time=0"];
  let cxxMembers = ["padList", "strideW", "strideH", "filterW", "filterH",
                    "dilationFilterW", "dilationFilterH", "jumpStride",
                    "repeatMode", "repeatTime", "cSize", "padValue",
                    "fetchFilterW", "fetchFilterH", "l1H", "l1W", "c1Index",
                    "leftTopW", "leftTopH"];
  let elementType = "getType().getElementType()";
  let resultFormat = " `->` qualified(type($result))";
}

def Asc_LoadData3DParamsV2Op : Asc_ParamStructOp<"load_data_3d_params_v2",
    Asc_LoadData3DParamsV2Type, "LoadData3DParamsV2<T>",
    ["pad_list", "l1_h", "l1_w", "channel_size", "k_extension",
     "m_extension", "k_start_pt", "m_start_pt", "stride_w", "stride_h",
     "filter_w", "filter_h", "dilation_filter_w", "dilation_filter_h",
     "en_transpose", "en_small_k", "pad_value", "filter_size_w",
     "filter_size_h", "f_matrix_ctrl"],
    [8, 16, 16, 16, 16, 16, 16, 16, 8, 8, 8, 8, 8, 8, 1, 1, 0, 1, 1, 1],
    "%p = asc.load_data_3d_params_v2 %c0, %c0, %c0, %c0, %h, %w, %c16, %k, "
    "%m, %c0, %c0, %c1, %c1, %c3, %c3, %c1, %c1, %false, %false, %zero, "
    "%false, %false, %false : i32, i32, i32, i32, i32, i32, i32, i32, i32, "
    "i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, f16, i1, i1, i1 -> "
    "!asc.load_data_3d_params_v2<f16>"> {
  // pyasc has no en_small_k (A2/A3 do not support it): keyword-only, false.
  let pyFields = ["pad_list", "l1_h", "l1_w", "channel_size", "k_extension",
                  "m_extension", "k_start_pt", "m_start_pt", "stride_w",
                  "stride_h", "filter_w", "filter_h", "dilation_filter_w",
                  "dilation_filter_h", "en_transpose", "pad_value",
                  "filter_size_w", "filter_size_h", "f_matrix_ctrl"];
  let defaults = ["0", "1", "1", "1", "1", "1", "0", "0", "1", "1", "1", "1",
                  "1", "1", "false", "false", "0", "false", "false",
                  "false"];
  let cxxArrays = ["pad_list=4"];
  // A2/A3 support neither small-k mode nor the fmatrix control bit.
  let fieldRanges = ["l1_h=1:32767", "l1_w=1:32767", "k_extension=1:65535",
                     "m_extension=1:65535", "stride_w=1:63", "stride_h=1:63",
                     "filter_w=1:255", "filter_h=1:255",
                     "dilation_filter_w=1:255", "dilation_filter_h=1:255",
                     "en_small_k=0:0", "f_matrix_ctrl=0:0"];
  let cxxDefaults = ["l1_h=0", "l1_w=0", "channel_size=0", "k_extension=0",
                     "m_extension=0"];
  let cxxConstructors = ["padList, l1H, l1W, channelSize, kExtension, "
                         "mExtension, kStartPt, mStartPt, strideW, strideH, "
                         "filterW, filterH, dilationFilterW, dilationFilterH, "
                         "enTranspose, enSmallK, padValue"];
  let elementType = "getType().getElementType()";
  let resultFormat = " `->` qualified(type($result))";
}

def Asc_LoadData3DParamsV2ProOp : Asc_ParamStructOp<
    "load_data_3d_params_v2_pro", Asc_LoadData3DParamsV2ProType,
    "LoadData3DParamsV2Pro",
    ["channel_size", "en_transpose", "en_small_k", "filter_size_w",
     "filter_size_h", "f_matrix_ctrl", "ext_config", "filter_config"],
    [16, 1, 1, 1, 1, 1, 64, 64],
    "%p = asc.load_data_3d_params_v2_pro %c16, %false, %false, %false, "
    "%false, %false, %ext, %filter : i32, i1, i1, i1, i1, i1, i64, i64"> {
  // filter_config 0x10101010101: strides, filters and dilations of 1.
  let defaults = ["0", "false", "false", "false", "false", "false", "0",
                  "1103823438081"];
}

def Asc_LoadDataRepeatParamOp : Asc_ParamStructOp<"load_data_repeat_param",
    Asc_LoadDataRepeatParamType, "LoadDataRepeatParam",
    ["repeat_stride", "repeat_time", "repeat_mode"], [16, 8, 8],
    "%p = asc.load_data_repeat_param %c0, %c1, %c0 : i32, i32, i32"> {
  let defaults = ["0", "1", "0"];
  let pyFields = ["repeat_time", "repeat_stride", "repeat_mode"];
  let cxxMembers = ["...", "uint8_t reserved = 0"];
  // SetLoadDataRepeat (ascendc_api.md §5): 0 along M (height), 1 along K.
  let fieldRanges = ["repeat_mode=0:1"];
}

def Asc_MmadParamsOp : Asc_ParamStructOp<"mmad_params", Asc_MmadParamsType,
    "MmadParams",
    ["m", "n", "k", "is_bias", "fm_offset", "en_ssparse", "en_winograd_a",
     "en_winograd_b", "unit_flag", "cmatrix_source", "cmatrix_init_val"],
    [16, 16, 16, 1, -32, 1, 1, 1, 8, 1, 1],
    "%p = asc.mmad_params %c16, %c16, %c16, %false, %c0, %false, %false, "
    "%false, %c0, %false, %true : i32, i32, i32, i1, i32, i1, i1, i1, i32, "
    "i1, i1"> {
  let defaults = ["0", "0", "0", "false", "0", "false", "false", "false", "0",
                  "false", "true"];
  // Two constructors, each taking m, n, k and a part of the rest.
  let cxxFieldConstructor = 0;
  let cxxConstructors = [
      "m, n, k, isBias, fmOffset, enSsparse, enWinogradA, enWinogradB",
      "m, n, k, unitFlag, cmatrixSource, cmatrixInitVal"];
  let cxxMembers = ["m", "n", "k", "isBias", "fmOffset", "enSsparse",
                    "enWinogradA", "enWinogradB", "unitFlag",
                    "bool kDirectionAlign = false", "cmatrixSource",
                    "cmatrixInitVal"];
  let fieldRanges = ["m=0:4095", "n=0:4095", "k=0:4095"];
  // hardware.md §6.3: "fmOffset/enSsparse/enWinograd* (ignored on A2+)".
  let ignoredFields = [
      "fm_offset=the cube reads L0A from the tensor's start: pass a tensor "
      "view (a2[offset:]) to start elsewhere",
      "en_ssparse=for a 4:2 sparse B use load_data_with_sparse and "
      "mmad_with_sparse",
      "en_winograd_a=the cube has no Winograd mode: transform the input "
      "yourself",
      "en_winograd_b=the cube has no Winograd mode: transform the input "
      "yourself"];
}

def Asc_InitConstValueParamsOp : Asc_ParamStructOp<"init_const_value_params",
    Asc_InitConstValueParamsType, "InitConstValueParams<T>",
    ["repeat_times", "block_num", "dst_gap", "init_value"], [16, 16, 16, 0],
    "%p = asc.init_const_value_params %c1, %c2, %c0, %zero : i32, i32, i32, "
    "f16 -> !asc.init_const_value_params<f16>"> {
  let defaults = ["0", "0", "0", "0"];
  let cxxConstructors = ["repeatTimes, initValue"];
  let elementType = "getType().getElementType()";
  let resultFormat = " `->` qualified(type($result))";
  let fieldRanges = ["repeat_times=0:32767", "block_num=0:32767",
                     "dst_gap=0:32767"];
}

def Asc_FixpipeParamsV220Op : Asc_ParamStructOp<"fixpipe_params_v220",
    Asc_FixpipeParamsV220Type, "FixpipeParamsV220",
    ["n_size", "m_size", "src_stride", "dst_stride", "relu_en", "quant_pre",
     "deq_scalar", "nd_num", "src_nd_stride", "dst_nd_stride", "unit_flag",
     "is_channel_split"],
    [16, 16, 16, 32, 1, 8, 64, 16, 16, 16, 8, 1],
    "%p = asc.fixpipe_params_v220 %c32, %c16, %c16, %c32, %false, %c0, %c0, "
    "%c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, "
    "i32, i32, i32, i1"> {
  // pyasc requires the sizes and strides and takes relu_en later.
  let pyFields = ["n_size", "m_size", "src_stride", "dst_stride", "quant_pre",
                  "deq_scalar", "nd_num", "src_nd_stride", "dst_nd_stride",
                  "relu_en", "unit_flag", "is_channel_split"];
  let defaults = ["", "", "", "", "false", "0", "0", "1", "0", "0", "0",
                  "false"];
  let cxxTypes = ["quant_pre=QuantMode_t"];
  let cxxDefaults = ["n_size=0", "m_size=0", "src_stride=0", "dst_stride=0",
                     "quant_pre=QuantMode_t::NoQuant"];
  let cxxMembers = ["nSize", "mSize", "srcStride", "dstStride", "quantPre",
                    "uint64_t deqScalar", "ndNum", "srcNdStride",
                    "dstNdStride", "reluEn", "unitFlag", "isChannelSplit"];
  let cxxConstructors = [
      "nSize, mSize, srcStride, dstStride, reluEn",
      "nSize, mSize, srcStride, dstStride, reluEn, quantPre, deqScalar, "
      "ndNum, srcNdStride, dstNdStride, unitFlag"];
  let fieldRanges = ["n_size=0:4095", "quant_pre=0:8", "src_nd_stride=0:512"];
  // n_size is a multiple of 16 (8 with channel split); dst_stride is not 0.
  let check = "::mlir::asc::detail::verifyFixpipeParams(*this)";
}

def Asc_DataCopyCO12DstParamsOp : Asc_ParamStructOp<
    "data_copy_co12_dst_params", Asc_DataCopyCO12DstParamsType,
    "DataCopyCO12DstParams",
    ["n_size", "m_size", "dst_stride", "src_stride", "quant_pre", "relu_pre",
     "channel_split", "nz2nd_en"],
    [16, 16, 32, 16, 8, 8, 1, 1],
    "%p = asc.data_copy_co12_dst_params %c16, %c16, %c16, %c16, %c0, %c0, "
    "%false, %true : i32, i32, i32, i32, i32, i32, i1, i1"> {
  let defaults = ["", "", "", "", "0", "0", "false", "false"];
  let cxxTypes = ["quant_pre=QuantMode_t"];
  let cxxDefaults = ["n_size=0", "m_size=0", "dst_stride=0", "src_stride=0",
                     "quant_pre=QuantMode_t::NoQuant"];
  let fieldRanges = ["quant_pre=0:8"];
  let cxxMembers = ["uint8_t sid = 0", "nSize", "mSize", "dstStride",
                    "srcStride", "uint8_t unitFlag = 0",
                    "uint8_t clipReluPre = 0", "uint8_t eltWiseOp = 0",
                    "quantPre", "reluPre", "channelSplit", "nz2ndEn"];
}

def Asc_Nd2NzParamsOp : Asc_ParamStructOp<"nd2nz_params", Asc_Nd2NzParamsType,
    "Nd2NzParams",
    ["nd_num", "n_value", "d_value", "src_nd_matrix_stride", "src_d_value",
     "dst_nz_c0_stride", "dst_nz_n_stride", "dst_nz_matrix_stride"],
    [16, 16, 16, 16, 16, 16, 16, 16],
    "%p = asc.nd2nz_params %c1, %m, %k, %c0, %k, %m16, %c1, %c0 : i32, i32, "
    "i32, i32, i32, i32, i32, i32"> {
  let defaults = ["", "", "", "", "", "", "", ""];
  let cxxDefaults = ["nd_num=0", "n_value=0", "d_value=0",
                     "src_nd_matrix_stride=0", "src_d_value=0",
                     "dst_nz_c0_stride=0", "dst_nz_n_stride=0",
                     "dst_nz_matrix_stride=0"];
  // dst_nz_matrix_stride is the checker's [1, 65535] only where it is used,
  // with nd_num above 1 (verifyNd2NzParams); with one matrix it is unused
  // and 0 is allowed, as the simulator and the Matmul pass it.
  let fieldRanges = ["nd_num=0:4095", "n_value=0:16384",
                     "src_d_value=1:65535", "dst_nz_c0_stride=1:16384",
                     "dst_nz_n_stride=1:16384", "dst_nz_matrix_stride=0:65535"];
  let check = "::mlir::asc::detail::verifyNd2NzParams(*this)";
}

def Asc_Nz2NdParamsFullOp : Asc_ParamStructOp<"nz2nd_params_full",
    Asc_Nz2NdParamsFullType, "Nz2NdParamsFull",
    ["nd_num", "n_value", "d_value", "src_nd_matrix_stride", "src_n_stride",
     "dst_d_stride", "dst_nd_matrix_stride"],
    [16, 16, 16, 16, 16, 16, 16],
    "%p = asc.nz2nd_params_full %c1, %m, %n, %c1, %m, %n, %c1 : i32, i32, "
    "i32, i32, i32, i32, i32"> {
  let defaults = ["", "", "", "", "", "", ""];
  let cxxDefaults = ["nd_num=1", "n_value=0", "d_value=0",
                     "src_nd_matrix_stride=1", "src_n_stride=0",
                     "dst_d_stride=0", "dst_nd_matrix_stride=1"];
  let fieldRanges = ["nd_num=0:4095", "n_value=1:8192", "d_value=1:8192%16",
                     "src_nd_matrix_stride=1:512", "src_n_stride=0:4096",
                     "dst_d_stride=1:65535", "dst_nd_matrix_stride=1:65535"];
}

// The Fixpipe configuration is a template argument (`const FixpipeConfig&
// config = CFG_ROW_MAJOR`), so no op builds one: fixpipe carries its layout
// as an attribute and the emitter names one of the constants. 8.5's struct
// is an aggregate.
def Asc_FixpipeConfigStruct
    : Asc_CxxParamStruct<"FixpipeConfig", []> {
  let cxxAggregate = 1;
  let cxxConstexpr = 1;
  let cxxMembers = ["CO2Layout format"];
  let cxxConstants = ["CFG_NZ={CO2Layout::NZ}",
                      "CFG_ROW_MAJOR={CO2Layout::ROW_MAJOR}",
                      "CFG_COLUMN_MAJOR={CO2Layout::COLUMN_MAJOR}"];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCPARAMOPS_TD
