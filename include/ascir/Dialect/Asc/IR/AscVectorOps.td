//===- AscVectorOps.td - vector compute ops ----------------*- tablegen -*-===//
//
// Memory-vector instructions on UB tensors (PIPE_V): binary, vector-scalar,
// unary, conversion, compare and select, fill and broadcast. Most APIs come
// in three call forms (ascendc_api.md §0.2): count (`asc.add`), continuous
// mask (`asc.add_l0`) and bit mask (`asc.add_l1`). A form class fixes the
// trailing operands, their checks and the C++ call; a family multiclass
// declares all forms of one API in one line.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

// A UB tensor the op writes; with `reads` it reads the tensor too (the
// multiply-add ops accumulate into it).
class Asc_VecDst<list<Type> dtypes, bit reads = 0>
    : Arg<Asc_UBTensorOf<dtypes>,
          !if(reads, "destination, also read", "destination"),
          !if(reads, [MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>],
                     [MemWrite<Asc_UBResource>])>;

// A UB tensor the op reads.
class Asc_VecSrc<list<Type> dtypes, string what = "source">
    : Arg<Asc_UBTensorOf<dtypes>, what, [MemRead<Asc_UBResource>]>;

def Asc_VecScalar : Arg<Asc_ElementType, "scalar of the tensor element type">;
def Asc_VecCount : Arg<AnySignlessInteger, "number of elements">;
def Asc_VecMask : Arg<AnySignlessInteger,
                      "continuous mask: lanes enabled in each repeat">;
def Asc_VecMaskLow : Arg<AnySignlessInteger,
                         "bit mask of lanes 0-63 (mask[0])">;
def Asc_VecMaskHigh : Arg<AnySignlessInteger,
                          "bit mask of lanes 64-127 (mask[1])">;
def Asc_VecRepeat : Arg<AnySignlessInteger, "number of repeats">;
// One 64-bit word of a mask register value (set_vector_mask); Python takes
// it as an int of up to 64 bits.
def Asc_VecMaskWord : Arg<AnySignlessInteger, "64-bit mask word">;

// Whether the call loads its mask operand into the mask register; when
// false the operand is ignored and the mask set by asc.set_vector_mask
// applies.
def Asc_IsSetMask : DefaultValuedAttr<BoolAttr, "true">;

//===----------------------------------------------------------------------===//
// Call forms
//===----------------------------------------------------------------------===//

// The operands that follow the leading ones of one call form, how the form
// is checked and documented. `verify` is C++ yielding a LogicalResult in
// which LANE stands for the element type that sets the lanes per repeat.
// `templated` forms pass template arguments (element types, isSetMask);
// `array` forms pass `mask0`, `mask1` as one `uint64_t[2]`. `tag` names the
// form in the Python API (count, l0, l1). Operand names are pyasc's keyword
// names: the Python surface is generated from them.
class Asc_VecForm<string formSuffix, string formTag, string formTitle,
                  string formDoc, dag formArgs, string formVerify,
                  bit isTemplated, bit isArray, string exampleOps,
                  string exampleTypes, dag formSetMaskArgs = (ins)> {
  string suffix = formSuffix;
  string tag = formTag;
  string title = formTitle;
  string doc = formDoc;
  dag args = formArgs;
  // `is_set_mask`, which comes last, after the op's `tailArgs`.
  dag setMaskArgs = formSetMaskArgs;
  string verify = formVerify;
  bit templated = isTemplated;
  bit array = isArray;
  // Example operands (`, %m, %r`) and their types; the C++ arguments are
  // the operand names without `%`, the array form's mask is `mask`.
  string exOps = exampleOps;
  string exTypes = exampleTypes;
  string exCxx = !subst("%", "", !subst("%lo, %hi", "mask", exampleOps));
  // C++ arguments of detail::getVectorCallArguments locating the mask.
  string maskArg = !if(!empty(formSuffix), "std::nullopt, false",
      !if(isArray, "getMask0Mutable().getOperandNumber(), true",
                   "getMaskMutable().getOperandNumber(), false"));
}

// A constant count is checked here: Ascend C takes some counts as uint32_t
// (Cast, Compare, Gather), where a negative one would wrap to ~4 G elements.
def Asc_CountForm : Asc_VecForm<"", "count", "count form",
    "Processes the first `count` elements; a constant `count` is "
    "non-negative.",
    (ins Asc_VecCount:$count),
    "::mlir::asc::detail::verifyCount(*this, getCount())", 0, 0, ", %n",
    ", i32">;

// Continuous mask then repeat count, then `tail`. `setMask` adds the
// `is_set_mask` attribute and template arguments; `boundedRepeat` checks
// a constant repeat count against 255. The repeat count is called
// `repeatName` (pyasc's keyword: repeat_times, or repeat_time for some
// APIs), read in C++ by `repeatGetter`.
class Asc_MaskForm<dag tail, string exTail, string exTailTypes,
                   bit setMask = 1, bit boundedRepeat = 1,
                   string repeatName = "repeat_times",
                   string repeatGetter = "getRepeatTimes">
    : Asc_VecForm<"_l0", "l0", "continuous-mask form",
        "Enables the first `mask` lanes of each of `" # repeatName
        # "` repeats (16-bit elements: 1-128 lanes, 32-bit: 1-64)"
        # !if(boundedRepeat, "; `" # repeatName # "` is at most 255.", ".")
        # !if(setMask, " With `is_set_mask = false` the mask operand is "
              "ignored and the mask of `asc.set_vector_mask` applies.", ""),
        !con((ins Asc_VecMask:$mask), !dag(ins, [Asc_VecRepeat], [repeatName]),
             tail),
        "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask(), {}, "
            # !if(boundedRepeat, repeatGetter # "()", "{}") # ", "
            # !if(setMask, "getIsSetMask()", "true") # ")",
        setMask, 0, ", %m, %r" # exTail, ", i64, i32" # exTailTypes,
        !if(setMask, (ins Asc_IsSetMask:$is_set_mask), (ins))>;

