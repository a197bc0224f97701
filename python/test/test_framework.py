"""TPipe/TQue kernels with device functions, against numpy, and the framework's bad inputs."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorials" / "02_add_framework"))
import add_framework  # noqa: E402

BUFFER_NUM = 2


@asc.jit
def stage_in(que: asc.TQue, src: asc.GlobalTensor, offset, length):
    t = que.alloc_tensor(src.dtype)
    asc.data_copy(t, src[offset:], length)
    que.enque(t)


@asc.jit
def vadd_tail_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                     tile: asc.ConstExpr[int]):
    """z = x + y where block_length need not be a multiple of the tile (a shorter last tile)."""
    base = asc.get_block_idx() * block_length
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x + base, block_length)
    gy.set_global_buffer(y + base, block_length)
    gz.set_global_buffer(z + base, block_length)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    for q in asc.static_range(3):
        pipe.init_buffer(que=(qx, qy, qz)[q], num=BUFFER_NUM, len=tile * x.dtype.sizeof())
    tiles = asc.ceildiv(block_length, tile)
    for i in range(tiles):
        rest = block_length - i * tile
        length = tile if rest > tile else rest
        stage_in(qx, gx, i * tile, length)
        stage_in(qy, gy, i * tile, length)
        a = qx.deque(x.dtype)
        b = qy.deque(x.dtype)
        c = qz.alloc_tensor(x.dtype)
        asc.add(c, a, b, length)
        qz.enque(c)
        qx.free_tensor(a)
        qy.free_tensor(b)
        out = qz.deque(x.dtype)
        asc.data_copy(gz[i * tile:], out, length)
        qz.free_tensor(out)


def _inputs(dtype, size, seed):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-1000, 1000, size).astype(dtype), rng.integers(-1000, 1000, size).astype(dtype)
    return rng.standard_normal(size).astype(dtype), rng.standard_normal(size).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.int16])
@pytest.mark.parametrize("blocks,block_length,tile", [(1, 1024, 256), (4, 1000 - 1000 % 16, 256),
                                                      (3, 4096 + 48, 512), (7, 352, 256)])
def test_tail_handling_against_numpy(dtype, blocks: int, block_length: int, tile: int) -> None:
    x, y = _inputs(np.dtype(dtype), blocks * block_length, seed=block_length)
    z = np.zeros_like(x)
    vadd_tail_kernel[blocks](x, y, z, block_length, tile)
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int16, np.int32])
def test_tutorial_02_kernel(dtype) -> None:
    x, y = _inputs(np.dtype(dtype), 8 * 4096, seed=2)
    np.testing.assert_array_equal(add_framework.vadd(x, y, tile_length=1024), x + y)


def test_double_buffering_is_faster_than_single() -> None:
    import asc.lib.runtime as rt

    x, y = _inputs(np.dtype(np.float32), 8 * 8192, seed=3)
    add_framework.vadd(x, y, tile_length=1024)
    double = rt.last_launch().cycles
    old = add_framework.BUFFER_NUM
    try:
        add_framework.BUFFER_NUM = 1  # a module constant: part of the kernel's cache key
        add_framework.vadd(x, y, tile_length=1024)
        single = rt.last_launch().cycles
    finally:
        add_framework.BUFFER_NUM = old
    assert double < single


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def deque_empty(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=1, len=n * 4)
    t = q.deque(asc.float32)  # noqa: F841


@asc.jit
def enque_beyond_depth(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q, num=2, len=n * 4)
    a = q.alloc_tensor(asc.float32)
    b = q.alloc_tensor(asc.float32)
    q.enque(a)
    q.enque(b)


@asc.jit
def alloc_without_free_buffer(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que=q, num=1, len=n * 4)
    a = q.alloc_tensor(asc.float32)  # noqa: F841
    b = q.alloc_tensor(asc.float32)  # noqa: F841


@asc.jit
def free_foreign_tensor(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECIN, 1)
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=q1, num=1, len=n * 4)
    pipe.init_buffer(que=q2, num=1, len=n * 4)
    a = q1.alloc_tensor(asc.float32)
    q2.free_tensor(a)


@asc.jit
def init_buffer_beyond_ub(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que=q, num=2, len=n * 2048)  # 2 × 128 KiB > 192 KiB


@pytest.mark.parametrize("kernel,marker", [
    (deque_empty, "q.deque"),
    (enque_beyond_depth, "q.enque(b)"),
    (alloc_without_free_buffer, "b = q.alloc_tensor"),
    (free_foreign_tensor, "q2.free_tensor(a)"),
    (init_buffer_beyond_ub, "pipe.init_buffer"),
])
def test_framework_misuse_is_reported_at_the_line(kernel, marker: str) -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        kernel[1](x, 64)
    assert e.value.location.file == __file__
    assert e.value.location.line == _line_of(kernel, marker)
