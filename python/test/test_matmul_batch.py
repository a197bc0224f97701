"""Batch forms of the Matmul API against numpy (sim/MATMUL.md "Batch"): IterateBatch into the AIV's Unified
Buffer with a vector epilogue, IterateNBatch + GetBatchTensorC (both forms, sync and async), WaitIterateBatch,
and the batch layouts BSNGD, SBNGD and BNGS1S2 placed by BatchMatmulTiling's layout setters."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.lib.runtime as rt

pytestmark = [pytest.mark.values("adv.Matmul", "adv.MatmulType", "adv.Matmul.iterate_batch",
                                 "adv.Matmul.iterate_n_batch", "adv.Matmul.get_batch_tensor_c",
                                 "adv.Matmul.wait_iterate_batch", "adv.Matmul.set_batch_num")]

WORKSPACE = 16 * 1024 * 1024
HOST_DT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT}
L = asc.adv.LayoutMode


def batch_tiling(m: int, n: int, k: int, dtype, batch: int, c_pos: host.TPosition = host.TPosition.GM,
                 layouts: dict[str, tuple[int, int, int, int, int]] | None = None,
                 trans_b: bool = False) -> asc.adv.TCubeTiling:
    api = host.BatchMatmulTiling(host.get_ascendc_platform())
    api.set_dim(1)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[dtype])
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, HOST_DT[dtype], trans_b)
    api.set_c_type(c_pos, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_shape(m, n, k)
    api.set_org_shape(m, n, k)
    lay = layouts or {"a": (1, m, batch, 1, k), "b": (1, k, batch, 1, n), "c": (1, m, batch, 1, n)}
    api.set_a_layout(*lay["a"])
    api.set_b_layout(*lay["b"])
    api.set_c_layout(*lay["c"])
    api.set_batch_num(batch)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return t


# -- IterateBatch into UB, then a vector epilogue (LeakyReLU) on the whole batch --------------------


@asc.jit
def mm_batch_ub_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], total: asc.ConstExpr[int],
                       alpha: float, sync: asc.ConstExpr[bool], order_b: asc.ConstExpr[bool]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, batch * tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, batch * tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c, total)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, False, L.NORMAL)
        mm = asc.adv.Matmul(in_type, in_type,
                            asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32, False,
                                               L.NORMAL),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        c_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, total)
        o_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, total * 4, total)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if order_b:
            mm.set_batch_num(batch, batch)
            mm.iterate_batch(c_ub, False, 0, False, sync=sync)
        else:
            mm.iterate_batch(c_ub, batch, batch, False, sync=sync, wait_iterate_batch=not sync)
        if not sync:
            mm.wait_iterate_batch()
        asc.leaky_relu(o_ub, c_ub, alpha, count=total)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(c_gm, o_ub, total)
        mm.end()


def _leaky(x: np.ndarray, alpha: float) -> np.ndarray:
    return np.where(x >= 0, x, alpha * x)


@pytest.mark.parametrize("sync, order_b", [(True, False), (False, False), (True, True)])
@pytest.mark.parametrize("size, dtype", [(64, np.float32), (32, np.float16)])
def test_iterate_batch_into_ub_with_leakyrelu(size: int, dtype, sync: bool, order_b: bool) -> None:
    batch = 2
    rng = np.random.default_rng(11)
    a = rng.uniform(-1, 1, (batch, size, size)).astype(dtype)
    b = rng.uniform(-1, 1, (batch, size, size)).astype(dtype)
    t = batch_tiling(size, size, size, dtype, batch, host.TPosition.VECCALC)
    c = np.zeros((batch, size, size), np.float32)
    mm_batch_ub_kernel[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, batch, c.size, 0.01,
                                               sync, order_b)
    np.testing.assert_allclose(c, _leaky(a.astype(np.float64) @ b, 0.01), rtol=1e-3, atol=1e-3 * size)


# -- IterateNBatch, then GetBatchTensorC per loop (into UB, or the GlobalTensor of the batch) --------


@asc.jit
def mm_n_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, loops: asc.ConstExpr[int], batch: asc.ConstExpr[int],
                      per_loop: asc.ConstExpr[int], sync: asc.ConstExpr[bool], into_ub: asc.ConstExpr[bool]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, loops * batch * tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, loops * batch * tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c, loops * per_loop)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, False, L.NORMAL)
        c_pos = asc.TPosition.VECCALC if into_ub else asc.TPosition.GM
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(c_pos, asc.CubeFormat.ND, asc.float32, False,
                                                                 L.NORMAL),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=asc.adv.get_normal_config(batch_loop=True))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, per_loop)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_n_batch(loops, batch, batch, False, sync=sync, wait_iterate_batch=not sync)
        if not sync:
            mm.wait_iterate_batch()
        for i in range(loops):
            if into_ub:
                mm.get_batch_tensor_c(ub, batch, batch, False)
            else:
                g = mm.get_batch_tensor_c(batch, batch, False)
                asc.data_copy(ub, g, per_loop)
                asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
                asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(c_gm[i * per_loop:], ub, per_loop)
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        mm.end()


@pytest.mark.parametrize("sync", [True, False])
@pytest.mark.parametrize("into_ub", [True, False])
@pytest.mark.parametrize("size, dtype", [(32, np.float32), (32, np.float16)])
def test_iterate_n_batch_and_get_batch_tensor_c(size: int, dtype, sync: bool, into_ub: bool) -> None:
    loops, batch = 3, 2
    rng = np.random.default_rng(12)
    a = rng.uniform(-1, 1, (loops * batch, size, size)).astype(dtype)
    b = rng.uniform(-1, 1, (loops * batch, size, size)).astype(dtype)
    t = batch_tiling(size, size, size, dtype, loops * batch, host.TPosition.VECCALC if into_ub else
                     host.TPosition.GM)
    c = np.zeros((loops * batch, size, size), np.float32)
    mm_n_batch_kernel[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, loops, batch,
                                              batch * size * size, sync, into_ub)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-3, atol=1e-3 * size)


# -- batch layouts -----------------------------------------------------------------------------------


@asc.jit
def mm_layout_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling, la: asc.ConstExpr[int], lb: asc.ConstExpr[int],
                     lc: asc.ConstExpr[int], trans_b: asc.ConstExpr[bool], batch_a: asc.ConstExpr[int],
                     batch_b: asc.ConstExpr[int], sizes: asc.ConstExpr[tuple], sync: asc.ConstExpr[bool]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, sizes[0])
        b_gm.set_global_buffer(b, sizes[1])
        c_gm.set_global_buffer(c, sizes[2])
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, False, L(la)),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, trans_b, L(lb)),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, L(lc)),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm, trans_b)
        mm.iterate_batch(c_gm, batch_a, batch_b, False, sync=sync, wait_iterate_batch=not sync)
        if not sync:
            mm.wait_iterate_batch()
        mm.end()


def _matrices(x: np.ndarray, layout: L, lay: tuple[int, int, int, int, int]) -> list[np.ndarray]:
    """The matrices (b, n, g) of a tensor stored in `layout` with layout info (B, S, N, G, D), in batch order."""
    bb, s, n, g, d = lay
    if layout == L.BSNGD:
        v = x.reshape(bb, s, n, g, d)
        return [v[i, :, j, k, :] for i in range(bb) for j in range(n) for k in range(g)]
    if layout == L.SBNGD:
        v = x.reshape(s, bb, n, g, d)
        return [v[:, i, j, k, :] for i in range(bb) for j in range(n) for k in range(g)]
    v = x.reshape(bb * n * g, s, d)
    return [v[i] for i in range(bb * n * g)]


@pytest.mark.parametrize("la, lb, lc, trans_b, gqa, sync", [
    (L.BSNGD, L.BSNGD, L.BNGS1S2, True, False, True),   # attention scores Q K^T
    (L.BSNGD, L.BSNGD, L.BNGS1S2, True, True, False),   # grouped heads: B's heads broadcast over G
    (L.SBNGD, L.BNGS1S2, L.BSNGD, False, False, True),
    (L.BNGS1S2, L.SBNGD, L.SBNGD, False, False, True),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_batch_layouts(la: L, lb: L, lc: L, trans_b: bool, gqa: bool, sync: bool, dtype) -> None:
    bsz, heads, groups = 2, 2, (2 if gqa else 1)
    m, n, k = 32, 48, 32
    lay_a = (bsz, m, heads, groups, k)
    lay_b = (bsz, n if trans_b else k, heads, 1 if gqa else groups, k if trans_b else n)
    lay_c = (bsz, m, heads, groups, n)
    rng = np.random.default_rng(13)
    a = rng.uniform(-1, 1, int(np.prod(lay_a))).astype(dtype)
    b = rng.uniform(-1, 1, int(np.prod(lay_b))).astype(dtype)
    c = np.zeros(int(np.prod(lay_c)), np.float32)
    batch_a, batch_b = bsz * heads * groups, bsz * heads * (1 if gqa else groups)
    t = batch_tiling(m, n, k, dtype, batch_a, layouts={"a": lay_a, "b": lay_b, "c": lay_c}, trans_b=trans_b)
    mm_layout_kernel[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, int(la), int(lb), int(lc),
                                             trans_b, batch_a, batch_b, (a.size, b.size, c.size), sync)
    am, bm = _matrices(a, la, lay_a), _matrices(b, lb, lay_b)
    ratio = batch_a // batch_b
    cm = _matrices(c, lc, lay_c)
    for i in range(batch_a):
        bi = bm[i // ratio].astype(np.float64)
        ref = am[i].astype(np.float64) @ (bi.T if trans_b else bi)
        np.testing.assert_allclose(cm[i], ref, rtol=1e-3, atol=1e-3 * k, err_msg=f"matrix {i}")


# -- bad input -----------------------------------------------------------------------------------------


@asc.jit(always_compile=True)
def mm_batch_bad(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                 which: asc.ConstExpr[int]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, 4 * 32 * 32)
        c_gm.set_global_buffer(c, 4 * 32 * 32)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False,
                                     L.BSNGD if which == 3 else L.NORMAL)
        cfg = asc.adv.get_normal_config(batch_loop=True)
        mm = asc.adv.Matmul(in_type, in_type,
                            asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=cfg)
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 4 * 32 * 32)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(a_gm)
        if which == 1:
            mm.iterate_n_batch(4, 2, 2, False)
        elif which == 2:
            mm.iterate_n_batch(1, 2, 2, False)
            mm.get_batch_tensor_c(ub, 2, 2, False)
            mm.get_batch_tensor_c(ub, 2, 2, False)
        elif which == 3:
            mm.iterate_batch(ub, 2, 2, False)
        elif which == 5:
            mm.iterate_n_batch(1, 2, 2, False, matrix_stride_c=2048)
        elif which == 6:
            mm.iterate_n_batch(1, 2, 2, False, sync=False, wait_iterate_batch=True)  # NO WAIT
            mm.get_batch_tensor_c(ub, 2, 2, False)
        elif which == 7:
            mm.iterate_batch(ub, 2, 2, False, sync=False, wait_iterate_batch=True)  # NO WAIT
        else:
            mm.get_batch_tensor_c(ub, 2, 2, False)
        mm.end()


@pytest.mark.parametrize("which, message", [
    (1, "Matmul::IterateNBatch: 8 matrices of 32 x 32 need 32768 bytes of the workspace's batch area, which "
        "holds 16384 bytes (TCubeTiling.BatchNum = 4 matrices of singleCoreM x singleCoreN)"),
    (2, "Matmul::GetBatchTensorC called 2 times after IterateNBatch with batchLoop = 1"),
    (3, "Matmul::IterateBatch: A has LayoutMode::BSNGD, but TCubeTiling.ALayoutInfoB = 0 (set the layout on "
        "the host: set_a_layout(b, s, n, g, d))"),
    (4, "Matmul::GetBatchTensorC without an IterateNBatch before it (it fetches IterateNBatch's results)"),
    (5, "Matmul::IterateNBatch: a matrixStrideC other than 0 is not modelled (the simulator's batch area packs "
        "the matrices one after another, which is what GetBatchTensorC returns); pass 0"),
])
def test_batch_bad_input(which: int, message: str) -> None:
    t = batch_tiling(32, 32, 32, np.float16, 4, host.TPosition.VECCALC)
    if which == 3:
        t.a_layout_info_b = 0
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_batch_bad[1, rt.current_stream()](np.zeros(4 * 32 * 32, np.float16), np.zeros(4 * 32 * 32, np.float32),
                                             np.zeros(WORKSPACE, np.uint8), t, which)
    assert message in info.value.message


def _line_of(marker: str, nth: int = 0) -> int:
    lines = [i + 1 for i, text in enumerate(open(__file__).read().splitlines()) if text.endswith(marker)]
    return lines[nth]


@pytest.mark.parametrize("which, api, call, nth", [(6, "GetBatchTensorC", "IterateNBatch", 0),
                                                   (7, "End", "IterateBatch", 1)])
def test_wait_iterate_batch_flag_is_kept(which: int, api: str, call: str, nth: int) -> None:
    """wait_iterate_batch=True with sync=False: the kernel waits with wait_iterate_batch() before its next
    Matmul call (sim/MATMUL.md "Batch"); a call before that wait is an error naming the batch's line."""
    t = batch_tiling(32, 32, 32, np.float16, 4, host.TPosition.VECCALC)
    with pytest.raises(asc.runtime.errors.KernelError) as info:
        mm_batch_bad[1, rt.current_stream()](np.zeros(4 * 32 * 32, np.float16), np.zeros(4 * 32 * 32, np.float32),
                                             np.zeros(WORKSPACE, np.uint8), t, which)
    assert (f"Matmul::{api}: the {call}<sync = false, waitIterateBatch = true> at {__file__}:"
            f"{_line_of('# NO WAIT', nth)} was not waited for: with waitIterateBatch = true, WaitIterateBatch "
            "comes before the next Matmul call") in info.value.message


