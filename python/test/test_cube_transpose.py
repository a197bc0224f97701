"""load_data_with_transpose on the simulator: B of C = A @ B (32 x 32 x 32, float16 -> float32) is moved from
L1 (NZ, as data_copy with Nd2NzParams writes it) to L0B by load_data_with_transpose (each 16 x 16 fractal
transposed: NZ -> ZN, what mmad reads for B), one call per row of fractals; checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc


@asc.jit(always_compile=True)
def matmul_transposed_load(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gb.set_global_buffer(b, 1024)
    gc.set_global_buffer(c, 1024)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 4096, 1024)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    for i in range(2):
        asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
        asc.load_data_with_transpose(b2[i * 512:], b1, asc.LoadData2dTransposeParams(i, 2, 2, 0, 0, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32, cmatrix_init_val=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, c1, asc.FixpipeParamsV220(32, 32, 32, 32))


@pytest.mark.values("load_data_with_transpose")
def test_load_data_with_transpose_feeds_b_to_mmad() -> None:
    rng = np.random.default_rng(17)
    a = rng.integers(-3, 4, (32, 32)).astype(np.float16)
    b = rng.integers(-3, 4, (32, 32)).astype(np.float16)
    c = np.zeros((32, 32), dtype=np.float32)
    matmul_transposed_load[1](a, b, c)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))  # small integers: exact
