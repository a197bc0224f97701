"""Runtime loops with uint64 bounds make Python's iterations.

`for i in range(n)` with n = np.uint64(2**63 + 5) made no iteration: the loop compared its bounds as
int64, where 2**63 + 5 is negative. No signed type holds uint64 values: such a loop counts in int64
offset by 2**63, which keeps the bounds' order, and `i` is offset back to a uint64.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

OUT = 12
TOP = 2**63


@asc.jit
def wide_loops(out: asc.GlobalAddress, u, w):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for i in range(u - 2, u + 2):  # across 2**63
        g.set_value(k, i)
        k += 1
    n = 0
    last = u - u
    for i in range(w, w - 20, -5):
        n += 1
        last = i
    g.set_value(4, n)
    g.set_value(8, last)
    n = 0
    for i in range(w - 3, w):
        n += 1
        last = i
    g.set_value(5, n)
    g.set_value(9, last)
    n = 0
    for i in range(u - 2, u + 2, 3):
        n += 1
        last = i
    g.set_value(6, n)
    g.set_value(10, last)
    n = 0
    for i in range(9223372036854775806, u):  # a constant start (2**63 - 2)
        n += 1
        last = i
    g.set_value(7, n)
    g.set_value(11, last)


@pytest.mark.parametrize("u,w", [(TOP, TOP + 1), (TOP, 2**64 - 1), (2, 20)])
def test_uint64_bounds(u: int, w: int) -> None:
    out = np.zeros(OUT, dtype=np.uint64)
    wide_loops[1](out, np.uint64(u), np.uint64(w))
    ranges = [range(w, w - 20, -5), range(w - 3, w), range(u - 2, u + 2, 3), range(TOP - 2, u)]
    lasts, last = [], 0
    for r in ranges:  # `last` keeps its value through a loop without iterations
        last = r[-1] if r else last
        lasts.append(last)
    assert out.tolist() == list(range(u - 2, u + 2)) + [len(r) for r in ranges] + lasts


@asc.jit(sim_budget=1000)
def count_to(out: asc.GlobalAddress, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, OUT)
    k = 0
    for _ in range(n):
        k += 1
    g.set_value(0, k)


def test_a_loop_to_beyond_int64_max_iterates() -> None:
    """Python would loop 2**63 + 5 times: the watchdog stops it, where it made no iteration."""
    out = np.zeros(OUT, dtype=np.int64)
    with pytest.raises(KernelError, match="ran more than 1000 steps") as e:
        count_to[1](out, np.uint64(TOP + 5))
    assert e.value.category == "watchdog"
