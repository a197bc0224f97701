//===- AscAdvOps.td - the advanced API (asc.adv) -----------*- tablegen -*-===//
//
// The advanced API of pyasc's `asc.adv` (pyasc_api.md §1.7, except Matmul):
// SoftMax, RmsNorm, AscendQuant and the math library. Each op is one call of
// the Ascend C advanced API; the simulator's headers (ascsim/adv_api.h)
// implement those calls as sequences of basic vector instructions working
// in the temp buffer (`temp_buffer`, a UB tensor of ui8) they are given, or
// without one in the Unified Buffer above the TPipe's buffers.
// Element types are those of A2/A3 (f16, f32; Xor: i16, ui16). The
// template arguments are the element type and the op's bool attributes.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCADVOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCADVOPS_TD

defvar Asc_AdvTypes = [F16, F32];

// Absent: the call takes the Ascend C form without a temp buffer, which works
// in the Unified Buffer above the TPipe's buffers (PopStackBuffer).
def Asc_AdvTemp : Arg<Optional<Asc_UBTensorOf<[UI8]>>,
                      "temp buffer (scratch space)",
                      [MemRead<Asc_UBResource>, MemWrite<Asc_UBResource>]>;

// An advanced API call: `AscendC::<cxx><T, template attributes...>(operands)`.
// `templateAttrs` are the C++ accessors (without `()`) of the attributes
// passed as template arguments after T, in order.
class Asc_AdvOp<string mnemonic, string cxx, string api, list<Trait> traits,
                list<string> templateAttrs, list<string> methods = []>
    : Asc_ApiOp<mnemonic, "AscendC::" # cxx,
                traits # [Asc_VectorStateEffects], /*hasTemplateArgs=*/1,
                methods> {
  let pyName = "adv." # api;
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      ::mlir::asc::detail::appendElementTypes(args, {getDst()});
  }] # !interleave(!foreach(a, templateAttrs,
      "      args.push_back(" # a # "Attr());"), "\n") # [{
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::asc::detail::verifyAdvOp(*this);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Building a struct in the kernel
//===----------------------------------------------------------------------===//

