"""A MIX kernel's UB queues and buffers initialised outside any core branch (docs/simulator.md "Kernel types and
the cube unit"): the AIC runs the same source as its AIVs, and TPipe's InitBuffer only assigns addresses and event
ids (hardware.md §3.5, ascendc_api.md §6.6), so the AIC's `init_buffer` of a VECIN/VECOUT queue, of a VECCALC TBuf
or a UB TBufPool keeps the books and touches no memory; the instructions that would touch UB stay refused at their
line. In an AIC-only kernel no core has a UB, so the init_buffer itself is refused."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

WORKSPACE = 16 * 1024 * 1024
ALPHA = 0.01


@asc.jit(always_compile=True)
def mm_leaky_top_level(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                       ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, alpha: float, base_m: asc.ConstExpr[int],
                       base_n: asc.ConstExpr[int], before: asc.ConstExpr[bool]):
    """C = LeakyReLU(A @ B + bias), written max(x, alpha * x) with a VECCALC TBuf for alpha * x; the UB queues and
    the TBuf are initialised at top level, before or after register_matmul."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    bias_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
    b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
    bias_gm.set_global_buffer(bias, tiling.n)
    c_gm.set_global_buffer(c, tiling.m * tiling.n)
    pipe = asc.TPipe()
    in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    c_que = asc.TQue(asc.TPosition.VECIN, 1)
    out_que = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    if before:
        pipe.init_buffer(que=c_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(que=out_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(tmp_buf, base_m * base_n * 4)
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if not before:
        pipe.init_buffer(que=c_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(que=out_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(tmp_buf, base_m * base_n * 4)
    if asc.get_block_idx() < tiling.used_core_num:
        m_blocks = tiling.m.ceildiv(tiling.single_core_m)
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.set_bias(bias_gm[n_idx * tiling.single_core_n:])
        rows = tiling.single_core_m // base_m
        tmp = tmp_buf.get(asc.float32)
        with mm.iterate() as count:
            blk = c_que.alloc_tensor(asc.float32)
            mm.get_tensor_c(blk, en_sequential_write=True)
            c_que.enque(blk)
            blk = c_que.deque(asc.float32)
            out = out_que.alloc_tensor(asc.float32)
            asc.muls(tmp, blk, alpha, base_m * base_n)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.max(out, blk, tmp, base_m * base_n)
            c_que.free_tensor(blk)
            out_que.enque(out)
            out = out_que.deque(asc.float32)
            row = m_idx * tiling.single_core_m + (count % rows) * base_m
            col = n_idx * tiling.single_core_n + (count // rows) * base_n
            asc.data_copy(c_gm[row * tiling.n + col:], out,
                          repeat_params=asc.DataCopyParams(base_m, base_n * 4 // 32, 0, (tiling.n - base_n) * 4 // 32))
            out_que.free_tensor(out)
        mm.end()


def _tiling(m: int, n: int, k: int) -> asc.adv.TCubeTiling:
    # Two clients, each 64 rows x 128 columns of C in 64 x 64 base blocks.
    return asc.adv.TCubeTiling(used_core_num=2, m=m, n=n, k_a=k, k_b=k, single_core_m=64, single_core_n=n,
                               single_core_k=k, base_m=64, base_n=64, base_k=32, depth_a1=2, depth_b1=2, step_m=1,
                               step_n=1, step_k_a=1, step_k_b=1, is_bias=1, iterate_order=0, db_l0a=2, db_l0b=2,
                               db_l0c=1, trans_length=64 * 64 * 4)


@pytest.mark.parametrize("before", [True, False], ids=["before_register_matmul", "after_register_matmul"])
def test_top_level_ub_queues_and_tbuf_of_a_mix_matmul_give_numpys_result(before: bool) -> None:
    # Before: with the init_buffer calls before register_matmul the AIC refused them ("init_buffer: position VECIN
    # (UB) is not accessible from a cube core (AIC)") and the AIVs then waited forever for their Matmul replies.
    m, n, k = 128, 128, 64
    rng = np.random.default_rng(5)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    t = _tiling(m, n, k)
    # The race detector is on (errors by default): a race would raise.
    mm_leaky_top_level[1, rt.current_stream()](a, b, bias, c, np.zeros(WORKSPACE, np.uint8), t, ALPHA, 64, 64,
                                               before)
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    np.testing.assert_allclose(c, np.where(ref >= 0, ref, ref * ALPHA), rtol=1e-4, atol=1e-4)
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"


@asc.jit(always_compile=True)
def ub_write_at_top_level(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, 1024)
    ub = que.alloc_tensor(asc.float32)
    asc.duplicate(ub, 1.0, 256)  # the AIC runs this line too
    if asc.ascend_is_aic():
        a1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 256)
        asc.data_copy(a1, gx, 256)
    que.free_tensor(ub)


def test_the_aic_keeps_the_books_but_an_instruction_on_the_ub_is_refused_at_its_line() -> None:
    with pytest.raises(KernelError) as info:
        ub_write_at_top_level[1](np.zeros(256, np.float32), np.zeros(256, np.float32))
    lines, first = inspect.getsourcelines(ub_write_at_top_level.fn)
    line = first + next(i for i, s in enumerate(lines) if "asc.duplicate(ub" in s)
    text = str(info.value)
    assert (f"test_mix_aic_ub_books.py:{line}: kernel error: kernel 'ub_write_at_top_level' (block 0): duplicate: "
            "the destination is at position VECIN (UB), but a cube core (AIC) has no Unified Buffer; run vector "
            "instructions and UB copies on the vector cores (AIV) (guard them with ASCEND_IS_AIV in a MIX kernel) "
            "and pass data between the AIVs and the AIC through GM with cross-core flags\n") in text, text
    assert info.value.category == "argument"


AIC_SOURCE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, 0> q;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  AscendC::TBufPool<AscendC::TPosition::VECCALC> pool;
#line 10 "k.py"
  FORM;
}
"""

FORMS = [("pipe.InitBuffer(q, 2, 512)", "init_buffer: position VECIN (UB)"),
         ("pipe.InitBuffer(buf, 512)", "init_buffer: position VECCALC (UB)"),
         ("pipe.InitBufPool(pool, 1024)", "init_buf_pool: a TBufPool at position VECCALC (UB)")]
AIC_ADVICE = (" is not accessible from a cube core (AIC); use A1/B1/C1 (L1), A2 (L0A), B2 (L0B), CO1 (L0C) or C2 "
              "(BiasTable), and put UB buffers on the vector cores (AIV) (guard them with ASCEND_IS_AIV in a MIX "
              "kernel)\n")


@pytest.mark.parametrize(("form", "what"), FORMS, ids=[f for f, _ in FORMS])
def test_the_aic_of_a_mix_kernel_initialises_ub_books_in_hand_written_ascend_c(form: str, what: str) -> None:
    # A depth-0 queue pre-sets its free events (V_MTE2 here), which the AIC's build drops.
    result = run_ascendc(AIC_SOURCE.replace("FORM", form), "k", 1, np.zeros(8, np.float32),
                         kernel_type=KernelType.MIX_AIC_1_2)
    assert result.ok


@pytest.mark.parametrize(("form", "what"), FORMS, ids=[f for f, _ in FORMS])
def test_a_ub_init_buffer_in_an_aic_only_kernel_is_refused_at_its_line(form: str, what: str) -> None:
    with pytest.raises(KernelError) as info:
        run_ascendc(AIC_SOURCE.replace("FORM", form), "k", 1, np.zeros(8, np.float32),
                    kernel_type=KernelType.AIC_ONLY)
    assert f"k.py:10: kernel error: kernel 'k' (block 0): {what}{AIC_ADVICE}" in str(info.value), str(info.value)
    assert info.value.category == "argument"


@asc.jit(always_compile=True)
def queue_cycle_at_top_level(x: asc.GlobalAddress, y: asc.GlobalAddress):
    """y = x + 1 on the two AIVs; the AIC runs every queue call (a depth-0 and a depth-1 queue) but no UB access."""
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 0)
    qout = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qin, 2, 512)
    pipe.init_buffer(qout, 1, 512)
    sub = asc.get_sub_block_idx()
    a = asc.LocalTensor(asc.float32)
    qin.alloc_tensor(a)
    if asc.ascend_is_aiv():
        asc.data_copy(a, gx[sub * 128:], 128)
    qin.enque(a)
    qin.deque(a)
    b = qout.alloc_tensor(asc.float32)
    if asc.ascend_is_aiv():
        asc.adds(b, a, 1.0, 128)
    qout.enque(b)
    qin.free_tensor(a)
    b = qout.deque(asc.float32)
    if asc.ascend_is_aiv():
        asc.data_copy(gy[sub * 128:], b, 128)
    qout.free_tensor(b)
    if asc.ascend_is_aic():
        a1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 256)
        asc.data_copy(a1, gx, 256)  # makes the kernel MIX


def test_the_aic_runs_a_ub_queues_calls_as_books_and_the_aivs_give_numpys_result() -> None:
    x = np.arange(256, dtype=np.float32)
    y = np.zeros(256, np.float32)
    queue_cycle_at_top_level[1](x, y)  # races raise
    np.testing.assert_array_equal(y, x + 1)
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"
