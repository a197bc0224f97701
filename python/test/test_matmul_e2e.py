"""Matmul kernels run on the simulator against numpy: our own programs of the shapes of pyasc's adv tests
(pyasc_api.md §4.2-4.3) and the tutorials 07-09, plus a sweep of host tilings. They need the simulator's
Matmul (sim/include/lib/matmul_intf.h, sim/MATMUL.md)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asc
import asc.lib.host as host
import asc.lib.runtime as rt

pytestmark = [pytest.mark.values("adv.Matmul", "adv.MatmulType", "adv.register_matmul", "adv.MatmulConfig",
                                 "adv.TCubeTiling", "adv.Matmul.init", "adv.Matmul.end", "adv.Matmul.set_tensor_a",
                                 "adv.Matmul.set_tensor_b", "adv.Matmul.set_bias", "adv.Matmul.set_tail",
                                 "adv.Matmul.set_single_shape", "adv.Matmul.set_batch_num",
                                 "adv.Matmul.set_quant_vector", "adv.Matmul.iterate", "adv.Matmul.iterate_all",
                                 "adv.Matmul.get_tensor_c", "adv.Matmul.iterate_batch")]

#: The advanced API's workspace (RESERVED_WORKSPACE, 16 MiB): the Matmul's per-AIV regions (C in UB, A/B
#: from UB) fit in it.
WORKSPACE = 16 * 1024 * 1024

HOST_DT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT,
           np.int8: host.DataType.DT_INT8, np.int32: host.DataType.DT_INT32}


@asc.jit
def gm_operands(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """A, B and C of a Matmul as GM tensors of the tiling's sizes (a device function the kernels share)."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    return a_gm, b_gm, c_gm


@asc.jit
def mm_gm_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                 ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, trans_a: asc.ConstExpr[bool],
                 trans_b: asc.ConstExpr[bool], has_bias: asc.ConstExpr[bool]):
    """C = op(A) @ op(B) (+ bias) into GM, one block of C per client."""
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        bias_gm = asc.GlobalTensor()
        bias_gm.set_global_buffer(bias, tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, trans_a),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b.dtype, trans_b),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias.dtype))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        rest_m = tiling.m - m_idx * tiling.single_core_m
        rest_n = tiling.n - n_idx * tiling.single_core_n
        tail_m = tiling.single_core_m if rest_m > tiling.single_core_m else rest_m
        tail_n = tiling.single_core_n if rest_n > tiling.single_core_n else rest_n
        if trans_a:
            mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m:], True)
        else:
            mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        if trans_b:
            mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n * tiling.k_b:], True)
        else:
            mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        if has_bias:
            mm.set_bias(bias_gm[n_idx * tiling.single_core_n:])
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(c_gm[m_idx * tiling.single_core_m * tiling.n + n_idx * tiling.single_core_n:])
        mm.end()


def host_tiling(m: int, n: int, k: int, in_dtype, c_dtype, clients: int, bias: bool, trans_a: bool = False,
                trans_b: bool = False, c_pos: host.TPosition = host.TPosition.GM, *, bias_dtype=None,
                dequant: host.DequantType | None = None, **fix) -> asc.adv.TCubeTiling:
    """The host solver's tiling; the bias has C's type unless `bias_dtype` says otherwise."""
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(clients) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[in_dtype], trans_a)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[in_dtype], trans_b)
    api.set_c_type(c_pos, host.CubeFormat.ND, HOST_DT[c_dtype])
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[bias_dtype or c_dtype])
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(bias)
    if dequant is not None:
        api.set_dequant_type(dequant)
    if fix:
        api.set_fix_split(fix.get("base_m", -1), fix.get("base_n", -1), fix.get("base_k", -1))
    if "traverse" in fix:
        api.set_traverse(fix["traverse"])
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


