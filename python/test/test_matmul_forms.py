"""Matmul forms beyond the tutorials (sim/MATMUL.md): atomic accumulation of C (enAtomic), each against
numpy with the simulator's race detector raising."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.lib.runtime as rt

pytestmark = [pytest.mark.values("adv.Matmul")]

WORKSPACE = 1 << 16


def _tiling(m: int, n: int, k: int, in_dt: host.DataType = host.DataType.DT_FLOAT16) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(1) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, in_dt)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, in_dt)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


# -- enAtomic: C accumulates in GM -----------------------------------------------------------------

@asc.jit(always_compile=True)
def mm_split_k_atomic(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, k: int, mode: asc.ConstExpr[int],
                      per_block: asc.ConstExpr[bool], parts: asc.ConstExpr[int]):
    """`parts` clients (two per AI Core) each multiply one part of K, A[:, p] @ B[p, :], and
    accumulate it into the same C with enAtomic `mode`."""
    idx = asc.get_block_idx()
    if idx < parts:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * k)
        b_gm.set_global_buffer(b, k * tiling.n)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_org_shape(tiling.m, tiling.n, k)
        mm.set_tensor_a(a_gm[idx * tiling.single_core_k:])
        mm.set_tensor_b(b_gm[idx * tiling.single_core_k * tiling.n:])
        if per_block:
            with mm.iterate():
                mm.get_tensor_c(c_gm, en_atomic=mode)
        else:
            mm.iterate_all(c_gm, en_atomic=mode)
        mm.end()


@pytest.mark.parametrize("mode,per_block,parts", [(1, False, 2), (1, True, 4), (2, False, 2), (3, True, 4)])
def test_en_atomic_accumulates_into_c(mode: int, per_block: bool, parts: int) -> None:
    """Split K: with 4 parts two AI Cores store into the same C, which the race detector accepts only
    because the stores are atomic (of one class)."""
    m, n, k = 64, 48, 256
    rng = np.random.default_rng(mode)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c0 = rng.uniform(-4, 4, (m, n)).astype(np.float32)
    c = c0.copy()
    part = k // parts
    t = _tiling(m, n, part)
    mm_split_k_atomic[parts // 2, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, k, mode, per_block,
                                                       parts)
    products = [a[:, p * part:(p + 1) * part].astype(np.float64) @ b[p * part:(p + 1) * part].astype(np.float64)
                for p in range(parts)]
    combine = {1: np.add, 2: np.maximum, 3: np.minimum}[mode]
    ref = c0.astype(np.float64)
    for product in products:
        ref = combine(ref, product)
    np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-3)


def test_en_atomic_out_of_range_is_an_error() -> None:
    m, n, k = 32, 32, 64
    t = _tiling(m, n, k // 2)
    z = np.zeros((m, k), np.float16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_split_k_atomic[1, rt.current_stream()](z, np.zeros((k, n), np.float16), np.zeros((m, n), np.float32),
                                                  np.zeros(WORKSPACE, np.uint8), t, k, 4, False, 2)
    assert "enAtomic is 0 (store), 1 (AtomicAdd), 2 (AtomicMax) or 3 (AtomicMin), not 4" in info.value.message


def test_split_k_without_en_atomic_is_a_cross_core_race() -> None:
    m, n, k = 64, 48, 256
    t = _tiling(m, n, k // 4)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_split_k_atomic[2, rt.current_stream()](np.ones((m, k), np.float16), np.ones((k, n), np.float16),
                                                  np.zeros((m, n), np.float32), np.zeros(WORKSPACE, np.uint8), t, k,
                                                  0, False, 4)
    assert info.value.category == "race"
    assert "cross-core WAW hazard on GM" in info.value.message and "FIX fixpipe" in info.value.message
