"""A runtime loop over signed bounds whose step its variable's dtype cannot hold makes Python's
iterations (docs/language.md, the `range` row).

The step was converted to the loop variable's dtype: an int64 loop read a uint64 step of 2**63 or more
as negative (`range(a, b, s)`, a = np.int64(-2**63), b = np.int64(2**63 - 1), s = np.uint64(2**63): no
iteration, Python 2), an int32 loop's int64 step 2**32 became 0 (a KernelError), an int8 loop's constant
step 200 became -56. Such a loop now counts in a wider signed type (int32 for int8/int16, int64 for
int32) holding the step, clamped to +-2**bits (the same iterations), or, for a 64-bit loop, counts a
uint64 step of 2**63 or more as one (at most 2 iterations).
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError

OUT = 16
TOP = 2**63


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _written(values: list[int]) -> list[int]:
    shown = values[:OUT - 1]
    return shown + [0] * (OUT - 1 - len(shown)) + [len(values)]


@asc.jit(always_compile=True)
def walk(out: asc.GlobalAddress, a, b, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        if k < OUT - 1:
            g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype,a,b,s", [
    (np.int64, 0, TOP - 1, np.uint64(TOP)),
    (np.int64, -TOP, TOP - 1, np.uint64(TOP)),
    (np.int64, -TOP, TOP - 1, np.uint64(2**64 - 1)),
    (np.int64, -TOP, 5, np.uint64(TOP + 3)),
    (np.int64, -TOP, 6, np.uint64(TOP + 3)),
    (np.int64, -5, 5, np.uint64(TOP + 1)),
    (np.int64, 5, -5, np.uint64(TOP)),
    (np.int64, -TOP, TOP - 1, np.uint64(2**62)),
    (np.int32, 0, 100, np.int64(2**32)),
    (np.int32, -2**31, 2**31 - 1, np.int64(2**31)),
    (np.int32, -2**31, 2**31 - 1, np.uint32(2**31)),
    (np.int32, 2**31 - 1, -2**31, np.int64(-2**31 - 1)),
    (np.int32, -2**31, 2**31 - 1, np.uint64(2**64 - 1)),
    (np.int8, 0, 100, np.int32(1000)),
    (np.int8, -128, 127, np.uint8(200)),
    (np.int8, 127, -128, np.int16(-200)),
    (np.int16, -5, 5, np.uint16(40000)),
    (np.int16, 5, -5, np.int64(-2**40)),
])
def test_a_runtime_step_wider_than_a_signed_loop(dtype, a: int, b: int, s) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk[1](out, dtype(a), dtype(b), s)
    assert out.tolist() == _written(list(range(a, b, int(s))))


@asc.jit(always_compile=True)
def walk_by(out: asc.GlobalAddress, a, b, s: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        if k < OUT - 1:
            g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype,a,b,s", [
    (np.int8, -128, 127, 200),
    (np.int8, 127, -128, -200),
    (np.int8, -128, 127, 10**6),
    (np.int16, -2**15, 2**15 - 1, 40000),
    (np.int32, -2**31, 2**31 - 1, 2**31),
    (np.int32, 2**31 - 1, -2**31, -2**31 - 1),
    (np.int32, 0, 9, 2**40),
    (np.int64, -TOP, TOP - 1, TOP),
    (np.int64, -TOP, 3, TOP + 2),
    (np.int64, -TOP, 3, TOP + 3),
    (np.int64, 1, 9, 2**70),
    (np.uint64, 0, 2**64 - 1, TOP),
    (np.uint64, 3, TOP + 4, TOP),
    (np.uint64, 3, 9, 2**64 + 5),
    (np.uint32, 1, 2**32 - 1, 2**63),
    (np.uint8, 1, 255, 1000),
])
def test_a_constant_step_a_loop_cannot_hold(dtype, a: int, b: int, s: int) -> None:
    """int8 200 was -56, an int64/uint64 2**63 was negative, uint32 2**63 and 2**70 did not compile."""
    out = np.zeros(OUT, dtype=dtype)
    walk_by[1](out, dtype(a), dtype(b), s)
    assert out.tolist() == _written(list(range(a, b, s)))


def test_a_constant_step_below_int64() -> None:
    with pytest.raises(CompileTypeError) as info:
        walk_by[1](np.zeros(OUT, dtype=np.int64), np.int64(5), np.int64(0), -2**63 - 1)
    assert info.value.location.line == _line(walk_by, "range(a, b, s)")
    assert ("the range's step -9223372036854775809 is below -2**63, which no 64-bit integer holds; use a step "
            "of -2**63 or more") in str(info.value)
