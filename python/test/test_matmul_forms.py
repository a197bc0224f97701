"""Matmul forms beyond the tutorials (sim/MATMUL.md): atomic accumulation of C (enAtomic), each against
numpy with the simulator's race detector raising."""

from __future__ import annotations

import numpy as np
import pytest
from test_matmul_e2e import gm_operands

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError

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


# -- the bias from a local tensor ----------------------------------------------------------------

@asc.jit(always_compile=True)
def mm_bias_from_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                    ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """C = A @ B + 2 bias, the doubled bias computed on the AIV into UB and given with set_bias (the AIV
    stages it into its workspace region for the AIC, MTE3)."""
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        bias_gm = asc.GlobalTensor()
        bias_gm.set_global_buffer(bias, tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        raw = asc.LocalTensorAuto(asc.float32, 64)
        doubled = asc.LocalTensorAuto(asc.float32, 64)
        asc.data_copy(raw, bias_gm[n_idx * tiling.single_core_n:], tiling.single_core_n)
        asc.muls(doubled, raw, 2.0, tiling.single_core_n)
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.set_bias(doubled)
        mm.iterate_all(c_gm[m_idx * tiling.single_core_m * tiling.n + n_idx * tiling.single_core_n:])
        mm.end()


def test_bias_from_the_unified_buffer() -> None:
    m, n, k = 128, 128, 64
    rng = np.random.default_rng(11)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(4) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0 and t.single_core_n == 64, t.single_core_n
    c = np.zeros((m, n), np.float32)
    mm_bias_from_ub[(t.used_core_num + 1) // 2, rt.current_stream()](a, b, bias, c, np.zeros(1 << 20, np.uint8), t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64) + 2 * bias, rtol=1e-4, atol=1e-3)


# -- scalar A or B -------------------------------------------------------------------------------

@asc.jit(always_compile=True)
def mm_scalar_operand(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, scalar_a: asc.ConstExpr[bool], scalar_b: asc.ConstExpr[bool],
                      value_a: float, value_b: float):
    """C = A @ B where A (B) is the matrix whose every element is `value_a` (`value_b`) with
    set_tensor_a(scalar) (set_tensor_b(scalar)): the Matmul fills its L1 tiles with InitConstValue."""
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c.dtype))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        rest_m = tiling.m - m_idx * tiling.single_core_m
        rest_n = tiling.n - n_idx * tiling.single_core_n
        mm.set_tail(tiling.single_core_m if rest_m > tiling.single_core_m else rest_m,
                    tiling.single_core_n if rest_n > tiling.single_core_n else rest_n)
        if scalar_a:
            mm.set_tensor_a(value_a)
        else:
            mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        if scalar_b:
            mm.set_tensor_b(value_b)
        else:
            mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.iterate_all(c_gm[m_idx * tiling.single_core_m * tiling.n + n_idx * tiling.single_core_n:])
        mm.end()


@pytest.mark.parametrize("dtype,scalar_a,scalar_b", [
    (np.float16, True, False), (np.float16, False, True), (np.float16, True, True),
    (np.float32, True, False), (np.float32, False, True), (np.int8, False, True), (np.int8, True, False),
    (np.int8, True, True),
])
def test_scalar_a_or_b(dtype, scalar_a: bool, scalar_b: bool) -> None:
    m, n, k = 72, 40, 56  # tails everywhere (not multiples of 16)
    rng = np.random.default_rng(5)
    integer = dtype == np.int8
    a = (rng.integers(-8, 8, (m, k)) if integer else rng.uniform(-1, 1, (m, k))).astype(dtype)
    b = (rng.integers(-8, 8, (k, n)) if integer else rng.uniform(-1, 1, (k, n))).astype(dtype)
    va, vb = (3, -2) if integer else (0.75, -1.5)
    in_dt = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT,
             np.int8: host.DataType.DT_INT8}[dtype]
    c_dtype = np.int32 if integer else np.float32
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(2) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, in_dt)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, in_dt)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND,
                   host.DataType.DT_INT32 if integer else host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    c = np.zeros((m, n), c_dtype)
    mm_scalar_operand[(t.used_core_num + 1) // 2, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t,
                                                                        scalar_a, scalar_b, va, vb)
    a_ref = np.full((m, k), va) if scalar_a else a.astype(np.float64)
    b_ref = np.full((k, n), vb) if scalar_b else b.astype(np.float64)
    np.testing.assert_allclose(c, a_ref @ b_ref, rtol=1e-4, atol=1e-3)


