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
  let hasVerifier = 1;
}

def Asc_DumpTensorShapeOp : Asc_Op<"dump_tensor_shape",
    [AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let pyName = "dump_tensor";
  let summary = "print the first elements of a tensor laid out by a shape";
  let description = [{
    Python `asc.dump_tensor(t, desc, size, shape_info)`: `dump_tensor` with
    Ascend C's `ShapeInfo` (1 to 8 dimensions, outermost first; the
    original shape, as many; `data_format` the `DataFormat` value, ND 0,
    NZ 1, NCHW 2, NC1HWC0 3, NHWC 4). The emitter declares the two
    `uint32_t` arrays of the dimensions. Effects as `dump_tensor`.

    ```mlir
    asc.dump_tensor_shape %t, %desc, %n shape [%r, %c] original [%r, %c] : !asc.local_tensor<vecin, f32>, i32, i32, (i32, i32), (i32, i32)
    ```
    ```c++
    uint32_t shape[2] = {r, c};
    uint32_t original_shape[2] = {r, c};
    AscendC::DumpTensor(t, desc, n, AscendC::ShapeInfo(2, shape, 2, original_shape, AscendC::DataFormat::ND));
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "tensor to print">:$tensor,
    Arg<AnySignlessInteger, "number printed in the header">:$desc,
    Arg<AnySignlessInteger, "number of elements to print">:$size,
    Arg<Variadic<AnySignlessInteger>, "dimensions, outermost first">:$shape,
    Arg<Variadic<AnySignlessInteger>, "original dimensions">:$original_shape,
    DefaultValuedAttr<I32Attr, "0">:$data_format
  );
  let assemblyFormat = [{
    $tensor `,` $desc `,` $size `shape` ` ` `[` $shape `]` `original` ` ` `[`
    $original_shape `]` attr-dict `:` qualified(type($tensor)) `,`
    type($desc) `,` type($size) `,` `(` type($shape) `)` `,` `(`
    type($original_shape) `)`
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DumpAccChkPointOp
//===----------------------------------------------------------------------===//

def Asc_DumpAccChkPointOp : Asc_ApiOp<"dump_acc_chk_point",
    "AscendC::DumpAccChkPoint",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "print elements of a tensor from an element offset";
  let description = [{
    Python `asc.dump_acc_chk_point(t, index, count_off, dump_size)`: like
    `dump_tensor`, with the number `index` in the header, printing
    `dump_size` elements from element `count_off` on (whose address must
    keep the memory's alignment: 32 bytes in UB and L1).

    ```mlir
    asc.dump_acc_chk_point %t, %i, %off, %n : !asc.local_tensor<vecin, f32>, i32, i32, i32
    ```
    ```c++
    AscendC::DumpAccChkPoint(t, i, off, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "tensor to print">:$tensor,
    Arg<AnySignlessInteger, "number printed in the header">:$index,
    Arg<AnySignlessInteger, "element offset of the first printed">:$count_off,
    Arg<AnySignlessInteger, "number of elements to print">:$dump_size
  );
  let assemblyFormat = [{
    $tensor `,` $index `,` $count_off `,` $dump_size attr-dict `:`
    qualified(type($tensor)) `,` type($index) `,` type($count_off) `,`
    type($dump_size)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// PrintTimeStampOp, MetricsProfStartOp, MetricsProfStopOp
//===----------------------------------------------------------------------===//

def Asc_PrintTimeStampOp : Asc_ApiOp<"print_time_stamp",
    "AscendC::PrintTimeStamp", [MemoryEffects<[MemWrite<Asc_DebugResource>]>]> {
  let summary = "record the scalar unit's time with an id";
  let description = [{
    `PrintTimeStamp(desc_id)`: records the core's time with `desc_id`; ids
    0-0xffff are reserved for the framework's own stamps. On the NPU it is
    active only in builds with ASCENDC_TIME_STAMP_ON; the simulator always
    records it (the scalar unit's cycle, docs/debugging.md).

    ```mlir
    asc.print_time_stamp %id : i32
    ```
    ```c++
    AscendC::PrintTimeStamp(id);
    ```
  }];
  let arguments = (ins Arg<AnySignlessInteger, "id, above 0xffff">:$desc_id);
  let assemblyFormat = "$desc_id attr-dict `:` type($desc_id)";
  let hasVerifier = 1;
}

def Asc_MetricsProfStartOp : Asc_ApiOp<"metrics_prof_start",
    "AscendC::MetricsProfStart",
    [MemoryEffects<[MemWrite<Asc_DebugResource>]>, Asc_SyncEffects]> {
  let summary = "open a profiled region";
  let description = [{
    `MetricsProfStart()`: opens the region that `metrics_prof_stop` closes
    (msprof's region markers); the simulator reports the region's time and
    per-pipe busy time in the kernel's output.

    ```mlir
    asc.metrics_prof_start
    ```
    ```c++
    AscendC::MetricsProfStart();
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Asc_MetricsProfStopOp : Asc_ApiOp<"metrics_prof_stop",
    "AscendC::MetricsProfStop",
    [MemoryEffects<[MemWrite<Asc_DebugResource>]>, Asc_SyncEffects]> {
  let summary = "close a profiled region";
  let description = [{
    `MetricsProfStop()`: closes the region `metrics_prof_start` opened.

    ```mlir
    asc.metrics_prof_stop
    ```
    ```c++
    AscendC::MetricsProfStop();
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCDEBUGOPS_TD
