"""LocalTensorAuto: a Unified Buffer tensor whose position, buffer and synchronisation the compiler
decides (docs/sync.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..._C import _ods
from . import semantic
from .builtin import builder_for
from .dtype import DataType
from .enums import DataFormat, TPosition
from .ir_value import PlainValue, described
from .tensor import LocalTensor, _index, local_tensor_type


class ShapeInfo:
    """`asc.ShapeInfo(shape, original_shape=None, data_format=DataFormat.ND)`: the logical shape of a
    tensor, kept with the Python tensor object (`t.set_shape_info(si)`, `t.get_shape_info()`) at
    compile time. Dimensions are compile-time ints or runtime integers of the kernel. pyasc emits
    no `SetShapeInfo`: no API it implements reads a tensor's ShapeInfo on the device
    (docs/sync.md)."""

    __slots__ = ("_shape", "_original", "data_format")

    def __init__(self, shape: Any = None, original_shape: Any = None,
                 data_format: DataFormat = DataFormat.ND) -> None:
        self._shape = _dims(shape if shape is not None else (), "ShapeInfo shape")
        self._original = (_dims(original_shape, "ShapeInfo original_shape") if original_shape is not None
                          else self._shape)
        if not isinstance(data_format, DataFormat):
            raise TypeError(f"ShapeInfo: 'data_format' must be an asc.DataFormat, got {data_format!r}")
        self.data_format = data_format

    @property
    def shape_dim(self) -> int:
        return len(self._shape)

    @property
    def original_shape_dim(self) -> int:
        return len(self._original)

    def shape(self, dim: int) -> Any:
        """Dimension `dim` (an int, or the runtime value it was given as)."""
        return self._shape[dim]

    def original_shape(self, dim: int) -> Any:
        return self._original[dim]

    def __repr__(self) -> str:
        return f"ShapeInfo({list(self._shape)}, {list(self._original)}, {self.data_format.name})"


def _dims(shape: Any, what: str) -> tuple[Any, ...]:
    dims = tuple(semantic.python_scalar(d) for d in (shape if isinstance(shape, Sequence) else (shape,)))
    for i, d in enumerate(dims):
        if isinstance(d, bool) or not isinstance(d, (int, PlainValue)):
            raise TypeError(f"{what}: dimension {i} must be an integer, got {described(d)}")
    return dims


def get_shape_size(shape_info: ShapeInfo) -> Any:
    """`asc.get_shape_size(si)`: the product of the dimensions (an int when all are compile-time)."""
    if not isinstance(shape_info, ShapeInfo):
        raise TypeError(f"get_shape_size expects an asc.ShapeInfo, got {described(shape_info)}")
    static = 1
    runtime: Any = None
    for d in shape_info._shape:
        if isinstance(d, int):
            static *= d
        else:
            runtime = d if runtime is None else runtime * d
    if runtime is None:
        return static
    return runtime if static == 1 else runtime * static


class LocalTensorAuto(LocalTensor):
    """`asc.LocalTensorAuto(dtype, shape)`: a tensor of `shape` elements (an int or a sequence; each
    dimension a compile-time int or a runtime integer) in the Unified Buffer.

    The compiler gives it a position (VECIN if a `data_copy` fills it from GM, VECOUT if one copies
    it to GM, else VECCALC), a queue or buffer of its own, and — with `insert_sync` (the default for
    kernels that use LocalTensorAuto) — the queue operations and flags its accesses need."""

    __slots__ = ()

    def __init__(self, dtype: DataType | None = None, shape: Any = None, *, handle: Any = None) -> None:
        if handle is not None:  # a parameter of a device function
            super().__init__(dtype, TPosition.VECCALC, handle=handle)
            return
        if not isinstance(dtype, DataType):
            raise TypeError(f"LocalTensorAuto expects a data type first (e.g. asc.float32), got {dtype!r}")
        if shape is None:
            raise TypeError("LocalTensorAuto expects a shape: an int or a sequence of ints")
        dims = tuple(shape) if isinstance(shape, Sequence) else (shape,)
        if not dims:
            raise ValueError("LocalTensorAuto: the shape needs at least one dimension")
        for i, d in enumerate(dims):
            if isinstance(d, int) and not isinstance(d, bool) and d <= 0:
                raise ValueError(f"LocalTensorAuto: dimension {i} of the shape is {d}; dimensions must be "
                                 "positive")
        b = builder_for("LocalTensorAuto")
        handles = [_index(d, f"LocalTensorAuto shape dimension {i}") for i, d in enumerate(dims)]
        b.uses_local_tensor_auto = True
        handle = _ods.local_tensor_auto(b, handles, result_type=local_tensor_type(TPosition.VECCALC, dtype))
        super().__init__(dtype, TPosition.VECCALC, handle=handle)
        self.shape = dims
        self.shape_info = ShapeInfo(dims)

    def get_shape(self) -> tuple[Any, ...]:
        """The dimensions as given (Python ints and runtime values)."""
        return self.shape

    def __repr__(self) -> str:
        dims = ", ".join(str(d) if not isinstance(d, PlainValue) else "?" for d in self.shape)
        return f"LocalTensorAuto({self.dtype}, [{dims}])"
