"""GlobalTensor and LocalTensor: views of Global Memory and of on-chip buffers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._C import _ods
from . import semantic
from .builtin import builder_for, builtin
from .dtype import DataType, int32, uint32, uint64
from .enums import CacheMode, CacheRwMode, TPosition
from .ir_value import GlobalAddress, IRValue, PlainValue, described, gm_addr_type


def local_tensor_type(pos: TPosition, dtype: DataType) -> str:
    """The MLIR type of a LocalTensor of `dtype` elements at `pos`."""
    return _ods.local_tensor_type(pos, dtype.to_ir())


def _int(value: Any, what: str) -> Any:
    """`value` if it is a Python int (a numpy integer as one) or an integer PlainValue, else a
    TypeError naming `what`."""
    value = semantic.python_scalar(value)
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{what} must be an integer, got {described(value)}")
    if isinstance(value, PlainValue) and not value.dtype.is_int():
        raise TypeError(f"{what} must be an integer, got a {value.dtype.name} value")
    return value


def _index(value: Any, what: str) -> Any:
    """The IR handle of integer `value` in its own type (int32 for a Python int)."""
    value = _int(value, what)
    dtype = value.dtype if isinstance(value, PlainValue) else int32
    return semantic.materialize(value, dtype)


def _offset_from_subscript(key: Any, kind: str) -> Any:
    if isinstance(key, slice):
        if key.stop is not None or key.step is not None:
            raise ValueError(
                f"{kind} slices take only a start (t[i:] is the view starting at element i); "
                "a stop or step is not supported")
        return key.start if key.start is not None else 0
    return key


class BaseTensor(IRValue):
    __slots__ = ("dtype", "shape_info")

    def __init__(self, handle: Any, dtype: DataType | None) -> None:
        super().__init__(handle)
        self.dtype = dtype
        self.shape_info: Any = None

    def set_shape_info(self, shape_info: Any) -> None:
        """Records the tensor's logical shape (an `asc.ShapeInfo`), at compile time (GlobalTensor and
        LocalTensor alike, pyasc_api.md §1.2)."""
        from .auto_tensor import ShapeInfo

        if not isinstance(shape_info, ShapeInfo):
            raise TypeError(f"set_shape_info expects an asc.ShapeInfo, got {described(shape_info)}")
        self.shape_info = shape_info

    def get_shape_info(self) -> Any:
        """The ShapeInfo set by `set_shape_info` (a LocalTensorAuto starts with its shape); an error
        when none was set."""
        if self.shape_info is None:
            raise ValueError("get_shape_info: this tensor has no ShapeInfo; set one with set_shape_info")
        return self.shape_info

    def _subview(self, key: Any) -> Any:
        kind = type(self).__name__
        offset = _offset_from_subscript(key, kind)
        b = builder_for(f"{kind}.__getitem__")
        off = _index(offset, f"{kind} index")
        return _ods.subview(b, self.handle, off, result_type=self.handle.type)


    @builtin
    def get_value(self, index: Any) -> PlainValue:
        """Reads one element (a scalar access on PIPE_S)."""
        self._require_dtype("get_value")
        b = builder_for("get_value")
        handle = _ods.get_value(b, self.handle, _index(index, "get_value index"),
                                result_type=semantic.ir_scalar_type(self.dtype))
        return PlainValue(handle, self.dtype)

    @builtin
    def set_value(self, index: Any, value: Any) -> None:
        """Writes one element (a scalar access on PIPE_S)."""
        self._require_dtype("set_value")
        value = semantic.python_scalar(value)
        if not isinstance(value, (PlainValue, int, float, bool)):
            raise TypeError(f"set_value: 'value' must be a number, got {described(value)}")
        b = builder_for("set_value")
        _ods.set_value(b, self.handle, _index(index, "set_value index"), semantic.materialize(value, self.dtype))

    @builtin
    def __call__(self, index: Any) -> PlainValue:
        """`t(i)`: the element at `i`, Ascend C's call operator (a scalar read, the same as `get_value(i)`)."""
        return self.get_value(index)

    @builtin
    def item(self) -> PlainValue:
        """`t[i].item()`: the element at the start of this view (same as `t.get_value(i)`)."""
        return self.get_value(0)

    def _require_dtype(self, what: str) -> None:
        if self.dtype is None:
            raise ValueError(f"cannot {what} on a GlobalTensor before set_global_buffer binds it to memory")


