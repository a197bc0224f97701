//===- AscListTensorOps.td - TensorDesc and ListTensorDesc -*- tablegen -*-===//
//
// The list tensors of pyasc §1.5.16: a ListTensorDesc reads a descriptor in
// GM that lists tensors (dim, index, shape, data pointer); a TensorDesc<T>
// receives one of them. Both are Ascend C objects updated in place, so their
// getters read and their setters write the GM resource (no CSE or motion
// across an update). A kernel using them includes
// kernel_operator_list_tensor_intf.h (the translator adds it).
//
//===----------------------------------------------------------------------===//

#ifndef ASCIR_DIALECT_ASC_IR_ASCLISTTENSOROPS_TD
#define ASCIR_DIALECT_ASC_IR_ASCLISTTENSOROPS_TD

defvar Asc_ListTensorRead = [MemoryEffects<[MemRead<Asc_GMResource>]>];
defvar Asc_ListTensorUpdate =
    [MemoryEffects<[MemRead<Asc_GMResource>, MemWrite<Asc_GMResource>]>];

def Asc_TensorDescOp : Asc_Op<"tensor_desc"> {
  let pyName = "TensorDesc";
  let summary = "declare an empty TensorDesc";
  let description = [{
    Python `asc.TensorDesc(dtype)`.

    ```mlir
    %d = asc.tensor_desc : !asc.tensor_desc<f16>
    ```
    ```c++
    AscendC::TensorDesc<half> d;
    ```
  }];
  let results = (outs
    Res<Asc_TensorDescType, "new descriptor", [MemAlloc<Asc_GMResource>]>:
        $result
  );
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Asc_TensorDescSetShapeAddrOp : Asc_MemberOp<"tensor_desc_set_shape_addr",
    "SetShapeAddr", Asc_ListTensorUpdate> {
  let pyName = "TensorDesc.set_shape_addr";
  let summary = "the buffer GetDesc copies a tensor's shape into";
  let description = [{
    `shape_ptr` points to uint64 words (at least the dim of the tensors
    read into this descriptor); `asc.list_tensor_desc_get_desc` writes the
    shape there and `get_shape` reads it back.

    ```mlir
    asc.tensor_desc_set_shape_addr %d, %buf : !asc.tensor_desc<f16>, !asc.gm_addr<ui64>
    ```
    ```c++
    d.SetShapeAddr(buf);
    ```
  }];
  let arguments = (ins Asc_TensorDescType:$desc, Asc_GMAddrType:$shape_ptr);
  let assemblyFormat = "$desc `,` $shape_ptr attr-dict `:` "
                       "qualified(type($desc)) `,` qualified(type($shape_ptr))";
  let hasVerifier = 1;
}

class Asc_TensorDescGetter<string mnemonic, string member, string py,
                           string what>
    : Asc_MemberOp<mnemonic, member, Asc_ListTensorRead> {
  let pyName = "TensorDesc." # py;
  let summary = what;
  let description = [{
    ```mlir
    %v = asc.}] # mnemonic # [{ %d : !asc.tensor_desc<f16> -> i64
    ```
    ```c++
    static_cast<int64_t>(d.}] # member # [{())
    ```
  }];
  let arguments = (ins Asc_TensorDescType:$desc);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc)) `->` "
                       "type($result)";
}

def Asc_TensorDescGetDimOp : Asc_TensorDescGetter<"tensor_desc_get_dim",
    "GetDim", "get_dim", "number of dimensions of the tensor">;
def Asc_TensorDescGetIndexOp : Asc_TensorDescGetter<"tensor_desc_get_index",
    "GetIndex", "get_index", "index word of the tensor in its descriptor">;

def Asc_TensorDescGetShapeOp : Asc_MemberOp<"tensor_desc_get_shape",
    "GetShape", Asc_ListTensorRead> {
  let pyName = "TensorDesc.get_shape";
  let summary = "one dimension of the tensor";
  let description = [{
    Reads word `offset` of the shape buffer (`set_shape_addr`).

    ```mlir
    %v = asc.tensor_desc_get_shape %d, %i : !asc.tensor_desc<f16>, i32 -> i64
    ```
    ```c++
    static_cast<int64_t>(d.GetShape(i))
    ```
  }];
  let arguments = (ins Asc_TensorDescType:$desc,
                   AnySignlessInteger:$offset);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$desc `,` $offset attr-dict `:` "
                       "qualified(type($desc)) `,` type($offset) `->` "
                       "type($result)";
}

def Asc_TensorDescGetDataPtrOp : Asc_MemberOp<"tensor_desc_get_data_ptr",
    "GetDataPtr", Asc_ListTensorRead> {
  let pyName = "TensorDesc.get_data_ptr";
  let summary = "GM address of the tensor's data";
  let description = [{
    ```mlir
    %p = asc.tensor_desc_get_data_ptr %d : !asc.tensor_desc<f16> -> !asc.gm_addr<f16>
    ```
    ```c++
    __gm__ half *p = d.GetDataPtr();
    ```
  }];
  let arguments = (ins Asc_TensorDescType:$desc);
  let results = (outs Asc_GMAddrType:$result);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc)) `->` "
                       "qualified(type($result))";
  let hasVerifier = 1;
}

