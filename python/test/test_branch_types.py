"""A variable first assigned in both branches of a runtime `if`, with different types.

The error said "variable 'y' changes type inside the `if`: int32 before, float32 after" although `y`
had no value before the `if`: it now names the two branches' types.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def new_variable(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    if n > 3:  # the if
        y = n
    else:
        y = f
    g.set_value(0, y)


@asc.jit
def known_variable(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    y = n
    if n > 3:  # the if
        y = n + 1
    else:
        y = f
    g.set_value(0, y)


@pytest.mark.parametrize("kernel,message", [
    (new_variable, "variable 'y' is int32 in one branch of a runtime `if` and float32 in the other; a "
                   "variable must have one type after the `if`: convert one of them (e.g. with float(...), "
                   "int(...) or .cast(...))"),
    (known_variable, "variable 'y' changes type inside the `if`: int32 before, float32 after; a variable "
                     "must keep its type"),
])
def test_branch_types(kernel, message: str) -> None:
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(1, dtype=np.float32), 5, 2.5)
    assert info.value.message == message
    assert info.value.location.line == _line(kernel, "# the if")


@asc.jit
def converted(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    if n > 3:
        y = float(n)
    else:
        y = f
    g.set_value(0, y)


def test_one_type_works() -> None:
    out = np.zeros(1, dtype=np.float32)
    converted[1](out, 5, 2.5)
    assert out[0] == 5.0
    converted[1](out, 2, 2.5)
    assert out[0] == 2.5
