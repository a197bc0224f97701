"""A MIX kernel's L1 and L0 queues and buffers initialised outside any core branch (docs/simulator.md "Kernel types
and the cube unit"), the mirror of test_mix_aic_ub_books.py: the AIVs run the same source as their AIC, and TPipe's
InitBuffer only assigns addresses and event ids (hardware.md §3.5, ascendc_api.md §6.6), so an AIV's `init_buffer`
of an A1/B1/A2/B2/CO1 queue, of an L1 TBuf or an L1 TBufPool keeps the books and touches no memory; the
instructions that would touch L1 or L0 stay refused at their line. In a kernel with no AIC (AIV_ONLY, MIX_AIV_1_0)
no core has an L1, so the init_buffer itself is refused; likewise a UB one where no core has a UB (AIC_ONLY,
MIX_AIC_1_0)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

BM, BN, BK = 32, 32, 32


@asc.jit(always_compile=True)
def mm_and_scale(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, x: asc.GlobalAddress,
                 y: asc.GlobalAddress):
    """C = A @ B on the AIC through L1/L0 queues, y = 2 x on the two AIVs through UB queues; every queue is
    initialised at top level, so each core type keeps the books of the other's."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, BM * BK)
    b_gm.set_global_buffer(b, BK * BN)
    c_gm.set_global_buffer(c, BM * BN)
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    q_a1 = asc.TQue(asc.TPosition.A1, 1)
    q_b1 = asc.TQue(asc.TPosition.B1, 1)
    q_a2 = asc.TQue(asc.TPosition.A2, 1)
    q_b2 = asc.TQue(asc.TPosition.B2, 1)
    q_c = asc.TQue(asc.TPosition.CO1, 1)
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q_a1, 1, BM * BK * 2)
    pipe.init_buffer(q_b1, 1, BK * BN * 2)
    pipe.init_buffer(q_a2, 1, BM * BK * 2)
    pipe.init_buffer(q_b2, 1, BK * BN * 2)
    pipe.init_buffer(q_c, 1, BM * BN * 4)
    pipe.init_buffer(q_in, 1, 128 * 4)
    pipe.init_buffer(q_out, 1, 128 * 4)
    if asc.ascend_is_aic():
        a1 = q_a1.alloc_tensor(asc.float16)
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, BM, BK, 0, BK, BM, 1, 1))
        q_a1.enque(a1)
        b1 = q_b1.alloc_tensor(asc.float16)
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, BK, BN, 0, BN, BK, 1, 1))
        q_b1.enque(b1)
        a1 = q_a1.deque(asc.float16)
        b1 = q_b1.deque(asc.float16)
        a2 = q_a2.alloc_tensor(asc.float16)
        for i in range(BM // 16):
            asc.load_data(a2[i * (BK // 16) * 256:], a1, asc.LoadData2DParams(i, BK // 16, BM // 16, 0, 0, False, 0))
        q_a2.enque(a2)
        b2 = q_b2.alloc_tensor(asc.float16)
        for i in range(BK // 16):
            asc.load_data(b2[i * (BN // 16) * 256:], b1, asc.LoadData2DParams(i, BN // 16, BK // 16, 0, 0, True, 0))
        q_b2.enque(b2)
        q_a1.free_tensor(a1)
        q_b1.free_tensor(b1)
        a2 = q_a2.deque(asc.float16)
        b2 = q_b2.deque(asc.float16)
        c1 = q_c.alloc_tensor(asc.float32)
        asc.mmad(c1, a2, b2, asc.MmadParams(BM, BN, BK))
        q_a2.free_tensor(a2)
        q_b2.free_tensor(b2)
        q_c.enque(c1)
        c1 = q_c.deque(asc.float32)
        asc.fixpipe(c_gm, c1, asc.FixpipeParamsV220(BN, BM, BM, BN))
        q_c.free_tensor(c1)
    else:
        sub = asc.get_sub_block_idx()
        xin = q_in.alloc_tensor(asc.float32)
        asc.data_copy(xin, x_gm[sub * 128:], 128)
        q_in.enque(xin)
        xin = q_in.deque(asc.float32)
        yout = q_out.alloc_tensor(asc.float32)
        asc.muls(yout, xin, 2.0, 128)
        q_out.enque(yout)
        q_in.free_tensor(xin)
        yout = q_out.deque(asc.float32)
        asc.data_copy(y_gm[sub * 128:], yout, 128)
        q_out.free_tensor(yout)


def test_top_level_l1_and_l0_queues_of_a_mix_kernel_give_numpys_result() -> None:
    # Before: each AIV refused the first init_buffer ("init_buffer: position A1 (L1) is not accessible from a
    # vector core (AIV)").
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (BM, BK)).astype(np.float16)
    b = rng.uniform(-1, 1, (BK, BN)).astype(np.float16)
    c = np.zeros((BM, BN), np.float32)
    x = rng.uniform(-1, 1, 256).astype(np.float32)
    y = np.zeros(256, np.float32)
    mm_and_scale[1](a, b, c, x, y)  # the race detector is on (errors by default): a race would raise
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(y, x * 2)
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"


@asc.jit(always_compile=True)
def l1_queue_cycle_at_top_level(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                                x: asc.GlobalAddress, y: asc.GlobalAddress):
    """C = A @ B (16 x 16 x 16) on the AIC with A through a depth-0 A1 queue and B in a B1 TBuf, whose calls every
    core runs (the AIVs keep their books); y = x + 1 on the AIVs."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 256)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b, 256)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.A1, 0)
    buf = asc.TBuf(asc.TPosition.B1)
    pipe.init_buffer(qa, 2, 512)
    pipe.init_buffer(buf, 512)
    a1 = asc.LocalTensor(asc.float16)
    qa.alloc_tensor(a1)
    b1 = buf.get(asc.float16)
    if asc.ascend_is_aic():
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))
    qa.enque(a1)  # MTE2 -> MTE1: orders both copies before the loads
    qa.deque(a1)
    if asc.ascend_is_aic():
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
        asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    qa.free_tensor(a1)
    if asc.ascend_is_aiv():
        sub = asc.get_sub_block_idx()
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 128)
        asc.data_copy(ub, gx[sub * 128:], 128)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(ub, ub, 1.0, 128)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gy[sub * 128:], ub, 128)


def test_the_aivs_run_an_l1_queues_and_tbufs_calls_as_books() -> None:
    rng = np.random.default_rng(2)
    a = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    b = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    c = np.zeros((16, 16), np.float32)
    x = np.arange(256, dtype=np.float16)
    y = np.zeros(256, np.float16)
    l1_queue_cycle_at_top_level[1](a, b, c, x, y)  # races raise
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    np.testing.assert_array_equal(y, x + np.float16(1))
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"


@asc.jit(always_compile=True)
def l1_write_at_top_level(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.A1, 1)
    pipe.init_buffer(qa, 1, 512)
    a1 = qa.alloc_tensor(asc.float16)
    asc.data_copy(a1, gx, 256)  # the AIVs run this line too
    if asc.ascend_is_aiv():
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
        asc.duplicate(ub, 1.0, 256)
    qa.free_tensor(a1)


def test_the_aivs_keep_the_books_but_an_instruction_on_l1_is_refused_at_its_line() -> None:
    with pytest.raises(KernelError) as info:
        l1_write_at_top_level[1](np.zeros(256, np.float16), np.zeros(256, np.float16))
    lines, first = inspect.getsourcelines(l1_write_at_top_level.fn)
    line = first + next(i for i, s in enumerate(lines) if "asc.data_copy(a1, gx" in s)
    text = str(info.value)
    assert (f"test_mix_aiv_l1_books.py:{line}: kernel error: kernel 'l1_write_at_top_level' (block 0): data_copy "
            "GM -> L1 is a cube (AIC) instruction, but it runs on a vector core (AIV) and the kernel type is "
            "MIX_AIC_1_2; run it on the AIC (guard cube code with ASCEND_IS_AIC) and pass data between the AIVs and "
            "the AIC through GM with cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag), or use the Matmul "
            "API\n") in text, text
    assert info.value.category == "argument"


@asc.jit(always_compile=True, kernel_type=KernelType.AIV_ONLY)
def l1_queue_in_an_aiv_only_kernel(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.A1, 1)
    pipe.init_buffer(qa, 1, 512)


def test_an_l1_queue_in_a_pyasc_aiv_only_kernel_is_a_compile_error() -> None:
    with pytest.raises(CompileError) as info:
        l1_queue_in_an_aiv_only_kernel[1](np.zeros(8, np.float32))
    lines, first = inspect.getsourcelines(l1_queue_in_an_aiv_only_kernel.fn)
    # The compiler names the first op of the cube unit: the queue's declaration.
    line = first + next(i for i, s in enumerate(lines) if "qa = asc.TQue(" in s)
    text = str(info.value)
    assert f"test_mix_aiv_l1_books.py:{line}:" in text, text
    assert ("compile error: TQue: cannot run in a KernelType.AIV_ONLY kernel: it runs on the cube core (AIC), "
            "which such blocks do not have; use KernelType.AIC_ONLY or a MIX_AIC kernel type, or leave kernel_type "
            "unset to infer it\n") in text, text


SOURCE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::A1, 1> qa1;
  AscendC::TQue<AscendC::TPosition::B2, 0> qb2;
  AscendC::TQue<AscendC::TPosition::CO1, 1> qc;
  AscendC::TBuf<AscendC::TPosition::A1> buf;
  AscendC::TBufPool<AscendC::TPosition::B1> pool;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> qub;
#line 10 "k.py"
  FORM;
}
"""

L1_FORMS = [("pipe.InitBuffer(qa1, 2, 512)", "init_buffer: position A1 (L1)"),
            ("pipe.InitBuffer(qb2, 2, 512)", "init_buffer: position B2 (L0B)"),
            ("pipe.InitBuffer(qc, 1, 1024)", "init_buffer: position CO1 (L0C)"),
            ("pipe.InitBuffer(buf, 512)", "init_buffer: position A1 (L1)"),
            ("pipe.InitBufPool(pool, 1024)", "init_buf_pool: a TBufPool at position B1 (L1)")]
AIV_ADVICE = (" is not accessible from a vector core (AIV), which has only the Unified Buffer; use VECIN, VECOUT or "
              "VECCALC (UB), and put L1 and L0 buffers on the cube core (AIC) (guard them with ASCEND_IS_AIC in a MIX "
              "kernel)\n")
AIC_ADVICE = (" is not accessible from a cube core (AIC); use A1/B1/C1 (L1), A2 (L0A), B2 (L0B), CO1 (L0C) or C2 "
              "(BiasTable), and put UB buffers on the vector cores (AIV) (guard them with ASCEND_IS_AIV in a MIX "
              "kernel)\n")


@pytest.mark.parametrize("kernel_type", [KernelType.MIX_AIC_1_2, KernelType.MIX_AIC_1_1],
                         ids=["MIX_AIC_1_2", "MIX_AIC_1_1"])
@pytest.mark.parametrize(("form", "what"), L1_FORMS, ids=[f for f, _ in L1_FORMS])
def test_the_aivs_of_a_mix_kernel_initialise_l1_books_in_hand_written_ascend_c(form: str, what: str,
                                                                              kernel_type: KernelType) -> None:
    # A depth-0 queue pre-sets its free events (MTE1_MTE2 for A1, M_MTE1 for B2), which the AIVs' build drops.
    result = run_ascendc(SOURCE.replace("FORM", form), "k", 1, np.zeros(8, np.float32), kernel_type=kernel_type)
    assert result.ok


@pytest.mark.parametrize("kernel_type", [KernelType.AIV_ONLY, KernelType.MIX_AIV_1_0], ids=["AIV_ONLY", "MIX_AIV_1_0"])
@pytest.mark.parametrize(("form", "what"), L1_FORMS, ids=[f for f, _ in L1_FORMS])
def test_an_l1_init_buffer_where_no_core_has_l1_is_refused_at_its_line(form: str, what: str,
                                                                       kernel_type: KernelType) -> None:
    with pytest.raises(KernelError) as info:
        run_ascendc(SOURCE.replace("FORM", form), "k", 1, np.zeros(8, np.float32), kernel_type=kernel_type)
    assert f"k.py:10: kernel error: kernel 'k' (block 0): {what}{AIV_ADVICE}" in str(info.value), str(info.value)
    assert info.value.category == "argument"


def test_a_ub_init_buffer_in_a_mix_aic_1_0_kernel_is_refused_at_its_line() -> None:
    # MIX_AIC_1_0 has no AIV, so no core has a UB: as in an AIC-only kernel. Before: the AIC kept the books.
    with pytest.raises(KernelError) as info:
        run_ascendc(SOURCE.replace("FORM", "pipe.InitBuffer(qub, 1, 512)"), "k", 1, np.zeros(8, np.float32),
                    kernel_type=KernelType.MIX_AIC_1_0)
    text = str(info.value)
    assert f"k.py:10: kernel error: kernel 'k' (block 0): init_buffer: position VECIN (UB){AIC_ADVICE}" in text, text
    assert info.value.category == "argument"