def run_gm(m: int, n: int, k: int, in_dtype=np.float16, c_dtype=np.float32, clients: int = 2, bias: bool = True,
           trans_a: bool = False, trans_b: bool = False, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, (m, k)).astype(in_dtype)
    b = rng.uniform(-1, 1, (k, n)).astype(in_dtype)
    bi = rng.uniform(-1, 1, n).astype(c_dtype)
    t = host_tiling(m, n, k, in_dtype, c_dtype, clients, bias, trans_a, trans_b)
    c = np.zeros((m, n), dtype=c_dtype)
    ws = np.zeros(1 << 16, dtype=np.uint8)
    a_arg = np.ascontiguousarray(a.T) if trans_a else a
    b_arg = np.ascontiguousarray(b.T) if trans_b else b
    mm_gm_kernel[t.used_core_num, rt.current_stream()](a_arg, b_arg, bi, c, ws, t, trans_a, trans_b, bias)
    ref = a.astype(np.float64) @ b.astype(np.float64) + (bi if bias else 0)
    tol = 1e-3 * k if in_dtype == np.float16 else 1e-4 * k
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=tol)


def test_iterate_all_f16_256_64_128() -> None:
    run_gm(256, 64, 128, np.float16, np.float32, clients=1, bias=False)


@pytest.mark.parametrize("bias", [False, True])
@pytest.mark.parametrize("m, n, k", [(30, 40, 70), (100, 33, 17), (129, 65, 48)])
def test_tails(m: int, n: int, k: int, bias: bool) -> None:
    run_gm(m, n, k, np.float16, np.float32, clients=2, bias=bias)


@pytest.mark.parametrize("trans_a, trans_b", [(False, True), (True, False), (True, True)])
def test_transposed_a_and_b(trans_a: bool, trans_b: bool) -> None:
    run_gm(64, 96, 80, np.float16, np.float32, clients=2, bias=False, trans_a=trans_a, trans_b=trans_b)


@pytest.mark.parametrize("bias", [False, True])
def test_float32_matmul(bias: bool) -> None:
    run_gm(128, 64, 96, np.float32, np.float32, clients=2, bias=bias)


@pytest.mark.parametrize("m, n, k, clients", [(64, 64, 64, 1), (256, 128, 64, 4), (96, 256, 160, 6),
                                              (512, 512, 128, 8), (128, 128, 2048, 1),
                                              (256, 256, 4096, 2), (64, 512, 3000, 2)])
def test_host_tilings_run_clean(m: int, n: int, k: int, clients: int) -> None:
    """The solver's tilings run under the simulator's capacity, bounds and race checks (any finding fails)."""
    run_gm(m, n, k, np.float16, np.float32, clients=clients, bias=True)
    if k % 16 == 0:
        run_gm(m, n, k, np.float32, np.float32, clients=clients, bias=False, trans_b=True)


@pytest.mark.parametrize("k", [200, 97])
def test_float32_k_tail(k: int) -> None:
    run_gm(32, 32, k, np.float32, np.float32, clients=1, bias=False)


# -- C in UB with a vector epilogue (pyasc's kernels/test_matmul.py shape: f32 256^3 + bias + LeakyReLU) --


