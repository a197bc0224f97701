"""insert_sync on the cube path (docs/sync.md): a matmul on static L1, L0A, L0B and L0C tensors with no
synchronisation written, GM -> L1 (`data_copy` with Nd2NzParams, MTE2), L1 -> L0A/L0B (`load_data`, MTE1), `mmad`
(M), `fixpipe` L0C -> GM (FIX), and a copy of an L1 tile back to GM (MTE3). asc-insert-sync puts the flags between
those pipes (MTE2_MTE1 and MTE1_M before the reads, M_MTE1 and MTE1_MTE2 before the buffers are written again in
the next K step, M_FIX, MTE2_MTE3) and the same-pipe barriers; the simulator's race detector (raising, the default)
finds nothing and the results match numpy. Before, the pass tracked Unified Buffer tensors only: the kernel ran
with no flag and raced."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

M, N, K, BASE_K = 32, 32, 64, 32


def _kernel(insert_sync: bool):
    @asc.jit(insert_sync=insert_sync, always_compile=True)
    def matmul_unsynchronised(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                              a_copy: asc.GlobalAddress, steps: asc.ConstExpr[int]):
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, M * K)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b, K * N)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c, M * N)
        a_copy_gm = asc.GlobalTensor()
        a_copy_gm.set_global_buffer(a_copy, M * BASE_K)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * BASE_K)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * BASE_K * 2, BASE_K * N)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * BASE_K)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, BASE_K * N)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
        m1 = M // 16
        n1 = N // 16
        k1 = BASE_K // 16
        for ks in range(steps):
            asc.data_copy(a1, a_gm[ks * BASE_K:], asc.Nd2NzParams(1, M, BASE_K, 0, K, M, 1, 1))
            asc.data_copy(b1, b_gm[ks * BASE_K * N:], asc.Nd2NzParams(1, BASE_K, N, 0, N, BASE_K, 1, 1))
            for i in range(m1):
                asc.load_data(a2[i * k1 * 256:], a1, asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
            for i in range(k1):
                asc.load_data(b2[i * n1 * 256:], b1, asc.LoadData2DParams(i, n1, k1, 0, 0, True, 0))
            asc.mmad(co1, a2, b2, asc.MmadParams(M, N, BASE_K, cmatrix_init_val=ks == 0))
        # The last A tile, NZ as it is in L1, back to GM (A1 -> GM on MTE3).
        asc.data_copy(a_copy_gm, a1, M * BASE_K)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(N, M, M, N))

    return matmul_unsynchronised


synchronised = _kernel(True)
unsynchronised = _kernel(False)


def _nz(nd: np.ndarray) -> np.ndarray:
    rows, cols = nd.shape
    return nd.reshape(rows, cols // 16, 16).transpose(1, 0, 2).reshape(-1)


def _inputs() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(3)
    return (rng.uniform(-2, 2, (M, K)).astype(np.float16), rng.uniform(-2, 2, (K, N)).astype(np.float16))


def test_insert_sync_orders_the_cube_pipes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    a, b = _inputs()
    c = np.zeros((M, N), np.float32)
    a_copy = np.zeros(M * BASE_K, np.float16)
    synchronised[1](a, b, c, a_copy, K // BASE_K)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(a_copy, _nz(a[:, K - BASE_K:]))
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    text = cpp.read_text()
    for event in ("MTE2_MTE1", "MTE1_M", "M_MTE1", "MTE1_MTE2", "M_FIX", "MTE2_MTE3"):
        assert f"AscendC::SetFlag<AscendC::HardEvent::{event}>" in text, event


def test_without_insert_sync_the_same_kernel_races() -> None:
    # One K step (two would first stop at the accumulating mmad that has no PIPE_M barrier, a "sync" error).
    a, b = _inputs()
    with pytest.raises(KernelError) as info:
        unsynchronised[1](a, b, np.zeros((M, N), np.float32), np.zeros(M * BASE_K, np.float16), 1)
    assert info.value.category == "race", str(info.value)


def test_insert_sync_with_one_k_step(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    a, b = _inputs()
    c = np.zeros((M, N), np.float32)
    a_copy = np.zeros(M * BASE_K, np.float16)
    synchronised[1](a, b, c, a_copy, 1)
    assert rt.last_launch().diagnostics == []
    ref = a[:, :BASE_K].astype(np.float32) @ b[:BASE_K].astype(np.float32)
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(a_copy, _nz(a[:, :BASE_K]))
