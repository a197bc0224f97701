"""Argument handling shared by the advanced API: counts, temp buffers and compile-time flags."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.dtype import int32
from ..core.ir_value import described
from ..core.tensor import LocalTensor


def count_operand(api: str, count: Any, src: LocalTensor) -> Any:
    """`count`, or the element count of `src` when it is None."""
    if count is None:
        count = src.get_size()
    return semantic.materialize(count, int32)


def temp_operand(api: str, temp_buffer: Any, helper: str) -> Any:
    """The temp buffer's handle, or None: without one the call works in the Unified Buffer above the
    TPipe's buffers (Ascend C's PopStackBuffer), which must hold asc.adv.`helper`(...)[0] bytes."""
    if temp_buffer is None:
        return None
    if not isinstance(temp_buffer, LocalTensor):
        raise TypeError(f"asc.adv.{api}: 'temp_buffer' must be a LocalTensor, got {described(temp_buffer)}")
    return temp_buffer.handle


def flag(api: str, name: str, value: Any) -> bool:
    result = semantic.compile_time_bool(value)
    if result is None:
        raise TypeError(f"asc.adv.{api}: '{name}' must be a compile-time bool, "
                        f"got {described(semantic.python_scalar(value))}")
    return result
