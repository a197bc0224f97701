"""The Matmul high-level API of the simulator (sim/MATMUL.md): hand-written Ascend C kernels
(sim/test/kernels/matmul_api.cpp) run cube-only (AIC_ONLY) and as MIX_AIC_1_2 (AIV clients, AIC
server), against numpy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from asc.runtime import config as cfg
from asc.runtime.ascendc_kernel import compile_ascendc
from asc.runtime.errors import KernelError

REPO = Path(__file__).resolve().parents[3]
KERNELS = REPO / "sim" / "test" / "kernels" / "matmul_api.cpp"
SRC = KERNELS.read_text()
AIC = cfg.KernelType.AIC_ONLY
MIX = cfg.KernelType.MIX_AIC_1_2

FIELDS = ("usedCoreNum M N Ka Kb singleCoreM singleCoreN singleCoreK baseM baseN baseK depthA1 depthB1 "
          "stepM stepN isBias transLength iterateOrder shareMode shareL1Size shareL0CSize shareUbSize "
          "batchM batchN singleBatchM singleBatchN stepKa stepKb depthAL1CacheUB depthBL1CacheUB dbL0A "
          "dbL0B dbL0C ALayoutInfoB ALayoutInfoS ALayoutInfoN ALayoutInfoG ALayoutInfoD BLayoutInfoB "
          "BLayoutInfoS BLayoutInfoN BLayoutInfoG BLayoutInfoD CLayoutInfoB CLayoutInfoS1 CLayoutInfoN "
          "CLayoutInfoG CLayoutInfoS2 BatchNum").split()
assert len(FIELDS) == 49


def tiling(M: int, N: int, K: int, cores: int, sm: int, sn: int, base: tuple[int, int, int],
           step_k: tuple[int, int] = (1, 1), depth: tuple[int, int] | None = None, bias: bool = False,
           db: tuple[int, int, int] = (2, 2, 1), order: int = 0) -> np.ndarray:
    """A hand-built TCubeTiling as 49 int32."""
    v = dict.fromkeys(FIELDS, 0)
    ska, skb = step_k
    v.update(usedCoreNum=cores, M=M, N=N, Ka=K, Kb=K, singleCoreM=sm, singleCoreN=sn, singleCoreK=K,
             baseM=base[0], baseN=base[1], baseK=base[2], stepM=1, stepN=1, stepKa=ska, stepKb=skb,
             depthA1=depth[0] if depth else 2 * ska, depthB1=depth[1] if depth else 2 * skb,
             isBias=int(bias), iterateOrder=order, dbL0A=db[0], dbL0B=db[1], dbL0C=db[2])
    return np.array([v[f] for f in FIELDS], dtype=np.int32)


def kernel(name: str, kind=AIC):
    return compile_ascendc(KERNELS, name, kernel_type=kind)


def blocks(cores: int, kind) -> int:
    return cores if kind is AIC else (cores + 1) // 2


WS = np.zeros(1 << 20, dtype=np.uint8)


def rng() -> np.random.Generator:
    return np.random.default_rng(7)


@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
def test_f32_256_cubed_with_bias(kind) -> None:
    r = rng()
    a = r.standard_normal((256, 256), dtype=np.float32)
    b = r.standard_normal((256, 256), dtype=np.float32)
    bias = r.standard_normal(256, dtype=np.float32)
    c = np.zeros((256, 256), dtype=np.float32)
    t = tiling(256, 256, 256, 4, 128, 128, (128, 128, 32), step_k=(4, 4), bias=True, db=(2, 2, 2))
    res = kernel("mm_f32", kind)(blocks(4, kind), a, b, bias, c, WS, t, 1)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b + bias, rtol=1e-4, atol=1e-3)
    assert res.ok and res.diagnostics == []
    assert res.pipe_busy_cycles["M"] > 0 and res.pipe_busy_cycles["FIX"] > 0


def test_f16_iterate_all_256_64_128() -> None:
    r = rng()
    a = r.standard_normal((256, 128), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((128, 64), dtype=np.float32).astype(np.float16)
    c = np.zeros((256, 64), dtype=np.float32)
    t = tiling(256, 64, 128, 2, 128, 64, (128, 64, 64), step_k=(2, 2))  # K in L1 at once
    for kind in (AIC, MIX):
        c[:] = 0
        kernel("mm_f16", kind)(blocks(2, kind), a, b, WS, c, WS, t, 0)
        np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("flags", [0, 2, 16], ids=["iterate_all", "iterate_get_tensor_c", "async"])
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_tails(dtype, flags) -> None:
    """M, N, K not multiples of 16 nor of the base block, over several clients."""
    M, N, K = 100, 72, 90
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(dtype)
    b = r.standard_normal((K, N), dtype=np.float32).astype(dtype)
    bias = r.standard_normal(N, dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 4, 64, 48, (32, 32, 32), step_k=(2, 1), bias=True)
    name = "mm_f16" if dtype == np.float16 else "mm_f32"
    kernel(name, MIX)(2, a, b, bias, c, WS, t, 1 | flags)
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("name,ta,tb", [("mm_f16_ta", True, False), ("mm_f16_tb", False, True),
                                        ("mm_f16_tab", True, True), ("mm_f32_tb", False, True)])
def test_transposes(name, ta, tb) -> None:
    M, N, K = 96, 80, 112
    dtype = np.float32 if "f32" in name else np.float16
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(dtype)
    b = r.standard_normal((K, N), dtype=np.float32).astype(dtype)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 2, 48, 80, (48, 48, 32), step_k=(2, 2))
    kernel(name, AIC)(2, np.ascontiguousarray(a.T) if ta else a, np.ascontiguousarray(b.T) if tb else b,
                      WS, c, WS, t, 0)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-3, atol=1e-3)


def test_c_in_ub_leakyrelu_epilogue() -> None:
    """MIX: per base block GetTensorC into a VECIN tensor, LeakyReLU on the AIV, then to GM."""
    M, N, K = 256, 128, 64
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32)
    b = r.standard_normal((K, N), dtype=np.float32)
    bias = r.standard_normal(N, dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 4, 64, 128, (64, 64, 32), step_k=(2, 2), bias=True)
    res = kernel("mm_leakyrelu", MIX)(2, a, b, bias, c, WS, t, 0.1)
    x = a.astype(np.float64) @ b + bias
    np.testing.assert_allclose(c, np.where(x >= 0, x, 0.1 * x), rtol=1e-4, atol=1e-3)
    assert res.pipe_busy_cycles["V"] > 0


@pytest.mark.parametrize("dtype,n", [(np.float32, 64), (np.float16, 32)])
def test_batch(dtype, n) -> None:
    batch = 3
    r = rng()
    a = r.standard_normal((batch, n, n), dtype=np.float32).astype(dtype)
    b = r.standard_normal((batch, n, n), dtype=np.float32).astype(dtype)
    c = np.zeros((batch, n, n), dtype=np.float32)
    t = tiling(n, n, n, 1, n, n, (n, n, 32), step_k=(n // 32, n // 32))
    name = "mm_batch_f32" if dtype == np.float32 else "mm_batch_f16"
    kernel(name, MIX)(1, a, b, c, WS, t, batch)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-3, atol=1e-3)


def test_int8_to_int32() -> None:
    M, N, K = 64, 96, 128
    r = rng()
    a = r.integers(-128, 128, (M, K), dtype=np.int8)
    b = r.integers(-128, 128, (K, N), dtype=np.int8)
    c = np.zeros((M, N), dtype=np.int32)
    t = tiling(M, N, K, 2, 32, 96, (32, 96, 64), step_k=(2, 2))
    kernel("mm_i8", AIC)(2, a, b, WS, c, WS, t, 0)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


@pytest.mark.parametrize("scalar", [False, True], ids=["per_channel", "scalar"])
def test_int8_dequant_to_half(scalar) -> None:
    M, N, K = 64, 64, 64
    r = rng()
    a = r.integers(-16, 16, (M, K), dtype=np.int8)
    b = r.integers(-16, 16, (K, N), dtype=np.int8)
    scale = (r.random(N, dtype=np.float32) * 0.01 + 0.001).astype(np.float32)
    if scalar:
        scale[:] = scale[0]
    q = scale.view(np.uint32).astype(np.uint64)  # the float32 bits in the low word
    c = np.zeros((M, N), dtype=np.float16)
    t = tiling(M, N, K, 2, 32, 64, (32, 64, 64))
    kernel("mm_i8_quant", MIX)(1, a, b, q, c, WS, t, int(scalar))
    acc = (a.astype(np.int32) @ b.astype(np.int32)).astype(np.float32)
    np.testing.assert_array_equal(c, (acc * scale).astype(np.float16))


def test_more_aivs_than_clients_do_not_corrupt() -> None:
    """blockDim 2 starts 4 AIVs; usedCoreNum 3: the fourth returns after REGIST_MATMUL_OBJ."""
    M, N, K = 96, 64, 64
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32)
    b = r.standard_normal((K, N), dtype=np.float32)
    c = np.full((M, N), 7.0, dtype=np.float32)
    t = tiling(M, N, K, 3, 32, 64, (32, 64, 32), step_k=(2, 2))
    res = kernel("mm_f32", MIX)(2, a, b, WS, c, WS, t, 0)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)
    assert res.ok


def test_misfit_tiling_names_field_memory_and_sizes() -> None:
    a = np.zeros((256, 256), dtype=np.float32)
    c = np.zeros((256, 256), dtype=np.float32)
    t = tiling(256, 256, 256, 1, 256, 256, (256, 64, 64), db=(2, 2, 1))
    with pytest.raises(KernelError) as e:
        kernel("mm_f32", AIC)(1, a, a, WS, c, WS, t, 0)
    assert e.value.category == "capacity"
    assert ("Matmul tiling does not fit: TCubeTiling.baseM x baseK x dbL0A needs 131072 bytes of L0A, "
            "which has 65536 bytes") in str(e.value)
    assert e.value.location.line == SRC.splitlines().index("  REGIST_MATMUL_OBJ(&pipe, ws, mm, &t);") + 1
    t = tiling(256, 256, 256, 1, 256, 256, (128, 128, 64), step_k=(4, 4), depth=(8, 8))
    with pytest.raises(KernelError, match=r"TCubeTiling.depthA1 x baseM x baseK \+ depthB1 x baseN x "
                                          r"baseK needs 524288 bytes of L1, which has 524160 bytes"):
        kernel("mm_f32", AIC)(1, a, a, WS, c, WS, t, 0)


def tiny_f32(kind: cfg.KernelType, flags: int) -> None:
    """Launches the float32 kernel at 32 x 32 x 32 on zeros, one block (the error tests' kernel)."""
    a = np.zeros((32, 32), dtype=np.float32)
    c = np.zeros((32, 32), dtype=np.float32)
    kernel("mm_f32", kind)(1, a, a, WS, c, WS, tiling(32, 32, 32, 1, 32, 32, (32, 32, 32)), flags)


def test_get_tensor_c_before_iterate() -> None:
    with pytest.raises(KernelError, match="GetTensorC before Iterate"):
        tiny_f32(AIC, 8 | 2)


def test_wait_iterate_batch_flag_of_a_synchronous_batch_is_refused() -> None:
    with pytest.raises(KernelError) as e:
        tiny_f32(AIC, 64)
    assert ("Matmul::IterateBatch: waitIterateBatch = true is for an asynchronous IterateBatch (sync = false); "
            "a synchronous one has finished when it returns") in e.value.message


@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
@pytest.mark.parametrize("bias", [False, True])
def test_part_loaded_panel_and_three_l1_tiles(kind, bias: bool) -> None:
    """A's whole K in one L1 tile (copied part by part), B in three L1 tiles of one base K step, N first
    (sim/MATMUL.md "Part loading"), checks on: the values, and no race or flag error."""
    M, N, K = 64, 160, 256
    r = rng()
    a = r.uniform(-1, 1, (M, K)).astype(np.float16)
    b = r.uniform(-1, 1, (K, N)).astype(np.float16)
    bias_v = r.uniform(-1, 1, N).astype(np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    cores = 2
    t = tiling(M, N, K, cores, 32, N, (32, 64, 32), step_k=(K // 32, 1), depth=(K // 32, 3), bias=bias,
               db=(2, 2, 2), order=1)
    kernel("mm_f16", kind)(blocks(cores, kind), a, b, bias_v, c, WS, t, int(bias))
    ref = a.astype(np.float64) @ b + (bias_v if bias else 0)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


def test_aiv_that_never_ends_is_reported() -> None:
    with pytest.raises(KernelError) as e:
        tiny_f32(MIX, 4)
    assert e.value.category == "deadlock"
    assert "AIV 0 finished without calling End()" in str(e.value)


def test_matmul_in_a_vector_only_kernel() -> None:
    with pytest.raises(KernelError, match="this kernel is AIV_ONLY"):
        tiny_f32(cfg.KernelType.AIV_ONLY, 0)


def test_a_and_b_from_ub_mix() -> None:
    """A and B at VECIN (UB) of the AIV clients, staged through the workspace."""
    M, N, K = 96, 64, 80
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((K, N), dtype=np.float32).astype(np.float16)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 4, 48, 32, (32, 32, 32), step_k=(2, 2))
    kernel("mm_ub_ab", MIX)(2, a, b, c, WS, t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-3, atol=1e-3)


def test_a_and_b_in_tscm_cube_only() -> None:
    """A and B in L1 (TSCM, Nz), put there by the kernel; tails in M and N."""
    M, N, K = 72, 56, 96
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((K, N), dtype=np.float32).astype(np.float16)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 2, 48, 56, (32, 32, 32), step_k=(1, 1))
    kernel("mm_tscm", AIC)(2, a, b, c, WS, t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-3, atol=1e-3)



def test_bias_in_tscm_cube_only() -> None:
    """The bias in L1 (TSCM, ND), put there by the kernel: the Matmul copies it C1 -> C2 (no GM pass)."""
    M, N, K = 64, 96, 64
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((K, N), dtype=np.float32).astype(np.float16)
    bias = r.standard_normal(N, dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 2, 64, 48, (32, 48, 32), bias=True)
    kernel("mm_tscm_bias", AIC)(2, a, b, bias, c, WS, t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64) + bias, rtol=1e-3, atol=1e-3)



