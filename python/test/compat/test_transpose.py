"""Compat: pyasc `generalization/basic/test_transpose.py` — 16x16 `transpose(z, x)` of 2-byte elements."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

TILE = 16 * 16


@asc.jit
def transpose_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    offset = asc.get_block_idx() * TILE
    x_gm.set_global_buffer(x + offset, TILE)
    z_gm.set_global_buffer(z + offset, TILE)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=TILE * x.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=1, len=TILE * z.dtype.sizeof())

    x_local = in_queue_x.alloc_tensor(x.dtype)
    asc.data_copy(x_local, x_gm, count=TILE)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(x.dtype)
    z_local = out_queue_z.alloc_tensor(z.dtype)
    asc.transpose(z_local, x_local)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    z_local = out_queue_z.deque(z.dtype)
    asc.data_copy(z_gm, z_local, count=TILE)
    out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype", [torch.float16, torch.int16])
def test_transpose(dtype: torch.dtype) -> None:
    blocks = 2
    x = torch.arange(blocks * TILE).to(dtype).reshape(blocks, 16, 16)
    z = torch.zeros_like(x)
    transpose_kernel[blocks, rt.current_stream()](x, z)
    assert torch.equal(z, x.transpose(1, 2))
