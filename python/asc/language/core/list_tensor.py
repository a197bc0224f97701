"""List tensors (pyasc §1.5.16): `asc.ListTensorDesc` reads a descriptor in GM that lists tensors with
their shapes and data addresses; `asc.TensorDesc` receives one of them. The descriptor's layout is
this implementation's own (the spec gives none; docs/language.md "List tensors");
`asc.runtime.list_tensor` builds it on the host."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from . import semantic
from .builtin import builder_for, builtin
from .dtype import DataType, float32, uint32, uint64
from .ir_value import GlobalAddress, IRValue, PlainValue, described, gm_addr_type
from .tensor import GlobalTensor, _index

#: The "not given" value of `length` and `shape_size` (Ascend C's default).
UNSET = 0xFFFFFFFF


def _is_unset(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value == UNSET


def _element_dtype(dtype: Any, api: str) -> DataType:
    if not isinstance(dtype, DataType) or dtype.is_void():
        raise TypeError(f"{api}: 'dtype' must be an element data type (e.g. asc.float16), got {dtype!r}")
    return dtype


def _u32(value: Any, api: str, what: str) -> Any:
    """The IR handle of a uint32 argument (a Python int in [0, 0xFFFFFFFF] or an integer value)."""
    value = semantic.python_scalar(value)  # a numpy integer is an int
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{api}: '{what}' must be an integer, got {described(value)}")
    if isinstance(value, PlainValue) and not value.dtype.is_int():
        raise TypeError(f"{api}: '{what}' must be an integer, got a {value.dtype.name} value")
    if isinstance(value, int) and not 0 <= value <= UNSET:
        raise ValueError(f"{api}: '{what}' must be in [0, 0xFFFFFFFF], got {value}")
    return semantic.materialize(value, uint32)


def _address(value: Any, api: str, what: str) -> GlobalAddress:
    if not isinstance(value, GlobalAddress):
        raise TypeError(f"{api}: '{what}' must be a GlobalAddress (a kernel argument array), "
                        f"got {described(value)}")
    return value


class TensorDesc(IRValue):
    """`AscendC::TensorDesc<T>`: one tensor of a list (its dim, index word, shape and data), filled by
    `ListTensorDesc.get_desc`."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DataType = float32) -> None:
        dtype = _element_dtype(dtype, "TensorDesc")
        b = builder_for("TensorDesc")
        super().__init__(_ods.tensor_desc(b, result_type=_ods.tensor_desc_type(dtype.to_ir())))
        self.dtype = dtype

    @builtin
    def set_shape_addr(self, shape_ptr: Any) -> None:
        """The buffer `get_desc` copies the shape into: a GlobalAddress of uint64 words (at least
        the tensor's dim). pyasc types it as an int (a raw address); here it is a GM array, so that
        the simulator checks its bounds."""
        shape_ptr = _address(shape_ptr, "TensorDesc.set_shape_addr", "shape_ptr")
        _ods.tensor_desc_set_shape_addr(builder_for("set_shape_addr"), self.handle, shape_ptr.handle)

    def _getter(self, build: Any, api: str) -> PlainValue:
        return PlainValue(build(builder_for(api), self.handle, result_type="i64"), uint64)

    @builtin
    def get_dim(self) -> PlainValue:
        """The tensor's number of dimensions (uint64)."""
        return self._getter(_ods.tensor_desc_get_dim, "get_dim")

    @builtin
    def get_index(self) -> PlainValue:
        """The tensor's index word (uint64, the high half of its descriptor entry's first word)."""
        return self._getter(_ods.tensor_desc_get_index, "get_index")

    @builtin
    def get_shape(self, offset: Any) -> PlainValue:
        """Dimension `offset` of the tensor (uint64), read from the shape buffer."""
        b = builder_for("get_shape")
        handle = _ods.tensor_desc_get_shape(b, self.handle, _index(offset, "get_shape offset"),
                                            result_type="i64")
        return PlainValue(handle, uint64)

    @builtin
    def get_data_ptr(self) -> GlobalAddress:
        """The GM address of the tensor's data."""
        b = builder_for("get_data_ptr")
        handle = _ods.tensor_desc_get_data_ptr(b, self.handle, result_type=gm_addr_type(self.dtype))
        return GlobalAddress(handle, self.dtype)

    @builtin
    def get_data_obj(self) -> GlobalTensor:
        """A GlobalTensor over the tensor's data, sized to the product of its dimensions."""
        b = builder_for("get_data_obj")
        handle = _ods.tensor_desc_get_data_obj(b, self.handle,
                                               result_type=_ods.global_tensor_type(self.dtype.to_ir()))
        g = object.__new__(GlobalTensor)
        g.handle = handle
        g.dtype = self.dtype
        return g

    def __repr__(self) -> str:
        return f"TensorDesc({self.dtype})"


