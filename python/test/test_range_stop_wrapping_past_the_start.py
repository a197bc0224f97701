"""`range(h, h + c)` with a runtime `h` makes Python's iterations over the stop the kernel computed, also when
`h + c` wraps: at a dtype's maximum `h + 1` is its minimum, and the range is empty. canonicalize
(scf's SimplifyTrivialLoops) took the loop's stop for `h + 1` without wrapping and inlined the loop as one
iteration (found while adding these shapes to the fuzzer): pyasc made 1 iteration of `range(h, h + 1)` for
h = 2**31 - 1 of int32, 2**63 - 1 of int64 and 127 of int8."""

from __future__ import annotations

import numpy as np
import pytest

import asc

DTYPES = [np.int8, np.int16, np.int32, np.int64]


@asc.jit(always_compile=True)
def trips_from(y: asc.GlobalAddress, h8, h16, h32, h64):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 16)
    slot = 0
    for h in asc.static_range(4):
        v = h8
        if h == 1:
            v = h16
        elif h == 2:
            v = h32
        elif h == 3:
            v = h64
        one = asc.number(0, asc.int64)
        last = asc.number(-1, asc.int64)
        for i in range(v, v + 1):
            one += 1
            last = i.cast(asc.int64)
        yg.set_value(slot, one)
        yg.set_value(slot + 1, last)
        stepped = asc.number(0, asc.int64)
        for _i in range(v, v + 3, 3):
            stepped += 1
        yg.set_value(slot + 2, stepped)
        none = asc.number(0, asc.int64)
        for _j in range(v, v):
            none += 1
        yg.set_value(slot + 3, none)
        slot += 4


def _wrapped(dtype, x: int) -> int:
    return int(np.array(x).astype(np.int64).astype(dtype))  # two's complement wrap


@pytest.mark.parametrize("at", ["max", "max - 1", "max - 2", "min", "zero"])
def test_the_iterations_are_pythons_over_the_wrapped_stop(at: str) -> None:
    hs = []
    for dtype in DTYPES:
        info = np.iinfo(dtype)
        hs.append(dtype({"max": info.max, "max - 1": info.max - 1, "max - 2": info.max - 2, "min": info.min,
                         "zero": 0}[at]))
    y = np.zeros(16, np.int64)
    trips_from[1](y, *hs)
    want = []
    for dtype, h in zip(DTYPES, hs):
        h = int(h)
        one = range(h, _wrapped(dtype, h + 1))
        want += [len(one), one[-1] if one else -1, len(range(h, _wrapped(dtype, h + 3), 3)), 0]
    assert y.tolist() == want


@asc.jit
def count_from_to(a, b):
    n = asc.number(0, asc.int64)
    for _i in range(a, b):
        n += 1
    return n


@asc.jit(always_compile=True)
def trips_in_a_device_function(y: asc.GlobalAddress, h):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 8)
    yg.set_value(0, count_from_to(h, h + 1))
    stop = h + 1
    n = asc.number(0, asc.int64)
    for _o in range(1):  # inlined: `stop`, a value it carries, is then its initial value h + 1
        for _j in range(h, stop):
            n += 1
        stop = stop + 0
    yg.set_value(1, n)


@pytest.mark.parametrize("dtype", DTYPES)
def test_a_stop_that_becomes_start_plus_one_after_inlining(dtype) -> None:
    """The bounds are block arguments until canonicalize or the inliner replace them: a device function's
    arguments, a loop-carried value of an inlined loop. Then the stop is `h + 1`."""
    h = np.iinfo(dtype).max
    y = np.zeros(8, np.int64)
    trips_in_a_device_function[1](y, dtype(h))
    assert y[:2].tolist() == [0, 0]
    y = np.zeros(8, np.int64)
    trips_in_a_device_function[1](y, dtype(h - 5))
    assert y[:2].tolist() == [1, 1]
