"""Tutorial 08: C = A @ B (+ bias) with the Matmul API on the cube cores alone (float16 in, float32 out).

`@asc.jit(matmul_cube_only=True)` builds an AIC_ONLY kernel: `kernel[n]` starts n cube cores, each is
its own Matmul client (no AIVs, no messages), and the host tiling's `set_dim` counts AICs. The kernel
checks `tiling.is_bias` at run time and passes the block's tails with `set_tail(m, n, k)`.

Run on the simulator:  python matmul_cube_only.py -r Model -v Ascend910B1
"""

import argparse
import logging

import torch

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
import asc.runtime.config as config

M, N, K = 512, 512, 512
CORES = 4


@asc.jit
def block_offsets(block_idx: int, m: int, n: int, k: int, single_m: int, single_n: int, with_bias: int = 1):
    """Where core `block_idx`'s block of C starts in A, B, the bias and C, and its size."""
    m_blocks = (m + single_m - 1) // single_m
    m_idx = block_idx % m_blocks
    n_idx = block_idx // m_blocks
    rest_m = m - m_idx * single_m
    rest_n = n - n_idx * single_n
    tail_m = single_m if rest_m > single_m else rest_m
    tail_n = single_n if rest_n > single_n else rest_n
    return (m_idx * single_m * k, n_idx * single_n, m_idx * single_m * n + n_idx * single_n,
            n_idx * single_n * with_bias, tail_m, tail_n)


@asc.jit(matmul_cube_only=True, always_compile=True)
def matmul_cube_only_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress,
                            c: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    if asc.ascend_is_aic():
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
            c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
            mm = asc.adv.Matmul(a_type, a_type, c_type, c_type)
            asc.adv.register_matmul(pipe, workspace, mm, tiling)
            off_a, off_b, off_c, off_bias, tail_m, tail_n = block_offsets(
                asc.get_block_idx(), tiling.m, tiling.n, tiling.k_a, tiling.single_core_m, tiling.single_core_n)
            mm.set_tensor_a(a_gm[off_a:])
            mm.set_tensor_b(b_gm[off_b:])
            if tiling.is_bias:
                mm.set_bias(bias_gm[off_bias:])
            mm.set_tail(tail_m, tail_n, tiling.k_a)
            mm.iterate_all(c_gm[off_c:])
            mm.end()


def tiling_for(m: int, n: int, k: int, cores: int, bias: bool) -> asc.adv.TCubeTiling:
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(bias)
    tiling = asc.adv.TCubeTiling()
    if api.get_tiling(tiling) == -1:
        raise RuntimeError("no Matmul tiling fits (the asc.lib.host log says why)")
    return tiling


def matmul_cube_only(a: torch.Tensor, b: torch.Tensor, bias: torch.Tensor | None, cores: int = CORES) -> torch.Tensor:
    m, k = a.shape
    n = b.shape[1]
    tiling = tiling_for(m, n, k, cores, bias is not None)
    c = torch.zeros((m, n), dtype=torch.float32)
    bias_arg = bias if bias is not None else torch.zeros((n,), dtype=torch.float32)
    workspace = torch.zeros(1024, dtype=torch.uint8)
    matmul_cube_only_kernel[tiling.used_core_num, rt.current_stream()](a, b, bias_arg, c, workspace, tiling)
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
    c = matmul_cube_only(a, b, bias)
    expected = a.float() @ b.float() + bias
    assert torch.allclose(c, expected, rtol=1e-3, atol=1e-3), (c - expected).abs().max()
    report = rt.last_launch()
    logging.info("C = A @ B + bias for (%d, %d, %d) float16 on %d cube cores matches torch", M, N, K, CORES)
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time: %.2f us (bound by %s)", report.duration_us, report.bound_pipe)
    logging.info("Tutorial 08 matmul_cube_only run success")


if __name__ == "__main__":
    main()
