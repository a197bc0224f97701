"""Runtime loops over unsigned bounds whose step or constant bound is outside their dtype make Python's
iterations (docs/language.md, the `range` row).

- A uint8/uint16/uint32 loop with a negative runtime step of a signed dtype (`range(w, 0, s)`,
  w = np.uint32(5), s = np.int32(-1)) made no iteration: the step was converted to uint32 (2**32 - 1).
- A uint64 step of 2**63 or more was read as a negative int64.
- A uint64 loop with a negative constant bound compared as int64: `range(u, -1, -2**62)` made no
  iteration for u = 2**63 + 2, `range(u, -3)` looped. A stop of -1 with a constant negative step, or any
  negative stop with a constant positive step, is exact; other negative bounds are a compile error.
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


def _written(values: list[int], dtype) -> np.ndarray:
    out = np.zeros(OUT, dtype=dtype)
    out[:len(values)] = values
    out[OUT - 1] = len(values)
    return out


@asc.jit(always_compile=True)
def walk(out: asc.GlobalAddress, a, b, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32])
@pytest.mark.parametrize("step", [np.int8(-1), np.int32(-1), np.int32(-2), np.int64(-3), np.int16(2)])
def test_a_signed_runtime_step_keeps_its_sign(dtype, step) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk[1](out, dtype(5), dtype(0), step)
    np.testing.assert_array_equal(out, _written(list(range(5, 0, int(step))), dtype))
    out = np.zeros(OUT, dtype=dtype)
    walk[1](out, dtype(1), dtype(9), step)
    np.testing.assert_array_equal(out, _written(list(range(1, 9, int(step))), dtype))


@pytest.mark.parametrize("dtype,a,b,step", [
    (np.uint32, 1, 9, np.uint64(2**32)), (np.uint32, 1, 9, np.uint64(2**64 - 1)), (np.uint16, 1, 9, np.int64(2**40)),
    (np.uint16, 9, 1, np.int64(-2**40)), (np.uint8, 9, 1, np.int32(-2**20)), (np.uint8, 250, 255, np.uint16(256)),
])
def test_a_runtime_step_wider_than_an_unsigned_loop_is_not_truncated(dtype, a: int, b: int, step) -> None:
    """It was truncated to the loop's dtype: 2**32 as a uint32 is a step of 0."""
    out = np.zeros(OUT, dtype=dtype)
    walk[1](out, dtype(a), dtype(b), step)
    np.testing.assert_array_equal(out, _written(list(range(a, b, int(step))), dtype))


@pytest.mark.parametrize("a,b,s", [(0, 2**64 - 1, TOP), (0, 2**64 - 1, TOP + 1), (3, TOP + 3, TOP),
                                   (3, TOP + 4, TOP), (5, 6, 2**64 - 1), (7, 7, TOP), (9, 2, TOP + 1),
                                   (TOP + 7, TOP + 20, 3)])
def test_a_uint64_step_of_2_to_the_63_or_more_is_positive(a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=np.uint64)
    walk[1](out, np.uint64(a), np.uint64(b), np.uint64(s))
    np.testing.assert_array_equal(out, _written(list(range(a, b, s)), np.uint64))


@asc.jit(always_compile=True)
def negative_stops(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u, -1, -2**62):
        g.set_value(k, i)
        k += 1
    n = 0
    for _ in range(u, -3):
        n += 1
    for _ in range(u, -1, 5):
        n += 1
    g.set_value(OUT - 2, n)
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("u", [TOP + 2, 2**64 - 1, TOP, 2**62, 2**62 - 1, 0])
def test_uint64_negative_constant_stops(u: int) -> None:
    out = np.zeros(OUT, dtype=np.uint64)
    negative_stops[1](out, np.uint64(u))
    expected = _written(list(range(u, -1, -2**62)), np.uint64)
    expected[OUT - 2] = len(range(u, -3)) + len(range(u, -1, 5))
    np.testing.assert_array_equal(out, expected)


@asc.jit(always_compile=True, sim_budget=1000)
def count_down_by_one(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u, -1, -1):
        if k < OUT - 1:
            g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("u", [TOP + 3, 4])