// Bit mask (low word, high word) then repeat count, then `tail`.
class Asc_MaskArrayForm<dag tail, string exTail, string exTailTypes,
                        bit setMask = 1, bit boundedRepeat = 1,
                        string repeatName = "repeat_times",
                        string repeatGetter = "getRepeatTimes">
    : Asc_VecForm<"_l1", "l1", "bit-mask form",
        "Enables the lanes whose bits are set in `mask1:mask0` in each of `"
        # repeatName # "` repeats; 32-bit elements use `mask0` only"
        # !if(boundedRepeat, "; `" # repeatName # "` is at most 255.", ".")
        # !if(setMask, " With `is_set_mask = false` the mask operands are "
              "ignored and the mask of `asc.set_vector_mask` applies.", ""),
        !con((ins Asc_VecMaskLow:$mask0, Asc_VecMaskHigh:$mask1),
             !dag(ins, [Asc_VecRepeat], [repeatName]), tail),
        "::mlir::asc::detail::verifyVectorMask(*this, LANE, getMask0(), "
            "getMask1(), " # !if(boundedRepeat, repeatGetter # "()", "{}")
            # ", " # !if(setMask, "getIsSetMask()", "true") # ")",
        setMask, 1, ", %lo, %hi, %r" # exTail, ", i64, i64, i32" # exTailTypes,
        !if(setMask, (ins Asc_IsSetMask:$is_set_mask), (ins))>;

// Repeat parameter operands of the masked forms.
defvar Asc_BinaryParams =
    (ins Arg<Asc_BinaryRepeatParamsType, "block and repeat strides">
         :$repeat_params);
defvar Asc_UnaryParams =
    (ins Arg<Asc_UnaryRepeatParamsType, "block and repeat strides">
         :$repeat_params);

def Asc_BinaryMaskForm : Asc_MaskForm<Asc_BinaryParams, ", %p",
                                      ", !asc.binary_repeat_params">;
def Asc_BinaryMaskArrayForm : Asc_MaskArrayForm<Asc_BinaryParams, ", %p",
                                                ", !asc.binary_repeat_params">;
def Asc_UnaryMaskForm : Asc_MaskForm<Asc_UnaryParams, ", %p",
                                     ", !asc.unary_repeat_params">;
def Asc_UnaryMaskArrayForm : Asc_MaskArrayForm<Asc_UnaryParams, ", %p",
                                               ", !asc.unary_repeat_params">;

//===----------------------------------------------------------------------===//
// Vector op base class
//===----------------------------------------------------------------------===//

// One call form of a vector API `cxx` (without namespace). `args` are the
// leading arguments: tensors, scalars and enum attributes (the assembly
// prints the enums first, through `formatHead`). `doc` states what the op
// computes; the example shows `exHead` (operands before the form's),
// `exHeadTypes` and the C++ arguments `exHeadCxx`.
//
// Fields subclasses set with `let`:
//  * `typeArgs`: the tensors whose element types lead the template
//    arguments of the templated forms;
//  * `lane`: C++ for the element type that sets the lanes per repeat;
//  * `check`: extra C++ verification yielding a LogicalResult;
//  * `scalar`, `scalarOf`: the accessor (without `()`) of a scalar operand
//    passed to a deduced `const T&` and of the tensor whose element type T
//    is;
//  * `literal`, `literalPos`: C++ for an attribute passed as an argument
//    and the index of the operand it precedes;
//  * `formatHead`: the assembly of the enum attributes before the operands;
//  * `exTypeArgs`, `exCxxTail`: the example's leading template arguments
//    and the C++ arguments after the form's;
//  * `tailArgs`: attributes after the form's operands (before the form's
//    `is_set_mask`), in pyasc's keyword order.
class Asc_VecOp<string name, string cxx, string summaryText, string doc,
                list<Trait> traits, dag args, Asc_VecForm form,
                string exHead, string exHeadTypes, string exHeadCxx>
    : Asc_ApiOp<name # form.suffix, "AscendC::" # cxx,
                traits # [Asc_VectorStateEffects], form.templated,
                ["getCallArguments"]> {
  list<string> typeArgs = ["getDst()"];
  string lane = "::mlir::asc::getTensorElementType(getDst().getType())";
  string check = "::mlir::success()";
  string scalar = "";
  string scalarOf = "";
  string literal = "";
  string literalPos = "";
  string formatHead = "";
  string exTypeArgs = "float";
  string exCxxTail = "";
  dag tailArgs = (ins);

  let pyApi = name;
  let pyForm = form.tag;
  let simOp = cxx;
  let summary = summaryText # " (" # form.title # ")";
  let description = doc # "\n\n" # form.doc # "\n\n```mlir\nasc." # name
      # form.suffix # " " # exHead # form.exOps # " : " # exHeadTypes
      # form.exTypes # "\n```\n```c++\n"
      # !if(form.array, "uint64_t mask[] = {lo, hi};\n", "") # "AscendC::"
      # cxx # !if(form.templated, "<" # exTypeArgs # ", true>", "") # "("
      # exHeadCxx # form.exCxx # exCxxTail # ");\n```";
  let arguments = !con(args, form.args, tailArgs, form.setMaskArgs);
  let assemblyFormat =
      formatHead # "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
  let extraClassDefinition =
      "::mlir::LogicalResult $cppClass::verify() {\n"
      "  return ::mlir::success(::mlir::succeeded(" # check # ") &&\n"
      "      ::mlir::succeeded(" # !subst("LANE", lane, form.verify) # "));\n"
      "}\n"
      "void $cppClass::getCallArguments(\n"
      "    ::llvm::SmallVectorImpl<::mlir::asc::ApiArgument> &args) {\n"
      "  ::mlir::asc::detail::getVectorCallArguments(*this, args, "
      # form.maskArg # ", "
      # !if(!empty(scalar), "std::nullopt, {}",
            scalar # "Mutable().getOperandNumber(), "
            "::mlir::asc::getTensorElementType(" # scalarOf # ".getType())")
      # ", "
      # !if(!empty(literal), "{}, 0", literal # ", " # literalPos) # ");\n"
      "}\n"
      # !if(form.templated,
          "void $cppClass::getTemplateArguments(\n"
          "    ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {\n"
          "  ::mlir::asc::detail::appendElementTypes(args, {"
          # !interleave(typeArgs, ", ") # "});\n"
          "  args.push_back(::mlir::BoolAttr::get(getContext(), "
          "getIsSetMask()));\n"
          "}\n", "");
}

