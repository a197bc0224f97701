"""INT32_MIN as a constant (found by the fuzzer): C++'s `-2147483648` negates the long 2147483648, so
`Muls(t, t, -2147483648, n)` with an int32 tensor did not compile ("deduced conflicting types"); the
emitter prints it as `(-2147483647 - 1)`, an int."""

from __future__ import annotations

import numpy as np

import asc


@asc.jit
def scalar_min(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 64)
    t = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 256, 64)
    asc.data_copy(t, gx, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.maxs(u, t, -2147483648, 32)  # the literal
    asc.muls(u[32:], t[32:], -asc.number(-2147483648, asc.int32), 32)  # -INT32_MIN wraps to INT32_MIN
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gy, u, 64)


def test_int32_min_scalar_operands() -> None:
    x = np.array([-2**31, -5, 0, 7] * 16, dtype=np.int32)
    y = np.zeros(64, dtype=np.int32)
    scalar_min[1](x, y)
    expected = np.concatenate([np.maximum(x[:32], np.int32(-2**31)),
                               (x[32:].astype(np.int64) * -2**31).astype(np.int32)])  # wraps, as int32 does
    np.testing.assert_array_equal(y, expected)
