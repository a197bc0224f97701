"""Tutorial 04: row softmax from reduction and elementwise primitives (float32).

For each row r of an (R, L) matrix, one block computes

    m = max(x[r]);  e = exp(x[r] - m);  y[r] = e / sum(e)

with `reduce_max`, `adds`, `exp`, `reduce_sum` and `muls`. A reduction writes its
result into the Unified Buffer; the scalar unit reads it with `get_value`, which
needs the vector pipe to be done: `set_flag`/`wait_flag(HardEvent.V_S)` orders them.

Run on the simulator:  python softmax.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int, length: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * length)
    y_gm.set_global_buffer(y, rows * length)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_q, num=1, len=length * 4)
    pipe.init_buffer(que=out_q, num=1, len=length * 4)
    pipe.init_buffer(work, length * 4 + 64)
    scratch = work.get(asc.float32)
    result = work.get_with_offset(16, length * 4, asc.float32)
    row = asc.get_block_idx()
    while row < rows:
        src = in_q.alloc_tensor(asc.float32)
        asc.data_copy(src, x_gm[row * length:], length)
        in_q.enque(src)
        src = in_q.deque(asc.float32)
        dst = out_q.alloc_tensor(asc.float32)
        asc.reduce_max(result, src, scratch, length)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        row_max = result.get_value(0)
        asc.adds(dst, src, -row_max, length)
        asc.exp(dst, dst, length)
        asc.reduce_sum(result, dst, scratch, length)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        total = result.get_value(0)
        asc.muls(dst, dst, 1.0 / total, length)
        out_q.enque(dst)
        in_q.free_tensor(src)
        dst = out_q.deque(asc.float32)
        asc.data_copy(y_gm[row * length:], dst, length)
        out_q.free_tensor(dst)
        row += asc.get_block_num()


def softmax(x: np.ndarray, blocks: int = 8) -> np.ndarray:
    y = np.zeros_like(x)
    softmax_kernel[blocks, rt.current_stream()](x, y, x.shape[0], x.shape[1])
    return y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model")
    parser.add_argument("-v", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    x = np.random.default_rng(0).standard_normal((37, 1024)).astype(np.float32) * 4
    y = softmax(x)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
    logging.info("row softmax of %s matches numpy", x.shape)
    report = rt.last_launch()
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time %.2f us", report.duration_us)
    logging.info("Tutorial 04 softmax run success")


if __name__ == "__main__":
    main()
