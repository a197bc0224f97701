"""The Matmul tiling solver behind `asc.lib.host` (docs/tiling.md describes the algorithm).

Pure Python, no CANN. Given the problem (shapes, dtypes, positions, the number of cores, the buffer sizes
and any values the user fixed) it enumerates multi-core splits and in-core tilings, rejects those that do not
fit (L1 minus its reserved bytes, L0A, L0B, L0C, UB, BT) or break the fractal alignment, and keeps the one
with the lowest analytic time: per AIC the busiest of its pipes plus what the simulator's Matmul schedule
leaves exposed (the head before the first Mmad, the first block's copies, prefetch stalls, the last
Fixpipe), bounded below by the HBM traffic of all cores (hardware.md §7 rates, through the hardware table).
"""

from __future__ import annotations

import math
from dataclasses import astuple, dataclass, field, replace
from typing import Any

#: Bytes per element of the host DataType names the solver handles.
DTYPE_BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "int8": 1, "int32": 4}
#: Elements of K one cube cycle consumes per 16x16 output fractal (hardware.md §7.1: fp16 16, fp32 4
#: (1/4 of fp16), int8 32).
K_PER_CYCLE = {"float16": 16, "bfloat16": 16, "float32": 4, "int8": 32}
#: Latencies of the simulator's timing model (docs/timing.md): L1 -> L0 LoadData, Fixpipe L0C -> GM.
_L1_L0_LATENCY = 25
#: L1 tiles per operand the simulator's Matmul keeps (sim/MATMUL.md: depthA1 / stepKa, at most 3).
L1_SLOTS = 3
_FIX_LATENCY = 203
_STEP_HANDOFF = 10
#: MTE2 cycles a GM -> L1 copy costs beyond its bytes: at the L2 rate the simulator's copies take ~2 (the
#: traces of docs/tiling.md "How the cost was fitted"); 64 from HBM (fitted before the L2 model, not re-checked).
_L2_COPY_CYCLES = 2
_GM_COPY_CYCLES = 64


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def align(a: int, b: int) -> int:
    return ceil_div(a, b) * b


class TilingError(ValueError):
    """No tiling fits; the message says which field, which memory and both sizes."""


@dataclass(frozen=True)
class Hardware:
    """The sizes and rates the solver uses (one part, from the hardware table)."""

    aic_cores: int
    aiv_cores: int
    l1: int  # usable bytes (TOTAL_L1_SIZE)
    l0a: int
    l0b: int
    l0c: int
    ub: int
    bt: int
    gm_bytes_per_cycle: float  # one core's MTE2
    hbm_bytes_per_cycle: float  # all cores together
    mmad_overhead: int  # cycles per Mmad beyond its fractal MACs
    gm_latency: int
    l2_bytes: int = 0  # the chip's L2 (0: no L2 model)
    l2_bytes_per_cycle: float = 0.0  # one core's MTE2 when the launch's buffers fit in the L2
    l2_write_bytes_per_cycle: float = 0.0  # one core's writes (Fixpipe, MTE3) then


@dataclass
class Problem:
    """What the user asked for (-1 / None: free)."""

    m: int
    n: int
    k: int
    a_dtype: str = "float16"
    b_dtype: str = "float16"
    c_dtype: str = "float32"
    bias_dtype: str = "float32"
    a_trans: bool = False
    b_trans: bool = False
    a_in_ub: bool = False
    b_in_ub: bool = False
    c_in_ub: bool = False
    bias: bool = False
    dim: int = 1  # clients (AIVs in MIX, AICs when cube-only)
    clients_per_aic: int = 1
    fixed_base: tuple[int, int, int] = (-1, -1, -1)
    fixed_single: tuple[int, int, int] = (-1, -1, -1)
    split_range: tuple[int, int, int, int, int, int] = (-1, -1, -1, -1, -1, -1)  # max m n k, min m n k
    traverse: int | None = None  # 0: ORDER_M, 1: ORDER_N
    split_k: bool = False
    double_buffer: tuple[bool, bool, bool] = (True, True, True)  # L0A, L0B, L0C
    batch: int = 1
    align_split: tuple[int, int, int] = (-1, -1, -1)  # the multiple singleCoreM/N/K are rounded to
    sparse: bool = False  # set_sparse(True): B is 4:2 sparse (sim/MATMUL.md "Sparse B")