def test_half_bias_in_tscm_cube_only() -> None:
    """A half bias in L1: the Matmul's C1 -> C2 copy widens it to float32 (it was refused: not the L0C type)."""
    M, N, K = 64, 96, 64
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((K, N), dtype=np.float32).astype(np.float16)
    bias = r.standard_normal(N, dtype=np.float32).astype(np.float16)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 2, 64, 48, (32, 48, 32), bias=True)
    kernel("mm_tscm_bias_f16", AIC)(2, a, b, bias, c, WS, t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64) + bias.astype(np.float64),
                               rtol=1e-3, atol=1e-3)

def hf32(x: np.ndarray) -> np.ndarray:
    """float32 rounded to HF32 (11 significand bits after the leading one, to nearest even)."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    low = u & 0xFFF
    u &= ~np.uint64(0xFFF)
    up = (low > 0x800) | ((low == 0x800) & ((u & 0x1000) != 0))
    return (u + up.astype(np.uint64) * 0x1000).astype(np.uint32).view(np.float32)


def test_hf32_mode_rounds_the_inputs() -> None:
    M, N, K = 64, 64, 64
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32)
    b = r.standard_normal((K, N), dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    plain = np.zeros_like(c)
    t = tiling(M, N, K, 1, 64, 64, (64, 64, 32), step_k=(2, 2))
    kernel("mm_f32", AIC)(1, a, b, WS, c, WS, t, 32)
    kernel("mm_f32", AIC)(1, a, b, WS, plain, WS, t, 0)
    np.testing.assert_allclose(c, hf32(a).astype(np.float64) @ hf32(b).astype(np.float64), rtol=1e-5, atol=1e-5)
    assert not np.array_equal(c, plain)
    np.testing.assert_allclose(plain, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("k", [200, 97, 8])
@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
def test_float32_k_tail(kind, k) -> None:
    """float32 K steps whose length is not a multiple of 16 (the Mmad reads K in 16s)."""
    r = rng()
    a = r.standard_normal((32, k), dtype=np.float32)
    b = r.standard_normal((k, 48), dtype=np.float32)
    c = np.zeros((32, 48), dtype=np.float32)
    t = tiling(32, 48, k, 1, 32, 48, (32, 48, 64), step_k=(1, 1))
    kernel("mm_f32", kind)(1, a, b, WS, c, WS, t, 0)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("db_l0c", [1, 2])
def test_two_clients_of_one_aic_c_in_ub(db_l0c) -> None:
    """Both AIVs of one AIC fetch 64 x 64 blocks into UB, their requests interleaved (the AIC holds
    one L0C block per client; with one L0C buffer the second client waits)."""
    M, N, K = 256, 256, 256
    r = rng()
    a = r.uniform(-1, 1, (M, K)).astype(np.float32)
    b = r.uniform(-1, 1, (K, N)).astype(np.float32)
    bias = r.uniform(-1, 1, N).astype(np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 2, 128, 256, (64, 64, 64), step_k=(2, 2), bias=True, db=(2, 2, db_l0c))
    for _ in range(3):
        c[:] = 0
        kernel("mm_leakyrelu", MIX)(1, a, b, bias, c, WS, t, 0.01)
        x = a.astype(np.float64) @ b + bias
        np.testing.assert_allclose(c, np.where(x >= 0, x, 0.01 * x), rtol=1e-4, atol=1e-4)


def test_iterate_all_into_ub_with_the_system_workspace() -> None:
    M, N, K = 96, 32, 48
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32)
    b = r.standard_normal((K, N), dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 1, M, N, (32, 32, 16), step_k=(3, 3))
    kernel("mm_iterate_all_ub", MIX)(1, a, b, c, WS, t)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-4)


MISUSE = """
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

