"""Atomic store configuration: later copies to GM accumulate (`SetAtomicAdd<T>`, ...)."""

from __future__ import annotations

from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, bfloat16, float16, float32, int8, int16, int32
from . import _api

_ATOMIC_TYPES = (int8, int16, float16, bfloat16, int32, float32)


def _atomic(op: str, dtype: DataType) -> None:
    if dtype not in _ATOMIC_TYPES:
        raise TypeError(f"{op}: atomic {dtype!r} is not supported; use one of "
                        f"{', '.join(d.name for d in _ATOMIC_TYPES)}")
    b = builder_for(op)
    b.create(f"asc.{op}", [], attrs={"dtype": b.ctx.type_attr(b.type(dtype.to_ir()))})


@builtin
def set_atomic_add(dtype: DataType = float32) -> None:
    """Later UB→GM copies add into GM instead of overwriting (`SetAtomicAdd<T>()`)."""
    _atomic("set_atomic_add", dtype)


@builtin
def set_atomic_max(dtype: DataType = float32) -> None:
    _atomic("set_atomic_max", dtype)


@builtin
def set_atomic_min(dtype: DataType = float32) -> None:
    _atomic("set_atomic_min", dtype)


@builtin
def set_atomic_type(dtype: DataType = float32) -> None:
    _atomic("set_atomic_type", dtype)


@builtin
def set_atomic_none() -> None:
    """Back to plain stores (`SetAtomicNone()`)."""
    builder_for("set_atomic_none").create("asc.set_atomic_none", [])


_api.publish_all(globals(), (("set_atomic_add", "SetAtomicAdd"), ("set_atomic_max", "SetAtomicMax"),
               ("set_atomic_min", "SetAtomicMin"), ("set_atomic_type", "SetAtomicType"),
               ("set_atomic_none", "SetAtomicNone")))

