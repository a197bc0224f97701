"""Loops a kernel cannot express say what to write instead."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError


@asc.jit
def count_down(y: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    total = 0
    for i in range(n, 0, -1):
        total += i
    g.set_value(0, total)


@asc.jit
def count_down_rewritten(y: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    total = 0
    for j in range(n):  # what the message suggests
        i = n - j
        total += i
    g.set_value(0, total)


def test_a_negative_constant_step_says_how_to_count_down() -> None:
    y = np.zeros(8, dtype=np.int32)
    with pytest.raises(CompileTypeError) as e:
        count_down[1](y, 5)
    assert e.value.message == (
        "a runtime range needs a positive step, got -1 (the loop is an scf.for, which counts up); to count "
        "down, count up and derive the index: `for j in range(n): i = n - 1 - j`; asc.static_range takes "
        "any step, with compile-time bounds")
    count_down_rewritten[1](y, 5)
    assert y[0] == 15
