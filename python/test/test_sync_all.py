"""asc.sync_all (the hardware form of SyncAll): the kernel type it implies, the Ascend C it emits, a barrier
that orders one block's GM writes before another block's reads, and a deadlock when not every core reaches
it. The software form is tested in test_block_sync.py."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

N = 64  # float32 elements per block


@asc.jit(always_compile=True)
def rotate(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, blocks: int):
    b = asc.get_block_idx()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, blocks * N)
    yg.set_global_buffer(y, blocks * N)
    zg.set_global_buffer(z, blocks * N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(t, xg[b * N:], N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg[b * N:], t, N)
    asc.sync_all()
    # After the barrier, the next block's slice of y is written.
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, yg[((b + 1) % blocks) * N:], N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg[b * N:], t, N)


@pytest.mark.values("sync_all")
def test_sync_all_orders_the_blocks(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    blocks = 4
    x = np.arange(blocks * N, dtype=np.float32)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    rotate[blocks](x, y, z, blocks)
    np.testing.assert_array_equal(y, x)
    np.testing.assert_array_equal(z, np.roll(x, -N))
    folder = next(tmp_path.glob("rotate-*"))
    assert "asc.kernel_type = #asc<kernel_type mix_aiv_1_0>" in (folder / "ascir.mlir").read_text()
    cpp = (folder / "ascendc.cpp").read_text()
    assert "AscendC::SyncAll<true>();" in cpp
    assert "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);" in cpp


@asc.jit(always_compile=True)
def only_block_zero(x: asc.GlobalAddress):
    if asc.get_block_idx() == 0:
        asc.sync_all()


def test_sync_all_not_reached_by_every_core_deadlocks() -> None:
    with pytest.raises(KernelError) as info:
        only_block_zero[2](np.zeros(8, dtype=np.float32))
    assert info.value.category == "deadlock"



@asc.jit(always_compile=True)
def sync_all_by_position(x: asc.GlobalAddress, is_aiv_only: asc.ConstExpr[bool]):
    asc.sync_all(is_aiv_only)


@pytest.mark.parametrize("is_aiv_only,template,kernel_type", [(True, "true", "mix_aiv_1_0"),
                                                             (False, "false", "mix_aic_1_2")])
def test_the_hardware_form_takes_is_aiv_only_by_position(tmp_path, monkeypatch, is_aiv_only: bool,
                                                          template: str, kernel_type: str) -> None:
    """`sync_all(is_aiv_only: bool = True)` is the first form pyasc_api.md §1.5.10 lists: a bool by
    position is its `is_aiv_only`, not the software form's `gm_workspace`."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    sync_all_by_position[2](np.zeros(8, dtype=np.float32), is_aiv_only)
    folder = next(tmp_path.glob("sync_all_by_position-*"))
    assert f"asc.kernel_type = #asc<kernel_type {kernel_type}>" in (folder / "ascir.mlir").read_text()
    assert f"AscendC::SyncAll<{template}>();" in (folder / "ascendc.cpp").read_text()