# -- a transposed A of float32 and int8 (LoadDataWithTranspose 16 x 16 / 32 x 32 blocks) --------------

@asc.jit
def mm_trans_a(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, type_trans: asc.ConstExpr[bool]):
    """C = A^T @ B with A stored K x M; `type_trans`: the MatmulType says isTrans (else only set_tensor_a)."""
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, type_trans),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c.dtype))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        rest_m = tiling.m - m_idx * tiling.single_core_m
        rest_n = tiling.n - n_idx * tiling.single_core_n
        mm.set_tail(tiling.single_core_m if rest_m > tiling.single_core_m else rest_m,
                    tiling.single_core_n if rest_n > tiling.single_core_n else rest_n)
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m:], True)
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.iterate_all(c_gm[m_idx * tiling.single_core_m * tiling.n + n_idx * tiling.single_core_n:])
        mm.end()


def _trans_tiling(m: int, n: int, k: int, dtype, clients: int, **fix) -> asc.adv.TCubeTiling:
    integer = dtype == np.int8
    in_dt = host.DataType.DT_INT8 if integer else host.DataType.DT_FLOAT
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(clients) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, in_dt, True)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, in_dt)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32 if integer else
                   host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    if fix:
        api.set_fix_split(fix.get("base_m", -1), fix.get("base_n", -1), fix.get("base_k", -1))
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


@pytest.mark.parametrize("type_trans", [True, False])
@pytest.mark.parametrize("dtype, m, n, k", [
    (np.float32, 64, 96, 80), (np.float32, 72, 40, 56), (np.int8, 64, 96, 128), (np.int8, 72, 40, 56),
])
def test_transposed_a_float32_and_int8(dtype, m: int, n: int, k: int, type_trans: bool) -> None:
    integer = dtype == np.int8
    rng = np.random.default_rng(21)
    a = (rng.integers(-8, 8, (m, k)) if integer else rng.uniform(-1, 1, (m, k))).astype(dtype)
    b = (rng.integers(-8, 8, (k, n)) if integer else rng.uniform(-1, 1, (k, n))).astype(dtype)
    t = _trans_tiling(m, n, k, dtype, 2, **({} if type_trans or not integer else {"base_m": 32}))
    c = np.zeros((m, n), np.int32 if integer else np.float32)
    mm_trans_a[(t.used_core_num + 1) // 2, rt.current_stream()](np.ascontiguousarray(a.T), b, c,
                                                                np.zeros(WORKSPACE, np.uint8), t, type_trans)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    if integer:
        np.testing.assert_array_equal(c, ref.astype(np.int32))
    else:
        np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-4 * k)


def test_transposed_int8_a_without_is_trans_needs_base_m_of_32() -> None:
    t = _trans_tiling(48, 32, 64, np.int8, 1, base_m=16)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_trans_a[1, rt.current_stream()](np.zeros((64, 48), np.int8), np.zeros((64, 32), np.int8),
                                           np.zeros((48, 32), np.int32), np.zeros(WORKSPACE, np.uint8), t, False)
    assert ("Matmul tiling: TCubeTiling.baseM = 16 must be a multiple of 32 for an int8 A transposed at "
            "SetTensorA whose MatmulType is not isTrans (32 x 32 LoadDataWithTranspose blocks; isTrans aligns "
            "the tiles)") in info.value.message


# -- a config that trims Init and End (enable_init / enable_end = False) -------------------------------

@asc.jit
def mm_no_init_no_end(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling):
    """The tiling initialises the Matmul through register_matmul (Init is trimmed); no end() (End is trimmed:
    the AIC stops serving an AIV when it finishes)."""
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=asc.adv.MatmulConfig(enable_init=False, enable_end=False))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)


