"""Framework rules a user can break (ascendc_api.md §6.6): a TBuf takes one byte length; only the ids
alloc_event_id reserved may be released; alloc/free and enque/deque pair inside a TBufPool before its reset.
Also the queue queries after every state change, fetch/alloc/release id sequences and TPipe reuse after
reset/destroy/init, read back through GM."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def tbuf_num_and_len(out: asc.GlobalAddress):
    pipe = asc.TPipe()
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, 2, 512)
    t = tb.get(asc.float32)
    t.set_value(0, 1.0)


@asc.jit(always_compile=True)
def pool_tbuf_num_and_len(out: asc.GlobalAddress):
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(pool, 1024)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(tb, num=1, len=256)
    t = tb.get(asc.float32)
    t.set_value(0, 1.0)


@pytest.mark.parametrize("kernel,args", [(tbuf_num_and_len, "num=2 and len=512"),
                                         (pool_tbuf_num_and_len, "num=1 and len=256")])
def test_tbuf_takes_one_byte_length(kernel, args: str) -> None:
    """`init_buffer(tb, 2, 512)` reads like 2 buffers of 512 bytes; a TBuf has one buffer, and the count was
    dropped without a word (the TBuf got 512 bytes)."""
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(8, dtype=np.float32))
    assert e.value.message == (
        f"init_buffer: a TBuf takes one byte length, as 'num' (pyasc's keyword) or 'len', but got both {args}; "
        "give the TBuf's byte length once (a TBuf has no buffer count)")
    assert e.value.location.line == _line_of(kernel, "init_buffer(tb")


@asc.jit(always_compile=True)
def releases_a_queue_id(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, gx, 64)
    q.enque(t)
    pipe.release_event_id(0, asc.HardEvent.MTE2_V)
    t = q.deque(asc.float32)
    q.free_tensor(t)


def test_release_of_an_id_a_queue_holds() -> None:
    """The enque holds MTE2_V id 0 until the deque; releasing it was accepted, so alloc_event_id could hand
    the same id out while the queue's wait still used it."""
    with pytest.raises(KernelError) as e:
        releases_a_queue_id[1](np.zeros(64, dtype=np.float32))
    assert e.value.message == (
        "kernel 'releases_a_queue_id' (block 0): release_event_id(MTE2_V, 0) releases an id that a queue buffer "
        "holds, not one that alloc_event_id reserved; release only the ids alloc_event_id returned")
    assert e.value.location.line == _line_of(releases_a_queue_id, "release_event_id")
    assert e.value.notes[0].location.line == _line_of(releases_a_queue_id, "q.enque(t)")


@asc.jit(always_compile=True)
def resets_a_pool_in_use(out: asc.GlobalAddress, free_first: asc.ConstExpr[bool]):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC)
    pipe.init_buf_pool(pool, 2048)
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pool.init_buffer(q, 2, 512)
    a = q.alloc_tensor(asc.float32)
    asc.duplicate(a, 3.0, 128)
    q.enque(a)
    b = q.deque(asc.float32)
    asc.data_copy(go, b, 8)
    if free_first:
        q.free_tensor(b)
    pool.reset()
    q2 = asc.TQue(asc.TPosition.VECOUT, 1)
    pool.init_buffer(q2, 1, 1024)
    c = q2.alloc_tensor(asc.float32)
    q2.free_tensor(c)


def test_pool_reset_needs_freed_tensors() -> None:
    """alloc/free pair inside a pool (ascendc_api.md §6.6): the reset of a pool whose tensor is still out
    was accepted, so the next init_buffer handed the tensor's memory out again."""
    out = np.zeros(8, dtype=np.float32)
    resets_a_pool_in_use[1](out, True)
    np.testing.assert_array_equal(out, np.full(8, 3.0, dtype=np.float32))
    with pytest.raises(KernelError) as e:
        resets_a_pool_in_use[1](out, False)
    kernel = resets_a_pool_in_use
    assert e.value.message.startswith(
        "kernel 'resets_a_pool_in_use' (block 0): reset() on the TBufPool initialised at ")
    assert e.value.message.endswith(
        " while the VECOUT queue (2 x 512 bytes, initialised at "
        f"{__file__}:{_line_of(kernel, 'pool.init_buffer(q,')}) still has a tensor allocated and not freed: "
        "alloc_tensor and free_tensor (and enque and deque) must pair inside a pool; free the tensor before "
        "the reset")
    assert e.value.location.line == _line_of(kernel, "pool.reset()")
    assert e.value.notes[0].location.line == _line_of(kernel, "b = q.deque")


