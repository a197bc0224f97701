"""A shift by a run-time count follows Python, as a constant count already did.

`a >> c` with a run-time `c` printed C's `a >> c`, undefined for c < 0 or c >= width: the simulator
gave -7 >> 33 = -4 (x86 masks the count) where Python gives -1. The emitter now prints
`pyasc::shl<T>(a, c)` / `pyasc::shr<T>(a, c)`: a count of the width or more shifts every bit out (0 for
`<<`, the sign for `>>`), and a negative count is an `arithmetic` KernelError at the line in the
simulator (Python's ValueError). A constant count in range still prints a plain `a >> 3`.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest
from conftest import dumped

import asc
from asc.runtime.errors import KernelError

COUNTS = [0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 100]


@asc.jit
def shifts(out: asc.GlobalAddress, values: asc.GlobalAddress, counts: asc.GlobalAddress, n: int):
    """out[2k] = values[k] << counts[k], out[2k + 1] = values[k] >> counts[k]."""
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 2 * n)
    v = asc.GlobalTensor()
    v.set_global_buffer(values, n)
    c = asc.GlobalTensor()
    c.set_global_buffer(counts, n)
    for k in range(n):
        a = v.get_value(k)
        s = c.get_value(k)
        o.set_value(2 * k, a << s)
        o.set_value(2 * k + 1, a >> s)


def _wrap(x: int, dtype: np.dtype) -> int:
    """`x` wrapped to `dtype` (two's complement), as the kernel's arithmetic wraps."""
    bits = dtype.itemsize * 8
    x &= (1 << bits) - 1
    if np.issubdtype(dtype, np.signedinteger) and x >> (bits - 1):
        x -= 1 << bits
    return x


def _python(values: list[int], counts: list[int], dtype: np.dtype) -> list[int]:
    """Python's shifts of the values as `dtype` holds them, by the counts as Python ints."""
    expected = []
    for a, c in zip(values, counts):
        c = min(c, 128)  # the same result for any count beyond the width; `a << 2**63` would not fit
        expected += [_wrap(a << c, dtype), _wrap(a >> c, dtype)]
    return expected


def _run(values: list[int], value_dtype, counts: list[int], count_dtype) -> list[int]:
    v = np.array(values, dtype=value_dtype)
    c = np.array(counts, dtype=count_dtype)
    out = np.zeros(2 * len(values), dtype=value_dtype)
    shifts[1](out, v, c, len(values))
    return out.tolist()


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64])
def test_counts_of_the_width_or_more_shift_every_bit_out(dtype) -> None:
    """Signed and unsigned operands (positive, negative / high bit set) by counts 0 .. 100."""
    info = np.iinfo(dtype)
    operands = [1, 5, info.max, -1 if info.min < 0 else info.max - 2, info.min if info.min < 0 else 1 << 3,
                -7 if info.min < 0 else 200]
    values = [a for a in operands for _ in COUNTS]
    counts = COUNTS * len(operands)
    assert _run(values, dtype, counts, dtype) == _python(values, counts, np.dtype(dtype))


def test_the_reproducer() -> None:
    """-7 >> 33 was -4 (x86 shifts by 33 & 31 = 1)."""
    assert _run([-7, -7, 7], np.int32, [33, 32, 32], np.int32) == [0, -1, 0, -1, 0, 0]


@pytest.mark.parametrize("value_dtype,count_dtype,counts", [
    # A count converted to the value's type kept its bits: int32 300 on int8 was 44, 200 was -56.
    (np.int8, np.int32, [0, 7, 8, 100, 200, 300, 2**31 - 1]),
    (np.int16, np.int64, [15, 16, 2**16 + 1, 2**40, 2**63 - 1]),
    (np.int32, np.int64, [31, 32, 2**32 + 1]),
    # An unsigned count as wide as the value's type: uint8 200 on int8 was -56 (negative).
    (np.int8, np.uint8, [0, 7, 8, 100, 200, 255]),
    (np.uint32, np.uint32, [31, 32, 2**31, 2**32 - 1]),
    (np.int32, np.uint64, [31, 32, 2**32, 2**64 - 1]),
    # Narrower counts keep their value.
    (np.int64, np.int8, [0, 63, 64, 127]),
    (np.uint64, np.uint8, [0, 63, 64, 255]),
    (np.uint32, np.int16, [0, 31, 32, 32767]),
])
def test_a_count_of_another_type_keeps_its_value(value_dtype, count_dtype, counts) -> None:
    info = np.iinfo(value_dtype)
    for a in (1, info.max, info.min if info.min < 0 else info.max - 1):
        values = [a] * len(counts)
        assert _run(values, value_dtype, counts, count_dtype) == _python(values, counts, np.dtype(value_dtype))


