"""Scalar launch arguments: Python and numpy numbers arrive with their values, and one the kernel's
type cannot hold is a LaunchTypeError naming the argument and the type (not struct's message)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import LaunchTypeError


@asc.jit
def fill(y: asc.GlobalAddress, v, n: int):
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(y.dtype, asc.TPosition.VECOUT, 0, n)
    asc.duplicate(t, v, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, n)


@pytest.mark.parametrize("dtype,value", [
    (np.float32, 1.5), (np.float32, -0.1), (np.float32, True), (np.float32, np.float32(3.25)),
    (np.float16, 2.5), (np.float16, np.float16(-0.099976)), (np.int32, -7), (np.int32, True),
    (np.int32, np.int64(2**31 - 1)), (np.int16, -3), (np.uint16, 65535), (np.uint32, np.uint32(2**32 - 1)),
])
def test_scalar_values_arrive(dtype, value) -> None:
    y = np.zeros(64, dtype=dtype)
    fill[1](y, value, 64)
    np.testing.assert_array_equal(y, np.full(64, value, dtype=dtype))


@pytest.mark.parametrize("value,message", [
    (1e39, "argument 'v': 1e+39 does not fit in float32 (largest finite value 3.40282e+38)"),
    (-1e300, "argument 'v': -1e+300 does not fit in float32 (largest finite value 3.40282e+38)"),
    (2**31, "argument 'v': 2147483648 does not fit in int32"),
])
def test_a_scalar_out_of_range_names_the_argument(value, message) -> None:
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as e:
        fill[1](y, value, 64)
    assert e.value.message == f"kernel 'fill': {message}"
    assert e.value.location.file == __file__


@asc.jit
def put(y: asc.GlobalAddress, v):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, v)


@pytest.mark.parametrize("value,dtype,stored", [
    (np.float64(0.1), np.float64, np.float64(np.float32(0.1))),  # a Python float: float32 (docs/language.md)
    (np.int64(-5_000_000_000), np.int64, -5_000_000_000),
    (np.uint64(2**64 - 2), np.uint64, 2**64 - 2),
    (np.float16(0.1), np.float16, np.float16(0.1)),
    (np.uint8(250), np.uint8, 250),
])
def test_numpy_scalars_keep_their_dtype(value, dtype, stored) -> None:
    y = np.zeros(8, dtype=dtype)
    put[1](y, value)
    assert y[0] == stored


@asc.jit
def constants(y: asc.GlobalAddress, c: asc.ConstExpr[int], f: asc.ConstExpr[float], b: asc.ConstExpr[bool]):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, c)
    g.set_value(1, f)
    g.set_value(2, 1 if b else 0)
    g.set_value(3, 1 if isinstance(f, int) else 0)  # checked, not converted: an int stays an int


def test_constexpr_annotations_are_checked() -> None:
    y = np.zeros(8, dtype=np.float32)
    constants[1](y, np.int64(3), 2, asc.ConstExpr(True))  # a numpy int, an int for a float, a wrapped bool
    assert y[:4].tolist() == [3.0, 2.0, 1.0, 1.0]
    for args, message in [
        ((3.5, 1.0, True), "argument 'c' is annotated asc.ConstExpr[int] but got float 3.5"),
        ((asc.ConstExpr(2.5), 1.0, True), "argument 'c' is annotated asc.ConstExpr[int] but got float 2.5"),
        ((3, "1.0", True), "argument 'f' is annotated asc.ConstExpr[float] but got str"),
        ((3, 1.0, 1), "argument 'b' is annotated asc.ConstExpr[bool] but got int 1"),
    ]:
        with pytest.raises(LaunchTypeError) as e:
            constants[1](y, *args)
        assert e.value.message == f"kernel 'constants': {message}"
