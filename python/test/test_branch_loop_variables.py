"""A runtime loop's variable inside the branches of a runtime `if`: the branches may reuse one name for
their loops (the name is unusable after the `if`, as after any runtime loop)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError


@asc.jit(always_compile=True)
def loops_in_both_branches(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 8)
    if n > 3:
        for i in range(2):
            gx.set_value(i, 1.0)
    else:
        for i in range(3):
            gx.set_value(i, 2.0)


@pytest.mark.parametrize("n,expected", [(5, [1, 1, 0, 0]), (1, [2, 2, 2, 0])])
def test_both_branches_may_loop_over_one_name(n: int, expected: list[float]) -> None:
    x = np.zeros(8, dtype=np.float32)
    loops_in_both_branches[1](x, n)
    np.testing.assert_array_equal(x[:4], np.array(expected, dtype=np.float32))


@asc.jit(always_compile=True)
def loop_variable_used_after_the_if(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 8)
    i = 5
    if n > 3:
        for i in range(2):
            gx.set_value(i, 1.0)
    gx.set_value(i, 3.0)  # i: the loop's in one branch, 5 in the other


def test_a_loop_variable_of_one_branch_is_unusable_after_the_if() -> None:
    with pytest.raises(CompileError) as e:
        loop_variable_used_after_the_if[1](np.zeros(8, dtype=np.float32), 5)
    assert "'i' is a runtime loop variable and cannot be used after the loop" in e.value.message
    lines, first = inspect.getsourcelines(loop_variable_used_after_the_if.fn)
    assert e.value.location.line == first + next(n for n, s in enumerate(lines) if "set_value(i, 3.0)" in s)
