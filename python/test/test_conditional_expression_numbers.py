"""A runtime conditional expression (and a variable carried across a runtime `if`) takes numpy scalars
as numbers, with their dtype: the result has the dtype of a binary op of its two values. It refused
`np.uint64(1) if a > b else np.uint64(2)`: "must produce runtime values or numbers"."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def numpy_arms(out: asc.GlobalAddress, a: asc.uint64, b: asc.uint64):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 4)
    g.set_value(0, np.uint64(1) if a > b else np.uint64(2))
    g.set_value(1, np.uint64(18446744073709551615) if a > b else 7)  # uint64: a Python int adapts


def test_numpy_scalars_are_numbers_of_their_dtype() -> None:
    out = np.zeros(4, np.uint64)
    numpy_arms[1](out, 5, 3)
    assert out.tolist() == [1, 18446744073709551615, 0, 0]
    numpy_arms[1](out, 3, 5)
    assert out.tolist() == [2, 7, 0, 0]


@asc.jit
def arm_dtypes(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 5)
    g.set_value(0, ((np.uint8(200) if a > b else np.uint8(100)) + np.uint8(100)).cast(asc.int32))  # uint8
    g.set_value(1, ((np.int8(-3) if a > b else 100) * 2).cast(asc.int32))  # int8 (a Python int adapts)
    g.set_value(2, ((1 if a > b else 2.5) * 4).cast(asc.int32))  # float32, as 1 + 2.5 is a float
    g.set_value(3, ((a > b) if a > 0 else 7) + 1)  # int32: the truth value with an int
    g.set_value(4, (((a > b) if a > 0 else np.int64(7)) << 40) >> 40)  # int32, as (a > b) + np.int64(7)


def _arm_dtypes_reference(a: int, b: int) -> list[int]:
    with np.errstate(over="ignore"):
        return [int((np.uint8(200) if a > b else np.uint8(100)) + np.uint8(100)),
                int((np.int8(-3) if a > b else np.int8(100)) * np.int8(2)),
                int((np.float32(1) if a > b else np.float32(2.5)) * 4),
                (int(a > b) if a > 0 else 7) + 1,
                0]  # << 40 shifts every bit of an int32 out (docs/language.md)


@pytest.mark.parametrize("a,b", [(5, 3), (3, 5), (-1, 3)])
def test_the_result_has_the_dtype_of_a_binary_op_of_the_two_values(a: int, b: int) -> None:
    out = np.zeros(5, np.int32)
    arm_dtypes[1](out, a, b)
    assert out.tolist() == _arm_dtypes_reference(a, b)


@asc.jit
def numpy_variable(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    x = np.uint8(200)
    if a > b:
        x = np.uint8(100)
    g.set_value(0, (x + np.uint8(100)).cast(asc.int32))


def test_a_numpy_scalar_variable_is_carried_across_a_runtime_if() -> None:
    # "variable 'x' has different compile-time values in the branches of a runtime `if` (uint8 and uint8)"
    out = np.zeros(1, np.int32)
    numpy_variable[1](out, 5, 3)
    assert out.tolist() == [200]
    numpy_variable[1](out, 3, 5)
    assert out.tolist() == [44]  # uint8 wraps, as numpy


@asc.jit
def string_arm(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, 1 if a > b else "two")


@asc.jit
def too_big_for_uint8(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, np.uint8(1) if a > b else 300)


def test_a_value_that_is_no_number_or_does_not_fit_is_an_error() -> None:
    with pytest.raises(CompileTypeError) as info:
        string_arm[1](np.zeros(1, np.int32), 1, 2)
    assert info.value.message == ("a runtime conditional expression must produce runtime values or numbers "
                                  "(Python or numpy), got str")
    assert info.value.location.line == _line(string_arm, '"two"')
    with pytest.raises(CompileError) as info:  # as for np.uint8(1) + 300 with a runtime operand
        too_big_for_uint8[1](np.zeros(1, np.int32), 1, 2)
    assert info.value.message == "the constant 300 does not fit in uint8"
    assert info.value.location.line == _line(too_big_for_uint8, "else 300")
