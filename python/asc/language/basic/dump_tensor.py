"""Debug output from inside kernels: `asc.printf` and `asc.dump_tensor` (pyasc's API).

On the simulator the output of every block is printed after the launch, block by
block in program order, each line prefixed with `[block N]`.
"""

from __future__ import annotations

import re
from typing import Any

from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.ir_value import IRValue, PlainValue
from ..core.tensor import GlobalTensor, LocalTensor
from . import _api, _checks

_SPEC = re.compile(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z)?([diouxXfFeEgGc]))")
_INT_CONV, _FLOAT_CONV = set("diouxXc"), set("fFeEgG")


def _check_format(fmt: str, params: tuple) -> None:
    convs = [m.group(1) for m in _SPEC.finditer(fmt) if m.group(0) != "%%"]
    leftover = _SPEC.sub("", fmt)
    if "%" in leftover:
        bad = leftover[leftover.index("%"):leftover.index("%") + 2]
        raise ValueError(f"printf: unsupported format specifier '{bad}'; use %d %i %u %x %f %e %g %c %% "
                         "(write text into the format itself; there are no string or pointer arguments)")
    if len(convs) != len(params):
        raise ValueError(f"printf: the format has {len(convs)} conversion(s) but {len(params)} argument(s) "
                         "were given")
    for conv, p in zip(convs, params):
        if isinstance(p, IRValue) and not isinstance(p, PlainValue):
            raise TypeError(f"printf: cannot print a {type(p).__name__}; print an element (t.get_value(i)) or "
                            "use asc.dump_tensor")
        if conv in _FLOAT_CONV and isinstance(p, PlainValue) and not p.dtype.is_float():
            raise TypeError(f"printf: %{conv} needs a floating-point value, got {p.dtype.name}")
        if conv in _INT_CONV and isinstance(p, PlainValue) and p.dtype.is_float():
            raise TypeError(f"printf: %{conv} needs an integer value, got {p.dtype.name}")


def emit_printf(fmt: str, params: tuple) -> None:
    _check_format(fmt, params)
    b = builder_for("printf")
    operands = []
    for p in params:
        if isinstance(p, str):
            raise TypeError("printf: pass strings inside the format, not as arguments")
        if isinstance(p, PlainValue):
            operands.append(p.handle)
        else:
            operands.append(semantic.materialize(p, semantic.python_number_dtype(p)))
    b.create("asc.printf", operands, attrs={"format": b.ctx.str_attr(fmt)})


@builtin
def printf(desc: str, *params: Any) -> None:
    """`AscendC::printf(desc, params...)`: `desc` is a C format string (%d %i %u %x %f %e %g %c %%)."""
    if not isinstance(desc, str):
        raise TypeError(f"printf: 'desc' must be a compile-time string, got {type(desc).__name__}")
    emit_printf(desc, params)


@builtin
def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """`AscendC::DumpTensor(tensor, desc, dump_size)`: prints `dump_size` elements with a header."""
    if shape_info is not None:
        raise NotImplementedError("dump_tensor(..., shape_info=...) is not supported yet")
    _checks.tensor(tensor, "dump_tensor", "tensor", (LocalTensor, GlobalTensor))
    b = builder_for("dump_tensor")
    b.create("asc.dump_tensor", [tensor.handle, _checks.integer(desc, "dump_tensor", "desc"),
                                 _checks.integer(dump_size, "dump_tensor", "dump_size")])


_api.publish_all(globals(), (("printf", "printf"), ("dump_tensor", "DumpTensor")))
