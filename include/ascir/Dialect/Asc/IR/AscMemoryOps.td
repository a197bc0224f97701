//===- AscMemoryOps.td - pointers, tensors and data copies -*- tablegen -*-===//
//
// GM pointer arithmetic, creation of global and local tensors, sub-tensor
// views and DataCopy.
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCMEMORYOPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCMEMORYOPS_TD

//===----------------------------------------------------------------------===//
// PtrOffsetOp
//===----------------------------------------------------------------------===//

def Asc_PtrOffsetOp : Asc_Op<"ptr_offset",
    [Pure, AllTypesMatch<["base", "result"]>]> {
  let summary = "advance a GM pointer by a number of elements";
  let description = [{
    Python `x + offset` on an `asc.GlobalAddress`. The offset counts elements,
    as in C++ pointer arithmetic.

    ```mlir
    %p = asc.ptr_offset %x, %off : !asc.gm_addr<f32>, i32
    ```
    ```c++
    x + off
    ```
  }];
  let arguments = (ins
    Arg<Asc_GMAddrType, "pointer to advance">:$base,
    Arg<AnySignlessInteger, "offset in elements">:$offset
  );
  let results = (outs Asc_GMAddrType:$result);
  let assemblyFormat = [{
    $base `,` $offset attr-dict `:` qualified(type($base)) `,` type($offset)
  }];
}

//===----------------------------------------------------------------------===//
// GlobalTensorOp
//===----------------------------------------------------------------------===//

