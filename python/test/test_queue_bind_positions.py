"""TQueBind's buffer position (ascendc_api.md §2.5, hardware.md §3.5): a GM-bound queue keeps its buffers at
the on-chip end, an L1 -> L0 queue (A1 -> A2, B1 -> B2, C1 -> C2, what TQue(A2) etc. bind) at the L0 end,
every other at its source; the tensors it hands out are typed at that position, as the simulator places
them."""

from __future__ import annotations

import numpy as np

import asc

A = (np.arange(256) % 7 - 3).astype(np.float16)
B = (np.arange(256) % 5 - 2).astype(np.float16)


@asc.jit(always_compile=True)
def l1_to_l0_binds(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, out: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    gb = asc.GlobalTensor()
    gb.set_global_buffer(b, 256)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    go = asc.GlobalTensor()
    go.set_global_buffer(out, 8)
    pipe = asc.TPipe()
    qa1 = asc.TQue(asc.TPosition.A1, 1)
    qb1 = asc.TQue(asc.TPosition.B1, 1)
    qa2 = asc.TQueBind(asc.TPosition.A1, asc.TPosition.A2, 1)
    qb2 = asc.TQueBind(asc.TPosition.B1, asc.TPosition.B2, 1)
    qco1 = asc.TQueBind(asc.TPosition.CO1, asc.TPosition.CO2, 1)
    pipe.init_buffer(qa1, 1, 512)
    pipe.init_buffer(qb1, 1, 512)
    pipe.init_buffer(qa2, 1, 512)
    pipe.init_buffer(qb2, 1, 512)
    pipe.init_buffer(qco1, 1, 1024)
    nd = asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1)
    a1 = qa1.alloc_tensor(asc.float16)
    b1 = qb1.alloc_tensor(asc.float16)
    asc.data_copy(a1, ga, nd)
    asc.data_copy(b1, gb, nd)
    qa1.enque(a1)
    qb1.enque(b1)
    a1 = qa1.deque(asc.float16)
    b1 = qb1.deque(asc.float16)
    a2 = qa2.alloc_tensor(asc.float16)
    b2 = qb2.alloc_tensor(asc.float16)
    go.set_value(0, a2.get_position())
    go.set_value(1, b2.get_position())
    go.set_value(2, a2.get_phy_addr())
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(repeat_times=1, if_transpose=True))
    qa1.free_tensor(a1)
    qb1.free_tensor(b1)
    qa2.enque(a2)
    qb2.enque(b2)
    a2 = qa2.deque(asc.float16)
    b2 = qb2.deque(asc.float16)
    co1 = qco1.alloc_tensor(asc.float32)
    go.set_value(3, co1.get_position())
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16))
    qa2.free_tensor(a2)
    qb2.free_tensor(b2)
    qco1.enque(co1)
    co1 = qco1.deque(asc.float32)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    qco1.free_tensor(co1)


def test_l1_to_l0_bind_hands_out_l0_tensors() -> None:
    """TQueBind(A1, A2) / (B1, B2) tensors are L0A / L0B tensors, fit for load_data and mmad (they were typed
    A1 / B1: "load_data: cannot load from TPosition.A1 (L1) to TPosition.A1 (L1)"), while the simulator
    already placed them in L0; TQueBind(CO1, CO2) keeps its buffers at CO1 (L0C)."""
    c = np.zeros(256, dtype=np.float32)
    out = np.full(8, -1, dtype=np.int32)
    l1_to_l0_binds[1](A, B, c, out)
    assert out[:4].tolist() == [int(asc.TPosition.A2), int(asc.TPosition.B2), 0, int(asc.TPosition.CO1)]
    expected = A.reshape(16, 16).astype(np.float32) @ B.reshape(16, 16).astype(np.float32)
    np.testing.assert_array_equal(c.reshape(16, 16), expected)

