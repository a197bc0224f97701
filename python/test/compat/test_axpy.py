"""Compat: pyasc `generalization/basic/test_axpy.py` — `axpy(dst, src, scalar, count=)`: dst = src * scalar + dst."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

CORE_NUM = 4


@asc.jit
def axpy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, scalar: float, block_length: int,
                tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_queue_z = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=in_queue_z, num=1, len=tile_length * z.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=1, len=tile_length * z.dtype.sizeof())

    for i in range(block_length // tile_length):
        x_local = in_queue_x.alloc_tensor(x.dtype)
        acc = in_queue_z.alloc_tensor(z.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], count=tile_length)
        asc.data_copy(acc, z_gm[i * tile_length:], count=tile_length)
        in_queue_x.enque(x_local)
        in_queue_z.enque(acc)

        x_local = in_queue_x.deque(x.dtype)
        acc = in_queue_z.deque(z.dtype)
        z_local = out_queue_z.alloc_tensor(z.dtype)
        asc.data_copy(z_local, acc, count=tile_length)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.axpy(z_local, x_local, scalar, count=tile_length)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_z.free_tensor(acc)

        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype,size", [
    (torch.float32, 4096),
    (torch.float32, 8192),
    (torch.float16, 8192),
    (torch.float16, 2048),
])
def test_axpy(dtype: torch.dtype, size: int) -> None:
    torch.manual_seed(5)
    x = torch.rand(size, dtype=dtype) * 4 - 2
    z0 = torch.rand(size, dtype=dtype) * 4 - 2
    z = z0.clone()
    scalar = 0.75
    axpy_kernel[CORE_NUM, rt.current_stream()](x, z, scalar, size // CORE_NUM, 512)
    if dtype == torch.float32:
        expected = x * scalar + z0
        torch.testing.assert_close(z, expected, rtol=1e-6, atol=1e-6)
    else:
        # Ascend C computes the f16 Axpy in f32 and rounds once (src half, scalar half, dst half).
        expected = (x.float() * torch.tensor(scalar, dtype=dtype).float() + z0.float()).to(dtype)
        torch.testing.assert_close(z, expected, rtol=1e-3, atol=1e-3)
