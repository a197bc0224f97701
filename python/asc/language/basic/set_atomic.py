"""Atomic store configuration: later copies to GM accumulate (`SetAtomicAdd<T>`, ...).

The element types atomic stores support are the verifier's rule (category dtype).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._C import _ods
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, float32
from . import _api


def _atomic(api: str, builder: Callable[..., Any], dtype: Any) -> None:
    if not isinstance(dtype, DataType):
        raise TypeError(f"{api}: 'dtype' must be a data type, got {dtype!r}")
    builder(builder_for(api), dtype=dtype.to_ir())


@builtin
def set_atomic_add(dtype: DataType = float32) -> None:
    """Later UB→GM copies add into GM instead of overwriting (`SetAtomicAdd<T>()`)."""
    _atomic("set_atomic_add", _ods.set_atomic_add, dtype)


@builtin
def set_atomic_max(dtype: DataType = float32) -> None:
    _atomic("set_atomic_max", _ods.set_atomic_max, dtype)


@builtin
def set_atomic_min(dtype: DataType = float32) -> None:
    _atomic("set_atomic_min", _ods.set_atomic_min, dtype)


@builtin
def set_atomic_type(dtype: DataType = float32) -> None:
    _atomic("set_atomic_type", _ods.set_atomic_type, dtype)


@builtin
def set_atomic_none() -> None:
    """Back to plain stores (`SetAtomicNone()`)."""
    _ods.set_atomic_none(builder_for("set_atomic_none"))


_api.publish_all(globals(), (("set_atomic_add", "SetAtomicAdd"), ("set_atomic_max", "SetAtomicMax"),
                             ("set_atomic_min", "SetAtomicMin"), ("set_atomic_type", "SetAtomicType")),
                 dtypes=_api.operand_dtypes("set_atomic_add", "dtype"))
_api.publish_all(globals(), (("set_atomic_none", "SetAtomicNone"),))
