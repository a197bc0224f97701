"""`<<`, `>>`, `&`, `|`, `^` take integers only, as in Python (docs/language.md, runtime scalar rules).

`n >> f` (n: int, f: float) converted `f` to int by the left-operand rule (a warning) where Python
raises TypeError; `n >> 2.0` did the same with the constant. Either side being a float (runtime or
constant) is now a CompileTypeError at the line, as `%`, `//` and `~` on floats are.
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
def shift_by_float(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, n >> f)


@asc.jit
def shift_by_float_constant(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, n << 2.0)


@asc.jit
def augmented_and(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    x = n
    x &= f
    g.set_value(0, x)


@asc.jit
def float_constant_left(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, 2.5 ^ n)


@asc.jit
def float_left(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, f | n)


@asc.jit
def truth_value_and_float(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, (n < 3) & f)


@asc.jit
def narrow_shift_by_half(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    h = f.cast(asc.float16)
    g.set_value(0, n >> h)


def _message(op: str, name: str, side: str) -> str:
    return f"operator '{op}' is not supported on {name} values (the {side} operand); convert it with int(...)"


@pytest.mark.parametrize("kernel,text,message", [
    (shift_by_float, "n >> f", _message(">>", "float32", "right")),
    (shift_by_float_constant, "n << 2.0", _message("<<", "float", "right")),
    (augmented_and, "x &= f", _message("&", "float32", "right")),
    (float_constant_left, "2.5 ^ n", _message("^", "float", "left")),
    (float_left, "f | n", _message("|", "float32", "left")),
    (truth_value_and_float, "(n < 3) & f", _message("&", "float32", "right")),
    (narrow_shift_by_half, "n >> h", _message(">>", "float16", "right")),
])
def test_a_float_operand_is_a_type_error(kernel, text: str, message: str) -> None:
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(1, dtype=np.int32), 100, 2.0)
    assert info.value.message == message
    assert info.value.location.line == _line(kernel, text)


@asc.jit
def integer_operands(out: asc.GlobalAddress, n: int, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 6)
    g.set_value(0, n >> 2)
    g.set_value(1, n << int(f))
    g.set_value(2, n & True)
    g.set_value(3, (n < 3) ^ (n < 200))
    g.set_value(4, n | int(f))
    g.set_value(5, 6 ^ n)


def test_integer_operands_still_work() -> None:
    out = np.zeros(6, dtype=np.int32)
    integer_operands[1](out, 100, 2.0)
    assert out.tolist() == [100 >> 2, 100 << 2, 100 & True, int(False ^ True), 100 | 2, 6 ^ 100]