//===----------------------------------------------------------------------===//
// Binary ops: dst = src0 op src1 (ascendc_api.md §5.2)
//===----------------------------------------------------------------------===//

// `formula` is the computation, `dtypes` the element types on A2/A3
// (hardware.md §4.3). `accumulates` marks ops that read dst. `widening`
// ops (MulAddDst) may write f32 from f16 sources; their destination types
// are `dstTypes`.
class Asc_VecBinaryOp<string name, string cxx, string what, string formula,
                      list<Type> dtypes, bit accumulates, bit widening,
                      list<Type> dstTypes, Asc_VecForm form>
    : Asc_VecOp<name, cxx, "elementwise " # what,
        "Computes `" # formula # "` elementwise. All tensors are in UB "
        # !if(widening, "positions; the sources share an element type.",
              "positions and share one element type."),
        !if(widening, [Asc_SameElementType<"src0", "src1">],
                      [Asc_SameTensorElementType]),
        (ins Asc_VecDst<dstTypes, accumulates>:$dst,
             Asc_VecSrc<dtypes, "first source">:$src0,
             Asc_VecSrc<dtypes, "second source">:$src1),
        form, "%z, %x, %y",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, "
        "!asc.local_tensor<vecin, f32>", "z, x, y"> {
  let pyExtra = !if(!eq(form.tag, "count"), ["is_set_mask:bool=True"], []);
  let cxxForms = !if(widening, "", "Binary");
  let typeArgs = !if(widening, ["getDst()", "getSrc0()"], ["getDst()"]);
  let exTypeArgs = !if(widening, "float, float", "float");
  let lane = !if(widening,
      "::mlir::asc::detail::getWiderElementType(getDst(), getSrc0())",
      "::mlir::asc::getTensorElementType(getDst().getType())");
  let check = !if(widening,
      "::mlir::asc::detail::verifyWideningTypes(*this, getDst(), getSrc0())",
      "::mlir::success()");
}

multiclass Asc_VecBinaryOps<string name, string cxx, string what,
                            string formula, list<Type> dtypes,
                            bit accumulates = 0, bit widening = 0,
                            list<Type> dstTypes = dtypes> {
  def Op : Asc_VecBinaryOp<name, cxx, what, formula, dtypes, accumulates,
                           widening, dstTypes, Asc_CountForm>;
  def L0Op : Asc_VecBinaryOp<name, cxx, what, formula, dtypes, accumulates,
                             widening, dstTypes, Asc_BinaryMaskForm>;
  def L1Op : Asc_VecBinaryOp<name, cxx, what, formula, dtypes, accumulates,
                             widening, dstTypes, Asc_BinaryMaskArrayForm>;
}

let simTiming = "VADD" in
defm Asc_Add : Asc_VecBinaryOps<"add", "Add", "addition", "dst = src0 + src1",
                                [F16, F32, I16, I32]>;
let simTiming = "VADD" in
defm Asc_Sub : Asc_VecBinaryOps<"sub", "Sub", "subtraction",
                                "dst = src0 - src1", [F16, F32, I16, I32]>;
let simTiming = "VMUL" in
defm Asc_Mul : Asc_VecBinaryOps<"mul", "Mul", "multiplication",
                                "dst = src0 * src1", [F16, F32, I16, I32]>;
let simTiming = "VDIV" in
defm Asc_Div : Asc_VecBinaryOps<"div", "Div", "division", "dst = src0 / src1",
                                [F16, F32]>;
let simTiming = "VMAX" in
defm Asc_Max : Asc_VecBinaryOps<"max", "Max", "maximum",
                                "dst = max(src0, src1)", [F16, F32, I16, I32]>;
let simTiming = "VMAX" in
defm Asc_Min : Asc_VecBinaryOps<"min", "Min", "minimum",
                                "dst = min(src0, src1)", [F16, F32, I16, I32]>;
