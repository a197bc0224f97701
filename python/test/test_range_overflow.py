"""A loop with a constant step > 1 makes Python's iterations near the top of its dtype.

`for i in range(a, b, 965274707)` printed `for (i = a; i < b; i += 965274707)`: after the last
iteration `i += step` overflowed int32 (undefined in C; it wrapped to a negative value below `b`), so
the simulator made 10 iterations where Python makes 2. A step of 1 cannot overflow (i < b <= MAX). A
constant step > 1 is now the plain loop only when the stop is a constant of at most MAX - step + 1
(or a runtime value of a narrower dtype); otherwise the loop counts its iterations first, as a
negative or runtime step does (`pyasc::range_count`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc

OUT = 64  # out[:OUT - 1] the loop variables, out[OUT - 1] how many


def _written(values: list[int], dtype) -> list[int]:
    out = np.zeros(OUT, dtype=dtype)
    out[:len(values)] = values
    out[OUT - 1] = len(values)
    return out.tolist()


@asc.jit
def walk_by(out: asc.GlobalAddress, a, b, s: asc.ConstExpr[int]):
    """Runtime bounds of the arguments' dtype, a constant step."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@asc.jit
def walk_to(out: asc.GlobalAddress, a, b: asc.ConstExpr[int], s: asc.ConstExpr[int]):
    """A runtime start, a constant stop and step."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


I32_MAX, I64_MAX, I16_MAX = 2**31 - 1, 2**63 - 1, 2**15 - 1

RUNTIME_BOUNDS = [
    (np.int32, 651086875, 1689278405, 965274707),  # the reproducer: 2 iterations, not 10
    (np.int32, I32_MAX - 5, I32_MAX, 2),
    (np.int32, I32_MAX - 6, I32_MAX, 2),
    (np.int32, I32_MAX - 1, I32_MAX, 2),
    (np.int32, -2**31, I32_MAX, 2**30),
    (np.int32, 0, I32_MAX, I32_MAX),
    (np.int32, 0, 100, 16),
    (np.int32, 5, -5, 3),
    (np.int64, I64_MAX - 10, I64_MAX, 4),
    (np.int64, 0, I64_MAX, 2**62),
    (np.int16, 30000, I16_MAX, 1000),
    (np.int16, -32768, I16_MAX, 20000),
    (np.int8, 100, 127, 10),
]


@pytest.mark.parametrize("dtype,a,b,s", RUNTIME_BOUNDS)
def test_runtime_bounds_near_the_top(dtype, a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk_by[1](out, dtype(a), dtype(b), s)
    assert out.tolist() == _written(list(range(a, b, s)), dtype)


@pytest.mark.parametrize("a,b,s", [(I32_MAX - 5, I32_MAX, 2), (I32_MAX - 6, I32_MAX, 2),
                                   (I32_MAX - 20, I32_MAX - 1, 3), (651086875, 1689278405, 965274707),
                                   (0, 2**31 - 2**30, 2**30), (1, 2**31 - 2**30 + 1, 2**30)])
def test_a_constant_stop_near_the_top(a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    walk_to[1](out, np.int32(a), b, s)
    assert out.tolist() == _written(list(range(a, b, s)), np.int32)


def _cpp(dump: Path, kernel: str) -> list[str]:
    folders = list(dump.glob(f"{kernel}-*"))
    assert len(folders) == 1, folders
    return [line.strip() for line in (folders[0] / "ascendc.cpp").read_text().splitlines()]


def test_which_loops_stay_plain(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A constant stop that leaves room for the step, or a step of 1, is the plain loop; a stop that
    does not, or a runtime stop, counts the iterations first."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def tiles(out: asc.GlobalAddress, n: int, m: int, w: np.int64):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 8)
        total = asc.number(0, asc.int32)
        for i in range(0, 1024, 16):
            total += i
        for i in range(m, 2147483632, 16):  # MAX - 15: room for the last `i += 16`
            total += i >= 0  # counts the iterations
        for i in range(m, 2147483633, 16):
            total += i >= 0  # counts the iterations
        for i in range(0, n, 16):
            total += i
        for i in range(0, n):
            total += i >= 0  # counts the iterations
        for i in range(w, n, 16):  # an int64 loop: the int32 stop leaves room
            total += i >= 0  # counts the iterations
        g.set_value(0, total)

    out = np.zeros(8, dtype=np.int32)
    m = 2147483600
    tiles[1](out, 40, m, np.int64(0))
    loops = [sum(range(0, 1024, 16)), len(range(m, 2147483632, 16)), len(range(m, 2147483633, 16)),
             sum(range(0, 40, 16)), 40, len(range(0, 40, 16))]
    assert out[0] == sum(loops)
    cpp = _cpp(tmp_path, "tiles")
    assert "for (int32_t i = 0; i < 1024; i += 16) {" in cpp
    assert "for (int32_t i = m; i < 2147483632; i += 16) {" in cpp
    assert "int32_t i_count = pyasc::range_count<int32_t>(m, 2147483633, 16);" in cpp
    assert "int32_t i_count_1 = pyasc::range_count<int32_t>(0, n, 16);" in cpp
    assert "int32_t i = i_iter * 16;" in cpp
    assert "for (int32_t i = 0; i < n; i += 1) {" in cpp
    assert "for (int64_t i = w; i < static_cast<int64_t>(n); i += 16) {" in cpp


# -- the counted loop's variable: `start + i_iter * step` may overflow where `i` does not ----------------------

@asc.jit
def walk_step(out: asc.GlobalAddress, a, b, s):
    """Runtime bounds and step."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype,a,b,s", [(np.int32, -2**31, I32_MAX, 2**30), (np.int32, I32_MAX, -2**31, -2**30),
                                         (np.int64, -2**63, I64_MAX, 2**62), (np.int8, -128, 127, 64),
                                         (np.int32, 7, -20, -4)])
