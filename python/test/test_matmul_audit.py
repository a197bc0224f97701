"""A user's audit of the Matmul API (issue 15): forms the other Matmul tests do not run, each against numpy
or torch — IterateAll's asynchronous form with its wait flag, UB operands in tensors larger than the
single-core operand, the GetTensorC form returning a GlobalTensor, IterateAll with enSequentialWrite,
sub-blocks of a larger C by set_org_shape + set_single_shape / set_tail, every UB position of A, B, C
and the bias, bfloat16 inputs, the shapes of one row, one column and odd K, get_matmul_api_tiling in
pyasc's implementation order, asc.lib.host's PlatformAscendCManager, bad input (set_quant_scalar of a
float, get_batch_tensor_c's keywords) with exact messages at the kernel's line, set_self_define_data /
set_user_def_info (run, C unchanged, the call emitted), and a float16 / bfloat16 bias."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import dumped
from test_matmul_e2e import gm_operands, host_tiling, mm_gm_kernel

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError

P = asc.TPosition
WORKSPACE = 16 * 1024 * 1024


def _f16(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.uniform(-1, 1, shape).astype(np.float16)


def _ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ b.astype(np.float32)


# -- IterateAll / GetTensorC forms of a GM C --------------------------------------------------------

SEQUENTIAL, ASYNC_WAIT_FLAG, GLOBAL_FORM = range(3)


@asc.jit
def mm_forms_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if which == SEQUENTIAL:
            mm.iterate_all(c_gm, en_sequential_write=True)
        elif which == ASYNC_WAIT_FLAG:
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            mm.wait_iterate_all()
        else:
            with mm.iterate():
                blk = mm.get_tensor_c()  # the block in this AIV's workspace slot
                off = mm.get_offset_c()
                v = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tiling.base_m * tiling.base_n)
                asc.data_copy(v, blk, tiling.base_m * tiling.base_n)
                # The next block lands in the same slot: the read completes before the next Iterate.
                asc.set_flag(asc.HardEvent.MTE2_S, 0)
                asc.wait_flag(asc.HardEvent.MTE2_S, 0)
                asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
                asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
                asc.data_copy(c_gm[off.row * tiling.n + off.col:], v,
                              repeat_params=asc.DataCopyParams(tiling.base_m, tiling.base_n * 4 // 32, 0,
                                                               (tiling.n - tiling.base_n) * 4 // 32))
                asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
                asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        mm.end()


def _run_forms(which: int) -> tuple[np.ndarray, np.ndarray, asc.adv.TCubeTiling]:
    m, n, k = 64, 64, 48
    rng = np.random.default_rng(31 + which)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, False, base_m=32, base_n=32)
    c = np.zeros((m, n), np.float32)
    mm_forms_kernel[1, rt.current_stream()](a, b, c, np.zeros(1 << 20, np.uint8), t, which)
    return c, _ref(a, b), t


@pytest.mark.values("adv.Matmul.iterate_all", "adv.Matmul.wait_iterate_all")
def test_async_iterate_all_with_the_wait_flag() -> None:
    """`wait_iterate_all=True` says the kernel waits with `wait_iterate_all()` (Ascend C's waitIterateAll);
    it was taken as "synchronous", so the wait that must follow found nothing in flight."""
    c, ref, _ = _run_forms(ASYNC_WAIT_FLAG)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


def test_iterate_all_with_sequential_write() -> None:
    """enSequentialWrite: the base blocks one after another, each block's rows of its own width, in the
    iteration order (ORDER_M: down M first)."""
    c, ref, t = _run_forms(SEQUENTIAL)
    bm, bn = t.base_m, t.base_n
    blocks = [(i % 2, i // 2) if t.iterate_order == 0 else (i // 2, i % 2) for i in range(4)]
    flat = c.reshape(-1)
    for i, (mi, ni) in enumerate(blocks):
        np.testing.assert_allclose(flat[i * bm * bn:(i + 1) * bm * bn].reshape(bm, bn),
                                   ref[mi * bm:(mi + 1) * bm, ni * bn:(ni + 1) * bn], rtol=1e-3, atol=1e-3)


@pytest.mark.values("adv.Matmul.get_tensor_c", "adv.Matmul.get_offset_c")
def test_get_tensor_c_returning_the_workspace_block() -> None:
    c, ref, _ = _run_forms(GLOBAL_FORM)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


# -- UB operands (MIX): every UB position, and tensors larger than the single-core operand ---------

@asc.jit
def mm_ub_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                 ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, pa: asc.ConstExpr[int], pb: asc.ConstExpr[int],
                 pc: asc.ConstExpr[int], pbias: asc.ConstExpr[int], trans: asc.ConstExpr[bool],
                 ub_a: asc.ConstExpr[int], ub_b: asc.ConstExpr[int], ub_bias: asc.ConstExpr[int],
                 size_c: asc.ConstExpr[int]):
    """A, B, C and the bias each in GM or at the UB position given; a UB A/B/bias tensor holds `ub_*`
    elements (the operand at its start), copied in from the GM argument of that size."""
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        bias_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, ub_a)
        b_gm.set_global_buffer(b, ub_b)
        bias_gm.set_global_buffer(bias, ub_bias)
        c_gm.set_global_buffer(c, size_c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition(pa), asc.CubeFormat.ND, asc.float16, trans),
                            asc.adv.MatmulType(asc.TPosition(pb), asc.CubeFormat.ND, asc.float16, trans),
                            asc.adv.MatmulType(asc.TPosition(pc), asc.CubeFormat.ND, asc.float32),
                            asc.adv.MatmulType(asc.TPosition(pbias), asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        la = asc.LocalTensor(asc.float16, asc.TPosition(pa) if pa != 0 else asc.TPosition.VECIN, 0, ub_a)
        lb = asc.LocalTensor(asc.float16, asc.TPosition(pb) if pb != 0 else asc.TPosition.VECIN, 32 * 1024, ub_b)
        lbias = asc.LocalTensor(asc.float32, asc.TPosition(pbias) if pbias != 0 else asc.TPosition.VECIN,
                                64 * 1024, ub_bias)
        lc = asc.LocalTensor(asc.float32, asc.TPosition(pc) if pc != 0 else asc.TPosition.VECOUT, 96 * 1024, size_c)
        if pa != 0:
            asc.data_copy(la, a_gm, ub_a)
        if pb != 0:
            asc.data_copy(lb, b_gm, ub_b)
        if pbias != 0:
            asc.data_copy(lbias, bias_gm, ub_bias)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if pa != 0:
            mm.set_tensor_a(la, trans)
        else:
            mm.set_tensor_a(a_gm, trans)
        if pb != 0:
            mm.set_tensor_b(lb, trans)
        else:
            mm.set_tensor_b(b_gm, trans)
        if pbias != 0:
            mm.set_bias(lbias)
        else:
            mm.set_bias(bias_gm)
        if pc != 0:
            mm.iterate_all(lc)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
            asc.data_copy(c_gm, lc, size_c)
        else:
            mm.iterate_all(c_gm)
        mm.end()


def _run_ub(m: int, n: int, k: int, pa: P, pb: P, pc: P, pbias: P, trans: bool, extra: int = 0) -> None:
    """C = op(A) @ op(B) + bias; a UB A, B or bias tensor is `extra` elements longer than its operand (the
    tail holds garbage that must not matter)."""
    rng = np.random.default_rng(m * n + k + extra)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, True, trans_a=trans, trans_b=trans)
    a_arg = np.ascontiguousarray(a.T) if trans else a
    b_arg = np.ascontiguousarray(b.T) if trans else b
    pad16 = np.full(extra, 7.0, np.float16)
    a_arg = np.concatenate([a_arg.reshape(-1), pad16])
    b_arg = np.concatenate([b_arg.reshape(-1), pad16])
    bias_arg = np.concatenate([bias, np.full(extra + (-n) % 8, 7.0, np.float32)])
    c = np.zeros((m, n), np.float32)
    mm_ub_kernel[1, rt.current_stream()](a_arg, b_arg, bias_arg, c, np.zeros(WORKSPACE, np.uint8), t, int(pa),
                                         int(pb), int(pc), int(pbias), trans, a_arg.size, b_arg.size, bias_arg.size,
                                         c.size)
    np.testing.assert_allclose(c, _ref(a, b) + bias, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("pa, pb, pc, pbias", [
    (P.VECCALC, P.GM, P.GM, P.GM), (P.VECOUT, P.VECIN, P.GM, P.VECCALC), (P.GM, P.VECCALC, P.VECOUT, P.GM),
    (P.GM, P.GM, P.VECIN, P.VECOUT)])
@pytest.mark.parametrize("trans", [False, True])
def test_every_ub_position(pa: P, pb: P, pc: P, pbias: P, trans: bool) -> None:
    _run_ub(32, 48, 64, pa, pb, pc, pbias, trans)


@pytest.mark.parametrize("pa, pb, pbias", [(P.VECIN, P.GM, P.GM), (P.GM, P.VECIN, P.GM), (P.GM, P.GM, P.VECIN)])
def test_ub_operand_in_a_larger_tensor(pa: P, pb: P, pbias: P) -> None:
    """A queue buffer sized for the largest client holds the operand at its start: the Matmul stages the
    single-core operand (Ascend C copies by the tiling). It was refused ("the UB operand (N bytes) is
    larger than the tiling's single-core operand")."""
    _run_ub(20, 40, 24, pa, pb, P.GM, pbias, False, extra=512)


# -- sub-blocks of a larger C: set_org_shape with set_single_shape or set_tail --------------------

SINGLE, TAIL, TAIL_K = range(3)


@asc.jit
def mm_sub_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, org_m: int, org_n: int, org_k: int, r0: int, c0: int, sm: int,
                  sn: int, sk: int, which: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, org_m * org_k)
        b_gm.set_global_buffer(b, org_k * org_n)
        c_gm.set_global_buffer(c, org_m * org_n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_org_shape(org_m, org_n, org_k)
        if which == SINGLE:
            mm.set_single_shape(sm, sn, sk)
        elif which == TAIL:
            mm.set_tail(sm, sn, sk)
        else:
            mm.set_tail(tail_k=sk)
        mm.set_tensor_a(a_gm[r0 * org_k:])
        mm.set_tensor_b(b_gm[c0:])
        mm.iterate_all(c_gm[r0 * org_n + c0:])
        mm.end()


@pytest.mark.values("adv.Matmul.set_org_shape", "adv.Matmul.set_single_shape", "adv.Matmul.set_tail")
@pytest.mark.parametrize("which, r0, c0, sm, sn, sk", [
    (SINGLE, 16, 16, 40, 24, 72),   # a block inside a 96 x 80 C, all of K
    (SINGLE, 0, 0, 33, 17, 72),
    (TAIL, 8, 8, 33, 17, 72),
    (TAIL, 0, 0, 64, 48, 40),       # part of K only
    (TAIL_K, 0, 0, 64, 48, 40),     # set_tail(tail_k=...) alone keeps M and N
])
def test_sub_block_of_a_larger_c(which: int, r0: int, c0: int, sm: int, sn: int, sk: int) -> None:
    org_m, org_n, org_k = 96, 80, 72
    rng = np.random.default_rng(41 + which)
    a, b = _f16(rng, org_m, org_k), _f16(rng, org_k, org_n)
    t = host_tiling(64, 48, 64, np.float16, np.float32, 1, False)
    c = np.zeros((org_m, org_n), np.float32)
    mm_sub_kernel[1, rt.current_stream()](a, b, c, np.zeros(1 << 20, np.uint8), t, org_m, org_n, org_k, r0, c0,
                                          sm, sn, sk, which)
    em, en = sm, sn
    expect = np.zeros_like(c)
    expect[r0:r0 + em, c0:c0 + en] = _ref(a[r0:r0 + em, :sk], b[:sk, c0:c0 + en])
    np.testing.assert_allclose(c, expect, rtol=1e-3, atol=1e-3)  # nothing outside the block is written


# -- shapes: one row, one column, K of 1 and odd K; a float16 C ----------------------------------

@pytest.mark.parametrize("m, n, k, c_dtype, clients, bias", [
    (1, 64, 32, np.float32, 1, True), (1, 1, 1, np.float32, 1, False), (16, 1, 33, np.float32, 1, True),
    (33, 1, 1, np.float32, 2, True), (5, 7, 9, np.float16, 1, False)])
@pytest.mark.parametrize("trans", [False, True])
def test_degenerate_shapes(m: int, n: int, k: int, c_dtype, clients: int, bias: bool, trans: bool) -> None:
    rng = np.random.default_rng(m + 3 * n + 7 * k)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    bi = rng.uniform(-1, 1, n).astype(c_dtype)
    t = host_tiling(m, n, k, np.float16, c_dtype, clients, bias, trans, trans)
    c = np.zeros((m, n), c_dtype)
    mm_gm_kernel[t.used_core_num, rt.current_stream()](np.ascontiguousarray(a.T) if trans else a,
                                                       np.ascontiguousarray(b.T) if trans else b, bi, c,
                                                       np.zeros(1 << 16, np.uint8), t, trans, trans, bias)
    ref = _ref(a, b) + (bi if bias else 0)
    np.testing.assert_allclose(c.astype(np.float32), ref.astype(c_dtype).astype(np.float32), rtol=1e-3, atol=2e-3)


# -- bfloat16 inputs (torch tensors): C as float32 or bfloat16 ------------------------------------

@pytest.mark.parametrize("c_dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("m, n, k, trans", [(64, 64, 64, False), (33, 47, 29, True)])
def test_bfloat16_inputs(m: int, n: int, k: int, trans: bool, c_dtype: torch.dtype) -> None:
    torch.manual_seed(m + k)
    a = torch.randn(m, k).to(torch.bfloat16)
    b = torch.randn(k, n).to(torch.bfloat16)
    bias = torch.randn(n)
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(2)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_BF16, trans)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_BF16, trans)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND,
                   host.DataType.DT_FLOAT if c_dtype == torch.float32 else host.DataType.DT_BF16)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    c = torch.zeros(m, n, dtype=c_dtype)
    mm_gm_kernel[t.used_core_num, rt.current_stream()](a.T.contiguous() if trans else a,
                                                       b.T.contiguous() if trans else b, bias, c,
                                                       torch.zeros(1 << 16, dtype=torch.uint8), t, trans, trans, True)
    ref = a.float() @ b.float() + bias
    tol = 1e-5 if c_dtype == torch.float32 else 2**-7  # float32 sums; bfloat16: one rounding of C
    assert torch.allclose(c.float(), ref, rtol=tol, atol=tol), (c.float() - ref).abs().max()


