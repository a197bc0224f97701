"""Flag timing on the simulator: a set_flag and the wait_flag that consumes the earlier set landing in one
cycle (docs/sync.md "Same-cycle set and wait"), and a real lost event, which is still reported."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit
def two_vecout_in_turn(y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int, n1: asc.ConstExpr[int],
                       n2: asc.ConstExpr[int]):
    """Two depth-1 VECOUT queues, each enqueued, dequeued, copied out and freed before the other's turn."""
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gy.set_global_buffer(y, tiles * n1)
    gz.set_global_buffer(z, tiles * n2)
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECOUT, 1)
    q2 = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q1, num=1, len=n1 * 4)
    pipe.init_buffer(que=q2, num=1, len=n2 * 4)
    for i in range(tiles):
        t1 = q1.alloc_tensor(asc.float32)
        asc.duplicate(t1, 0.5, n1)
        asc.exp(t1, t1, n1)  # long: the short duplicate below lands first
        q1.enque(t1)
        t1 = q1.deque(asc.float32)
        asc.data_copy(gy[i * n1:], t1, n1)
        q1.free_tensor(t1)
        t2 = q2.alloc_tensor(asc.float32)
        asc.duplicate(t2, 2.0, n2)
        q2.enque(t2)  # the same V_MTE3 id as q1's enque: the deque above released it
        t2 = q2.deque(asc.float32)
        asc.data_copy(gz[i * n2:], t2, n2)
        q2.free_tensor(t2)


@pytest.mark.parametrize("n1,n2", [(4096, 8), (4096, 64), (4096, 256), (1024, 8), (256, 256)])
def test_two_vecout_queues_in_turn(n1: int, n2: int) -> None:
    # (4096, 8): the second enque's set_flag(V_MTE3, 0) landed in the cycle the first deque's wait_flag took
    # the first one, and the simulator reported "the event is lost".
    tiles = 4
    y = np.zeros(tiles * n1, np.float32)
    z = np.zeros(tiles * n2, np.float32)
    two_vecout_in_turn[1](y, z, tiles, n1, n2)
    np.testing.assert_allclose(y, np.exp(np.float32(0.5)), rtol=1e-6)
    np.testing.assert_array_equal(z, 2.0)


@asc.jit
def two_vecin_behind_long_vector_work(x: asc.GlobalAddress, w: asc.GlobalAddress, y: asc.GlobalAddress,
                                      tiles: int, n: asc.ConstExpr[int], big: asc.ConstExpr[int],
                                      enque_both_first: asc.ConstExpr[bool]):
    """y = x + 1 + w through two VECIN queues, with long vector work on a TBuf between the tiles."""
    gx = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, tiles * n)
    gw.set_global_buffer(w, tiles * n)
    gy.set_global_buffer(y, tiles * n)
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECIN, 1)
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=q1, num=1, len=n * 4)
    pipe.init_buffer(que=q2, num=1, len=n * 4)
    pipe.init_buffer(que=qo, num=1, len=n * 4)
    pipe.init_buffer(tb, big * 4)
    c = tb.get(asc.float32)
    asc.duplicate(c, 0.5, big)
    for i in range(tiles):
        a = q1.alloc_tensor(asc.float32)
        asc.data_copy(a, gx[i * n:], n)
        q1.enque(a)  # SET
        if enque_both_first:
            b = q2.alloc_tensor(asc.float32)
            asc.data_copy(b, gw[i * n:], n)
            q2.enque(b)
        a = q1.deque(asc.float32)  # WAIT
        o = qo.alloc_tensor(asc.float32)
        asc.adds(o, a, 1.0, n)
        q1.free_tensor(a)
        if not enque_both_first:
            b = q2.alloc_tensor(asc.float32)
            asc.data_copy(b, gw[i * n:], n)
            q2.enque(b)  # FAULT
        b = q2.deque(asc.float32)
        asc.add(o, o, b, n)
        q2.free_tensor(b)
        asc.exp(c, c, big)  # long: PIPE_V reaches the next tile's q1 deque late
        qo.enque(o)
        o = qo.deque(asc.float32)
        asc.data_copy(gy[i * n:], o, n)
        qo.free_tensor(o)


