"""Runtime loops with unsigned bounds make Python's iterations.

`for i in range(u)` with u: np.uint8 = 200 made no iteration: the loop compared its bounds as signed
integers of the loop variable's dtype, and uint8 200 is int8 -56. Bounds of uint8, uint16 and uint32
now loop in a wider signed type (int32, int32, int64) where they keep their values; `i` has the
bounds' dtype.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc

OUT = 8


@asc.jit
def unsigned_loops(out: asc.GlobalAddress, u, w):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    last = u - u
    for i in range(u):
        k += 1
        last = i
    g.set_value(0, k)
    g.set_value(1, last)
    k = 0
    for i in range(w, w - 20, -5):
        k += i >= 0  # counts the iterations
    g.set_value(2, k)
    k = 0
    for i in range(w - 3, w):
        k += i >= 0
    g.set_value(3, k)


def _expected(u: int, w: int, dtype) -> list[int]:
    return [u, u - 1 if u else 0, 4, 3, 0, 0, 0, 0]


@pytest.mark.parametrize("dtype,u,w", [(np.uint8, 200, 255), (np.uint8, 0, 250), (np.uint8, 130, 129),
                                       (np.uint16, 40000, 65535), (np.uint32, 300, 3_000_000_000)])
def test_unsigned_bounds(dtype, u: int, w: int) -> None:
    out = np.zeros(OUT, dtype=np.int64)
    unsigned_loops[1](out, dtype(u), dtype(w))
    assert out.tolist() == _expected(u, w, dtype)


@asc.jit
def wide_steps(out: asc.GlobalAddress, u, w):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u, w, 50000000):
        g.set_value(k, i)
        k += 1
    g.set_value(OUT - 1, k)


def test_uint32_bounds_beyond_int32() -> None:
    out = np.zeros(OUT, dtype=np.uint32)
    u, w = 2_000_000_000, 2_200_000_000
    wide_steps[1](out, np.uint32(u), np.uint32(w))
    values = list(range(u, w, 50000000))
    assert out.tolist() == values + [0] * (OUT - 1 - len(values)) + [len(values)]
