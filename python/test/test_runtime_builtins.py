"""min, max, abs, int, float, bool and math.floor/ceil/trunc/fabs on runtime scalars (issue 21, item 1).

They used to fail with "'min' can only be applied to compile-time values inside a kernel"; tail
sizes `min(tile, n - i)` are in nearly every tiled kernel.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError


@asc.jit
def int_builtins(out: asc.GlobalAddress, n: int, m: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 8)
    g.set_value(0, min(n, 64))
    g.set_value(1, max(n, 8, m))
    g.set_value(2, abs(n - 100))
    g.set_value(3, min(m, n))
    g.set_value(4, 7 if bool(n) else 9)
    g.set_value(5, max(3, 5))  # compile-time arguments still fold


@asc.jit
def float_builtins(out: asc.GlobalAddress, f: float, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 12)
    g.set_value(0, int(f))
    g.set_value(1, float(n) / 3)
    g.set_value(2, abs(f))
    g.set_value(3, math.floor(f))
    g.set_value(4, math.ceil(f))
    g.set_value(5, math.trunc(f))
    g.set_value(6, math.fabs(f))
    g.set_value(7, min(f, n))  # left operand's dtype (float32): n is converted
    g.set_value(8, max(2.5, f))
    g.set_value(9, math.log2(64))  # compile-time math


@pytest.mark.parametrize("n,m", [(16, 4), (100, 200), (-5, -7), (0, 0)])
def test_int_builtins_on_runtime_values(n: int, m: int) -> None:
    out = np.zeros(8, np.int32)
    int_builtins[1](out, n, m)
    assert out[:6].tolist() == [min(n, 64), max(n, 8, m), abs(n - 100), min(m, n), 7 if n else 9, 5]


@pytest.mark.parametrize("f", [3.7, -3.7, 2.0, -2.0, 0.25, -0.0])
def test_float_builtins_on_runtime_values(f: float) -> None:
    out = np.zeros(12, np.float32)
    n = 16
    float_builtins[1](out, f, n)
    f32 = float(np.float32(f))
    expected = [int(f32), np.float32(n) / np.float32(3), abs(f32), math.floor(f32), math.ceil(f32),
                math.trunc(f32), math.fabs(f32), min(f32, n), max(2.5, f32), 6.0]
    np.testing.assert_array_equal(out[:10], np.array(expected, np.float32))


@asc.jit
def tiled_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    """The shape the item is about: a tail tile of min(tile, n - i) elements."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile)
    i = 0
    while i < n:
        count = min(tile, n - i)
        for j in range(count):
            t.set_value(j, g.get_value(i + j) * 2)
        for j in range(count):
            h.set_value(i + j, t.get_value(j))
        i += tile


def test_min_tail_tile() -> None:
    x = np.arange(100, dtype=np.float32)
    y = np.zeros_like(x)
    tiled_copy[1](x, y, 100, 32)
    np.testing.assert_array_equal(y, x * 2)


@asc.jit
def uses_sqrt(out: asc.GlobalAddress, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, math.sqrt(f))


@asc.jit
def uses_round(out: asc.GlobalAddress, f: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, round(f))


@asc.jit
def min_of_one(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, min(n))


@pytest.mark.parametrize("kernel,message", [
    (uses_sqrt, "math.sqrt has no scalar form on the AI Core: apply the vector API (e.g. asc.sqrt, "
                "asc.exp, asc.ln) to a LocalTensor"),
    (uses_round, "'round' cannot be applied to a runtime value: use int(x + 0.5) for non-negative "
                 "values, or math.floor/math.ceil"),
    (min_of_one, "min(): min() of one runtime value: pass two or more values (an iterable of runtime "
                 "values is not supported)"),
])
def test_builtins_without_a_runtime_form(kernel, message: str) -> None:
    out = np.zeros(1, np.float32)
    with pytest.raises(CompileTypeError) as e:
        kernel[1](out, 2.0 if kernel is not min_of_one else 2)
    assert e.value.message == message
    assert e.value.location.file == __file__
