"""The debug and profiling extras of pyasc §1.5.15 on the simulator (docs/debugging.md): dump_acc_chk_point
(a dump from an element offset), print_time_stamp (the scalar unit's cycle), metrics_prof_start/stop (a
region's cycles and per-pipe busy time) — their exact output and errors — and data_sync_barrier (its IR and
Ascend C; nothing to wait for in the simulator)."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError


def line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def output_of(block: int = 0) -> str:
    return dict(rt.last_launch().output)[block]


@asc.jit(always_compile=True)
def checkpoints(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.dump_acc_chk_point(t, 3, 8, 5)
    asc.dump_acc_chk_point(xg, 4, 13, 2)


@pytest.mark.values("dump_acc_chk_point")
def test_dump_acc_chk_point_prints_from_the_offset() -> None:
    x = np.arange(16, dtype=np.float32) * 0.5
    checkpoints[1](x, 16)
    text = output_of()
    lines = text.splitlines()
    assert lines[0] == "[block 0] DumpHead: block_idx=0, core_type=AIV, total_blocks=1"
    assert lines[1] == ("[block 0] DumpAccChkPoint: index=3, count_off=8, addr=0x20, data_type=float32, "
                        "position=VECIN, dump_size=5")
    assert lines[2] == "[block 0] [8] " + ", ".join(f"{v:g}" for v in x[8:13])
    assert re.fullmatch(r"\[block 0\] DumpAccChkPoint: index=4, count_off=13, addr=0x[0-9a-f]+, "
                        r"data_type=float32, position=GM, dump_size=2", lines[3])
    assert lines[4] == "[block 0] [13] " + ", ".join(f"{v:g}" for v in x[13:15])


@asc.jit(always_compile=True)
def misaligned_checkpoint(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 16)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 16)
    asc.data_copy(t, xg, 16)
    asc.dump_acc_chk_point(t, 1, 3, 4)


def test_a_local_offset_must_keep_32_byte_alignment() -> None:
    with pytest.raises(KernelError) as e:
        misaligned_checkpoint[1](np.zeros(16, dtype=np.float32))
    assert e.value.category == "alignment"
    assert e.value.location.line == line_of(misaligned_checkpoint, "asc.dump_acc_chk_point(")
    assert ("dump_acc_chk_point: 'count_off' 3 puts the first element 12 bytes into the tensor; in UB the "
            "offset must be a multiple of 32 bytes (8 float32 elements)") in str(e.value)


@asc.jit(always_compile=True)
def stamped(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.print_time_stamp(0x10000)
    asc.data_copy(t, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.print_time_stamp(0x10001)


@pytest.mark.values("print_time_stamp")
def test_print_time_stamp_prints_the_scalar_cycle() -> None:
    stamped[1](np.zeros(4096, dtype=np.float32), 4096)
    report = rt.last_launch()
    assert not report.hbm_bound  # the MTE2 figure below is the block's own
    lines = output_of().splitlines()
    m0 = re.fullmatch(r"\[block 0\] TimeStamp: desc_id=65536, cycle=(\d+)", lines[0])
    m1 = re.fullmatch(r"\[block 0\] TimeStamp: desc_id=65537, cycle=(\d+)", lines[1])
    assert m0 and m1
    # The barrier waited for the 16 KiB copy: the second stamp is later by at least its MTE2 time.
    mte2 = report.pipe_busy_cycles["MTE2"]
    assert int(m1.group(1)) - int(m0.group(1)) >= mte2 > 0
    assert int(m1.group(1)) <= report.block_cycles[0]


@asc.jit(always_compile=True)
def reserved_stamp():
    asc.print_time_stamp(7)


def test_print_time_stamp_refuses_a_reserved_id_at_the_line() -> None:
    with pytest.raises(CompileError) as e:
        reserved_stamp[1]()
    assert e.value.location.line == line_of(reserved_stamp, "asc.print_time_stamp(7)")
    assert ("print_time_stamp: 'desc_id' 7 is reserved: ids 0-65535 (0xffff) are the framework's; use an id "
            "above 0xffff") in str(e.value)


@asc.jit
def runtime_stamp(desc_id: int):
    asc.print_time_stamp(desc_id)


@pytest.mark.parametrize("desc_id", [0, 7, 0xFFFF])
def test_print_time_stamp_refuses_a_reserved_runtime_id_at_the_line(desc_id: int) -> None:
    """Only a constant reserved id was refused: a run-time one printed `TimeStamp: desc_id=7`."""
    with pytest.raises(KernelError) as e:
        runtime_stamp[1](desc_id)
    assert e.value.category == "argument"
    assert e.value.location.line == line_of(runtime_stamp, "asc.print_time_stamp(desc_id)")
    assert e.value.message == (f"kernel 'runtime_stamp' (block 0): print_time_stamp: 'desc_id' {desc_id} is reserved: ids 0-65535 (0xffff) are the "
                               "framework's; use an id from 65536 (0x10000) to 4294967295 (0xffffffff)")


def test_print_time_stamp_takes_the_first_free_runtime_id() -> None:
    runtime_stamp[1](0x10000)
    assert re.fullmatch(r"\[block 0\] TimeStamp: desc_id=65536, cycle=\d+\n", output_of())


@asc.jit
def runtime_labels(x: asc.GlobalAddress, desc: int, which: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    if which == 0:
        asc.dump_tensor(g, desc, 2)
    else:
        asc.dump_acc_chk_point(g, desc, 0, 2)


@pytest.mark.parametrize("which,message", [
    (0, "dump_tensor: 'desc' is -3 (4294967293 as Ascend C's uint32_t); it must be a label (printed as an "
        "unsigned 32-bit number), 0 or more"),
    (1, "dump_acc_chk_point: 'index' is -3 (4294967293 as Ascend C's uint32_t); it must be a label (printed as "
        "an unsigned 32-bit number), 0 or more"),
])
def test_a_negative_runtime_label_is_refused_like_a_constant_one(which: int, message: str) -> None:
    """A negative constant desc was a compile error, a run-time one printed `desc=4294967293`."""
    with pytest.raises(KernelError) as e:
        runtime_labels[1](np.zeros(8, dtype=np.float32), -3, which)
    assert e.value.category == "argument"
    assert e.value.location.line == line_of(runtime_labels, "asc.dump_tensor(g" if which == 0
                                            else "asc.dump_acc_chk_point(g")
    assert e.value.message == "kernel 'runtime_labels' (block 0): " + message


@asc.jit(always_compile=True)
def negative_index(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    asc.dump_acc_chk_point(g, -2, 0, 2)


def test_a_negative_constant_checkpoint_index_is_a_compile_error() -> None:
    with pytest.raises(CompileError) as e:
        negative_index[1](np.zeros(8, dtype=np.float32))
    assert e.value.location.line == line_of(negative_index, "asc.dump_acc_chk_point(")
    assert ("dump_acc_chk_point: 'index' must not be negative (it is printed as an unsigned 32-bit number), but "
            "got -2") in str(e.value)


@asc.jit(always_compile=True)
def profiled(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.metrics_prof_start()
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, t, n)
    asc.metrics_prof_stop()


@pytest.mark.values("metrics_prof_start", "metrics_prof_stop")
def test_metrics_prof_reports_the_region() -> None:
    x = np.arange(2048, dtype=np.float32)
    y = np.zeros_like(x)
    profiled[1](x, y, 2048)
    np.testing.assert_array_equal(y, x + 1)
    start = line_of(profiled, "asc.metrics_prof_start()")
    stop = line_of(profiled, "asc.metrics_prof_stop()")
    line = output_of().strip()
    m = re.fullmatch(rf"\[block 0\] MetricsProf: (\S+):{start} to \1:{stop}: (\d+) cycles, S busy (\d+), "
                     r"V busy (\d+), MTE3 busy (\d+)", line)
    assert m, line
    assert not rt.last_launch().hbm_bound  # the per-pipe figures below are the block's own
    report = rt.last_launch().pipe_busy_cycles
    cycles, v, mte3 = int(m.group(2)), int(m.group(4)), int(m.group(5))
    # The region holds the whole vector op and the copy out, but not the copy in (MTE2 is absent).
    assert v == report["V"] > 0 and mte3 == report["MTE3"] > 0
    assert cycles >= v + mte3


@asc.jit(always_compile=True)
def unopened_region():
    asc.metrics_prof_stop()


def test_metrics_prof_stop_without_start_is_an_error() -> None:
    with pytest.raises(KernelError) as e:
        unopened_region[1]()
    assert e.value.location.line == line_of(unopened_region, "asc.metrics_prof_stop()")
    assert "metrics_prof_stop: no region is open; call metrics_prof_start first" in str(e.value)


@asc.jit(always_compile=True)
def barriers(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 8)
    xg.set_value(0, 5)
    asc.data_sync_barrier(asc.MemDsbT.DDR)
    xg.set_value(1, xg.get_value(0) + 1)
    asc.data_sync_barrier(asc.MemDsbT.ALL)


@pytest.mark.values("data_sync_barrier")
def test_data_sync_barrier_ir_ascendc_and_values(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.zeros(8, dtype=np.int32)
    barriers[1](x)
    assert list(x[:2]) == [5, 6]
    folder = next(tmp_path.glob("barriers-*"))
    ir = (folder / "ascir.mlir").read_text()
    assert re.search(r"asc\.data_sync_barrier +ddr\n", ir) and re.search(r"asc\.data_sync_barrier +all\n", ir)
    cpp = (folder / "ascendc.cpp").read_text()
    assert "AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();" in cpp
    assert "AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();" in cpp


def test_data_sync_barrier_takes_a_mem_dsb_t() -> None:
    @asc.jit(always_compile=True)
    def wrong():
        asc.data_sync_barrier(1)

    with pytest.raises(CompileError) as e:
        wrong[1]()
    assert "data_sync_barrier: 'arg0' must be an asc.MemDsbT (ALL, DDR, UB or SEQ), got 1" in str(e.value)