def test_wide_ranges_with_runtime_steps(dtype, a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk_step[1](out, dtype(a), dtype(b), dtype(s))
    assert out.tolist() == _written(list(range(a, b, s)), dtype)
    out = np.zeros(OUT, dtype=dtype)
    walk_by[1](out, dtype(a), dtype(b), s)
    assert out.tolist() == _written(list(range(a, b, s)), dtype)


def test_which_loop_variables_compute_modulo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`i = a + i_iter * s` is undefined in C++ when `i_iter * s` overflows (`range(-2**31, 2**31 - 1,
    2**30)`: 3 * 2**30 at the fourth iteration), although `i` fits: such a loop variable is
    pyasc::range_at (computed modulo 2^64 and converted back). A step of +-1, or a constant start of
    the step's sign (or 0), cannot overflow and keeps the plain expression."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def variables(out: asc.GlobalAddress, n: int, s: int, m: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 8)
        total = asc.number(0, asc.int32)
        for i in range(-2147483648, 2147483647, 1073741824):
            total += i >> 30
        for i in range(n, 2147483647, 1073741824):
            total += i >> 30
        for i in range(n, -2147483648, s):
            total += i >> 30
        for i in range(0, n, 16):
            total += i
        for i in range(3, n, 16):
            total += i
        for i in range(n, -1, -1):
            total += i
        for i in range(-5, m, -3):
            total += i
        for i in range(5, m, -3):
            total += i
        if n < 0:  # compiled, not run (715,827,883 iterations)
            for i in range(5, -2147483648, -3):  # the last offset does not fit
                total += i
            for i in range(5, -2147483642, -3):  # the last offset, 3 * 715827882, fits
                total += i
        g.set_value(0, total)

    out = np.zeros(8, dtype=np.int32)
    n, s, m = 40, -1 << 29, -40
    variables[1](out, n, s, m)
    loops = [range(-2**31, 2**31 - 1, 2**30), range(n, 2**31 - 1, 2**30), range(n, -2**31, s)]
    expected = sum(i >> 30 for r in loops for i in r)
    expected += sum(range(0, n, 16)) + sum(range(3, n, 16)) + sum(range(n, -1, -1))
    expected += sum(range(-5, m, -3)) + sum(range(5, m, -3))
    assert out[0] == expected
    cpp = _cpp(tmp_path, "variables")
    helpers = [line for line in cpp if "range_at" in line and "inline" not in line]
    assert helpers == ["int32_t i = pyasc::range_at<int32_t>((-2147483647 - 1), i_iter, 1073741824);",
                       "int32_t i = pyasc::range_at<int32_t>(n, i_iter, 1073741824);",
                       "int32_t i = pyasc::range_at<int32_t>(n, i_iter, s);",
                       "int32_t i = pyasc::range_at<int32_t>(5, i_iter, -3);",
                       "int32_t i = pyasc::range_at<int32_t>(5, i_iter, -3);"], helpers
    assert "int32_t i = i_iter * 16;" in cpp
    assert "int32_t i = i_iter * 16 + 3;" in cpp
    assert "int32_t i = n - i_iter;" in cpp
    assert "int32_t i = 5 - i_iter * 3;" in cpp
    assert "int32_t i = -5 - i_iter * 3;" in cpp
