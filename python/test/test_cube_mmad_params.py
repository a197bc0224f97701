"""MmadParams as a user sets it (pyasc_api.md §1.4, hardware.md §6.3): C = A @ B with the default
`cmatrix_init_val=True`, C += A @ B with `cmatrix_init_val=False`, k = 0 a NOP, the bias form by position
and by keyword, and `cmatrix_source=True` (C from the BiasTable) without a bias refused at its line.
int8 x int8 -> int32 (exact), A 32 x 64 and B 64 x 32, checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

M = N = 32
K = 64


@asc.jit(always_compile=True)
def mmad_forms(a: asc.GlobalAddress, bt: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
               form: asc.ConstExpr[str]):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gbias = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, M * K)
    gb.set_global_buffer(bt, K * N)
    gbias.set_global_buffer(bias, N)
    gc.set_global_buffer(c, M * N)
    a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, M * K)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 8192, K * N)
    bias1 = asc.LocalTensor(asc.int32, asc.TPosition.C1, 16384, N)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 1))
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 1))  # B transposed in GM: NZ of B^T is Zn
    asc.data_copy(bias1, gbias, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, M * K)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, K * N)
    bias2 = asc.LocalTensor(asc.int32, asc.TPosition.C2, 0, N)
    for i in range(M // 16):
        asc.load_data(a2[i * K * 16:], a1, asc.LoadData2DParams(i, K // 32, M // 16, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, (K // 32) * (N // 16), 1))
    asc.data_copy(bias2, bias1, N)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    asc.pipe_barrier(asc.PipeID.PIPE_M)
    if form == "accumulate":
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K, cmatrix_init_val=False))
    elif form == "k0":
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, 0))
    elif form == "bias":
        asc.mmad(c1, a2, b2, bias2, asc.MmadParams(M, N, K))
    elif form == "bias_keywords":
        asc.mmad(dst=c1, fm=a2, filter=b2, bias=bias2, params=asc.MmadParams(m=M, n=N, k=K))
    elif form == "source_without_bias":
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K, cmatrix_init_val=False, cmatrix_source=True))  # BAD
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, c1, asc.FixpipeParamsV220(N, M, M, N))


def _operands() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    a = rng.integers(-6, 7, (M, K)).astype(np.int8)
    b = rng.integers(-6, 7, (K, N)).astype(np.int8)
    return a, b, rng.integers(-50, 50, N).astype(np.int32)


@pytest.mark.parametrize("form,times,with_bias", [("accumulate", 2, False), ("k0", 1, False), ("bias", 1, True),
                                                  ("bias_keywords", 1, True)])
def test_mmad_params_forms_match_numpy(form: str, times: int, with_bias: bool) -> None:
    a, b, bias = _operands()
    c = np.zeros((M, N), dtype=np.int32)
    mmad_forms[1](a, np.ascontiguousarray(b.T), bias, c, form)
    ref = times * (a.astype(np.int32) @ b.astype(np.int32)) + (bias if with_bias else 0)
    np.testing.assert_array_equal(c, ref)


def test_cmatrix_source_without_a_bias_is_refused_at_the_line() -> None:
    a, b, bias = _operands()
    with pytest.raises(KernelError) as info:
        mmad_forms[1](a, np.ascontiguousarray(b.T), bias, np.zeros((M, N), dtype=np.int32), "source_without_bias")
    text = str(info.value)
    assert ("mmad: 'cmatrix_source' is true, which starts C from the bias in the BiasTable (C2), but no bias was "
            "given; pass it, mmad(dst, fm, filter, bias, params), or leave cmatrix_source False (C starts from 0, "
            "or from CO1 with cmatrix_init_val=False)") in text
    assert "test_cube_mmad_params.py:" in text and "# BAD" in text
