"""Tutorial 07: C = A @ B + bias with the Matmul high-level API in MIX mode (float16 in, float32 out).

The host tiles the matmul with `asc.lib.host.MultiCoreMatmulTiling` (our own solver, docs/tiling.md):
`set_dim(n)` splits C over n Matmul clients. The kernel is a MIX_AIC_1_2 kernel: every AI Core has one
cube core (AIC) and two vector cores (AIVs). The AIVs run the kernel and are the Matmul's clients; the
AIC of their AI Core serves them (REGIST_MATMUL_OBJ runs its server loop). `kernel[n]` starts n AI
Cores, i.e. n AICs and 2n AIVs numbered 0..2n-1 by `get_block_idx()`, so launching with
`tiling.used_core_num` (as pyasc's tutorials do) leaves the AIVs from `used_core_num` on idle: they skip
the body (docs/language.md, "Matmul launches").

Run on the simulator:  python matmul_mix.py -r Model -v Ascend910B1
"""

import argparse
import logging

import torch

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
import asc.runtime.config as config

M, N, K = 512, 1024, 512
CLIENTS = 8


@asc.jit
def block_offsets(block_idx: int, m: int, n: int, k: int, single_m: int, single_n: int):
    """Where client `block_idx`'s block of C starts in A, B, the bias and C, and its size."""
    m_blocks = (m + single_m - 1) // single_m
    m_idx = block_idx % m_blocks
    n_idx = block_idx // m_blocks
    rest_m = m - m_idx * single_m
    rest_n = n - n_idx * single_n
    tail_m = single_m if rest_m > single_m else rest_m
    tail_n = single_n if rest_n > single_n else rest_n
    return (m_idx * single_m * k, n_idx * single_n, m_idx * single_m * n + n_idx * single_n, n_idx * single_n,
            tail_m, tail_n)


@asc.jit(always_compile=True)
def matmul_mix_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
                      workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
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
        mm.set_bias(bias_gm[off_bias:])
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(c_gm[off_c:])
        mm.end()


def tiling_for(m: int, n: int, k: int, clients: int) -> asc.adv.TCubeTiling:
    platform = host.get_ascendc_platform()
    api = host.MultiCoreMatmulTiling(platform)
    api.set_dim(clients)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    if api.get_tiling(tiling) == -1:
        raise RuntimeError("no Matmul tiling fits (the asc.lib.host log says why)")
    return tiling


def matmul_mix(a: torch.Tensor, b: torch.Tensor, bias: torch.Tensor, clients: int = CLIENTS) -> torch.Tensor:
    m, k = a.shape
    n = b.shape[1]
    tiling = tiling_for(m, n, k, clients)
    c = torch.zeros((m, n), dtype=torch.float32)
    workspace = torch.zeros(host.get_ascendc_platform().get_lib_api_work_space_size(), dtype=torch.uint8)
    matmul_mix_kernel[tiling.used_core_num, rt.current_stream()](a, b, bias, c, workspace, tiling)
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
    c = matmul_mix(a, b, bias)
    expected = a.float() @ b.float() + bias
    assert torch.allclose(c, expected, rtol=1e-3, atol=1e-3), (c - expected).abs().max()
    report = rt.last_launch()
    logging.info("C = A @ B + bias for (%d, %d, %d) float16 on %d Matmul clients matches torch", M, N, K, CLIENTS)
    if report is not None:  # the simulator's estimate (the NPU backend has none)
        logging.info("estimated NPU time: %.2f us (bound by %s)", report.duration_us, report.bound_pipe)
    logging.info("Tutorial 07 matmul_mix run success")


if __name__ == "__main__":
    main()
