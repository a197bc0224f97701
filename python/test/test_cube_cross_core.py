"""A MIX_AIC_1_2 kernel written in Python: the AIC computes C = A @ B (32 x 32 x 32, float16 -> float32) into
GM and raises cross-core flag 3 (mode 2) from PIPE_FIX; each of its two AIVs waits for it, adds 1 to its 16
rows and writes them out, then raises flag 5 for the AIC. Checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

M = N = K = 32
ROWS = M // 2  # rows per AIV


@asc.jit(always_compile=True)
def matmul_then_add(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, out: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    go = asc.GlobalTensor()
    ga.set_global_buffer(a, M * K)
    gb.set_global_buffer(b, K * N)
    gc.set_global_buffer(c, M * N)
    go.set_global_buffer(out, M * N)
    if asc.ascend_is_aic():
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 4096, K * N)
        asc.data_copy(a1, ga, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 1))
        asc.data_copy(b1, gb, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 1))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
        for i in range(2):
            asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
            asc.load_data(b2[i * 512:], b1, asc.LoadData2DParams(i, 2, 2, 0, 0, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K, cmatrix_init_val=True))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(N, M, M, N))
        asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_FIX)
        asc.cross_core_wait_flag(5, 2, asc.PipeID.PIPE_S)
    else:
        sub = asc.get_sub_block_idx()
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, ROWS * N)
        asc.cross_core_wait_flag(3, 2, asc.PipeID.PIPE_S)
        asc.data_copy(x, gc[sub * ROWS * N:], ROWS * N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(x, x, 1.0, ROWS * N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(go[sub * ROWS * N:], x, ROWS * N)
        asc.cross_core_set_flag(5, 2, asc.PipeID.PIPE_MTE3)


def _inputs() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(14)
    a = rng.integers(-3, 4, (M, K)).astype(np.float16)
    b = rng.integers(-3, 4, (K, N)).astype(np.float16)
    return a, b


@pytest.mark.values("cross_core_set_flag", "cross_core_wait_flag", "load_data", "mmad", "fixpipe")
def test_the_aivs_post_process_what_the_aic_computed() -> None:
    a, b = _inputs()
    c = np.zeros((M, N), dtype=np.float32)
    out = np.zeros((M, N), dtype=np.float32)
    matmul_then_add[1](a, b, c, out)
    ref = a.astype(np.float32) @ b.astype(np.float32)  # small integers: exact in any order
    np.testing.assert_array_equal(c, ref)
    np.testing.assert_array_equal(out, ref + 1)
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"

