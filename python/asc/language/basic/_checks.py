"""Argument checks shared by the hand-written API: what only Python knows (argument kinds, whether a
GlobalTensor was ever bound), with messages in Python terms. Static rules are the verifier's."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.dtype import int32
from ..core.ir_value import PlainValue, described
from ..core.tensor import GlobalTensor, LocalTensor


def tensor(value: Any, api: str, param: str, kinds: tuple[type, ...] = (LocalTensor, GlobalTensor)) -> Any:
    if not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise TypeError(f"{api}: '{param}' must be a {names}, got {described(value)}")
    if value.dtype is None:
        raise ValueError(f"{api}: '{param}' is a GlobalTensor that set_global_buffer never bound")
    return value


def integer(value: Any, api: str, param: str) -> Any:
    """The IR handle of an integer argument (Python int, a numpy integer as one, or integer PlainValue)."""
    value = semantic.python_scalar(value)
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{api}: '{param}' must be an integer, got {described(value)}")
    if isinstance(value, PlainValue):
        if not value.dtype.is_int():
            raise TypeError(f"{api}: '{param}' must be an integer, got a {value.dtype.name} value")
        return semantic.materialize(value, value.dtype)
    return semantic.materialize(value, int32)