@dataclass
class Tiling:
    """The solver's answer (TCubeTiling's fields, Python names)."""

    used_core_num: int
    single_core_m: int
    single_core_n: int
    single_core_k: int
    base_m: int
    base_n: int
    base_k: int
    depth_a1: int
    depth_b1: int
    step_m: int
    step_n: int
    step_k_a: int
    step_k_b: int
    iterate_order: int
    db_l0a: int
    db_l0b: int
    db_l0c: int
    trans_length: int = 0
    share_l1_size: int = 0
    share_l0c_size: int = 0
    share_ub_size: int = 0
    cycles: float = 0.0
    usage: dict[str, tuple[int, int]] = field(default_factory=dict)


def c0(dtype: str) -> int:
    """Elements per 32-byte row of a fractal (K0): fp16 16, fp32 8, int8 32."""
    return 32 // DTYPE_BYTES[dtype]


def k_align(dtype: str) -> int:
    """The multiple base_k must be: C0, and at least 16 (a float32 B is transposed into Zn in 16 x 16
    blocks by LoadDataWithTranspose, so its K steps are whole blocks)."""
    return max(16, c0(dtype))


#: K of one fractal of a sparse B's stored values (32 stored int8 values = 64 of K): a sparse Matmul's
#: baseK (and a split K) is a multiple of it (sim/MATMUL.md "Sparse B").
SPARSE_K = 64


def b_bytes_per_element(p: Problem) -> float:
    """GM and L1 -> L0 bytes B moves per element of the dense K x N: a sparse B moves its stored half plus
    the index (2 bits per stored value), 1/2 + 1/8 of a dense int8 B."""
    return 5 / 8 if p.sparse else DTYPE_BYTES[p.b_dtype]


def k_per_cycle(p: Problem) -> int:
    """Dense K the cube consumes per cycle: the sparse Mmad multiplies the stored half of K (docs/timing.md)."""
    return K_PER_CYCLE[p.a_dtype] * (2 if p.sparse else 1)


def problem_k_align(p: Problem) -> int:
    """The multiple base_k must be for the problem: the inputs' k_align, 64 for a sparse B."""
    k0 = max(k_align(p.a_dtype), k_align(p.b_dtype))
    return max(k0, SPARSE_K) if p.sparse else k0


def l0c_bytes_per_element(p: Problem) -> int:
    return 4  # L0C accumulates in fp32 / int32


def usage(p: Problem, t: Tiling) -> dict[str, tuple[int, int]]:
    """{memory: (bytes used, field that sets it)} of a tiling (the capacity check and the messages)."""
    sa, sb = DTYPE_BYTES[p.a_dtype], DTYPE_BYTES[p.b_dtype]
    l1 = t.depth_a1 * t.base_m * t.base_k * sa + t.depth_b1 * t.base_n * t.base_k * sb
    if p.bias:
        l1 += t.step_n * t.base_n * DTYPE_BYTES[p.bias_dtype]
    out = {
        "L0A": (t.db_l0a * t.base_m * t.base_k * sa, 0),
        "L0B": (t.db_l0b * t.base_n * t.base_k * sb, 0),
        "L0C": (t.db_l0c * t.base_m * t.base_n * l0c_bytes_per_element(p), 0),
        "L1": (l1, 0),
        "BT": (t.base_n * 4 if p.bias else 0, 0),
        "UB": (t.trans_length, 0),
    }
    return {k: v for k, v in out.items()}


def check(p: Problem, t: Tiling, hw: Hardware) -> str | None:
    """None if `t` fits and is aligned, else the reason (field, memory, both sizes)."""
    sa, sb = DTYPE_BYTES[p.a_dtype], DTYPE_BYTES[p.b_dtype]
    k0 = problem_k_align(p)
    for name, v in (("baseM", t.base_m), ("baseN", t.base_n)):
        if v <= 0 or v % 16:
            return f"{name}={v} is not a positive multiple of 16 (the fractal height)"
    if t.base_k <= 0 or t.base_k % k0:
        why = "a sparse B: 64 of K per fractal of stored values" if p.sparse else f"for {p.a_dtype} inputs"
        return f"baseK={t.base_k} is not a positive multiple of {k0} ({why})"
    checks = [
        ("baseM x baseK", f"{t.db_l0a} x {t.base_m} x {t.base_k} x {sa}", t.db_l0a * t.base_m * t.base_k * sa,
         "L0A", hw.l0a),
        ("baseN x baseK", f"{t.db_l0b} x {t.base_n} x {t.base_k} x {sb}", t.db_l0b * t.base_n * t.base_k * sb,
         "L0B", hw.l0b),
        ("baseM x baseN", f"{t.db_l0c} x {t.base_m} x {t.base_n} x 4", t.db_l0c * t.base_m * t.base_n * 4, "L0C",
         hw.l0c),
    ]
    for fields_, how, need, mem, have in checks:
        if need > have:
            return f"{fields_} ({how} bytes) needs {need} bytes of {mem}, which has {have}"
    l1 = usage(p, t)["L1"][0]
    if l1 > hw.l1:
        return (f"depthA1={t.depth_a1} x baseM={t.base_m} x baseK={t.base_k} and depthB1={t.depth_b1} x "
                f"baseN={t.base_n} x baseK={t.base_k}{' plus the bias' if p.bias else ''} need {l1} bytes of L1, "
                f"which has {hw.l1}")
    if p.bias and t.base_n * 4 > hw.bt:
        return f"baseN={t.base_n} float32 bias values need {t.base_n * 4} bytes of BT (the bias table), which has {hw.bt}"
    if t.trans_length > hw.ub:
        return f"transLength={t.trans_length} needs {t.trans_length} bytes of UB, which has {hw.ub}"
    if t.depth_a1 % (t.step_m * t.step_k_a) or t.depth_b1 % (t.step_n * t.step_k_b):
        return "depthA1/depthB1 must be multiples of stepM x stepKa / stepN x stepKb"
    return None


