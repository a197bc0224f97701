"""Using `asc.LocalTensor(dtype)` before it has a buffer is a compile error at the line of the use,
saying how to give the tensor one. It used to compile, and the simulator then reported a default
descriptor at GM ("the destination is at position GM", "data_copy from GM (GM) to GM (GM)") or
get_value read a garbage address."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError

X = np.arange(64, dtype=np.float32)


@asc.jit
def copy_into_empty(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    a = asc.LocalTensor(asc.float32)
    asc.data_copy(a, gx, 64)  # USE
    q.alloc_tensor(a)


@asc.jit
def read_empty(x: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC)
    gx.set_value(0, t.get_value(3))  # USE


@asc.jit
def add_from_empty(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    dst = buf.get(asc.float32)
    acc = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC)
    asc.add(dst, dst, acc, 64)  # USE


def _line_of(kernel, marker: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, text in enumerate(lines) if marker in text)


@pytest.mark.parametrize(("kernel", "message"), [
    (copy_into_empty,
     "data_copy: 'dst' is the LocalTensor 'a' declared by asc.LocalTensor(dtype), which has no buffer yet: "
     "give it one first with que.alloc_tensor(a), que.deque(a) or a.set_addr_with_offset(src, offset)"),
    (read_empty,
     "get_value: 'tensor' is the LocalTensor 't' declared by asc.LocalTensor(dtype), which has no buffer yet: "
     "give it one first with que.alloc_tensor(t), que.deque(t) or t.set_addr_with_offset(src, offset)"),
    (add_from_empty,
     "add: 'src1' is the LocalTensor 'acc' declared by asc.LocalTensor(dtype), which has no buffer yet: "
     "give it one first with que.alloc_tensor(acc), que.deque(acc) or acc.set_addr_with_offset(src, offset)"),
])
def test_use_of_an_empty_local_tensor_is_a_compile_error(kernel, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](X, X.size)
    assert e.value.message == message
    assert e.value.location.file == __file__
    assert e.value.location.line == _line_of(kernel, "# USE")
