"""What each core of a MIX kernel may touch on Ascend 910B/910C (hardware.md §0, §2.1, §3.1, §5.3): a vector core
(AIV) has the Unified Buffer and the pipes S, V, MTE2, MTE3; the cube core (AIC) has L1, L0A/L0B/L0C, the bias
table and the Fixpipe buffer and the pipes S, MTE1, MTE2, MTE3, M, FIX. An instruction of one core type on the
other is refused at its line (category `argument`), naming the instruction, the core and what to do.

The simulator's checks are exercised with hand-written Ascend C (the compiler cannot see which core runs a
line there) and with pyasc kernels whose instruction runs on both cores of a MIX kernel (no core branch)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

ON_AIV = ("is a cube (AIC) instruction, but it runs on a vector core (AIV) and the kernel type is MIX_AIC_1_2; "
          "run it on the AIC (guard cube code with ASCEND_IS_AIC) and pass data between the AIVs and the AIC "
          "through GM with cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag), or use the Matmul API")
NO_UB = ("(UB), but a cube core (AIC) has no Unified Buffer; run vector instructions and UB copies on the vector "
         "cores (AIV) (guard them with ASCEND_IS_AIV in a MIX kernel) and pass data between the AIVs and the AIC "
         "through GM with cross-core flags")
ONLY_UB = ("), but a vector core (AIV) has only the Unified Buffer: L1, L0A, L0B, L0C, the bias table and the "
           "Fixpipe buffer belong to the cube core (AIC); run the instruction on the AIC (guard it with ASCEND_IS_AIC "
           "in a MIX kernel) and pass data between the AIVs and the AIC through GM with cross-core flags, or use "
           "the Matmul API")

MIX_SOURCE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void mix(GM_ADDR x, GM_ADDR y) {
  AscendC::GlobalTensor<half> g;
  g.SetGlobalBuffer((__gm__ half *)x, 256);
  AscendC::GlobalTensor<float> gy;
  gy.SetGlobalBuffer((__gm__ float *)y, 256);
  AscendC::LocalTensor<half> ub(AscendC::TPosition::VECIN, 0, 256);
  AscendC::LocalTensor<half> a1(AscendC::TPosition::A1, 0, 256);
  AscendC::LocalTensor<half> a2(AscendC::TPosition::A2, 0, 256);
  AscendC::LocalTensor<half> b2(AscendC::TPosition::B2, 0, 256);
  AscendC::LocalTensor<float> c1(AscendC::TPosition::CO1, 0, 256);
  if (SIDE) {
#line 100 "mix.py"
    FORM;
  }
}
"""

AIV_FORMS = [
    ("data_copy GM -> L1 " + ON_AIV, "AscendC::DataCopy(a1, g, 256)"),
    ("data_copy GM -> L1 (ND -> NZ) " + ON_AIV,
     "AscendC::DataCopy(a1, g, AscendC::Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))"),
    ("data_copy L1 -> BiasTable " + ON_AIV,
     "AscendC::LocalTensor<float> c2(AscendC::TPosition::C2, 0, 64); "
     "AscendC::DataCopy(c2, AscendC::LocalTensor<float>(AscendC::TPosition::C1, 0, 64), 64)"),
    ("load_data " + ON_AIV, "AscendC::LoadData(a2, a1, AscendC::LoadData2DParams(0, 1, 1, 0, 0, false, 0))"),
    ("load_data " + ON_AIV, "AscendC::LoadData(a2, g, AscendC::LoadData2DParams(0, 1, 1, 0, 0, false, 0))"),
    ("mmad " + ON_AIV, "AscendC::Mmad(c1, a2, b2, AscendC::MmadParams(16, 16, 16, 0, false, true))"),
    ("fixpipe " + ON_AIV, "AscendC::Fixpipe(gy, c1, AscendC::FixpipeParamsV220(16, 16, 16, 16, false))"),
    ("load_image_to_local " + ON_AIV,
     "AscendC::LoadImageToLocal(a1, AscendC::LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))"),
    ("dump_tensor: the tensor is at position A1 (L1" + ONLY_UB, "AscendC::DumpTensor(a1, 1, 16)"),
]
# The AIVs of a MIX kernel keep the books of an L1 queue's InitBuffer (it touches no memory); a kernel without an
# AIC refuses it with the message this list had: test_mix_aiv_l1_books.py.
AIC_FORMS = [
    ("data_copy: the destination is at position VECIN " + NO_UB, "AscendC::DataCopy(ub, g, 256)"),
    ("data_copy: the source is at position VECIN " + NO_UB, "AscendC::DataCopy(g, ub, 256)"),
    ("adds: the destination is at position VECIN " + NO_UB, "AscendC::Adds(ub, ub, (half)1, 256)"),
    ("duplicate: the destination is at position VECIN " + NO_UB, "AscendC::Duplicate(ub, (half)1, 256)"),
]
# The AIC of a MIX kernel keeps the books of a UB queue's InitBuffer (it touches no memory); an AIC-only kernel
# refuses it with the message this list had: test_mix_aic_ub_books.py.