# -- get_matmul_api_tiling: both of pyasc's argument orders; the result's `cfg` ----------------------

@asc.jit
def mm_static_impl_order(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                         tiling: asc.adv.TCubeTiling):
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        # pyasc's implementation order: (mm_cfg, a_type, b_type, c_type, bias_type=None, l1_size=None)
        cfg = asc.adv.get_matmul_api_tiling(asc.adv.get_basic_config(64, 64, 64), in_type, in_type, c_type)
        mm = asc.adv.Matmul(in_type, in_type, c_type, matmul_config=cfg)
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.values("adv.get_matmul_api_tiling", "adv.MatmulApiStaticTiling")
def test_get_matmul_api_tiling_in_the_implementation_order() -> None:
    """pyasc_api.md §1.7: get_matmul_api_tiling(mm_cfg, a_type, b_type, c_type, bias_type, l1_size=None),
    while the stub shows l1_size second; only the stub's order was accepted (a TypeError for the other).
    The result's `cfg` attribute (spec'd, and named by the class's docstring) did not exist."""
    a16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_basic_config(64, 64, 32)
    impl = asc.adv.get_matmul_api_tiling(cfg, a16, a16, c32, c32, 262144)
    stub = asc.adv.get_matmul_api_tiling(cfg, 262144, a16, a16, c32, c32)
    assert impl.pack() == stub.pack() and (impl.base_m, impl.base_k, impl.is_bias) == (64, 32, 1)
    assert impl.cfg is cfg and stub.cfg is cfg and asc.adv.MatmulApiStaticTiling().cfg is None
    m, n, k = 128, 128, 128
    rng = np.random.default_rng(8)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, False, base_m=64, base_n=64, base_k=64)
    c = np.zeros((m, n), np.float32)
    mm_static_impl_order[1, rt.current_stream()](a, b, c, np.zeros(1 << 16, np.uint8), t)
    np.testing.assert_allclose(c, _ref(a, b), rtol=1e-3, atol=1e-3)


