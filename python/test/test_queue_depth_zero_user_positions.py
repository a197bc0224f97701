"""A depth-0 queue with user positions: `q.enque(t, src_user_pos, dst_user_pos)` then the in-place `q.deque(t)`
(ascendc_api.md §2.5/§6.6: the in-place DeQue(t) is the depth-0 form and takes no user positions; hardware.md §3.5:
EnQue<src, dst> sets the event of the user positions, DeQue waits the queue's own). When the two events agree the
pair runs (results, emitted Ascend C, no race); when they differ the NPU hangs, and the simulator stops at the deque
with advice a depth-0 queue can follow; the value form deque(dtype, src, dst) is a compile error on depth 0."""

from __future__ import annotations

import inspect
import warnings
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError, SyncWarning

TILE = 256


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def add_through_depth_zero(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = x + y; each enque names the user positions of its queue's own event (GM->VECIN: MTE2_V, VECOUT->GM:
    V_MTE3), positionally and by keyword; each deque is the in-place one."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy.set_global_buffer(y, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 0)
    qy = asc.TQueBind(asc.TPosition.GM, asc.TPosition.VECIN, 0)
    qz = asc.TQue(asc.TPosition.VECOUT, 0)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qy, 2, TILE * 4)
    pipe.init_buffer(qz, 2, TILE * 4)
    a = asc.LocalTensor(asc.float32)
    b = asc.LocalTensor(asc.float32)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT)
    for i in range(n // TILE):
        qx.alloc_tensor(a)
        qy.alloc_tensor(b)
        asc.data_copy(a, gx[i * TILE:], TILE)
        asc.data_copy(b, gy[i * TILE:], TILE)
        qx.enque(a, asc.TPosition.GM, asc.TPosition.VECIN)
        qy.enque(b, src_user_pos=asc.TPosition.GM, dst_user_pos=asc.TPosition.VECCALC)
        qx.deque(a)
        qy.deque(tensor=b)
        qz.alloc_tensor(c)
        asc.add(c, a, b, TILE)
        qz.enque(c, asc.TPosition.VECOUT, asc.TPosition.GM)
        qx.free_tensor(a)
        qy.free_tensor(b)
        qz.deque(c)
        asc.data_copy(gz[i * TILE:], c, TILE)
        qz.free_tensor(c)


def test_user_positions_of_the_queues_own_event_then_deque_in_place_give_numpys_result(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    rng = np.random.default_rng(21)
    x = rng.standard_normal(5 * TILE).astype(np.float32)
    y = rng.standard_normal(5 * TILE).astype(np.float32)
    z = np.zeros_like(x)
    add_through_depth_zero[1](x, y, z, x.size)  # the race detector is on: a race would raise
    np.testing.assert_array_equal(z, x + y)
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    body = [line.strip() for line in (folder / "ascendc.cpp").read_text().splitlines()
            if not line.startswith("#line")]
    start = body.index("qx.AllocTensor(a);") - 1
    assert body[start:start + 23] == [
        "AscendC::LocalTensor<float> a;",
        "qx.AllocTensor(a);",
        "AscendC::LocalTensor<float> b;",
        "qy.AllocTensor(b);",
        "int32_t v1 = i * 256;",
        "AscendC::DataCopy(a, gx[v1], 256);",
        "AscendC::DataCopy(b, gy[v1], 256);",
        "qx.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN>(a);",
        "qy.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECCALC>(b);",
        "AscendC::LocalTensor<float> a_1 = a;",
        "qx.DeQue(a_1);",
        "AscendC::LocalTensor<float> b_1 = b;",
        "qy.DeQue(b_1);",
        "AscendC::LocalTensor<float> c;",
        "qz.AllocTensor(c);",
        "AscendC::Add(c, a_1, b_1, 256);",
        "qz.EnQue<AscendC::TPosition::VECOUT, AscendC::TPosition::GM>(c);",
        "qx.FreeTensor(a_1);",
        "qy.FreeTensor(b_1);",
        "AscendC::LocalTensor<float> c_1 = c;",
        "qz.DeQue(c_1);",
        "AscendC::DataCopy(gz[v1], c_1, 256);",
        "qz.FreeTensor(c_1);",
    ]
    assert "AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECIN, 0> qy;" in body


@asc.jit(always_compile=True, verify_sync=True)
def other_event(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, form: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    if form == 2:
        q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 0)
    else:
        q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    q.alloc_tensor(t)
    asc.data_copy(t, gx, TILE)
    if form == 0:
        q.enque(t, asc.TPosition.VECCALC, asc.TPosition.GM)  # ENQUE
    elif form == 1:
        q.enque(t, asc.TPosition.VECIN, asc.TPosition.VECCALC)  # ENQUE
    else:
        q.enque(t, asc.TPosition.GM, asc.TPosition.VECIN)  # ENQUE
    q.deque(t)  # DEQUE
    asc.data_copy(gz, t, TILE)
    q.free_tensor(t)


@pytest.mark.parametrize("form, positions, names, queue, waits, enqueued", [
    (0, "(TPosition.VECCALC, TPosition.GM)", "VECCALC, GM", "the VECIN queue", "the MTE2_V flag", "the V_MTE3 flag"),
    (1, "(TPosition.VECIN, TPosition.VECCALC)", "VECIN, VECCALC", "the VECIN queue", "the MTE2_V flag",
     "a PIPE_V barrier (nothing to wait)"),
    (2, "(TPosition.GM, TPosition.VECIN)", "GM, VECIN", "the VECIN->VECOUT queue", "the MTE2_MTE3 flag",
     "the MTE2_V flag"),
])
def test_user_positions_of_another_event_warn_and_stop_at_the_in_place_deque(
        form: int, positions: str, names: str, queue: str, waits: str, enqueued: str) -> None:
    # Before: both told the user to give deque(t) the enque's user positions, which the in-place form cannot take
    # (and deque(dtype, src, dst) is refused on a depth-0 queue).
    enque, deque = _line_of(other_event, "# ENQUE") + form * 2, _line_of(other_event, "# DEQUE")
    with warnings.catch_warnings(record=True) as record, pytest.raises(KernelError) as e:
        warnings.simplefilter("always")
        other_event[1](np.zeros(TILE, np.float32), np.zeros(TILE, np.float32), TILE, form)
    texts = [str(w.message) for w in record if issubclass(w.category, SyncWarning)]
    assert texts == [f"{__file__}:{deque}: verify_sync: in-place deque of a tensor enqueued with user positions "
                     f"{positions} (line {enque}): it waits the event of the queue's own positions, not always the "
                     "one the enque set; enque the tensor without user positions, or use a queue of depth 1 or "
                     "more and give its deque the user positions of the enque"]
    assert e.value.category == "queue"
    assert e.value.location.line == deque
    assert e.value.message.startswith(f"kernel 'other_event' (block 0): deque (the queue's own positions) on "
                                      f"{queue} (1 x 1024 bytes, initialised at ")
    assert e.value.message.endswith(
        f"waits {waits}, but the tensor was enqueued (user positions {names}) with {enqueued}: that wait is never "
        "satisfied (the NPU hangs). The in-place deque(t) of a depth-0 queue takes no user positions: enque the "
        "tensor without them, or use a queue of depth 1 or more and give its deque the user positions of the enque")


@asc.jit(always_compile=True)
def value_deque_with_positions(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    q.alloc_tensor(t)
    q.enque(t, asc.TPosition.GM, asc.TPosition.VECIN)
    u = q.deque(asc.float32, asc.TPosition.GM, asc.TPosition.VECIN)  # VALUE-DEQUE
    q.free_tensor(u)


def test_the_value_deque_with_user_positions_on_a_depth_zero_queue_is_a_compile_error_at_the_line() -> None:
    with pytest.raises(CompileError) as e:
        value_deque_with_positions[1](np.zeros(TILE, np.float32), TILE)
    assert e.value.message == ("TQue.deque: needs a queue of depth at least 1, but the queue has depth 0 (a queue of "
                               "depth 0 takes the in-place forms alloc_tensor(t) and deque(t))")
    assert e.value.location.line == _line_of(value_deque_with_positions, "# VALUE-DEQUE")
