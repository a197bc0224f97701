"""A runtime loop whose constant stop is one past its variable's dtype in the step's direction makes
Python's iterations (docs/language.md, the `range` row).

`for i in range(u, 256)` with a runtime uint8 `u` was a CompileTypeError ("the range's stop 256 does not
fit its loop variable's dtype uint8"), although the stop is exclusive and every `i` is a uint8 value
(the last is 255); so were `range(i8, -129, -1)`, `range(i64, 2**63, s)` and `range(u64, 2**64, s)`.
A stop of MAX + 1 with a positive constant step, or MIN - 1 with a negative one, is now allowed: an 8- to
32-bit loop counts in a wider signed type, which holds it; a 64-bit loop counts up to MAX (down to MIN)
and one more iteration when the step reaches it exactly.

An 8- to 32-bit loop also takes either stop with a runtime step (the wider type holds both), and any
loop a constant stop beyond its dtype's range opposite its constant step's direction (`range(u, 256, -1)`:
every start is below it, no iterations, as in Python); those were the CompileTypeError too. A stop further
out in the step's direction still is. A 64-bit loop's stop one past with a runtime step was one too: it
counts to the dtype's end, and one more iteration when the step goes that way and reaches it.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError
from asc.runtime.errors import KernelError

OUT = 16
TOP = 2**63
RUNTIME_STEP_ZERO = ("range() arg 3 must not be zero: the loop's step is 0 at run time; use a positive step "
                     "to count up or a negative one to count down (on the NPU the loop makes no iterations)")


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _written(values: list[int], dtype) -> list[int]:
    """The first values, the last and the count (as the dtype holds it: uint8 256 is 0)."""
    shown = values[:OUT - 2]
    bits = np.dtype(dtype).itemsize * 8
    count = len(values) % (1 << bits)
    if np.issubdtype(dtype, np.signedinteger) and count >> (bits - 1):
        count -= 1 << bits
    return shown + [0] * (OUT - 2 - len(shown)) + [values[-1] if values else 0, count]


@asc.jit(always_compile=True)
def walk_to(out: asc.GlobalAddress, a, b: asc.ConstExpr[int], s: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        if k < OUT - 2:
            g.set_value(k, i)
        g.set_value(OUT - 2, i)
        k += 1
    g.set_value(OUT - 1, k)


CASES = [
    (np.uint8, 250, 256, 1),
    (np.uint8, 0, 256, 1),
    (np.uint8, 17, 256, 17),
    (np.uint8, 1, 256, 17),
    (np.uint8, 255, 256, 300),
    (np.int8, -128, 128, 1),
    (np.int8, 120, 128, 7),
    (np.int8, 127, -129, -1),
    (np.int8, -100, -129, -7),
    (np.int8, 127, -129, -255),
    (np.uint16, 65530, 65536, 2),
    (np.int16, 32760, 32768, 7),
    (np.int16, -32760, -32769, -8),
    (np.uint32, 2**32 - 5, 2**32, 2),
    (np.uint32, 0, 2**32, 2**31),
    (np.int32, 2**31 - 7, 2**31, 3),
    (np.int32, -2**31 + 6, -2**31 - 1, -3),
    (np.int32, -2**31, 2**31, 2**30),
    (np.int64, TOP - 10, TOP, 3),
    (np.int64, TOP - 10, TOP, 4),
    (np.int64, TOP - 1, TOP, 1),
    (np.int64, -TOP, TOP, 2**62),
    (np.int64, -TOP, TOP, TOP),
    (np.int64, -TOP, TOP, 2**64 - 1),
    (np.int64, -TOP + 1, TOP, 2**64 - 1),
    (np.int64, -TOP, TOP, 2**64),
    (np.int64, -TOP + 5, -TOP - 1, -3),
    (np.int64, -TOP + 6, -TOP - 1, -3),
    (np.int64, TOP - 1, -TOP - 1, -TOP),
    (np.int64, 0, -TOP - 1, -TOP),
    (np.int64, -TOP, -TOP - 1, -1),
    (np.uint64, 2**64 - 10, 2**64, 3),
    (np.uint64, 2**64 - 10, 2**64, 4),
    (np.uint64, 2**64 - 1, 2**64, 1),
    (np.uint64, 0, 2**64, TOP),
    (np.uint64, 1, 2**64, TOP),
    (np.uint64, 0, 2**64, 2**64 - 1),
    (np.uint64, 1, 2**64, 2**64 - 1),
    (np.uint64, 0, 2**64, 2**64),
    (np.uint64, 5, 2**64, 2**70),
]


@pytest.mark.parametrize("dtype,a,b,s", CASES)
def test_a_stop_one_past_the_dtype(dtype, a: int, b: int, s: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    walk_to[1](out, dtype(a), b, s)
    assert out.tolist() == _written(list(range(a, b, s)), dtype)


@asc.jit(always_compile=True)
def constants(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(np.int64(TOP - 7), 2**63, 3):
        g.set_value(k, i - (TOP - 8))
        k += 1
    for i in range(np.uint8(250), 256, 5):
        g.set_value(k, i)
        k += 1
    for i in range(np.int8(-120), -129, -4):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


def test_constant_bounds() -> None:
    out = np.zeros(OUT, dtype=np.int64)
    constants[1](out)
    values = [i - (TOP - 8) for i in range(TOP - 7, TOP, 3)] + list(range(250, 256, 5)) + \
        list(range(-120, -129, -4))
    assert out.tolist() == values + [0] * (OUT - 1 - len(values)) + [len(values)]


def test_the_loop_counts_in_a_wider_type(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A uint8 loop to 256 is the C loop over int32 (its `i += 1` stops at 256); an int64 loop to 2**63
    counts its iterations below INT64_MAX, saturated below INT64_MAX so that the one more iteration
    reaching it (when 3 divides INT64_MAX - w, as a uint64) cannot overflow: `j_iter += 1` stays at
    most the count."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def to_the_top(out: asc.GlobalAddress, u: np.uint8, w: np.int64):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, OUT)
        k = 0
        for i in range(u, 256):
            g.set_value(2, i)
            k += 1
        g.set_value(0, k)
        k = 0
        for j in range(w, 2**63, 3):
            g.set_value(3, j)
            k += 1
        g.set_value(1, k)

    out = np.zeros(OUT, dtype=np.int64)
    to_the_top[1](out, np.uint8(3), np.int64(TOP - 7))
    assert out[:4].tolist() == [253, 3, 255, TOP - 1]
    folders = list(tmp_path.glob("to_the_top-*"))
    assert len(folders) == 1, folders
    cpp = [line.strip() for line in (folders[0] / "ascendc.cpp").read_text().splitlines()]
    assert "for (int32_t i_iter = static_cast<int32_t>(static_cast<uint8_t>(u)); i_iter < 256; i_iter += 1) {" in cpp
    assert "int64_t j_below_max = pyasc::range_count<int64_t>(w, 9223372036854775807LL, 3);" in cpp
    assert ("int64_t j_count = (j_below_max < 9223372036854775807LL ? j_below_max : 9223372036854775806LL) + "
            "static_cast<int64_t>(static_cast<int64_t>(static_cast<uint64_t>(9223372036854775807LL - w) % "
            "static_cast<uint64_t>(3)) == 0);") in cpp
    assert "for (int64_t j_iter = 0; j_iter < j_count; j_iter += 1) {" in cpp


@asc.jit(always_compile=True)
def beyond(out: asc.GlobalAddress, u, b: asc.ConstExpr[int], s: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    for i in range(u, b, s):
        g.set_value(0, i)


NOT_FITTING = ("the range's stop {value} does not fit its loop variable's dtype {dtype} (the promotion of the "
               "bounds' dtypes; int32 when no bound has one), which would change the loop's values; {todo}")


def _todo(holder: str | None) -> str:
    if holder is None:
        return "no integer dtype holds it with the other bounds' values: change the bounds"
    return f"give a bound a dtype that holds it: range(np.{holder}(...), ...)"


@pytest.mark.parametrize("dtype,b,s,holder", [
    (np.uint8, 257, 1, "int16"),
    (np.int8, -130, -1, "int16"),
    (np.int8, 129, 3, "int16"),
    (np.int32, 2**31 + 1, 5, "int64"),
    (np.int64, TOP + 1, 1, None),
    (np.int64, -TOP - 2, -1, None),
    (np.uint64, 2**64 + 1, 1, None),
])
def test_a_stop_further_out(dtype, b: int, s: int, holder: str | None) -> None:
    with pytest.raises(CompileTypeError) as info:
        beyond[1](np.zeros(OUT, dtype=np.int64), dtype(3), b, s)
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(beyond, "range(u, b, s)")
    assert NOT_FITTING.format(value=b, dtype=np.dtype(dtype).name, todo=_todo(holder)) in str(info.value)


@pytest.mark.parametrize("dtype,a,b,s", [
    (np.uint8, 3, 256, -1),
    (np.uint8, 255, 256, -1),
    (np.uint8, 3, 1000, -7),
    (np.int8, 127, 128, -1),
    (np.int8, -128, -129, 1),
    (np.int8, 5, 2**70, -3),
    (np.uint16, 7, 65536, -1),
    (np.int16, -32768, -32769, 2),
    (np.uint32, 2**32 - 1, 2**32, -1),
    (np.int32, 2**31 - 1, 2**31, -5),
    (np.int32, -2**31, -2**31 - 1, 1),
    (np.int64, TOP - 1, TOP, -1),
    (np.int64, -TOP, -TOP - 1, 1),
    (np.int64, 0, 2**70, -TOP),
    (np.int64, 0, -2**70, 2**64),
    (np.uint64, 2**64 - 1, 2**64, -1),
    (np.uint64, 0, 2**65, -3),
])
def test_a_stop_beyond_the_dtype_the_other_way(dtype, a: int, b: int, s: int) -> None:
    """Above every start with a negative step (below with a positive one): no iterations, as in Python."""
    assert len(range(a, b, s)) == 0
    out = np.full(OUT, 7, dtype=dtype)
    walk_to[1](out, dtype(a), b, s)
    assert out.tolist() == [7] * (OUT - 1) + [0]


@asc.jit(always_compile=True)
def walk_by(out: asc.GlobalAddress, a, b: asc.ConstExpr[int], s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(a, b, s):
        if k < OUT - 2:
            g.set_value(k, i)
        g.set_value(OUT - 2, i)
        k += 1
    g.set_value(OUT - 1, k)


RUNTIME_CASES = [
    (np.uint8, 250, 256, np.uint8(1)),
    (np.uint8, 1, 256, np.int32(17)),
    (np.uint8, 255, 256, np.int64(300)),
    (np.uint8, 250, 256, np.int8(-1)),
    (np.uint8, 250, -1, np.int8(-50)),
    (np.int8, 120, 128, np.int8(1)),
    (np.int8, -128, 128, np.int16(100)),
    (np.int8, 120, 128, np.int8(-3)),
    (np.int8, -120, -129, np.int8(-1)),
    (np.int8, 127, -129, np.int32(-255)),
    (np.int8, -120, -129, np.int8(2)),
    (np.uint16, 65530, 65536, np.uint16(2)),
    (np.uint16, 65530, 65536, np.int32(-2)),
    (np.int16, 32760, 32768, np.int16(7)),
    (np.int16, -32760, -32769, np.int64(-8)),
    (np.int16, 32760, 32768, np.int16(-7)),
    (np.uint32, 2**32 - 5, 2**32, np.uint32(2)),
    (np.uint32, 0, 2**32, np.uint64(2**31)),
    (np.uint32, 0, 2**32, np.uint64(2**40)),
    (np.uint32, 3, 2**32, np.int32(-1)),
    (np.int32, 2**31 - 7, 2**31, np.int32(3)),
    (np.int32, -2**31, 2**31, np.uint32(2**30)),
    (np.int32, -2**31 + 6, -2**31 - 1, np.int32(-3)),
    (np.int32, -2**31 + 6, -2**31 - 1, np.int64(-2**40)),
    (np.int32, 2**31 - 6, -2**31 - 1, np.int32(-2**31)),
    (np.int32, 5, -2**31 - 1, np.int32(4)),
]


@pytest.mark.parametrize("dtype,a,b,s", RUNTIME_CASES)
def test_a_stop_one_past_with_a_runtime_step(dtype, a: int, b: int, s) -> None:
    """An 8- to 32-bit loop counts in a wider signed type, which holds MAX + 1 and MIN - 1: whichever
    way the step goes, the stop is exact (the loop's values are Python's, in the variable's dtype)."""
    out = np.zeros(OUT, dtype=dtype)
    walk_by[1](out, dtype(a), b, s)
    assert out.tolist() == _written(list(range(a, b, int(s))), dtype)


@pytest.mark.parametrize("dtype,b", [(np.uint8, 256), (np.int8, 128), (np.int16, -32769), (np.uint32, 2**32)])
def test_a_runtime_step_of_zero_with_a_stop_one_past(dtype, b: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    with pytest.raises(KernelError) as info:
        walk_by[1](out, dtype(3), b, np.int32(0))
    assert info.value.category == "argument"
    assert info.value.location.line == _line(walk_by, "range(a, b, s)")
    assert RUNTIME_STEP_ZERO in str(info.value)
    assert out[OUT - 1] == 0  # the loop made no iteration


RUNTIME_64 = [
    (np.int64, TOP - 10, TOP, np.int64(3)),
    (np.int64, TOP - 10, TOP, np.int8(4)),
    (np.int64, TOP - 1, TOP, np.int32(1)),
    (np.int64, -TOP, TOP, np.int64(2**62)),
    (np.int64, -TOP, TOP, np.uint64(TOP)),
    (np.int64, -TOP + 1, TOP, np.uint64(2**64 - 1)),
    (np.int64, TOP - 10, TOP, np.uint32(5)),
    (np.int64, TOP - 10, TOP, np.int64(-3)),
    (np.int64, -TOP + 5, -TOP - 1, np.int64(-3)),
    (np.int64, -TOP + 6, -TOP - 1, np.int16(-3)),
    (np.int64, TOP - 1, -TOP - 1, np.int64(-TOP)),
    (np.int64, -TOP, -TOP - 1, np.int8(-1)),
    (np.int64, -TOP + 6, -TOP - 1, np.int64(3)),
    (np.int64, -TOP + 6, -TOP - 1, np.uint64(3)),
    (np.uint64, 2**64 - 10, 2**64, np.uint64(3)),
    (np.uint64, 2**64 - 10, 2**64, np.int64(4)),
    (np.uint64, 2**64 - 1, 2**64, np.int8(1)),
    (np.uint64, 0, 2**64, np.uint64(TOP)),
    (np.uint64, 1, 2**64, np.uint64(TOP)),
    (np.uint64, 1, 2**64, np.uint64(2**64 - 1)),
    (np.uint64, 0, 2**64, np.uint64(2**64 - 1)),
    (np.uint64, 2**64 - 10, 2**64, np.int64(-1)),
]


@pytest.mark.parametrize("dtype,a,b,s", RUNTIME_64)
def test_a_64_bit_stop_one_past_with_a_runtime_step(dtype, a: int, b: int, s) -> None:
    """No wider type holds it: the loop counts to the dtype's end, and one more iteration when the step
    goes that way and reaches it (it was a CompileTypeError)."""
    out = np.zeros(OUT, dtype=dtype)
    walk_by[1](out, dtype(a), b, s)
    assert out.tolist() == _written(list(range(a, b, int(s))), dtype)


@pytest.mark.parametrize("dtype,b", [(np.int64, TOP), (np.int64, -TOP - 1), (np.uint64, 2**64)])
def test_a_runtime_step_of_zero_with_a_64_bit_stop_one_past(dtype, b: int) -> None:
    out = np.zeros(OUT, dtype=dtype)
    with pytest.raises(KernelError) as info:
        walk_by[1](out, dtype(3), b, np.int32(0))
    assert info.value.category == "argument"
    assert info.value.location.line == _line(walk_by, "range(a, b, s)")
    assert RUNTIME_STEP_ZERO in str(info.value)
    assert out[OUT - 1] == 0


@asc.jit(always_compile=True)
def from_constant(out: asc.GlobalAddress, a: asc.ConstExpr[int], b: asc.ConstExpr[int], s: asc.ConstExpr[int],
                  unsigned: asc.ConstExpr[bool]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    if unsigned:
        for i in range(np.uint64(a), b, s):
            g.set_value(0, i)
            k += 1
    else:
        for i in range(np.int64(a), b, s):
            g.set_value(0, i)
            k += 1
    g.set_value(1, k)


@pytest.mark.parametrize("a,b,s,unsigned", [
    (-TOP, TOP, TOP, False),
    (-TOP, TOP, 2**64 - 1, False),
    (-TOP + 1, TOP, 2**64 - 1, False),
    (TOP - 1, -TOP - 1, -TOP, False),
    (5, 2**64, TOP + 1, True),
    (0, 2**64, 2**64 - 1, True),
    (2**64 - 4, 2**64, 3, True),
    (0, 2**64, 2**70, True),
])
def test_a_constant_64_bit_start(a: int, b: int, s: int, unsigned: bool) -> None:
    """A step of 2**63 or more is counted as a uint64 runtime step: the one more iteration reaching the
    edge is then a constant."""
    dtype = np.uint64 if unsigned else np.int64
    out = np.zeros(OUT, dtype=dtype)
    from_constant[1](out, a, b, s, unsigned)
    values = range(a, b, s)
    assert out[:2].tolist() == [values[-1], len(values)]


def test_the_edge_iteration_offset_of_constant_bounds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`range(-1, 2**63, 2**62)` reaches INT64_MAX at its third iteration, whose offset 2 * 2**62 does not
    fit int64: `i` is pyasc::range_at, not `i_iter * s + -1`, which overflowed (wrapping only under
    -fwrapv). The check of the offsets saw the stop without its edge (INT64_MAX, exclusive)."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def edge_offset(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, OUT)
        k = 0
        for i in range(np.int64(-1), 2**63, 2**62):
            g.set_value(k, i)
            k += 1
        g.set_value(OUT - 1, k)

    out = np.zeros(OUT, dtype=np.int64)
    edge_offset[1](out)
    values = list(range(-1, 2**63, 2**62))
    assert out.tolist() == values + [0] * (OUT - 1 - len(values)) + [len(values)]
    folders = list(tmp_path.glob("edge_offset-*"))
    assert len(folders) == 1, folders
    cpp = [line.strip() for line in (folders[0] / "ascendc.cpp").read_text().splitlines()]
    assert "int64_t i = pyasc::range_at<int64_t>(-1, i_iter, 4611686018427387904LL);" in cpp
