"""Queues of depth 0 (ascendc_api.md §TQue: "in-place AllocTensor(t)/DeQue(t) need depth 0; the query
methods and FreeAllEvent are invalid for depth 0"; hardware.md §3.5: InitBuffer pre-allocates the
free-event ids and pre-sets them): `que.alloc_tensor(t)` and `que.deque(t)` are Ascend C's in-place
`AllocTensor(t)` / `DeQue(t)`. Results, the race detector's verdict, the emitted Ascend C and the misuse
errors."""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import asc
from asc._C import _ods, _ods_info
from asc.codegen.errors import CompileError

TILE = 256


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def add_depth_zero(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = x + y tile by tile through depth-0 VECIN and VECOUT queues of two buffers each."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy.set_global_buffer(y, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 0)
    qy = asc.TQue(asc.TPosition.VECIN, 0)
    qz = asc.TQue(asc.TPosition.VECOUT, 0)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qy, 2, TILE * 4)
    pipe.init_buffer(qz, 2, TILE * 4)
    a = asc.LocalTensor(asc.float32)
    b = asc.LocalTensor(asc.float32)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT)
    for i in range(n // TILE):
        qx.alloc_tensor(a)
        qy.alloc_tensor(tensor=b)
        asc.data_copy(a, gx[i * TILE:], TILE)
        asc.data_copy(b, gy[i * TILE:], TILE)
        qx.enque(a)
        qy.enque(b)
        qx.deque(a)
        qy.deque(tensor=b)
        qz.alloc_tensor(c)
        asc.add(c, a, b, TILE)
        qz.enque(c)
        qx.free_tensor(a)
        qy.free_tensor(b)
        qz.deque(c)
        asc.data_copy(gz[i * TILE:], c, TILE)
        qz.free_tensor(c)


def test_depth_zero_queues_in_a_runtime_loop_give_numpys_result_without_a_race(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    rng = np.random.default_rng(11)
    x = rng.standard_normal(7 * TILE).astype(np.float32)
    y = rng.standard_normal(7 * TILE).astype(np.float32)
    z = np.zeros_like(x)
    add_depth_zero[1](x, y, z, x.size)  # the race detector is on: a race would raise
    np.testing.assert_array_equal(z, x + y)
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    cpp = [line.strip() for line in (folder / "ascendc.cpp").read_text().splitlines()]
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 0> qx;" in cpp
    assert "AscendC::TQue<AscendC::TPosition::VECOUT, 0> qz;" in cpp
    # Ascend C's in-place forms: AllocTensor(t) on a new variable, DeQue(t) on one taking the enqueued tensor.
    body = [line for line in cpp if not line.startswith("#line")]
    start = body.index("AscendC::LocalTensor<float> a;")
    assert body[start:start + 4] == ["AscendC::LocalTensor<float> a;", "qx.AllocTensor(a);",
                                     "AscendC::LocalTensor<float> b;", "qy.AllocTensor(b);"]
    start = body.index("qx.EnQue(a);")
    assert body[start:start + 11] == ["qx.EnQue(a);", "qy.EnQue(b);",
                                      "AscendC::LocalTensor<float> a_1 = a;", "qx.DeQue(a_1);",
                                      "AscendC::LocalTensor<float> b_1 = b;", "qy.DeQue(b_1);",
                                      "AscendC::LocalTensor<float> c;", "qz.AllocTensor(c);",
                                      "AscendC::Add(c, a_1, b_1, 256);", "qz.EnQue(c);", "qx.FreeTensor(a_1);"]
    start = body.index("AscendC::LocalTensor<float> c_1 = c;")
    assert body[start:start + 2] == ["AscendC::LocalTensor<float> c_1 = c;", "qz.DeQue(c_1);"]


@asc.jit
def value_alloc_on_depth_zero(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    q.free_tensor(t)


@asc.jit
def value_deque_on_depth_zero(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    q.alloc_tensor(t)
    q.enque(t)
    u = q.deque(asc.float32)
    q.free_tensor(u)


@asc.jit
def query_on_depth_zero(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    if q.has_idle_buffer():
        pipe.destroy()


@asc.jit
def free_all_event_on_depth_zero(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    q.free_all_event()


_VALUE_FORMS = " (a queue of depth 0 takes the in-place forms alloc_tensor(t) and deque(t))"
_QUERIES = " (a queue of depth 0 has no query methods and no free_all_event)"


@pytest.mark.parametrize("kernel,marker,message", [
    (value_alloc_on_depth_zero, "t = q.alloc_tensor(asc.float32)",
     "TQue.alloc_tensor: needs a queue of depth at least 1, but the queue has depth 0" + _VALUE_FORMS),
    (value_deque_on_depth_zero, "u = q.deque(asc.float32)",
     "TQue.deque: needs a queue of depth at least 1, but the queue has depth 0" + _VALUE_FORMS),
    (query_on_depth_zero, "if q.has_idle_buffer()",
     "TQue.has_idle_buffer: needs a queue of depth at least 1, but the queue has depth 0" + _QUERIES),
    (free_all_event_on_depth_zero, "q.free_all_event()",
     "TQue.free_all_event: needs a queue of depth at least 1, but the queue has depth 0" + _QUERIES),
])
def test_what_a_depth_zero_queue_lacks_is_a_compile_error_at_the_line(kernel, marker: str, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(TILE, dtype=np.float32), 2)
    assert e.value.message == message
    assert e.value.location.file == __file__
    assert e.value.location.line == _line_of(kernel, marker)


def test_a_unit_attribute_is_a_flag_off_unless_given() -> None:
    """ODS `UnitAttr` (asc.alloc_tensor's `in_place`): the generated builder takes it as a keyword that
    defaults to False and sets the attribute only when true (lib/TableGen/ascgen/emit_python.py)."""
    param = inspect.signature(_ods.alloc_tensor).parameters["in_place"]
    assert (param.kind, param.default) == (inspect.Parameter.KEYWORD_ONLY, False)
    assert _ods_info.OP_INFO["alloc_tensor"]["attributes"] == (("in_place", "unit", False),)
    assert "    if in_place:\n        attrs['in_place'] = b.unit_attr()\n" in inspect.getsource(_ods.alloc_tensor)