def test_uint64_count_down_to_zero(u: int) -> None:
    out = np.zeros(OUT, dtype=np.uint64)
    if u > 100:
        with pytest.raises(Exception, match="ran more than 1000 steps"):  # Python's 2**63 + 4 iterations
            count_down_by_one[1](out, np.uint64(u))
        assert out[0] == u and out[1] == u - 1 and out[OUT - 1] == 0
        return
    count_down_by_one[1](out, np.uint64(u))
    np.testing.assert_array_equal(out, _written(list(range(u, -1, -1)), np.uint64))


@asc.jit(always_compile=True)
def to_zero_by(out: asc.GlobalAddress, u, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u, -1, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@asc.jit(always_compile=True)
def below_by(out: asc.GlobalAddress, u, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    n = 0
    for _ in range(u, -7, s):  # a uint64 step is positive: no iterations
        n += 1
    g.set_value(0, n)


@pytest.mark.parametrize("u,s", [(TOP + 2, np.int64(-2**62)), (TOP, np.int64(-2**63)), (2**64 - 1, np.int64(-2**63)),
                                 (TOP - 1, np.int64(-2**63)), (12, np.int64(-3)), (13, np.int32(-3)), (0, np.int8(-1)),
                                 (TOP + 2, np.int64(5)), (TOP + 2, np.uint64(TOP + 1)), (3, np.uint64(1))])
def test_uint64_count_down_to_zero_by_a_runtime_step(u: int, s) -> None:
    out = np.zeros(OUT, dtype=np.uint64)
    to_zero_by[1](out, np.uint64(u), s)
    np.testing.assert_array_equal(out, _written(list(range(u, -1, int(s))), np.uint64))


@asc.jit(always_compile=True)
def to_zero_from(out: asc.GlobalAddress, u: asc.ConstExpr[int], s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(np.uint64(u), -1, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("u,s", [(5, np.int8(-2)), (6, np.int8(-2)), (0, np.int64(-1)), (TOP + 2, np.int64(-2**62)),
                                 (2**64 - 1, np.int64(-2**63)), (5, np.int32(3)), (5, np.uint64(TOP + 1))])
def test_uint64_count_down_to_zero_from_a_constant_start(u: int, s) -> None:
    """`range(np.uint64(5), -1, s)` was an internal CompileError ("'int' object has no attribute 'dtype'":
    the check whether |s| divides the start took it for a runtime value). Found by the fuzzer."""
    out = np.zeros(OUT, dtype=np.uint64)
    to_zero_from[1](out, u, s)
    np.testing.assert_array_equal(out, _written(list(range(u, -1, int(s))), np.uint64))


@pytest.mark.parametrize("s", [1, 5, TOP + 1, 2**64 - 1])
def test_uint64_negative_stop_with_a_uint64_step(s: int) -> None:
    out = np.full(OUT, 7, dtype=np.uint64)
    below_by[1](out, np.uint64(TOP + 2), np.uint64(s))
    assert out[0] == len(range(TOP + 2, -7, s)) == 0


@asc.jit(always_compile=True)
def below_minus_one(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, -3, -2):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def negative_start(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(-5, u):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def runtime_step(out: asc.GlobalAddress, u, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, -2, s):
        g.set_value(0, i)


UINT64_NEGATIVE = ("a uint64 loop variable cannot hold the negative bound {bound} of this range; count down to "
                   "0 with `range(u, -1, s)` (s < 0), or loop over int64 values (`np.int64` bounds) when the "
                   "variable may be negative")


@pytest.mark.parametrize("kernel,text,bound,args", [
    (below_minus_one, "range(u, -3, -2)", -3, ()),
    (negative_start, "range(-5, u)", -5, ()),
    (runtime_step, "range(u, -2, s)", -2, (np.int64(-1),)),
])
def test_other_negative_uint64_bounds_are_a_compile_error(kernel, text: str, bound: int, args) -> None:
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(OUT, dtype=np.uint64), np.uint64(5), *args)
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(kernel, text)
    assert UINT64_NEGATIVE.format(bound=bound) in str(info.value)
