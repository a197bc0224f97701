"""Tutorial 06: a multi-core tiled matmul with the basic cube APIs.

C (M x N, float32) = A (M x K, float16) @ B (K x N, float16) on the cube cores (AIC). C is cut into
BASE_M x BASE_N tiles, which the blocks take round-robin. For each tile a K loop moves BASE_K-wide
slices of A and B from GM to L1 (`data_copy` with `Nd2NzParams`: row-major ND to the fractal NZ
layout, pipe MTE2), from L1 to L0A / L0B (`load_data`: NZ to ZZ for A, transposed fractals (ZN) for
B, pipe MTE1), and accumulates one `mmad` per K step in an L0C tile (pipe M). `fixpipe` writes the
finished tile to GM as row-major float32 (pipe FIX). Every buffer comes from a two-deep TQue, so the
queues' events order the pipes and the loads of step k + 1 overlap the mmad of step k.

Run on the simulator:  python matmul_basic.py -r Model -v Ascend910B1
"""

import argparse
import logging

import numpy as np

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config

BASE_M = 128
BASE_N = 128
BASE_K = 64
BUFFER_NUM = 2


@asc.jit
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  m: int, n: int, k: int):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)

    pipe = asc.TPipe()
    q_a1 = asc.TQue(asc.TPosition.A1, BUFFER_NUM)
    q_b1 = asc.TQue(asc.TPosition.B1, BUFFER_NUM)
    q_a2 = asc.TQue(asc.TPosition.A2, BUFFER_NUM)
    q_b2 = asc.TQue(asc.TPosition.B2, BUFFER_NUM)
    q_c = asc.TQue(asc.TPosition.CO1, BUFFER_NUM)
    pipe.init_buffer(que=q_a1, num=BUFFER_NUM, len=BASE_M * BASE_K * 2)
    pipe.init_buffer(que=q_b1, num=BUFFER_NUM, len=BASE_K * BASE_N * 2)
    pipe.init_buffer(que=q_a2, num=BUFFER_NUM, len=BASE_M * BASE_K * 2)
    pipe.init_buffer(que=q_b2, num=BUFFER_NUM, len=BASE_K * BASE_N * 2)
    # Two L0C tiles (2 x 64 KiB, all of L0C): the next tile's mmads need not wait for this tile's
    # fixpipe. With one, MTE1 would run two K steps ahead of the stalled M pipe and set the
    # queue's MTE1_M event again before M consumed it (a flag is one bit: the simulator reports it).
    pipe.init_buffer(que=q_c, num=BUFFER_NUM, len=BASE_M * BASE_N * 4)

    # Fractals are 16 x 16 (float16): a tile has M1 x K1 fractals of A and K1 x N1 of B.
    m1 = BASE_M // 16
    n1 = BASE_N // 16
    k1 = BASE_K // 16
    tiles_n = n // BASE_N
    tiles = (m // BASE_M) * tiles_n
    for t in range(asc.get_block_idx(), tiles, asc.get_block_num()):
        tm = t // tiles_n
        tn = t % tiles_n
        c1 = q_c.alloc_tensor(asc.float32)
        for ks in range(k // BASE_K):
            # GM -> L1, ND -> NZ: BASE_M rows of A and BASE_K rows of B, K step ks.
            a1 = q_a1.alloc_tensor(asc.float16)
            asc.data_copy(a1, a_gm[tm * BASE_M * k + ks * BASE_K:],
                          asc.Nd2NzParams(1, BASE_M, BASE_K, 0, k, BASE_M, 1, 1))
            q_a1.enque(a1)
            b1 = q_b1.alloc_tensor(asc.float16)
            asc.data_copy(b1, b_gm[ks * BASE_K * n + tn * BASE_N:],
                          asc.Nd2NzParams(1, BASE_K, BASE_N, 0, n, BASE_K, 1, 1))
            q_b1.enque(b1)
            a1 = q_a1.deque(asc.float16)
            b1 = q_b1.deque(asc.float16)
            # L1 -> L0: A row of fractals by row of fractals (NZ -> ZZ); B transposed (NZ -> ZN).
            a2 = q_a2.alloc_tensor(asc.float16)
            for i in range(m1):
                asc.load_data(a2[i * k1 * 256:], a1, asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
            q_a2.enque(a2)
            b2 = q_b2.alloc_tensor(asc.float16)
            for i in range(k1):
                asc.load_data(b2[i * n1 * 256:], b1, asc.LoadData2DParams(i, n1, k1, 0, 0, True, 0))
            q_b2.enque(b2)
            q_a1.free_tensor(a1)
            q_b1.free_tensor(b1)
            a2 = q_a2.deque(asc.float16)
            b2 = q_b2.deque(asc.float16)
            # The first K step starts the accumulator from zero, the others add to it.
            asc.mmad(c1, a2, b2, asc.MmadParams(BASE_M, BASE_N, BASE_K, cmatrix_init_val=ks == 0))
            q_a2.free_tensor(a2)
            q_b2.free_tensor(b2)
        q_c.enque(c1)
        c1 = q_c.deque(asc.float32)
        # L0C -> GM: NZ to row-major, BASE_M x BASE_N into C's row stride n.
        asc.fixpipe(c_gm[tm * BASE_M * n + tn * BASE_N:], c1,
                    asc.FixpipeParamsV220(BASE_N, BASE_M, BASE_M, n))
        q_c.free_tensor(c1)


def matmul(a: np.ndarray, b: np.ndarray, blocks: int) -> np.ndarray:
    m, k = a.shape
    n = b.shape[1]
    c = np.zeros((m, n), dtype=np.float32)
    matmul_kernel[blocks, rt.current_stream()](a, b, c, m, n, k)
    return c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model", help="backend: Model (simulator) or NPU")
    parser.add_argument("-v", default=None, help="platform, e.g. Ascend910B1")
    parser.add_argument("--size", type=int, nargs=3, default=(512, 512, 256), metavar=("M", "N", "K"),
                        help=f"matrix sizes, multiples of {BASE_M}, {BASE_N} and {BASE_K}")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    config.set_platform(args.r, args.v)
    m, n, k = args.size
    if m % BASE_M or n % BASE_N or k % BASE_K:
        parser.error(f"--size: M, N and K must be multiples of {BASE_M}, {BASE_N} and {BASE_K}")
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    blocks = min((m // BASE_M) * (n // BASE_N), 24)
    c = matmul(a, b, blocks)
    # The cube multiplies exact float16 values and sums in float32: compare with float32 numpy.
    ref = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-4)
    report = rt.last_launch()
    logging.info("C == A @ B for (%d x %d) @ (%d x %d) float16 -> float32 on %d AIC blocks", m, k, k, n, blocks)
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        cube = report.pipe_ratio.get("M", 0.0)
        logging.info("estimated NPU time: %.2f us (bound by %s, cube utilisation %.1f%%)",
                     report.duration_us, report.bound_pipe, 100 * cube)
    logging.info("Tutorial 06 matmul_basic run success")


if __name__ == "__main__":
    main()
