"""Launch-time checks of kernel-argument annotations (`n: int`, `x: asc.GlobalAddress`, `t: Tiling`).

Without them a float given for `n: int` failed later, deep inside `set_global_buffer`, with a
message about something else. Each annotated parameter gets one converter, built once per kernel:
it returns the value to launch with (an int given for `f: float` becomes a float, as Python's
numeric tower allows) or raises TypeError naming the argument.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping
from typing import Any, Callable

import numpy as np

from ..language.core.ir_value import GlobalAddress
from ..language.core.range import ConstExpr
from ..language.core.struct import Struct
from .list_tensor import ListTensor

Converter = Callable[[Any], Any]


def _describe(value: Any) -> str:
    if isinstance(value, type):
        return f"the class {value.__name__}"
    if isinstance(value, np.generic):
        return f"{type(value).__name__} {value}"
    return f"{type(value).__name__} {value!r}" if isinstance(value, (int, float)) else type(value).__name__


def _scalar_mismatch(name: str, label: str, value: Any) -> TypeError:
    """The error of a scalar parameter given `value`; a one-element array or tensor (a reduction's
    result, a 0-d array) is a number in a box: say how to take it out."""
    torch = sys.modules.get("torch")
    if isinstance(value, np.ndarray):
        one = value.size == 1
    else:
        one = torch is not None and isinstance(value, torch.Tensor) and value.numel() == 1
    hint = f" of one element; pass the number: {name}.item()" if one else ""
    return TypeError(f"argument '{name}' is annotated {label} but got {_describe(value)}{hint}")


def _int(name: str, label: str = "int") -> Converter:
    def convert(value: Any) -> Any:
        if isinstance(value, (bool, np.bool_)):
            return int(value)  # a bool is an int in Python: launched as an int32 0/1
        if isinstance(value, (int, np.integer)):
            return value
        raise _scalar_mismatch(name, label, value)
    return convert


def _float(name: str, label: str = "float") -> Converter:
    def convert(value: Any) -> Any:
        if isinstance(value, (float, np.floating)):
            return value
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
            return float(value)
        raise _scalar_mismatch(name, label, value)
    return convert


def _bool(name: str, label: str = "bool") -> Converter:
    def convert(value: Any) -> Any:
        if isinstance(value, (bool, np.bool_)):
            return value
        raise _scalar_mismatch(name, label, value)
    return convert


def _address(name: str) -> Converter:
    def convert(value: Any) -> Any:
        if isinstance(value, (np.ndarray, ListTensor)):
            return value
        # Any torch.Tensor, subclasses included (torch_npu's, a stand-in's, nn.Parameter).
        torch = sys.modules.get("torch")
        if torch is not None and isinstance(value, torch.Tensor):
            return value
        raise TypeError(f"argument '{name}' is annotated asc.GlobalAddress (an array in Global Memory) but "
                        f"got {_describe(value)}; pass a numpy array or a torch tensor")
    return convert


def _struct(name: str, struct: type[Struct]) -> Converter:
    def convert(value: Any) -> Any:
        if isinstance(value, struct):
            return value
        if isinstance(value, type) and issubclass(value, Struct):
            raise TypeError(f"argument '{name}' is the Struct class {value.__name__} itself; pass an "
                            f"instance, e.g. {value.__name__}(...)")
        raise TypeError(f"argument '{name}' is annotated {struct.__name__} but got {_describe(value)}")
    return convert


def _resolve(annotation: Any, namespace: Mapping[str, Any]) -> Any:
    """A string annotation (`from __future__ import annotations`) evaluated in the kernel's namespace;
    one that does not evaluate is not checked."""
    if not isinstance(annotation, str):
        return annotation
    try:
        return eval(annotation, dict(namespace))  # noqa: S307 - the user's own annotation expression
    except Exception:
        return inspect.Parameter.empty


def converter(name: str, annotation: Any) -> Converter | None:
    """The check of one parameter, or None when its annotation says nothing we can check."""
    if annotation is inspect.Parameter.empty:
        return None
    if annotation is int:
        return _int(name)
    if annotation is float:
        return _float(name)
    if annotation is bool:
        return _bool(name)
    if annotation is GlobalAddress:
        return _address(name)
    if isinstance(annotation, type) and issubclass(annotation, Struct):
        return _struct(name, annotation)
    return None


_SCALARS: dict[Any, Callable[[str, str], Converter]] = {int: _int, float: _float, bool: _bool}


def constexpr_converter(name: str, annotation: Any) -> Converter | None:
    """The check of `asc.ConstExpr[int]` / `[float]` / `[bool]` (of the value, unwrapped from an
    `asc.ConstExpr(...)`; the value is not converted), or None for a bare or other ConstExpr annotation."""
    if getattr(annotation, "__origin__", None) is not ConstExpr:
        return None
    args = getattr(annotation, "__args__", ())
    make = _SCALARS.get(args[0]) if len(args) == 1 else None
    if make is None:
        return None
    check = make(name, f"asc.ConstExpr[{args[0].__name__}]")

    def convert(value: Any) -> Any:
        check(ConstExpr.unwrap(value))
        # The value itself: a compile-time value keeps its Python type (an int for `asc.ConstExpr[float]`
        # stays an int, as an int8 padding value must), where a runtime float parameter needs a float.
        return value

    return convert


def converters(signature: inspect.Signature, constexprs: set[str],
               namespace: Mapping[str, Any]) -> tuple[Converter | None, ...] | None:
    """One converter per parameter (None where there is nothing to check); None if none applies."""
    found = tuple((constexpr_converter if name in constexprs else converter)(name, _resolve(p.annotation, namespace))
                  for name, p in signature.parameters.items())
    return found if any(found) else None
