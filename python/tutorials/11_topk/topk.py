"""Tutorial 11: top-k of each row by sorting and merging (float32).

Each block takes rows of an (R, L) matrix in turn: `asc.sort32` sorts every 32 scores with their indices
into 8-byte (score, index) pairs, two passes of `asc.mrg_sort` merge the sorted runs four at a time
(16 runs of 32 -> 4 of 128 -> 1 of 512), and `asc.adv.extract` splits the first K pairs into scores and
uint32 indices. Equal scores keep the lower index first, like numpy's stable argsort of -x.

Run on the simulator:  python topk.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.adv
import asc.lib.runtime as rt
import asc.runtime.config as config

L = 512   # row length: 16 runs of 32
K = 32    # kept per row


@asc.jit
def topk_kernel(x: asc.GlobalAddress, values: asc.GlobalAddress, indices: asc.GlobalAddress, rows: int):
    x_gm = asc.GlobalTensor()
    v_gm = asc.GlobalTensor()
    i_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * L)
    v_gm.set_global_buffer(values, rows * K)
    i_gm.set_global_buffer(indices, rows * K)
    scores = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, L)
    index = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, L * 4, L)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2 * L * 4, 2 * L)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4 * L * 4, 2 * L)
    top_v = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 6 * L * 4, K)
    top_i = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 6 * L * 4 + K * 4, K)
    for e in range(L):
        index.set_value(e, e)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    row = asc.get_block_idx()
    while row < rows:
        asc.data_copy(scores, x_gm[row * L:], L)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.sort32(a, scores, index, L // 32)
        # 16 runs of 32 -> 4 runs of 128 (in b) -> 1 run of 512 (in a)
        for g in range(4):
            base = g * 128 * 2
            runs = asc.MrgSortSrcList(asc.float32, a[base:], a[base + 64:], a[base + 128:], a[base + 192:])
            asc.mrg_sort(b[base:], runs, asc.MrgSort4Info([32, 32, 32, 32], False, 15, 1))
        runs = asc.MrgSortSrcList(asc.float32, b, b[256:], b[512:], b[768:])
        asc.mrg_sort(a, runs, asc.MrgSort4Info([128, 128, 128, 128], False, 15, 1))
        asc.adv.extract(top_v, top_i, a, K // 32)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(v_gm[row * K:], top_v, K)
        asc.data_copy(i_gm[row * K:], top_i, K)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        row += asc.get_block_num()


def topk(x: np.ndarray, blocks: int = 4) -> tuple[np.ndarray, np.ndarray]:
    values = np.zeros((x.shape[0], K), np.float32)
    indices = np.zeros((x.shape[0], K), np.uint32)
    topk_kernel[blocks, rt.current_stream()](x, values, indices, x.shape[0])
    return values, indices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model")
    parser.add_argument("-v", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    x = np.random.default_rng(0).integers(-1000, 1000, (9, L)).astype(np.float32) / 8  # with ties
    values, indices = topk(x)
    want = np.argsort(-x, axis=1, kind="stable")[:, :K]
    np.testing.assert_array_equal(indices, want)
    np.testing.assert_array_equal(values, np.take_along_axis(x, want, axis=1))
    logging.info("top-%d of %s matches numpy", K, x.shape)
    report = rt.last_launch()
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time %.2f us", report.duration_us)
    logging.info("Tutorial 11 topk run success")


if __name__ == "__main__":
    main()