let simTiming = "VADD" in
defm Asc_AddRelu : Asc_VecBinaryOps<"add_relu", "AddRelu", "addition and relu",
                                    "dst = max(src0 + src1, 0)",
                                    [F16, F32, I16]>;
let simTiming = "VADD" in
defm Asc_SubRelu : Asc_VecBinaryOps<"sub_relu", "SubRelu",
                                    "subtraction and relu",
                                    "dst = max(src0 - src1, 0)",
                                    [F16, F32, I16]>;
// And/Or also take 32-bit elements in Ascend C (reinterpreted; hardware.md
// §4.3); pyasc's API does not.
let cxxOnlyTypes = [I32, UI32] in
defm Asc_BitwiseAnd : Asc_VecBinaryOps<"bitwise_and", "And", "bitwise and",
                                       "dst = src0 & src1", [I16, UI16]>;
let cxxOnlyTypes = [I32, UI32] in
defm Asc_BitwiseOr : Asc_VecBinaryOps<"bitwise_or", "Or", "bitwise or",
                                      "dst = src0 | src1", [I16, UI16]>;
let simTiming = "VMUL" in
defm Asc_FusedMulAdd : Asc_VecBinaryOps<"fused_mul_add", "FusedMulAdd",
                                        "multiply-add",
                                        "dst = src0 * dst + src1", [F16, F32],
                                        /*accumulates=*/1>;
let simTiming = "VMUL" in
defm Asc_FusedMulAddRelu : Asc_VecBinaryOps<"fused_mul_add_relu",
                                            "FusedMulAddRelu",
                                            "multiply-add and relu",
                                            "dst = max(src0 * dst + src1, 0)",
                                            [F16, F32], /*accumulates=*/1>;
let simTiming = "VMUL" in
defm Asc_MulAddDst : Asc_VecBinaryOps<"mul_add_dst", "MulAddDst",
                                      "multiply-accumulate",
                                      "dst = src0 * src1 + dst", [F16, F32],
                                      /*accumulates=*/1, /*widening=*/1>;

//===----------------------------------------------------------------------===//
// Vector-scalar ops: dst = src op scalar (ascendc_api.md §5.3)
//===----------------------------------------------------------------------===//

// The scalar has the source element type (signless for unsigned elements).
// `widening` ops (Axpy) may accumulate f16 sources into an f32 dst.
class Asc_VecScalarOp<string name, string cxx, string what, string formula,
                      list<Type> dtypes, bit widening, Asc_VecForm form>
    : Asc_VecOp<name, cxx, what # " with a scalar",
        "Computes `" # formula # "` elementwise. Both tensors are in UB "
        # !if(widening, "positions.", "positions and share one element type.")
        # " The scalar has the source element type (a signless integer of "
        "the same width for unsigned elements).",
        !if(widening, [Asc_ScalarOfElementType<"scalar", "src">],
                      [Asc_SameTensorElementType,
                       Asc_ScalarOfElementType<"scalar", "src">]),
        (ins Asc_VecDst<!if(widening, [F16, F32], dtypes), widening>:$dst,
             Asc_VecSrc<dtypes>:$src, Asc_VecScalar:$scalar),
        form, "%z, %x, %s",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32",
        "z, x, s"> {
  let scalar = "getScalar";
  let scalarOf = "getSrc()";
  let pyExtra = !if(!and(!eq(form.tag, "count"), !not(widening)),
                    ["is_set_mask:bool=True"], []);
  let cxxForms = !if(widening, "", "Scalar");
  let typeArgs = !if(widening, ["getDst()", "getSrc()"], ["getDst()"]);
  let exTypeArgs = !if(widening, "float, float", "float");
  let lane = !if(widening,
      "::mlir::asc::detail::getWiderElementType(getDst(), getSrc())",
      "::mlir::asc::getTensorElementType(getDst().getType())");
  let check = !if(widening,
      "::mlir::asc::detail::verifyWideningTypes(*this, getDst(), getSrc())",
      "::mlir::success()");
}

multiclass Asc_VecScalarOps<string name, string cxx, string what,
                            string formula, list<Type> dtypes,
                            bit widening = 0> {
  def Op : Asc_VecScalarOp<name, cxx, what, formula, dtypes, widening,
                           Asc_CountForm>;
  def L0Op : Asc_VecScalarOp<name, cxx, what, formula, dtypes, widening,
                             Asc_UnaryMaskForm>;
  def L1Op : Asc_VecScalarOp<name, cxx, what, formula, dtypes, widening,
                             Asc_UnaryMaskArrayForm>;
}

let simTiming = "VADD" in
defm Asc_Adds : Asc_VecScalarOps<"adds", "Adds", "addition",
                                 "dst = src + scalar", [F16, F32, I16, I32]>;
let simTiming = "VMUL" in
defm Asc_Muls : Asc_VecScalarOps<"muls", "Muls", "multiplication",
                                 "dst = src * scalar", [F16, F32, I16, I32]>;
let simTiming = "VMAX" in
defm Asc_Maxs : Asc_VecScalarOps<"maxs", "Maxs", "maximum",
                                 "dst = max(src, scalar)",
                                 [F16, F32, I16, I32]>;
let simTiming = "VMAX" in
defm Asc_Mins : Asc_VecScalarOps<"mins", "Mins", "minimum",
                                 "dst = min(src, scalar)",
                                 [F16, F32, I16, I32]>;