@asc.jit
def mm_leakyrelu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                        ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, alpha: float,
                        base_m: asc.ConstExpr[int], base_n: asc.ConstExpr[int], has_bias: asc.ConstExpr[bool]):
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        bias_gm = asc.GlobalTensor()
        bias_gm.set_global_buffer(bias, tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, c.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias.dtype),
                            matmul_config=asc.adv.MatmulConfig())
        tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
        tiling.share_l0c_size = asc.property(asc.TOTAL_L0C_SIZE)
        asc.adv.register_matmul(pipe, ws, mm)
        mm.init(tiling)
        c_que = asc.TQue(asc.TPosition.VECIN, 1)
        que = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(que=c_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(que=que, num=1, len=base_m * base_n * 4)
        m_blocks = tiling.m.ceildiv(tiling.single_core_m)
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        if has_bias:
            mm.set_bias(bias_gm[n_idx * tiling.single_core_n:])
        rows = tiling.single_core_m // base_m
        with mm.iterate() as count:
            blk = c_que.alloc_tensor(asc.float32)
            mm.get_tensor_c(blk, en_sequential_write=True)  # MTE2 (from the workspace) into UB
            c_que.enque(blk)
            blk = c_que.deque(asc.float32)
            t = que.alloc_tensor(asc.float32)
            asc.leaky_relu(t, blk, alpha, count=base_m * base_n)
            c_que.free_tensor(blk)
            que.enque(t)
            t = que.deque(asc.float32)
            row = m_idx * tiling.single_core_m + (count % rows) * base_m
            col = n_idx * tiling.single_core_n + (count // rows) * base_n
            asc.data_copy(c_gm[row * tiling.n + col:], t,
                          repeat_params=asc.DataCopyParams(base_m, base_n * 4 // 32, 0, (tiling.n - base_n) * 4 // 32))
            que.free_tensor(t)
        mm.end()


def _leaky(x: np.ndarray, alpha: float) -> np.ndarray:
    return np.where(x >= 0, x, x * alpha)


@pytest.mark.parametrize("depth, db_l0c", [(4, 2), (8, 2), (4, 1)])
@pytest.mark.parametrize("with_bias", [False, True])
def test_hand_built_tiling_f32_256_leakyrelu(with_bias: bool, depth: int, db_l0c: int) -> None:
    m = n = k = 256
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    # By hand, as pyasc's kernels/test_matmul.py: two clients, each 128 rows x 256 columns, 64x64 base blocks.
    t = asc.adv.TCubeTiling(used_core_num=2, m=m, n=n, k_a=k, k_b=k, single_core_m=128, single_core_n=256,
                            single_core_k=256, base_m=64, base_n=64, base_k=32, depth_a1=depth, depth_b1=depth, step_m=1,
                            step_n=1, step_k_a=4, step_k_b=4, is_bias=int(with_bias), iterate_order=0, db_l0a=2, db_l0b=2,
                            db_l0c=db_l0c, trans_length=64 * 64 * 4)
    c = np.zeros((m, n), dtype=np.float32)
    ws = np.zeros(WORKSPACE, dtype=np.uint8)
    mm_leakyrelu_kernel[t.used_core_num, rt.current_stream()](a, b, bias, c, ws, t, 0.001, 64, 64, with_bias)
    ref = a.astype(np.float64) @ b + (bias if with_bias else 0)
    np.testing.assert_allclose(c, _leaky(ref, 0.001), rtol=1e-4, atol=1e-3)


def test_host_tiling_f32_1024_256_512_leakyrelu() -> None:
    m, n, k = 1024, 256, 512
    rng = np.random.default_rng(2)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(2)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    api.set_traverse(host.MatrixTraverse.FIRSTM)
    api.set_fix_split(128, 128, -1)
    api.set_align_split(128, 128, -1)
    api.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    c = np.zeros((m, n), dtype=np.float32)
    ws = np.zeros(WORKSPACE, dtype=np.uint8)
    mm_leakyrelu_kernel[t.used_core_num, rt.current_stream()](a, b, bias, c, ws, t, 0.001, 128, 128, True)
    np.testing.assert_allclose(c, _leaky(a.astype(np.float64) @ b + bias, 0.001), rtol=1e-4, atol=2e-3)



def test_a_tiling_that_does_not_fit_is_a_kernel_error() -> None:
    """A hand-built tiling whose base blocks overflow L0A: the simulator names the fields, the memory and
    both sizes."""
    t = asc.adv.TCubeTiling(used_core_num=1, m=256, n=64, k_a=256, k_b=256, single_core_m=256, single_core_n=64,
                            single_core_k=256, base_m=256, base_n=64, base_k=256, depth_a1=1, depth_b1=1, step_m=1,
                            step_n=1, step_k_a=1, step_k_b=1, db_l0a=2, db_l0b=1, db_l0c=1)
    a = np.zeros((256, 256), dtype=np.float16)
    b = np.zeros((256, 64), dtype=np.float16)
    with pytest.raises(asc.runtime.errors.KernelError, match=r"TCubeTiling\.baseM x baseK x dbL0A needs 262144 bytes "
                                                             r"of L0A, which has 65536 bytes"):
        mm_gm_kernel[1, rt.current_stream()](a, b, np.zeros(64, np.float32), np.zeros((256, 64), np.float32),
                                             np.zeros(1024, np.uint8), t, False, False, False)


# -- batch --------------------------------------------------------------------------------------


@asc.jit
def mm_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], order_b: asc.ConstExpr[bool] = False):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, batch * tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, batch * tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c, batch * tiling.m * tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, False, asc.adv.LayoutMode.NORMAL)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c.dtype, False, asc.adv.LayoutMode.NORMAL)
        mm = asc.adv.Matmul(in_type, in_type, c_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND,
                                                                         c.dtype))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if order_b:
            mm.set_batch_num(batch, batch)
            mm.iterate_batch(c_gm, False, 0, False)  # (tensor, en_partial_sum, en_atomic, en_sequential_write)
        else:
            mm.iterate_batch(c_gm, batch, batch, False)
        mm.end()


