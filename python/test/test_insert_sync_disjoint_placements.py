"""insert_sync proves more tensors apart (docs/sync.md, "Tensors that share bytes"), and keeps every flag where the
bytes do meet. Each kernel runs on the simulator with its race detector raising (the default) against a numpy
reference, and the emitted Ascend C is checked for the flag that must (or must no longer) be there.

Before, the pass took a LocalMemAllocator tensor to share bytes with every TPipe buffer and static tensor (an
extra V_MTE2 below) and two allocators' tensors never to (a missing V_MTE3: the kernel raced)."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

N = 64


def _flags(tmp_path: Path, event: str) -> int:
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    return cpp.read_text().count(f"AscendC::SetFlag<AscendC::HardEvent::{event}>")


# A LocalMemAllocator hands out UB from byte 0 in order, as the TPipe places its buffers: `pad` takes the bytes
# the TBuf has ([0, 256)); `inp` follows it. With skip = N it starts at 256, above the TBuf, and the copy into it
# need not wait for the fill of the TBuf; with skip = N // 2 it takes the TBuf's upper half and must (V_MTE2).
@asc.jit(insert_sync=True, always_compile=True)
def allocator_next_to_pipe(x: asc.GlobalAddress, z: asc.GlobalAddress, skip: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    al = asc.LocalMemAllocator()
    pad = al.alloc(asc.TPosition.VECCALC, asc.float32, skip)
    inp = al.alloc(asc.TPosition.VECIN, asc.float32, N)
    out = al.alloc(asc.TPosition.VECOUT, asc.float32, N)
    tb = buf.get(asc.float32)
    asc.duplicate(tb, 1.0, N)
    asc.data_copy(inp, xg, N)
    asc.add(out, inp, tb, N)
    asc.data_copy(zg, out, N)
    asc.duplicate(pad, 0.0, skip)


@pytest.mark.parametrize("skip, v_mte2", [(N, 0), (N // 2, 1)], ids=["apart", "overlapping"])
def test_allocator_tensors_next_to_tpipe_buffers(skip: int, v_mte2: int, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """`pad` (and with skip = N // 2 `inp`) lies over the TBuf: a capacity warning, never a race."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        allocator_next_to_pipe[1](x, z, skip)
    diags = rt.last_launch().diagnostics
    assert all(d.severity == "warning" and d.category == "capacity" for d in diags), diags
    tb = np.ones(N, np.float32)
    tb[skip:] = x[:N - skip]  # the copy into inp overwrote the TBuf's bytes from `skip` on
    np.testing.assert_array_equal(z, x + tb)
    assert _flags(tmp_path, "V_MTE2") == v_mte2
    assert _flags(tmp_path, "MTE2_V") == 1
    assert _flags(tmp_path, "V_MTE3") == 1


# Two LocalMemAllocators both start at byte 0: `b` is `a`'s bytes. The copy out of `b` must wait for the vector
# op that writes `a` (V_MTE3). Before, two allocator tensors were taken never to overlap: no flag, a race.
@asc.jit(insert_sync=True, always_compile=True)
def two_allocators(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    al = asc.LocalMemAllocator()
    a = al.alloc(asc.TPosition.VECCALC, asc.float32, N)
    inp = al.alloc(asc.TPosition.VECIN, asc.float32, N)
    al2 = asc.LocalMemAllocator()
    b = al2.alloc(asc.TPosition.VECOUT, asc.float32, N)
    asc.data_copy(inp, xg, N)
    asc.adds(a, inp, 1.0, N)
    asc.data_copy(zg, b, N)


def test_two_allocators_share_their_first_bytes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    two_allocators[1](x, z)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    assert _flags(tmp_path, "V_MTE3") == 1
