"""mmad with a bias (pyasc_api.md §1.5.11 `mmad(dst, fm, filter, bias, params)`) fed as a user must feed it:
the bias row goes GM -> L1 (C1, data_copy) -> BiasTable (C2, data_copy's count form, as Ascend C's
DataCopy form 3 and the Matmul API do), then C = A @ B + bias, checked against numpy for float16 -> float32
and int8 -> int32."""

from __future__ import annotations

import numpy as np
import pytest

import asc

M = N = 32


@asc.jit(always_compile=True)
def matmul_with_bias(a: asc.GlobalAddress, bt: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                     k: asc.ConstExpr[int], first_without_bias: asc.ConstExpr[bool]):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gbias = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, M * k)
    gb.set_global_buffer(bt, k * N)
    gbias.set_global_buffer(bias, N)
    gc.set_global_buffer(c, M * N)
    dt = a.dtype
    acc = bias.dtype
    k0 = 32 // dt.sizeof()
    a1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, M * k)
    b1 = asc.LocalTensor(dt, asc.TPosition.B1, 8192, k * N)
    bias1 = asc.LocalTensor(acc, asc.TPosition.C1, 16384, N)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, M, k, 0, k, M, 1, 1))
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, N, k, 0, k, N, 1, 1))  # B transposed in GM: NZ of B^T is Zn
    asc.data_copy(bias1, gbias, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, M * k)
    b2 = asc.LocalTensor(dt, asc.TPosition.B2, 0, k * N)
    bias2 = asc.LocalTensor(acc, asc.TPosition.C2, 0, N)
    for i in range(M // 16):
        asc.load_data(a2[i * k * 16:], a1, asc.LoadData2DParams(i, k // k0, M // 16, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, (k // k0) * (N // 16), 1))
    asc.data_copy(bias2, bias1, N)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    c1 = asc.LocalTensor(acc, asc.TPosition.CO1, 0, M * N)
    if first_without_bias:
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, k, cmatrix_init_val=True))
        asc.pipe_barrier(asc.PipeID.PIPE_M)
    asc.mmad(c1, a2, b2, bias2, asc.MmadParams(M, N, k, is_bias=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, c1, asc.FixpipeParamsV220(N, M, M, N))


@pytest.mark.parametrize("first_without_bias", [False, True])
@pytest.mark.parametrize("dtype,acc,k", [(np.float16, np.float32, 32), (np.int8, np.int32, 64)])
def test_mmad_adds_the_bias_loaded_through_c1_and_c2(dtype, acc, k: int, first_without_bias: bool) -> None:
    rng = np.random.default_rng(k)
    a = rng.integers(-3, 4, (M, k)).astype(dtype)
    b = rng.integers(-3, 4, (k, N)).astype(dtype)
    bias = rng.integers(-50, 50, N).astype(acc)
    c = np.zeros((M, N), dtype=acc)
    matmul_with_bias[1](a, np.ascontiguousarray(b.T), bias, c, k, first_without_bias)
    # Small integers: exact in any order. A bias Mmad starts from the bias, not from L0C.
    np.testing.assert_array_equal(c, a.astype(acc) @ b.astype(acc) + bias)