let simTiming = "VMUL" in
defm Asc_LeakyRelu : Asc_VecScalarOps<"leaky_relu", "LeakyRelu", "leaky relu",
                                      "dst = src >= 0 ? src : src * scalar",
                                      [F16, F32]>;
defm Asc_ShiftLeft : Asc_VecScalarOps<"shift_left", "ShiftLeft", "left shift",
                                      "dst = src << scalar",
                                      [I16, UI16, I32, UI32]>;
// ShiftRight takes roundEn in C++: its header functions are hand-written.
let cxxForms = "" in
defm Asc_ShiftRight : Asc_VecScalarOps<"shift_right", "ShiftRight",
                                       "right shift", "dst = src >> scalar",
                                       [I16, UI16, I32, UI32]>;
let simTiming = "VMUL" in
defm Asc_Axpy : Asc_VecScalarOps<"axpy", "Axpy", "multiply-accumulate",
                                 "dst = src * scalar + dst", [F16, F32],
                                 /*widening=*/1>;

//===----------------------------------------------------------------------===//
// Unary ops: dst = f(src) (ascendc_api.md §5.4)
//===----------------------------------------------------------------------===//

class Asc_VecUnaryOp<string name, string cxx, string what, string formula,
                     list<Type> dtypes, Asc_VecForm form>
    : Asc_VecOp<name, cxx, "elementwise " # what,
        "Computes `" # formula # "` elementwise. Both tensors are in UB "
        "positions and share one element type.",
        [Asc_SameTensorElementType],
        (ins Asc_VecDst<dtypes>:$dst, Asc_VecSrc<dtypes>:$src),
        form, "%z, %x",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>",
        "z, x"> {
  let cxxForms = "Unary";
}

multiclass Asc_VecUnaryOps<string name, string cxx, string what,
                           string formula, list<Type> dtypes> {
  def Op : Asc_VecUnaryOp<name, cxx, what, formula, dtypes, Asc_CountForm>;
  def L0Op : Asc_VecUnaryOp<name, cxx, what, formula, dtypes,
                            Asc_UnaryMaskForm>;
  def L1Op : Asc_VecUnaryOp<name, cxx, what, formula, dtypes,
                            Asc_UnaryMaskArrayForm>;
}

let simTiming = "VMAX" in
defm Asc_Abs : Asc_VecUnaryOps<"abs", "Abs", "absolute value", "dst = |src|",
                               [F16, F32]>;
let simTiming = "VEXP" in
defm Asc_Exp : Asc_VecUnaryOps<"exp", "Exp", "exponential", "dst = e^src",
                               [F16, F32]>;
let simTiming = "VLN" in
defm Asc_Ln : Asc_VecUnaryOps<"ln", "Ln", "natural logarithm",
                              "dst = ln(src)", [F16, F32]>;
let simTiming = "VSQRT" in
defm Asc_Sqrt : Asc_VecUnaryOps<"sqrt", "Sqrt", "square root",
                                "dst = sqrt(src)", [F16, F32]>;
let simTiming = "VREC" in
defm Asc_Rsqrt : Asc_VecUnaryOps<"rsqrt", "Rsqrt", "reciprocal square root",
                                 "dst = 1 / sqrt(src)", [F16, F32]>;
let simTiming = "VREC" in
defm Asc_Reciprocal : Asc_VecUnaryOps<"reciprocal", "Reciprocal",
                                      "reciprocal", "dst = 1 / src",
                                      [F16, F32]>;
let simTiming = "VMAX" in
defm Asc_Relu : Asc_VecUnaryOps<"relu", "Relu", "relu", "dst = max(src, 0)",
                                [F16, F32, I32]>;
defm Asc_BitwiseNot : Asc_VecUnaryOps<"bitwise_not", "Not", "bitwise not",
                                      "dst = ~src", [I16, UI16]>;

//===----------------------------------------------------------------------===//
// Conversion (ascendc_api.md §5.5)
//===----------------------------------------------------------------------===//

// Element types taking part in some A2/A3 conversion (hardware.md §4.3).
defvar Asc_CastTypes = [F16, BF16, F32, I8, UI8, I16, I32, I64];

class Asc_CastOpOf<Asc_VecForm form>
    : Asc_VecOp<"cast", "Cast", "convert the element type",
        "Converts each element of `src` to the element type of `dst` with "
        "the given rounding. The (source, destination, round mode) "
        "combinations are those of A2/A3 (hardware.md §4.3); repeats "
        "iterate on the wider of the two element types.",
        [], (ins Asc_VecDst<Asc_CastTypes>:$dst,
                 Asc_VecSrc<Asc_CastTypes>:$src,
                 Asc_RoundModeAttr:$round_mode),
        form, "cast_rint, %z, %x",
        "!asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>",
        "z, x, AscendC::RoundMode::CAST_RINT"> {
  let formatHead = "$round_mode `,` ";
  let typeArgs = ["getDst()", "getSrc()"];
  let exTypeArgs = "half, float";
  let lane = "::mlir::asc::detail::getWiderElementType(getDst(), getSrc())";
  let check = "::mlir::asc::detail::verifyCastTypes(*this, "
              "::mlir::asc::getTensorElementType(getDst().getType()), "
              "::mlir::asc::getTensorElementType(getSrc().getType()), "
              "getRoundMode())";
  let literal = "getRoundModeAttr()";
  let literalPos = "2";
}