def Asc_StructZeroOp : Asc_Op<"struct_zero",
    [MemoryEffects<[MemWrite<Asc_PipeResource>]>]> {
  let pyName = "Struct";
  let summary = "a struct with every field 0 (built in the kernel)";
  let description = [{
    A local struct value-initialised to 0, to be filled with
    `asc.struct_set` (the advanced API's tiling structs computed in the
    kernel). Has effects so that the emitter declares it.

    ```mlir
    %t = asc.struct_zero : !asc.struct<"SoftmaxTiling", ["srcM" : i32], pack = 8>
    ```
    ```c++
    SoftmaxTiling t{};
    ```
  }];
  let results = (outs Asc_StructType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// SoftMax, RmsNorm, AscendQuant
//===----------------------------------------------------------------------===//

def Asc_AdvSoftmaxOp : Asc_AdvOp<"adv_softmax", "SoftMax", "softmax",
    [Asc_SameElementType<"dst", "src">, Asc_SameElementType<"dst", "sum">,
     Asc_SameElementType<"dst", "max">],
    ["getReuseSource", "getBasicBlock", "getDataFormatNz"]> {
  let summary = "row-wise softmax over the last axis, with row sums and maxima";
  let description = [{
    For each of the `tiling.srcM` rows of `tiling.srcK` elements of `src`:
    `max` = the row maximum, `dst` = exp(src - max) / sum and `sum` = the sum
    of exp(src - max), computed in float32. `sum` and `max` hold
    `tiling.outMaxK` copies of each row's value (one 32-byte block). The
    tiling must describe the tensors (the simulator checks it); `temp_buffer`
    must hold what `asc.adv.get_softmax_min_tmp_size` says. `reuse_source`
    and `basic_block` are permissions of Ascend C (src may be overwritten;
    the shape satisfies the basic-block rule, checked); `data_format_nz` is
    not implemented and rejected.

    ```mlir
    asc.adv_softmax %d, %s, %m, %x, %t, %tiling : !asc.local_tensor<vecout, f32>, ...
    ```
    ```c++
    AscendC::SoftMax<float, false, false, false>(d, s, m, x, t, tiling);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes>:$dst,
    Asc_VecDst<Asc_AdvTypes>:$sum,
    Asc_VecDst<Asc_AdvTypes>:$max,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_AdvTemp:$temp_buffer,
    Arg<Asc_StructType, "SoftmaxTiling">:$tiling,
    DefaultValuedAttr<BoolAttr, "false">:$reuse_source,
    DefaultValuedAttr<BoolAttr, "false">:$basic_block,
    DefaultValuedAttr<BoolAttr, "false">:$data_format_nz
  );
}

def Asc_AdvRmsNormOp : Asc_AdvOp<"adv_rmsnorm", "RmsNorm", "rmsnorm",
    [Asc_SameElementType<"dst", "src">, Asc_SameElementType<"dst", "gamma">,
     Asc_ScalarOfElementType<"epsilon", "src">],
    ["getBasicBlock"], ["getCallArguments"]> {
  let summary = "RMS normalisation over the last axis";
  let description = [{
    For each of the `tiling.bLength * tiling.sLength` rows of
    `tiling.hLength` elements: `dst = src * gamma / sqrt(mean(src^2) +
    epsilon)`, the mean over the first `tiling.originalHLength` elements,
    computed in float32. `gamma` holds `hLength` elements.

    ```c++
    AscendC::RmsNorm<float, false>(d, x, g, t, eps, tiling);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes>:$dst,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_VecSrc<Asc_AdvTypes, "gamma">:$gamma,
    Asc_AdvTemp:$temp_buffer,
    Asc_VecScalar:$epsilon,
    Arg<Asc_StructType, "RmsNormTiling">:$tiling,
    DefaultValuedAttr<BoolAttr, "false">:$basic_block
  );
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      ::mlir::asc::detail::appendElementTypes(args, {getDst()});
      args.push_back(getBasicBlockAttr());
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::asc::detail::verifyAdvOp(*this);
    }
    void $cppClass::getCallArguments(
        ::llvm::SmallVectorImpl<::mlir::asc::ApiArgument> &args) {
      ::mlir::asc::detail::getVectorCallArguments(*this, args, std::nullopt,
          false, getEpsilonMutable().getOperandNumber(),
          ::mlir::asc::getTensorElementType(getSrc().getType()), {}, 0);
    }
  }];
}

