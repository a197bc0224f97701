"""The race detector across the cores of a MIX launch: the AIC and each AIV of a block are checked as separate
cores, ordered by the cross-core flags they use (a set in a pipe orders what that pipe waited for; the N-th wait
on a flag is ordered after the set it consumed). Mode 2 orders an AIV before its AIC, mode 1 the AIVs of one
block, mode 0 (and the hardware sync_all built on it) the cores of one type across blocks."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelError

N = 256  # float16 elements of z: a 16 x 16 fractal


def _line_of(kernel, text: str, nth: int = 0) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    hits = [first + i for i, line in enumerate(lines) if text in line]
    return hits[nth]


@asc.jit(always_compile=True, kernel_type=KernelType.MIX_AIC_1_2)
def aiv_to_aic(x: asc.GlobalAddress, z: asc.GlobalAddress, sync: int):
    """AIV 0 writes z from x; with `sync` 1 both AIVs set flag 1 (mode 2) after it and the AIC waits for it
    before it reads z into L1; with `sync` 2 they set it before the write as well, and the AIC's first wait
    consumes that earlier set."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg.set_global_buffer(z, N)
    if asc.ascend_is_aic():
        if sync != 0:
            asc.cross_core_wait_flag(1, 2, asc.PipeID.PIPE_S)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
        asc.data_copy(a1, zg, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))  # the AIC reads z
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if sync == 2:
            asc.cross_core_wait_flag(1, 2, asc.PipeID.PIPE_S)
    else:
        if sync == 2:
            asc.cross_core_set_flag(1, 2, asc.PipeID.PIPE_MTE3)
        if asc.get_sub_block_idx() == 0:
            t = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, N)
            asc.data_copy(t, xg, N)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(zg, t, N)  # AIV 0 writes z
        if sync != 0:
            asc.cross_core_set_flag(1, 2, asc.PipeID.PIPE_MTE3)


def _race_text(kernel, first: str, second: str, line1: int, line2: int) -> str:
    path = inspect.getsourcefile(kernel.fn)
    return (f"cross-core RAW hazard on GM[z+0x0000,z+0x0200): {first} MTE3 data_copy ({path}:{line1}) and "
            f"{second} MTE2 data_copy ({path}:{line2}) touch the same bytes and no cross-core sync orders them "
            "(a cross_core_set_flag after the first and the cross_core_wait_flag it satisfies before the second, "
            "sync_all, ...)")


def test_a_mode_2_flag_orders_an_aiv_write_before_the_aic_read() -> None:
    x = np.arange(N, dtype=np.float16)
    z = np.zeros_like(x)
    aiv_to_aic[1](x, z, 1)  # the race check is on: no report
    np.testing.assert_array_equal(z, x)


@pytest.mark.parametrize("sync", [0, 2])
def test_an_aiv_write_the_aic_read_is_not_ordered_after_races(sync: int) -> None:
    # 0: no flag at all; 2: the AIC's first wait consumed the set made before the write.
    x = np.arange(N, dtype=np.float16)
    with pytest.raises(KernelError) as e:
        aiv_to_aic[1](x, np.zeros_like(x), sync)
    err = e.value
    write = _line_of(aiv_to_aic, "asc.data_copy(zg, t, N)")
    read = _line_of(aiv_to_aic, "asc.data_copy(a1, zg,")
    assert err.category == "race"
    assert err.message == "kernel 'aiv_to_aic' (block 0): " + _race_text(aiv_to_aic, "AIV 0 of block 0",
                                                                        "the AIC of block 0", write, read)
    assert err.location.line == read
    assert [(n.message, n.location.line) for n in err.notes] == [("AIV 0 of block 0's write", write)]


@asc.jit(always_compile=True, kernel_type=KernelType.MIX_AIC_1_2)
def between_aivs(x: asc.GlobalAddress, z: asc.GlobalAddress, y: asc.GlobalAddress, mode: int):
    """AIV 0 of block 0 writes z from x; after a barrier of `mode` (0: a mode-0 flag of every AIV of the
    launch, 1: a mode-1 flag of the block's two AIVs, 2: sync_all(), 3: none) the reader, AIV 1 of block 0 (modes
    1, 3) or AIV 0 of block 1 (modes 0, 2), copies z to y."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg.set_global_buffer(z, N)
    yg.set_global_buffer(y, N)
    if asc.ascend_is_aiv():
        t = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, N)
        s = asc.get_sub_block_idx()
        b = (asc.get_block_idx() - s) // 2  # an AIV's block index counts the AIVs: AI Core * 2 + sub-block
        if b == 0 and s == 0:
            asc.data_copy(t, xg, N)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(zg, t, N)  # the write
        if mode == 0:
            asc.cross_core_set_flag(2, 0, asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(2, 0, asc.PipeID.PIPE_S)
        if mode == 1:
            asc.cross_core_set_flag(4, 1, asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(4, 1, asc.PipeID.PIPE_S)
        if mode == 2:
            asc.sync_all()
        if (mode % 2 == 0 and b == 1 and s == 0) or (mode % 2 == 1 and b == 0 and s == 1):
            asc.data_copy(t, zg, N)  # the read
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(yg, t, N)


@pytest.mark.parametrize("mode, blocks", [(0, 2), (1, 1), (2, 2)])
def test_mode_0_mode_1_and_sync_all_order_the_write_before_the_read(mode: int, blocks: int) -> None:
    x = np.arange(N, dtype=np.float16)
    z = np.zeros_like(x)
    y = np.zeros_like(x)
    between_aivs[blocks](x, z, y, mode)
    np.testing.assert_array_equal(y, x)


def test_without_the_flag_the_two_aivs_of_a_block_race() -> None:
    x = np.arange(N, dtype=np.float16)
    with pytest.raises(KernelError) as e:
        between_aivs[1](x, np.zeros_like(x), np.zeros_like(x), 3)
    write = _line_of(between_aivs, "asc.data_copy(zg, t, N)")
    read = _line_of(between_aivs, "asc.data_copy(t, zg, N)")
    assert e.value.category == "race"
    # The reader's get_block_idx() is 1 (AIVs count by sub-block).
    assert e.value.message == "kernel 'between_aivs' (block 1): " + _race_text(between_aivs, "AIV 0 of block 0",
                                                                             "AIV 1 of block 0", write, read)
    assert e.value.location.line == read