// mode 0: SetTensorA before Init; 1: after End; 2: a tensor for a B of
// CubeFormat::SCALAR; 3: Init after End; 4: GetTensorC before Iterate; 5:
// End twice.
extern "C" __global__ __aicore__ void mm_misuse(GM_ADDR a, GM_ADDR tilingGm,
                                                int32_t mode) {
  TCubeTiling t;
  const __gm__ int32_t *p = reinterpret_cast<__gm__ int32_t *>(tilingGm);
  int32_t *d = reinterpret_cast<int32_t *>(&t);
  for (int i = 0; i < 49; ++i)
    d[i] = p[i];
  using F = MatmulType<TPosition::GM, CubeFormat::ND, float>;
  using S = MatmulType<TPosition::GM, CubeFormat::SCALAR, float>;
  GlobalTensor<float> ga;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a), 32 * 32);
  TPipe pipe;
  Matmul<F, F, F> mm;
  Matmul<F, S, F> scalarB;
  if (mode == 0)
    mm.SetTensorA(ga); // MODE 0
  if (mode == 1) {
    mm.Init(&t, &pipe);
    mm.End();
    mm.SetTensorA(ga); // MODE 1
  }
  if (mode == 4) {
    mm.Init(&t, &pipe);
    mm.SetTensorA(ga);
    mm.SetTensorB(ga);
    mm.GetTensorC(ga); // MODE 4
  }
  if (mode == 3) {
    mm.Init(&t, &pipe);
    mm.End();
    mm.Init(&t, &pipe); // MODE 3
  }
  if (mode == 2) {
    scalarB.Init(&t, &pipe);
    scalarB.SetTensorB(ga); // MODE 2
  }
  if (mode == 5) {
    mm.Init(&t, &pipe);
    mm.End();
    mm.End(); // MODE 5
  }
}
"""


@pytest.mark.parametrize("mode,message", [
    (0, "Matmul::SetTensorA before Init (call Init(&tiling) or pass the tiling to REGIST_MATMUL_OBJ)"),
    (1, "Matmul::SetTensorA after End: End is the Matmul's last call (in a MIX kernel the AIC stops serving this "
        "AIV at End); move End after the Matmul's last use"),
    (2, "Matmul::SetTensorB: B's MatmulType is CubeFormat::SCALAR: pass the scalar value, not a tensor"),
    (3, "Matmul::Init after End: End is the Matmul's last call (in a MIX kernel the AIC stops serving this AIV at "
        "End); call End once, after the Matmul's last use"),
    (4, "Matmul::GetTensorC before Iterate: no block has been computed (call it inside the Iterate loop)"),
    (5, "Matmul::End after End: End is the Matmul's last call (in a MIX kernel the AIC stops serving this AIV at "
        "End); call End once, after the Matmul's last use"),
])
def test_matmul_call_out_of_order_names_the_method(mode: int, message: str) -> None:
    """The argument checks' messages (formatted by mm_detail::faultf), at the line of the call."""
    a = np.zeros((32, 32), dtype=np.float32)
    with pytest.raises(KernelError) as e:
        compile_ascendc(MISUSE, "mm_misuse", kernel_type=AIC)(1, a, tiling(32, 32, 32, 1, 32, 32, (32, 32, 32)),
                                                              mode)
    assert e.value.category == "argument"
    assert e.value.message == f"kernel 'mm_misuse' (block 0): {message}"
    line = next(n for n, text in enumerate(MISUSE.split("\n"), 1) if text.endswith(f"// MODE {mode}"))
    assert e.value.location.line == line