def Asc_GlobalTensorOp : Asc_Op<"global_tensor"> {
  let summary = "declare an unbound global tensor";
  let description = [{
    Python `asc.GlobalTensor()`. The tensor must be bound to memory with
    `asc.set_global_buffer` before use. The frontend creates it as
    `!asc.global_tensor<none>` and sets the element type when
    `set_global_buffer` is called; the verifier rejects a `none` element
    type.

    ```mlir
    %g = asc.global_tensor : !asc.global_tensor<f32>
    ```
    ```c++
    AscendC::GlobalTensor<float> g;
    ```
  }];
  let results = (outs
    Res<Asc_GlobalTensorType, "new tensor", [MemAlloc<Asc_GMResource>]>:$result
  );
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// SetGlobalBufferOp
//===----------------------------------------------------------------------===//

def Asc_SetGlobalBufferOp : Asc_Op<"set_global_buffer", [
    TypesMatchWith<"address element type matches tensor element type",
                   "tensor", "addr",
                   "::mlir::asc::GMAddrType::get($_self.getContext(), "
                   "::llvm::cast<::mlir::asc::GlobalTensorType>($_self)"
                   ".getElementType())">]> {
  let summary = "bind a global tensor to a GM pointer";
  let description = [{
    Python `g.set_global_buffer(addr[, size])`. `size` is the element count
    (left 0 when omitted).

    ```mlir
    asc.set_global_buffer %g, %addr, %n : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
    ```
    ```c++
    g.SetGlobalBuffer(addr, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_GlobalTensorType, "tensor to bind", [MemWrite<Asc_GMResource>]>:
        $tensor,
    Arg<Asc_GMAddrType, "start of the buffer">:$addr,
    Arg<Optional<AnySignlessInteger>, "number of elements">:$size
  );
  let assemblyFormat = [{
    $tensor `,` $addr (`,` $size^)? attr-dict `:` qualified(type($tensor))
    `,` qualified(type($addr)) (`,` type($size)^)?
  }];
}

//===----------------------------------------------------------------------===//
// LocalTensorOp
//===----------------------------------------------------------------------===//

def Asc_LocalTensorOp : Asc_Op<"local_tensor",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "static local tensor at a fixed on-chip address";
  let description = [{
    Python `asc.LocalTensor(dtype, pos, addr, tile_size)`: a tensor placed by
    hand in the memory of its position (static-tensor programming). `addr` is
    a byte address inside that memory; `length` counts elements.

    When constant, `addr` must be aligned (32 B in UB and L1, 512 B in L0A and
    L0B, 64 B in L0C and the bias table), `length` must be positive and
    `length * sizeof(T)` a multiple of 32 bytes. The position must be an
    on-chip one (not `gm` or `co2`).

    ```mlir
    %t = asc.local_tensor %addr, %len : i32, i32 -> !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t(AscendC::TPosition::VECIN, addr, len);
    ```
  }];
  let arguments = (ins
    Arg<AnySignlessInteger, "byte address in the position's memory">:$addr,
    Arg<AnySignlessInteger, "number of elements">:$length
  );
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = [{
    $addr `,` $length attr-dict `:` type($addr) `,` type($length) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// SubviewOp
//===----------------------------------------------------------------------===//

def Asc_SubviewOp : Asc_Op<"subview", [
    Pure, AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "view of a tensor starting a number of elements later";
  let description = [{
    Python `t[i:]` on a local or global tensor.

    ```mlir
    %v = asc.subview %t[%i] : !asc.local_tensor<vecin, f32>, i32
    ```
    ```c++
    t[i]
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "viewed tensor">:$source,
    Arg<AnySignlessInteger, "offset in elements">:$offset
  );
  let results = (outs Asc_AnyTensor:$result);
  let assemblyFormat = [{
    $source `[` $offset `]` attr-dict `:` qualified(type($source)) `,`
    type($offset)
  }];
}

//===----------------------------------------------------------------------===//
// DataCopyOp
//===----------------------------------------------------------------------===//

def Asc_DataCopyOp : Asc_ApiOp<"data_copy", "AscendC::DataCopy", [
    Asc_SameTensorElementType,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "copy a number of contiguous elements";
  let description = [{
    Count form of DataCopy. Legal directions: GM to a UB position (vecin,
    vecout, veccalc) or an L1 position (a1, b1, c1); UB to GM; UB to UB. A
    constant `count` must be positive and `count * sizeof(T)` a multiple of
    32 bytes. Reads the source's memory and writes the destination's.

    ```mlir
    asc.data_copy %dst, %src, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    ```
    ```c++
    AscendC::DataCopy(dst, src, n);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<AnySignlessInteger, "number of elements">:$count
  );
  let assemblyFormat = [{
    $dst `,` $src `,` $count attr-dict `:` qualified(type($dst)) `,`
    qualified(type($src)) `,` type($count)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DataCopyParamsFormOp
//===----------------------------------------------------------------------===//

def Asc_DataCopyParamsFormOp : Asc_ApiOp<"data_copy_params_form",
    "AscendC::DataCopy", [
    Asc_SameTensorElementType,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "copy blocks of 32 bytes with gaps";
  let description = [{
    DataCopy with DataCopyParams: `block_count` blocks of `block_len` 32-byte
    units, skipping `src_stride` and `dst_stride` units between blocks. The
    directions are those of `asc.data_copy`. Reads the source's memory and
    writes the destination's.

    ```mlir
    asc.data_copy_params_form %dst, %src, %p : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_params
    ```
    ```c++
    AscendC::DataCopy(dst, src, p);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<Asc_DataCopyParamsType, "blocks and gaps">:$params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DataCopyPadOp
//===----------------------------------------------------------------------===//

def Asc_AnyDataCopyParams
    : AnyTypeOf<[Asc_DataCopyParamsType, Asc_DataCopyExtParamsType],
                "data_copy_params or data_copy_ext_params">;
def Asc_AnyDataCopyPadParams
    : AnyTypeOf<[Asc_DataCopyPadParamsType, Asc_DataCopyPadExtParamsType],
                "data_copy_pad_params or data_copy_pad_ext_params">;

def Asc_DataCopyPadOp : Asc_ApiOp<"data_copy_pad", "AscendC::DataCopyPad", [
    Asc_SameTensorElementType,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "copy byte-granular blocks between GM and UB";
  let description = [{
    DataCopyPad: GM to a UB position with padding parameters, or a UB
    position to GM without. `params` counts block lengths in bytes; the
    UB-side stride is in 32-byte blocks, the GM-side stride in bytes.
    Copies into UB pad each block to 32 bytes. `data_copy_ext_params` pairs
    with `data_copy_pad_ext_params<T>` (T the tensor element type),
    `data_copy_params` with `data_copy_pad_params`.

    ```mlir
    asc.data_copy_pad %dst, %src, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<f32>
    ```
    ```c++
    AscendC::DataCopyPad(dst, src, p, pad);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "destination">:$dst,
    Arg<Asc_AnyTensor, "source">:$src,
    Arg<Asc_AnyDataCopyParams, "blocks and strides">:$params,
    Arg<Optional<Asc_AnyDataCopyPadParams>, "padding (copies into UB)">:
        $pad_params
  );
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// GetValueOp
//===----------------------------------------------------------------------===//

def Asc_GetValueOp : Asc_MemberOp<"get_value", "GetValue", [
    Asc_ScalarOfElementType<"result", "tensor">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "read one element of a tensor (scalar unit)";
  let description = [{
    Python `t.get_value(i)` on a global or local tensor; `index` counts
    elements. The result has the element type (a signless integer of the
    same width for unsigned elements). Reads the tensor's memory.

    ```mlir
    %v = asc.get_value %t, %i : !asc.local_tensor<vecin, f32>, i32 -> f32
    ```
    ```c++
    t.GetValue(i)
    ```
  }];
  let castsResult = 0;
  let arguments = (ins
    Arg<Asc_AnyTensor, "tensor">:$tensor,
    Arg<AnySignlessInteger, "element index">:$index
  );
  let results = (outs Asc_ElementType:$result);
  let assemblyFormat = [{
    $tensor `,` $index attr-dict `:` qualified(type($tensor)) `,` type($index)
    `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// SetValueOp
//===----------------------------------------------------------------------===//

def Asc_SetValueOp : Asc_MemberOp<"set_value", "SetValue", [
    Asc_ScalarOfElementType<"value", "tensor">,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "write one element of a tensor (scalar unit)";
  let description = [{
    Python `t.set_value(i, v)` on a global or local tensor; `index` counts
    elements. The value has the element type (a signless integer of the
    same width for unsigned elements). Writes the tensor's memory.

    ```mlir
    asc.set_value %t, %i, %v : !asc.local_tensor<vecin, f32>, i32, f32
    ```
    ```c++
    t.SetValue(i, v);
    ```
  }];
  let arguments = (ins
    Arg<Asc_AnyTensor, "tensor">:$tensor,
    Arg<AnySignlessInteger, "element index">:$index,
    Arg<Asc_ElementType, "new value">:$value
  );
  let assemblyFormat = [{
    $tensor `,` $index `,` $value attr-dict `:` qualified(type($tensor)) `,`
    type($index) `,` type($value)
  }];
}

#endif // ASCIR_DIALECT_ASC_IR_ASCMEMORYOPS_TD
