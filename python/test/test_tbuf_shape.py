"""`TBuf.get(dtype, len=None, shape=None)` and `get(dtype, shape)` (pyasc_api.md §1.6, Appendix A): the
tensor records the shape, and `len` defaults to its element count."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError


@asc.jit
def shaped_buffers(x: asc.GlobalAddress, z: asc.GlobalAddress, rows: int):
    gx = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    gz.set_global_buffer(z, 16)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, 256)
    pipe.init_buffer(qo, 1, 256)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32, shape=(rows, 64))
    u = buf.get(asc.float32, [8, 32])
    w = buf.get(asc.int16, 1000, shape=16)
    gz.set_value(0, t.get_size())
    gz.set_value(1, u.get_size())
    gz.set_value(2, w.get_size())
    gz.set_value(3, t.shape[0] + t.shape[1])
    gz.set_value(4, asc.get_shape_size(u.get_shape_info()))
    gz.set_value(5, len(w.shape))
    # The shaped tensor holds data like any other: x's first 64 values through row 0 of t.
    s = qi.alloc_tensor(asc.float32)
    asc.data_copy(s, gx, 64)
    qi.enque(s)
    s = qi.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    asc.adds(t, s, 1.0, 64)
    asc.adds(o, t, 1.0, 64)
    qo.enque(o)
    qi.free_tensor(s)
    o = qo.deque(asc.float32)
    asc.data_copy(gx, o, 64)
    qo.free_tensor(o)


def test_get_with_a_shape() -> None:
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(16, dtype=np.int32)
    shaped_buffers[1](x, z, 3)
    assert z[:6].tolist() == [3 * 64, 8 * 32, 1000, 3 + 64, 8 * 32, 1]
    np.testing.assert_array_equal(x, np.arange(64, dtype=np.float32) + 2)


@asc.jit
def shape_beyond_len(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32, 64, shape=(8, 16))  # noqa: F841


@asc.jit
def shape_of_floats(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32, shape=(8, 1.5))  # noqa: F841


@asc.jit
def shape_with_zero(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32, shape=[0, 4])  # noqa: F841


@pytest.mark.parametrize("kernel,message", [
    (shape_beyond_len, "get: 'shape' [8, 16] has 128 elements, more than len=64"),
    (shape_of_floats, "get: 'shape': dimension 1 must be an integer, got float"),
    (shape_with_zero, "get: dimension 0 of 'shape' is 0; dimensions must be positive"),
])
def test_bad_shape_is_a_compile_error_at_the_line(kernel, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](np.zeros(8, dtype=np.float32), 8)
    assert e.value.message == message
    lines, first = inspect.getsourcelines(kernel.fn)
    assert e.value.location.file == __file__
    assert e.value.location.line == first + next(i for i, line in enumerate(lines) if "buf.get" in line)
