"""The framework classes' getters as a user reads them in a kernel (pyasc_api.md §1.2, §1.6): TQue states
(vacant_in_que, has_tensor_in_que, get_tensor_count_in_que, has_idle_buffer), buffer addresses of TQue,
TQueBind, TBufPool and TBuf in init_buffer order, event ids, LocalTensor and GlobalTensor descriptors,
LocalMemAllocator addresses, and compile-time sizes given as asc.ConstExpr(n)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileWarning
from asc.runtime.errors import KernelWarning


@asc.jit(always_compile=True)
def queue_states(out: asc.GlobalAddress, x: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 32)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    q = asc.TQue(depth=2)  # pos defaults to VECIN
    qb = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=2, len=1024)
    pipe.init_buffer(qb, 1, 512)
    go.set_value(0, q.vacant_in_que())
    go.set_value(1, q.has_tensor_in_que())
    go.set_value(2, q.has_idle_buffer())
    a = q.alloc_tensor(asc.float32)
    b = q.alloc_tensor(asc.float32)
    go.set_value(3, q.has_idle_buffer())
    a.set_user_tag(7)
    q.enque(a)
    q.enque(b)
    go.set_value(4, q.vacant_in_que())
    go.set_value(5, q.has_tensor_in_que())
    go.set_value(6, q.get_tensor_count_in_que())
    c = q.deque(asc.float32)
    go.set_value(7, q.get_tensor_count_in_que())
    go.set_value(8, c.get_user_tag())
    go.set_value(9, c.get_phy_addr())
    d = q.deque(asc.float32)
    go.set_value(10, d.get_phy_addr())
    q.free_tensor(c)
    q.free_tensor(d)
    t = qb.alloc_tensor(asc.float32)
    go.set_value(11, t.get_phy_addr())
    asc.data_copy(t, gx, 128)
    qb.enque(t)
    t = qb.deque(asc.float32)
    asc.data_copy(gx[128:], t, 128)
    qb.free_tensor(t)
    ev = asc.get_tpipe_ptr().alloc_event_id(asc.HardEvent.S_V)
    ev2 = pipe.alloc_event_id(asc.HardEvent.S_V)
    go.set_value(12, ev)
    go.set_value(13, ev2)
    pipe.release_event_id(ev, asc.HardEvent.S_V)
    pipe.release_event_id(ev2, asc.HardEvent.S_V)
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(pool, 4096)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(tb, len=1024)
    go.set_value(14, tb.get(asc.float32).get_phy_addr())
    tb2 = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=tb2, num=256)  # for a TBuf, `num` is the byte length
    u = tb2.get(asc.float16)
    go.set_value(15, u.get_phy_addr())
    go.set_value(16, u.get_size())
    go.set_value(17, u.get_length())
    go.set_value(18, u.get_position())
    go.set_value(19, u.reinterpret_cast(asc.int32).get_size())
    go.set_value(20, tb2.get(asc.float16, 32).get_size())
    v = u[8:]
    go.set_value(21, v.get_size())
    go.set_value(22, v.get_phy_addr())
    go.set_value(23, gx.get_size())


def test_queue_states_addresses_and_descriptors() -> None:
    out = np.full(32, -1, dtype=np.int32)
    x = np.arange(256, dtype=np.float32)
    queue_states[1](out, x)
    expected = {
        0: 1, 1: 0, 2: 1,            # empty queue: vacant, nothing queued, idle buffers
        3: 0,                        # both buffers allocated
        4: 0, 5: 1, 6: 2,            # both enqueued: depth 2 is full
        7: 1, 8: 7, 9: 0, 10: 1024,  # first out is the first in, with its tag and buffer
        11: 2048,                    # the TQueBind's buffer follows the TQue's two
        12: 0, 13: 1,                # the pool's ids from 0
        14: 2560,                    # the TBufPool after the TQueBind's 512 bytes, its TBuf at its start
        15: 6656,                    # the pipe's next TBuf after the pool's 4096 bytes
        16: 128, 17: 256, 18: int(asc.TPosition.VECCALC), 19: 64, 20: 32,
        21: 120, 22: 6656 + 16,      # a view from element 8
        23: 256,
    }
    assert {i: int(out[i]) for i in expected} == expected
    np.testing.assert_array_equal(x[128:], x[:128])  # VECIN -> VECOUT through the bound queue


@asc.jit(always_compile=True)
def allocator_addresses(out: asc.GlobalAddress, n: int):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 16)
    al = asc.LocalMemAllocator()
    go.set_value(0, al.get_cur_addr())
    a = al.alloc(asc.TPosition.VECIN, asc.float32, 96)
    go.set_value(1, al.get_cur_addr())
    go.set_value(2, a.get_size())
    b = al.alloc(asc.TPosition.VECOUT, asc.float16, n)
    go.set_value(3, b.get_phy_addr())
    go.set_value(4, b.get_size())
    c = al.alloc(pos=asc.TPosition.VECCALC, data_type=asc.int8, tile_size=asc.ConstExpr(64))
    go.set_value(5, c.get_phy_addr())
    go.set_value(6, c.get_size())
    go.set_value(7, al.get_cur_addr())
    go.set_value(8, c.get_position())
    q = asc.TQue(asc.TPosition.VECOUT, asc.ConstExpr(2))
    pipe = asc.TPipe()
    pipe.init_buffer(q, 2, 256)
    go.set_value(9, q.vacant_in_que())


def test_allocator_addresses_and_constexpr_sizes() -> None:
    """`alloc(pos, data_type, tile_size: ConstExpr[int] | int)` and TQue's compile-time `depth` take an
    asc.ConstExpr(n) as the spec says (both used to be refused: "'tile_size' must be an integer, got
    ConstExpr")."""
    out = np.full(16, -1, dtype=np.int32)
    # The allocator's tensors start at UB byte 0, where the TPipe also places its queue (docs/debugging.md
    # "Static tensors next to a TPipe's buffers"); harmless here: nothing uses both. The compiler sees the
    # constant bytes (a's), the simulator all three tensors at run time (b's size is the argument n).
    with pytest.warns(CompileWarning, match=r"init_buffer of 2 × 256 bytes for a TPosition.VECOUT queue takes "
                                            r"bytes \[0, 512\) of Hardware.UB .* the static local tensor at "
                                            r"bytes \[0, 384\) of Hardware.UB also uses"), \
            pytest.warns(KernelWarning) as record:
        allocator_addresses[1](out, 48)
    texts = [str(w.message) for w in record if issubclass(w.category, KernelWarning)]
    assert [t[t.index("which"):t.index(": each")] for t in texts] == [
        "which the static local tensor at bytes [0, 384) of UB also uses",
        "which the static local tensor at bytes [384, 480) of UB also uses",
        "which the static local tensor at bytes [480, 544) of UB also uses"]
    assert out[:10].tolist() == [0, 384, 96, 384, 48, 480, 64, 544, int(asc.TPosition.VECCALC), 1]


@asc.jit(always_compile=True)
def tensor_descriptors(out: asc.GlobalAddress, x: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 16)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)  # no size: get_size() is 0
    gx.set_l2_cache_hint()
    g4 = asc.GlobalTensor()
    g4.set_global_buffer(gx.get_phy_addr(4), 8)
    go.set_value(0, g4.get_value(0))
    go.set_value(1, gx[6:].get_value(0))
    go.set_value(2, g4.get_size())
    go.set_value(3, gx.get_size())
    gx.set_shape_info(asc.ShapeInfo([4, 8]))
    go.set_value(4, asc.get_shape_size(gx.get_shape_info()))
    go.set_value(5, gx.get_shape_info().shape(1))
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    u = asc.LocalTensor(asc.float32)
    u.set_addr_with_offset(t, 16)
    go.set_value(6, u.get_phy_addr())
    u.set_buffer_len(128)
    go.set_value(7, u.get_length())
    go.set_value(8, u.get_size())
    go.set_value(9, t.get_phy_addr(2))


