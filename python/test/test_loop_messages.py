"""Loops and branches a kernel cannot express say what is wrong (naming the variable) and what to write
instead."""

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
    for j in range(n):  # what the old message suggested
        i = n - j
        total += i
    g.set_value(0, total)


def test_a_negative_constant_step_counts_down_as_python() -> None:
    """It used to be a CompileTypeError suggesting the rewrite; both forms now give Python's result
    (test_range_steps.py has the rest)."""
    y = np.zeros(8, dtype=np.int32)
    count_down[1](y, 5)
    assert y[0] == 15
    y[0] = 0
    count_down_rewritten[1](y, 5)
    assert y[0] == 15


@asc.jit
def int_then_float_in_branch(y: asc.GlobalAddress, n: int):
    a = 0
    if n > 1:
        a = 1.5
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, a)


@asc.jit
def int_then_float_in_loop(y: asc.GlobalAddress, n: int):
    a = 0
    for _ in range(n):
        a = 2.5
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, a)


@asc.jit
def float_then_int_constant(y: asc.GlobalAddress, n: int):
    a = 0.5
    if n > 1:
        a = 2  # an int constant a float32 holds: fine
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, a)


@pytest.mark.parametrize("kernel,where", [(int_then_float_in_branch, "`if`"), (int_then_float_in_loop, "loop")])
def test_a_float_constant_into_an_int_variable_names_the_variable(kernel, where) -> None:
    with pytest.raises(CompileTypeError) as e:
        kernel[1](np.zeros(8, dtype=np.int32), 3)
    assert e.value.message == (f"variable 'a' changes type inside the {where}: int32 before, float after; a "
                               "variable must keep its type")


def test_an_int_constant_into_a_float_variable() -> None:
    y = np.zeros(8, dtype=np.float32)
    float_then_int_constant[1](y, 3)
    assert y[0] == 2.0
    float_then_int_constant[1](y, 0)
    assert y[0] == 0.5
