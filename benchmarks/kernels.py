"""The kernels the benchmarks launch, and the seed kernel loaded from the tutorial.

`vadd_tiles` is the seed's double-buffered vector add (python/tutorials/01_add/add.py)
scaled up: the tile size and the buffer count are compile-time parameters, and each
block walks a runtime number of tiles, so any element count that is a whole number of
tiles runs on any number of blocks (block b takes tiles [b*T//B, (b+1)*T//B)).

`tile_sums` is the reduction-heavy kernel (`asc.reduce_sum` per tile). In `vadd_chain` each
tile goes through `chain` dependent vector adds (z = x + y, then z = z + x, `chain` times),
ordered by `pipe_barrier(PIPE_V)`. `block_slices` is the device function that gives each block
its share of the tiles.

`vadd_pipelined` is `vadd_tiles` with flags that really overlap the pipes across buffers.

`retouch_loop` re-reads and re-writes the same GM bytes every iteration (the race checker's
state-growth case, benchmarks/bench_race.py).
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import asc

REPO = Path(__file__).resolve().parents[1]
SEED_TUTORIAL = REPO / "python" / "tutorials" / "01_add" / "add.py"


@lru_cache(maxsize=1)
def seed_module() -> ModuleType:
    """The tutorial module whose `vadd_kernel` is the seed kernel (its `main` is not run)."""
    spec = importlib.util.spec_from_file_location("pyasc_seed_add", SEED_TUTORIAL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@asc.jit
def block_slices(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_tiles: int,
                 tile_length: asc.ConstExpr[int]):
    """This block's tile count and its slices of x, y and z: block b takes tiles [b*T//B, (b+1)*T//B)."""
    block = asc.get_block_idx()
    blocks = asc.get_block_num()
    first = block * total_tiles // blocks
    count = (block + 1) * total_tiles // blocks - first
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + first * tile_length, count * tile_length)
    y_gm.set_global_buffer(y + first * tile_length, count * tile_length)
    z_gm.set_global_buffer(z + first * tile_length, count * tile_length)
    return count, x_gm, y_gm, z_gm


@asc.jit
def vadd_tiles(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_tiles: int,
               tile_length: asc.ConstExpr[int], buffer_num: asc.ConstExpr[int]):
    count, x_gm, y_gm, z_gm = block_slices(x, y, z, total_tiles, tile_length)
    dtype = x.dtype
    buffer_bytes = tile_length * buffer_num * dtype.sizeof()
    x_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile_length * buffer_num)
    y_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, buffer_bytes, tile_length * buffer_num)
    z_local = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2 * buffer_bytes, tile_length * buffer_num)
    for i in range(count):
        buf = i % buffer_num
        asc.data_copy(x_local[buf * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[buf * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        asc.add(z_local[buf * tile_length:], x_local[buf * tile_length:], y_local[buf * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, buf)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf)
        asc.data_copy(z_gm[i * tile_length:], z_local[buf * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf)


@asc.jit
def vadd_chain(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_tiles: int,
               tile_length: asc.ConstExpr[int], chain: asc.ConstExpr[int]):
    count, x_gm, y_gm, z_gm = block_slices(x, y, z, total_tiles, tile_length)
    dtype = x.dtype
    tile_bytes = tile_length * dtype.sizeof()
    x_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile_length)
    y_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, tile_bytes, tile_length)
    z_local = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2 * tile_bytes, tile_length)
    for i in range(count):
        asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(z_local, x_local, y_local, tile_length)
        for _ in asc.static_range(chain):
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.add(z_local, z_local, x_local, tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * tile_length:], z_local, tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit
def vadd_pipelined(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_tiles: int,
                   tile_length: asc.ConstExpr[int], buffer_num: asc.ConstExpr[int]):
    # Like vadd_tiles, but the copy-in of a buffer waits only for that buffer's previous copy-out
    # (flags pre-set for every buffer, drained at the end), so MTE2, V and MTE3 overlap across
    # buffers. The seed places each wait right after its set, which serialises the pipes.
    count, x_gm, y_gm, z_gm = block_slices(x, y, z, total_tiles, tile_length)
    dtype = x.dtype
    buffer_bytes = tile_length * buffer_num * dtype.sizeof()
    x_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile_length * buffer_num)
    y_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, buffer_bytes, tile_length * buffer_num)
    z_local = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2 * buffer_bytes, tile_length * buffer_num)
    for b in asc.static_range(buffer_num):
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
    for i in range(count):
        buf = i % buffer_num
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf)
        asc.data_copy(x_local[buf * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[buf * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        asc.add(z_local[buf * tile_length:], x_local[buf * tile_length:], y_local[buf * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, buf)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf)
        asc.data_copy(z_gm[i * tile_length:], z_local[buf * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf)
    for b in asc.static_range(buffer_num):
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)


@asc.jit
def tile_sums(x: asc.GlobalAddress, out: asc.GlobalAddress, total_tiles: int, tile_length: asc.ConstExpr[int]):
    # Reduction-heavy: every tile is summed with reduce_sum (count form) into `acc`, and the tile sums
    # are accumulated in `total`; out[8 * block] receives the block's total (out must hold zeros).
    block = asc.get_block_idx()
    blocks = asc.get_block_num()
    first = block * total_tiles // blocks
    count = (block + 1) * total_tiles // blocks - first
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + first * tile_length, count * tile_length)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out + block * 8, 8)
    dtype = x.dtype
    tile_bytes = tile_length * dtype.sizeof()
    x_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile_length)
    work = asc.LocalTensor(dtype, asc.TPosition.VECCALC, tile_bytes, tile_length)
    acc = asc.LocalTensor(dtype, asc.TPosition.VECCALC, 2 * tile_bytes, 8)
    total = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2 * tile_bytes + 32, 8)
    asc.data_copy(total, out_gm, 8)
    for i in range(count):
        asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.reduce_sum(acc, x_local, work, tile_length)
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.add(total, total, acc, 1)  # acc[0] holds the sum; acc[1:8] are never written
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(out_gm, total, 8)


@asc.jit
def vadd_auto(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_tiles: int,
              tile_length: asc.ConstExpr[int]):
    """The vector add written with LocalTensorAuto: insert_sync gives it queues and their operations
    (docs/sync.md); the cold-compile row with insert_sync times this kernel."""
    count, x_gm, y_gm, z_gm = block_slices(x, y, z, total_tiles, tile_length)
    for i in range(count):
        x_local = asc.LocalTensorAuto(x.dtype, tile_length)
        y_local = asc.LocalTensorAuto(x.dtype, tile_length)
        z_local = asc.LocalTensorAuto(x.dtype, tile_length)
        asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local, y_gm[i * tile_length:], tile_length)
        asc.add(z_local, x_local, y_local, tile_length)
        asc.data_copy(z_gm[i * tile_length:], z_local, tile_length)


@asc.jit
def retouch_loop(x: asc.GlobalAddress, z: asc.GlobalAddress, iters: int):
    """Every iteration re-reads and re-writes the same 256 GM bytes of the block (z = x + 1), with
    flags: the race checker's worst case for state growth (the same ranges, again and again)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * 64, 64)
    zg.set_global_buffer(z + asc.get_block_idx() * 64, 64)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 256, 64)
    for _i in range(iters):
        asc.data_copy(a, xg, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(b, a, 1.0, 64)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg, b, 64)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
