"""Compat: pyasc `generalization/basic/test_vadd_bits.py` — `add` L1 form (bit mask [hi, lo])."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

BUFFER_NUM = 2
CORE_NUM = 4


@asc.jit(kernel_type=config.KernelType.AIV_ONLY)
def vadd_bits_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                     tile_length: asc.ConstExpr[int], mask_low: asc.ConstExpr[int],
                     mask_high: asc.ConstExpr[int]):
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
        # As in Ascend C, mask[0] is the low word (lanes 0-63) and mask[1] the high word (lanes 64-127).
        asc.add(z_local, x_local, y_local, mask=[mask_low, mask_high], repeat_times=1,
                repeat_params=asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)

        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


# Regression: mask words >= 2**63 (all ones) used to fail in IRBuilder.int_attr (int64 overflow).
ALL_ONES = (1 << 64) - 1


def make_inputs(dtype: torch.dtype, size: int) -> tuple[torch.Tensor, torch.Tensor]:
    torch.manual_seed(2)
    if dtype.is_floating_point:
        return torch.rand(size, dtype=dtype) * 10 - 5, torch.rand(size, dtype=dtype) * 10 - 5
    return torch.randint(-1000, 1000, (size,), dtype=dtype), torch.randint(-1000, 1000, (size,), dtype=dtype)


@pytest.mark.parametrize("dtype,size", [
    (torch.float32, 2048),
    (torch.float16, 2048),
    (torch.int32, 8192),
    (torch.int16, 8192),
])
def test_vadd_bits(dtype: torch.dtype, size: int) -> None:
    x, y = make_inputs(dtype, size)
    z = torch.zeros_like(x)
    tile_length = 256 // x.element_size()
    # 32-bit types: 64 elements per repeat -> only the low word; 16-bit: 128 -> both words.
    mask_high = ALL_ONES if tile_length == 128 else 0
    vadd_bits_kernel[CORE_NUM, rt.current_stream()](x, y, z, size // CORE_NUM, tile_length, ALL_ONES, mask_high)
    assert torch.equal(z, x + y)


def test_vadd_bits_partial_mask() -> None:
    """Only the elements selected by the mask are written; the others keep the queue buffer's old content."""
    x, y = make_inputs(torch.float32, 256)
    z = torch.zeros_like(x)
    # Even elements only: 0x5555... in the low word. The simulator flags the copy-out of unwritten lanes.
    with pytest.warns(RuntimeWarning, match="never written"):
        vadd_bits_kernel[1, rt.current_stream()](x, y, z, 256, 64, 0x5555555555555555, 0)
    assert torch.equal(z[0::2], (x + y)[0::2])