def test_an_enque_reusing_an_id_its_wait_has_not_consumed_is_a_lost_event() -> None:
    # In program order q1's deque waits before q2's enque sets the same MTE2_V id, but PIPE_V is busy with
    # the exp when MTE2 has brought in both tiles: both sets land before the wait (hardware.md 3.3,
    # 3.5), which the NPU would lose. The report says what the queues did and what to change.
    n, tiles = 256, 2
    x = np.ones(tiles * n, np.float32)
    with pytest.raises(KernelError) as info:
        two_vecin_behind_long_vector_work[1](x, x.copy(), np.zeros_like(x), tiles, n, 16384, False)
    err = info.value
    kernel = two_vecin_behind_long_vector_work
    assert err.category == "sync"
    assert err.location is not None and err.location.file == __file__
    assert err.location.line == _line(kernel, "FAULT")
    wait = f"{__file__}:{_line(kernel, 'WAIT')}"
    assert re.fullmatch(
        r"kernel 'two_vecin_behind_long_vector_work' \(block 0\): enque sets flag MTE2_V id 0 at cycle \d+ while "
        r"the earlier set of that id \(cycle \d+\) is still unconsumed: the wait_flag issued at " + re.escape(wait) +
        r" to consume it has not run yet, because PIPE_V is still busy with earlier instructions\. Queues take the "
        r"lowest free event id, so this enque reuses the id that wait releases in program order; on the NPU a flag "
        r"is one bit, so this set is lost and a later wait hangs\. Enqueue the tensors before dequeuing any of them "
        r"\(each then holds its own id until its deque\)", err.message), err.message
    assert [n.location.line for n in err.notes] == [_line(kernel, "SET"), _line(kernel, "WAIT")]


def test_enqueuing_both_before_dequeuing_as_the_report_says() -> None:
    n, tiles = 256, 3
    rng = np.random.default_rng(7)
    x = rng.standard_normal(tiles * n).astype(np.float32)
    w = rng.standard_normal(tiles * n).astype(np.float32)
    y = np.zeros_like(x)
    two_vecin_behind_long_vector_work[1](x, w, y, tiles, n, 16384, True)
    np.testing.assert_array_equal(y, (x + np.float32(1)) + w)


@asc.jit
def free_after_a_reallocation(x: asc.GlobalAddress, w: asc.GlobalAddress, y: asc.GlobalAddress,
                              n: asc.ConstExpr[int], big: asc.ConstExpr[int], free_both_first: asc.ConstExpr[bool]):
    """y = 2 x + w; q1's buffer is allocated again (behind a long MTE2 copy) before q2's is freed."""
    gx = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, big)
    gw.set_global_buffer(w, n)
    gy.set_global_buffer(y, n)
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECIN, 1)
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    tb = asc.TBuf(asc.TPosition.VECIN)
    pipe.init_buffer(que=q1, num=1, len=n * 4)
    pipe.init_buffer(que=q2, num=1, len=n * 4)
    pipe.init_buffer(que=qo, num=1, len=n * 4)
    pipe.init_buffer(tb, big * 4)
    c = tb.get(asc.float32)
    a = q1.alloc_tensor(asc.float32)
    asc.data_copy(a, gx, n)
    q1.enque(a)
    b = q2.alloc_tensor(asc.float32)
    asc.data_copy(b, gw, n)
    q2.enque(b)
    a = q1.deque(asc.float32)
    b = q2.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    asc.add(o, a, b, n)
    q1.free_tensor(a)  # SET
    if free_both_first:
        q2.free_tensor(b)
    asc.data_copy(c, gx, big)  # a long MTE2 copy in front of the alloc's wait_flag
    a = q1.alloc_tensor(asc.float32)  # WAIT
    if not free_both_first:
        q2.free_tensor(b)  # FAULT
    asc.data_copy(a, gx, n)
    q1.enque(a)
    a = q1.deque(asc.float32)
    asc.add(o, o, a, n)
    q1.free_tensor(a)
    qo.enque(o)
    o = qo.deque(asc.float32)
    asc.data_copy(gy, o, n)
    qo.free_tensor(o)


