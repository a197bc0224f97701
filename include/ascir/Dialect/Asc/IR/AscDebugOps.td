//===- AscDebugOps.td - debug output inside kernels --------*- tablegen -*-===//
//
// printf and DumpTensor: text written by the scalar unit into the core's
// debug output. Both write the Debug resource, so no transformation drops,
// merges or reorders them relative to each other.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCDEBUGOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCDEBUGOPS_TD

// A scalar that printf can format.
def Asc_PrintfArgType : AnyTypeOf<[AnyInteger, F16, BF16, F32, F64],
                                  "integer, f16, bf16, f32 or f64 scalar">;

//===----------------------------------------------------------------------===//
// PrintfOp
//===----------------------------------------------------------------------===//

def Asc_PrintfOp : Asc_ApiOp<"printf", "AscendC::printf",
    [MemoryEffects<[MemWrite<Asc_DebugResource>]>],
    /*hasTemplateArgs=*/0, ["getCallArguments"]> {
  let summary = "formatted debug output from the scalar unit";
  let description = [{
    Python `asc.printf(fmt, *args)`. `format` is a C format string; it may
    hold any characters (newlines, quotes, backslashes), and the emitter
    prints it as an escaped C string literal. Each conversion is `%`, then
    flags (`-+ #0`), a width, a `.precision`, a length (`hh h l ll z`) and
    one of `d i u o x X c` (an integer operand, i1 included), `f F e E g G`
    (an f16, bf16, f32 or f64 operand), `s` or `p`; `%%` prints `%`.
    Operands are scalars, so `%s` and `%p` have nothing to print and are
    rejected: write text into the format itself. There is exactly one
    operand per conversion, in order. Each operand is passed with the exact
    C++ type of its MLIR type.

    Writes the Debug resource and nothing else: it reads only its scalar
    operands.

    ```mlir
    asc.printf "x[%d] = %f\n", %i, %x : i32, f32
    ```
    ```c++
    AscendC::printf("x[%d] = %f\n", i, x);
    ```
  }];
  let arguments = (ins
    StrAttr:$format,
    Arg<Variadic<Asc_PrintfArgType>, "one value per conversion">:$args
  );
  let assemblyFormat = [{
    $format (`,` $args^ `:` type($args))? attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DumpTensorOp
//===----------------------------------------------------------------------===//

def Asc_DumpTensorOp : Asc_ApiOp<"dump_tensor", "AscendC::DumpTensor",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "print the first elements of a tensor";
  let description = [{
    Python `asc.dump_tensor(t, desc, size)` on a local or global tensor:
    prints a header with the number `desc`, then the first `size` elements.
    It runs on the scalar unit, so a dump of a tensor written by another
    pipe needs that pipe's event first. Reads the tensor's memory (UB for
    the vector positions, GM for a global tensor) and writes the Debug
    resource.

    ```mlir
    asc.dump_tensor %t, %desc, %n : !asc.local_tensor<vecin, f32>, i32, i32
    ```
    ```c++
    AscendC::DumpTensor(t, desc, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "tensor to print">:$tensor,
    Arg<AnySignlessInteger, "number printed in the header">:$desc,
    Arg<AnySignlessInteger, "number of elements to print">:$size
  );
  let assemblyFormat = [{
    $tensor `,` $desc `,` $size attr-dict `:` qualified(type($tensor)) `,`
    type($desc) `,` type($size)
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCDEBUGOPS_TD
