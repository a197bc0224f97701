"""The simulator's fault corpus: one small kernel per class of bug, each asserted to produce the right
report at the right Python lines; correct kernels are asserted to produce none."""

from __future__ import annotations

import inspect
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("set_flag", "wait_flag", "pipe_barrier")

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
N = 256  # float32 elements per block: 1 KiB, 32 blocks of 32 bytes


def line_of(kernel, text: str, nth: int = 0) -> int:
    """The file line of the `nth` source line of `kernel` containing `text`."""
    lines, first = inspect.getsourcelines(kernel.fn)
    hits = [i for i, line in enumerate(lines) if text in line]
    return first + hits[nth]


def run_expecting(kernel, *args, blocks: int = 1) -> KernelError:
    with pytest.raises(KernelError) as e:
        kernel[blocks](*args)
    return e.value


def note_lines(err: KernelError) -> list[int]:
    return [n.location.line for n in err.notes if n.location is not None]


def arrays(n: int = N, blocks: int = 1):
    x = np.arange(blocks * n, dtype=np.float32)
    return x, np.zeros_like(x)


# ----------------------------------------------------------------------------- races


@asc.jit
def missing_mte2_to_v(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 4, n)
    asc.data_copy(a, xg, n)  # copy in
    asc.add(b, a, a, n)  # reads a too early
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, n)


@asc.jit
def missing_v_to_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 4, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(b, a, a, n)  # produces b
    asc.data_copy(zg, b, n)  # copy out reads b too early


