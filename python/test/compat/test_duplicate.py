"""Compat: pyasc `generalization/basic/test_duplicate.py` — `duplicate(z, scalar, count=)` fills a tensor."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

CORE_NUM = 4


@asc.jit
def duplicate_kernel(z: asc.GlobalAddress, scalar, block_length: int, tile_length: asc.ConstExpr[int]):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + asc.get_block_idx() * block_length, block_length)
    pipe = asc.TPipe()
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(que=out_queue_z, num=2, len=tile_length * z.dtype.sizeof())
    for i in range(block_length // tile_length):
        z_local = out_queue_z.alloc_tensor(z.dtype)
        asc.duplicate(z_local, scalar, count=tile_length)
        out_queue_z.enque(z_local)
        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype,value", [
    (torch.float32, 3.25),
    (torch.float16, -1.5),
    (torch.int32, 123456),
    (torch.int16, -321),
])
def test_duplicate(dtype: torch.dtype, value: float) -> None:
    size = 4096
    z = torch.zeros(size, dtype=dtype)
    scalar = torch.tensor(value, dtype=dtype).item()
    duplicate_kernel[CORE_NUM, rt.current_stream()](z, scalar, size // CORE_NUM, 256)
    assert torch.equal(z, torch.full((size,), value, dtype=dtype))
