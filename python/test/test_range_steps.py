"""Runtime loops with any step, as Python makes them (docs/language.md, the `range` row).

A step of 1, or a constant step whose constant stop leaves room for the last `i += s`, is an scf.for whose
variable is the loop's (`for (i = a; i < b; i += s)`; test_range_overflow.py has the other constant
steps). A negative or runtime step counts the iterations j = 0, 1, ... (`asc.range_count`, pyasc::range_count in
the C++) and derives `i = start + j * step`. A step of 0 is Python's "range() arg 3 must not be zero":
a compile error when it is a constant, an `argument` KernelError at the loop's line in the simulator when
it is 0 at run time (zero iterations on the NPU).
"""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError
from asc.runtime.errors import KernelError

OUT = 64  # values a kernel writes: out[:OUT - 1] the loop variables, out[OUT - 1] how many

STEP_ZERO = ("range() arg 3 must not be zero: the loop's step is 0; use a positive step to count up or a "
             "negative one to count down")
RUNTIME_STEP_ZERO = ("range() arg 3 must not be zero: the loop's step is 0 at run time; use a positive step "
                     "to count up or a negative one to count down (on the NPU the loop makes no iterations)")


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _written(values: list[int], dtype=np.int32) -> np.ndarray:
    out = np.zeros(OUT, dtype=dtype)
    out[:len(values)] = values
    out[OUT - 1] = len(values)
    return out


def _cpp(dump: Path, kernel: str) -> list[str]:
    folders = list(dump.glob(f"{kernel}-*"))
    assert len(folders) == 1, folders
    return [line.strip() for line in (folders[0] / "ascendc.cpp").read_text().splitlines()]


# -- constant negative steps ----------------------------------------------------------------------------

