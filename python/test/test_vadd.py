"""The seed's static-tensor vector add, end to end on the simulator, against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

pytestmark = pytest.mark.values("add", "data_copy", "get_block_idx")

BUFFER_NUM = 2
TILE_NUM = 8


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    tile_length = block_length // TILE_NUM // BUFFER_NUM
    data_type = x.dtype
    buffer_size = tile_length * BUFFER_NUM * data_type.sizeof()
    x_local = asc.LocalTensor(data_type, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(data_type, asc.TPosition.VECIN, buffer_size, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(data_type, asc.TPosition.VECOUT, buffer_size + buffer_size,
                              tile_length * BUFFER_NUM)
    for i in range(TILE_NUM * BUFFER_NUM):
        buf_id = i % BUFFER_NUM
        asc.data_copy(x_local[buf_id * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[buf_id * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, buf_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf_id)
        asc.add(z_local[buf_id * tile_length:], x_local[buf_id * tile_length:],
                y_local[buf_id * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, buf_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf_id)
        asc.data_copy(z_gm[i * tile_length:], z_local[buf_id * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf_id)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf_id)


def _inputs(dtype: np.dtype, size: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        lo, hi = max(info.min // 2, -(1 << 20)), min(info.max // 2, 1 << 20)
        return (rng.integers(lo, hi, size, dtype=dtype), rng.integers(lo, hi, size, dtype=dtype))
    return (rng.standard_normal(size).astype(dtype), rng.standard_normal(size).astype(dtype))


# block_length must split into TILE_NUM * BUFFER_NUM tiles of whole 32-byte blocks.
@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.int16])
@pytest.mark.parametrize("blocks,block_length", [(8, 2048), (1, 256), (3, 4096), (48, 512), (50, 512)])
def test_vadd_matches_numpy_exactly(dtype: np.dtype, blocks: int, block_length: int) -> None:
    x, y = _inputs(np.dtype(dtype), blocks * block_length, seed=blocks + block_length)
    z = np.zeros_like(x)
    vadd_kernel[blocks, rt.current_stream()](x, y, z, block_length)
    np.testing.assert_array_equal(z, x + y)  # float16 sums are correctly rounded, like numpy's


def test_vadd_without_stream_and_more_blocks_than_cores() -> None:
    x, y = _inputs(np.dtype(np.float32), 96 * 256, seed=7)
    z = np.zeros_like(x)
    vadd_kernel[96](x, y, z, 256)  # 96 blocks on 48 vector cores: two waves
    np.testing.assert_array_equal(z, x + y)


def test_vadd_torch_tensors_written_in_place() -> None:
    torch = pytest.importorskip("torch")
    x = torch.rand(8 * 2048, dtype=torch.float32)
    y = torch.rand(8 * 2048, dtype=torch.float32)
    z = torch.zeros_like(x)
    vadd_kernel[8, rt.current_stream()](x, y, z, 2048)
    assert torch.equal(z, x + y)


def test_launch_reports_estimated_time() -> None:
    x, y = _inputs(np.dtype(np.float32), 8 * 2048, seed=1)
    z = np.zeros_like(x)
    vadd_kernel[8](x, y, z, 2048)
    report = rt.last_launch()
    assert report.ok
    assert report.cycles > 0 and report.duration_us > 0
    assert report.bound_pipe in {"MTE2", "MTE3", "V", "S"}