@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
def test_two_objects_with_a_bias(kind) -> None:
    """Two Matmul objects of one REGIST_MATMUL_OBJ, both with a bias and two L0A and L0B buffers: each
    took 5 MTE1 -> M event ids (L0A 2, L0B 2, the BiasTable 1), 10 of the TPipe's 8 (`alloc_event_id
    needs an event id of MTE1_M, but all 8 are held` at REGIST_MATMUL_OBJ). L0A's slots go in lockstep
    with L0B's, whose flags cover them: L0A takes no ids."""
    M, N, K = 64, 48, 96
    r = rng()
    a = r.standard_normal((M, K), dtype=np.float32).astype(np.float16)
    b = r.standard_normal((K, N), dtype=np.float32).astype(np.float16)
    bias = r.standard_normal(N, dtype=np.float32)
    c = np.zeros((M, N), dtype=np.float32)
    c2 = np.zeros((M, N), dtype=np.float32)
    t = tiling(M, N, K, 1, M, N, (32, 48, 32), bias=True)
    t2 = tiling(M, N, K, 1, M, N, (64, 16, 48), bias=True, db=(2, 2, 2), order=1)
    kernel("mm_two_objects", kind)(1, a, b, bias, c, c2, WS, t, t2)
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-2)
    np.testing.assert_allclose(c2, ref, rtol=1e-3, atol=1e-2)