class GlobalTensor(BaseTensor):
    """A view of Global Memory. Created empty; typed by `set_global_buffer`."""

    __slots__ = ()

    def __init__(self) -> None:
        # Typed later: the element type comes from set_global_buffer's address. (Tensors of an SSA
        # value that exists already are made by `with_handle`.)
        handle = _ods.global_tensor(builder_for("GlobalTensor"), result_type=_ods.global_tensor_type("none"))
        super().__init__(handle, None)

    @builtin
    def set_global_buffer(self, buffer: GlobalAddress, buffer_size: Any = None) -> None:
        if not isinstance(buffer, GlobalAddress):
            raise TypeError(f"set_global_buffer expects a GlobalAddress, got {described(buffer)}")
        b = builder_for("set_global_buffer")
        if self.dtype is None:
            # The first binding types the tensor; the verifier checks later ones against it.
            self.dtype = buffer.dtype
            self.handle.set_type(b.type(_ods.global_tensor_type(buffer.dtype.to_ir())))
        size = _index(buffer_size, "buffer_size") if buffer_size is not None else None
        _ods.set_global_buffer(b, self.handle, buffer.handle, size)

    @builtin
    def __getitem__(self, key: Any) -> GlobalTensor:
        self._require_dtype("index")
        return self.with_handle(self._subview(key))

    @builtin
    def get_size(self) -> PlainValue:
        """The element count given to `set_global_buffer` (0 when it was given none), as a uint64."""
        self._require_dtype("get_size")
        b = builder_for("get_size")
        return PlainValue(_ods.global_tensor_get_size(b, self.handle, result_type="i64"), uint64)

    @builtin
    def get_phy_addr(self, offset: Any = 0) -> GlobalAddress:
        """The GM address of this view plus `offset` elements."""
        self._require_dtype("get_phy_addr")
        b = builder_for("get_phy_addr")
        handle = _ods.global_tensor_get_phy_addr(b, self.handle, _index(offset, "get_phy_addr offset"),
                                                 result_type=gm_addr_type(self.dtype))
        return GlobalAddress(handle, self.dtype)

    @builtin
    def set_l2_cache_hint(self, mode: CacheMode = CacheMode.CACHE_MODE_NORMAL,
                          rw_mode: CacheRwMode = CacheRwMode.RW) -> None:
        """`SetL2CacheHint<rw_mode>(mode)`: with `CacheMode.CACHE_MODE_DISABLE` the DMA reads of this
        tensor's buffer bypass the L2 (on the simulator: served at HBM rate and not kept, in the timing
        model only — docs/timing.md); `CACHE_MODE_NORMAL` caches them again. `rw_mode` is reserved on
        A2/A3. Call it after `set_global_buffer`."""
        self._require_dtype("set_l2_cache_hint")
        if not isinstance(mode, CacheMode):
            raise TypeError(f"set_l2_cache_hint: 'mode' must be an asc.CacheMode, got {mode!r}")
        if not isinstance(rw_mode, CacheRwMode):
            raise TypeError(f"set_l2_cache_hint: 'rw_mode' must be an asc.CacheRwMode, got {rw_mode!r}")
        # pyasc numbers CacheMode differently from Ascend C (NORMAL = 0 here, DISABLE = 0 there): the
        # IR takes it by name.
        _ods.global_tensor_set_l2_cache_hint(builder_for("set_l2_cache_hint"), self.handle,
                                             mode=_ods.CacheMode[mode.name],
                                             rw_mode=_ods.CacheRwMode[rw_mode.name])

    def __repr__(self) -> str:
        return f"GlobalTensor({self.dtype})"


