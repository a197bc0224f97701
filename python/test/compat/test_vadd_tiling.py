"""Compat: pyasc `generalization/basic/test_vadd_tiling.py` — add whose tiling arrives as nested user Structs
(`Struct`, `Field(KT.int32)`, `StructField`) built and assigned on the host, read field by field in the kernel."""

from __future__ import annotations

import pytest
import torch

import asc
import asc.lib.runtime as rt
from asc.language.core.dtype import KnownTypes as KT
from asc.language.core.struct import Field, Struct, StructField

BUFFER_NUM = 2


class TileInfo(Struct):
    tile_num = Field(KT.int32)
    tile_length = Field(KT.int32)


class VaddTiling(Struct):
    total_length = Field(KT.int32)
    block_length = Field(KT.int32, default=0)
    tile = StructField(TileInfo)


@asc.jit
def vadd_tiling_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiling: VaddTiling):
    block_length = tiling.block_length
    tile_num = tiling.tile.tile_num
    tile_length = tiling.tile.tile_length
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

    for i in range(tile_num):
        x_local = in_queue_x.alloc_tensor(x.dtype)
        y_local = in_queue_y.alloc_tensor(y.dtype)
        asc.data_copy(x_local, x_gm[i * tile_length:], count=tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], count=tile_length)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)

        x_local = in_queue_x.deque(x.dtype)
        y_local = in_queue_y.deque(y.dtype)
        z_local = out_queue_z.alloc_tensor(z.dtype)
        asc.add(z_local, x_local, y_local, count=tile_length)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)

        z_local = out_queue_z.deque(z.dtype)
        asc.data_copy(z_gm[i * tile_length:], z_local, count=tile_length)
        out_queue_z.free_tensor(z_local)


@pytest.mark.parametrize("dtype,size,core_num,tile_num", [
    (torch.float32, 4096, 4, 4),
    (torch.float16, 8192, 2, 8),
    (torch.int32, 2048, 2, 2),
])
def test_vadd_tiling(dtype: torch.dtype, size: int, core_num: int, tile_num: int) -> None:
    torch.manual_seed(8)
    if dtype.is_floating_point:
        x, y = torch.rand(size, dtype=dtype), torch.rand(size, dtype=dtype)
    else:
        x, y = torch.randint(-100, 100, (size,), dtype=dtype), torch.randint(-100, 100, (size,), dtype=dtype)
    z = torch.zeros_like(x)

    tiling = VaddTiling(total_length=size)
    tiling.block_length = size // core_num  # assignment after construction
    tiling.tile.tile_num = tile_num  # nested field written in place
    tiling.tile.tile_length = tiling.block_length // tile_num
    assert tiling.tile.tile_length == size // core_num // tile_num

    vadd_tiling_kernel[core_num, rt.current_stream()](x, y, z, tiling)
    assert torch.equal(z, x + y)


def test_nested_struct_construction_by_value() -> None:
    tiling = VaddTiling(total_length=1024, block_length=512, tile=TileInfo(tile_num=2, tile_length=256))
    assert (tiling.total_length, tiling.block_length, tiling.tile.tile_num, tiling.tile.tile_length) == \
        (1024, 512, 2, 256)
    tiling.tile = TileInfo(tile_num=4, tile_length=128)
    assert tiling.tile.tile_num == 4
    x = torch.rand(1024)
    y = torch.rand(1024)
    z = torch.zeros_like(x)
    vadd_tiling_kernel[2, rt.current_stream()](x, y, z, tiling)
    assert torch.equal(z, x + y)


def test_struct_field_signature_matches_pyasc() -> None:
    """`StructField(cls, default=None, name=None)` and `Field(dtype, default, name, enum)` as in pyasc."""

    class WithDefault(Struct):
        tile = StructField(TileInfo, TileInfo(tile_num=3, tile_length=64))
        mode = Field(KT.int32, 1, "mode", enum="MyMode")

    s = WithDefault()
    assert (s.tile.tile_num, s.tile.tile_length, s.mode) == (3, 64, 1)
    s.tile.tile_num = 5  # writes through the nested view
    assert s.tile.tile_num == 5
    assert WithDefault().tile.tile_num == 3  # the default instance itself is not shared/mutated
