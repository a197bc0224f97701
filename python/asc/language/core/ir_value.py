"""Runtime values inside a kernel: scalars (`PlainValue`) and GM addresses."""

from __future__ import annotations

from typing import Any

import numpy as np

# The generated op surface (asc._C._ods) is imported by the functions that build IR: `import asc`
# does not load it.
from . import semantic
from .builtin import builder_for, builtin
from .dtype import DataType, int32


class IRValue:
    """Base of every kernel value backed by an MLIR SSA value."""

    __slots__ = ("handle",)

    def __init__(self, handle: Any) -> None:
        self.handle = handle

    def with_handle(self, handle: Any) -> IRValue:
        """The same kind of value (dtype, position, ...) for another SSA value of the same type.

        Used where a value crosses a region boundary: device-function parameters and
        results, loop-carried values.
        """
        clone = object.__new__(type(self))
        for cls in type(self).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(self, slot):
                    setattr(clone, slot, getattr(self, slot))
        clone.handle = handle
        return clone

    def __bool__(self) -> bool:
        raise TypeError(
            f"a runtime {type(self).__name__} has no compile-time truth value; "
            "runtime conditions are only allowed in `if`/`while` statements and `a if c else b`"
        )


class PlainValue(IRValue):
    """A runtime scalar with a dtype (from kernel arguments, API results or arithmetic)."""

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: DataType) -> None:
        super().__init__(handle)
        self.dtype = dtype

    def cast(self, dtype: DataType) -> PlainValue:
        return semantic.convert(self, semantic.numeric_dtype("cast", dtype))

    def ceildiv(self, other: Any) -> PlainValue:
        return (self + other - 1) // other

    def logical_and(self, other: Any) -> PlainValue:
        return semantic.binary("&", semantic.to_bool(self), semantic.to_bool(other))

    def logical_or(self, other: Any) -> PlainValue:
        return semantic.binary("|", semantic.to_bool(self), semantic.to_bool(other))

    def __repr__(self) -> str:
        return f"PlainValue({self.dtype.name})"



def described(value: Any) -> str:
    """What a value is, in the user's terms for a message ("got a runtime int32 scalar", "got str"), not the
    front end's class (PlainValue)."""
    if isinstance(value, PlainValue):
        # int1 is a comparison's result, a bool to the user
        return "a runtime bool" if value.dtype.name == "int1" else f"a runtime {value.dtype.name} scalar"
    return type(value).__name__

#: Compile-time numbers a runtime scalar combines with (numpy scalars as their Python values).
_NUMBERS = (int, float, bool, np.integer, np.floating, np.bool_)


def _binop(op: str):
    def forward(self, other):
        if not isinstance(other, (PlainValue, *_NUMBERS)):
            return NotImplemented
        return semantic.binary(op, self, semantic.python_scalar(other))

    def reflected(self, other):
        if not isinstance(other, _NUMBERS):
            return NotImplemented
        return semantic.binary(op, self, semantic.python_scalar(other), reflected=True)

    return forward, reflected


for _op, _name in [("+", "add"), ("-", "sub"), ("*", "mul"), ("/", "truediv"), ("//", "floordiv"),
                   ("%", "mod"), ("<<", "lshift"), (">>", "rshift"), ("&", "and"), ("|", "or"),
                   ("^", "xor")]:
    _f, _r = _binop(_op)
    setattr(PlainValue, f"__{_name}__", _f)
    setattr(PlainValue, f"__r{_name}__", _r)

for _op, _name in [("==", "eq"), ("!=", "ne"), ("<", "lt"), ("<=", "le"), (">", "gt"), (">=", "ge")]:
    setattr(PlainValue, f"__{_name}__",
            (lambda op: lambda self, other: semantic.compare(op, self, other))(_op))
PlainValue.__hash__ = None  # type: ignore[assignment]
PlainValue.__array_ufunc__ = None  # np.float32(2) * v: numpy defers to PlainValue.__rmul__
PlainValue.__neg__ = lambda self: semantic.unary("-", self)  # type: ignore[attr-defined]
PlainValue.__pos__ = lambda self: semantic.unary("+", self)  # type: ignore[attr-defined]
PlainValue.__invert__ = lambda self: semantic.unary("~", self)  # type: ignore[attr-defined]


def gm_addr_type(dtype: DataType) -> str:
    """The MLIR type of a GlobalAddress of `dtype` elements."""
    from ..._C import _ods
    return _ods.gm_addr_type(dtype.to_ir())


class GlobalAddress(IRValue):
    """A pointer into Global Memory (a kernel argument that was an array or tensor).

    `addr + n` is the address `n` *elements* further; `.dtype` is its element type.
    """

    __slots__ = ("dtype",)

    def __init__(self, handle: Any, dtype: DataType | None = None) -> None:
        super().__init__(handle)
        self.dtype = dtype

    @builtin
    def __add__(self, offset: Any) -> GlobalAddress:
        from ..._C import _ods
        if not isinstance(offset, (PlainValue, int)) or isinstance(offset, bool):
            raise TypeError(f"a GlobalAddress can only be offset by an integer, not {type(offset).__name__}")
        b = builder_for("GlobalAddress.__add__")
        dtype = offset.dtype if isinstance(offset, PlainValue) else int32
        if dtype.is_float():
            raise TypeError("a GlobalAddress can only be offset by an integer, not a float value")
        off = semantic.materialize(offset, dtype)
        return GlobalAddress(_ods.ptr_offset(b, self.handle, off, result_type=self.handle.type), self.dtype)

    __radd__ = __add__

    def __repr__(self) -> str:
        return f"GlobalAddress({self.dtype})"


@builtin
def number(value: Any, dtype: DataType) -> PlainValue:
    """`asc.number(value, dtype)`: a typed runtime constant."""
    builder_for("number")
    dtype = semantic.numeric_dtype("number", dtype)
    return PlainValue(semantic.materialize(value, dtype), dtype)
