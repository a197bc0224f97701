"""Tutorial 09: C = LeakyReLU(A @ B + bias) with the Matmul API and a vector epilogue per base block.

C's MatmulType is VECCALC (the Unified Buffer): `with mm.iterate() as count:` becomes
`while (mm.Iterate()) { ...; count++; }`; each iteration fetches one base block (base_m x base_n) of C
into UB with `get_tensor_c`, applies `leaky_relu` on the AIV and copies the block to its place in C with
a strided `data_copy`. The AIC's Fixpipe cannot write UB, so the block travels through the workspace
(sim/MATMUL.md: one region per AIV of the launch; the host passes the advanced API's workspace size,
`get_lib_api_work_space_size()`). The host fixes the base block
(`set_fix_split`) and walks M first (`set_traverse(FIRSTM)`), so block `count` of a client is at row
`count % m_blocks`, column `count // m_blocks` of its part of C.

Run on the simulator:  python matmul_leakyrelu.py -r Model -v Ascend910B1
"""

import argparse
import logging

import torch

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
import asc.runtime.config as config

M, N, K = 512, 512, 256
BASE_M, BASE_N = 128, 128
CLIENTS = 4
ALPHA = 0.001


@asc.jit(always_compile=True)
def matmul_leakyrelu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress,
                            c: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                            alpha: float, base_m: asc.ConstExpr[int], base_n: asc.ConstExpr[int]):
    if asc.get_block_idx() < tiling.used_core_num:
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        bias_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b, tiling.k_b * tiling.n)
        bias_gm.set_global_buffer(bias, tiling.n)
        c_gm.set_global_buffer(c, tiling.m * tiling.n)
        pipe = asc.TPipe()
        a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32)
        bias_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(a_type, a_type, c_type, bias_type)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        c_que = asc.TQue(asc.TPosition.VECIN, 1)
        out_que = asc.TQue(asc.TPosition.VECOUT, 1)
        pipe.init_buffer(que=c_que, num=1, len=base_m * base_n * 4)
        pipe.init_buffer(que=out_que, num=1, len=base_m * base_n * 4)
        m_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        m_idx = asc.get_block_idx() % m_blocks
        n_idx = asc.get_block_idx() // m_blocks
        mm.set_tensor_a(a_gm[m_idx * tiling.single_core_m * tiling.k_a:])
        mm.set_tensor_b(b_gm[n_idx * tiling.single_core_n:])
        mm.set_bias(bias_gm[n_idx * tiling.single_core_n:])
        block_rows = tiling.single_core_m // base_m
        with mm.iterate() as count:
            c_local = c_que.alloc_tensor(asc.float32)
            mm.get_tensor_c(c_local, en_sequential_write=True)
            c_que.enque(c_local)
            c_local = c_que.deque(asc.float32)
            out = out_que.alloc_tensor(asc.float32)
            asc.leaky_relu(out, c_local, alpha, count=base_m * base_n)
            out_que.enque(out)
            c_que.free_tensor(c_local)
            out = out_que.deque(asc.float32)
            row = m_idx * tiling.single_core_m + (count % block_rows) * base_m
            col = n_idx * tiling.single_core_n + (count // block_rows) * base_n
            params = asc.DataCopyParams(base_m, base_n * 4 // 32, 0, (tiling.n - base_n) * 4 // 32)
            asc.data_copy(c_gm[row * tiling.n + col:], out, repeat_params=params)
            out_que.free_tensor(out)
        mm.end()


def tiling_for(m: int, n: int, k: int, clients: int) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(clients)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    api.set_traverse(host.MatrixTraverse.FIRSTM)
    api.set_fix_split(BASE_M, BASE_N, -1)
    api.set_align_split(BASE_M, BASE_N, -1)
    tiling = asc.adv.TCubeTiling()
    if api.get_tiling(tiling) == -1:
        raise RuntimeError("no Matmul tiling fits (the asc.lib.host log says why)")
    return tiling


def matmul_leakyrelu(a: torch.Tensor, b: torch.Tensor, bias: torch.Tensor, alpha: float = ALPHA,
                     clients: int = CLIENTS) -> torch.Tensor:
    m, k = a.shape
    n = b.shape[1]
    tiling = tiling_for(m, n, k, clients)
    assert tiling.single_core_m % BASE_M == 0 and tiling.single_core_n % BASE_N == 0
    c = torch.zeros((m, n), dtype=torch.float32)
    workspace = torch.zeros(host.get_ascendc_platform().get_lib_api_work_space_size(), dtype=torch.uint8)
    matmul_leakyrelu_kernel[tiling.used_core_num, rt.current_stream()](a, b, bias, c, workspace, tiling, alpha,
                                                                       BASE_M, BASE_N)
    return c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", default="Model", help="backend: Model (simulator) or NPU")
    parser.add_argument("-v", default=None, help="platform, e.g. Ascend910B1")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    config.set_platform(args.r, args.v)
    torch.manual_seed(0)
    a = torch.randn((M, K), dtype=torch.float16)
    b = torch.randn((K, N), dtype=torch.float16)
    bias = torch.randn((N,), dtype=torch.float32)
    c = matmul_leakyrelu(a, b, bias)
    expected = torch.nn.functional.leaky_relu(a.float() @ b.float() + bias, ALPHA)
    assert torch.allclose(c, expected, rtol=1e-3, atol=1e-3), (c - expected).abs().max()
    report = rt.last_launch()
    logging.info("C = LeakyReLU(A @ B + bias) for (%d, %d, %d) on %d Matmul clients matches torch", M, N, K, CLIENTS)
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time: %.2f us (bound by %s)", report.duration_us, report.bound_pipe)
    logging.info("Tutorial 09 matmul_leakyrelu run success")


if __name__ == "__main__":
    main()
