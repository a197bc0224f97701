"""Compat: pyasc `generalization/basic/test_vadds.py` — `adds(z, x, scalar, count=)` with a host scalar from `tensor.item()`."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

BUFFER_NUM = 2
CORE_NUM = 4


@asc.jit
def vadds_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, scalar, block_length: int,
                 tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(que=in_queue_x, num=BUFFER_NUM, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=BUFFER_NUM, len=tile_length * z.dtype.sizeof())

    for i in range(block_length // tile_length):
        x_local = in_queue_x.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], count=tile_length)
        in_queue_x.enque(x_local)

        x_local = in_queue_x.deque(x.dtype)
        z_local = out_queue_z.alloc_tensor(z.dtype)
        asc.adds(z_local, x_local, scalar, count=tile_length)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)

        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype,size", [
    (torch.float32, 4096),
    (torch.float16, 2048),
    (torch.int32, 8192),
    (torch.int16, 8192),
])
def test_vadds(dtype: torch.dtype, size: int) -> None:
    torch.manual_seed(3)
    if dtype.is_floating_point:
        x = torch.rand(size, dtype=dtype) * 10 - 5
        y = torch.tensor(1.5, dtype=dtype)
    else:
        x = torch.randint(-1000, 1000, (size,), dtype=dtype)
        y = torch.tensor(-37, dtype=dtype)
    z = torch.zeros_like(x)
    scalar = y.item()  # Python float / int -> float32 / int32 kernel scalar, cast to x's type by `adds`
    vadds_kernel[CORE_NUM, rt.current_stream()](x, z, scalar, size // CORE_NUM, 256)
    assert torch.equal(z, x + y)
