"""Kernels of the fault corpus named like C library functions and C++ keywords: each must run and
compute z = 2 * x (their symbols once resolved to libc, or did not compile)."""

from __future__ import annotations

import asc


@asc.jit
def _double(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(a, a, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, a, n)


@asc.jit
def exp(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    _double(x, z, n)


@asc.jit
def memcpy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    _double(x, z, n)


@asc.jit
def switch(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    _double(x, z, n)


@asc.jit
def template(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    _double(x, z, n)
