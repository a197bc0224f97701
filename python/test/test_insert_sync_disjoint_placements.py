"""insert_sync proves more tensors apart (docs/sync.md, "Tensors that share bytes"), and keeps every flag where the
bytes do meet. Each kernel runs on the simulator with its race detector raising (the default) against a numpy
reference, and the emitted Ascend C is checked for the flag that must (or must no longer) be there.

Before, the pass took a LocalMemAllocator tensor to share bytes with every TPipe buffer and static tensor (an
extra V_MTE2 below) and two allocators' tensors never to (a missing V_MTE3: the kernel raced); took buffers a
pool hands out in a branch of a loop that resets it to be anywhere in the pool (an extra MTE3_MTE2); and took
static tensors at one run-time base plus different constants, or a tensor of min(n, bound) elements and one past
the bound, to share bytes (an extra MTE3_MTE2)."""

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


# A pool that hands out `a` then `o` in either branch of a loop body and is reset at its end: both branches
# place `a` at the pool's [0, 256) and `o` at [256, 512), so the copy into `a` need not wait for the copy out
# of `o` of the iteration before (no MTE3_MTE2). When one branch hands them out in the other order, `a` takes
# the bytes `o` had in the previous iteration, and it must.
@asc.jit(insert_sync=True, always_compile=True)
def pool_branches_in_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, swap: asc.ConstExpr[bool]):
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
            if swap:
                pool.init_buffer(o, N * 4)
                pool.init_buffer(a, N * 4)
            else:
                pool.init_buffer(a, N * 4)
                pool.init_buffer(o, N * 4)
        ta = a.get(asc.float32)
        to = o.get(asc.float32)
        asc.data_copy(ta, xg[i * N:], N)
        asc.adds(to, ta, 1.0, N)
        asc.data_copy(zg[i * N:], to, N)
        pool.reset()


@pytest.mark.parametrize("swap, mte3_mte2", [(False, 0), (True, 1)], ids=["same_order", "swapped"])
def test_pool_buffers_handed_out_in_branches(swap: bool, mte3_mte2: int, monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N * 4, dtype=np.float32)
    z = np.zeros(N * 4, np.float32)
    pool_branches_in_loop[1](x, z, 4, swap)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    assert _flags(tmp_path, "MTE3_MTE2") == mte3_mte2


# Static tensors at one run-time base: `inp` at `base`, `out` at `base + 256` are apart in every iteration, so the
# copy into `inp` need not wait for the copy out of `out` of the iteration before. With `out` at another run-time
# address (`other`, here the same bytes as `inp`: the add runs in place) it must (MTE3_MTE2).
@asc.jit(insert_sync=True, always_compile=True)
def runtime_base(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, base: int, other: int,
                 same_base: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N * 4)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N * 4)
    inp = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, base, N)
    if same_base:
        out = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, base + N * 4, N)
    else:
        out = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, other, N)
    for i in range(n):
        asc.data_copy(inp, xg[i * N:], N)
        asc.adds(out, inp, 1.0, N)
        asc.data_copy(zg[i * N:], out, N)


@pytest.mark.parametrize("same_base, mte3_mte2", [(True, 0), (False, 1)], ids=["base_plus_constants", "other_base"])
def test_static_tensors_at_a_runtime_base(same_base: bool, mte3_mte2: int, monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N * 4, dtype=np.float32)
    z = np.zeros(N * 4, np.float32)
    runtime_base[1](x, z, 4, 1024, 1024, same_base)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    assert _flags(tmp_path, "MTE3_MTE2") == mte3_mte2


# A run-time length bounded by a constant: Python's min(n, bound) elements of a TBuf from byte 0 end by byte
# 4 * bound. With bound = N the input window stays below `out` (at 256) and the copy into it need not wait for
# the copy out of `out` of the iteration before; with bound = 2 * N a larger n would reach `out`, and it must.
@asc.jit(insert_sync=True, always_compile=True)
def bounded_length(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, bound: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N * 4)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N * 4)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    inp = buf.get_with_offset(min(n, bound), 0, asc.float32)
    out = buf.get_with_offset(N, N * 4, asc.float32)
    for i in range(4):
        asc.data_copy(inp, xg[i * N:], N)
        asc.adds(out, inp, 1.0, N)
        asc.data_copy(zg[i * N:], out, N)


@pytest.mark.parametrize("bound, mte3_mte2", [(N, 0), (2 * N, 1)], ids=["bounded_below_out", "may_reach_out"])
def test_a_length_bounded_by_a_constant(bound: int, mte3_mte2: int, monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = np.arange(N * 4, dtype=np.float32)
    z = np.zeros(N * 4, np.float32)
    bounded_length[1](x, z, N, bound)
    assert rt.last_launch().diagnostics == []
    np.testing.assert_array_equal(z, x + 1.0)
    assert _flags(tmp_path, "MTE3_MTE2") == mte3_mte2