def solver_tiling(M: int, N: int, K: int, cores: int, bias: bool = False, l1: int = -1, l0c: int = -1) -> np.ndarray:
    """asc.lib.host's tiling of an f16 x f16 -> f32 matmul over `cores` clients, as 49 int32; `l1`, `l0c`: the
    bytes of L1 and L0C it may use (set_buffer_space: the objects of one kernel each keep their own)."""
    import asc
    import asc.lib.host as host

    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert api.set_dim(cores) == 0
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.enable_bias(bias)
    api.set_buffer_space(l1, l0c)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    return np.frombuffer(t.pack(), dtype=np.int32).copy()


def run_objects(kind, objects: int, M: int, N: int, K: int, cores: int, *, bias: bool = False,
                interleaved: bool = False, tilings: list[np.ndarray] | None = None):
    """mm_objects: `objects` Matmul objects of one REGIST_MATMUL_OBJ, object i computing A_i @ B_i (+ bias_i)."""
    r = rng()
    a = r.uniform(-1, 1, (objects, M, K)).astype(np.float16)
    b = r.uniform(-1, 1, (objects, K, N)).astype(np.float16)
    bi = r.uniform(-1, 1, (objects, N)).astype(np.float32)
    c = np.zeros((objects, M, N), dtype=np.float32)
    ts = tilings or [solver_tiling(M, N, K, cores, bias, 524160 // objects // 64 * 64, 131072 // objects // 64 * 64)
                     for _ in range(objects)]
    flags = int(bias) | (2 if objects == 3 else 0) | (4 if interleaved else 0)
    used = int(ts[0][0])
    res = kernel("mm_objects", kind)(blocks(used, kind), a, b, bi, c, WS, np.concatenate(ts), flags)
    ref = np.einsum("imk,ikn->imn", a.astype(np.float64), b.astype(np.float64)) + (bi[:, None, :] if bias else 0)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3 * K)
    assert res.ok and res.diagnostics == []
    return res


