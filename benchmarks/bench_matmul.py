"""(9) The Matmul high-level API: f16 1024³ on all 24 AIC cores of a 910B1.

The hand-written Ascend C kernel `mm_f16` of `sim/test/kernels/matmul_api.cpp` (Matmul through
`lib/matmul_intf.h`, cube-only: AIC_ONLY, one Matmul client per AIC) with the host tiling of pyasc's
solver (`asc.lib.host.MultiCoreMatmulTiling`, `set_dim(24)`, docs/tiling.md; on 2026-12-05: singleCore
128 × 352 (8 × 3 = 24 cores, the last N column 320 wide), base 128 × 128 × 128, stepKa 8 (A's whole K in
one L1 tile, copied part by part), stepKb 1 with three L1 tiles, N first, double-buffered L0A/L0B/L0C).
Two rows:

* wall: the launch (race checks on) against numpy's float32 `a @ b` of the same matrices;
  target ≤ 3×;
* NPU time: the launch's estimated `duration_us` against the cube bound 2·M·N·K / (AIC · 4096 ·
  2 · clock) — 4096 f16 MACs per cycle per AIC; target ≤ 1.6×. results.md says what the
  remainder is (MTE2 traffic, the launch's fixed cost, Fixpipe).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from common import Row, Section, fmt_time, ratio_row, side_by_side

REPO = Path(__file__).resolve().parent.parent
KERNEL = REPO / "sim" / "test" / "kernels" / "matmul_api.cpp"
SIZE = 1024
AICS = 24
CLOCK_MHZ = 1850

FIELDS = ("usedCoreNum M N Ka Kb singleCoreM singleCoreN singleCoreK baseM baseN baseK depthA1 depthB1 "
          "stepM stepN isBias transLength iterateOrder shareMode shareL1Size shareL0CSize shareUbSize "
          "batchM batchN singleBatchM singleBatchN stepKa stepKb depthAL1CacheUB depthBL1CacheUB dbL0A "
          "dbL0B dbL0C ALayoutInfoB ALayoutInfoS ALayoutInfoN ALayoutInfoG ALayoutInfoD BLayoutInfoB "
          "BLayoutInfoS BLayoutInfoN BLayoutInfoG BLayoutInfoD CLayoutInfoB CLayoutInfoS1 CLayoutInfoN "
          "CLayoutInfoG CLayoutInfoS2 BatchNum").split()


def tiling(clients: int = AICS, single_m: int = 256) -> np.ndarray:
    v = dict.fromkeys(FIELDS, 0)
    v.update(usedCoreNum=clients, M=SIZE, N=SIZE, Ka=SIZE, Kb=SIZE, singleCoreM=single_m, singleCoreN=176,
             singleCoreK=SIZE, baseM=128, baseN=176, baseK=64, stepM=1, stepN=1, stepKa=4, stepKb=16,
             depthA1=8, depthB1=16, iterateOrder=0, dbL0A=2, dbL0B=2, dbL0C=1)
    return np.array([v[f] for f in FIELDS], dtype=np.int32)


def solver_tiling(cores: int = AICS) -> np.ndarray:
    """The host tiling of pyasc's solver (`asc.lib.host.MultiCoreMatmulTiling`, docs/tiling.md) for f16
    SIZE³ -> f32 on `cores` AICs, as the 49 int32 fields of TCubeTiling in Ascend C's order."""
    import asc
    import asc.lib.host as host

    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(SIZE, SIZE, SIZE)
    api.set_shape(SIZE, SIZE, SIZE)
    api.enable_bias(False)
    t = asc.adv.TCubeTiling()
    if api.get_tiling(t) == -1:
        raise RuntimeError("the tiling solver found no tiling for the benchmark's matmul")
    fields = type(t)._fields_
    if [f.name for f in fields.values()] != FIELDS:
        raise RuntimeError("TCubeTiling's fields differ from the benchmark's list")
    return np.array([getattr(t, k) for k in fields], dtype=np.int32)