@asc.jit(always_compile=True)
def count_down(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(n - 1, -1, -1):
        g.set_value(k, i)
        k += 1
    for i in range(10, 0, -3):
        g.set_value(k, i)
        k += 1
    for i in asc.range(n, 0, -2):
        g.set_value(k, i)
        k += 1
    for i in asc.range(3, n, -1):  # a constant start, a runtime stop
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("n", [0, 1, 5, 8, -2])
def test_constant_negative_steps_count_down_as_python(n: int) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    count_down[1](out, n)
    expected = [*range(n - 1, -1, -1), *range(10, 0, -3), *range(n, 0, -2), *range(3, n, -1)]
    np.testing.assert_array_equal(out, _written(expected))


def test_negative_constant_step_cpp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The iterations are counted before the loop; the variable is `start - j * |step|`."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    count_down[1](np.zeros(OUT, dtype=np.int32), 3)
    cpp = _cpp(tmp_path, "count_down")
    line = f'#line {_line(count_down, "range(n - 1, -1, -1)")} "{__file__}"'
    first = cpp.index("int32_t i_count = pyasc::range_count<int32_t>(v1, -1, -1);")
    assert cpp[first - 2:first + 10] == [
        "int32_t v1 = n - 1;",
        line, "int32_t i_count = pyasc::range_count<int32_t>(v1, -1, -1);",
        line, "int32_t k = 0;",
        line, "for (int32_t i_iter = 0; i_iter < i_count; i_iter += 1) {",
        line, "pyasc::loop_tick();",
        line, "int32_t i = v1 - i_iter;",
        "g.SetValue(k, i);",
    ]
    # Constant bounds: the count is a constant.
    assert "for (int32_t i_iter = 0; i_iter < 4; i_iter += 1) {" in cpp
    assert "int32_t i = 10 - i_iter * 3;" in cpp
    assert '#include "ascsim/range_count.h"' in cpp


# -- runtime steps ---------------------------------------------------------------------------------------

@asc.jit(always_compile=True)
def walk(out: asc.GlobalAddress, a: int, b: int, s: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in asc.range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@asc.jit(always_compile=True)
def walk_plain(out: asc.GlobalAddress, a: int, b: int, s: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@asc.jit(always_compile=True)
def walk_any(out: asc.GlobalAddress, a, b, s):
    """The loop variable takes the dtype of the (numpy scalar) bounds."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


RUNTIME_CASES = [(0, 10, 3), (10, 0, -3), (10, 0, 3), (0, 10, -1), (-5, 5, 2), (5, -5, -2), (3, 3, 1),
                 (3, 3, -1), (0, 1, 100), (7, 6, -1), (2**31 - 1, -2**31, -2**30), (-2**31, 2**31 - 1, 2**30),
                 (2**31 - 1, 2**31 - 40, -1)]


@pytest.mark.parametrize("kernel", [walk, walk_plain])
@pytest.mark.parametrize("a,b,s", RUNTIME_CASES)
def test_runtime_step_iterates_as_python(kernel, a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    kernel[1](out, a, b, s)
    np.testing.assert_array_equal(out, _written(list(range(a, b, s))))


@pytest.mark.parametrize("dtype", [np.int64, np.int16])
@pytest.mark.parametrize("a,b,s", [(5, -5, -3), (-7, 9, 4), (0, 0, -1)])
def test_runtime_step_of_other_widths(dtype, a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk_any[1](out, dtype(a), dtype(b), dtype(s))
    np.testing.assert_array_equal(out, _written(list(range(a, b, s)), dtype))


@asc.jit(always_compile=True)
def count_down_any(out: asc.GlobalAddress, n):
    """A runtime start of the argument's dtype, literal stop and step (`range_count<T>` in the C++)."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(n, -1, -2):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                                   np.uint64])
def test_literal_bounds_with_a_runtime_start_of_any_width(dtype) -> None:
    out = np.zeros(OUT, dtype=dtype)
    count_down_any[1](out, dtype(9))
    np.testing.assert_array_equal(out, _written([9, 7, 5, 3, 1], dtype))


def test_int64_extremes() -> None:
    lo, hi = -2**63, 2**63 - 1
    out = np.zeros(OUT, dtype=np.int64)
    walk_any[1](out, np.int64(hi), np.int64(lo), np.int64(-2**62))
    np.testing.assert_array_equal(out, _written(list(range(hi, lo, -2**62)), np.int64))


def test_runtime_step_cpp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    walk[1](np.zeros(OUT, dtype=np.int32), 0, 4, 1)
    cpp = _cpp(tmp_path, "walk")
    line = f'#line {_line(walk, "asc.range(a, b, s)")} "{__file__}"'
    first = cpp.index("int32_t i_count = pyasc::range_count<int32_t>(a, b, s);")
    assert cpp[first - 1:first + 9] == [
        line, "int32_t i_count = pyasc::range_count<int32_t>(a, b, s);",
        line, "int32_t k = 0;",
        line, "for (int32_t i_iter = 0; i_iter < i_count; i_iter += 1) {",
        line, "pyasc::loop_tick();",
        line, "int32_t i = pyasc::range_at<int32_t>(a, i_iter, s);",
    ]


@pytest.mark.parametrize("kernel,text", [(walk, "asc.range(a, b, s)"), (walk_plain, "range(a, b, s)")])
def test_a_runtime_step_of_zero_is_a_kernel_error_at_the_loop(kernel, text: str) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    with pytest.raises(KernelError) as info:
        kernel[1](out, 0, 5, 0)
    err = info.value
    assert err.category == "argument"
    assert err.location.file == __file__
    assert err.location.line == _line(kernel, text)
    assert f"kernel '{kernel.__name__}' (block 0): {RUNTIME_STEP_ZERO}" in str(err)
    assert out[OUT - 1] == 0  # the loop made no iteration


@asc.jit(always_compile=True, sim_budget=10_000)
def too_many(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(2**31 - 1, -2**31, -1):  # 2**32 - 1 iterations: more than an int32 counts
        g.set_value(0, i)


def test_a_constant_count_int32_cannot_hold_saturates() -> None:
    """It used to wrap to -1 (no iterations); saturated, it is a long loop the watchdog stops."""
    out = np.zeros(OUT, dtype=np.int32)
    with pytest.raises(KernelError) as info:
        too_many[1](out)
    assert info.value.category == "watchdog"
    assert info.value.location.line == _line(too_many, "range(2**31 - 1")
    assert out[0] != 0


# -- a constant step of 0 --------------------------------------------------------------------------------

@asc.jit(always_compile=True)
def zero_step(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(0, n, 0):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def zero_step_asc_range(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in asc.range(n, 0, 0):
        g.set_value(0, i)


@asc.jit(always_compile=True)
def folded_zero_step(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(0, n, n * 0):
        g.set_value(0, i)


@pytest.mark.parametrize("kernel,text", [(zero_step, "range(0, n, 0)"), (zero_step_asc_range, "asc.range(n, 0, 0)")])
def test_a_constant_step_of_zero_is_a_compile_error(kernel, text: str) -> None:
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(OUT, dtype=np.int32), 4)
    assert info.value.message == STEP_ZERO
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(kernel, text)


def test_a_step_that_folds_to_zero_is_a_compile_error() -> None:
    with pytest.raises(CompileError) as info:
        folded_zero_step[1](np.zeros(OUT, dtype=np.int32), 4)
    assert STEP_ZERO in info.value.message
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(folded_zero_step, "n * 0")


# -- a constant positive step is the plain C loop when its last increment cannot overflow -----------------

@asc.jit(always_compile=True)
def count_up(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(1, n):
        g.set_value(k, i)
        k += 1
    for i in range(n, 20, 2):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


def test_a_positive_constant_step_is_the_plain_loop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    out = np.zeros(OUT, dtype=np.int32)
    count_up[1](out, 9)
    np.testing.assert_array_equal(out, _written([*range(1, 9), *range(9, 20, 2)]))
    cpp = _cpp(tmp_path, "count_up")
    assert "for (int32_t i = 1; i < n; i += 1) {" in cpp
    assert "for (int32_t i = n; i < 20; i += 2) {" in cpp
    assert not any("range_count" in line for line in cpp)


# -- loop-carried values, nested loops ---------------------------------------------------------------------

@asc.jit(always_compile=True)
def horner(out: asc.GlobalAddress, coeffs: asc.GlobalAddress, n: int, x: float):
    """p(x) = sum c[k] x^k, evaluated from the highest coefficient down: loop-carried float and int."""
    c = asc.GlobalTensor()
    c.set_global_buffer(coeffs, n)
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 8)
    acc = 0.0
    visited = 0
    for k in range(n - 1, -1, -1):
        acc = acc * x + c.get_value(k)
        visited = visited * 10 + k
    g.set_value(0, acc)
    g.set_value(1, visited)


@asc.jit(always_compile=True)
def table(out: asc.GlobalAddress, rows: int, step: int):
    """out[r * 8 + c] = r * 100 + c for r in range(rows - 1, -1, -step), c in range(7, -1, -3)."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    total = 0
    for r in range(rows - 1, -1, -step):
        for c in range(7, -1, -3):
            g.set_value(r * 8 + c, r * 100 + c)
            total += 1
    g.set_value(OUT - 1, total)


def test_loop_carried_accumulation_with_a_negative_step() -> None:
    coeffs = np.array([3.0, -2.0, 0.5, 4.0, 1.0], dtype=np.float32)
    out = np.zeros(8, dtype=np.float32)
    horner[1](out, coeffs, len(coeffs), 1.5)
    expected = np.float32(0.0)
    for k in range(len(coeffs) - 1, -1, -1):
        expected = np.float32(expected * np.float32(1.5) + coeffs[k])
    assert out[0] == expected
    assert out[1] == 43210  # 4, 3, 2, 1, 0 in that order


@pytest.mark.parametrize("rows,step", [(7, 1), (7, 2), (5, 3), (0, 1)])
def test_nested_loops_with_runtime_and_negative_steps(rows: int, step: int) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    table[1](out, rows, step)
    expected = np.zeros(OUT, dtype=np.int32)
    for r in range(rows - 1, -1, -step):
        for c in range(7, -1, -3):
            expected[r * 8 + c] = r * 100 + c
    expected[OUT - 1] = len(range(rows - 1, -1, -step)) * len(range(7, -1, -3))
    np.testing.assert_array_equal(out, expected)


# -- GM -> UB -> GM, the tiles walked backwards (the race detector raises) ---------------------------------

TILE = 64


@asc.jit(always_compile=True)
def reverse_tiles_queues(x: asc.GlobalAddress, y: asc.GlobalAddress, tiles: int, step: int):
    """y's tile (tiles - 1 - t) = x's tile t + 1, for t = tiles - 1, tiles - 1 - step, ..., through TQues."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, tiles * TILE)
    gy.set_global_buffer(y, tiles * TILE)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qy = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qy, 2, TILE * 4)
    for t in range(tiles - 1, -1, -step):
        a = qx.alloc_tensor(asc.float32)
        asc.data_copy(a, gx[t * TILE:], TILE)
        qx.enque(a)
        b = qx.deque(asc.float32)
        c = qy.alloc_tensor(asc.float32)
        asc.adds(c, b, 1.0, TILE)
        qy.enque(c)
        qx.free_tensor(b)
        d = qy.deque(asc.float32)
        asc.data_copy(gy[(tiles - 1 - t) * TILE:], d, TILE)
        qy.free_tensor(d)


@asc.jit(always_compile=True, insert_sync=True)
def reverse_tiles_auto(x: asc.GlobalAddress, y: asc.GlobalAddress, tiles: int):
    """The same with LocalTensorAuto and insert_sync, a constant step of -1."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, tiles * TILE)
    gy.set_global_buffer(y, tiles * TILE)
    for t in range(tiles - 1, -1, -1):
        a = asc.LocalTensorAuto(asc.float32, TILE)
        c = asc.LocalTensorAuto(asc.float32, TILE)
        asc.data_copy(a, gx[t * TILE:], TILE)
        asc.adds(c, a, 1.0, TILE)
        asc.data_copy(gy[(tiles - 1 - t) * TILE:], c, TILE)


@asc.jit(always_compile=True, auto_sync=True)
def reverse_scalar_reads(x: asc.GlobalAddress, y: asc.GlobalAddress, tiles: int):
    """A scalar read of UB after a vector write in each backwards iteration: auto_sync's wait (the pipes'
    flags are the kernel's)."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, tiles * TILE)
    gy.set_global_buffer(y, tiles)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, TILE * 4, TILE)
    for t in range(tiles - 1, -1, -1):
        asc.data_copy(a, gx[t * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(b, a, 2.0, TILE)
        gy.set_value(t, b.get_value(t % TILE))  # no V_S flag: auto_sync's wait
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)


def _reverse_reference(x: np.ndarray, tiles: int, step: int) -> np.ndarray:
    y = np.zeros_like(x)
    for t in range(tiles - 1, -1, -step):
        y[(tiles - 1 - t) * TILE:(tiles - t) * TILE] = x[t * TILE:(t + 1) * TILE] + np.float32(1.0)
    return y


@pytest.mark.parametrize("tiles,step", [(6, 1), (7, 2), (1, 1), (5, 5)])
def test_copy_tiles_backwards_through_queues(tiles: int, step: int) -> None:
    x = np.random.default_rng(tiles).standard_normal(tiles * TILE).astype(np.float32)
    y = np.zeros_like(x)
    reverse_tiles_queues[1](x, y, tiles, step)
    np.testing.assert_array_equal(y, _reverse_reference(x, tiles, step))


def test_copy_tiles_backwards_with_local_tensor_auto() -> None:
    x = np.random.default_rng(3).standard_normal(5 * TILE).astype(np.float32)
    y = np.zeros_like(x)
    reverse_tiles_auto[1](x, y, 5)
    np.testing.assert_array_equal(y, _reverse_reference(x, 5, 1))


def test_auto_sync_orders_scalar_reads_in_a_backwards_loop() -> None:
    tiles = 4
    x = np.random.default_rng(4).standard_normal(tiles * TILE).astype(np.float32)
    y = np.zeros(tiles, dtype=np.float32)
    reverse_scalar_reads[1](x, y, tiles)
    np.testing.assert_array_equal(y, np.array([x[t * TILE + t] * 2 for t in range(tiles)], dtype=np.float32))
