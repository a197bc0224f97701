"""Inter-block synchronisation through a GM flag area: asc.ib_set / asc.ib_wait, asc.notify_next_block /
asc.wait_pre_block and the software form of asc.sync_all. Each orders one block's GM writes before another
block's reads (checked against numpy, with the race detector on); a missing wait is a race, a wait nobody
satisfies a deadlock naming every blocked block's line, a workspace that is too small an error naming the
minimum."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

N = 64  # float32 elements per block


def _line_of(kernel, text: str, nth: int = 0) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    hits = [first + i for i, line in enumerate(lines) if text in line]
    return hits[nth]


@asc.jit
def _copy(dst, src, t):
    """GM -> UB -> GM of N elements, ordered by the flags the pipes need."""
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, src, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(dst, t, N)


@asc.jit(always_compile=True)
def hand_off(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, ws: asc.GlobalAddress,
             wait: int):
    """Block 0 writes y from x and sets event 0; block 1 waits for it and copies y into z."""
    b = asc.get_block_idx()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    yg.set_global_buffer(y, N)
    zg.set_global_buffer(z, N)
    wg.set_global_buffer(ws, 16)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 1024, 8)
    if b == 0:
        _copy(yg, xg, t)
        asc.ib_set(wg, u, 0, 0)
    else:
        if wait == 1:
            asc.ib_wait(wg, u, 0, 0)
        _copy(zg, yg, t)


@pytest.mark.values("ib_set", "ib_wait")
def test_ib_set_orders_a_producer_before_its_consumer(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.random.default_rng(1).standard_normal(N).astype(np.float32)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    ws = np.zeros(16, dtype=np.int32)  # 2 blocks x 1 event x 32 bytes
    hand_off[2](x, y, z, ws, 1)
    np.testing.assert_array_equal(y, x)
    np.testing.assert_array_equal(z, x)
    np.testing.assert_array_equal(ws, 0)  # the wait cleared the flag it consumed
    cpp = (next(tmp_path.glob("hand_off-*")) / "ascendc.cpp").read_text()
    assert "AscendC::IBSet<true>(" in cpp and "AscendC::IBWait<true>(" in cpp
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);" in cpp


def test_without_ib_wait_the_consumer_races_with_the_producer() -> None:
    x = np.arange(N, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        hand_off[2](x, np.zeros_like(x), np.zeros_like(x), np.zeros(16, dtype=np.int32), 0)
    assert e.value.category == "race"
    assert "cross-core RAW hazard" in e.value.message
    # The consumer's read of y in _copy, racing with the producer's write of y.
    assert e.value.location.line == _line_of(_copy, "asc.data_copy(t, src, N)")


@asc.jit(always_compile=True)
def wait_for_each_other(ws: asc.GlobalAddress):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws, 16)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    if asc.get_block_idx() == 0:
        asc.ib_wait(wg, u, 1, 0)
    else:
        asc.ib_wait(wg, u, 0, 0)
    asc.ib_set(wg, u, asc.get_block_idx(), 0)


def test_a_wait_nobody_sets_is_a_deadlock_naming_both_lines() -> None:
    with pytest.raises(KernelError) as e:
        wait_for_each_other[2](np.zeros(16, dtype=np.int32))
    err = e.value
    assert err.category == "deadlock"
    first = _line_of(wait_for_each_other, "asc.ib_wait(wg, u, 1, 0)")
    second = _line_of(wait_for_each_other, "asc.ib_wait(wg, u, 0, 0)")
    lines = {err.location.line} | {n.location.line for n in err.notes if n.location}
    assert {first, second} <= lines
    assert "ib_wait(block_idx=1, event_id=0) on block 0 waits forever" in str(err) \
        or "ib_wait(block_idx=0, event_id=0) on block 1 waits forever" in str(err)


@asc.jit(always_compile=True)
def small_workspace(ws: asc.GlobalAddress):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws, 8)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    asc.ib_set(wg, u, 1, 1)


def test_a_workspace_too_small_names_the_minimum() -> None:
    with pytest.raises(KernelError) as e:
        small_workspace[2](np.zeros(8, dtype=np.int32))
    assert e.value.location.line == _line_of(small_workspace, "asc.ib_set(")
    assert ("ib_set: 'gm_workspace' holds 32 bytes; it needs at least 128 bytes (the slot of event_id 1 and "
            "block_idx 1 is 32-byte slot 3 = event_id * 2 + block_idx)") in str(e.value)


@asc.jit(always_compile=True)
def in_block_order(x: asc.GlobalAddress, ws: asc.GlobalAddress, blocks: int):
    """Each block in turn appends its index to a running list: x[i] = x[i - 1] * 10 + block."""
    b = asc.get_block_idx()
    xg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x, 8)
    wg.set_global_buffer(ws, blocks * 8)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    asc.wait_pre_block(wg, u)
    prev = xg.get_value(0)
    xg.set_value(0, prev * 10 + (b + 1).cast(asc.int32))
    asc.notify_next_block(wg, u)


@pytest.mark.values("notify_next_block", "wait_pre_block")
def test_wait_pre_block_runs_a_region_in_block_order() -> None:
    blocks = 5
    x = np.zeros(8, dtype=np.int32)
    ws = np.zeros(blocks * 8, dtype=np.int32)
    in_block_order[blocks](x, ws, blocks)
    assert x[0] == 12345  # block 0 first, then 1, ...: any other order gives other digits
    np.testing.assert_array_equal(ws.reshape(blocks, 8)[:, 0], 1)  # every block notified


@asc.jit(always_compile=True)
def rotate_soft(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, ws: asc.GlobalAddress,
                blocks: int, rounds: int):
    b = asc.get_block_idx()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x, blocks * N)
    yg.set_global_buffer(y, blocks * N)
    zg.set_global_buffer(z, blocks * N)
    wg.set_global_buffer(ws, blocks * 8)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 1024, blocks * 8)
    _copy(yg[b * N:], xg[b * N:], t)
    for _ in range(rounds):
        asc.sync_all(wg, u, 0)
        # After the barrier, the next block's slice of y is complete; rotate it into z, then back into y.
        _copy(zg[b * N:], yg[((b + 1) % blocks) * N:], t)
        asc.sync_all(wg, u, 0)
        _copy(yg[b * N:], zg[b * N:], t)


@pytest.mark.values("sync_all")
def test_the_software_sync_all_is_a_barrier_of_every_block(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    blocks, rounds = 4, 3
    x = np.arange(blocks * N, dtype=np.float32)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    ws = np.zeros(blocks * 8, dtype=np.int32)
    rotate_soft[blocks](x, y, z, ws, blocks, rounds)
    np.testing.assert_array_equal(y, np.roll(x, -N * rounds))
    np.testing.assert_array_equal(z, np.roll(x, -N * rounds))
    np.testing.assert_array_equal(ws.reshape(blocks, 8)[:, 0], 2 * rounds)  # each slot counts its barriers
    cpp = (next(tmp_path.glob("rotate_soft-*")) / "ascendc.cpp").read_text()
    assert "AscendC::SyncAll<true>(" in cpp
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);" in cpp


@asc.jit(always_compile=True)
def soft_barrier_small(ws: asc.GlobalAddress, n: int):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws, n)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 32)
    asc.sync_all(wg, u)


def test_the_software_sync_all_names_the_minimum_workspace() -> None:
    with pytest.raises(KernelError) as e:
        soft_barrier_small[4](np.zeros(16, dtype=np.int32), 16)
    assert e.value.location.line == _line_of(soft_barrier_small, "asc.sync_all(")
    assert ("sync_all: 'gm_workspace' holds 64 bytes; it needs at least 128 bytes (one 32-byte slot per block: "
            "get_block_num() * 32 bytes)") in str(e.value)


@asc.jit(always_compile=True)
def soft_barrier_not_aiv_only(ws: asc.GlobalAddress):
    wg = asc.GlobalTensor()
    wg.set_global_buffer(ws, 8)
    u = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    asc.sync_all(wg, u, 0, is_aiv_only=False)


def test_the_software_forms_refuse_is_aiv_only_false_at_the_line() -> None:
    with pytest.raises(CompileError) as e:
        soft_barrier_not_aiv_only[1](np.zeros(8, dtype=np.int32))
    assert e.value.location.line == _line_of(soft_barrier_not_aiv_only, "asc.sync_all(")
    assert "sync_all: 'is_aiv_only' must be True: the GM-flag form synchronises the vector cores" in str(e.value)