class Workload:
    def __init__(self) -> None:
        from asc.runtime import config as cfg
        from asc.runtime.ascendc_kernel import compile_ascendc

        self.kernel = compile_ascendc(KERNEL, "mm_f16", kernel_type=cfg.KernelType.AIC_ONLY)
        rng = np.random.default_rng(5)
        self.a = rng.standard_normal((SIZE, SIZE), dtype=np.float32).astype(np.float16)
        self.b = rng.standard_normal((SIZE, SIZE), dtype=np.float32).astype(np.float16)
        self.c = np.zeros((SIZE, SIZE), dtype=np.float32)
        self.af, self.bf = self.a.astype(np.float32), self.b.astype(np.float32)
        self.ref = np.empty_like(self.c)
        self.ws = np.zeros(1 << 16, dtype=np.uint8)
        self.t = solver_tiling()
        self.result = None

    def ours(self) -> None:
        self.result = self.kernel(AICS, self.a, self.b, self.ws, self.c, self.ws, self.t, 0)

    def reference(self) -> None:
        np.matmul(self.af, self.bf, out=self.ref)

    def verify(self) -> None:
        self.c[:] = 0
        self.ours()
        self.reference()
        np.testing.assert_allclose(self.c, self.ref, rtol=1e-4, atol=1e-3)


def cube_bound_us() -> float:
    return 2 * SIZE**3 / (AICS * 4096 * 2 * CLOCK_MHZ)


def run(quick: bool) -> Section:
    section = Section("matmul")
    w = Workload()
    w.verify()
    repeats = 3 if quick else 9
    stats = side_by_side({"ours": w.ours, "numpy": w.reference}, repeats)
    from common import CPU

    section.rows.append(ratio_row("9 matmul", f"Matmul API f16 {SIZE}³ ({AICS} AICs, cube-only) vs numpy f32 a@b, "
                                  "checks on", stats["ours"], stats["numpy"], "numpy", 3.0,
                                  ours_cpu=CPU["ours"], ref_cpu=CPU["numpy"]))
    r = w.result
    bound = cube_bound_us()
    npu = r.duration_us
    ratio = npu / bound
    busy = r.pipe_busy_us
    section.rows.append(Row(
        "9 matmul", f"Matmul API f16 {SIZE}³ on {AICS} AICs of 910B1: estimated NPU time / cube bound",
        fmt_time(npu * 1e-6), f"bound {fmt_time(bound * 1e-6)}", ratio, "≤ 1.6×", "PASS" if ratio <= 1.6 else "MISS",
        f"bound pipe {r.bound_pipe}; busiest core M {busy.get('M', 0):.2f} µs, MTE2 {busy.get('MTE2', 0):.2f} µs, "
        f"MTE1 {busy.get('MTE1', 0):.2f} µs, FIX {busy.get('FIX', 0):.2f} µs; hbm_bound {r.hbm_bound}; "
        f"GM read {r.gm_read_bytes / 2**20:.1f} MiB"))
    # The same problem as a MIX_AIC_1_2 launch (hand-built tiling): 24 blocks = 24 AICs serving 48 AIV clients
    # (singleCore 128 x 176 each, so each AIC computes what it computes cube-only).
    from asc.runtime import config as cfg
    from asc.runtime.ascendc_kernel import compile_ascendc

    mix = compile_ascendc(KERNEL, "mm_f16", kernel_type=cfg.KernelType.MIX_AIC_1_2)
    w.c[:] = 0
    rm = mix(AICS, w.a, w.b, w.ws, w.c, w.ws, tiling(2 * AICS, 128), 0)
    np.testing.assert_allclose(w.c, w.ref, rtol=1e-4, atol=1e-3)
    section.rows.append(Row(
        "9 matmul", "the same as MIX_AIC_1_2 (24 AICs serving 48 AIV clients): estimated NPU time / cube bound",
        fmt_time(rm.duration_us * 1e-6), f"bound {fmt_time(bound * 1e-6)}", rm.duration_us / bound, "", "info",
        f"bound pipe {rm.bound_pipe}; hbm_bound {rm.hbm_bound}; the client/server messages (200 cycles each way) "
        f"and the AIC serving two clients one request at a time"))
    section.details.append(f"matmul: {repeats} interleaved rounds after 1 warm-up; tiling {dict(zip(FIELDS, w.t.tolist()))}")
    return section