let simTiming = "VCONV" in {
def Asc_CastOp : Asc_CastOpOf<Asc_CountForm>;
def Asc_CastL0Op : Asc_CastOpOf<Asc_UnaryMaskForm>;
def Asc_CastL1Op : Asc_CastOpOf<Asc_UnaryMaskArrayForm>;
}

//===----------------------------------------------------------------------===//
// Compare and select (ascendc_api.md §5.6)
//===----------------------------------------------------------------------===//

// Shared by compare and compare_scalar: `cmp_mode` is checked against the
// source type and, for the count form, the count against 256-byte repeats.
// `maskDoc` says how the masked forms use their mask.
class Asc_CompareOpBase<string name, string cxx, string summaryText,
                        string what, list<Type> dst,
                        list<Trait> traits, dag second, Asc_VecForm form,
                        string exSecond, string exSecondType,
                        string maskDoc = "A2/A3 ignore the mask of the masked "
                            "forms: every repeat compares 256 bytes.">
    : Asc_VecOp<name, cxx, summaryText,
        "Compares `src0` with " # what # " elementwise and writes one bit "
        "per element (1 where the comparison holds, least significant bit "
        "first) to `dst`. Sources are f16, f32 or i32; i32 sources support "
        "only `eq`. The count form needs `count * sizeof(T)` to be a "
        "multiple of 256 bytes. " # maskDoc,
        traits,
        !con((ins Asc_VecDst<dst>:$dst, Asc_VecSrc<[F16, F32, I32]>:$src0),
             second, (ins Asc_CmpModeAttr:$cmp_mode)),
        form, "lt, %c, %x, " # exSecond,
        "!asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, "
        # exSecondType, "c, x, " # !subst("%", "", exSecond)
        # ", AscendC::CMPMODE::LT"> {
  let formatHead = "$cmp_mode `,` ";
  let typeArgs = ["getSrc0()", "getDst()"];
  let exTypeArgs = "float, uint8_t";
  let lane = "::mlir::asc::getTensorElementType(getSrc0().getType())";
  let check = "::mlir::success(::mlir::succeeded("
      "::mlir::asc::detail::verifyCompareMode(*this, "
      "::mlir::asc::getTensorElementType(getSrc0().getType()), "
      "getCmpMode())) && ::mlir::succeeded("
      # !if(!empty(form.suffix),
            "::mlir::asc::detail::verifyCompareCount(*this, "
            "::mlir::asc::getTensorElementType(getSrc0().getType()), "
            "getCount())", "::mlir::success()") # "))";
  let literal = "getCmpModeAttr()";
  let literalPos = "3";
}

class Asc_CompareOpOf<Asc_VecForm form>
    : Asc_CompareOpBase<"compare", "Compare",
        "compare two tensors into a bit mask", "`src1`", [I8, UI8],
        [Asc_SameElementType<"src0", "src1">],
        (ins Asc_VecSrc<[F16, F32, I32], "second source">:$src1), form,
        "%y", "!asc.local_tensor<vecin, f32>">;

def Asc_CompareOp : Asc_CompareOpOf<Asc_CountForm>;
def Asc_CompareL0Op : Asc_CompareOpOf<Asc_BinaryMaskForm>;
def Asc_CompareL1Op : Asc_CompareOpOf<Asc_BinaryMaskArrayForm>;

class Asc_CompareScalarOpOf<Asc_VecForm form>
    : Asc_CompareOpBase<"compare_scalar", "CompareScalar",
        "compare a tensor with a scalar into a bit mask", "a scalar", [UI8],
        [Asc_ScalarOfElementType<"src1_scalar", "src0">],
        (ins Asc_VecScalar:$src1_scalar), form, "%s", "f32",
        "The masked forms honour the mask: the bits of masked-off elements "
        "are 0. Repeat r writes its 256 / sizeof(T) bits at byte "
        "r * 32 / sizeof(T) of `dst`.">  {
  let scalar = "getSrc1Scalar";
  let scalarOf = "getSrc0()";
}

def Asc_CompareScalarOp : Asc_CompareScalarOpOf<Asc_CountForm>;
def Asc_CompareScalarL0Op : Asc_CompareScalarOpOf<Asc_UnaryMaskForm>;
def Asc_CompareScalarL1Op : Asc_CompareScalarOpOf<Asc_UnaryMaskArrayForm>;

// Shared by select and select_scalar, in every call form (the masked forms
// are in AscCmpMaskOps.td).
class Asc_SelectOpBase<string name, string what, list<Trait> traits,
                       dag second, string exSecond, string exSecondType,
                       string mode, bit isScalar,
                       Asc_VecForm form = Asc_CountForm>
    : Asc_VecOp<name, "Select", "select elements by a bit mask" # what,
        "Writes `src0[i]` where bit i of `sel_mask` is 1 and "
        # !if(isScalar, "the scalar", "`src1[i]`") # " where it is 0. "
        "Data tensors are f16 or f32 and share one element type; the mask "
        "holds ui8, ui16, ui32 or ui64. "
        # !if(isScalar, "The mode must be `vsel_tensor_scalar_mode`.",
              "The mode must be `vsel_cmpmask_spr` (the same mask bits for "
              "every repeat) or `vsel_tensor_tensor_mode` (mask bits consumed "
              "continuously)."),
        traits # [Asc_SameElementType<"dst", "src0">],
        !con((ins Asc_VecDst<[F16, F32]>:$dst,
                  Asc_VecSrc<[UI8, UI16, UI32, UI64], "bit mask">:$sel_mask,
                  Asc_VecSrc<[F16, F32], "first source">:$src0),
             second, (ins Asc_SelModeAttr:$sel_mode)),
        form, mode # ", %z, %b, %x, " # exSecond,
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, "
        "!asc.local_tensor<vecin, f32>, " # exSecondType,
        "z, b, x, " # !subst("%", "", exSecond) # ", AscendC::SELMODE::"
        # !toupper(mode)> {
  let pyApi = "select";
  let simOp = !if(isScalar, "SelectScalar", "Select");
  let simTiming = "VSEL";
  let formatHead = "$sel_mode `,` ";
  let typeArgs = ["getDst()", "getSelMask()"];
  let exTypeArgs = "float, uint8_t";
  let check = "::mlir::asc::detail::verifySelectMode(*this, getSelMode(), "
              # !if(isScalar, "true", "false") # ")";
  let literal = "getSelModeAttr()";
  let literalPos = "4";
}