def Asc_AdvQuantOp : Asc_AdvOp<"adv_quant", "AscendQuant", "quant", [],
    ["getReuseSource"]> {
  let summary = "quantise to int8: round(src * scale + offset)";
  let description = [{
    `dst[i] = int8(src[i] * scale + offset)` for the first `count` elements,
    rounded to nearest even and saturated to [-128, 127] (through half, as
    Ascend C does), `src` f16 or f32, `dst` i8. The template argument T is
    the source type.

    ```c++
    AscendC::AscendQuant<float, false>(d, x, t, 0.5f, 1.0f, n);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<[I8]>:$dst,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_AdvTemp:$temp_buffer,
    F32:$scale,
    F32:$offset,
    AnySignlessInteger:$count,
    DefaultValuedAttr<BoolAttr, "false">:$reuse_source
  );
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      ::mlir::asc::detail::appendElementTypes(args, {getSrc()});
      args.push_back(getReuseSourceAttr());
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::asc::detail::verifyAdvOp(*this);
    }
  }];
}

//===----------------------------------------------------------------------===//
// The math library
//===----------------------------------------------------------------------===//

class Asc_AdvUnaryOp<string name, string cxx, string formula>
    : Asc_AdvOp<"adv_" # name, cxx, name, [Asc_SameElementType<"dst", "src">],
                ["getIsReuseSource"]> {
  let summary = "elementwise " # formula;
  let description = "`dst[i] = " # formula # "` for the first `count` "
      "elements, computed in float32 by basic vector instructions in "
      "`temp_buffer` (docs/accuracy.md has the error bound).\n\n```c++\n"
      "AscendC::" # cxx # "<float, false>(d, x, t, n);\n```";
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes>:$dst,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_AdvTemp:$temp_buffer,
    AnySignlessInteger:$count,
    DefaultValuedAttr<BoolAttr, "false">:$is_reuse_source
  );
}

def Asc_AdvAcosOp : Asc_AdvUnaryOp<"acos", "Acos", "acos(src)">;
def Asc_AdvAcoshOp : Asc_AdvUnaryOp<"acosh", "Acosh", "acosh(src)">;
def Asc_AdvAsinOp : Asc_AdvUnaryOp<"asin", "Asin", "asin(src)">;
def Asc_AdvAsinhOp : Asc_AdvUnaryOp<"asinh", "Asinh", "asinh(src)">;
def Asc_AdvAtanOp : Asc_AdvUnaryOp<"atan", "Atan", "atan(src)">;
def Asc_AdvAtanhOp : Asc_AdvUnaryOp<"atanh", "Atanh", "atanh(src)">;
def Asc_AdvCeilOp : Asc_AdvUnaryOp<"ceil", "Ceil", "ceil(src)">;
def Asc_AdvCosOp : Asc_AdvUnaryOp<"cos", "Cos", "cos(src)">;
def Asc_AdvCoshOp : Asc_AdvUnaryOp<"cosh", "Cosh", "cosh(src)">;
def Asc_AdvDigammaOp : Asc_AdvUnaryOp<"digamma", "Digamma", "digamma(src)">;
def Asc_AdvErfOp : Asc_AdvUnaryOp<"erf", "Erf", "erf(src)">;
def Asc_AdvErfcOp : Asc_AdvUnaryOp<"erfc", "Erfc", "erfc(src)">;
def Asc_AdvFloorOp : Asc_AdvUnaryOp<"floor", "Floor", "floor(src)">;
def Asc_AdvFracOp : Asc_AdvUnaryOp<"frac", "Frac", "src - trunc(src)">;
def Asc_AdvLgammaOp : Asc_AdvUnaryOp<"lgamma", "Lgamma", "lgamma(src)">;
def Asc_AdvLogOp : Asc_AdvUnaryOp<"log", "Log", "ln(src)">;
def Asc_AdvRoundOp : Asc_AdvUnaryOp<"round", "Round",
    "round(src) (halves away from 0)">;
def Asc_AdvSignOp : Asc_AdvUnaryOp<"sign", "Sign", "sign(src)">;
def Asc_AdvSinOp : Asc_AdvUnaryOp<"sin", "Sin", "sin(src)">;
def Asc_AdvSinhOp : Asc_AdvUnaryOp<"sinh", "Sinh", "sinh(src)">;
def Asc_AdvTanOp : Asc_AdvUnaryOp<"tan", "Tan", "tan(src)">;
def Asc_AdvTanhOp : Asc_AdvUnaryOp<"tanh", "Tanh", "tanh(src)">;
def Asc_AdvTruncOp : Asc_AdvUnaryOp<"trunc", "Trunc", "trunc(src)">;

def Asc_AdvExpOp : Asc_AdvOp<"adv_exp", "Exp", "exp",
    [Asc_SameElementType<"dst", "src">],
    ["getTaylorExpandLevel", "getIsReuseSource"]> {
  let summary = "elementwise e^src with a Taylor expansion of the fraction";
  let description = [{
    `dst = e^n * T_L(f)`, n = floor(src), f = src - n, T_L the Taylor
    polynomial of e^f to degree `taylor_expand_level` (0: the basic Exp
    instruction alone), in float32 in `temp_buffer`.

    ```c++
    AscendC::Exp<float, 10, false>(d, x, t, n);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes>:$dst,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_AdvTemp:$temp_buffer,
    AnySignlessInteger:$count,
    I32Attr:$taylor_expand_level,
    DefaultValuedAttr<BoolAttr, "false">:$is_reuse_source
  );
}

def Asc_AdvPowerOp : Asc_AdvOp<"adv_power", "Power", "power",
    [Asc_SameElementType<"dst", "src0">, Asc_SameElementType<"dst", "src1">],
    ["getIsReuseSource"]> {
  let summary = "elementwise src0 ^ src1";
  let description = [{
    `dst = src0 ^ src1` (C `pow` rules for signs, zeros, infinities and
    integral exponents), in float32 in `temp_buffer`.

    ```c++
    AscendC::Power<float, false>(d, a, b, t, n);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes>:$dst,
    Asc_VecSrc<Asc_AdvTypes, "base">:$src0,
    Asc_VecSrc<Asc_AdvTypes, "exponent">:$src1,
    Asc_AdvTemp:$temp_buffer,
    AnySignlessInteger:$count,
    DefaultValuedAttr<BoolAttr, "false">:$is_reuse_source
  );
}

def Asc_AdvXorOp : Asc_AdvOp<"adv_xor", "Xor", "xor",
    [Asc_SameElementType<"dst", "src0">, Asc_SameElementType<"dst", "src1">],
    ["getIsReuseSource"]> {
  let summary = "elementwise bitwise exclusive or";
  let description = [{
    `dst = src0 ^ src1` on 16-bit integers: (a | b) & ~(a & b) with the
    basic Or, And and Not instructions, in `temp_buffer`.

    ```c++
    AscendC::Xor<int16_t, false>(d, a, b, t, n);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<[I16, UI16]>:$dst,
    Asc_VecSrc<[I16, UI16]>:$src0,
    Asc_VecSrc<[I16, UI16]>:$src1,
    Asc_AdvTemp:$temp_buffer,
    AnySignlessInteger:$count,
    DefaultValuedAttr<BoolAttr, "false">:$is_reuse_source
  );
}

def Asc_AdvAxpyOp : Asc_AdvOp<"adv_axpy", "Axpy", "axpy",
    [Asc_SameElementType<"dst", "src">,
     Asc_ScalarOfElementType<"scalar", "src">],
    ["getIsReuseSource"], ["getCallArguments"]> {
  let summary = "dst = src * scalar + dst in float32";
  let description = [{
    The higher-precision Axpy: half operands are widened to float32 in
    `temp_buffer`, multiplied (Muls) and added (Add), then rounded once.

    ```c++
    AscendC::Axpy<float, float, false>(d, x, 2.0f, t, n);
    ```
  }];
  let arguments = (ins
    Asc_VecDst<Asc_AdvTypes, /*reads=*/1>:$dst,
    Asc_VecSrc<Asc_AdvTypes>:$src,
    Asc_VecScalar:$scalar,
    Asc_AdvTemp:$temp_buffer,
    AnySignlessInteger:$count,
    DefaultValuedAttr<BoolAttr, "false">:$is_reuse_source
  );
  let extraClassDefinition = [{
    void $cppClass::getTemplateArguments(
        ::llvm::SmallVectorImpl<::mlir::Attribute> &args) {
      ::mlir::asc::detail::appendElementTypes(args, {getDst(), getSrc()});
      args.push_back(getIsReuseSourceAttr());
    }
    ::mlir::LogicalResult $cppClass::verify() {
      return ::mlir::asc::detail::verifyAdvOp(*this);
    }
    void $cppClass::getCallArguments(
        ::llvm::SmallVectorImpl<::mlir::asc::ApiArgument> &args) {
      ::mlir::asc::detail::getVectorCallArguments(*this, args, std::nullopt,
          false, getScalarMutable().getOperandNumber(),
          ::mlir::asc::getTensorElementType(getSrc().getType()), {}, 0);
    }
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCADVOPS_TD