@pytest.mark.parametrize("interleaved", [False, True], ids=["iterate_all", "interleaved_iterate"])
@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
def test_two_objects_with_solver_tilings_share_l0a_l0b(kind, interleaved) -> None:
    """Two objects of one REGIST_MATMUL_OBJ with the host solver's tilings of 200 x 150 x 700, each given half
    of L1 and of L0C (set_buffer_space): base 128 x 64 x 128 with two L0A buffers, 65 536 B of L0A per object.
    Each object took its own L0A: `init_buffer of 1 buffer of 65536 bytes needs 65536 bytes of L0A at offset
    65536 ..., beyond the L0A capacity of 65536 bytes` at REGIST_MATMUL_OBJ. L0A / L0B hold an operand only
    between its load and its Mmad, so the objects of an AIC share them (and their MTE1 <-> M event ids); each
    keeps its L0C. Interleaved: both objects hold a block in their L0C while the other computes."""
    res = run_objects(kind, 2, 200, 150, 700, 1, interleaved=interleaved)
    assert res.pipe_busy_cycles["M"] > 0


def test_objects_whose_l0c_does_not_fit_together_are_refused_at_registration() -> None:
    """The solver's tilings given half of L1 but all of L0C (81 920 B each, base 128 x 160, dbL0C 1): L0C holds
    each object's block until GetTensorC, so it is not shared; before, the TPipe's `init_buffer ... beyond the
    L0C capacity`, which names neither the objects nor what to do."""
    t = solver_tiling(200, 150, 700, 1, l1=262080)
    with pytest.raises(KernelError) as e:
        run_objects(AIC, 2, 200, 150, 700, 1, tilings=[t, t])
    assert e.value.category == "capacity"
    assert e.value.message == (
        "kernel 'mm_objects' (block 0): Matmul objects do not fit together: object 1's TCubeTiling.baseM x baseN x "
        "dbL0C needs 81920 bytes of L0C after the 81920 bytes of the objects registered before it, and L0C has "
        "131072 bytes (each object keeps its own L0C; L0A and L0B are shared): give each object's host tiling its "
        "share (MultiCoreMatmulTiling.set_buffer_space(l1_size, l0_c_size), e.g. 65536 bytes for each of 2 "
        "objects) or smaller base blocks")
    assert "REGIST_MATMUL_OBJ(&pipe, ws, mm1, &o[0].t, mm2, &o[1].t);" in SRC.split("\n")[e.value.location.line - 1]