# -- bad input ----------------------------------------------------------------------------------

@asc.jit(always_compile=True)
def quant_scalar_float(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, scale: float):
    a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_quant_scalar(scale)  # BAD
    mm.end()


def test_set_quant_scalar_of_a_float_says_what_to_pass() -> None:
    """The message named the front end's class ("got PlainValue"), not what was passed or what to pass."""
    t = host_tiling(32, 32, 32, np.int8, np.float16, 1, False, bias_dtype=np.int32,
                    dequant=host.DequantType.SCALAR)
    with pytest.raises(CompileError) as info:
        quant_scalar_float[1, rt.current_stream()](np.zeros(1024, np.int8), np.zeros(1024, np.int8),
                                                   np.zeros(1024, np.float16), np.zeros(1024, np.uint8), t, 0.5)
    assert info.value.message == (
        "set_quant_scalar: 'quant_scalar' must be an integer, got a float32 value (the deq word: the float32 "
        "scale's bits as an integer, e.g. int(np.float32(scale).view(np.uint32)) on the host)")
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# BAD")


# -- asc.lib.host: the platform manager of pyasc_api.md §1.8 ----------------------------------------

def test_platform_manager_and_set_sparse_default() -> None:
    """pyasc_api.md §1.8 / Appendix A: get_ascendc_platform() is PlatformAscendCManager.get_instance(...),
    a class asc.lib.host did not have; set_sparse's argument has a default (it had none)."""
    mine = host.PlatformAscendCManager.get_instance()
    assert mine.get_soc_version() == host.get_ascendc_platform().get_soc_version() == "Ascend910B1"
    other = host.PlatformAscendCManager.get_instance("Ascend910B4")
    assert (other.get_soc_version(), other.get_core_num_aic(), other.get_core_num_aiv()) == ("Ascend910B4", 20, 40)
    api = host.MatmulApiTiling(mine)
    assert api.set_sparse() == 0 and api.sparse is False


