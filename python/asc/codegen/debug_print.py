"""`print(...)`, `logging.<level>(...)` and f-strings with runtime values inside kernels.

All three become device `printf`s: an f-string with runtime values is a format string
plus arguments (`{x:.3f}` → `%.3f`); `print` joins its arguments with `sep` and adds
`end`; a logging call is emitted only when its level is enabled at compile time
(the level is part of the kernel's cache key), prefixed with the level name.
"""

from __future__ import annotations

import builtins
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from ..language.basic.dump_tensor import emit_printf
from ..language.core.ir_value import IRValue, PlainValue

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "warn": logging.WARNING,
           "error": logging.ERROR, "critical": logging.CRITICAL, "exception": logging.ERROR}


@dataclass
class FormatString:
    """A printf format with its runtime arguments (what an f-string with runtime values becomes)."""

    fmt: str = ""
    args: list = field(default_factory=list)

    def __add__(self, other: Any) -> FormatString:
        other = as_format(other)
        return FormatString(self.fmt + other.fmt, self.args + other.args)

    def __radd__(self, other: Any) -> FormatString:
        return as_format(other) + self


def as_format(value: Any, spec: str = "") -> FormatString:
    """A literal (compile-time) or a runtime value as printf text."""
    if isinstance(value, FormatString):
        return value
    if isinstance(value, PlainValue):
        return FormatString(_conversion(value, spec), [value])
    if isinstance(value, IRValue):
        raise TypeError(f"cannot print a {type(value).__name__}; print an element (t.get_value(i)) or use "
                        "asc.dump_tensor")
    text = format(value, spec) if spec else str(value)
    return FormatString(text.replace("%", "%%"))


_SPEC = re.compile(r"(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?(?P<alt>#)?(?P<zero>0)?(?P<width>\d+)?"
                   r"(?P<grouping>[,_])?(?:\.(?P<precision>\d+))?(?P<type>[cdoxXeEfFgGn])?", re.DOTALL)


def _conversion(value: PlainValue, spec: str) -> str:
    """The printf conversion printing `value` as Python's `format(value, spec)` would."""
    m = _SPEC.fullmatch(spec)
    unsupported = ValueError(f"format spec '{spec}' is not supported for runtime values; use e.g. d, x, 5d, "
                             "<8d, +.3f, .3e, .4")
    if m is None or m["grouping"] or m["align"] == "^" or (m["fill"] or " ") != " " and m["align"] != "=":
        raise unsupported
    conv, is_float = m["type"] or "", value.dtype.is_float()
    if conv == "n":
        conv = "g" if is_float else "d"
    if not conv and is_float and m["precision"]:
        # Python's float format without a type ('.3') switches to exponents at another threshold than %g
        raise ValueError(f"format spec '{spec}': a float precision without a type has no printf form; write "
                         f"'{spec}g' or '{spec}f'")
    if not conv:
        conv = "f" if is_float else ("u" if value.dtype.is_unsigned() else "d")
    if m["alt"] and conv == "o":
        raise unsupported  # Python's '0o' prefix has no printf form
    if is_float and conv not in "fFeEgG":
        raise TypeError(f"format '{spec}' needs an integer, but the value is {value.dtype.name}")
    if not is_float and conv in "fFeEgG":
        raise TypeError(f"format '{spec}' needs a floating-point value, but the value is {value.dtype.name}")
    if not is_float and m["precision"]:
        raise ValueError(f"format spec '{spec}': an integer takes no precision")
    if m["align"] == "=" and m["fill"] not in (None, "0"):
        raise unsupported
    flags = "-" if m["align"] == "<" else ""
    flags += m["sign"] if m["sign"] in ("+", " ") else ""
    flags += "#" if m["alt"] else ""
    # '0' (or '=' with fill 0) pads with zeros after the sign, as printf's 0 flag does; not when left-aligned.
    if (m["zero"] or m["align"] == "=" and m["fill"] == "0") and m["align"] not in ("<", ">"):
        flags += "0"
    precision = f".{m['precision']}" if m["precision"] else ""
    return f"%{flags}{m['width'] or ''}{precision}{conv}"


def print_call(args: list, kwargs: dict) -> None:
    sep, end = kwargs.pop("sep", " "), kwargs.pop("end", "\n")
    if kwargs:
        raise TypeError(f"print() inside a kernel supports only sep= and end=, not {sorted(kwargs)}")
    text = FormatString()
    for i, a in enumerate(args):
        if i:
            text = text + as_format(sep)
        text = text + as_format(a)
    text = text + as_format(end)
    emit_printf(text.fmt, tuple(text.args))


def logging_target(fn: Any) -> tuple[logging.Logger, int] | None:
    """(logger, level) if `fn` is a logging call (`logging.info`, `logger.warning`, ...)."""
    name = getattr(fn, "__name__", "")
    if name not in _LEVELS:
        return None
    owner = getattr(fn, "__self__", None)
    if isinstance(owner, logging.Logger):
        return owner, _LEVELS[name]
    if getattr(fn, "__module__", None) == "logging":
        return logging.getLogger(), _LEVELS[name]
    return None


def logging_call(target: tuple[logging.Logger, int], args: list, kwargs: dict) -> None:
    logger, level = target
    if not logger.isEnabledFor(level):
        return  # a disabled level emits nothing
    if not args:
        raise TypeError("logging call without a message")
    msg, rest = as_format(args[0]), list(args[1:])
    fmt, values = msg.fmt, msg.args
    if rest:  # logging.info("x=%d", x): %-style arguments
        if msg.args:
            raise TypeError("use either an f-string or %-style arguments in a logging call, not both")
        formatted = percent_format(args[0], rest)
        fmt, values = formatted.fmt, formatted.args
    emit_printf(f"{logging.getLevelName(level)}: {fmt}\n", tuple(values))


_PERCENT = re.compile(r"%(\(\w+\))?([-+ #0]*)(\*|\d+)?(\.(?:\*|\d+))?[hlL]?(.)", re.DOTALL)


def percent_format(message: str, values: list) -> FormatString:
    """Python's `message % tuple(values)` (what logging does with its arguments) as printf text:
    a compile-time value is formatted now, a runtime one becomes a conversion; `%s`/`%r`/`%a` of a
    runtime value is its default conversion (as `{v}` in an f-string)."""
    out, used, pos = FormatString(), 0, 0
    for m in _PERCENT.finditer(message):
        out = out + as_format(message[pos:m.start()])
        pos = m.end()
        key, flags, width, precision, conv = m.groups()
        if conv == "%":
            out = out + as_format("%")
            continue
        if key or width == "*" or (precision or "") == ".*":
            raise ValueError(f"logging message {message!r}: '{m.group()}' is not supported in a kernel; use "
                             "positional conversions such as %d, %5.2f, %s")
        if conv not in "diouxXeEfFgGcrsa":
            raise ValueError(f"logging message {message!r}: unsupported conversion '{m.group()}'")
        if used == len(values):
            raise TypeError(f"logging message {message!r} has more conversions than the {len(values)} "
                            "argument(s) given")
        value, used = values[used], used + 1
        spec = flags + (width or "") + (precision or "")
        if not isinstance(value, IRValue):
            out = out + as_format(f"%{spec}{conv}" % (value,))
        elif conv in "rsa":
            out = out + as_format(value, flags + (width or ""))
        else:
            out = out + FormatString(f"%{spec}{conv}", [value])
    if used != len(values):
        raise TypeError(f"logging message {message!r} has {used} conversion(s), but {len(values)} argument(s) "
                        "were given")
    return out + as_format(message[pos:])


def is_print(fn: Any) -> bool:
    return fn is builtins.print
