"""insert_sync's pipe_barrier(PIPE_M) between accumulating mmads (docs/sync.md): hardware.md §3.3 asks for it
only when ceil(m/16) * ceil(n/16) < 10; with more fractals the hardware orders back-to-back Mmads into one L0C.
A matmul over K steps with m = n = 64 (16 fractals, constant) gets no PIPE_M barrier and runs clean on the
simulator (which reports a missing barrier below 10 fractals as a `sync` error); with m = n = 32 (4 fractals) the
barrier stays. Before, asc-insert-sync put the barrier before every dependent mmad whatever its size."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

K, BASE_K = 64, 32


@asc.jit(insert_sync=True, always_compile=True)
def matmul_k_steps(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: asc.ConstExpr[int],
                   n: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * K)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b, K * n)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, m * n)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, m * BASE_K)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, m * BASE_K * 2, BASE_K * n)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, m * BASE_K)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, BASE_K * n)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, m * n)
    m1 = m // 16
    n1 = n // 16
    k1 = BASE_K // 16
    for ks in range(K // BASE_K):
        asc.data_copy(a1, a_gm[ks * BASE_K:], asc.Nd2NzParams(1, m, BASE_K, 0, K, m, 1, 1))
        asc.data_copy(b1, b_gm[ks * BASE_K * n:], asc.Nd2NzParams(1, BASE_K, n, 0, n, BASE_K, 1, 1))
        for i in range(m1):
            asc.load_data(a2[i * k1 * 256:], a1, asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
        for i in range(k1):
            asc.load_data(b2[i * n1 * 256:], b1, asc.LoadData2DParams(i, n1, k1, 0, 0, True, 0))
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, BASE_K, cmatrix_init_val=ks == 0))
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(n, m, m, n))


@pytest.mark.parametrize(("size", "barrier"), [(64, False), (32, True)])
def test_pipe_m_barrier_only_below_ten_fractals(size: int, barrier: bool, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    rng = np.random.default_rng(5)
    a = rng.uniform(-2, 2, (size, K)).astype(np.float16)
    b = rng.uniform(-2, 2, (K, size)).astype(np.float16)
    c = np.zeros((size, size), np.float32)
    matmul_k_steps[1](a, b, c, size, size)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    assert ("AscendC::PipeBarrier<PIPE_M>()" in cpp.read_text()) == barrier
