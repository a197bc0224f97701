"""Kernels of the advanced-API tests (the function is chosen by a compile-time index)."""

from __future__ import annotations

import asc
import asc.adv

N_MAX = 2048


#: The functions by index (the kernels take the index as a compile-time int).
UNARY_NAMES = tuple(sorted(asc.adv.math.UNARY))
UNARY = tuple(getattr(asc.adv, name) for name in UNARY_NAMES)
BINARY_NAMES = ("power", "xor")
BINARY = (asc.adv.power, asc.adv.xor)


@asc.jit
def unary_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int],
                 which: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    s = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    d = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 16384, n)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, tmp_bytes)
    asc.data_copy(s, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    UNARY[which](d, s, n, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, n)


@asc.jit
def exp_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int],
               level: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    s = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    d = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 16384, n)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, tmp_bytes)
    asc.data_copy(s, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.exp(d, s, n, level, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, n)


@asc.jit
def binary_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int],
                  tmp_bytes: asc.ConstExpr[int], which: asc.ConstExpr[int]):
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    ag.set_global_buffer(a, n)
    bg.set_global_buffer(b, n)
    yg.set_global_buffer(y, n)
    s0 = asc.LocalTensor(a.dtype, asc.TPosition.VECIN, 0, n)
    s1 = asc.LocalTensor(a.dtype, asc.TPosition.VECIN, 8192, n)
    d = asc.LocalTensor(a.dtype, asc.TPosition.VECOUT, 16384, n)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, tmp_bytes)
    asc.data_copy(s0, ag, n)
    asc.data_copy(s1, bg, n)
    asc.data_copy(d, yg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if which < 0:
        asc.adv.axpy(d, s0, 1.5, n, t)
    else:
        BINARY[which](d, s0, s1, n, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, n)