@pytest.mark.parametrize("order_b", [False, True])
@pytest.mark.parametrize("size, dtype", [(64, np.float32), (32, np.float16)])
def test_batch_matmul(size: int, dtype, order_b: bool) -> None:
    batch = 2
    rng = np.random.default_rng(3)
    a = rng.uniform(-1, 1, (batch, size, size)).astype(dtype)
    b = rng.uniform(-1, 1, (batch, size, size)).astype(dtype)
    api = host.BatchMatmulTiling(host.get_ascendc_platform())
    api.set_dim(1)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[dtype])
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[dtype])
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_shape(size, size, size)
    api.set_org_shape(size, size, size)
    api.set_a_layout(1, size, batch, 1, size)
    api.set_b_layout(1, size, batch, 1, size)
    api.set_c_layout(1, size, batch, 1, size)
    api.set_batch_num(batch)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    c = np.zeros((batch, size, size), dtype=np.float32)
    mm_batch_kernel[1, rt.current_stream()](a, b, c, np.zeros(1024, dtype=np.uint8), t, batch, order_b)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-3 * size)


# -- int8 with a per-channel quant vector (pyasc's generalization/adv/test_matmul_quant.py shapes) ----


@asc.jit
def mm_quant_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, scale: asc.GlobalAddress, c: asc.GlobalAddress,
                    ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        s_gm = asc.GlobalTensor()
        s_gm.set_global_buffer(scale, tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.set_quant_vector(s_gm)
        mm.set_single_shape(tiling.m, tiling.n, tiling.k_a)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.parametrize("m, n, k", [(32, 32, 64), (64, 128, 96), (128, 64, 256)])
def test_int8_quant_vector(m: int, n: int, k: int) -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    b = rng.integers(-8, 8, (k, n)).astype(np.int8)
    scales = rng.uniform(0.001, 0.01, n).astype(np.float32)
    words = scales.view(np.uint32).astype(np.uint64)  # the scale's float32 bits in the low 32 bits
    t = host_tiling(m, n, k, np.int8, np.float16, 1, False, bias_dtype=np.int32, dequant=host.DequantType.TENSOR)
    c = np.zeros((m, n), dtype=np.float16)
    mm_quant_kernel[1, rt.current_stream()](a, b, words, c, np.zeros(1024, dtype=np.uint8), t)
    ref = (a.astype(np.int64) @ b.astype(np.int64)).astype(np.float32) * scales
    np.testing.assert_allclose(c.astype(np.float32), ref, rtol=2e-3, atol=1e-3)


# -- a compile-time config from get_matmul_api_tiling; C as the GlobalTensor get_tensor_c returns -------


@asc.jit
def mm_static_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling):
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        cfg = asc.adv.get_matmul_api_tiling(asc.adv.get_basic_config(64, 64, 64), 524160, in_type, in_type, c_type)
        mm = asc.adv.Matmul(in_type, in_type, c_type, matmul_config=cfg)
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


