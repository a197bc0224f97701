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
  let pyName = "GlobalTensor";
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

def Asc_SetGlobalBufferOp : Asc_Op<"set_global_buffer"> {
  let pyName = "GlobalTensor.set_global_buffer";
  let summary = "bind a global tensor to a GM pointer";
  let description = [{
    Python `g.set_global_buffer(addr[, size])`. `size` is the element count
    (left 0 when omitted). The address points to the tensor's element type.

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
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LocalTensorOp
//===----------------------------------------------------------------------===//

def Asc_LocalTensorOp : Asc_Op<"local_tensor",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let pyName = "LocalTensor";
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
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors: empty tensors, getters, setters, casts
//===----------------------------------------------------------------------===//

// The setters of a LocalTensor's descriptor (SetSize, SetBufferLen,
// SetAddrWithOffset) are value ops: each yields the updated descriptor and the
// frontend rebinds the Python tensor to it, so every pure view and getter of
// the old value still means the old descriptor. The emitter copies the tensor
// into a new variable and calls the setter on the copy.

def Asc_LocalTensorEmptyOp : Asc_Op<"local_tensor_empty", [Pure]> {
  let pyName = "LocalTensor";
  let summary = "default-constructed local tensor";
  let description = [{
    Python `asc.LocalTensor(dtype)`: a descriptor with no buffer yet (length
    0), to be set by `asc.local_tensor_set_addr_with_offset`. An access
    through it is a verifier error; through a value a runtime branch or loop
    carries, the simulator reports it on a path that gave no buffer. The
    position must be an on-chip one.

    ```mlir
    %t = asc.local_tensor_empty : !asc.local_tensor<vecin, f32>
    ```
    ```c++
    AscendC::LocalTensor<float> t;
    ```
  }];
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

class Asc_LocalTensorGetterOp<string mnemonic, string member, string what>
    : Asc_MemberOp<mnemonic, member, [Pure]> {
  let summary = "the " # what # " of a local tensor";
  let description = [{
    ```mlir
    %n = asc.}] # mnemonic # [{ %t : !asc.local_tensor<vecin, f32> -> i32
    ```
    ```c++
    static_cast<int32_t>(t.}] # member # [{())
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` "
                       "type($result)";
}

def Asc_LocalTensorGetSizeOp : Asc_LocalTensorGetterOp<
    "local_tensor_get_size", "GetSize", "element count"> {
  let pyName = "LocalTensor.get_size";
}
def Asc_LocalTensorGetLengthOp : Asc_LocalTensorGetterOp<
    "local_tensor_get_length", "GetLength", "byte length"> {
  let pyName = "LocalTensor.get_length";
}
def Asc_LocalTensorGetPositionOp : Asc_LocalTensorGetterOp<
    "local_tensor_get_position", "GetPosition",
    "logical position (TPosition value; SetAddrWithOffset copies it)"> {
  let pyName = "LocalTensor.get_position";
}

class Asc_LocalTensorSetterOp<string mnemonic, string member, string what>
    : Asc_Op<mnemonic, [Pure, AllTypesMatch<["tensor", "result"]>]> {
  let summary = "the local tensor with another " # what;
  let description = [{
    ```mlir
    %u = asc.}] # mnemonic # [{ %t, %n : !asc.local_tensor<vecin, f32>, i32
    ```
    ```c++
    AscendC::LocalTensor<float> u = t;
    u.}] # member # [{(n);
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor,
                   AnySignlessInteger:$value);
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = "$tensor `,` $value attr-dict `:` "
                       "qualified(type($tensor)) `,` type($value)";
  let extraClassDeclaration = [{
    /// The LocalTensor member the emitter calls on the copy.
    static ::llvm::StringRef getSetterName() { return "}] # member # [{"; }
  }];
}

def Asc_LocalTensorSetSizeOp : Asc_LocalTensorSetterOp<
    "local_tensor_set_size", "SetSize", "element count (SetSize)"> {
  let pyName = "LocalTensor.set_size";
}
def Asc_LocalTensorSetBufferLenOp : Asc_LocalTensorSetterOp<
    "local_tensor_set_buffer_len", "SetBufferLen",
    "byte length (SetBufferLen stores the value as bytes)"> {
  let pyName = "LocalTensor.set_buffer_len";
}

def Asc_LocalTensorSetAddrWithOffsetOp
    : Asc_Op<"local_tensor_set_addr_with_offset", [Pure]> {
  let pyName = "LocalTensor.set_addr_with_offset";
  let summary = "a tensor of another element type at an offset of a source";
  let description = [{
    Python `t.set_addr_with_offset(src, offset)`: the result is `src` seen
    from `offset` elements of src's type on (as `src[offset]`: address up,
    byte length down), with the result's element type. The position is
    src's (the C++ call copies src's address descriptor), so the result type
    has src's position.

    ```mlir
    %u = asc.local_tensor_set_addr_with_offset %src, %off : !asc.local_tensor<veccalc, f16>, i32 -> !asc.local_tensor<veccalc, i16>
    ```
    ```c++
    AscendC::LocalTensor<int16_t> u;
    u.SetAddrWithOffset(src, off);
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$source,
                   AnySignlessInteger:$offset);
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = "$source `,` $offset attr-dict `:` "
                       "qualified(type($source)) `,` type($offset) `->` "
                       "qualified(type($result))";
  let hasVerifier = 1;
}

def Asc_LocalTensorReinterpretCastOp
    : Asc_Op<"local_tensor_reinterpret_cast", [Pure]> {
  let pyName = "LocalTensor.reinterpret_cast";
  let summary = "the same buffer seen with another element type";
  let description = [{
    Python `t.reinterpret_cast(dtype)`: same address, byte length and
    position.

    ```mlir
    %u = asc.local_tensor_reinterpret_cast %t : !asc.local_tensor<vecin, f32> -> !asc.local_tensor<vecin, i32>
    ```
    ```c++
    t.ReinterpretCast<int32_t>()
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor);
  let results = (outs Asc_LocalTensorType:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` "
                       "qualified(type($result))";
  let hasVerifier = 1;
}

def Asc_LocalTensorSetUserTagOp : Asc_MemberOp<"local_tensor_set_user_tag",
    "SetUserTag", [MemoryEffects<[MemWrite<Asc_PipeResource>]>]> {
  let pyName = "LocalTensor.set_user_tag";
  let summary = "tag the queue buffer of a local tensor";
  let description = [{
    The tag lives in the queue buffer descriptor (shared by every tensor of
    that buffer), so the tensor must come from a TQue or TBuf; the simulator
    reports static and default-constructed tensors.

    ```mlir
    asc.local_tensor_set_user_tag %t, %tag : !asc.local_tensor<veccalc, f32>, i32
    ```
    ```c++
    t.SetUserTag(tag);
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor, I32:$tag);
  let assemblyFormat = "$tensor `,` $tag attr-dict `:` "
                       "qualified(type($tensor)) `,` type($tag)";
}

def Asc_LocalTensorGetUserTagOp : Asc_MemberOp<"local_tensor_get_user_tag",
    "GetUserTag", [MemoryEffects<[MemRead<Asc_PipeResource>]>]> {
  let pyName = "LocalTensor.get_user_tag";
  let summary = "the tag of the queue buffer of a local tensor";
  let description = [{
    ```mlir
    %tag = asc.local_tensor_get_user_tag %t : !asc.local_tensor<veccalc, f32> -> i32
    ```
    ```c++
    int32_t tag = t.GetUserTag();
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor);
  let results = (outs I32:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` "
                       "type($result)";
}

// GlobalTensor getters read the descriptor that asc.set_global_buffer writes
// in place (a GM write), so they read GM: no CSE or inlining across a rebind.
def Asc_GlobalTensorGetPhyAddrOp : Asc_MemberOp<"global_tensor_get_phy_addr",
    "GetPhyAddr", [MemoryEffects<[MemRead<Asc_GMResource>]>]> {
  let pyName = "GlobalTensor.get_phy_addr";
  let summary = "GM address of a global tensor plus an element offset";
  let description = [{
    Python `g.get_phy_addr([offset])` (the frontend passes 0 when omitted:
    the offset form returns a non-const pointer).

    ```mlir
    %p = asc.global_tensor_get_phy_addr %g, %c0 : !asc.global_tensor<f32>, i32 -> !asc.gm_addr<f32>
    ```
    ```c++
    __gm__ float *p = g.GetPhyAddr(0);
    ```
  }];
  let arguments = (ins Asc_GlobalTensorType:$tensor,
                   AnySignlessInteger:$offset);
  let results = (outs Asc_GMAddrType:$result);
  let assemblyFormat = "$tensor `,` $offset attr-dict `:` "
                       "qualified(type($tensor)) `,` type($offset) `->` "
                       "qualified(type($result))";
  let hasVerifier = 1;
}

def Asc_GlobalTensorGetSizeOp : Asc_MemberOp<"global_tensor_get_size",
    "GetSize", [MemoryEffects<[MemRead<Asc_GMResource>]>]> {
  let pyName = "GlobalTensor.get_size";
  let summary = "element count given to set_global_buffer";
  let description = [{
    ```mlir
    %n = asc.global_tensor_get_size %g : !asc.global_tensor<f32> -> i64
    ```
    ```c++
    static_cast<int64_t>(g.GetSize())
    ```
  }];
  let arguments = (ins Asc_GlobalTensorType:$tensor);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor)) `->` "
                       "type($result)";
}

def Asc_GlobalTensorSetL2CacheHintOp : Asc_ApiOp<
    "global_tensor_set_l2_cache_hint", "SetL2CacheHint",
    [MemoryEffects<[MemWrite<Asc_GMResource>]>], /*hasTemplateArgs=*/1,
    ["getCallArguments"]> {
  let isMemberCall = 1;
  let pyName = "GlobalTensor.set_l2_cache_hint";
  let summary = "L2 cache mode of a global tensor's DMA reads";
  let description = [{
    `CACHE_MODE_DISABLE` makes the DMA reads of the tensor's buffer bypass
    the L2; `CACHE_MODE_NORMAL` caches them (the default). The access kind is
    reserved on A2/A3. It updates the tensor's descriptor, so it is a GM
    write like `asc.set_global_buffer`.

    ```mlir
    asc.global_tensor_set_l2_cache_hint %g, cache_mode_disable, rw : !asc.global_tensor<f32>
    ```
    ```c++
    g.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
    ```
  }];
  let arguments = (ins Asc_GlobalTensorType:$tensor, Asc_CacheModeAttr:$mode,
                   Asc_CacheRwModeAttr:$rw_mode);
  // `` drops the format's space: the enum attributes print their own.
  let assemblyFormat = "$tensor `,` `` $mode `,` `` $rw_mode attr-dict `:` "
                       "qualified(type($tensor))";
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
  let pyName = "data_copy";
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