def test_a_free_tensor_reusing_an_id_its_wait_has_not_consumed_is_a_lost_event() -> None:
    n, big = 256, 16384
    kernel = free_after_a_reallocation
    with pytest.raises(KernelError) as info:
        kernel[1](np.ones(big, np.float32), np.ones(n, np.float32), np.zeros(n, np.float32), n, big, False)
    err = info.value
    assert err.category == "sync"
    assert err.location is not None and err.location.line == _line(kernel, "FAULT")
    wait = f"{__file__}:{_line(kernel, 'WAIT')}"
    assert re.fullmatch(
        r"kernel 'free_after_a_reallocation' \(block 0\): free_tensor sets flag V_MTE2 id 0 at cycle \d+ while the "
        r"earlier set of that id \(cycle \d+\) is still unconsumed: the wait_flag issued at " + re.escape(wait) +
        r" to consume it has not run yet, because PIPE_MTE2 is still busy with earlier instructions\. Queues take "
        r"the lowest free event id, so this free_tensor reuses the id that wait releases in program order; on the "
        r"NPU a flag is one bit, so this set is lost and a later wait hangs\. Free the tensors before allocating any "
        r"of them again \(each then holds its own id until its alloc_tensor\)", err.message), err.message
    assert [n.location.line for n in err.notes] == [_line(kernel, "SET"), _line(kernel, "WAIT")]


def test_freeing_both_before_allocating_as_the_report_says() -> None:
    n, big = 256, 16384
    rng = np.random.default_rng(3)
    x = rng.standard_normal(big).astype(np.float32)
    w = rng.standard_normal(n).astype(np.float32)
    y = np.zeros(n, np.float32)
    free_after_a_reallocation[1](x, w, y, n, big, True)
    np.testing.assert_array_equal(y, (x[:n] + w) + x[:n])


@asc.jit
def set_again_while_the_wait_is_busy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Balanced in program order, but MTE3 is still copying when V sets the flag a second time."""
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.duplicate(a, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.set_flag(asc.HardEvent.V_MTE3, 1)
    asc.data_copy(gz, a, n)  # a long MTE3 copy in front of the wait below
    asc.wait_flag(asc.HardEvent.V_MTE3, 1)
    asc.set_flag(asc.HardEvent.V_MTE3, 1)  # FAULT
    asc.wait_flag(asc.HardEvent.V_MTE3, 1)


def _line(kernel, mark: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    (line,) = [first + i for i, text in enumerate(lines) if f"# {mark}" in text]
    return line


def test_a_set_before_the_wait_can_run_is_still_a_lost_event() -> None:
    n = 8192
    z = np.zeros(n, np.float32)
    # Program order is balanced (set, wait, set, wait), so this is the timeline check (FlagTable::set).
    with pytest.raises(KernelError) as info:
        set_again_while_the_wait_is_busy[1](np.zeros(n, np.float32), z, n)
    err = info.value
    assert err.category == "sync"
    assert err.location is not None and err.location.file == __file__
    assert err.location.line == _line(set_again_while_the_wait_is_busy, "FAULT")
    assert re.fullmatch(r"kernel 'set_again_while_the_wait_is_busy' \(block 0\): set_flag\(V_MTE3, 1\) sets the flag at cycle \d+ while it is still set from an earlier "
                        r"set_flag that no wait_flag has consumed yet; the event is lost\. Add a reverse "
                        r"synchronisation or use another event id", err.message), err.message