def test_static_tiling_config_runs() -> None:
    m, n, k = 128, 128, 128
    rng = np.random.default_rng(6)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, False, base_m=64, base_n=64, base_k=64)
    c = np.zeros((m, n), dtype=np.float32)
    mm_static_kernel[1, rt.current_stream()](a, b, c, np.zeros(1 << 16, dtype=np.uint8), t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)


def test_a_tiling_whose_b_tiles_are_two_k_steps_deep() -> None:
    """Found by the random tilings below: the solver's tiling of 225 x 65 x 145 (base 240 x 64 x 32, B's L1
    tiles two K steps deep) set an MTE1_MTE2 event twice when IterateAll computed its first two blocks as
    a pair (sim/MATMUL.md "The first pair"): an L1 tile taken back was released again before MTE2 had
    consumed the first release (MTE1 now waits for MTE2's answer, sim/MATMUL.md)."""
    run_gm(225, 65, 145, np.float16, np.float32, clients=1, bias=False, trans_a=False, trans_b=False, seed=435)


@settings(max_examples=10, deadline=None)
@given(m=st.integers(1, 300), n=st.integers(1, 300), k=st.integers(1, 400), clients=st.integers(1, 8),
       bias=st.booleans(), trans_a=st.booleans(), trans_b=st.booleans())
def test_random_host_tilings_run_clean(m: int, n: int, k: int, clients: int, bias: bool, trans_a: bool,
                                       trans_b: bool) -> None:
    """Random shapes and client counts: the solver's tiling runs under every simulator check and the result
    matches numpy (float16 in, float32 out)."""
    run_gm(m, n, k, np.float16, np.float32, clients=clients, bias=bias, trans_a=trans_a, trans_b=trans_b, seed=m + n + k)


def test_an_l1_tile_taken_back_is_not_released_twice_ahead_of_mte2() -> None:
    """A released L1 tile hit again is taken back (MTE2 consumes its free flag); MTE1, running ahead of a
    busy MTE2, released it again before MTE2 had consumed the first set: the id set twice (`set_flag(MTE1_MTE2,
    5) ... while it is still set`). Found by the random test above once the K loop waited for one L0 flag
    pair a step (MTE1 ran further ahead). MTE1 now waits for MTE2 to have taken the tile back."""
    run_gm(258, 193, 149, np.float16, np.float32, clients=4, bias=False, trans_a=False, trans_b=True, seed=600)


# -- A or B from the AIV's Unified Buffer (MatmulType VECIN) --------------------------------------


@asc.jit
def mm_ub_operand_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                         tiling: asc.adv.TCubeTiling, a_in_ub: asc.ConstExpr[bool], size: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, size)
        b_gm.set_global_buffer(b, size)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        gm = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        ub = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float16)
        mm = asc.adv.Matmul(ub if a_in_ub else gm, gm if a_in_ub else ub,
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        local = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, size)
        asc.data_copy(local, a_gm if a_in_ub else b_gm, size)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        if a_in_ub:
            mm.set_tensor_a(local)
            mm.set_tensor_b(b_gm)
        else:
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(local)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.parametrize("a_in_ub", [True, False])
def test_operand_in_ub(a_in_ub: bool) -> None:
    m = n = k = 64
    rng = np.random.default_rng(7)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, False)
    c = np.zeros((m, n), dtype=np.float32)
    mm_ub_operand_kernel[1, rt.current_stream()](a, b, c, np.zeros(1 << 16, dtype=np.uint8), t, a_in_ub, m * k)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-2)
