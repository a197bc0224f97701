"""A runtime loop's variable has a dtype that holds its start and stop, so that it makes Python's
iterations with Python's values (docs/language.md, the `range` row).

The variable had the dtype of the first runtime bound and the other bounds were converted to it:
`range(a, b)` with a = np.uint8(1), b = np.int32(300) made 43 iterations (300 is uint8 44), Python 299.
Its dtype is now the promotion of the typed start and stop (runtime values and numpy constants; a
Python int is weak), and a constant start or stop that dtype cannot hold is a CompileTypeError at the
loop's line: `range(u8, 300)` made Python's 300 - u8 iterations, but `i` wrapped from 255 to 0.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError

OUT = 16


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _written(values: list[int], size: int) -> list[int]:
    shown = values[:OUT - 2]
    return shown + [0] * (OUT - 2 - len(shown)) + [size if values else 0, len(values)]


@asc.jit(always_compile=True)
def walk(out: asc.GlobalAddress, a, b, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        if k < OUT - 2:
            g.set_value(k, i)
        g.set_value(OUT - 2, i.dtype.sizeof())
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("a,b,s,size", [
    (np.uint8(1), np.int32(300), np.int32(1), 4),
    (np.uint8(1), np.int32(300), np.int32(17), 4),
    (np.int8(-100), np.uint8(200), np.int8(7), 2),
    (np.uint16(65000), np.int8(-3), np.int32(-9000), 4),
    (np.uint32(4_000_000_000), np.int32(-5), np.int64(-999_999_999), 8),
    (np.int16(-30000), np.uint32(70000), np.int16(9999), 8),
    (np.int64(-5), np.uint32(4_000_000_000), np.int64(999_999_999), 8),
    (np.uint8(250), np.uint16(260), np.uint8(1), 2),
    (np.int32(-3), np.int8(100), np.int8(20), 4),
])
def test_runtime_start_and_stop_of_different_dtypes(a, b, s, size: int) -> None:
    out = np.zeros(OUT, dtype=np.int64)
    walk[1](out, a, b, s)
    assert out.tolist() == _written(list(range(int(a), int(b), int(s))), size)


@asc.jit(always_compile=True)
def typed_constants(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(np.uint8(1), np.int32(300)):
        g.set_value(OUT - 2, i.dtype.sizeof())
        k += 1
    g.set_value(OUT - 1, k)
    k = 0
    for i in range(np.int64(2**40), 2**40 + 3):
        g.set_value(k, i - 2**40 + i.dtype.sizeof() * 10)
        k += 1


def test_numpy_constant_bounds_give_the_variable_their_dtype() -> None:
    """They were refused ("range bounds must be integers, got uint8")."""
    out = np.zeros(OUT, dtype=np.int64)
    typed_constants[1](out)
    assert out.tolist() == [80, 81, 82] + [0] * (OUT - 5) + [4, len(range(1, 300))]


@asc.jit(always_compile=True)
def count_down_to_zero(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u, -1, -1):
        if k < OUT - 2:
            g.set_value(k, i)
        g.set_value(OUT - 2, i.dtype.sizeof())
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_an_unsigned_loop_still_counts_down_to_zero(dtype) -> None:
    out = np.zeros(OUT, dtype=np.int64)
    count_down_to_zero[1](out, dtype(5))
    assert out.tolist() == _written(list(range(5, -1, -1)), np.dtype(dtype).itemsize)


@asc.jit(always_compile=True)
def stop_beyond_uint8(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, 300):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def stop_beyond_int8(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, 200, 3):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def start_beyond_int32(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(2**40, u, -1):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def constants_beyond_int32(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(0, 2**40, 2**39):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def below_int64(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, -2**63 - 2, -1):
        g.set_value(0, i)


NOT_FITTING = ("the range's {which} {value} does not fit its loop variable's dtype {dtype} (the promotion of the "
               "bounds' dtypes; int32 when no bound has one), which would change the loop's values; {todo}")


def _todo(holder: str) -> str:
    return f"give a bound a dtype that holds it: range(np.{holder}(...), ...)"


@pytest.mark.parametrize("kernel,arg,text,which,value,dtype,todo", [
    (stop_beyond_uint8, np.uint8(250), "range(u, 300)", "stop", 300, "uint8", _todo("int16")),
    (stop_beyond_int8, np.int8(120), "range(u, 200, 3)", "stop", 200, "int8", _todo("int16")),
    (start_beyond_int32, np.int32(0), "range(2**40, u, -1)", "start", 2**40, "int32", _todo("int64")),
    (constants_beyond_int32, np.int32(0), "range(0, 2**40, 2**39)", "stop", 2**40, "int32", _todo("int64")),
    (below_int64, np.int64(0), "range(u, -2**63 - 2, -1)", "stop", -2**63 - 2, "int64",
     "no integer dtype holds it with the other bounds' values: change the bounds"),
])
def test_a_constant_bound_the_variable_cannot_hold(kernel, arg, text: str, which: str, value: int, dtype: str,
                                                   todo: str) -> None:
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(OUT, dtype=np.int64), arg)
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(kernel, text)
    assert NOT_FITTING.format(which=which, value=value, dtype=dtype, todo=todo) in str(info.value)


@asc.jit(always_compile=True)
def below_zero(out: asc.GlobalAddress, u):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, -3, -1):
        g.set_value(0, i)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32])
def test_a_negative_stop_below_minus_one_of_a_narrow_unsigned_loop(dtype) -> None:
    """`i` was -1 and -2 converted to the unsigned dtype (255, 254 for uint8); uint64 refused it already."""
    with pytest.raises(CompileTypeError) as info:
        below_zero[1](np.zeros(OUT, dtype=np.int64), dtype(3))
    assert info.value.location.line == _line(below_zero, "range(u, -3, -1)")
    assert (f"a {np.dtype(dtype).name} loop variable cannot hold the negative bound -3 of this range; count down "
            "to 0 with `range(u, -1, s)` (s < 0), or loop over int64 values (`np.int64` bounds) when the variable "
            "may be negative") in str(info.value)


@asc.jit(always_compile=True)
def uint64_and_signed(out: asc.GlobalAddress, u, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, n):
        g.set_value(0, i)


def test_uint64_and_signed_bounds() -> None:
    """No integer dtype holds both: the signed stop was converted to uint64 (-5 is 2**64 - 5)."""
    with pytest.raises(CompileTypeError) as info:
        uint64_and_signed[1](np.zeros(OUT, dtype=np.int64), np.uint64(3), np.int32(-5))
    assert info.value.location.line == _line(uint64_and_signed, "range(u, n)")
    assert ("no integer dtype holds both the uint64 start and the int32 stop of this range, and the loop variable "
            "must hold both; convert one of them: np.int64(...) when the values fit int64, np.uint64(...) when "
            "they are never negative") in str(info.value)
