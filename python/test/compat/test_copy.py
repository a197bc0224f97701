"""Compat: pyasc `generalization/basic/test_copy.py` — `duplicate` then vector `copy(dst, src, mask, repeat_time,
CopyRepeatParams(...))` (L0, int mask) between UB buffers."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, length: asc.ConstExpr[int], fill: asc.ConstExpr[int],
                mask: asc.ConstExpr[int], repeat: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, length)
    z_gm.set_global_buffer(z, length)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=length * x.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=1, len=length * z.dtype.sizeof())

    x_local = in_queue_x.alloc_tensor(x.dtype)
    asc.data_copy(x_local, x_gm, count=length)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(x.dtype)

    z_local = out_queue_z.alloc_tensor(z.dtype)
    asc.duplicate(z_local, fill, count=length)
    # `repeat` repeats of 8 blocks (256 B) each; within a repeat only the first `mask` elements are copied.
    asc.copy(z_local, x_local, mask, repeat, asc.CopyRepeatParams(1, 1, 8, 8))
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)

    z_local = out_queue_z.deque(z.dtype)
    asc.data_copy(z_gm, z_local, count=length)
    out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int32, torch.int16])
@pytest.mark.parametrize("partial", [False, True])
def test_copy(dtype: torch.dtype, partial: bool) -> None:
    length = 1024
    per_repeat = 256 // torch.tensor([], dtype=dtype).element_size()
    repeat = length // per_repeat
    mask = per_repeat // 2 if partial else per_repeat
    torch.manual_seed(6)
    x = (torch.rand(length) * 100).to(dtype)
    z = torch.zeros_like(x)
    copy_kernel[1, rt.current_stream()](x, z, length, 7, mask, repeat)
    expected = torch.full_like(x, 7)
    for r in range(repeat):
        expected[r * per_repeat:r * per_repeat + mask] = x[r * per_repeat:r * per_repeat + mask]
    assert torch.equal(z, expected)