def Asc_TensorDescGetDataObjOp : Asc_MemberOp<"tensor_desc_get_data_obj",
    "GetDataObj", Asc_ListTensorRead> {
  let pyName = "TensorDesc.get_data_obj";
  let summary = "a GlobalTensor over the tensor's data";
  let description = [{
    The GlobalTensor's size is the product of the tensor's dimensions.

    ```mlir
    %g = asc.tensor_desc_get_data_obj %d : !asc.tensor_desc<f16> -> !asc.global_tensor<f16>
    ```
    ```c++
    AscendC::GlobalTensor<half> g = d.GetDataObj();
    ```
  }];
  let arguments = (ins Asc_TensorDescType:$desc);
  let results = (outs Asc_GlobalTensorType:$result);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc)) `->` "
                       "qualified(type($result))";
  let hasVerifier = 1;
}

def Asc_ListTensorDescOp : Asc_Op<"list_tensor_desc",
    [AttrSizedOperandSegments]> {
  let pyName = "ListTensorDesc";
  let summary = "declare a ListTensorDesc, optionally over a GM descriptor";
  let description = [{
    Python `asc.ListTensorDesc()` or `asc.ListTensorDesc(data, length,
    shape_size)`: the operands are all present or all absent.

    ```mlir
    %e = asc.list_tensor_desc : !asc.list_tensor_desc
    %l = asc.list_tensor_desc(%x, %len, %n : !asc.gm_addr<ui64>) : !asc.list_tensor_desc
    ```
    ```c++
    AscendC::ListTensorDesc e;
    AscendC::ListTensorDesc l(x, len, n);
    ```
  }];
  let arguments = (ins Optional<Asc_GMAddrType>:$data, Optional<I32>:$length,
                   Optional<I32>:$shape_size);
  let results = (outs
    Res<Asc_ListTensorDescType, "new descriptor",
        [MemAlloc<Asc_GMResource>]>:$result
  );
  let assemblyFormat = [{
    (`(` $data^ `,` $length `,` $shape_size `:` qualified(type($data)) `)`)?
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Asc_ListTensorDescInitOp : Asc_MemberOp<"list_tensor_desc_init", "Init",
    Asc_ListTensorUpdate> {
  let pyName = "ListTensorDesc.init";
  let summary = "point a ListTensorDesc at a GM descriptor";
  let description = [{
    ```mlir
    asc.list_tensor_desc_init %l, %x, %len, %n : !asc.list_tensor_desc, !asc.gm_addr<ui64>, i32, i32
    ```
    ```c++
    l.Init(x, len, n);
    ```
  }];
  let arguments = (ins Asc_ListTensorDescType:$list, Asc_GMAddrType:$data,
                   I32:$length, I32:$shape_size);
  let assemblyFormat = "$list `,` $data `,` $length `,` $shape_size attr-dict "
                       "`:` qualified(type($list)) `,` qualified(type($data)) "
                       "`,` type($length) `,` type($shape_size)";
}

def Asc_ListTensorDescGetDescOp : Asc_MemberOp<"list_tensor_desc_get_desc",
    "GetDesc", Asc_ListTensorUpdate> {
  let pyName = "ListTensorDesc.get_desc";
  let summary = "fill a TensorDesc with one tensor of the list";
  let description = [{
    ```mlir
    asc.list_tensor_desc_get_desc %l, %d, %i : !asc.list_tensor_desc, !asc.tensor_desc<f16>, i32
    ```
    ```c++
    l.GetDesc(d, i);
    ```
  }];
  let arguments = (ins Asc_ListTensorDescType:$list, Asc_TensorDescType:$desc,
                   AnySignlessInteger:$index);
  let assemblyFormat = "$list `,` $desc `,` $index attr-dict `:` "
                       "qualified(type($list)) `,` qualified(type($desc)) `,` "
                       "type($index)";
}

def Asc_ListTensorDescGetDataPtrOp : Asc_MemberOp<
    "list_tensor_desc_get_data_ptr", "GetDataPtr", Asc_ListTensorRead,
    /*hasTemplateArgs=*/1> {
  let pyName = "ListTensorDesc.get_data_ptr";
  let summary = "GM address of one tensor of the list, as a pointer to T";
  let description = [{
    The element type is the result's.

    ```mlir
    %p = asc.list_tensor_desc_get_data_ptr %l, %i : !asc.list_tensor_desc, i32 -> !asc.gm_addr<f16>
    ```
    ```c++
    __gm__ half *p = l.GetDataPtr<half>(i);
    ```
  }];
  let arguments = (ins Asc_ListTensorDescType:$list,
                   AnySignlessInteger:$index);
  let results = (outs Asc_GMAddrType:$result);
  let assemblyFormat = "$list `,` $index attr-dict `:` qualified(type($list)) "
                       "`,` type($index) `->` qualified(type($result))";
}

def Asc_ListTensorDescGetSizeOp : Asc_MemberOp<"list_tensor_desc_get_size",
    "GetSize", Asc_ListTensorRead> {
  let pyName = "ListTensorDesc.get_size";
  let summary = "number of tensors in the list";
  let description = [{
    ```mlir
    %n = asc.list_tensor_desc_get_size %l : !asc.list_tensor_desc -> i32
    ```
    ```c++
    static_cast<int32_t>(l.GetSize())
    ```
  }];
  let arguments = (ins Asc_ListTensorDescType:$list);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$list attr-dict `:` qualified(type($list)) `->` "
                       "type($result)";
}

#endif // ASCIR_DIALECT_ASC_IR_ASCLISTTENSOROPS_TD
