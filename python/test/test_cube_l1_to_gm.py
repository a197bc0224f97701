"""DataCopy from L1 (A1/B1) to GM on the cube core's MTE3 (ascendc_api.md §5.1 rows 2 and 5): the count form and
the DataCopyParams form, ordered after the L1 writes with the AIC's events (hardware.md §3: MTE2_MTE3 after a
GM -> L1 copy, MTE1_MTE3 after init_const_value). C1 (and TSCM) to GM is not in the spec's rows and is refused; on
a vector core (AIV), which has no L1, the copy is a cube instruction and is refused like GM -> L1."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

N = 512


@asc.jit(always_compile=True)
def round_trip(x: asc.GlobalAddress, c: asc.GlobalAddress, n: asc.ConstExpr[int], b1: asc.ConstExpr[bool]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, n)
    l1 = asc.LocalTensor(gx.dtype, asc.TPosition.B1 if b1 else asc.TPosition.A1, 0, n)
    asc.data_copy(l1, gx, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gc, l1, count=n)


@asc.jit(always_compile=True)
def ub_round_trip(x: asc.GlobalAddress, c: asc.GlobalAddress, n: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, n)
    ub = asc.LocalTensor(gx.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(ub, gx, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gc, ub, count=n)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int8])
@pytest.mark.parametrize("b1", [False, True], ids=["A1", "B1"])
def test_count_form_round_trip(dtype: type, b1: bool) -> None:
    x = (np.arange(N) % 120 - 60).astype(dtype)
    c = np.zeros(N, dtype)
    round_trip[1](x, c, N, b1)
    np.testing.assert_array_equal(c, x)
    report = rt.last_launch()
    assert report.kernel_type == "AIC_ONLY"
    mte3 = report.pipe_busy_cycles["MTE3"]
    # The store is the AIC's MTE3, timed like the AIV's UB -> GM copy of the same bytes (docs/timing.md).
    ub_round_trip[1](x, c, N)
    assert rt.last_launch().kernel_type == "AIV_ONLY"
    assert mte3 == rt.last_launch().pipe_busy_cycles["MTE3"] > 203


@asc.jit(always_compile=True)
def params_form(x: asc.GlobalAddress, c: asc.GlobalAddress, count: asc.ConstExpr[int], length: asc.ConstExpr[int],
                src_gap: asc.ConstExpr[int], dst_gap: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(gx.dtype, asc.TPosition.A1, 0, N)
    asc.data_copy(a1, gx, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.data_copy(gc, a1, repeat_params=asc.DataCopyParams(block_count=count, block_len=length,
                                                            src_stride=src_gap, dst_stride=dst_gap))


def _blocks_ref(x: np.ndarray, count: int, length: int, src_gap: int, dst_gap: int) -> np.ndarray:
    per_block = 32 // x.itemsize
    ref = np.full_like(x, 9)
    for i in range(count):
        s = i * (length + src_gap) * per_block
        d = i * (length + dst_gap) * per_block
        ref[d:d + length * per_block] = x[s:s + length * per_block]
    return ref


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int8])
@pytest.mark.parametrize("count,length,src_gap,dst_gap", [(1, 4, 0, 0), (3, 2, 1, 2), (4, 1, 3, 0), (2, 3, 0, 1),
                                                          (0, 4, 0, 0), (3, 0, 1, 1)])
def test_data_copy_params_form(dtype: type, count: int, length: int, src_gap: int, dst_gap: int) -> None:
    x = (np.arange(N) % 100 + 1).astype(dtype)
    c = np.full(N, 9, dtype)
    params_form[1](x, c, count, length, src_gap, dst_gap)
    np.testing.assert_array_equal(c, _blocks_ref(x, count, length, src_gap, dst_gap))


@asc.jit(always_compile=True)
def atomic_store(x: asc.GlobalAddress, c: asc.GlobalAddress, params: asc.ConstExpr[bool]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    b1 = asc.LocalTensor(asc.float32, asc.TPosition.B1, 0, N)
    asc.data_copy(b1, gx, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    if params:
        asc.data_copy(gc, b1, asc.DataCopyParams(1, N * 4 // 32, 0, 0))
    else:
        asc.data_copy(gc, b1, N)
    asc.set_atomic_none()


@pytest.mark.parametrize("params", [False, True], ids=["count", "DataCopyParams"])
def test_an_atomic_add_store_from_l1_accumulates(params: bool) -> None:
    # The store is an MTE3 copy to GM, which set_atomic_add turns into an accumulation (as from UB).
    x = np.arange(N).astype(np.float32)
    c = np.full(N, 1.5, np.float32)
    atomic_store[1](x, c, params)
    np.testing.assert_array_equal(c, x + np.float32(1.5))


@asc.jit(always_compile=True)
def init_then_store(c: asc.GlobalAddress, value: asc.ConstExpr[int], rep: asc.ConstExpr[int],
                    blk: asc.ConstExpr[int], gap: asc.ConstExpr[int], b1: asc.ConstExpr[bool],
                    blocks: asc.ConstExpr[int]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    l1 = asc.LocalTensor(gc.dtype, asc.TPosition.B1 if b1 else asc.TPosition.A1, 0, N)
    asc.init_const_value(l1, asc.InitConstValueParams(blocks, 1, 0, 0, dtype=gc.dtype))
    asc.pipe_barrier(asc.PipeID.PIPE_MTE1)
    asc.init_const_value(l1, asc.InitConstValueParams(rep, blk, gap, value, dtype=gc.dtype))
    asc.set_flag(asc.HardEvent.MTE1_MTE3, 2)
    asc.wait_flag(asc.HardEvent.MTE1_MTE3, 2)
    asc.data_copy(gc, l1, N)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int32, np.int16, np.uint16])
@pytest.mark.parametrize("rep,blk,gap", [(2, 3, 1), (1, 4, 0), (3, 1, 2), (0, 4, 1), (2, 0, 1)])
def test_init_const_value_on_l1_then_stored(dtype: type, rep: int, blk: int, gap: int) -> None:
    # ascendc_api.md §5.9 InitConstValue on A1/B1: repeat_times repeats of block_num 32-byte blocks, dst_gap blocks
    # between repeats; the rest of the buffer keeps the zeros of the first fill.
    c = np.full(N, 5, dtype)
    init_then_store[1](c, 7, rep, blk, gap, dtype == np.float32, c.nbytes // 32)
    per_block = 32 // np.dtype(dtype).itemsize
    ref = np.zeros(N, dtype)
    for r in range(rep):
        start = r * (blk + gap) * per_block
        ref[start:start + blk * per_block] = 7
    np.testing.assert_array_equal(c, ref)


@asc.jit(always_compile=True)
def missing_flag(x: asc.GlobalAddress, c: asc.GlobalAddress, params: asc.ConstExpr[bool], start: asc.ConstExpr[int],
                 n: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
    asc.init_const_value(a1, asc.InitConstValueParams(N * 2 // 32, 1, 0, 0))
    asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
    asc.set_flag(asc.HardEvent.MTE1_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE1_MTE3, 0)
    asc.data_copy(a1[start:], gx, n)  # the L1 write
    if params:
        asc.data_copy(gc, a1, asc.DataCopyParams(2, 4, 4, 0))  # params store
    else:
        asc.data_copy(gc, a1, N)  # count store


@pytest.mark.parametrize("params,start,n,span", [(False, 0, N, "0x0000,0x0400"), (False, 384, 128, "0x0300,0x0400"),
                                                 (True, 0, N, "0x0000,0x0080"), (True, 128, 128, "0x0100,0x0180")],
                         ids=["count", "count-tail", "DataCopyParams", "DataCopyParams-second-block"])
def test_a_missing_flag_is_a_race(params: bool, start: int, n: int, span: str) -> None:
    with pytest.raises(KernelError) as info:
        missing_flag[1](np.zeros(N, np.float16), np.zeros(N, np.float16), params, start, n)
    text = str(info.value)
    store = _line_of("# params store" if params else "# count store")
    write = _line_of("# the L1 write")
    assert (f"test_cube_l1_to_gm.py:{store}: kernel error: kernel 'missing_flag' (block 0): RAW hazard on L1[{span}): "
            f"MTE2 data_copy (test_cube_l1_to_gm.py:{write}) → MTE3 data_copy (test_cube_l1_to_gm.py:{store}), no "
            "set_flag/wait_flag orders them (use event MTE2_MTE3: set_flag after the earlier access, wait_flag before "
            "this one)\n") in text.replace(__file__, "test_cube_l1_to_gm.py"), text


def test_the_params_form_reads_only_its_blocks() -> None:
    # The L1 write lands in the source gap (bytes [0x80, 0x100)), which the store skips: no race (the store's
    # footprint is its blocks, not their hull), and GM gets the zeros of the blocks it reads.
    x = np.arange(N).astype(np.float16)
    c = np.full(N, 9, np.float16)
    missing_flag[1](x, c, True, 64, 64)
    np.testing.assert_array_equal(c, np.array([0] * 128 + [9] * 384, np.float16))


@asc.jit(always_compile=True)
def from_c1(c: asc.GlobalAddress, params: asc.ConstExpr[bool]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.C1, 0, N)
    if params:
        asc.data_copy(gc, c1, asc.DataCopyParams(1, 64, 0, 0))  # c1 params
    else:
        asc.data_copy(gc, c1, N)  # c1 count


@pytest.mark.parametrize("params", [False, True], ids=["count", "DataCopyParams"])
def test_c1_to_gm_is_refused_at_the_line(params: bool) -> None:
    with pytest.raises(CompileError) as info:
        from_c1[1](np.zeros(N, np.float32), params)
    text = str(info.value)
    line = _line_of("# c1 params" if params else "# c1 count")
    assert f"test_cube_l1_to_gm.py:{line}:" in text, text
    assert ("compile error: data_copy: cannot copy from TPosition.C1 to TPosition.GM; supported directions are GM to "
            "VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC"
            + (", and C1 to C2 (float32 or int32 bias)" if not params else "") + "\n") in text, text


CUBE_IN_AIV_BRANCH = (
    "cannot run on a vector core (AIV): this branch runs only on the AIVs, and the instruction uses the cube unit "
    "(L1, L0A, L0B, L0C, the bias table or a cube register), which only the cube core (AIC) has; run it under "
    "asc.ascend_is_aic() and pass data between the AIVs and the AIC through GM with cross-core flags "
    "(cross_core_set_flag / cross_core_wait_flag, mode 2), or use the Matmul API")
ON_AIV = ("is a cube (AIC) instruction, but it runs on a vector core (AIV) and the kernel type is MIX_AIC_1_2; "
          "run it on the AIC (guard cube code with ASCEND_IS_AIC) and pass data between the AIVs and the AIC "
          "through GM with cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag), or use the Matmul API")


@asc.jit(always_compile=True)
def on_aiv(c: asc.GlobalAddress, guarded: asc.ConstExpr[bool]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
    if guarded:
        if asc.ascend_is_aiv():
            asc.data_copy(gc, a1, N)  # in the AIV branch
    else:
        if asc.ascend_is_aic():
            asc.init_const_value(a1, asc.InitConstValueParams(N * 2 // 32, 1, 0, 0))
            asc.set_flag(asc.HardEvent.MTE1_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE1_MTE3, 0)
        asc.data_copy(gc, a1, N)  # on every core
        if asc.ascend_is_aiv():
            ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, N)
            asc.data_copy(gc, ub, N)


def test_in_an_aiv_branch_it_is_a_compile_error() -> None:
    with pytest.raises(CompileError) as info:
        on_aiv[1](np.zeros(N, np.float16), True)
    text = str(info.value)
    assert f"test_cube_l1_to_gm.py:{_line_of('# in the AIV branch')}:" in text, text
    assert f"compile error: data_copy: {CUBE_IN_AIV_BRANCH}\n" in text, text


def test_run_by_the_aivs_of_a_mix_kernel_it_is_refused_at_the_line() -> None:
    with pytest.raises(KernelError) as info:
        on_aiv[1](np.zeros(N, np.float16), False)
    line = _line_of("# on every core")
    text = str(info.value).replace(__file__, "test_cube_l1_to_gm.py")
    assert (f"test_cube_l1_to_gm.py:{line}: kernel error: kernel 'on_aiv' (block 0): data_copy L1 -> GM "
            f"{ON_AIV}\n") in text, text
    assert info.value.category == "argument"


CPP = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR y) {
  AscendC::GlobalTensor<half> g;
  g.SetGlobalBuffer((__gm__ half *)y, 256);
  AscendC::LocalTensor<half> l1(AscendC::TPosition::POS, 0, 256);
  if (SIDE) {
#line 100 "k.py"
    FORM;
  }
}
"""