def estimate(p: Problem, t: Tiling, hw: Hardware) -> float:
    """Cycles of the launch (the model docs/tiling.md states)."""
    return estimate_terms(p, t, hw)["total"]


def estimate_terms(p: Problem, t: Tiling, hw: Hardware) -> dict[str, float]:
    """The estimate and the terms it adds up (cycles of one AIC; `total` is the launch's)."""
    sa, sb, sc = DTYPE_BYTES[p.a_dtype], b_bytes_per_element(p), DTYPE_BYTES[p.c_dtype]
    sm, sn, sk = t.single_core_m, t.single_core_n, t.single_core_k
    mt, nt, kt = ceil_div(sm, t.base_m), ceil_div(sn, t.base_n), ceil_div(sk, t.base_k)
    kstep = k_per_cycle(p)
    mmad = ceil_div(t.base_m, 16) * ceil_div(t.base_n, 16) * ceil_div(t.base_k, kstep) + hw.mmad_overhead
    # The last block of M and of N is the remainder of the single-core size (its Mmads are smaller).
    m_fracs = (mt - 1) * ceil_div(t.base_m, 16) + ceil_div(sm - (mt - 1) * t.base_m, 16)
    n_fracs = (nt - 1) * ceil_div(t.base_n, 16) + ceil_div(sn - (nt - 1) * t.base_n, 16)
    k_fracs = (kt - 1) * ceil_div(t.base_k, kstep) + ceil_div(sk - (kt - 1) * t.base_k, kstep)
    cube = (m_fracs * n_fracs * k_fracs + mt * nt * kt * hw.mmad_overhead) * p.batch
    # GM -> L1: a panel of A (stepM base rows x all of K) stays in L1 when stepKa covers K.
    m_blocks, n_blocks = ceil_div(mt, t.step_m), ceil_div(nt, t.step_n)
    a_resident = t.step_k_a * t.base_k >= sk
    b_resident = t.step_k_b * t.base_k >= sk
    a_bytes = sm * sk * sa
    b_bytes = sk * sn * sb
    # The simulator's Matmul (sim/MATMUL.md) keeps one operand's whole-K tile across blocks: B with
    # ORDER_M (M moves first), A with ORDER_N; the other is loaded again for every block.
    if t.iterate_order == 0:
        a_loads = n_blocks
        b_loads = 1 if b_resident else m_blocks
    else:
        b_loads = m_blocks
        a_loads = 1 if a_resident else n_blocks
    loads = (a_bytes * a_loads + b_bytes * b_loads) * p.batch
    # Each GM->L1 copy pays a latency share; more, smaller copies cost more.
    copies = (mt * kt * a_loads / max(t.step_m * t.step_k_a, 1) + nt * kt * b_loads / max(t.step_n * t.step_k_b, 1))
    # As the simulator's L2 model (docs/timing.md): when A, B and C fit in the L2 together, only the first
    # read of each byte of A and B reaches HBM (the L2 absorbs C, written back after the kernel) and the
    # cores copy at the L2 rates.
    buffers = (p.m * p.k * sa + p.k * p.n * sb + p.m * p.n * sc) * p.batch
    resident = hw.l2_bytes > 0 and hw.l2_bytes_per_cycle > 0 and buffers <= hw.l2_bytes
    first_reads = (p.m * p.k * sa + p.k * p.n * sb) * p.batch
    rate = hw.l2_bytes_per_cycle if resident else hw.gm_bytes_per_cycle
    mte2 = loads / rate + copies * (_L2_COPY_CYCLES if resident else _GM_COPY_CYCLES)
    fix = sm * sn * sc * p.batch / hw.gm_bytes_per_cycle
    # L1 -> L0: every base block of C loads its A and B tiles (L0A 256 B/cycle, L0B 128 B/cycle).
    mte1 = (nt * sm * sk * sa / 256 + mt * sk * sn * sb / 128 + mt * nt * kt * 2 * 25) * p.batch
    # The pipes overlap (L0 double buffering); without it they add up.
    overlap = t.db_l0a == 2 and t.db_l0b == 2
    write_rate = hw.l2_write_bytes_per_cycle if resident and hw.l2_write_bytes_per_cycle else hw.gm_bytes_per_cycle
    block_fix = t.base_m * t.base_n * sc / write_rate
    # The head: the first Mmad waits for the first K chunks of A and B to reach L1 and L0. The simulator's
    # Matmul copies a one-slot tile of 16-bit data that is several base K steps deep (a whole-K panel that
    # stays in L1) part by part, one base K step a part, so only the first part is in the head
    # (sim/MATMUL.md); other tiles are copied whole.
    def first_k(step: int, depth: int, size: int) -> int:
        whole = min(step * t.base_k, sk)
        return t.base_k if size == 2 and depth == step and whole > t.base_k else whole
    head_a = t.base_m * first_k(t.step_k_a, t.depth_a1, sa) * sa
    head_b = t.base_n * first_k(t.step_k_b, t.depth_b1, sb) * sb
    # B's tile is copied first and loaded into L0B (the longer load) while A's copy lands; then A's L0A load.
    head = (max(head_b / rate + hw.gm_latency + t.base_n * t.base_k * sb / 128 + _L1_L0_LATENCY,
                (head_a + head_b) / rate + hw.gm_latency)
            + t.base_m * t.base_k * sa / 256 + _L1_L0_LATENCY)
    # The first block streams its A and B tiles while it computes: a whole-K panel kept for later blocks is
    # copied during the first block, which then waits for MTE2 when the copies take longer than its Mmads.
    # With two L0C buffers and a second block that shares the panel, IterateAll computes the first two
    # blocks as a pair, their K loops interleaved (sim/MATMUL.md): two blocks' Mmads while the panel and
    # both blocks' other tiles arrive.
    if t.iterate_order == 1:
        pair = t.db_l0c == 2 and not p.bias and nt >= 2 and a_resident and t.depth_b1 >= 2 * t.step_k_b
    else:
        pair = t.db_l0c == 2 and not p.bias and mt >= 2 and b_resident and t.depth_a1 >= 2 * t.step_k_a
    first_blocks = 2 if pair else 1
    pipes = (cube, mte2, mte1, fix * hw.gm_bytes_per_cycle / write_rate)
    steady = max(pipes) if overlap else sum(pipes)
    first_block_cube = first_blocks * kt * mmad
    first_block_mte2 = (t.base_m * sk * sa * (first_blocks if t.iterate_order == 0 else 1)
                        + t.base_n * sk * sb * (first_blocks if t.iterate_order == 1 else 1)) / rate
    first_excess = max(0.0, first_block_mte2 - first_block_cube) if overlap else 0.0
    # Every later whole-K tile that stays (the next row of blocks with ORDER_N, column with ORDER_M) is a
    # one-slot ring, so it is copied only once the last block of the row before is done with the old one:
    # during the first block that uses it, alone (IterateAll pairs only the first two blocks), which waits
    # for MTE2 likewise, while the row's last block computes with MTE2 idle. (f16 256 x 176 x 1024, base
    # 128 x 96 x 96, stepKa 11: the second row's first block takes 4 184 cycles for 11 Mmads of 318.)
    if t.iterate_order == 1 and a_resident:
        later = mt * p.batch - 1
    elif t.iterate_order == 0 and b_resident:
        later = nt * p.batch - 1
    else:
        later = 0
    one_block_mte2 = (t.base_m * sk * sa + t.base_n * sk * sb) / rate
    first_excess += later * max(0.0, one_block_mte2 - kt * mmad) if overlap else 0.0
    # Latency: a tile's copy must land before the K step that uses it. A part (one base K step) is copied
    # one step ahead, a chunk of a two-slot ring one chunk (step_k steps) ahead; a one-slot chunk copied
    # whole is not prefetched. When copy + latency exceed the Mmads in between, the cube waits (about half
    # of the latency overlaps the copy before it: measured on the simulator's Matmul, f16 1024³).
    def stall(size: int, rows: int, step: int, depth: int, blocks: float) -> float:
        whole = min(step * t.base_k, sk)
        chunk_steps = max(1, ceil_div(whole, t.base_k))
        slots = min(L1_SLOTS, depth // step)
        if size == 2 and depth == step and whole > t.base_k:  # part by part, L1_SLOTS parts in flight
            per_step = rows * t.base_k * size / rate - mmad
        elif slots >= 3:  # two tiles ahead: the latency is hidden
            per_step = rows * whole * size / rate / chunk_steps - mmad
        elif slots == 2:  # one tile ahead: about half of the latency shows
            per_step = (rows * whole * size / rate + hw.gm_latency / 2) / chunk_steps - mmad
        else:
            per_step = (rows * whole * size / rate + hw.gm_latency) / chunk_steps
        return max(0.0, per_step) * kt * blocks
    stalls = max(stall(sa, t.base_m, t.step_k_a, t.depth_a1, mt * a_loads),
                 stall(sb, t.base_n, t.step_k_b, t.depth_b1, nt * b_loads)) * p.batch if overlap else 0.0
    # A one-slot ring is not prefetched: every new tile (after the first, which is in the head) waits for
    # the MTE1 reads of the one before it and then for its first copy (a part or the whole chunk).
    def reloads(size: int, rows: int, step: int, depth: int, tiles: float) -> float:
        if depth >= 2 * step or tiles <= 1:  # prefetched
            return 0.0
        return (tiles - 1) * (rows * first_k(step, depth, size) * size / rate + hw.gm_latency)
    tiles_a = mt * a_loads * ceil_div(sk, min(t.step_k_a * t.base_k, sk))
    tiles_b = nt * b_loads * ceil_div(sk, min(t.step_k_b * t.base_k, sk))
    bubbles = (reloads(sa, t.base_m, t.step_k_a, t.depth_a1, tiles_a)
               + reloads(sb, t.base_n, t.step_k_b, t.depth_b1, tiles_b)) * p.batch
    # The tail: the last block's Fixpipe (L0C -> GM) after its last Mmad. The Matmul's default config has
    # enUnitFlag (sim/MATMUL.md): the Fixpipe drains each 512-byte L0C block as the last Mmad produces it,
    # so it starts with that Mmad and ends one block after it at the earliest (docs/timing.md "UnitFlag").
    # With one L0C buffer every block's Fixpipe also holds the next block's first Mmad.
    last_n = sn - (nt - 1) * t.base_n if t.iterate_order == 1 else t.base_n
    last_m = sm - (mt - 1) * t.base_m if t.iterate_order == 0 else t.base_m
    last_mmad = ceil_div(last_m, 16) * ceil_div(last_n, 16) * ceil_div(sk - (kt - 1) * t.base_k, kstep)
    l0c_bytes = align(last_m, 16) * align(last_n, 16) * 4
    fix_occupancy = max(l0c_bytes / 128, last_m * last_n * sc / write_rate)
    tail = max(fix_occupancy - last_mmad, 0.0) + fix_occupancy / ceil_div(l0c_bytes, 512) + _FIX_LATENCY
    # A pair that is the core's last two blocks ends with both Fixpipes: the first block's starts with its
    # last Mmad (unit flags), two Mmads before the end, and the second block's follows it.
    if pair and mt * nt == 2 and p.batch == 1:
        chunk = fix_occupancy / ceil_div(l0c_bytes, 512)
        first_done = max(fix_occupancy - 2 * last_mmad, chunk - last_mmad)
        tail = max(tail, max(first_done, -last_mmad) + fix_occupancy + _FIX_LATENCY)
    # The pair's streamed ring: each block holds its tile, so of three slots one is free for a prefetch:
    # the second block's next tile is copied when the first block is done with its tile, two Mmads before
    # the second block needs it (f16 112 x 256 x 520, base 112 x 128 x 48, stepKb 2: ~174 cycles a chunk).
    # With two slots both blocks' next tiles wait, each one Mmad ahead (measured with stepKb 1; it
    # overrates chunks of several K steps, docs/tiling.md).
    ring = 0.0
    if pair:
        s_step, s_rows, s_size, s_depth = ((t.step_k_b, t.base_n, sb, t.depth_b1) if t.iterate_order == 1
                                           else (t.step_k_a, t.base_m, sa, t.depth_a1))
        free = min(L1_SLOTS, s_depth // s_step) - 2
        copy_t = s_rows * min(s_step * t.base_k, sk) * s_size / rate + hw.gm_latency
        chunks = ceil_div(kt, s_step)
        if free == 1:
            ring = max(0.0, copy_t - 2 * mmad) * (chunks - 1)
        elif free <= 0:
            ring = 2 * max(0.0, copy_t - mmad) * (chunks - 1)
        ring *= p.batch
    # One L0C buffer: a block's Fixpipe starts with its last Mmad (unit flags) and the next block's first
    # Mmad writes L0C behind it, so that Mmad ends with the Fixpipe, two Mmads after it started (f16 128 x
    # 176, base_k 64: ~460 cycles a block; the whole Fixpipe plus twice its latency, counted before, 1 454).
    exposed_fix = ((mt * nt * p.batch - 1) * max(0.0, max(block_fix, t.base_m * t.base_n * 4 / 128)
                                                  + _FIX_LATENCY - 2 * mmad) if t.db_l0c < 2 else 0.0)
    # With a bias each block loads the BiasTable (MTE1) after the last Mmad of the block before, which
    # reads it, and then its first L0B and L0A tiles: the first Mmad waits for those loads (f16 512 x 128 x
    # 512 + bias, base 128 x 128 x 128: 418 cycles a block; base_k 64: 226).
    bias_gap = ((mt * nt * p.batch - 1) * (t.base_n * t.base_k * sb / 128 + t.base_m * t.base_k * sa / 256
                                           + _L1_L0_LATENCY) if p.bias else 0.0)
    # Each K step hands its tiles on through flags (MTE2 -> MTE1 -> M and back), which the pipe sums above
    # do not see: about _STEP_HANDOFF cycles a step, so very small K steps lose. Re-measured since L0A and
    # L0B share one event pair (docs/tiling.md "How the cost was fitted"): a cube-bound core (128 x 256 x
    # 2048, base_k 32 / 48 / 64) spends ~3 cycles a step beyond its Mmads; on the fit sweep 10 ranks best.
    handoff = _STEP_HANDOFF * mt * nt * kt * p.batch
    per_client = (steady + head + first_excess + ring + bias_gap + stalls + bubbles + tail + exposed_fix
                  + handoff)
    aic_time = per_client * min(p.clients_per_aic, t.used_core_num)
    total = (first_reads if resident else loads * t.used_core_num + sm * sn * sc * t.used_core_num * p.batch)
    # Ties (one pipe bounds the time) go to the tiling that keeps the other pipes least busy.
    busy = (cube + mte1 + mte2 + fix) * min(p.clients_per_aic, t.used_core_num)
    return {"cube": cube, "mte2": mte2, "mte1": mte1, "fix": pipes[3], "steady": steady, "head": head,
            "first_excess": first_excess, "ring": ring, "bias_gap": bias_gap, "stalls": stalls, "bubbles": bubbles,
            "tail": tail, "exposed_fix": exposed_fix, "handoff": handoff, "per_client": per_client,
            "hbm": total / hw.hbm_bytes_per_cycle, "total": max(aic_time, total / hw.hbm_bytes_per_cycle) + 0.01 * busy}


def _candidates(limit: int, unit: int, lo: int, hi: int, fixed: int) -> list[int]:
    if fixed > 0:
        return [fixed]
    cap = min(align(limit, unit), hi if hi > 0 else 1 << 30)
    low = max(unit, lo if lo > 0 else unit)
    vals = {v for v in (16, 32, 48, 64, 96, 128, 192, 256, 512) if v % unit == 0}
    vals |= {unit * 2 ** i for i in range(10)}
    vals.add(align(limit, unit))
    out = sorted(v for v in vals if low <= v <= cap)
    return out or [align(min(max(limit, 1), cap), unit)]


def _splits(p: Problem) -> list[tuple[int, int, int]]:
    """(mDim, nDim, kDim) with mDim*nDim*kDim <= dim that do not make idle cores."""
    out = []
    m16, n16 = ceil_div(p.m, 16), ceil_div(p.n, 16)
    k_units = ceil_div(p.k, 16)
    for md in range(1, p.dim + 1):
        for nd in range(1, p.dim // md + 1):
            kds = range(1, p.dim // (md * nd) + 1) if p.split_k else (1,)
            for kd in kds:
                if md > m16 or nd > n16 or kd > k_units:
                    continue
                out.append((md, nd, kd))
    return out


_SOLVED: dict[tuple[Any, ...], Tiling | str] = {}


def solve(p: Problem, hw: Hardware) -> Tiling:
    """The fastest tiling that fits, or a TilingError with the reason (remembered per problem: the host
    code of a kernel usually asks for the same tiling again and again)."""
    key = (astuple(p), hw)
    if key not in _SOLVED:
        try:
            _SOLVED[key] = _solve(p, hw)
        except TilingError as e:
            _SOLVED[key] = str(e)
    found = _SOLVED[key]
    if isinstance(found, str):
        raise TilingError(found)
    return replace(found, usage=dict(found.usage))


def _solve(p: Problem, hw: Hardware) -> Tiling:
    for name, v in (("M", p.m), ("N", p.n), ("K", p.k)):
        if v <= 0:
            raise TilingError(f"the shape needs {name} > 0, got {v}")
    if p.dim <= 0:
        raise TilingError(f"set_dim needs at least one core, got {p.dim}")
    k0 = problem_k_align(p)
    best: Tiling | None = None
    first_reason: str | None = None
    fs = p.fixed_single
    if fs[0] > 0 or fs[1] > 0 or fs[2] > 0:
        sm = fs[0] if fs[0] > 0 else p.m
        sn = fs[1] if fs[1] > 0 else p.n
        sk = fs[2] if fs[2] > 0 else p.k
        shapes = [(sm, sn, sk, ceil_div(p.m, sm) * ceil_div(p.n, sn) * ceil_div(p.k, sk))]
        if shapes[0][3] > p.dim:
            raise TilingError(f"singleCoreM={sm}, singleCoreN={sn}, singleCoreK={sk} need {shapes[0][3]} cores, "
                              f"but set_dim allows {p.dim}")
    else:
        shapes = []
        for md, nd, kd in _splits(p):
            am, an, ak = (max(16, p.align_split[0]), max(16, p.align_split[1]), max(k0, p.align_split[2]))
            sm = min(align(ceil_div(p.m, md), am), p.m) if md > 1 else p.m
            sn = min(align(ceil_div(p.n, nd), an), p.n) if nd > 1 else p.n
            sk = min(align(ceil_div(p.k, kd), ak), p.k) if kd > 1 else p.k
            used = ceil_div(p.m, sm) * ceil_div(p.n, sn) * ceil_div(p.k, sk)
            shapes.append((sm, sn, sk, used))
        # Rank the splits by a first estimate (cube cycles, one core's GM traffic, all cores' HBM
        # traffic) and search the best few: fewer cores can win when HBM is the limit.
        sa = DTYPE_BYTES[p.a_dtype]
        sc = DTYPE_BYTES[p.c_dtype]

        # As in estimate(): when A, B and C fit in the L2 together, the cores copy at the L2 rate and only the
        # first reads of A and B cross HBM.
        sb_ = b_bytes_per_element(p)
        buffers = (p.m * p.k * sa + p.k * p.n * sb_ + p.m * p.n * sc) * p.batch
        resident = hw.l2_bytes > 0 and hw.l2_bytes_per_cycle > 0 and buffers <= hw.l2_bytes
        rate = hw.l2_bytes_per_cycle if resident else hw.gm_bytes_per_cycle

        def first_estimate(s: tuple[int, int, int, int]) -> tuple[float, float]:
            sm, sn, sk, used = s
            share = min(p.clients_per_aic, used)
            cube = ceil_div(sm, 16) * ceil_div(sn, 16) * ceil_div(sk, k_per_cycle(p)) * share
            traffic = (sm * sa + sn * sb_) * sk
            mte2 = traffic / rate * share
            hbm = ((p.m * p.k * sa + p.k * p.n * sb_) * p.batch if resident else used * (traffic + sm * sn * sc)) \
                / hw.hbm_bytes_per_cycle
            return max(cube, mte2, hbm) + 0.5 * min(cube, mte2), cube + mte2 + hbm

        shapes.sort(key=first_estimate)
        shapes = shapes[:6]
    orders = [p.traverse] if p.traverse is not None else [0, 1]
    mr = p.split_range
    for sm, sn, sk, used in shapes:
        bms = _candidates(sm, 16, mr[3], mr[0], p.fixed_base[0])
        bns = _candidates(sn, 16, mr[4], mr[1], p.fixed_base[1])
        bks = _candidates(sk, k0, mr[5], mr[2], p.fixed_base[2])
        sa, sb = DTYPE_BYTES[p.a_dtype], DTYPE_BYTES[p.b_dtype]
        for bm in bms:
            for bn in bns:
                if bm * bn * 4 > hw.l0c or (p.bias and bn * 4 > hw.bt):
                    first_reason = first_reason or check(p, _tiling(p, hw, sm, sn, sk, used, bm, bn, bks[0], 0, 1),
                                                         hw)
                    continue
                for bk in bks:
                    if bm * bk * sa > hw.l0a or bn * bk * sb > hw.l0b:
                        first_reason = first_reason or check(p, _tiling(p, hw, sm, sn, sk, used, bm, bn, bk, 0, 1),
                                                             hw)
                        continue
                    kt = ceil_div(sk, bk)
                    for order in orders:
                        steps = sorted(v for v in {1, 2, 4, kt} if v <= kt)
                        for step_ka, step_kb in ((x, y) for x in steps for y in steps):
                            t = _tiling(p, hw, sm, sn, sk, used, bm, bn, bk, order, step_ka, step_kb)
                            reason = check(p, t, hw)
                            if reason is not None:
                                first_reason = first_reason or reason
                                continue
                            t.cycles = estimate(p, t, hw)
                            if best is None or t.cycles < best.cycles - 1e-9:
                                best = t
    if best is None:
        raise TilingError(first_reason or "no tiling fits")
    best.usage = usage(p, best)
    return best


def _tiling(p: Problem, hw: Hardware, sm: int, sn: int, sk: int, used: int, bm: int, bn: int, bk: int, order: int,
            step_ka: int, step_kb: int | None = None) -> Tiling:
    step_kb = step_ka if step_kb is None else step_kb
    sa, sb = DTYPE_BYTES[p.a_dtype], DTYPE_BYTES[p.b_dtype]
    db_a = 2 if p.double_buffer[0] and 2 * bm * bk * sa <= hw.l0a else 1
    db_b = 2 if p.double_buffer[1] and 2 * bn * bk * sb <= hw.l0b else 1
    db_c = 2 if p.double_buffer[2] and 2 * bm * bn * 4 <= hw.l0c else 1
    trans = 0
    if p.a_in_ub or p.b_in_ub:
        trans = max(bm * bk * sa if p.a_in_ub else 0, bk * bn * sb if p.b_in_ub else 0)
    if p.c_in_ub:
        trans = max(trans, bm * bn * DTYPE_BYTES[p.c_dtype])
    t = Tiling(used, sm, sn, sk, bm, bn, bk, 0, 0, 1, 1, step_ka, step_kb, order, db_a, db_b, db_c,
               trans_length=trans)
    # L1 buffering of the K chunks that are not the whole K: L1_SLOTS chunks (the next two load while
    # this one is used), else two, else one — B's dropped first when L1 is too small. A whole-K tile has
    # one slot (it stays in L1; the simulator's Matmul copies it part by part).
    kt = ceil_div(sk, bk)
    t.depth_a1 = step_ka * (L1_SLOTS if step_ka < kt else 1)
    t.depth_b1 = step_kb * (L1_SLOTS if step_kb < kt else 1)
    for slots in range(L1_SLOTS - 1, 0, -1):
        if check(p, t, hw) is not None and t.depth_b1 > step_kb * slots:
            t.depth_b1 = step_kb * slots
        if check(p, t, hw) is not None and t.depth_a1 > step_ka * slots:
            t.depth_a1 = step_ka * slots
    return replace(t)


def hardware_from_table(platform: Any = None) -> Hardware:
    """The Hardware of `platform` (default: the configured one) from the one hardware table
    (AscHardware.td through asc.runtime.config)."""
    from ...runtime import config

    info = config.platform_info(platform)
    facts = config._HARDWARE
    consts = {name: value[0] for name, value in facts["constants"].items()}
    usable = {m["name"]: m["usable"] for m in facts["memories"]}
    hbm_per_cycle = info.hbm_gbps * 1e9 / (info.clock_mhz * 1e6)
    return Hardware(aic_cores=info.aic_cores, aiv_cores=info.aiv_cores, l1=info.l1_bytes, l0a=info.l0a_bytes,
                    l0b=info.l0b_bytes, l0c=info.l0c_bytes, ub=info.ub_bytes, bt=usable["BIAS"],
                    gm_bytes_per_cycle=float(consts["GmBytesPerCycle"]), hbm_bytes_per_cycle=hbm_per_cycle,
                    mmad_overhead=int(consts["MmadIssueCycles"]), gm_latency=int(consts["GmReadLatency"]),
                    l2_bytes=info.l2_bytes, l2_bytes_per_cycle=float(consts.get("L2ReadBytesPerCycle", 0)),
                    l2_write_bytes_per_cycle=float(consts.get("L2WriteBytesPerCycle", 0)))


def cube_bound_cycles(m: int, n: int, k: int, dtype: str, aic: int) -> float:
    """The cube bound of a launch: every AIC busy with full 16x16 fractals."""
    return math.ceil(m / 16) * math.ceil(n / 16) * math.ceil(k / K_PER_CYCLE[dtype]) / aic
