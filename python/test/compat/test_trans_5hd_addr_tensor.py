"""Compat: pyasc `generalization/basic/test_trans_5hd_addr_tensor.py` — `trans_data_to_5hd` with uint64 address
tensors filled by `set_value(i, t.get_phy_addr(...))`."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

ROWS = 16


@asc.jit
def trans_5hd_addr_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, width: asc.ConstExpr[int]):
    length = ROWS * width
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, length)
    z_gm.set_global_buffer(z, length)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    addr_queue = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=length * x.dtype.sizeof())
    pipe.init_buffer(que=out_queue_z, num=1, len=length * z.dtype.sizeof())
    pipe.init_buffer(que=addr_queue, num=1, len=2 * ROWS * asc.uint64.sizeof())

    x_local = in_queue_x.alloc_tensor(x.dtype)
    asc.data_copy(x_local, x_gm, count=length)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(x.dtype)
    z_local = out_queue_z.alloc_tensor(z.dtype)

    addrs = addr_queue.alloc_tensor(asc.uint64)
    dst_addrs = addrs[0:]
    src_addrs = addrs[ROWS:]
    for i in range(ROWS):
        dst_addrs.set_value(i, z_local.get_phy_addr(i * 16))
        src_addrs.set_value(i, x_local.get_phy_addr(i * width))
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    repeat = width // 16
    if repeat == 1:
        params = asc.TransDataTo5HDParams(False, False, 1, 0, 0)
    else:
        params = asc.TransDataTo5HDParams(False, False, repeat, 16, 1)
    asc.trans_data_to_5hd(dst_addrs, src_addrs, params)
    addr_queue.free_tensor(addrs)

    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    z_local = out_queue_z.deque(z.dtype)
    asc.data_copy(z_gm, z_local, count=length)
    out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype", [torch.float16, torch.int16])
@pytest.mark.parametrize("width", [16, 32])
def test_trans_5hd_addr_tensor(dtype: torch.dtype, width: int) -> None:
    x = torch.arange(ROWS * width).to(dtype).reshape(ROWS, width)
    z = torch.zeros(width, ROWS, dtype=dtype)
    trans_5hd_addr_kernel[1, rt.current_stream()](x, z, width)
    assert torch.equal(z, x.T)
