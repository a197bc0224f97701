"""Tutorial 03: a fused elementwise activation in float16 — GELU (sigmoid form) and Leaky-ReLU.

    gelu(x) ≈ x · sigmoid(1.702·x) = x / (1 + exp(-1.702·x))

Each tile goes GM → UB (MTE2), through four vector instructions (V) — `muls`, `exp`,
`adds`, `div` — and back UB → GM (MTE3). Intermediate results stay in a TBuf
scratch buffer; every vector instruction rounds to float16, exactly as the NPU's
vector unit does, so the numpy reference below mirrors the same float16 steps.

Run on the simulator:  python gelu.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

CORES = 8
TILE = 1024  # float16 elements per tile (2 KiB)


@asc.jit
def activation_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int, leaky: asc.ConstExpr[bool],
                      alpha: asc.ConstExpr[float]):
    base = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, block_length)
    y_gm.set_global_buffer(y + base, block_length)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 2)
    out_q = asc.TQue(asc.TPosition.VECOUT, 2)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_q, num=2, len=TILE * 2)
    pipe.init_buffer(que=out_q, num=2, len=TILE * 2)
    pipe.init_buffer(tmp_buf, TILE * 2)
    tmp = tmp_buf.get(asc.float16)
    for i in range(block_length // TILE):
        src = in_q.alloc_tensor(asc.float16)
        asc.data_copy(src, x_gm[i * TILE:], TILE)
        in_q.enque(src)
        src = in_q.deque(asc.float16)
        dst = out_q.alloc_tensor(asc.float16)
        if leaky:
            asc.leaky_relu(dst, src, alpha, TILE)
        else:
            asc.muls(tmp, src, -1.702, TILE)
            asc.exp(tmp, tmp, TILE)
            asc.adds(tmp, tmp, 1.0, TILE)
            asc.div(dst, src, tmp, TILE)
        out_q.enque(dst)
        in_q.free_tensor(src)
        dst = out_q.deque(asc.float16)
        asc.data_copy(y_gm[i * TILE:], dst, TILE)
        out_q.free_tensor(dst)


def gelu_reference(x: np.ndarray) -> np.ndarray:
    """The same four float16 steps (exp computed in float32 and rounded once)."""
    t = (x * np.float16(-1.702)).astype(np.float16)
    # exp(-1.702 x) overflows float16 for x < -5.2: inf, as on the NPU, and x / inf = 0 is GELU's limit.
    with np.errstate(over="ignore"):
        t = np.exp(t.astype(np.float32)).astype(np.float16)
    t = (t + np.float16(1)).astype(np.float16)
    return (x / t).astype(np.float16)


def run(x: np.ndarray, leaky: bool, alpha: float = 0.01) -> np.ndarray:
    y = np.zeros_like(x)
    activation_kernel[CORES, rt.current_stream()](x, y, x.size // CORES, leaky, alpha)
    return y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model")
    parser.add_argument("-v", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    x = (np.random.default_rng(0).standard_normal(CORES * 4 * TILE) * 3).astype(np.float16)
    gelu = run(x, leaky=False)
    # exp is transcendental: the simulator's float16 exp may differ from numpy's by 1 ulp.
    np.testing.assert_allclose(gelu.astype(np.float32), gelu_reference(x).astype(np.float32), rtol=2e-3, atol=2e-3)
    leaky = run(x, leaky=True, alpha=0.01)
    expect = np.where(x >= 0, x, (x * np.float16(0.01)).astype(np.float16))
    np.testing.assert_array_equal(leaky, expect)
    logging.info("GELU and Leaky-ReLU match numpy")
    report = rt.last_launch()
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time %.2f us", report.duration_us)
    logging.info("Tutorial 03 gelu run success")


if __name__ == "__main__":
    main()