class ListTensorDesc(IRValue):
    """`AscendC::ListTensorDesc`: `ListTensorDesc()` (then `init`) or `ListTensorDesc(data, length,
    shape_size)` over a descriptor in GM. `length` (tensors) and `shape_size` (words of shape
    entries) are checked against the descriptor unless 0xFFFFFFFF."""

    __slots__ = ()

    def __init__(self, data: GlobalAddress | None = None, length: Any = UNSET, shape_size: Any = UNSET) -> None:
        b = builder_for("ListTensorDesc")
        if data is None:
            if not (_is_unset(length) and _is_unset(shape_size)):
                raise TypeError("ListTensorDesc: 'length' and 'shape_size' need the descriptor address 'data'")
            super().__init__(_ods.list_tensor_desc(b, None, None, None))
            return
        data = _address(data, "ListTensorDesc", "data")
        n = _u32(length, "ListTensorDesc", "length")
        s = _u32(shape_size, "ListTensorDesc", "shape_size")
        super().__init__(_ods.list_tensor_desc(b, data.handle, n, s))

    @builtin
    def init(self, data: GlobalAddress, length: Any = UNSET, shape_size: Any = UNSET) -> None:
        """Points the list at the descriptor at `data`."""
        data = _address(data, "ListTensorDesc.init", "data")
        n = _u32(length, "ListTensorDesc.init", "length")
        s = _u32(shape_size, "ListTensorDesc.init", "shape_size")
        _ods.list_tensor_desc_init(builder_for("init"), self.handle, data.handle, n, s)

    @builtin
    def get_desc(self, desc: TensorDesc, index: Any) -> None:
        """Fills `desc` with tensor `index` of the list."""
        if not isinstance(desc, TensorDesc):
            raise TypeError(f"ListTensorDesc.get_desc: 'desc' must be an asc.TensorDesc, got {described(desc)}")
        _ods.list_tensor_desc_get_desc(builder_for("get_desc"), self.handle, desc.handle,
                                       _index(index, "get_desc index"))

    @builtin
    def get_data_ptr(self, index: Any, dtype: DataType) -> GlobalAddress:
        """The GM address of tensor `index`'s data, as `dtype` elements."""
        dtype = _element_dtype(dtype, "ListTensorDesc.get_data_ptr")
        b = builder_for("get_data_ptr")
        handle = _ods.list_tensor_desc_get_data_ptr(b, self.handle, _index(index, "get_data_ptr index"),
                                                    result_type=gm_addr_type(dtype))
        return GlobalAddress(handle, dtype)

    @builtin
    def get_size(self) -> PlainValue:
        """The number of tensors in the list (uint32)."""
        b = builder_for("get_size")
        return PlainValue(_ods.list_tensor_desc_get_size(b, self.handle, result_type="i32"), uint32)

    def __repr__(self) -> str:
        return "ListTensorDesc()"


__all__ = ["TensorDesc", "ListTensorDesc"]