@asc.jit(always_compile=True)
def batch_c_bad_keyword(c: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                        which: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    t16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.adv.LayoutMode.NORMAL)
    mm = asc.adv.Matmul(t16, t16, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False,
                                                     asc.adv.LayoutMode.NORMAL),
                        matmul_config=asc.adv.get_normal_config(batch_loop=True))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if which == 0:
        mm.get_batch_tensor_c(2, 2, en_sequential_write=False, wait_iterate_batch=True)  # BAD
    else:
        mm.get_batch_tensor_c(batch_b=2)  # BAD
    mm.end()


@pytest.mark.parametrize("which, message", [
    (0, "get_batch_tensor_c: unexpected argument(s) 'wait_iterate_batch'"),
    (1, "get_batch_tensor_c: missing argument 'batch_a'"),
])
def test_get_batch_tensor_c_refuses_unknown_keywords(which: int, message: str) -> None:
    """An unknown keyword was silently dropped (and a missing batch_a was a bare KeyError)."""
    t = host_tiling(32, 32, 32, np.float16, np.float32, 1, False)
    with pytest.raises(CompileError) as info:
        batch_c_bad_keyword[1, rt.current_stream()](np.zeros(1024, np.float32), np.zeros(1 << 20, np.uint8), t,
                                                    which)
    assert info.value.message == message
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# BAD")


