"""GlobalTensor and LocalTensor: views of Global Memory and of on-chip buffers."""

from __future__ import annotations

from typing import Any

from . import semantic
from .builtin import builder_for, builtin
from .dtype import DataType, int32
from .enums import TPosition, ir_keyword
from .ir_value import GlobalAddress, IRValue, PlainValue

_ON_CHIP = {TPosition.A1, TPosition.A2, TPosition.B1, TPosition.B2, TPosition.C1, TPosition.C2,
            TPosition.CO1, TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC}


def _index(value: Any, what: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{what} must be an integer, got {type(value).__name__}")
    if isinstance(value, PlainValue) and not value.dtype.is_int():
        raise TypeError(f"{what} must be an integer, got a {value.dtype.name} value")
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
    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: DataType | None) -> None:
        super().__init__(handle)
        self.dtype = dtype

    def _subview(self, key: Any) -> Any:
        kind = type(self).__name__
        offset = _offset_from_subscript(key, kind)
        b = builder_for(f"{kind}.__getitem__")
        off = _index(offset, f"{kind} index")
        return b.create1("asc.subview", [self.handle, off], self.handle.type)


    @builtin
    def get_value(self, index: Any) -> PlainValue:
        """Reads one element (a scalar access on PIPE_S)."""
        self._require_dtype("get_value")
        b = builder_for("get_value")
        handle = b.create1("asc.get_value", [self.handle, _index(index, "get_value index")],
                           semantic.ir_scalar_type(self.dtype))
        return PlainValue(handle, self.dtype)

    @builtin
    def set_value(self, index: Any, value: Any) -> None:
        """Writes one element (a scalar access on PIPE_S)."""
        self._require_dtype("set_value")
        if not isinstance(value, (PlainValue, int, float, bool)):
            raise TypeError(f"set_value: 'value' must be a number, got {type(value).__name__}")
        b = builder_for("set_value")
        b.create("asc.set_value", [self.handle, _index(index, "set_value index"),
                                   semantic.materialize(value, self.dtype)])

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

    def __init__(self, handle: Any = None) -> None:
        if handle is None:
            # Typed later: the element type comes from set_global_buffer's address.
            handle = builder_for("GlobalTensor").create1("asc.global_tensor", [], "!asc.global_tensor<none>")
        super().__init__(handle, None)

    @builtin
    def set_global_buffer(self, buffer: GlobalAddress, buffer_size: Any = None) -> None:
        if not isinstance(buffer, GlobalAddress):
            raise TypeError(f"set_global_buffer expects a GlobalAddress, got {type(buffer).__name__}")
        b = builder_for("set_global_buffer")
        if self.dtype is None:
            self.dtype = buffer.dtype
            self.handle.set_type(b.type(f"!asc.global_tensor<{buffer.dtype.to_ir()}>"))
        elif self.dtype != buffer.dtype:
            raise TypeError(f"this GlobalTensor holds {self.dtype.name} but the buffer holds "
                            f"{buffer.dtype.name}")
        operands = [self.handle, buffer.handle]
        if buffer_size is not None:
            operands.append(_index(buffer_size, "buffer_size"))
        b.create("asc.set_global_buffer", operands)

    @builtin
    def __getitem__(self, key: Any) -> GlobalTensor:
        self._require_dtype("index")
        return self.with_handle(self._subview(key))

    @builtin
    def get_size(self) -> Any:
        raise NotImplementedError("GlobalTensor.get_size is not supported yet")

    def __repr__(self) -> str:
        return f"GlobalTensor({self.dtype})"


class LocalTensor(BaseTensor):
    """A tensor in an on-chip buffer (UB, L1, L0...).

    `LocalTensor(dtype, pos, addr, tile_size)` places a static tensor of `tile_size`
    elements at byte address `addr` of the memory behind `pos`.
    """

    __slots__ = ("position",)

    def __init__(self, dtype: DataType | None = None, pos: TPosition = TPosition.VECIN,
                 addr: Any = 0, tile_size: Any = 0, *, handle: Any = None) -> None:
        if handle is not None:
            super().__init__(handle, dtype)
            self.position = pos
            return
        b = builder_for("LocalTensor")
        if not isinstance(dtype, DataType):
            raise TypeError(f"LocalTensor expects a data type first (e.g. asc.float32), got {dtype!r}")
        pos = TPosition(pos)
        if pos not in _ON_CHIP:
            raise ValueError(f"a LocalTensor lives in an on-chip position, not TPosition.{pos.name}")
        addr_v = _index(addr, "LocalTensor address")
        size_v = _index(tile_size, "LocalTensor tile_size")
        result = f"!asc.local_tensor<{ir_keyword(pos)}, {dtype.to_ir()}>"
        super().__init__(b.create1("asc.local_tensor", [addr_v, size_v], result), dtype)
        self.position = pos

    @builtin
    def __getitem__(self, key: Any) -> LocalTensor:
        return LocalTensor(self.dtype, self.position, handle=self._subview(key))

    @builtin
    def get_phy_addr(self, offset: Any = None) -> PlainValue:
        """The byte address of this view (plus `offset` elements) in its on-chip memory, as a uint64."""
        from .dtype import uint64

        operands = [self.handle]
        if offset is not None:
            operands.append(_index(offset, "get_phy_addr offset"))
        b = builder_for("get_phy_addr")
        return PlainValue(b.create1("asc.local_tensor_get_phy_addr", operands, "i64"), uint64)

    def __repr__(self) -> str:
        return f"LocalTensor({self.dtype}, {self.position.name})"