class LocalTensor(BaseTensor):
    """A tensor in an on-chip buffer (UB, L1, L0...).

    `LocalTensor(dtype, pos, addr, tile_size)` places a static tensor of `tile_size`
    elements at byte address `addr` of the memory behind `pos`.
    """

    __slots__ = ("position", "shape")

    def __init__(self, dtype: DataType | None = None, pos: TPosition = TPosition.VECIN,
                 addr: Any = None, tile_size: Any = None, *, handle: Any = None) -> None:
        # The logical dimensions, when the tensor was made with one (LocalTensorAuto, TBuf.get(shape=)).
        self.shape: tuple[Any, ...] | None = None
        if handle is not None:
            super().__init__(handle, dtype)
            self.position = pos
            return
        b = builder_for("LocalTensor")
        if not isinstance(dtype, DataType) or dtype.is_void():
            raise TypeError(f"LocalTensor expects an element data type first (e.g. asc.float32), got {dtype!r}")
        pos = TPosition(pos)
        result = local_tensor_type(pos, dtype)
        if addr is None and tile_size is None:
            # `LocalTensor(dtype[, pos])`: an empty descriptor, set later by set_addr_with_offset.
            super().__init__(_ods.local_tensor_empty(b, result_type=result), dtype)
            self.position = pos
            return
        addr = 0 if addr is None else addr
        tile_size = 0 if tile_size is None else tile_size
        addr_v = _index(addr, "LocalTensor address")
        size_v = _index(tile_size, "LocalTensor tile_size")
        super().__init__(_ods.local_tensor(b, addr_v, size_v, result_type=result), dtype)
        self.position = pos

    @builtin
    def __getitem__(self, key: Any) -> LocalTensor:
        return LocalTensor(self.dtype, self.position, handle=self._subview(key))

    @builtin
    def get_phy_addr(self, offset: Any = None) -> PlainValue:
        """The byte address of this view (plus `offset` elements) in its on-chip memory, as a uint64."""
        b = builder_for("get_phy_addr")
        off = _index(offset, "get_phy_addr offset") if offset is not None else None
        return PlainValue(_ods.local_tensor_get_phy_addr(b, self.handle, off, result_type="i64"), uint64)

    @builtin
    def get_size(self) -> PlainValue:
        """The element count of this view (`GetSize`), as a uint32."""
        return self._getter(_ods.local_tensor_get_size, "get_size", uint32)

    @builtin
    def get_length(self) -> PlainValue:
        """The byte length of this view (`GetLength`), as a uint32."""
        return self._getter(_ods.local_tensor_get_length, "get_length", uint32)

    @builtin
    def get_position(self) -> PlainValue:
        """The logical position as an int32 (compare it with `asc.TPosition` members)."""
        return self._getter(_ods.local_tensor_get_position, "get_position", int32)

    @builtin
    def get_user_tag(self) -> PlainValue:
        """The tag of this tensor's queue buffer (`set_user_tag`), as an int32."""
        return PlainValue(_ods.local_tensor_get_user_tag(builder_for("get_user_tag"), self.handle), int32)

    @builtin
    def set_user_tag(self, tag: Any = 0) -> None:
        """Tags this tensor's queue buffer (shared by every tensor of that buffer; the tensor must come
        from a TQue or TBuf)."""
        b = builder_for("set_user_tag")
        _ods.local_tensor_set_user_tag(b, self.handle, semantic.materialize(_int(tag, "tag"), int32))

    @builtin
    def set_size(self, size: Any = 0) -> None:
        """Sets the element count of this view (`SetSize`)."""
        self._rebind(_ods.local_tensor_set_size, "set_size", _index(size, "set_size size"))

    @builtin
    def set_buffer_len(self, data_len: Any) -> None:
        """Sets the byte length of this view (`SetBufferLen` stores its argument as bytes)."""
        self._rebind(_ods.local_tensor_set_buffer_len, "set_buffer_len",
                     _index(data_len, "set_buffer_len data_len"))

    @builtin
    def set_addr_with_offset(self, src: LocalTensor, offset: Any) -> None:
        """This tensor becomes `src` from `offset` elements of src's type on (`SetAddrWithOffset`): src's
        address and position, this tensor's element type."""
        if not isinstance(src, LocalTensor):
            raise TypeError(f"set_addr_with_offset: 'src' must be a LocalTensor, got {described(src)}")
        b = builder_for("set_addr_with_offset")
        self.take_value(_ods.local_tensor_set_addr_with_offset(
            b, src.handle, _index(offset, "set_addr_with_offset offset"),
            result_type=local_tensor_type(src.position, self.dtype)), src.position)

    def take_value(self, handle: Any, position: TPosition) -> None:
        """This tensor's variable now holds `handle`, a descriptor at `position` (set_addr_with_offset and
        the in-place queue forms `que.alloc_tensor(t)` / `que.deque(t)`). Inside a runtime loop or branch
        the variable is carried out of the body (codegen/scope.py counts those calls as re-binding it)."""
        self._keep_name(handle)
        self.position = position

    @builtin
    def reinterpret_cast(self, dtype: DataType) -> LocalTensor:
        """The same buffer seen as `dtype` elements (same address, byte length and position)."""
        if not isinstance(dtype, DataType):
            raise TypeError(f"reinterpret_cast expects a data type (e.g. asc.int32), got {dtype!r}")
        b = builder_for("reinterpret_cast")
        handle = _ods.local_tensor_reinterpret_cast(b, self.handle,
                                                    result_type=local_tensor_type(self.position, dtype))
        return LocalTensor(dtype, self.position, handle=handle)

    def print(self, data_len: Any = None) -> None:  # noqa: A003
        raise NotImplementedError("LocalTensor.print exists only in CANN's CPU debug build and does not compile "
                                  "for the NPU; use asc.dump_tensor(t, desc, dump_size) instead")

    def to_file(self, file_name: Any = None) -> None:
        raise NotImplementedError("LocalTensor.to_file exists only in CANN's CPU debug build and does not "
                                  "compile for the NPU; copy the tensor to a GM argument and save it on the host, "
                                  "or use asc.dump_tensor(t, desc, dump_size)")

    def _getter(self, builder: Callable[..., Any], api: str, dtype: DataType) -> PlainValue:
        handle = builder(builder_for(api), self.handle, result_type=semantic.ir_scalar_type(dtype))
        return PlainValue(handle, dtype)

    def _rebind(self, builder: Callable[..., Any], api: str, value: Any) -> None:
        # The setters yield the updated descriptor (see asc.local_tensor_set_size); this object now
        # names it. Inside a runtime loop or branch the tensor's variable is carried out of the body
        # (codegen/scope.py treats `t.set_size(...)` as re-binding `t`).
        self._keep_name(builder(builder_for(api), self.handle, value, result_type=self.handle.type))

    def _keep_name(self, handle: Any) -> None:
        # The C++ variable of the updated descriptor takes the Python variable's name (`z_local_1`).
        name = self.handle.name_hint()
        if name is not None:
            handle.set_name_hint(name)
        self.handle = handle

    def __repr__(self) -> str:
        return f"LocalTensor({self.dtype}, {self.position.name})"
