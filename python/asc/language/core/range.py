"""Loop ranges and compile-time constants.

`asc.range` (and plain `range`) build a runtime `scf.for`; `asc.static_range`
unrolls at compile time; `asc.ConstExpr[T]` marks a compile-time parameter.
"""

from __future__ import annotations

import builtins
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class range:  # noqa: A001 - mirrors the pyasc name
    """A runtime loop range: `for i in asc.range(start, stop, step)` becomes `scf.for`."""

    def __init__(self, *args: Any) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        if len(args) == 1:
            args = (0, args[0], 1)
        elif len(args) == 2:
            args = (args[0], args[1], 1)
        self.start, self.stop, self.step = args


class static_range:
    """A compile-time range: the loop body is unrolled and the variable is a Python int."""

    def __init__(self, *args: Any) -> None:
        self.range = builtins.range(*args)

    def __iter__(self):
        return iter(self.range)


class ConstExpr(Generic[T]):
    """`x: asc.ConstExpr[int]` makes `x` a compile-time constant (part of the cache key)."""

    def __init__(self, value: T) -> None:
        self.value = value

    @staticmethod
    def unwrap(value: Any) -> Any:
        return value.value if isinstance(value, ConstExpr) else value

    def __repr__(self) -> str:
        return f"ConstExpr({self.value!r})"
