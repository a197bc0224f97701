"""Python builtins and `math` functions applied to runtime scalars inside a kernel.

`min(tile, n - i)` is in nearly every tiled kernel, so the builtins a scalar form exists for
work on `PlainValue`s with the usual scalar typing rules (semantic.py): the result dtype is
the runtime operand's, the left one when several are runtime. Each lowers to arith
compare/select/convert ops, which the emitter spells as plain C++ expressions.
"""

from __future__ import annotations

import builtins
import math
from typing import Any, Callable

from ..language.core import semantic
from ..language.core.builtin import builder_for
from ..language.core.dtype import float32, int1, int32
from ..language.core.ir_value import PlainValue


def _select(cond: PlainValue, a: Any, b: Any, like: PlainValue) -> PlainValue:
    bld = builder_for("select")
    dtype = like.dtype
    handle = bld.create1("arith.select", [cond.handle, semantic.materialize(a, dtype),
                                          semantic.materialize(b, dtype)], semantic.ir_scalar_type(dtype))
    return PlainValue(handle, dtype)


def _extreme(name: str, worse: str) -> Callable[..., Any]:
    def fn(*args: Any) -> Any:
        if len(args) == 1:
            raise TypeError(f"{name}() of one runtime value: pass two or more values (an iterable "
                            "of runtime values is not supported)")
        if not args:
            raise TypeError(f"{name}() expected at least 2 arguments, got 0")
        best = args[0]
        for item in args[1:]:
            runtime = best if isinstance(best, PlainValue) else item
            if not isinstance(runtime, PlainValue):
                best = getattr(builtins, name)(best, item)
                continue
            # Python keeps the earlier value unless the later one is strictly better; the earlier
            # value is the left operand, so its dtype wins.
            best = _select(semantic.compare(worse, best, item), item, best, runtime)
        return best

    fn.__name__ = name
    return fn


def _abs(x: PlainValue) -> PlainValue:
    if x.dtype.is_unsigned() or x.dtype == int1:
        return x
    return _select(semantic.compare("<", x, 0), semantic.unary("-", x), x, x)


def _int(x: PlainValue) -> PlainValue:
    """int(x): truncation toward zero for floats; integers become int32 (the kernel's int)."""
    return semantic.convert(x, int32)


def _float(x: PlainValue) -> PlainValue:
    return semantic.convert(x, float32)


def _bool(x: PlainValue) -> PlainValue:
    return semantic.to_bool(x)


def _rounded(name: str, up: bool) -> Callable[[PlainValue], PlainValue]:
    def fn(x: PlainValue) -> PlainValue:
        if not x.dtype.is_float():
            return _int(x)
        t = semantic.convert(x, int32)
        back = semantic.convert(t, x.dtype)
        # Truncation moved the value up for negative non-integers (floor) or down for positive
        # ones (ceil): step one unit the other way.
        if up:
            return _select(semantic.compare("<", back, x), t + 1, t, t)
        return _select(semantic.compare(">", back, x), t - 1, t, t)

    fn.__name__ = name
    return fn


def _fabs(x: PlainValue) -> PlainValue:
    return _abs(semantic.convert(x, float32) if not x.dtype.is_float() else x)


#: Callable inside a kernel -> its runtime form.
RUNTIME_FORMS: dict[Any, Callable[..., Any]] = {
    builtins.min: _extreme("min", ">"),
    builtins.max: _extreme("max", "<"),
    builtins.abs: _abs,
    builtins.int: _int,
    builtins.float: _float,
    builtins.bool: _bool,
    math.floor: _rounded("floor", up=False),
    math.ceil: _rounded("ceil", up=True),
    math.trunc: _int,
    math.fabs: _fabs,
}

#: Why the other builtins have no runtime form (shown in the error).
NO_RUNTIME_FORM: dict[Any, str] = {
    builtins.round: "use int(x + 0.5) for non-negative values, or math.floor/math.ceil",
    builtins.len: "a runtime value has no length",
    builtins.str: "strings exist only at compile time",
    builtins.repr: "strings exist only at compile time",
    builtins.range: "use it as the iterable of a `for` loop",
}


def runtime_form(fn: Any) -> Callable[..., Any] | None:
    try:
        return RUNTIME_FORMS.get(fn)
    except TypeError:  # unhashable callables
        return None


def is_math_function(fn: Any) -> bool:
    return getattr(fn, "__module__", None) == "math" or getattr(fn, "__self__", None) is math