def Asc_SelectOp : Asc_SelectOpBase<"select", "",
    [Asc_SameElementType<"src0", "src1">],
    (ins Asc_VecSrc<[F16, F32], "second source">:$src1), "%y",
    "!asc.local_tensor<vecin, f32>", "vsel_cmpmask_spr", 0>;

// pyasc calls the scalar `src1`, like the tensor it replaces.
def Asc_SelectScalarOp : Asc_SelectOpBase<"select_scalar", " and a scalar",
    [Asc_ScalarOfElementType<"src1", "src0">],
    (ins Asc_VecScalar:$src1), "%s", "f32", "vsel_tensor_scalar_mode", 1> {
  let scalar = "getSrc1";
  let scalarOf = "getSrc0()";
}

//===----------------------------------------------------------------------===//
// Fill and broadcast (ascendc_api.md §5.7)
//===----------------------------------------------------------------------===//

defvar Asc_DuplicateTypes = [F16, BF16, F32, I16, UI16, I32, UI32];
defvar Asc_DuplicateStrides =
    (ins Arg<AnySignlessInteger, "block stride of dst">:$dst_block_stride,
         Arg<AnySignlessInteger, "repeat stride of dst">:$dst_repeat_stride);

// The mask forms check constant strides against Ascend C's parameter types
// (`uint16_t dstBlockStride, uint8_t dstRepeatStride`).
defvar Asc_DuplicateStrideCheck =
    "::mlir::success(::mlir::succeeded(::mlir::asc::detail::"
    "verifyUnsignedOperand(*this, getDstBlockStride(), 16)) && "
    "::mlir::succeeded(::mlir::asc::detail::verifyUnsignedOperand(*this, "
    "getDstRepeatStride(), 8)))";

class Asc_DuplicateOpOf<Asc_VecForm form, string strideCheck = "">
    : Asc_VecOp<"duplicate", "Duplicate", "fill a UB tensor with a scalar",
        "Writes the scalar to the elements of `dst`, a UB tensor. The scalar "
        "has the element type (a signless integer of the same width for "
        "unsigned elements)." # !if(!empty(strideCheck), "",
        " A constant `dst_block_stride` is at most 65535 and a constant "
        "`dst_repeat_stride` at most 255 (`uint16_t`, `uint8_t` in Ascend "
        "C)."),
        [Asc_ScalarOfElementType<"scalar", "dst">],
        (ins Asc_VecDst<Asc_DuplicateTypes>:$dst, Asc_VecScalar:$scalar),
        form, "%z, %s", "!asc.local_tensor<vecout, f32>, f32", "z, s"> {
  let scalar = "getScalar";
  let scalarOf = "getDst()";
  let check = !if(!empty(strideCheck), "::mlir::success()", strideCheck);
}

def Asc_DuplicateOp : Asc_DuplicateOpOf<Asc_CountForm>;
def Asc_DuplicateL0Op : Asc_DuplicateOpOf<
    Asc_MaskForm<Asc_DuplicateStrides, ", %bs, %rs", ", i32, i32">,
    Asc_DuplicateStrideCheck>;
def Asc_DuplicateL1Op : Asc_DuplicateOpOf<
    Asc_MaskArrayForm<Asc_DuplicateStrides, ", %bs, %rs", ", i32, i32">,
    Asc_DuplicateStrideCheck>;

