//===- AscAutoSyncOps.td - automatically managed tensors ---*- tablegen -*-===//
//
// LocalTensorAuto: a Unified Buffer tensor whose position, queue or buffer
// and synchronisation the compiler decides (pyasc_api.md §1.2). The passes
// of Transforms/SyncPasses.td replace it with TPipe framework objects.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCAUTOSYNCOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCAUTOSYNCOPS_TD

def Asc_LocalTensorAutoOp : Asc_Op<"local_tensor_auto",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let pyName = "LocalTensorAuto";
  let summary = "Unified Buffer tensor placed and synchronised by the compiler";
  let description = [{
    Python `asc.LocalTensorAuto(dtype, shape)`: a tensor of `shape` (one
    operand per dimension, row-major; constants or runtime values) in the
    Unified Buffer. The result's position is `veccalc` until
    `asc-auto-tensor-position` decides it from the tensor's producers and
    consumers; `asc-materialize-auto-tensors` then gives it a queue or a
    buffer. It is never emitted. Constant dimensions must be positive.

    ```mlir
    %t = asc.local_tensor_auto %c16, %n : i32, i32 -> !asc.local_tensor<veccalc, f32>
    ```
  }];
  let arguments = (ins
    Arg<Variadic<AnySignlessInteger>, "dimensions, outermost first">:$shape
  );
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $shape attr-dict `:` type($shape) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // ASCIR_DIALECT_ASC_IR_ASCAUTOSYNCOPS_TD