# -- set_self_define_data / set_user_def_info: stored as on the NPU, read by nothing -------------------

NO_CALL, DEFINE_INT, DEFINE_ADDR, USER_DEF_INFO = range(4)


@asc.jit(always_compile=True)
def mm_define_data(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm, b_gm, c_gm = gm_operands(a, b, c, tiling)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        if which == DEFINE_INT:
            mm.set_self_define_data(7)
        elif which == DEFINE_ADDR:
            mm.set_self_define_data(ws)
        elif which == USER_DEF_INFO:
            mm.set_user_def_info(ws)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


@pytest.mark.values("adv.Matmul.set_self_define_data", "adv.Matmul.set_user_def_info")
@pytest.mark.parametrize("which, call", [
    (DEFINE_INT, "SetSelfDefineData(7"),
    (DEFINE_ADDR, "SetSelfDefineData("),
    (USER_DEF_INFO, "SetUserDefInfo(reinterpret_cast<uint64_t>("),
])
def test_define_data_setters_run_and_change_nothing(which: int, call: str, tmp_path, monkeypatch) -> None:
    """They were refused at run time; a pyasc program calling them runs unmodified, and C is the same."""
    m, n, k = 32, 48, 64
    rng = np.random.default_rng(5)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    t = host_tiling(m, n, k, np.float16, np.float32, 1, False)
    plain = np.zeros((m, n), np.float32)
    mm_define_data[1, rt.current_stream()](a, b, plain, np.zeros(1 << 20, np.uint8), t, NO_CALL)
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    c = np.zeros((m, n), np.float32)
    mm_define_data[1, rt.current_stream()](a, b, c, np.zeros(1 << 20, np.uint8), t, which)
    np.testing.assert_array_equal(c, plain)
    np.testing.assert_allclose(c, _ref(a, b), rtol=1e-3, atol=1e-3)
    source = (dumped(tmp_path, "mm_define_data") / "ascendc.cpp").read_text()
    assert f".{call}" in source


# -- a float16 / bfloat16 bias: widened to float32 by the L1 -> BiasTable copy ----------------------

TORCH_DT = {torch.float16: host.DataType.DT_FLOAT16, torch.bfloat16: host.DataType.DT_BF16,
            torch.float32: host.DataType.DT_FLOAT}


def _torch_tiling(m: int, n: int, k: int, in_dtype: torch.dtype, c_dtype: torch.dtype, bias_dtype: torch.dtype,
                  clients: int) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(clients) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, TORCH_DT[in_dtype])
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, TORCH_DT[in_dtype])
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, TORCH_DT[c_dtype])
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, TORCH_DT[bias_dtype])
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


