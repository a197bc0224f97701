"""The kernel of the opgen tests: z = x + alpha * y, block_length elements per block, in tiles of 256."""

import asc

TILE = 256


@asc.jit
def axpy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                alpha: float):
    offset = asc.get_block_idx() * block_length
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + offset, block_length)
    yg.set_global_buffer(y + offset, block_length)
    zg.set_global_buffer(z + offset, block_length)
    xl = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, TILE)
    yl = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, TILE * 4, TILE)
    for i in range(block_length // TILE):
        asc.data_copy(xl, xg[i * TILE:], TILE)
        asc.data_copy(yl, yg[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(yl, yl, alpha, TILE)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.add(xl, xl, yl, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(zg[i * TILE:], xl, TILE)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