@pytest.mark.parametrize("solver", [True, False], ids=["solver_tilings", "small_tilings"])
@pytest.mark.parametrize("kind", [AIC, MIX], ids=["cube_only", "mix"])
def test_three_objects_with_a_bias(kind, solver) -> None:
    """Three objects of one REGIST_MATMUL_OBJ with a bias. The solver's tilings (a third of L1 and L0C each,
    base 64 x 64 x 192) overflowed L0A (`init_buffer of 1 buffer of 49152 bytes needs 49152 bytes of L0A at
    offset 49152 ...`); small ones (base 32 x 48 x 32) ran out of event ids: each object took an MTE2 -> MTE1 id
    per L1 ring and one for its bias row, 9 of the TPipe's 8 (`alloc_event_id needs an event id of MTE2_MTE1,
    but all 8 are held`), and 3 MTE1 -> M ids (L0B's 2, the BiasTable's 1), 9 of 8. The objects share L0A /
    L0B and the bias's L1 row and BiasTable with their ids: 2 + 1 MTE1 -> M ids, 3 x 2 + 1 MTE2 -> MTE1."""
    M, N, K = (200, 150, 700) if solver else (64, 48, 96)
    ts = None if solver else [tiling(M, N, K, 1, M, N, (32, 48, 32), bias=True)] * 3
    run_objects(kind, 3, M, N, K, 1, bias=True, tilings=ts)
    run_objects(kind, 3, M, N, K, 1, bias=True, interleaved=True, tilings=ts)
