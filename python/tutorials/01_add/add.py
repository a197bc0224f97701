"""Tutorial 01: vector addition with static tensors and manual pipe synchronisation.

Each of USE_CORE_NUM blocks adds its slice of x and y into z. A block walks its
slice in TILE_NUM * BUFFER_NUM tiles; two buffers per operand let the copy-in of
one tile overlap the add of the previous one. Flags order the three pipes:
MTE2 (GM → UB copies) → V (vector add) → MTE3 (UB → GM copy) → MTE2 (buffer reuse).
The buffer-reuse wait sits at the top of the next use of the same buffer, not right
after its set, so MTE2 can load tile i + 1 while MTE3 still stores tile i.

Run on the simulator:  python add.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

USE_CORE_NUM = 8
BUFFER_NUM = 2
TILE_NUM = 8


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    # This block's slice of the three arrays.
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    # Static tensors at hand-chosen Unified Buffer byte addresses: x, y, z one after the other.
    tile_length = block_length // TILE_NUM // BUFFER_NUM
    dtype = x.dtype
    buffer_bytes = tile_length * BUFFER_NUM * dtype.sizeof()
    x_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(dtype, asc.TPosition.VECIN, buffer_bytes, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2 * buffer_bytes, tile_length * BUFFER_NUM)

    for i in range(TILE_NUM * BUFFER_NUM):
        buf = i % BUFFER_NUM
        if i >= BUFFER_NUM:
            # Reuse: MTE2 may refill this buffer only once MTE3 has written out its previous tile.
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf)
        # Copy in: MTE2 fills this tile's input buffers, then tells V they are ready.
        asc.data_copy(x_local[buf * tile_length:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[buf * tile_length:], y_gm[i * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        # Compute: V adds, then tells MTE3 the result is ready.
        asc.add(z_local[buf * tile_length:], x_local[buf * tile_length:], y_local[buf * tile_length:],
                tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, buf)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf)
        # Copy out: MTE3 writes the tile back, then releases the buffer to MTE2.
        asc.data_copy(z_gm[i * tile_length:], z_local[buf * tile_length:], tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf)
    # Every flag set must be waited for before the kernel ends.
    for buf in asc.static_range(BUFFER_NUM):
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf)


def vadd(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    z = np.zeros_like(x)
    vadd_kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, x.size // USE_CORE_NUM)
    return z


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model", help="backend: Model (simulator) or NPU")
    parser.add_argument("-v", default=None, help="platform, e.g. Ascend910B1")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    config.set_platform(args.r, args.v)
    rng = np.random.default_rng(0)
    size = USE_CORE_NUM * 2048
    x = rng.random(size, dtype=np.float32)
    y = rng.random(size, dtype=np.float32)
    z = vadd(x, y)
    np.testing.assert_array_equal(z, x + y)
    report = rt.last_launch()
    logging.info("z == x + y for %d float32 elements on %d blocks", size, USE_CORE_NUM)
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time: %.2f us (bound by %s)", report.duration_us, report.bound_pipe)
    logging.info("Tutorial 01 add run success")


if __name__ == "__main__":
    main()
