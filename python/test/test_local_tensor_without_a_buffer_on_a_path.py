"""An `asc.LocalTensor(dtype)` given a buffer only inside a runtime `if` or loop, then used on a path
where it got none, is a simulator KernelError (category `argument`) at the line of the use, saying
the tensor has no buffer on this path and what to do. The verifier cannot see it (the branch is
decided at run time); the simulator used to report the empty descriptor as GM memory: "data_copy
from GM (GM) to GM (GM) is not supported", "the destination is at position GM", or get_value out
of bounds at a garbage GM address. On the path that does give the buffer the kernels run right."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

N = 256
NO_BUFFER = ("is a LocalTensor with no buffer on this path: it was declared empty (asc.LocalTensor(dtype)) "
             "and given one only inside a runtime if or loop that did not run that code here; give it a "
             "buffer on every path (alloc_tensor, deque, TBuf.get or set_addr_with_offset before the if "
             "or loop, or in every branch)")


@asc.jit
def copy_given_in_if(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, flag: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = asc.LocalTensor(asc.float32)
    if flag > 0:
        q.alloc_tensor(a)
    asc.data_copy(a, gx, N)  # USE
    q.enque(a)
    q.deque(a)
    asc.data_copy(gz, a, N)
    q.free_tensor(a)


@asc.jit
def fill_given_in_loop(z: asc.GlobalAddress, n: int, count: int):
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC)
    for _ in range(count):
        t = buf.get(asc.float32)
    asc.duplicate(t, 2.0, N)  # USE
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(gz, t, N)


@asc.jit
def use_given_in_if(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, flag: int, use: asc.ConstExpr[int]):
    """One use of `a` per `use`: each API the simulator reaches with the empty descriptor."""
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gz.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, N * 4)
    a = asc.LocalTensor(asc.float32)
    if flag > 0:
        q.alloc_tensor(a)
        asc.duplicate(a, 5.0, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 0:
        gz.set_value(0, a.get_value(3))  # USE 0
    if use == 1:
        a.set_value(3, 7.0)  # USE 1
        gz.set_value(0, a.get_value(3))
    if use == 2:
        asc.data_copy(gz, a, N)  # USE 2
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 3:
        asc.adds(a, a, 1.0, N)  # USE 3
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(gz, a, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 4:
        q.enque(a)  # USE 4
        q.deque(a)
        asc.data_copy(gz, a, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if use == 5:
        a.set_user_tag(9)  # USE 5
        gz.set_value(0, a.get_user_tag())
    if use == 6:
        asc.dump_tensor(a, 1, 8)  # USE 6
    q.free_tensor(a)


@asc.jit
def l1_given_in_if(x: asc.GlobalAddress, c: asc.GlobalAddress, flag: int, use: asc.ConstExpr[int]):
    """The cube core (AIC): an L1 tensor given its (static) buffer in a runtime `if`."""
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1)
    if flag > 0:
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
        asc.data_copy(a1, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    if use == 0:
        asc.data_copy(gc, a1, count=N)  # USE 0
    if use == 1:
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, N)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))  # USE 1


def _line_of(kernel, marker: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, text in enumerate(lines) if marker in text)


def _check(err: KernelError, kernel, marker: str, api: str, role: str) -> None:
    assert err.category == "argument"
    assert err.location.file == __file__
    assert err.location.line == _line_of(kernel, marker)
    assert f"kernel '{kernel.fn.__name__}' (block 0): {api}: the {role} {NO_BUFFER}" in str(err)


def test_copy_into_a_tensor_given_a_buffer_in_an_if() -> None:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    copy_given_in_if[1](x, z, N, 1)
    np.testing.assert_array_equal(z, x)
    with pytest.raises(KernelError) as e:
        copy_given_in_if[1](x, z, N, 0)
    _check(e.value, copy_given_in_if, "# USE", "data_copy", "destination")


def test_vector_op_on_a_tensor_given_a_buffer_in_a_loop() -> None:
    z = np.zeros(N, dtype=np.float32)
    fill_given_in_loop[1](z, N, 2)
    np.testing.assert_array_equal(z, np.full(N, 2.0, dtype=np.float32))
    with pytest.raises(KernelError) as e:
        fill_given_in_loop[1](z, N, 0)  # the loop makes no iteration
    _check(e.value, fill_given_in_loop, "# USE", "duplicate", "destination")


@pytest.mark.parametrize(("use", "api", "role", "expected"), [
    (0, "get_value", "tensor", [5.0]),
    (1, "set_value", "tensor", [7.0]),
    (2, "data_copy", "source", [5.0] * N),
    (3, "adds", "destination", [6.0] * N),
    (4, "enque", "tensor", [5.0] * N),
    (5, "SetUserTag", "tensor", [9.0]),
    (6, "dump_tensor", "tensor", []),
])
def test_each_use_of_a_tensor_without_a_buffer(use: int, api: str, role: str, expected: list[float]) -> None:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, dtype=np.float32)
    use_given_in_if[1](x, z, N, 1, use)
    np.testing.assert_array_equal(z[:len(expected)], np.array(expected, dtype=np.float32))
    assert (z[len(expected):] == 0).all()
    with pytest.raises(KernelError) as e:
        use_given_in_if[1](x, z, N, 0, use)
    _check(e.value, use_given_in_if, f"# USE {use}", api, role)


def test_cube_uses_of_an_l1_tensor_without_a_buffer() -> None:
    x = (np.arange(N) % 100).astype(np.float16)
    c = np.zeros(N, np.float16)
    l1_given_in_if[1](x, c, 1, 0)
    np.testing.assert_array_equal(c, x)  # GM -> L1 -> GM
    l1_given_in_if[1](x, c, 1, 1)
    assert rt.last_launch().pipe_busy_cycles["MTE1"] > 0  # the load_data L1 -> L0A ran
    for use, api in [(0, "data_copy"), (1, "load_data")]:
        with pytest.raises(KernelError) as e:
            l1_given_in_if[1](x, c, 0, use)
        _check(e.value, l1_given_in_if, f"# USE {use}", api, "source")