@asc.jit
def shift_by(out: asc.GlobalAddress, a: int, c: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 2)
    g.set_value(0, a << 2)
    g.set_value(1, a >> c)  # the shift by c


@asc.jit
def shift_any(out: asc.GlobalAddress, a, c):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, a << c)  # the shift by c


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_a_negative_count_is_a_kernel_error_at_the_line() -> None:
    out = np.zeros(2, dtype=np.int32)
    with pytest.raises(KernelError) as info:
        shift_by[1](out, 5, -3)
    err = info.value
    assert err.category == "arithmetic"
    assert err.location.file == __file__
    assert err.location.line == _line(shift_by, "# the shift by c")
    assert ("kernel 'shift_by' (block 0): negative shift count -3 in '>>' on int32: a shift count must be 0 "
            "or more, as in Python (ValueError); on the NPU a negative count shifts every bit out") in str(err)


@pytest.mark.parametrize("a,c,message", [
    (np.int8(3), np.int8(-1), "negative shift count -1 in '<<' on int8"),
    (np.int64(3), np.int64(-2**40), f"negative shift count {-2**40} in '<<' on int64"),
    # A count wider than the value keeps its sign, and is reported as written: the frontend clamps it
    # to the value's dtype (-300 to -128 for int8), the emitter passes pyasc::shl the unclamped count.
    (np.int8(3), np.int32(-5), "negative shift count -5 in '<<' on int8"),
    (np.int8(3), np.int32(-300), "negative shift count -300 in '<<' on int8"),
    (np.int16(3), np.int64(-2**32), f"negative shift count {-2**32} in '<<' on int16"),
    (np.int8(3), np.int64(-2**63), f"negative shift count {-2**63} in '<<' on int8"),
])
def test_negative_counts_of_other_types(a, c, message: str) -> None:
    out = np.zeros(1, dtype=a.dtype)
    with pytest.raises(KernelError) as info:
        shift_any[1](out, a, c)
    assert info.value.category == "arithmetic"
    assert info.value.location.line == _line(shift_any, "# the shift by c")
    assert message + ": a shift count must be 0 or more" in str(info.value)


@asc.jit
def shift_in_a_loop(out: asc.GlobalAddress, a: int, c: int, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    total = asc.number(0, asc.int32)
    for _i in range(n):
        total = total + (a >> c)
    g.set_value(0, total)


def test_a_negative_count_in_a_loop_that_does_not_run_is_no_error() -> None:
    """`a >> c` is loop-invariant; hoisted out of the loop (asc-licm at opt_level 3) it would fault
    for a negative `c` although the loop makes no iteration."""
    out = np.ones(1, dtype=np.int32)
    shift_in_a_loop[1](out, 64, -1, 0)
    assert out[0] == 0
    shift_in_a_loop[1](out, -64, 3, 2)
    assert out[0] == -16
    with pytest.raises(KernelError) as info:
        shift_in_a_loop[1](out, 64, -1, 1)
    assert info.value.category == "arithmetic"


def test_only_a_shift_by_a_runtime_count_prints_the_helper(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def constant_counts(out: asc.GlobalAddress, a: int, u: np.uint32):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 2)
        g.set_value(0, (a >> 3) + (a << 31))
        g.set_value(1, (u >> 5).cast(asc.int32))

    out = np.zeros(2, dtype=np.int32)
    constant_counts[1](out, -64, np.uint32(64))
    assert out.tolist() == [-8, 2]
    cpp = (dumped(tmp_path, "constant_counts") / "ascendc.cpp").read_text()
    assert "pyasc::sh" not in cpp and "checked_shift" not in cpp
    assert "a >> 3" in cpp and "a << 31" in cpp


    @asc.jit(always_compile=True)
    def runtime_count(out: asc.GlobalAddress, a: int, c: int, u: np.uint32):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 2)
        g.set_value(0, (a << 2) + (a >> c))
        g.set_value(1, (u >> c).cast(asc.int32))

    runtime_count[1](out, -64, 3, np.uint32(64))
    assert out.tolist() == [-256 - 8, 8]
    cpp = (dumped(tmp_path, "runtime_count") / "ascendc.cpp").read_text()
    assert "a << 2" in cpp and "pyasc::shr<int32_t>(a, c)" in cpp
    assert "static_cast<int32_t>(pyasc::shr<uint32_t>(u, c))" in cpp