def test_a_tscm_queue_on_an_aiv_is_not_refused_at_init_buffer() -> None:
    # hardware.md §3.5: on 2201 an AIV's TSCM queue sends messages (the Matmul API's channel to the AIC's L1).
    form = "AscendC::TPipe pipe; AscendC::TQue<AscendC::TPosition::TSCM, 1> q; pipe.InitBuffer(q, 1, 512)"
    source = MIX_SOURCE.replace("SIDE", "ASCEND_IS_AIV").replace("FORM", form)
    result = run_ascendc(source, "mix", 1, np.zeros(256, np.float16), np.zeros(256, np.float32),
                         kernel_type=KernelType.MIX_AIC_1_2)
    assert result.ok


def _refusal(side: str, form: str) -> KernelError:
    source = MIX_SOURCE.replace("SIDE", side).replace("FORM", form)
    with pytest.raises(KernelError) as info:
        run_ascendc(source, "mix", 1, np.zeros(256, np.float16), np.zeros(256, np.float32),
                    kernel_type=KernelType.MIX_AIC_1_2)
    return info.value


@pytest.mark.parametrize(("message", "form"), AIV_FORMS, ids=[f for _, f in AIV_FORMS])
def test_a_cube_instruction_on_the_aiv_of_a_mix_kernel_is_refused_at_its_line(message: str, form: str) -> None:
    error = _refusal("ASCEND_IS_AIV", form)
    text = str(error)
    assert f"mix.py:100: kernel error: kernel 'mix' (block 0): {message}\n" in text, text
    assert "note: also in block 1" in text, text  # both AIVs of the block
    assert error.category == "argument"


@pytest.mark.parametrize(("message", "form"), AIC_FORMS, ids=[f for _, f in AIC_FORMS])
def test_a_vector_instruction_on_the_aic_of_a_mix_kernel_is_refused_at_its_line(message: str, form: str) -> None:
    error = _refusal("ASCEND_IS_AIC", form)
    assert f"mix.py:100: kernel error: kernel 'mix' (block 0): {message}\n" in str(error), str(error)
    assert error.category == "argument"


# ---------------------------------------------------------------- pyasc kernels


@asc.jit(always_compile=True)
def shared_declarations(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    # Declared by both cores, used by one: a declaration touches no memory.
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    if asc.ascend_is_aiv():
        sub = asc.get_sub_block_idx()
        asc.data_copy(ub, gx[sub * 128:], 128)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(ub, ub, 1.0, 128)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gy[sub * 128:], ub, 128)
    else:
        asc.data_copy(a1, gx, 256)


def test_tensors_declared_by_both_cores_and_used_by_one_run() -> None:
    # Before: the AIC refused the UB tensor's declaration ("position VECCALC (UB) is not accessible from a cube
    # core"), although it never used it.
    x = np.arange(256, dtype=np.float16)
    y = np.zeros(256, np.float16)
    shared_declarations[1](x, y)
    np.testing.assert_array_equal(y, x + np.float16(1))
    assert rt.last_launch().kernel_type == "MIX_AIC_1_2"