@pytest.mark.parametrize("m, n, k, c_dtype, bias_dtype, clients", [
    (64, 48, 32, torch.float16, torch.float16, 1),     # the default bias type of an f16 C
    (32, 100, 64, torch.float16, torch.float16, 2),    # N not a multiple of 16, two clients
    (48, 64, 32, torch.float32, torch.bfloat16, 1),
    (32, 40, 48, torch.float32, torch.float16, 2),
    (32, 64, 32, torch.bfloat16, torch.bfloat16, 1),
])
def test_half_and_bfloat16_bias(m: int, n: int, k: int, c_dtype: torch.dtype, bias_dtype: torch.dtype,
                                clients: int) -> None:
    """It failed at run time ("takes a bias of the L0C type"); on the NPU the C1 -> C2 copy widens it."""
    gen = torch.Generator().manual_seed(m + n + k)
    in_dtype = torch.bfloat16 if torch.bfloat16 in (c_dtype, bias_dtype) else torch.float16
    a = (torch.rand(m, k, generator=gen) * 2 - 1).to(in_dtype)
    b = (torch.rand(k, n, generator=gen) * 2 - 1).to(in_dtype)
    bias = (torch.rand(n, generator=gen) * 4 - 2).to(bias_dtype)
    t = _torch_tiling(m, n, k, in_dtype, c_dtype, bias_dtype, clients)
    c = torch.zeros(m, n, dtype=c_dtype)
    mm_gm_kernel[t.used_core_num, rt.current_stream()](a, b, bias, c, torch.zeros(1 << 16, dtype=torch.uint8), t,
                                                      False, False, True)
    ref = (a.float() @ b.float() + bias.float()).to(c_dtype)
    tol = 2e-2 if c_dtype == torch.bfloat16 else 2e-3
    torch.testing.assert_close(c, ref, rtol=tol, atol=tol)


@asc.jit
def mm_ub_a_set_tail_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c1: asc.GlobalAddress,
                            c2: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                            tail_k: int):
    """A in UB (rows of the single-core K), IterateAll, then set_tail(tail_k) and IterateAll again on the same
    staged A: its rows are now tail_k apart."""
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        c1_gm = asc.GlobalTensor()
        c1_gm.set_global_buffer(c1, tiling.m * tiling.n)
        c2_gm = asc.GlobalTensor()
        c2_gm.set_global_buffer(c2, tiling.m * tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(P.VECCALC, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(P.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(P.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        la = asc.LocalTensor(asc.float16, P.VECCALC, 0, tiling.m * tiling.k_a)
        asc.data_copy(la, a_gm, tiling.m * tiling.k_a)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        mm.set_tensor_a(la)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c1_gm)
        mm.set_tail(-1, -1, tail_k)
        mm.iterate_all(c2_gm)
        mm.end()


def test_set_tail_k_rereads_a_ub_a_with_its_new_row_stride() -> None:
    """A UB A is staged as rows of the single-core K. K 64 in two L1 tiles of 32; set_tail(K = 48) leaves
    the first tile's key (address, rows, K 0..31) as it was, but its rows are now 48 apart, not 64: the L1
    tile key had no row stride, so the second IterateAll reused the tile loaded with rows 64 apart."""
    m, n, k, tail_k = 32, 32, 64, 48
    t = asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n,
                            single_core_k=k, base_m=m, base_n=n, base_k=32, depth_a1=2, depth_b1=2, step_m=1,
                            step_n=1, step_k_a=1, step_k_b=1, iterate_order=0, db_l0a=2, db_l0b=2, db_l0c=1)
    rng = np.random.default_rng(32)
    a, b = _f16(rng, m, k), _f16(rng, k, n)
    c1 = np.zeros((m, n), np.float32)
    c2 = np.zeros((m, n), np.float32)
    mm_ub_a_set_tail_kernel[1, rt.current_stream()](a, b, c1, c2, np.zeros(WORKSPACE, np.uint8), t, tail_k)
    np.testing.assert_allclose(c1, _ref(a, b), rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(c2, _ref(a.reshape(-1)[:m * tail_k].reshape(m, tail_k), b[:tail_k]), rtol=1e-3,
                               atol=1e-3)
