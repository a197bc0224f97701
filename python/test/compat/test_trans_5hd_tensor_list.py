"""Compat: pyasc `generalization/basic/test_trans_5hd_tensor_list.py` — `trans_data_to_5hd([dst tensors],
[src tensors], TransDataTo5HDParams(...))` with the LocalTensor-list form (views `x[k * 16:]`)."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

ROWS = 16


@asc.jit
def trans_5hd_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, width: asc.ConstExpr[int]):
    length = ROWS * width
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

    # Source k = row k of the (16, width) input; destination k = block k of each 16x16 output tile.
    src_list = [x_local[0 * width:], x_local[1 * width:], x_local[2 * width:], x_local[3 * width:],
                x_local[4 * width:], x_local[5 * width:], x_local[6 * width:], x_local[7 * width:],
                x_local[8 * width:], x_local[9 * width:], x_local[10 * width:], x_local[11 * width:],
                x_local[12 * width:], x_local[13 * width:], x_local[14 * width:], x_local[15 * width:]]
    dst_list = [z_local[0 * 16:], z_local[1 * 16:], z_local[2 * 16:], z_local[3 * 16:], z_local[4 * 16:],
                z_local[5 * 16:], z_local[6 * 16:], z_local[7 * 16:], z_local[8 * 16:], z_local[9 * 16:],
                z_local[10 * 16:], z_local[11 * 16:], z_local[12 * 16:], z_local[13 * 16:], z_local[14 * 16:],
                z_local[15 * 16:]]
    repeat = width // 16
    if repeat == 1:
        params = asc.TransDataTo5HDParams(False, False, 1, 0, 0)
    else:
        # Each repeat moves one 32-B block further along every source row and one 16x16 tile in dst.
        params = asc.TransDataTo5HDParams(False, False, repeat, 16, 1)
    asc.trans_data_to_5hd(dst_list, src_list, params)

    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    z_local = out_queue_z.deque(z.dtype)
    asc.data_copy(z_gm, z_local, count=length)
    out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype", [torch.float16, torch.int16])
@pytest.mark.parametrize("width", [16, 64])
def test_trans_5hd_tensor_list(dtype: torch.dtype, width: int) -> None:
    x = torch.arange(ROWS * width).to(dtype).reshape(ROWS, width)
    z = torch.zeros(width, ROWS, dtype=dtype)
    trans_5hd_kernel[1, rt.current_stream()](x, z, width)
    assert torch.equal(z, x.T)