@asc.jit(always_compile=True)
def unguarded_gm_to_l1(x: asc.GlobalAddress, y: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(dst=a1, src=gx, count=256)  # every core of the MIX kernel runs this line
    if asc.ascend_is_aiv():
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
        asc.data_copy(ub, gx, 256)


def test_a_gm_to_l1_copy_that_the_aivs_also_run_is_refused() -> None:
    # Before: each AIV copied into an L1 of its own and the kernel ran; on the NPU an AIV has no L1.
    with pytest.raises(KernelError) as info:
        unguarded_gm_to_l1[1](np.zeros(256, np.float16), np.zeros(256, np.float16))
    line = _line_of("asc.data_copy(dst=a1, src=gx, count=256)")
    text = str(info.value)
    assert f"test_core_memories.py:{line}: kernel error: kernel 'unguarded_gm_to_l1' (block 0): data_copy GM -> L1 " \
           f"{ON_AIV}\n" in text, text
    assert info.value.category == "argument"


def _line_of(code: str) -> int:
    lines = open(__file__).read().splitlines()
    hits = [i + 1 for i, s in enumerate(lines) if s.lstrip().startswith(code)]
    assert len(hits) == 1, (code, hits)
    return hits[0]


# ---------------------------------------------------------------- at compile time: a core branch

CUBE_IN_AIV_BRANCH = (
    "cannot run on a vector core (AIV): this branch runs only on the AIVs, and the instruction uses the cube unit "
    "(L1, L0A, L0B, L0C, the bias table or a cube register), which only the cube core (AIC) has; run it under "
    "asc.ascend_is_aic() and pass data between the AIVs and the AIC through GM with cross-core flags "
    "(cross_core_set_flag / cross_core_wait_flag, mode 2), or use the Matmul API")
VECTOR_IN_AIC_BRANCH = (
    "cannot run on the cube core (AIC): this branch runs only on the AIC, and the instruction uses the Unified "
    "Buffer (VECIN, VECOUT, VECCALC), which only the vector cores (AIV) have; run it under asc.ascend_is_aiv() and "
    "pass data between the AIVs and the AIC through GM with cross-core flags (cross_core_set_flag / "
    "cross_core_wait_flag, mode 2)")


@asc.jit(always_compile=True)
def in_a_core_branch(a: asc.GlobalAddress, c: asc.GlobalAddress, case: asc.ConstExpr[int]):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    if asc.ascend_is_aiv():
        if case == 0:
            asc.data_copy(a1, ga, 256)  # case 0
        if case == 1:
            asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))  # case 1
        if case == 2:
            asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))  # case 2
        if case == 3:
            asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))  # case 3
        if case == 4:
            asc.fixpipe(gc, c1, asc.FixpipeParamsV220(16, 16, 16, 16))  # case 4
        if case == 5:
            asc.load_image_to_local(a1, asc.LoadImageToLocalParams())  # case 5
        if case == 6:
            asc.set_load_data_padding_value(1)  # case 6
    else:
        if case == 10:
            asc.data_copy(ub, ga, 256)  # case 10
        if case == 11:
            asc.data_copy(ga, ub, 256)  # case 11
        if case == 12:
            asc.adds(ub, ub, 1.0, 256)  # case 12
        if case == 13:
            asc.duplicate(ub, 1.0, 256)  # case 13
    if not asc.ascend_is_aiv():
        if case == 20:
            asc.add(ub, ub, ub, 256)  # case 20
    if asc.ascend_is_aic():
        if case == 21:
            pad = asc.DataCopyPadExtParams(asc.float16)
            asc.data_copy_pad(ub, ga, asc.DataCopyExtParams(1, 512, 0, 0, 0), pad)  # case 21
    else:
        if case == 22:
            asc.load_data(a2, ga, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))  # case 22
        if case == 30:
            asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_FIX)  # case 30
    if asc.ascend_is_aic():
        if case == 31:
            asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_V)  # case 31


@pytest.mark.parametrize(("case", "api", "message"), [
    (0, "data_copy", CUBE_IN_AIV_BRANCH), (1, "data_copy", CUBE_IN_AIV_BRANCH), (2, "load_data", CUBE_IN_AIV_BRANCH),
    (3, "mmad", CUBE_IN_AIV_BRANCH), (4, "fixpipe", CUBE_IN_AIV_BRANCH),
    (5, "load_image_to_local", CUBE_IN_AIV_BRANCH), (6, "set_load_data_padding_value", CUBE_IN_AIV_BRANCH),
    (10, "data_copy", VECTOR_IN_AIC_BRANCH), (11, "data_copy", VECTOR_IN_AIC_BRANCH),
    (12, "adds", VECTOR_IN_AIC_BRANCH), (13, "duplicate", VECTOR_IN_AIC_BRANCH),
    (20, "add", VECTOR_IN_AIC_BRANCH), (21, "data_copy_pad", VECTOR_IN_AIC_BRANCH),
    (22, "load_data", CUBE_IN_AIV_BRANCH),
    (30, "cross_core_set_flag", "the set sits in PIPE_FIX, which a vector core (AIV) does not have, and this branch "
                                "runs only on the AIVs; use PIPE_V, PIPE_MTE2 or PIPE_MTE3"),
    (31, "cross_core_set_flag", "the set sits in PIPE_V, which the cube core (AIC) does not have, and this branch "
                                "runs only on the AIC; use PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 or PIPE_FIX"),
])
def test_an_instruction_in_the_other_core_types_branch_is_a_compile_error(case: int, api: str, message: str) -> None:
    # Before: it compiled, and the simulator refused it at run time (cube instructions and UB operands), or ran it
    # (GM -> L1 copies on an AIV).
    with pytest.raises(CompileError) as info:
        in_a_core_branch[1](np.zeros(256, np.float16), np.zeros(256, np.float32), case)
    text = str(info.value)
    assert f"test_core_memories.py:{_line_of_case(case)}:" in text, text
    assert f"compile error: {api}: {message}\n" in text, text


def _line_of_case(case: int) -> int:
    lines = open(__file__).read().splitlines()
    hits = [i + 1 for i, s in enumerate(lines) if s.endswith(f"# case {case}")]
    assert len(hits) == 1, (case, hits)
    return hits[0]
