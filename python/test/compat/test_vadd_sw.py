"""Compat: pyasc `generalization/basic/test_vadd_sw.py` — add with TPipe lifecycle / event-id calls and
LocalTensor/GlobalTensor introspection (`get_phy_addr`, `set_buffer_len`, `set_size`, `get_position`,
`get_length`, `get_size`, `set_user_tag`/`get_user_tag`, `reinterpret_cast`, `set_addr_with_offset`)."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt

CORE_NUM = 2


@asc.jit
def vadd_sw_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                   tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    x_addr = x_gm.get_phy_addr()  # GlobalAddress of the block
    x_gm.set_global_buffer(x_addr, block_length)

    pipe = asc.TPipe()
    pipe.destroy()
    pipe.init()
    pipe.reset()
    pipe = asc.get_tpipe_ptr()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, 1)
    calc_queue = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que=in_queue_x, num=1, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=in_queue_y, num=1, len=tile_length * y.dtype.sizeof())
    pipe.init_buffer(que=calc_queue, num=1, len=2 * tile_length * z.dtype.sizeof())

    int_type = asc.DataType("int32")
    for i in range(block_length // tile_length):
        x_local = in_queue_x.alloc_tensor(x.dtype)
        y_local = in_queue_y.alloc_tensor(y.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], count=tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], count=tile_length)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)
        x_local = in_queue_x.deque(x.dtype)
        y_local = in_queue_y.deque(y.dtype)

        work = calc_queue.alloc_tensor(z.dtype)
        work.set_user_tag(7)
        z_local = asc.LocalTensor(z.dtype)
        z_local.set_addr_with_offset(work, tile_length)  # second half of the work buffer
        z_local.set_size(tile_length)
        z_local.set_buffer_len(tile_length * z.dtype.sizeof())
        if z_local.get_position() == asc.TPosition.VECCALC and work.get_user_tag() == 7:
            asc.add(z_local, x_local, y_local, count=z_local.get_size())
        as_int = z_local.reinterpret_cast(int_type)
        n_bytes = as_int.get_length()
        base = work.get_phy_addr()

        event_id = pipe.alloc_event_id(asc.HardEvent.V_MTE3)
        asc.set_flag(event=asc.HardEvent.V_MTE3, event_id=event_id)
        asc.wait_flag(event=asc.HardEvent.V_MTE3, event_id=event_id)
        pipe.release_event_id(event_id, asc.HardEvent.V_MTE3)
        if n_bytes == tile_length * z.dtype.sizeof() and z_local.get_phy_addr() == base + n_bytes:
            asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        fetched = pipe.fetch_event_id(asc.HardEvent.MTE3_MTE2)
        asc.set_flag(event=asc.HardEvent.MTE3_MTE2, event_id=fetched)
        asc.wait_flag(event=asc.HardEvent.MTE3_MTE2, event_id=fetched)
        calc_queue.free_tensor(work)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_vadd_sw(dtype: torch.dtype) -> None:
    size = 2048
    torch.manual_seed(9)
    x, y = torch.rand(size, dtype=dtype), torch.rand(size, dtype=dtype)
    z = torch.zeros_like(x)
    vadd_sw_kernel[CORE_NUM, rt.current_stream()](x, y, z, size // CORE_NUM, 256)
    assert torch.equal(z, x + y)
