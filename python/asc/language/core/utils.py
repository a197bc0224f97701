"""Compile-time helpers: static_assert, ceildiv, Ascend C constants (`asc.property`)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from ..._C import _ods
from .builtin import builder_for, builtin
from .dtype import int16, int32
from .ir_value import IRValue, PlainValue


def static_assert(test: Any, message: Any = None) -> None:
    """Fails the compile (at the calling line) when the compile-time `test` is false."""
    if isinstance(test, IRValue):
        raise TypeError("static_assert needs a compile-time condition, not a runtime value")
    if not test:
        raise AssertionError(f"static assertion failed{': ' + str(message) if message is not None else ''}")


static_assert.__asc_builtin__ = True  # type: ignore[attr-defined]


def ceildiv(x: Any, y: Any) -> Any:
    """`(x + y - 1) // y`: usable on the host and inside kernels (on runtime values too)."""
    return (x + y - 1) // y


class Property(Enum):
    """Ascend C constants readable with `asc.property(...)`: the dialect's value and the C++ type."""

    DEFAULT_C0_SIZE = (_ods.Property.DEFAULT_C0_SIZE, int32)
    ONE_BLK_SIZE = (_ods.Property.ONE_BLK_SIZE, int16)
    TOTAL_L1_SIZE = (_ods.Property.TOTAL_L1_SIZE, int32)
    TOTAL_L0C_SIZE = (_ods.Property.TOTAL_L0C_SIZE, int32)


DEFAULT_C0_SIZE = Property.DEFAULT_C0_SIZE
ONE_BLK_SIZE = Property.ONE_BLK_SIZE
TOTAL_L1_SIZE = Property.TOTAL_L1_SIZE
TOTAL_L0C_SIZE = Property.TOTAL_L0C_SIZE


@builtin
def property(prop: Property) -> PlainValue:  # noqa: A001 - the pyasc name
    """The value of an Ascend C constant (e.g. `asc.property(asc.ONE_BLK_SIZE)`) as a runtime scalar."""
    if not isinstance(prop, Property):
        raise TypeError(f"property: expected one of {[p.name for p in Property]}, got {prop!r}")
    value, dtype = prop.value
    handle = _ods.property(builder_for("property"), property=value, result_type=dtype.to_ir())
    return PlainValue(handle, dtype)