def Asc_BrcbOp : Asc_ApiOp<"brcb", "AscendC::Brcb",
    [Asc_SameTensorElementType, Asc_VectorStateEffects]> {
  let summary = "broadcast elements into 32-byte blocks";
  let description = [{
    Each repeat reads 8 consecutive elements of `src0` and fills 8 data
    blocks of `dst`, one element per block. Both tensors are in UB, share one
    element type and must not overlap; `repeat` is at most 255.

    ```mlir
    asc.brcb %z, %x, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, !asc.brcb_repeat_params
    ```
    ```c++
    AscendC::Brcb(z, x, r, p);
    ```
  }];
  let pyApi = "brcb";
  let pyForm = "repeat";
  let simOp = "Brcb";
  let simTiming = "VCOPY";
  let arguments = (ins
    Asc_VecDst<Asc_DuplicateTypes>:$dst,
    Asc_VecSrc<Asc_DuplicateTypes>:$src0,
    Asc_VecRepeat:$repeat_times,
    Arg<Asc_BrcbRepeatParamsType, "block and repeat strides of dst">
        :$repeat_params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gather (ascendc_api.md §5.8)
//===----------------------------------------------------------------------===//

defvar Asc_GatherTypes = [F16, BF16, UI16, I16, F32, UI32, I32];
defvar Asc_GatherStrides =
    (ins Arg<AnySignlessInteger, "repeat stride of dst">:$dst_rep_stride);

// Operand #2 of Gather is a UB tensor of ui32 byte offsets, not of the
// element type, so only dst and src share one.
// Constant operands are checked against Ascend C's parameter types
// (`uint32_t srcBaseAddr`; mask forms: `uint16_t dstRepStride`).
class Asc_GatherOpOf<Asc_VecForm form, bit hasStride = 1,
                     string baseCheck = "::mlir::asc::detail::"
                         "verifyUnsignedOperand(*this, getSrcBase(), 32)">
    : Asc_VecOp<"gather", "Gather", "gather elements by byte offsets",
        "Writes the element of `src` at byte offset `src_base + "
        "src_offset[i]` to `dst[i]`. `src_offset` holds ui32 byte offsets and "
        "`src_base` is a byte offset, each a multiple of the element size. "
        "All tensors are in UB; `dst` and `src` share one element type (f16, "
        "bf16, ui16, i16, f32, ui32 or i32) and must not overlap. A constant "
        "`src_base` fits a `uint32_t`"
        # !if(hasStride, ", a constant `dst_rep_stride` a `uint16_t`.", "."),
        [Asc_SameElementType<"dst", "src">],
        (ins Asc_VecDst<Asc_GatherTypes>:$dst,
             Asc_VecSrc<Asc_GatherTypes>:$src,
             Asc_VecSrc<[UI32], "byte offsets into src">:$src_offset,
             Arg<AnySignlessInteger, "base byte offset into src">:$src_base),
        form, "%z, %x, %o, %b",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, "
        "!asc.local_tensor<veccalc, ui32>, i32", "z, x, o, b"> {
  let check = !if(hasStride,
      "::mlir::success(::mlir::succeeded(" # baseCheck # ") && "
      "::mlir::succeeded(::mlir::asc::detail::verifyUnsignedOperand(*this, "
      "getDstRepStride(), 16)))",
      baseCheck);
}

let simTiming = "VCOPY" in {
def Asc_GatherOp : Asc_GatherOpOf<Asc_CountForm, /*hasStride=*/0>;
def Asc_GatherL0Op : Asc_GatherOpOf<
    Asc_MaskForm<Asc_GatherStrides, ", %s", ", i32", /*setMask=*/0>>;
def Asc_GatherL1Op : Asc_GatherOpOf<
    Asc_MaskArrayForm<Asc_GatherStrides, ", %s", ", i32", /*setMask=*/0>>;
}

def Asc_GatherbOp : Asc_ApiOp<"gatherb", "AscendC::Gatherb",
    [Asc_SameElementType<"dst", "src0">, Asc_VectorStateEffects]> {
  let summary = "gather 32-byte blocks by byte offsets";
  let description = [{
    Each repeat fills 8 data blocks of `dst`; block i is copied from the
    32-byte block of `src0` at byte offset `offset[i]` (a multiple of 32).
    All tensors are in UB; `dst` and `src0` share one element type (ui16 or
    ui32) and must not overlap, `offset` holds ui32. `repeat` is at most
    255.

    ```mlir
    asc.gatherb %z, %x, %o, %r, %p : !asc.local_tensor<vecout, ui32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, ui32>, i32, !asc.gather_repeat_params
    ```
    ```c++
    AscendC::Gatherb(z, x, o, r, p);
    ```
  }];
  let pyApi = "gatherb";
  let pyForm = "repeat";
  let simOp = "Gatherb";
  let simTiming = "VCOPY";
  let arguments = (ins
    Asc_VecDst<[UI16, UI32]>:$dst,
    Asc_VecSrc<[UI16, UI32]>:$src0,
    Asc_VecSrc<[UI32], "block byte offsets into src0">:$offset,
    Asc_VecRepeat:$repeat_times,
    Arg<Asc_GatherRepeatParamsType, "block and repeat strides of dst">
        :$repeat_params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Vector copy (ascendc_api.md §5.1)
//===----------------------------------------------------------------------===//

defvar Asc_CopyTypes = [I16, UI16, F16, BF16, I32, UI32, F32];
defvar Asc_CopyParams =
    (ins Arg<Asc_CopyRepeatParamsType, "block and repeat strides">
         :$repeat_params);

class Asc_CopyOpOf<Asc_VecForm form>
    : Asc_VecOp<"copy", "Copy", "copy between UB tensors with strides",
        "Copies the enabled lanes of `src` to `dst` on the vector unit "
        "(PIPE_V). Both tensors are in UB positions and share one element "
        "type (i16, ui16, f16, bf16, i32, ui32 or f32).",
        [Asc_SameTensorElementType],
        (ins Asc_VecDst<Asc_CopyTypes>:$dst, Asc_VecSrc<Asc_CopyTypes>:$src),
        form, "%z, %x",
        "!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>",
        "z, x">;

let simTiming = "VCOPY" in {
def Asc_CopyL0Op : Asc_CopyOpOf<
    Asc_MaskForm<Asc_CopyParams, ", %p", ", !asc.copy_repeat_params", 1, 1,
                 "repeat_time", "getRepeatTime">>;
def Asc_CopyL1Op : Asc_CopyOpOf<
    Asc_MaskArrayForm<Asc_CopyParams, ", %p", ", !asc.copy_repeat_params", 1,
                      1, "repeat_time", "getRepeatTime">>;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCVECTOROPS_TD
