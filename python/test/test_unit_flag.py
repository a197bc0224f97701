"""UnitFlag from Python (sim/CUBE.md "UnitFlag"): `mmad` and `fixpipe` pass `unit_flag` to the
simulator. A mmad with unit_flag 3 and a fixpipe with unit_flag 3 and no flag between them compute
the numpy product race-free; a fixpipe waiting for a unit flag no mmad set is a deadlock error."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def unit_flag_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, mmad_flag: int,
                     fix_flag: int):
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1024)
    gb.set_global_buffer(b, 1024)
    gc.set_global_buffer(c, 1024)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2048, 1024)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    for i in range(2):
        asc.load_data(a2[i * 512:], a1, asc.LoadData2DParams(i, 2, 2, 0, 0, False, 0))
    for i in range(2):
        asc.load_data(b2[i * 512:], b1, asc.LoadData2DParams(i, 2, 2, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)
    asc.mmad(co1, a2, b2, asc.MmadParams(32, 32, 32, unit_flag=mmad_flag))
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(32, 32, 32, 32, unit_flag=fix_flag))


def _operands():
    rng = np.random.default_rng(15)
    a = rng.uniform(-2, 2, (32, 32)).astype(np.float16)
    b = rng.uniform(-2, 2, (32, 32)).astype(np.float16)
    return a, b


def test_mmad_and_fixpipe_with_unit_flag_3_need_no_flag_between_them() -> None:
    a, b = _operands()
    c = np.zeros((32, 32), dtype=np.float32)
    unit_flag_matmul[1](a, b, c, 3, 3)  # a race would raise
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)


def test_without_unit_flags_the_same_kernel_races() -> None:
    a, b = _operands()
    with pytest.raises(KernelError) as e:
        unit_flag_matmul[1](a, b, np.zeros((32, 32), dtype=np.float32), 0, 0)
    assert e.value.category == "race"
    assert e.value.location.line == _line_of(unit_flag_matmul, "asc.fixpipe(")


def test_a_fixpipe_waiting_for_a_unit_flag_no_mmad_set_is_a_deadlock() -> None:
    a, b = _operands()
    with pytest.raises(KernelError) as e:
        unit_flag_matmul[1](a, b, np.zeros((32, 32), dtype=np.float32), 0, 3)
    err = e.value
    assert err.category == "deadlock"
    assert err.location.line == _line_of(unit_flag_matmul, "asc.fixpipe(")
    assert err.message == (
        "kernel 'unit_flag_matmul' (block 0): deadlock: fixpipe with unit_flag 3 in PIPE_FIX waits forever for the unit flag of L0C bytes "
        "[0, 512): no mmad with unit_flag 3 has written them; give the last mmad that writes them "
        "unit_flag 3 (or use unit_flag 0 and set_flag/wait_flag(PIPE_M, PIPE_FIX)); the kernel would "
        "hang on the NPU")


def test_the_matmul_api_with_en_unit_flag_overlaps_the_last_fixpipe() -> None:
    """`sim/test/kernels/matmul_api.cpp`: mm_f16 (CFG_NORM, enUnitFlag true) and mm_f16_flags (the same with
    enUnitFlag false) on the benchmark's f16 1024³ with the solver's tiling: the same values, race-free, and
    the unit flags let the last block's Fixpipe start before its last Mmad has landed (sim/MATMUL.md)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import bench_matmul as bm

    from asc.runtime import config as cfg
    from asc.runtime.ascendc_kernel import compile_ascendc

    w = bm.Workload()
    flags = compile_ascendc(bm.KERNEL, "mm_f16_flags", kernel_type=cfg.KernelType.AIC_ONLY)
    c_unit = np.zeros_like(w.c)
    c_flags = np.zeros_like(w.c)
    unit = w.kernel(bm.AICS, w.a, w.b, w.ws, c_unit, w.ws, w.t, 0)
    flagged = flags(bm.AICS, w.a, w.b, w.ws, c_flags, w.ws, w.t, 0)
    np.testing.assert_array_equal(c_unit, c_flags)
    np.testing.assert_allclose(c_unit, w.af @ w.bf, rtol=1e-4, atol=1e-3)
    assert unit.cycles < flagged.cycles
    assert flagged.cycles - unit.cycles > 150  # the last Mmad's 128 x 128 x 96: 394 cycles, less the hand-off
