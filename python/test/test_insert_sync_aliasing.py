"""insert_sync with two tensors that share bytes (docs/sync.md, "Tensors that share bytes"): a GM -> UB copy
(MTE2) writes through one tensor and a vector op (V) reads the same bytes through another, with no
synchronisation written. asc-insert-sync must put an MTE2_V flag between them and a V_MTE3 flag before the copy
out; the simulator's race detector (raising, the default) must find nothing and the result match numpy.

Before, the pass told tensors apart by the value they came from, so two static `asc.LocalTensor`s at overlapping
addresses, or two tensors got from one TBuf, or a tensor chosen by a branch and the one it is, were unrelated: it inserted no
flag and the kernel raced."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

N = 64


@asc.jit(insert_sync=True, always_compile=True)
def static_overlap(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    # `window` starts 128 bytes into `inp`: they share inp's second half.
    inp = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    window = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, N * 2, N // 2)
    out = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 4, N // 2)
    asc.data_copy(inp, xg, N)
    asc.add(out, window, window, N // 2)
    asc.data_copy(zg, out, N // 2)


@asc.jit(insert_sync=True, always_compile=True)
def tbuf_views(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    whole = buf.get(asc.float32)
    window = buf.get_with_offset(N // 2, N * 2, asc.float32)
    out = buf.get_with_offset(N // 2, N * 4, asc.float32)
    asc.data_copy(whole, xg, N)
    asc.add(out, window, window, N // 2)
    asc.data_copy(zg, out, N // 2)


@asc.jit(insert_sync=True, always_compile=True)
def chosen_by_branch(x: asc.GlobalAddress, z: asc.GlobalAddress, first: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 4, N)
    out = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 8, N // 2)
    # A tensor chosen at run time may be any tensor of its memory.
    t = b
    if first > 0:
        t = a
    asc.data_copy(t, xg, N)
    asc.add(out, a[N // 2:], a[N // 2:], N // 2)
    asc.data_copy(zg, out, N // 2)


@pytest.mark.parametrize("kernel", [static_overlap, tbuf_views, chosen_by_branch],
                         ids=["static_addresses", "tbuf_views", "chosen_by_branch"])
def test_overlapping_tensors_are_ordered(kernel, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N // 2, np.float32)
    kernel[1](x, z, *([1] if kernel is chosen_by_branch else []))
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, 2 * x[N // 2:])
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    text = cpp.read_text()
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::MTE2_V>") == 1
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::V_MTE3>") == 1
