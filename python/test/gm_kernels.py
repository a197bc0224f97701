"""Small kernels several tests launch (and subprocess scripts import: `TEST_DIR` goes on their path)."""

from __future__ import annotations

from pathlib import Path

import asc

TEST_DIR = Path(__file__).resolve().parent


@asc.jit
def copy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    """y[:n] = x[:n] through UB."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(h, t, n)


@asc.jit
def affine(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, scale: asc.ConstExpr[float],
           offset: asc.ConstExpr[float]):
    """y[:n] = x[:n] * scale + offset (float32): each (scale, offset) is a kernel of its own."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, scale, n)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adds(t, t, offset, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, n)