def test_config_without_init_and_end() -> None:
    m, n, k = 64, 48, 80
    rng = np.random.default_rng(9)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    t = _tiling(m, n, k)
    c = np.zeros((m, n), np.float32)
    mm_no_init_no_end[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)


# -- formats: C as ND_ALIGN (rows padded to 32 bytes), A as VECTOR (one row), A or B as SCALAR -----------

@asc.jit
def mm_formats(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, fa: asc.ConstExpr[int], fb: asc.ConstExpr[int], fc: asc.ConstExpr[int],
               c_size: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c, c_size)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat(fa), asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat(fb), asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat(fc), asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        if fa == 6:
            mm.set_tensor_a(0.5)
        else:
            mm.set_tensor_a(a_gm)
        if fb == 6:
            mm.set_tensor_b(-2.0)
        else:
            mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


F = asc.CubeFormat


@pytest.mark.parametrize("m, n, k, fa, fb, fc", [
    (32, 36, 48, F.ND, F.ND, F.ND_ALIGN),    # C rows of 36 float32 padded to 40
    (1, 64, 128, F.VECTOR, F.ND, F.ND),      # A is one row
    (1, 36, 64, F.VECTOR, F.ND, F.ND_ALIGN),
    (40, 32, 48, F.SCALAR, F.ND, F.ND),
    (40, 32, 48, F.ND, F.SCALAR, F.ND),
])
def test_formats(m: int, n: int, k: int, fa, fb, fc) -> None:
    rng = np.random.default_rng(17)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    t = _tiling(m, n, k)
    ldc = (n + 7) // 8 * 8 if fc == F.ND_ALIGN else n
    c = np.full((m, ldc), 9.0, np.float32)
    mm_formats[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, int(fa), int(fb), int(fc), c.size)
    a_ref = np.full((m, k), 0.5) if fa == F.SCALAR else a.astype(np.float64)
    b_ref = np.full((k, n), -2.0) if fb == F.SCALAR else b.astype(np.float64)
    np.testing.assert_allclose(c[:, :n], a_ref @ b_ref, rtol=1e-3, atol=1e-2)
    assert (c[:, n:] == 9.0).all()  # the padding of each row is not written


def test_vector_a_needs_one_row() -> None:
    t = _tiling(16, 32, 32)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_formats[1, rt.current_stream()](np.zeros((16, 32), np.float16), np.zeros((32, 32), np.float16),
                                           np.zeros((16, 32), np.float32), np.zeros(WORKSPACE, np.uint8), t,
                                           int(F.VECTOR), int(F.ND), int(F.ND), 16 * 32)
    assert ("Matmul: A's MatmulType is CubeFormat::VECTOR (one row of K), but the single-core M is 16 (it must "
            "be 1)") in info.value.message


@asc.jit(always_compile=True)
def mm_scalar_format_tensor(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                            tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 64)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.SCALAR, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.end()


def test_scalar_format_takes_a_scalar() -> None:
    with pytest.raises(CompileError) as info:
        mm_scalar_format_tensor[1, rt.current_stream()](np.zeros(64, np.float16), np.zeros(64, np.float32),
                                                        np.zeros(WORKSPACE, np.uint8), _tiling(16, 16, 16))
    assert info.value.message == ("set_tensor_a: the matrix's MatmulType has CubeFormat.SCALAR: pass the scalar "
                                  "value, not a tensor")


# -- SetOrgShape's orgKc: C's row stride (the N of C) -----------------------------------------------------

@asc.jit
def mm_org_kc(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, ldc: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c, tiling.m * ldc)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_org_shape(tiling.m, tiling.n, tiling.k_a, tiling.k_b, ldc)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.values("adv.Matmul.set_org_shape")
def test_org_kc_is_the_row_stride_of_c() -> None:
    m, n, k, ldc = 48, 32, 64, 80
    rng = np.random.default_rng(23)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.full((m, ldc), 5.0, np.float32)
    mm_org_kc[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), _tiling(m, n, k), ldc)
    np.testing.assert_allclose(c[:, :n], a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)
    assert (c[:, n:] == 5.0).all()