@asc.jit(always_compile=True)
def queue_life(out: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 40)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(q, 3, 256)
    go.set_value(0, q.vacant_in_que())
    go.set_value(1, q.has_tensor_in_que())
    go.set_value(2, q.get_tensor_count_in_que())
    go.set_value(3, q.has_idle_buffer())
    a = q.alloc_tensor(asc.float32)
    b = q.alloc_tensor(asc.float32)
    go.set_value(4, q.has_idle_buffer())
    c = q.alloc_tensor(asc.float32)
    go.set_value(5, q.has_idle_buffer())
    q.enque(a)
    go.set_value(6, q.vacant_in_que())
    go.set_value(7, q.get_tensor_count_in_que())
    q.enque(b)
    go.set_value(8, q.vacant_in_que())  # depth 2: full with 2 of its 3 buffers enqueued
    go.set_value(9, q.get_tensor_count_in_que())
    d = q.deque(asc.float32)
    go.set_value(10, q.get_tensor_count_in_que())
    go.set_value(11, d.get_phy_addr())
    q.free_tensor(d)
    go.set_value(12, q.has_idle_buffer())
    e = q.deque(asc.float32)
    go.set_value(13, e.get_phy_addr())
    go.set_value(14, q.has_tensor_in_que())
    q.free_tensor(e)
    q.free_tensor(c)
    e1 = pipe.fetch_event_id(asc.HardEvent.V_S)
    e2 = pipe.fetch_event_id(asc.HardEvent.V_S)  # fetch does not reserve
    e3 = pipe.alloc_event_id(asc.HardEvent.V_S)
    e4 = pipe.fetch_event_id(asc.HardEvent.V_S)
    e5 = pipe.alloc_event_id(asc.HardEvent.V_S)
    pipe.release_event_id(e3, asc.HardEvent.V_S)
    go.set_value(15, e1)
    go.set_value(16, e2)
    go.set_value(17, e3)
    go.set_value(18, e4)
    go.set_value(19, e5)
    go.set_value(20, pipe.fetch_event_id(asc.HardEvent.V_S))  # the released id is free again
    pipe.release_event_id(e5, asc.HardEvent.V_S)
    pipe.reset()  # the buffers go; a TBuf starts at byte 0 again
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, 512)
    go.set_value(21, tb.get(asc.float32).get_phy_addr())
    pipe.destroy()
    pipe2 = asc.TPipe()  # a new TPipe after destroy
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    pipe2.init_buffer(q2, 1, 64)
    t2 = q2.alloc_tensor(asc.int16)
    go.set_value(22, t2.get_phy_addr())
    go.set_value(23, t2.get_size())
    q2.free_tensor(t2)
    pipe2.destroy()
    pipe2.init()  # the same TPipe again after destroy
    q3 = asc.TQue(asc.TPosition.VECIN, 1)
    pipe2.init_buffer(q3, 1, 100)  # rounded up to 128 bytes
    t3 = q3.alloc_tensor(asc.int8)
    go.set_value(24, t3.get_phy_addr())
    go.set_value(25, t3.get_size())
    go.set_value(26, t3.get_length())
    q3.free_tensor(t3)


def test_queue_queries_event_ids_and_pipe_reuse() -> None:
    out = np.full(40, -1, dtype=np.int32)
    queue_life[1](out)
    assert out[:27].tolist() == [1, 0, 0, 1,  # empty
                                 1, 0,        # 2 of 3 allocated, then all 3
                                 1, 1, 0, 2,  # enqueued 1, then 2 (depth 2: not vacant)
                                 1, 0, 1,     # dequeued the first (buffer 0), freed it
                                 256, 0,      # the second, the queue empty
                                 0, 0, 0, 1, 1, 0,
                                 0, 0, 32, 0, 128, 128]
    assert (out[27:] == -1).all()


@asc.jit(always_compile=True)
def tpipe_ptr_without_a_pipe(out: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    go.set_value(0, asc.get_tpipe_ptr().alloc_event_id(asc.HardEvent.V_S))


@asc.jit(always_compile=True)
def tpipe_ptr_after_destroy(out: asc.GlobalAddress):
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    pipe = asc.TPipe()
    go.set_value(0, pipe.alloc_event_id(asc.HardEvent.V_S))
    pipe.destroy()
    p = asc.get_tpipe_ptr()  # the destroyed pipe, which init() brings back
    p.init()
    go.set_value(1, p.alloc_event_id(asc.HardEvent.V_S))


def test_get_tpipe_ptr_needs_a_pipe() -> None:
    """GetTPipePtr() before any TPipe is a null pointer on the NPU; the simulator ran alloc_event_id on it."""
    out = np.full(8, -1, dtype=np.int32)
    with pytest.raises(KernelError) as e:
        tpipe_ptr_without_a_pipe[1](out)
    assert e.value.message == (
        "kernel 'tpipe_ptr_without_a_pipe' (block 0): get_tpipe_ptr() before any TPipe was created on this core: "
        "there is no current TPipe (on the NPU GetTPipePtr() returns a null pointer). Create one with asc.TPipe() "
        "first")
    assert e.value.location.line == _line_of(tpipe_ptr_without_a_pipe, "get_tpipe_ptr")
    tpipe_ptr_after_destroy[1](out)
    assert out[:2].tolist() == [0, 0]  # destroy released the id; the re-initialised pipe hands it out again
