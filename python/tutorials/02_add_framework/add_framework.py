"""Tutorial 02: vector addition in the TPipe/TQue style, with device functions.

The kernel is split the way most Ascend C kernels are: `copy_in` (GM → UB, pipe
MTE2), `compute` (vector add, pipe V) and `copy_out` (UB → GM, pipe MTE3), each an
`@asc.jit` device function. Queues hand tensors from one stage to the next;
`enque`/`deque` and `alloc_tensor`/`free_tensor` carry the hardware flags, so there is
no manual `set_flag`/`wait_flag`. With BUFFER_NUM = 2 buffers per queue, MTE2 loads
tile i + 1 while V adds tile i and MTE3 stores tile i - 1.

Run on the simulator:  python add_framework.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

USE_CORE_NUM = 8
BUFFER_NUM = 2


@asc.jit
def copy_in(in_x: asc.TQue, in_y: asc.TQue, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, progress: int,
            tile_length: asc.ConstExpr[int]):
    x_local = in_x.alloc_tensor(x_gm.dtype)
    y_local = in_y.alloc_tensor(y_gm.dtype)
    asc.data_copy(x_local, x_gm[progress * tile_length:], tile_length)
    asc.data_copy(y_local, y_gm[progress * tile_length:], tile_length)
    in_x.enque(x_local)
    in_y.enque(y_local)


@asc.jit
def compute(in_x: asc.TQue, in_y: asc.TQue, out_z: asc.TQue, dtype: asc.ConstExpr[asc.DataType],
            tile_length: asc.ConstExpr[int]):
    x_local = in_x.deque(dtype)
    y_local = in_y.deque(dtype)
    z_local = out_z.alloc_tensor(dtype)
    asc.add(z_local, x_local, y_local, tile_length)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    in_y.free_tensor(y_local)


@asc.jit
def copy_out(out_z: asc.TQue, z_gm: asc.GlobalTensor, progress: int, tile_length: asc.ConstExpr[int]):
    z_local = out_z.deque(z_gm.dtype)
    asc.data_copy(z_gm[progress * tile_length:], z_local, tile_length)
    out_z.free_tensor(z_local)


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tile_bytes = tile_length * x.dtype.sizeof()
    pipe.init_buffer(que=in_x, num=BUFFER_NUM, len=tile_bytes)
    pipe.init_buffer(que=in_y, num=BUFFER_NUM, len=tile_bytes)
    pipe.init_buffer(que=out_z, num=BUFFER_NUM, len=tile_bytes)

    for i in range(block_length // tile_length):
        copy_in(in_x, in_y, x_gm, y_gm, i, tile_length)
        compute(in_x, in_y, out_z, x.dtype, tile_length)
        copy_out(out_z, z_gm, i, tile_length)


def vadd(x: np.ndarray, y: np.ndarray, tile_length: int = 512) -> np.ndarray:
    z = np.zeros_like(x)
    vadd_kernel[USE_CORE_NUM, rt.current_stream()](x, y, z, x.size // USE_CORE_NUM, tile_length)
    return z


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model", help="backend: Model (simulator) or NPU")
    parser.add_argument("-v", default=None, help="platform, e.g. Ascend910B1")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    config.set_platform(args.r, args.v)
    rng = np.random.default_rng(0)
    size = USE_CORE_NUM * 8192
    for dtype in (np.float32, np.float16):
        x = rng.standard_normal(size).astype(dtype)
        y = rng.standard_normal(size).astype(dtype)
        np.testing.assert_array_equal(vadd(x, y), x + y)
        report = rt.last_launch()
        logging.info("%s: z == x + y", np.dtype(dtype).name)
        if report is not None:  # the simulator's estimate (the NPU backend has none)
            logging.info("estimated NPU time %.2f us, bound by %s", report.duration_us, report.bound_pipe)
    try:
        import torch
    except ModuleNotFoundError:
        torch = None
    if torch is not None:
        tx, ty = torch.rand(size), torch.rand(size)
        tz = torch.zeros_like(tx)
        vadd_kernel[USE_CORE_NUM, rt.current_stream()](tx, ty, tz, size // USE_CORE_NUM, 512)
        assert torch.equal(tz, tx + ty)
        logging.info("torch CPU tensors: z == x + y")
    logging.info("Tutorial 02 add_framework run success")


if __name__ == "__main__":
    main()
