"""Tutorial 05: float32 → float16 conversion with scaling (y = half(x · scale)).

`muls` scales in float32, then `cast` converts with an explicit round mode. The
NPU supports several for float32 → float16 (`CAST_RINT` nearest-even, `CAST_ROUND`
half away from zero, `CAST_TRUNC`, `CAST_FLOOR`, `CAST_CEIL`, `CAST_ODD`); the
simulator reproduces each bit-exactly. numpy's `astype(np.float16)` is nearest-even,
so it is the reference for CAST_RINT.

Run on the simulator:  python cast_scale.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

CORES = 4
TILE = 2048


@asc.jit
def cast_scale_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int, scale: float,
                      mode: asc.ConstExpr[asc.RoundMode]):
    base = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, block_length)
    y_gm.set_global_buffer(y + base, block_length)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 2)
    out_q = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(que=in_q, num=2, len=TILE * 4)
    pipe.init_buffer(que=out_q, num=2, len=TILE * 2)
    for i in range(block_length // TILE):
        src = in_q.alloc_tensor(asc.float32)
        asc.data_copy(src, x_gm[i * TILE:], TILE)
        in_q.enque(src)
        src = in_q.deque(asc.float32)
        asc.muls(src, src, scale, TILE)
        dst = out_q.alloc_tensor(asc.float16)
        asc.cast(dst, src, mode, TILE)
        out_q.enque(dst)
        in_q.free_tensor(src)
        dst = out_q.deque(asc.float16)
        asc.data_copy(y_gm[i * TILE:], dst, TILE)
        out_q.free_tensor(dst)


def cast_scale(x: np.ndarray, scale: float, mode: asc.RoundMode = asc.RoundMode.CAST_RINT) -> np.ndarray:
    y = np.zeros(x.shape, dtype=np.float16)
    cast_scale_kernel[CORES, rt.current_stream()](x, y, x.size // CORES, scale, mode)
    return y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model")
    parser.add_argument("-v", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    x = np.random.default_rng(0).standard_normal(CORES * 2 * TILE).astype(np.float32) * 100
    y = cast_scale(x, 0.37)
    np.testing.assert_array_equal(y, (x * np.float32(0.37)).astype(np.float16))
    report = rt.last_launch()
    truncated = cast_scale(x, 0.37, asc.RoundMode.CAST_TRUNC)
    assert np.all(np.abs(truncated.astype(np.float32)) <= np.abs(x * np.float32(0.37)))
    logging.info("float32 → float16 with scaling matches numpy (RINT); TRUNC rounds toward zero")
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time: %.2f us (bound by %s)", report.duration_us, report.bound_pipe)
    logging.info("Tutorial 05 cast_scale run success")


if __name__ == "__main__":
    main()
