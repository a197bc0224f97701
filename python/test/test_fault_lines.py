"""A run-time fault is reported at the Python line of the operation that faults.

The emitter prints a one-use value inline in its user; the simulator's checked helpers
(pyasc::div/rem, pyasc::shl/shr) report the line of the C++ statement, which is the user's. A
division inlined into a user at another line was reported there: in a loop-carried variable's
initial value (at the `while`), and when passed to a device function (at the callee's line, the
function being inlined in the IR). The lit test is Target/AscendC/line-directives.mlir.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def loop_line(out: asc.GlobalAddress, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    v = (s // s) if (asc.number(5, asc.uint64) > 3) else s  # the division
    c = asc.number(0, asc.int32)
    while c < 1:
        v = v ^ 8
        c += 1
    g.set_value(0, v)


@asc.jit
def dev(a0):
    h = a0.cast(asc.int32) + 1
    return h


@asc.jit
def kern(out: asc.GlobalAddress, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    g.set_value(0, dev(asc.number(10, asc.uint8) // s))  # the division


@asc.jit
def shift_into_loop(out: asc.GlobalAddress, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    v = (asc.number(1, asc.int32) << s) if (asc.number(5, asc.uint64) > 3) else s  # the shift
    c = asc.number(0, asc.int32)
    while c < 1:
        v = v ^ 8
        c += 1
    g.set_value(0, v)


def test_division_in_a_loop_carried_initial_value_is_reported_at_its_line() -> None:
    out = np.zeros(4, dtype=np.uint32)
    loop_line[1](out, np.uint32(3))
    assert out[0] == 1 ^ 8
    with pytest.raises(KernelError) as info:
        loop_line[1](out, np.uint32(0))
    assert info.value.category == "arithmetic"
    assert "integer division by zero: 0 / 0 (uint32)" in str(info.value)
    assert info.value.location.line == _line(loop_line, "# the division")


def test_division_passed_to_a_device_function_is_reported_at_its_line() -> None:
    out = np.zeros(4, dtype=np.int32)
    kern[1](out, np.uint8(3))
    assert out[0] == 10 // 3 + 1
    with pytest.raises(KernelError) as info:
        kern[1](out, np.uint8(0))
    assert info.value.category == "arithmetic"
    assert "integer division by zero: 10 / 0 (uint8)" in str(info.value)
    assert info.value.location.line == _line(kern, "# the division")


def test_negative_shift_count_in_a_loop_carried_initial_value_is_reported_at_its_line() -> None:
    out = np.zeros(4, dtype=np.int32)
    shift_into_loop[1](out, np.int32(4))
    assert out[0] == (1 << 4) ^ 8
    with pytest.raises(KernelError) as info:
        shift_into_loop[1](out, np.int32(-1))
    assert info.value.category == "arithmetic"
    assert info.value.location.line == _line(shift_into_loop, "# the shift")
