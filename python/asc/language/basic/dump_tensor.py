"""Debug output from inside kernels: `asc.printf` and `asc.dump_tensor` (pyasc's API).

On the simulator the output of every block is printed after the launch, block by
block in program order, each line prefixed with `[block N]`.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.ir_value import IRValue, PlainValue
from ..core.tensor import GlobalTensor, LocalTensor
from . import _api, _checks


def emit_printf(fmt: str, params: tuple) -> None:
    """`asc.printf` of `params`; the verifier checks the format against them."""
    operands = []
    for p in params:
        if isinstance(p, str):
            raise TypeError("printf: pass strings inside the format, not as arguments")
        if isinstance(p, IRValue) and not isinstance(p, PlainValue):
            raise TypeError(f"printf: cannot print a {type(p).__name__}; print an element (t.get_value(i)) or "
                            "use asc.dump_tensor")
        if isinstance(p, PlainValue):
            operands.append(p.handle)
        else:
            operands.append(semantic.materialize(p, semantic.python_number_dtype(p)))
    _ods.printf(builder_for("printf"), operands, format=fmt)


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
    _ods.dump_tensor(builder_for("dump_tensor"), tensor.handle, _checks.integer(desc, "dump_tensor", "desc"),
                     _checks.integer(dump_size, "dump_tensor", "dump_size"))


_api.publish_all(globals(), (("printf", "printf"), ("dump_tensor", "DumpTensor")))
