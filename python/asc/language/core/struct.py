"""User-defined POD structs passed to kernels (`asc.Struct`, `asc.Field`, `asc.StructField`).

    class Tiling(asc.Struct, pack=8):
        total = asc.Field(asc.int32, default=0)
        tile = asc.Field(asc.int32, default=256)
        scale = asc.Field(asc.float32, default=1.0, name="scaleFactor")

On the host a Struct is a ctypes-backed object (keyword construction, attribute
access, `pack()` → bytes). Passed to a kernel, its packed bytes go to Global Memory
and the kernel byte-copies them into a local C++ struct
(`#pragma pack(push, N) struct Tiling {...}`); field reads are runtime scalars.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

# The generated op surface (asc._C._ods) is imported by the functions that build IR: `import asc`
# does not load it.
from . import semantic
from .builtin import builder_for
from .dtype import DataType
from .ir_value import IRValue, PlainValue, described

_CTYPES = {
    "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32, "int64": ctypes.c_int64,
    "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64,
    "float32": ctypes.c_float, "float64": ctypes.c_double, "bool": ctypes.c_int8,
}


class Field:
    """A scalar field: its data type, default value and (optional) C++ name."""

    def __init__(self, dtype: DataType, default: Any = 0, name: str | None = None, enum: str | None = None) -> None:
        if not isinstance(dtype, DataType) or dtype.name not in _CTYPES:
            raise TypeError(f"Field: unsupported data type {dtype!r}; use one of {sorted(_CTYPES)}")
        # `enum` (pyasc: the C++ enum type a field holds) is kept for reference; the storage is `dtype`.
        self.dtype, self.default, self.name, self.enum = dtype, default, name, enum


def _checked(struct: str, key: str, dtype: DataType, value: Any) -> Any:
    """`value` for a field of `dtype`, refused when ctypes would wrap or truncate it silently."""
    value = semantic.python_scalar(value)
    where = f"{struct}.{key} ({dtype.name})"
    if isinstance(value, bool) or dtype.name == "bool":
        if not isinstance(value, (bool, int)):
            raise TypeError(f"{where} must be a bool or an int, got {described(value)}")
        return int(value)
    if dtype.is_float():
        if not isinstance(value, (int, float)):
            raise TypeError(f"{where} must be a number, got {described(value)}")
        return value
    if not isinstance(value, int):
        raise TypeError(f"{where} must be an int, got {described(value)}")
    low, high = semantic.integer_limits(dtype)
    if not low <= value <= high:
        raise OverflowError(f"{where} holds {low}..{high}, got {value}")
    return value


class StructField:
    """A field holding another Struct."""

    def __init__(self, struct: type[Struct], default: Struct | None = None, name: str | None = None) -> None:
        if not (isinstance(struct, type) and issubclass(struct, Struct)):
            raise TypeError(f"StructField expects a Struct subclass, got {struct!r}")
        if default is not None and not isinstance(default, struct):
            raise TypeError(f"StructField default must be a {struct.__name__}, got {default!r}")
        self.struct, self.default, self.name = struct, default, name


class Struct:
    """Base of user structs; subclasses declare `Field`s / `StructField`s as class attributes."""

    _fields_: ClassVar[dict[str, Field | StructField]] = {}
    _pack_: ClassVar[int] = 8
    _ctype_: ClassVar[type[ctypes.Structure]]

    def __init_subclass__(cls, pack: int = 8, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = {k: v for k, v in vars(cls).items() if isinstance(v, (Field, StructField))}
        if not fields:
            raise TypeError(f"Struct {cls.__name__} declares no Field")
        cls._fields_, cls._pack_ = fields, pack
        layout = [(f.name or k, _CTYPES[f.dtype.name] if isinstance(f, Field) else f.struct._ctype_)
                  for k, f in fields.items()]
        cls._ctype_ = type(f"{cls.__name__}_c", (ctypes.Structure,), {"_pack_": pack, "_fields_": layout})
        for k in fields:
            delattr(cls, k)

    def __init__(self, **values: Any) -> None:
        object.__setattr__(self, "_c", self._ctype_())
        for k, f in self._fields_.items():
            default = f.default if isinstance(f, Field) else (f.default if f.default is not None else f.struct())
            setattr(self, k, values.pop(k, default))
        if values:
            raise TypeError(f"{type(self).__name__} has no field(s) {sorted(values)}")

    def __getattr__(self, key: str) -> Any:
        f = type(self)._fields_.get(key)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field '{key}'")
        raw = getattr(object.__getattribute__(self, "_c"), f.name or key)
        if isinstance(f, StructField):
            # A view sharing this struct's memory (as ctypes does), so `outer.inner.x = v` writes through.
            nested = object.__new__(f.struct)
            object.__setattr__(nested, "_c", raw)
            return nested
        return raw

    def __setattr__(self, key: str, value: Any) -> None:
        f = type(self)._fields_.get(key)
        if f is None:
            raise AttributeError(f"{type(self).__name__} has no field '{key}'")
        if isinstance(f, StructField):
            if not isinstance(value, f.struct):
                raise TypeError(f"{type(self).__name__}.{key} must be a {f.struct.__name__}")
            setattr(self._c, f.name or key, value._c)
        else:
            setattr(self._c, f.name or key, _checked(type(self).__name__, key, f.dtype, value))

    def pack(self) -> bytes:
        return bytes(self._c)

    def __repr__(self) -> str:
        items = ", ".join(f"{k}={getattr(self, k)!r}" for k in self._fields_)
        return f"{type(self).__name__}({items})"

    # -- IR spelling ------------------------------------------------------------
    @classmethod
    def ir_type(cls) -> str:
        """`!asc.struct<"Name", ["field" : type, ...], pack = N>` (nested structs by their own type)."""
        from ..._C import _ods
        fields = []
        for k, f in cls._fields_.items():
            t = f.dtype.to_ir() if isinstance(f, Field) else f.struct.ir_type()
            if isinstance(f, Field) and f.dtype.name == "bool":
                t = "i8"
            fields.append((f.name or k, t))
        return _ods.struct_type(cls.__name__, fields, cls._pack_)


class StructValue(IRValue):
    """A struct inside a kernel (a local copy of the argument); field reads are scalars."""

    __slots__ = ("struct",)

    def __init__(self, handle: Any, struct: type[Struct]) -> None:
        super().__init__(handle)
        self.struct = struct

    @staticmethod
    def load(pointer: Any, struct: type[Struct]) -> StructValue:
        from ..._C import _ods
        b = builder_for("struct")
        return StructValue(_ods.struct_load(b, pointer, result_type=struct.ir_type()), struct)

    def __getattr__(self, key: str) -> Any:
        from ..._C import _ods
        struct = object.__getattribute__(self, "struct")
        f = struct._fields_.get(key)
        if f is None:
            raise AttributeError(f"{struct.__name__} has no field '{key}'")
        b = builder_for(f"{struct.__name__}.{key}")
        name = f.name or key
        if isinstance(f, StructField):
            return StructValue(_ods.struct_get(b, self.handle, field=name, result_type=f.struct.ir_type()), f.struct)
        handle = _ods.struct_get(b, self.handle, field=name, result_type=semantic.ir_scalar_type(f.dtype))
        return PlainValue(handle, f.dtype)

    def set_field(self, key: str, value: Any) -> None:
        """`s.key = value` inside a kernel (the visitor routes attribute stores here)."""
        from ..._C import _ods
        f = self.struct._fields_.get(key)
        if not isinstance(f, Field):
            raise AttributeError(f"{self.struct.__name__} has no scalar field '{key}'")
        b = builder_for(f"{self.struct.__name__}.{key}")
        self.handle = _ods.struct_set(b, self.handle, semantic.materialize(value, f.dtype), field=f.name or key,
                                      result_type=self.struct.ir_type())
