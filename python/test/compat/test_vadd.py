"""Compat: pyasc `generalization/basic/test_vadd.py` — L2 `add(count)` in the TPipe/TQue style, torch tensors."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

BUFFER_NUM = 2
CORE_NUM = 8


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(que=in_queue_x, num=BUFFER_NUM, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=in_queue_y, num=BUFFER_NUM, len=tile_length * y.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=BUFFER_NUM, len=tile_length * z.dtype.sizeof())

    for i in range(block_length // tile_length):
        x_local = in_queue_x.alloc_tensor(x.dtype)
        y_local = in_queue_y.alloc_tensor(y.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], count=tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], count=tile_length)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)

        x_local = in_queue_x.deque(x.dtype)
        y_local = in_queue_y.deque(y.dtype)
        z_local = out_queue_z.alloc_tensor(z.dtype)
        asc.add(z_local, x_local, y_local, count=tile_length)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)

        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


def make_inputs(dtype: torch.dtype, shape: tuple[int, ...]) -> tuple[torch.Tensor, torch.Tensor]:
    torch.manual_seed(0)
    if dtype.is_floating_point:
        return torch.rand(shape, dtype=dtype) * 10 - 5, torch.rand(shape, dtype=dtype) * 10 - 5
    return torch.randint(-1000, 1000, shape, dtype=dtype), torch.randint(-1000, 1000, shape, dtype=dtype)


@pytest.mark.parametrize("dtype,shape,tile_length", [
    (torch.float32, (8, 1024), 256),
    (torch.float16, (2048,), 128),
    (torch.int32, (8192,), 512),
    (torch.int16, (8192,), 1024),
    (torch.int32, (16, 128), 64),
])
def test_vadd(dtype: torch.dtype, shape: tuple[int, ...], tile_length: int) -> None:
    x, y = make_inputs(dtype, shape)
    z = torch.zeros_like(x)
    block_length = x.numel() // CORE_NUM
    vadd_kernel[CORE_NUM, rt.current_stream()](x, y, z, block_length, tile_length)
    assert torch.equal(z, x + y)