@asc.jit
def mm_wait_flag_bad(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 4 * 32 * 32)
    c_gm.set_global_buffer(c, 4 * 32 * 32)
    pipe = asc.TPipe()
    in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, L.NORMAL)
    mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                        matmul_config=asc.adv.get_normal_config(batch_loop=True))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(a_gm)
    if which == 0:
        mm.iterate_batch(c_gm, 2, 2, False, wait_iterate_batch=True)  # BAD
    else:
        mm.iterate_n_batch(1, 2, 2, False, sync=True, wait_iterate_batch=True)  # BAD
    mm.end()


@pytest.mark.parametrize("which, api", [(0, "iterate_batch"), (1, "iterate_n_batch")])
def test_wait_iterate_batch_flag_needs_async(which: int, api: str) -> None:
    from asc.codegen.errors import CompileError

    t = batch_tiling(32, 32, 32, np.float16, 4)
    with pytest.raises(CompileError) as info:
        mm_wait_flag_bad[1, rt.current_stream()](np.zeros(4 * 32 * 32, np.float16), np.zeros(4 * 32 * 32, np.float32),
                                                 np.zeros(WORKSPACE, np.uint8), t, which)
    assert (f"{api}: 'wait_iterate_batch=True' is for an asynchronous call (sync=False); a synchronous {api} has "
            "finished when it returns") in str(info.value)
    src = open(__file__).read().splitlines()
    assert info.value.location is not None and src[info.value.location.line - 1].endswith("# BAD")


