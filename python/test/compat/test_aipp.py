"""Compat: pyasc `generalization/basic/test_aipp.py` — `set_aipp_functions(x_gm, AippInputFormat.RGB888_U8,
AippParams(dtype, swap_params=AippSwapParams(is_swap_rb=True)))` then a plain GM -> UB -> GM `data_copy`.

AIPP only acts on image loads (`load_image_to_local`, GM -> A1/B1); `data_copy` is unaffected, so the
output equals the input. The UB hop uses a VECIN -> VECOUT `TQueBind`, whose enque/deque orders the
MTE2 load before the MTE3 store.
"""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt


@asc.jit
def aipp_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, length: asc.ConstExpr[int],
                out_dtype: asc.ConstExpr[asc.DataType]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, length)
    z_gm.set_global_buffer(z, length)

    swap_params = asc.AippSwapParams(is_swap_rb=True)
    config = asc.AippParams(out_dtype, swap_params=swap_params)
    asc.set_aipp_functions(x_gm, asc.AippInputFormat.RGB888_U8, config)

    pipe = asc.TPipe()
    que = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=que, num=1, len=length * x.dtype.sizeof())
    x_local = que.alloc_tensor(x.dtype)
    asc.data_copy(x_local, x_gm, count=length)
    que.enque(x_local)
    x_local = que.deque(x.dtype)
    asc.data_copy(z_gm, x_local, count=length)
    que.free_tensor(x_local)


DTYPES = {torch.uint8: asc.uint8, torch.int8: asc.int8, torch.float16: asc.float16}


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int8, torch.float16])
def test_aipp(dtype: torch.dtype) -> None:
    """The upstream parametrisation: the image tensor and the AippParams type are both `dtype`."""
    shape = (16, 16, 3)
    torch.manual_seed(7)
    x = torch.randint(0, 100, shape).to(dtype)
    z = torch.zeros_like(x)
    aipp_kernel[1, rt.current_stream()](x, z, x.numel(), DTYPES[dtype])
    assert torch.equal(z, x)


def test_aipp_u8_image_to_f16() -> None:
    """A uint8 RGB image with an AippParams<half> configuration (the usual AIPP output type)."""
    x = torch.randint(0, 256, (16, 16, 3), dtype=torch.uint8)
    z = torch.zeros_like(x)
    aipp_kernel[1, rt.current_stream()](x, z, x.numel(), asc.float16)
    assert torch.equal(z, x)