@pytest.mark.parametrize("pos,side,form,message", [
    ("C1", "ASCEND_IS_AIC", "AscendC::DataCopy(g, l1, 256)",
     "data_copy from C1 (L1) to GM is not supported: only A1 and B1 copy to GM; copy the data through an A1 or B1 "
     "tensor"),
    ("TSCM", "ASCEND_IS_AIC", "AscendC::DataCopy(g, l1, AscendC::DataCopyParams(1, 16, 0, 0))",
     "data_copy from TSCM (L1) to GM is not supported: only A1 and B1 copy to GM; copy the data through an A1 or B1 "
     "tensor"),
    ("A1", "ASCEND_IS_AIV", "AscendC::DataCopy(g, l1, 256)", "data_copy L1 -> GM " + ON_AIV),
    ("B1", "ASCEND_IS_AIV", "AscendC::DataCopy(g, l1, AscendC::DataCopyParams(1, 16, 0, 0))",
     "data_copy L1 -> GM " + ON_AIV),
])
def test_the_simulator_refuses_other_sources_and_cores(pos: str, side: str, form: str, message: str) -> None:
    source = CPP.replace("POS", pos).replace("SIDE", side).replace("FORM", form)
    with pytest.raises(KernelError) as info:
        run_ascendc(source, "k", 1, np.zeros(256, np.float16), kernel_type=KernelType.MIX_AIC_1_2)
    text = str(info.value)
    assert f"k.py:100: kernel error: kernel 'k' (block 0): {message}\n" in text, text
    assert info.value.category == "argument"


def _line_of(marker: str) -> int:
    lines = Path(__file__).read_text().splitlines()
    hits = [i + 1 for i, s in enumerate(lines) if s.endswith(marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]