@asc.jit
def missing_mte3_to_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """A GM -> UB -> GM copy through ping-pong buffers: the copy-in of tile i+2 may overwrite the
    buffer copy-out i still reads, because nothing tells MTE2 that MTE3 is done."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n * 8)
    zg.set_global_buffer(z, n * 8)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 2)
    for i in range(8):
        buf = i % 2
        asc.data_copy(a[buf * n:], xg[i * n:], n)  # copy in
        asc.set_flag(asc.HardEvent.MTE2_MTE3, buf)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, buf)
        asc.data_copy(zg[i * n:], a[buf * n:], n)  # copy out
        # missing: set_flag / wait_flag(MTE3_MTE2, buf)


@asc.jit
def vadd_without_mte3_to_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Tutorial 01 without its MTE3 -> MTE2 pair: the add of tile i+2 overwrites the output buffer
    copy-out i may still read."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n * 8)
    zg.set_global_buffer(z, n * 8)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 2)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 8, n * 2)
    for i in range(8):
        buf = i % 2
        asc.data_copy(a[buf * n:], xg[i * n:], n)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        asc.add(b[buf * n:], a[buf * n:], a[buf * n:], n)  # add
        asc.set_flag(asc.HardEvent.V_MTE3, buf)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf)
        asc.data_copy(zg[i * n:], b[buf * n:], n)  # copy out


@asc.jit
def overlapping_copies_in_one_pipe(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)  # first copy
    asc.data_copy(a[64:], xg, 64)  # overlaps without pipe_barrier(PIPE_MTE2)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)


@asc.jit
def cross_core_writes(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)  # every block writes the same part of z
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, a, n)  # the shared write


@asc.jit(auto_sync=False)  # strict: bisheng's auto_sync would insert the V -> S flag
def scalar_read_of_vector_result(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 4, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(b, a, a, n)  # vector write
    zg.set_value(0, b.get_value(1))  # scalar read without V -> S
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_missing_mte2_to_v_flag() -> None:
    e = run_expecting(missing_mte2_to_v, *arrays(), N)
    assert e.category == "race"
    assert e.location.line == line_of(missing_mte2_to_v, "asc.add(")
    assert note_lines(e) == [line_of(missing_mte2_to_v, "# copy in")]
    assert "RAW hazard on UB[0x0000,0x0400): MTE2 data_copy" in e.message
    assert "\u2192 V add" in e.message
    # Static tensors: the message names the event that orders the two pipes.
    assert e.message.endswith("no set_flag/wait_flag orders them (use event MTE2_V: set_flag after the earlier "
                              "access, wait_flag before this one)"), e.message


@asc.jit
def queue_without_enque(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, n * 4)
    pipe.init_buffer(qo, 1, n * 4)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, n)  # copy in, and no enque/deque of a
    b = qo.alloc_tensor(asc.float32)
    asc.adds(b, a, 1.0, n)
    qo.enque(b)
    b = qo.deque(asc.float32)
    asc.data_copy(zg, b, n)
    qi.free_tensor(a)
    qo.free_tensor(b)


def test_a_skipped_enque_names_the_queue_not_an_event() -> None:
    e = run_expecting(queue_without_enque, *arrays(), N)
    assert e.category == "race"
    assert e.location.line == line_of(queue_without_enque, "asc.adds(")
    assert e.message.endswith("no set_flag/wait_flag orders them"), e.message
    hint = e.notes[-1]
    assert hint.message.startswith("the bytes belong to "), hint.message
    assert hint.message.endswith(", whose enque/deque orders exactly these pipes: enque the tensor after the "
                                 "earlier access and deque it before this one"), hint.message


def test_missing_v_to_mte3_flag() -> None:
    e = run_expecting(missing_v_to_mte3, *arrays(), N)
    assert e.category == "race"
    assert e.location.line == line_of(missing_v_to_mte3, "copy out reads b")
    assert note_lines(e) == [line_of(missing_v_to_mte3, "# produces b")]
    assert "RAW hazard on UB[0x0400,0x0800): V add" in e.message
    assert "\u2192 MTE3 data_copy" in e.message


def _all_messages(e: KernelError) -> list[str]:
    return [e.message] + [n.message for n in e.notes]


def test_missing_mte3_to_mte2_with_ping_pong_buffers() -> None:
    e = run_expecting(missing_mte3_to_mte2, *arrays(N * 8), N)
    assert e.category == "race"
    name = Path(__file__).name
    copy_in = line_of(missing_mte3_to_mte2, "# copy in")
    copy_out = line_of(missing_mte3_to_mte2, "# copy out")
    assert e.location.line == copy_in
    assert note_lines(e) == [copy_out]
    assert e.message.endswith(
        f"WAR hazard on UB[0x0000,0x0400): MTE3 data_copy ({__file__}:{copy_out}) \u2192 MTE2 "
        f"data_copy ({__file__}:{copy_in}), no set_flag/wait_flag orders them (use event MTE3_MTE2: set_flag "
        "after the earlier access, wait_flag before this one)"), e.message
    assert name in e.message


def test_tutorial_01_without_mte3_to_mte2() -> None:
    e = run_expecting(vadd_without_mte3_to_mte2, *arrays(N * 8), N)
    assert e.category == "race"
    add = line_of(vadd_without_mte3_to_mte2, "# add")
    copy_out = line_of(vadd_without_mte3_to_mte2, "# copy out")
    assert any(f":{copy_out}) \u2192 V add" in m and f":{add})" in m and "WAR hazard" in m
               for m in _all_messages(e)), _all_messages(e)


def test_same_pipe_overlapping_copies_need_a_barrier() -> None:
    e = run_expecting(overlapping_copies_in_one_pipe, *arrays(), N)
    assert e.category == "race"
    assert e.location.line == line_of(overlapping_copies_in_one_pipe, "# overlaps")
    assert note_lines(e) == [line_of(overlapping_copies_in_one_pipe, "# first copy")]
    assert "WAW hazard on UB[0x0100,0x0200)" in e.message
    assert "no pipe_barrier(PIPE_MTE2) orders them" in e.message


def test_cross_core_overlapping_gm_writes() -> None:
    x, z = arrays(N, blocks=4)
    e = run_expecting(cross_core_writes, x, z, N, blocks=4)
    assert e.category == "race"
    assert e.block == 1
    line = line_of(cross_core_writes, "# the shared write")
    assert e.location.line == line and note_lines(e)[0] == line
    assert "cross-core WAW hazard on GM[z+0x0000,z+0x0400): block 0 MTE3 data_copy" in e.message


def test_scalar_read_of_a_vector_result() -> None:
    e = run_expecting(scalar_read_of_vector_result, *arrays(), N)
    assert e.category == "race"
    assert e.location.line == line_of(scalar_read_of_vector_result, "b.get_value(1)")
    assert note_lines(e) == [line_of(scalar_read_of_vector_result, "# vector write")]
    assert "\u2192 S get_value" in e.message


def test_race_check_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_RACE_CHECK", "warn")
    with pytest.warns(RuntimeWarning, match="RAW hazard"):
        missing_mte2_to_v[1](*arrays(), N)
    monkeypatch.setenv("PYASC_RACE_CHECK", "off")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        missing_mte2_to_v[1](*arrays(), N)
    assert rt.last_launch().diagnostics == []


# ----------------------------------------------------------------------------- memory


@asc.jit
def gm_read_out_of_bounds(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 2)
    asc.data_copy(a, xg, n * 2)  # reads past x
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def gm_write_out_of_bounds(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg[n // 2:], a, n)  # writes past z


@asc.jit
def ub_over_capacity(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=2, len=n * 512)  # 2 x 128 KiB > 192 KiB


@asc.jit
def uninitialised_ub_read(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, n * 4, n)
    asc.add(b, a, a, n)  # a was never written
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, n)


def test_gm_read_out_of_bounds() -> None:
    e = run_expecting(gm_read_out_of_bounds, *arrays(), N)
    assert e.category == "bounds"
    assert e.location.line == line_of(gm_read_out_of_bounds, "# reads past x")
    assert "data_copy reads GM bytes [0, 2048) = elements [0, 512) relative to argument 'x'" in e.message


def test_gm_write_out_of_bounds() -> None:
    e = run_expecting(gm_write_out_of_bounds, *arrays(), N)
    assert e.category == "bounds"
    assert e.location.line == line_of(gm_write_out_of_bounds, "# writes past z")
    assert "data_copy writes GM" in e.message and "argument 'z'" in e.message


def test_ub_over_capacity() -> None:
    e = run_expecting(ub_over_capacity, *arrays(), N)
    assert e.category == "capacity"
    assert e.location.line == line_of(ub_over_capacity, "pipe.init_buffer")
    assert "beyond the UB capacity of 196608 bytes" in e.message


def test_uninitialised_ub_read_warns() -> None:
    with pytest.warns(RuntimeWarning, match="never written") as w:
        uninitialised_ub_read[1](*arrays(), N)
    line = line_of(uninitialised_ub_read, "# a was never written")
    assert any(f":{line}:" in str(r.message) for r in w)
    assert {r.filename for r in w} == {__file__}  # issued at the launch line
    (d,) = [d for d in rt.last_launch().diagnostics if d.category == "uninit"]
    assert d.severity == "warning" and d.line == line


# ----------------------------------------------------------------------------- flags


@asc.jit
def wait_without_set(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.wait_flag(asc.HardEvent.MTE2_V, 3)  # nobody sets it


@asc.jit
def leaked_flag(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 2)  # never waited


@asc.jit
def double_set(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # first
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # second
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)


def test_wait_without_set_deadlocks() -> None:
    e = run_expecting(wait_without_set, *arrays(), N)
    assert e.category == "deadlock"
    assert e.location.line == line_of(wait_without_set, "# nobody sets it")
    assert "wait_flag(MTE2_V, 3) in PIPE_V waits forever" in e.message


def test_leaked_flag() -> None:
    e = run_expecting(leaked_flag, *arrays(), N)
    assert e.category == "sync"
    line = line_of(leaked_flag, "# never waited")
    assert e.location.line == line
    assert f"flag MTE2_V id 2 set at {Path(__file__).name}" in e.message or "is never waited" in e.message


def test_double_set() -> None:
    e = run_expecting(double_set, *arrays(), N)
    assert e.category == "sync"
    assert e.location.line == line_of(double_set, "# second")
    assert note_lines(e) == [line_of(double_set, "# first")]


# ----------------------------------------------------------------------------- correct kernels


def _clean_run(fn) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fn()
    assert rt.last_launch().diagnostics == []


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32])
def test_correct_vadd_kernels_report_nothing(dtype) -> None:
    sys.path.insert(0, str(TUTORIALS / "01_add"))
    sys.path.insert(0, str(TUTORIALS / "02_add_framework"))
    import add
    import add_framework

    rng = np.random.default_rng(1)
    x = (rng.standard_normal(8 * 2048) * 100).astype(dtype)
    y = (rng.standard_normal(8 * 2048) * 100).astype(dtype)
    _clean_run(lambda: np.testing.assert_array_equal(add.vadd(x, y), x + y))
    _clean_run(lambda: np.testing.assert_array_equal(add_framework.vadd(x, y, tile_length=512), x + y))
