"""Numpy scalars as compile-time values (docs/language.md: module-level constants such as
`SCALE = np.float32(2)` and ConstExpr arguments are compile-time constants like Python numbers):
API calls taking an int or a number accept them."""

from __future__ import annotations

import numpy as np

import asc

SCALE = np.float32(2.5)
COUNT = np.int32(48)


@asc.jit
def scaled(y: asc.GlobalAddress, v: asc.ConstExpr[float]):
    h = asc.GlobalTensor()
    h.set_global_buffer(y, 64)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 64)
    asc.duplicate(t, 0.0, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.duplicate(t, SCALE, COUNT)  # numpy float and numpy int globals
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.muls(t, t, SCALE * 2, 64)  # numpy arithmetic on them stays a constant
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adds(t, t, v, COUNT // 2)  # a numpy float ConstExpr argument
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, 64)


def test_numpy_scalars_as_api_arguments() -> None:
    y = np.zeros(64, dtype=np.float32)
    scaled[1](y, np.float32(0.25))
    expected = np.zeros(64, dtype=np.float32)
    expected[:48] = 2.5 * 5.0
    expected[:24] += 0.25
    np.testing.assert_array_equal(y, expected)
