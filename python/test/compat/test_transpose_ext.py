"""Compat: pyasc `generalization/basic/test_transpose_ext.py` — `transpose(z, x, tmp_u8,
TransposeParamsExt(n, c, h, w, TRANSPOSE_NCHW2NHWC))` with a uint8 VECCALC tmp queue."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt


@asc.jit
def transpose_ext_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int], c: asc.ConstExpr[int],
                         h: asc.ConstExpr[int], w: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int]):
    length = n * c * h * w
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, length)
    z_gm.set_global_buffer(z, length)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_queue = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=length * x.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=1, len=length * z.dtype.sizeof())
    pipe.init_buffer(que=tmp_queue, num=1, len=tmp_bytes)

    x_local = in_queue_x.alloc_tensor(x.dtype)
    asc.data_copy(x_local, x_gm, count=length)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(x.dtype)
    z_local = out_queue_z.alloc_tensor(z.dtype)
    tmp = tmp_queue.alloc_tensor(asc.uint8)
    params = asc.TransposeParamsExt(n, c, h, w, asc.TransposeType.TRANSPOSE_NCHW2NHWC)
    asc.transpose(z_local, x_local, tmp, params)
    tmp_queue.free_tensor(tmp)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    z_local = out_queue_z.deque(z.dtype)
    asc.data_copy(z_gm, z_local, count=length)
    out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype", [torch.float16, torch.int16])
@pytest.mark.parametrize("nchw", [(1, 16, 4, 8), (2, 3, 2, 16)])
def test_transpose_ext(dtype: torch.dtype, nchw: tuple[int, int, int, int]) -> None:
    n, c, h, w = nchw
    x = torch.arange(n * c * h * w).to(dtype).reshape(n, c, h, w)
    z = torch.zeros(n, h, w, c, dtype=dtype)
    elem = x.element_size()
    h0, w0 = (32 if elem == 1 else 16), 32 // elem
    tmp_bytes = (c + 2) * h0 * w0 * elem  # NCHW2NHWC scratch size (Ascend C GetTransposeMaxMinTmpSize)
    transpose_ext_kernel[1, rt.current_stream()](x, z, n, c, h, w, tmp_bytes)
    assert torch.equal(z, x.permute(0, 2, 3, 1))
