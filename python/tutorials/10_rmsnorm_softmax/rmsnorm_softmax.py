"""Tutorial 10: a row-wise RMSNorm followed by a softmax with the advanced API (float32).

Each block takes rows of an (R, H) matrix in turn and computes

    z = x * gamma / sqrt(mean(x^2) + eps);  y = softmax(z)

with `asc.adv.rmsnorm` and `asc.adv.softmax`. Both are instruction sequences working in a temp buffer
whose size `asc.adv.get_rmsnorm_tmp_size` / `get_softmax_tmp_size` give; their tilings are computed on
the host (`asc.adv.rmsnorm_tiling`, passed as a struct argument) and inside the kernel
(`asc.adv.softmax_tiling`).

Run on the simulator:  python rmsnorm_softmax.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.adv
import asc.lib.runtime as rt
import asc.runtime.config as config

H = 256
EPS = 1e-6
TMP = max(asc.adv.get_rmsnorm_tmp_size((1, 1, H), asc.float32)[0],
          asc.adv.get_softmax_tmp_size((1, H), asc.float32)[0])


@asc.jit
def rmsnorm_softmax_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress, rows: int,
                           norm_tiling: asc.adv.RmsNormTiling):
    x_gm = asc.GlobalTensor()
    g_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * H)
    g_gm.set_global_buffer(gamma, H)
    y_gm.set_global_buffer(y, rows * H)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_q, num=1, len=H * 4)
    pipe.init_buffer(que=out_q, num=1, len=H * 4)
    pipe.init_buffer(work, 2 * H * 4 + 64 + TMP)
    gam = work.get_with_offset(H, 0, asc.float32)
    normed = work.get_with_offset(H, H * 4, asc.float32)
    stats = work.get_with_offset(16, 2 * H * 4, asc.float32)
    tmp = work.get_with_offset(TMP, 2 * H * 4 + 64, asc.uint8)
    asc.data_copy(gam, g_gm, H)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    soft_tiling = asc.adv.softmax_tiling((1, H), asc.float32, TMP)
    row = asc.get_block_idx()
    while row < rows:
        src = in_q.alloc_tensor(asc.float32)
        asc.data_copy(src, x_gm[row * H:], H)
        in_q.enque(src)
        src = in_q.deque(asc.float32)
        dst = out_q.alloc_tensor(asc.float32)
        asc.adv.rmsnorm(normed, src, gam, EPS, norm_tiling, tmp)
        asc.adv.softmax(dst, stats, stats[8:], normed, soft_tiling, tmp)
        out_q.enque(dst)
        in_q.free_tensor(src)
        dst = out_q.deque(asc.float32)
        asc.data_copy(y_gm[row * H:], dst, H)
        out_q.free_tensor(dst)
        row += asc.get_block_num()


def rmsnorm_softmax(x: np.ndarray, gamma: np.ndarray, blocks: int = 8) -> np.ndarray:
    y = np.zeros_like(x)
    tiling = asc.adv.rmsnorm_tiling((1, 1, H), asc.float32, TMP)
    rmsnorm_softmax_kernel[blocks, rt.current_stream()](x, gamma, y, x.shape[0], tiling)
    return y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model")
    parser.add_argument("-v", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((21, H)) * 3).astype(np.float32)
    gamma = rng.uniform(0.5, 2.0, H).astype(np.float32)
    y = rmsnorm_softmax(x, gamma)
    x64 = x.astype(np.float64)
    z = x64 * gamma / np.sqrt((x64 ** 2).mean(axis=1, keepdims=True) + EPS)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-8)
    logging.info("RMSNorm + softmax of %s matches numpy", x.shape)
    report = rt.last_launch()
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time %.2f us", report.duration_us)
    logging.info("Tutorial 10 rmsnorm_softmax run success")


if __name__ == "__main__":
    main()