# -- NORMAL batches with matrix strides (matrices apart by more than their size) ------------------------


@asc.jit
def mm_strided_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], strides: asc.ConstExpr[tuple]):
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, batch * strides[0])
        b_gm.set_global_buffer(b, batch * strides[1])
        c_gm.set_global_buffer(c, batch * strides[2])
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a.dtype, False, L.NORMAL)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32,
                                                                 False, L.NORMAL))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_batch(c_gm, batch, batch, False, strides[0], strides[1], strides[2])
        mm.end()


def test_iterate_batch_with_matrix_strides() -> None:
    batch, m, n, k = 3, 32, 48, 64
    strides = (m * k + 64, k * n + 32, m * n + 16)
    rng = np.random.default_rng(14)
    a = rng.uniform(-1, 1, batch * strides[0]).astype(np.float16)
    b = rng.uniform(-1, 1, batch * strides[1]).astype(np.float16)
    c = np.full(batch * strides[2], 3.0, np.float32)
    t = batch_tiling(m, n, k, np.float16, batch)
    mm_strided_kernel[1, rt.current_stream()](a, b, c, np.zeros(WORKSPACE, np.uint8), t, batch, strides)
    for i in range(batch):
        am = a[i * strides[0]:][:m * k].reshape(m, k).astype(np.float64)
        bm = b[i * strides[1]:][:k * n].reshape(k, n).astype(np.float64)
        cm = c[i * strides[2]:][:m * n].reshape(m, n)
        np.testing.assert_allclose(cm, am @ bm, rtol=1e-3, atol=1e-2, err_msg=f"matrix {i}")
        assert (c[i * strides[2] + m * n:(i + 1) * strides[2]] == 3.0).all()