def test_tensor_descriptors() -> None:
    """GlobalTensor.set_shape_info / get_shape_info exist as pyasc_api.md §1.2 lists them (they were
    LocalTensor-only: "GlobalTensor has no attribute 'set_shape_info'")."""
    out = np.full(16, -1, dtype=np.float32)
    tensor_descriptors[1](out, np.arange(64, dtype=np.float32))
    assert out[:10].tolist() == [4, 6, 8, 0, 32, 8, 64, 128, 32, 8]


@asc.jit(always_compile=True)
def call_operator(out: asc.GlobalAddress, x: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    t.set_value(5, 7.0)
    go.set_value(0, gx(3))
    go.set_value(1, t(5))
    go.set_value(2, gx[8:](1))


def test_call_operator_reads_an_element() -> None:
    """`t(i)` (pyasc_api.md §1.1, §1.2: the call-operator form of both tensors) reads element i; it was
    "'GlobalTensor' object is not callable"."""
    out = np.zeros(8, dtype=np.float32)
    call_operator[1](out, np.arange(64, dtype=np.float32))
    assert out[:3].tolist() == [3, 7, 9]


@asc.jit(always_compile=True)
def prints_a_tensor(out: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    t.print(8)


@asc.jit(always_compile=True)
def saves_a_tensor(out: asc.GlobalAddress):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    t.to_file("t.bin")


@pytest.mark.parametrize("kernel,words", [
    (prints_a_tensor, "LocalTensor.print exists only in CANN's CPU debug build and does not compile for the "
                      "NPU; use asc.dump_tensor(t, desc, dump_size) instead"),
    (saves_a_tensor, "LocalTensor.to_file exists only in CANN's CPU debug build and does not compile for the "
                     "NPU; copy the tensor to a GM argument and save it on the host"),
])
def test_cpu_debug_only_methods_say_what_to_use(kernel, words: str) -> None:
    """print(data_len) and to_file(file_name) (pyasc_api.md §1.2; Ascend C's Print/ToFile exist only in
    the CPU debug build, ascendc_api.md item 9) are refused at their line saying what to use instead
    (they were "LocalTensor has no attribute 'print'")."""
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(8, dtype=np.float32))
    assert words in e.value.message
    lines, first = inspect.getsourcelines(kernel.fn)
    assert e.value.location.line == first + len(lines) - 1


@asc.jit(always_compile=True)
def nested_and_shared_pools(out: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 1024)
    a = asc.TBufPool(asc.TPosition.VECCALC)
    b = asc.TBufPool(asc.TPosition.VECCALC)
    c = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(a, 4096)
    pipe.init_buf_pool(b, 2048, share_buf=a)  # b takes turns with a: a's first 2048 bytes
    pipe.init_buf_pool(c, 2048)
    ta = asc.TBuf(asc.TPosition.VECCALC)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    tc = asc.TBuf(asc.TPosition.VECCALC)
    a.init_buffer(ta, len=1024)
    b.init_buffer(tb, len=1024)
    c.init_buffer(tc, len=1024)
    go.set_value(0, ta.get(asc.float32).get_phy_addr())
    go.set_value(1, tb.get(asc.float32).get_phy_addr())
    go.set_value(2, tc.get(asc.float32).get_phy_addr())
    s1 = asc.TBufPool(asc.TPosition.VECCALC)
    s2 = asc.TBufPool(asc.TPosition.VECCALC)
    c.init_buf_pool(s1, 256)  # nested: after tc in c
    c.init_buf_pool(s2, 256, s1)
    t2 = asc.TBuf(asc.TPosition.VECCALC)
    s2.init_buffer(t2, len=256)
    go.set_value(3, t2.get(asc.float32).get_phy_addr())


def test_nested_and_shared_buffer_pools() -> None:
    """TBufPool.init_buf_pool (a pool inside a pool) and the share_buf argument of both init_buf_pool
    methods (pyasc_api.md §1.6): the first was "TBufPool has no attribute 'init_buf_pool'", the second
    "'share_buf' is not supported yet", though the IR and the simulator model both."""
    out = np.full(8, -1, dtype=np.int32)
    nested_and_shared_pools[1](out)
    assert out[:4].tolist() == [1024, 1024, 1024 + 4096, 1024 + 4096 + 1024]
