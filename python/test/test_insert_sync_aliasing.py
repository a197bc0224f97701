"""insert_sync with two tensors that share bytes (docs/sync.md, "Tensors that share bytes"): a GM -> UB copy
(MTE2) writes through one tensor and a vector op (V) reads the same bytes through another, with no
synchronisation written. asc-insert-sync must put an MTE2_V flag between them and a V_MTE3 flag before the copy
out; the simulator's race detector (raising, the default) must find nothing and the result match numpy.

Before, the pass told tensors apart by the value they came from, so two static `asc.LocalTensor`s at overlapping
addresses, or two tensors got from one TBuf, or a tensor chosen by a branch and the one it is, were unrelated: it inserted no
flag and the kernel raced. Later, likewise, the TBufs a TBufPool (or a TPipe) hands out again after its reset(), and a
static tensor placed over a TPipe's buffer."""

from __future__ import annotations

import warnings
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


# Buffers a TBufPool hands out after reset() take the bytes of those it handed out before (the pool starts
# again at its byte 0); a TPipe's reset() does the same for its own buffers. Before, the pass took tensors of
# two different TBufs to be disjoint: no flag, and the kernel raced.
@asc.jit(insert_sync=True, always_compile=True)
def pool_reuse(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress,
               whole_pipe: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(w, N)
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    if not whole_pipe:
        pipe.init_buf_pool(pool, N * 8)
    a = asc.TBuf(asc.TPosition.VECCALC)
    o = asc.TBuf(asc.TPosition.VECCALC)
    if whole_pipe:
        pipe.init_buffer(a, N * 4)
        pipe.init_buffer(o, N * 4)
    else:
        pool.init_buffer(a, N * 4)
        pool.init_buffer(o, N * 4)
    ta = a.get(asc.float32)
    to = o.get(asc.float32)
    asc.data_copy(ta, xg, N)
    asc.adds(to, ta, 1.0, N)
    asc.data_copy(zg, to, N)
    if whole_pipe:
        pipe.reset()
    else:
        pool.reset()
    # b takes a's bytes and c o's.
    b = asc.TBuf(asc.TPosition.VECCALC)
    c = asc.TBuf(asc.TPosition.VECCALC)
    if whole_pipe:
        pipe.init_buffer(b, N * 4)
        pipe.init_buffer(c, N * 4)
    else:
        pool.init_buffer(b, N * 4)
        pool.init_buffer(c, N * 4)
    tb = b.get(asc.float32)
    tc = c.get(asc.float32)
    asc.data_copy(tb, yg, N)  # after adds read a: V_MTE2
    asc.muls(tc, tb, 3.0, N)  # after the copy out of o: MTE3_V
    asc.data_copy(wg, tc, N)


@pytest.mark.parametrize("whole_pipe", [False, True], ids=["pool_reset", "pipe_reset"])
def test_buffers_handed_out_again_after_a_reset_are_ordered(whole_pipe: bool, monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N, dtype=np.float32)
    y = np.arange(N, dtype=np.float32) * -0.5
    z = np.zeros(N, np.float32)
    w = np.zeros(N, np.float32)
    pool_reuse[1](x, y, z, w, whole_pipe)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    np.testing.assert_array_equal(w, y * 3.0)
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    text = cpp.read_text()
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::V_MTE2>") == 1
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::MTE3_V>") == 1


# The same two TBufs handed out by a pool in each iteration of a loop, in turn in either order: `a` takes the
# bytes `o` had in the previous iteration, so the copy into `a` waits for the copy out of `o` (MTE3_MTE2).
@asc.jit(insert_sync=True, always_compile=True)
def pool_swaps_in_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N * 4)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N * 4)
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(pool, N * 8)
    a = asc.TBuf(asc.TPosition.VECCALC)
    o = asc.TBuf(asc.TPosition.VECCALC)
    for i in range(n):
        if i % 2 == 0:
            pool.init_buffer(a, N * 4)
            pool.init_buffer(o, N * 4)
        else:
            pool.init_buffer(o, N * 4)
            pool.init_buffer(a, N * 4)
        ta = a.get(asc.float32)
        to = o.get(asc.float32)
        asc.data_copy(ta, xg[i * N:], N)
        asc.adds(to, ta, 1.0, N)
        asc.data_copy(zg[i * N:], to, N)
        pool.reset()


def test_buffers_placed_anew_in_a_loop_are_ordered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N * 4, dtype=np.float32)
    z = np.zeros(N * 4, np.float32)
    pool_swaps_in_loop[1](x, z, 4)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    assert cpp.read_text().count("AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>") == 1


# A static tensor placed over a TPipe's buffer (asc-verify-capacity warns about the placement): a vector
# fill of the TBuf, a copy into the static tensor over the same bytes, and a vector read through the TBuf.
# Before, the pass took a static tensor and a TPipe's buffer to be disjoint.
@asc.jit(insert_sync=True, always_compile=True)
def static_over_tbuf(x: asc.GlobalAddress, z: asc.GlobalAddress, at: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    pipe = asc.TPipe()
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(scratch, N * 4)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    out = asc.TBuf(asc.TPosition.VECOUT)
    pipe.init_buffer(out, N * 4)
    inp = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, at, N)
    tbuf = buf.get(asc.float32)
    tout = out.get(asc.float32)
    asc.duplicate(tbuf, 1.0, N)
    asc.data_copy(inp, xg, N)
    asc.muls(tout, tbuf, 2.0, N)
    asc.data_copy(zg, tout, N)


def test_a_static_tensor_over_a_tpipe_buffer_is_ordered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The placement is warned about at compile time and by the simulator (a capacity warning, not a race)."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        static_over_tbuf[1](x, z, N * 4)
    texts = {type(w.message).__name__: str(w.message) for w in record}
    assert sorted(texts) == ["CompileWarning", "KernelWarning"]
    assert all("the tensor occupies bytes [256, 512) of" in t for t in texts.values())
    (d,) = rt.last_launch().diagnostics
    assert d.severity == "warning" and "hazard" not in d.message
    np.testing.assert_array_equal(z, 2 * x)
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    text = cpp.read_text()
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::V_MTE2>") == 1
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::MTE2_V>") == 1


def test_a_static_tensor_above_the_tpipe_buffers_adds_no_flag(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """The TPipe's buffers take UB [0, 768) here (init_buffer places them from byte 0 in order): a static tensor
    at 768 shares no byte with them, and the copy into it is ordered neither after the fill of the TBuf nor
    before its read."""
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    z = np.zeros(N, np.float32)
    static_over_tbuf[1](np.arange(N, dtype=np.float32), z, N * 12)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, np.full(N, 2.0, np.float32))
    (cpp,) = tmp_path.glob("*/ascendc.cpp")
    text = cpp.read_text()
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::V_MTE2>") == 0
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::MTE2_V>") == 0
    assert text.count("AscendC::SetFlag<AscendC::HardEvent::V_MTE3>") == 1