# -- L1 tiles are told apart by their row stride too ---------------------------------------------------------


@asc.jit
def mm_batch_then_all_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c1: asc.GlobalAddress,
                             c2: asc.GlobalAddress, ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    """IterateBatch of one matrix (A's matrix 0 at A's address, rows sK apart), then IterateAll of the same A
    (rows orgKa apart) without a new set_tensor_a."""
    if asc.get_block_idx() < 1:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c1_gm = asc.GlobalTensor()
        c2_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        c1_gm.set_global_buffer(c1, tiling.m * tiling.n)
        c2_gm.set_global_buffer(c2, tiling.m * tiling.n)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, L.NORMAL)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32,
                                                                 False, L.NORMAL))
        asc.adv.register_matmul(pipe, ws, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_batch(c1_gm, 1, 1, False)
        mm.iterate_all(c2_gm)
        mm.end()


def test_iterate_all_after_iterate_batch_reloads_a_with_its_row_stride() -> None:
    """A is 32 x 64 in GM (orgKa 64), the matmul uses its first 32 columns (sK 32). IterateBatch's matrix 0
    lies at A's address with rows sK apart; IterateAll's A has the same address, rows orgKa apart. The L1
    tile key had no row stride: IterateAll reused the batch's tile and computed the batch's product again."""
    m, n, ka, k = 32, 32, 64, 32
    t = asc.adv.TCubeTiling(used_core_num=1, m=m, n=n, k_a=ka, k_b=k, single_core_m=m, single_core_n=n,
                            single_core_k=k, base_m=m, base_n=n, base_k=k, depth_a1=2, depth_b1=2, step_m=1,
                            step_n=1, step_k_a=1, step_k_b=1, iterate_order=0, db_l0a=2, db_l0b=2, db_l0c=1,
                            batch_m=1, batch_n=1, batch_num=1)
    rng = np.random.default_rng(31)
    a = rng.uniform(-1, 1, (m, ka)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c1 = np.zeros((m, n), np.float32)
    c2 = np.zeros((m, n), np.float32)
    mm_batch_then_all_kernel[1, rt.current_stream()](a, b, c1, c2, np.zeros(WORKSPACE, np.uint8), t)
    np.testing.assert_allclose(c1, a.reshape(-1)[:m * k].reshape(m, k).astype(np.float64) @ b, rtol=1e-3,
                               atol=1e-2)
    np.testing.assert_allclose(c2, a[:, :k].astype(np.float64) @ b, rtol=1e-3, atol=1e-2)
