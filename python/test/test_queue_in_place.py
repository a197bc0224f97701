"""The in-place queue forms `que.alloc_tensor(t)` and `que.deque(t)` (pyasc_api.md §1.6, Appendix A):
the LocalTensor variable `t` takes the new tensor, in straight code, runtime loops and branches."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError

TILE = 256


@asc.jit
def scale_usual(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z = x * 2 on even tiles, x * 3 on odd ones: the value forms."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qz = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qz, 2, TILE * 4)
    for i in range(n // TILE):
        a = qx.alloc_tensor(asc.float32)
        asc.data_copy(a, gx[i * TILE:], TILE)
        qx.enque(a)
        b = qx.deque(asc.float32)
        c = qz.alloc_tensor(asc.float32)
        if i % 2 == 0:
            asc.muls(c, b, 2.0, TILE)
        else:
            asc.muls(c, b, 3.0, TILE)
        qz.enque(c)
        qx.free_tensor(b)
        d = qz.deque(asc.float32)
        asc.data_copy(gz[i * TILE:], d, TILE)
        qz.free_tensor(d)


@asc.jit
def scale_in_place(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """The same with the in-place forms (positional and `tensor=`), one descriptor per queue."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qz = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qz, 2, TILE * 4)
    a = asc.LocalTensor(asc.float32)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT)
    for i in range(n // TILE):
        qx.alloc_tensor(a)
        asc.data_copy(a, gx[i * TILE:], TILE)
        qx.enque(a)
        if i % 2 == 0:
            qx.deque(a)
            qz.alloc_tensor(c)
            asc.muls(c, a, 2.0, TILE)
        else:
            qx.deque(tensor=a)
            qz.alloc_tensor(tensor=c)
            asc.muls(c, a, 3.0, TILE)
        qz.enque(c)
        qx.free_tensor(a)
        qz.deque(c)
        asc.data_copy(gz[i * TILE:], c, TILE)
        qz.free_tensor(c)


def _scaled(x: np.ndarray) -> np.ndarray:
    factors = np.where(np.arange(x.size // TILE) % 2 == 0, 2, 3).astype(np.float32)
    return (x.reshape(-1, TILE) * factors[:, None]).ravel()


def test_in_place_forms_give_the_value_forms_result() -> None:
    x = np.random.default_rng(7).standard_normal(6 * TILE).astype(np.float32)
    usual, in_place = np.zeros_like(x), np.zeros_like(x)
    scale_usual[1](x, usual, x.size)
    scale_in_place[1](x, in_place, x.size)
    np.testing.assert_array_equal(usual, _scaled(x))
    np.testing.assert_array_equal(in_place, usual)


@asc.jit
def sum_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """z[:TILE] = the sum of x's tiles: the accumulator is allocated in place in the loop's first
    iteration, inside a runtime `if`, and used after the loop."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, TILE)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qx, 1, TILE * 4)
    pipe.init_buffer(qz, 1, TILE * 4)
    a = asc.LocalTensor(asc.float32)
    acc = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT)
    for i in range(n // TILE):
        if i == 0:
            qz.alloc_tensor(acc)
            asc.duplicate(acc, 0.0, TILE)
        qx.alloc_tensor(a)
        asc.data_copy(a, gx[i * TILE:], TILE)
        qx.enque(a)
        qx.deque(a)
        asc.add(acc, acc, a, TILE)
        qx.free_tensor(a)
    qz.enque(acc)
    qz.deque(acc)
    asc.data_copy(gz, acc, TILE)
    qz.free_tensor(acc)


def test_tensor_allocated_in_place_in_a_loop_is_used_after_it() -> None:
    x = np.random.default_rng(8).integers(-50, 50, 5 * TILE).astype(np.float32)
    z = np.zeros(TILE, dtype=np.float32)
    sum_tiles[1](x, z, x.size)
    np.testing.assert_array_equal(z, x.reshape(-1, TILE).sum(axis=0))


@asc.jit
def copy_in_place(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.int32)
    q.alloc_tensor(t)
    asc.data_copy(t, gx, TILE)
    q.enque(t)
    q.deque(t)
    asc.data_copy(gz, t, TILE)
    q.free_tensor(t)


def test_in_place_forms_in_straight_code() -> None:
    x = np.arange(TILE, dtype=np.int32) * 3 - 100
    z = np.zeros_like(x)
    copy_in_place[1](x, z, x.size)
    np.testing.assert_array_equal(z, x)


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def alloc_into_global(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    q.alloc_tensor(g)


@asc.jit
def deque_into_number(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    q.deque(n)


@asc.jit
def deque_type_and_tensor(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    q.deque(asc.float32, tensor=t)


@asc.jit
def alloc_into_auto(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensorAuto(asc.float32, TILE)
    q.alloc_tensor(t)


@asc.jit
def position_changes_in_loop(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    for _ in range(n):
        q.alloc_tensor(t)
        q.free_tensor(t)


@pytest.mark.parametrize("kernel,marker,message", [
    (alloc_into_global, "q.alloc_tensor(g)", "alloc_tensor: expected a data type such as asc.float32, or a "
     "LocalTensor to take the tensor in place, got GlobalTensor(asc.float32)"),
    (deque_into_number, "q.deque(n)", "deque: expected a data type such as asc.float32, or a LocalTensor to "
     "take the tensor in place, got PlainValue(int32)"),
    (deque_type_and_tensor, "q.deque(asc.float32, tensor=t)",
     "deque: pass either a data type or a tensor, not both"),
    (alloc_into_auto, "q.alloc_tensor(t)",
     "alloc_tensor: 'tensor' is an asc.LocalTensorAuto, which the compiler places and queues itself; declare "
     "the tensor as asc.LocalTensor(dtype)"),
    (position_changes_in_loop, "for _ in range(n)",
     "variable 't' changes type inside the loop: LocalTensor(asc.float32, VECIN) before, "
     "LocalTensor(asc.float32, VECOUT) after; a variable must keep its type (a tensor's position is part "
     "of its type: declare it at that position, t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT))"),
])
def test_in_place_misuse_is_a_compile_error_at_the_line(kernel, marker: str, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(TILE, dtype=np.float32), 2)
    assert isinstance(e.value, CompileTypeError)
    assert e.value.message == message
    assert e.value.location.file == __file__
    assert e.value.location.line == _line_of(kernel, marker)


@asc.jit
def in_place_on_depth_zero(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 0)
    pipe.init_buffer(q, 1, TILE * 4)
    t = asc.LocalTensor(asc.float32)
    q.alloc_tensor(t)
    asc.data_copy(t, gx, TILE)
    q.enque(t)
    q.deque(t)
    asc.data_copy(gz, t, TILE)
    q.free_tensor(t)


def test_depth_zero_queue_takes_the_in_place_forms() -> None:
    """Ascend C's in-place forms are those of depth-0 queues (test_queue_depth_zero.py has the rest)."""
    x = np.arange(TILE, dtype=np.float32) - 7
    z = np.zeros_like(x)
    in_place_on_depth_zero[1](x, z, x.size)
    np.testing.assert_array_equal(z, x)
