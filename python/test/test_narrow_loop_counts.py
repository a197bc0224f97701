"""A counted loop of an int8 or int16 variable makes all of Python's iterations.

`for i in range(h, -128, -1)` with h: np.int8 = 120 makes 248 iterations in Python, every `i` an int8
value; the loop counted its iterations in int8 (`pyasc::range_count<int8_t>`), whose count saturated at
127, so the kernel stopped after 127. A loop variable narrower than 32 bits now counts in int32 and
derives its variable there (`i` is then converted back: it fits).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc

OUT = 8


@asc.jit
def narrow_counts(out: asc.GlobalAddress, h, s):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    low = h
    for i in range(h, -128, -1):
        k += 1
        low = i
    g.set_value(0, k)
    g.set_value(1, low)
    k = 0
    total = 0
    for i in range(h, -128, s):
        k += 1
        total += i
    g.set_value(2, k)
    g.set_value(3, total)


def _expected(h: int, s: int) -> list[int]:
    down = list(range(h, -128, -1))
    by = list(range(h, -128, s))
    return [len(down), down[-1] if down else h, len(by), sum(by), 0, 0, 0, 0]


@pytest.mark.parametrize("dtype,h,s", [(np.int8, 120, -1), (np.int8, 127, -2), (np.int8, 0, -1),
                                       (np.int8, -128, -1), (np.int16, 32767, -1), (np.int16, 32767, -300),
                                       (np.int8, 127, -128)])
def test_more_iterations_than_the_dtype_holds(dtype, h: int, s: int) -> None:
    out = np.zeros(OUT, dtype=np.int32)
    narrow_counts[1](out, dtype(h), dtype(s))
    assert out.tolist() == _expected(h, s)


def _cpp(dump: Path, kernel: str) -> list[str]:
    folders = list(dump.glob(f"{kernel}-*"))
    assert len(folders) == 1, folders
    return [line.strip() for line in (folders[0] / "ascendc.cpp").read_text().splitlines()]


def test_the_count_is_int32(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def counted(out: asc.GlobalAddress, h: np.int8):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, OUT)
        k = 0
        for i in range(h, -128, -1):
            k += i
        g.set_value(0, k)

    out = np.zeros(OUT, dtype=np.int32)
    counted[1](out, np.int8(100))
    assert out[0] == sum(range(100, -128, -1))
    cpp = _cpp(tmp_path, "counted")
    assert "int32_t i_start = static_cast<int32_t>(h);" in cpp
    assert "int32_t i_count = pyasc::range_count<int32_t>(i_start, -128, -1);" in cpp
    assert "for (int32_t i_iter = 0; i_iter < i_count; i_iter += 1) {" in cpp
    assert "int8_t i = static_cast<int8_t>(i_start - i_iter);" in cpp
