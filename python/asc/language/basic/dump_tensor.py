"""Debug output from inside kernels: `asc.printf` and `asc.dump_tensor` (pyasc's API).

On the simulator the output of every block is printed after the launch, block by
block in program order, each line prefixed with `[block N]`.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.auto_tensor import ShapeInfo
from ..core.builtin import builder_for, builtin
from ..core.ir_value import IRValue, PlainValue, described
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
        raise TypeError(f"printf: 'desc' must be a compile-time string, got {described(desc)}")
    emit_printf(desc, params)


@builtin
def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """`AscendC::DumpTensor(tensor, desc, dump_size[, shape_info])`: prints `dump_size` elements with a header;
    with an `asc.ShapeInfo`, one row of its last dimension per line, each after its index."""
    api = "dump_tensor"
    _checks.tensor(tensor, api, "tensor", (LocalTensor, GlobalTensor))
    desc_v, size_v = _checks.integer(desc, api, "desc"), _checks.integer(dump_size, api, "dump_size")
    if shape_info is None:
        _ods.dump_tensor(builder_for(api), tensor.handle, desc_v, size_v)
        return
    if not isinstance(shape_info, ShapeInfo):
        raise TypeError(f"{api}: 'shape_info' must be an asc.ShapeInfo, got {described(shape_info)}")
    if shape_info.shape_dim == 0:
        raise ValueError(f"{api}: 'shape_info' has no dimensions; give its shape, e.g. asc.ShapeInfo([rows, cols])")
    shape = [_checks.integer(shape_info.shape(i), api, "shape_info") for i in range(shape_info.shape_dim)]
    original = [_checks.integer(shape_info.original_shape(i), api, "shape_info")
                for i in range(shape_info.original_shape_dim)]
    _ods.dump_tensor_shape(builder_for(api), tensor.handle, desc_v, size_v, shape, original,
                           data_format=int(shape_info.data_format))


@builtin
def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """`AscendC::DumpAccChkPoint(tensor, index, count_off, dump_size)`: like `dump_tensor`, printing `dump_size`
    elements from element `count_off` on (in UB and L1 the offset must be a multiple of 32 bytes)."""
    api = "dump_acc_chk_point"
    _checks.tensor(tensor, api, "tensor", (LocalTensor, GlobalTensor))
    _ods.dump_acc_chk_point(builder_for(api), tensor.handle, _checks.integer(index, api, "index"),
                            _checks.integer(count_off, api, "count_off"),
                            _checks.integer(dump_size, api, "dump_size"))


@builtin
def print_time_stamp(desc_id: Any) -> None:
    """`AscendC::PrintTimeStamp(desc_id)`: records the core's time with `desc_id` (ids 0-0xffff are reserved).
    The simulator prints `TimeStamp: desc_id=<id>, cycle=<scalar cycle>` in the block's output."""
    _ods.print_time_stamp(builder_for("print_time_stamp"), _checks.integer(desc_id, "print_time_stamp", "desc_id"))


@builtin
def metrics_prof_start() -> None:
    """`AscendC::MetricsProfStart()`: opens a profiled region (msprof's marker). The simulator waits for the
    core's pipes at both ends and prints the region's cycles and each pipe's busy cycles in the block's
    output when `metrics_prof_stop` closes it."""
    _ods.metrics_prof_start(builder_for("metrics_prof_start"))


@builtin
def metrics_prof_stop() -> None:
    """`AscendC::MetricsProfStop()`: closes the region `metrics_prof_start` opened."""
    _ods.metrics_prof_stop(builder_for("metrics_prof_stop"))


_api.publish_all(globals(), (("printf", "printf"), ("dump_tensor", "DumpTensor"),
                             ("dump_acc_chk_point", "DumpAccChkPoint"), ("print_time_stamp", "PrintTimeStamp"),
                             ("metrics_prof_start", "MetricsProfStart"), ("metrics_prof_stop", "MetricsProfStop")))
