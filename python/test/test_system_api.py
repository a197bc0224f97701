"""System control, cache, scalar helpers and system variables through real kernels on the simulator.

Scalar helpers run on runtime values read from GM and are checked against Python bit math
(randomized, seeded); state calls are observed through their effect (atomic stores, pointers that
round-trip, the UB watch stopping the kernel) and read back.
"""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values(
    "adds", "ascend_is_aic", "ascend_is_aiv", "check_local_memory_ia", "count_bits_cnt_same_as_sign_bit",
    "data_cache_clean_and_invalid", "data_cache_preload", "data_copy", "duplicate", "get_arch_version",
    "get_data_block_size_in_bytes", "get_hccl_context", "get_icache_preload_status", "get_program_counter",
    "get_store_atomic_config", "get_sub_block_idx", "get_sub_block_num", "get_sys_workspace",
    "get_system_cycle", "get_task_ratio", "icache_preload", "init_soc_state", "scalar_cast",
    "scalar_count_leading_zero", "scalar_get_count_of_value", "scalar_get_sff_value", "set_aipp_functions",
    "set_atomic_add", "set_atomic_max", "set_atomic_none", "set_hccl_context", "set_hf32_mode",
    "set_hf32_trans_mode", "set_mm_layout_transform", "set_store_atomic_config", "set_sys_workspace",
    "set_vector_mask", "trap")

RNG_SEED = 20261202


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


# ---------------------------------------------------------------------------------------------
# Scalar bit helpers
# ---------------------------------------------------------------------------------------------

@asc.jit
def bit_ops_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, n * 6)
    for i in range(n):
        v = xg.get_value(i)
        og.set_value(i * 6 + 0, asc.scalar_get_sff_value(v, 1))
        og.set_value(i * 6 + 1, asc.scalar_get_sff_value(v, 0))
        og.set_value(i * 6 + 2, asc.scalar_get_count_of_value(v, 1))
        og.set_value(i * 6 + 3, asc.scalar_get_count_of_value(value_in=v, count_value=0))
        og.set_value(i * 6 + 4, asc.scalar_count_leading_zero(v))
        og.set_value(i * 6 + 5, asc.count_bits_cnt_same_as_sign_bit(value_in=v))


def _sff(u: int, bit: int) -> int:
    for k in range(64):
        if (u >> k) & 1 == bit:
            return k
    return -1


def _clz(u: int) -> int:
    return 64 - u.bit_length()


def _cls(u: int) -> int:
    sign = u >> 63
    count = 0
    for k in range(62, -1, -1):
        if (u >> k) & 1 != sign:
            break
        count += 1
    return count


def test_bit_helpers_match_python_bit_math() -> None:
    rng = np.random.default_rng(RNG_SEED)
    edge = np.array([0, -1, 1, -2, 2**62, -(2**62), 2**63 - 1, -(2**63), 0x00FF00FF00FF00FF, 1 << 40],
                    dtype=np.int64)
    widths = rng.integers(0, 64, 118)
    rand = np.array([int(rng.integers(0, 2**63)) >> int(w) for w in widths], dtype=np.int64)
    rand *= rng.choice([-1, 1], rand.size)
    x = np.concatenate([edge, rand])
    out = np.zeros(x.size * 6, dtype=np.int64)
    bit_ops_kernel[1](x, out, x.size)
    got = out.reshape(-1, 6)
    for i, v in enumerate(x.tolist()):
        u = v & (2**64 - 1)
        ones = bin(u).count("1")
        expected = [_sff(u, 1), _sff(u, 0), ones, 64 - ones, _clz(u), _cls(u)]
        assert got[i].tolist() == expected, f"value {v:#x}"


# ---------------------------------------------------------------------------------------------
# scalar_cast
# ---------------------------------------------------------------------------------------------

_HALF_MODES = (asc.RoundMode.CAST_NONE, asc.RoundMode.CAST_RINT, asc.RoundMode.CAST_FLOOR,
               asc.RoundMode.CAST_CEIL, asc.RoundMode.CAST_ROUND, asc.RoundMode.CAST_TRUNC,
               asc.RoundMode.CAST_ODD)
_INT_MODES = (asc.RoundMode.CAST_RINT, asc.RoundMode.CAST_FLOOR, asc.RoundMode.CAST_CEIL,
              asc.RoundMode.CAST_ROUND, asc.RoundMode.CAST_TRUNC)


@asc.jit
def cast_kernel(x: asc.GlobalAddress, h: asc.GlobalAddress, k: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    hg = asc.GlobalTensor()
    hg.set_global_buffer(h, n * 7)
    kg = asc.GlobalTensor()
    kg.set_global_buffer(k, n * 5)
    for i in range(n):
        v = xg.get_value(i)
        hg.set_value(i * 7 + 0, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_NONE))
        hg.set_value(i * 7 + 1, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_RINT))
        hg.set_value(i * 7 + 2, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_FLOOR))
        hg.set_value(i * 7 + 3, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_CEIL))
        hg.set_value(i * 7 + 4, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_ROUND))
        hg.set_value(i * 7 + 5, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_TRUNC))
        hg.set_value(i * 7 + 6, asc.scalar_cast(value_in=v, dtype=asc.float16, round_mode=asc.RoundMode.CAST_ODD))
        kg.set_value(i * 5 + 0, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_RINT))
        kg.set_value(i * 5 + 1, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_FLOOR))
        kg.set_value(i * 5 + 2, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_CEIL))
        kg.set_value(i * 5 + 3, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_ROUND))
        kg.set_value(i * 5 + 4, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_TRUNC))


def _half_ref(v: float, mode: asc.RoundMode) -> np.float16:
    """float32 `v` (finite, |v| < 65504) to float16 in `mode`, from the two neighbours."""
    h = np.float16(v)  # numpy rounds float32 -> float16 to nearest even directly
    if float(h) == v:
        return h
    if float(h) > v:
        lo, hi = np.nextafter(h, np.float16(-np.inf)), h
    else:
        lo, hi = h, np.nextafter(h, np.float16(np.inf))
    if mode in (asc.RoundMode.CAST_NONE, asc.RoundMode.CAST_RINT):
        return h
    if mode == asc.RoundMode.CAST_FLOOR:
        return lo
    if mode == asc.RoundMode.CAST_CEIL:
        return hi
    if mode == asc.RoundMode.CAST_TRUNC:
        return lo if v > 0 else hi
    if mode == asc.RoundMode.CAST_ROUND:
        dlo, dhi = v - float(lo), float(hi) - v
        if dlo != dhi:
            return lo if dlo < dhi else hi
        return hi if v > 0 else lo  # ties away from zero
    # CAST_ODD: the neighbour with an odd last mantissa bit
    return lo if int(lo.view(np.uint16)) & 1 else hi


def _int_ref(v: float, mode: asc.RoundMode) -> int:
    if mode == asc.RoundMode.CAST_RINT:
        return int(np.rint(v))
    if mode == asc.RoundMode.CAST_FLOOR:
        return int(np.floor(v))
    if mode == asc.RoundMode.CAST_CEIL:
        return int(np.ceil(v))
    if mode == asc.RoundMode.CAST_ROUND:
        return int(np.sign(v) * np.floor(abs(v) + 0.5))
    return int(np.trunc(v))


def test_scalar_cast_is_bit_exact_in_every_round_mode() -> None:
    rng = np.random.default_rng(RNG_SEED + 1)
    edge = np.array([0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 1.0 + 2.0**-11, 1.0 + 3 * 2.0**-11,
                     2.0**-20, -(2.0**-20), 65504.0, -65504.0, 1000.25, 1e-7], dtype=np.float32)
    rand = (rng.standard_normal(112) * rng.choice([1e-3, 1.0, 100.0, 3e4], 112)).astype(np.float32)
    x = np.concatenate([edge, rand])
    h = np.zeros(x.size * 7, dtype=np.float16)
    k = np.zeros(x.size * 5, dtype=np.int32)
    cast_kernel[1](x, h, k, x.size)
    h = h.reshape(-1, 7).view(np.uint16)
    k = k.reshape(-1, 5)
    for i, v in enumerate(x.tolist()):
        expect_h = [int(np.asarray(_half_ref(v, m)).view(np.uint16)) for m in _HALF_MODES]
        assert h[i].tolist() == expect_h, f"float16 casts of {v!r}"
        assert k[i].tolist() == [_int_ref(v, m) for m in _INT_MODES], f"int32 casts of {v!r}"


def test_scalar_cast_argument_errors() -> None:
    @asc.jit
    def bad_mode(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 1)
        asc.scalar_cast(g.get_value(0), asc.int32, asc.RoundMode.CAST_ODD)

    @asc.jit
    def bad_dtype(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 1)
        asc.scalar_cast(g.get_value(0), asc.bfloat16, asc.RoundMode.CAST_RINT)

    @asc.jit
    def bad_count(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 1)
        asc.scalar_get_sff_value(g.get_value(0), 2)

    x = np.zeros(1, dtype=np.float32)
    with pytest.raises(CompileError, match=re.escape(
            "scalar_cast: float to int32 needs a rounding direction (RoundMode.CAST_RINT, CAST_FLOOR, CAST_CEIL, "
            "CAST_ROUND or CAST_TRUNC), but 'round_mode' is RoundMode.CAST_ODD")):
        bad_mode[1](x)
    with pytest.raises(CompileTypeError, match="scalar_cast: 'dtype' must be float16 or int32, but got bfloat16"):
        bad_dtype[1](x)
    with pytest.raises(CompileError, match="scalar_get_sff_value: 'count_value' must be 0 or 1, but got 2"):
        bad_count[1](np.zeros(1, dtype=np.int64))


# ---------------------------------------------------------------------------------------------
# Store-atomic configuration, SoC state, core type
# ---------------------------------------------------------------------------------------------

@asc.jit
def atomic_config_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, cfg: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(cfg, 12)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
    t, o = asc.get_store_atomic_config()
    cg.set_value(0, t)
    cg.set_value(1, o)
    asc.data_copy(zg, a, n)  # accumulates: z += x
    asc.set_store_atomic_config(atomic_type=asc.AtomicDtype.ATOMIC_NONE, atomic_op=asc.AtomicOp.ATOMIC_SUM)
    t2, o2 = asc.get_store_atomic_config()
    cg.set_value(2, t2)
    cg.set_value(3, o2)
    asc.set_atomic_max(asc.float16)
    t3, o3 = asc.get_store_atomic_config()
    cg.set_value(4, t3)
    cg.set_value(5, o3)
    asc.init_soc_state()
    t4, o4 = asc.get_store_atomic_config()
    cg.set_value(6, t4)
    cg.set_value(7, o4)
    asc.set_atomic_add(asc.int16)
    t5, o5 = asc.get_store_atomic_config()
    cg.set_value(8, t5)
    asc.set_atomic_none()
    t6, o6 = asc.get_store_atomic_config()
    cg.set_value(9, t6)
    cg.set_value(10, asc.ascend_is_aiv().cast(asc.int32))
    cg.set_value(11, asc.ascend_is_aic().cast(asc.int32))


def test_store_atomic_config_accumulates_and_reads_back() -> None:
    n = 64
    x = np.random.default_rng(RNG_SEED + 2).integers(-20, 20, n).astype(np.float32)
    z = np.full(n, 3.0, dtype=np.float32)
    cfg = np.full(12, -1, dtype=np.int32)
    atomic_config_kernel[1](x, z, cfg, n)
    np.testing.assert_array_equal(z, 3.0 + x)
    assert cfg[:2].tolist() == [int(asc.AtomicDtype.ATOMIC_F32), int(asc.AtomicOp.ATOMIC_SUM)]
    assert cfg[2:4].tolist() == [int(asc.AtomicDtype.ATOMIC_NONE), 0]
    assert cfg[4:6].tolist() == [int(asc.AtomicDtype.ATOMIC_F16), 1]  # max reads back as op 1
    assert cfg[6:8].tolist() == [0, 0]  # init_soc_state turns atomics off
    assert cfg[8] == int(asc.AtomicDtype.ATOMIC_S16)
    assert cfg[9] == 0
    assert cfg[10:].tolist() == [1, 0]  # every simulated core is a vector core


@asc.jit
def core_branch_kernel(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 2)
    if asc.ascend_is_aiv():
        g.set_value(0, 7)
    if asc.ascend_is_aic():
        g.set_value(1, 9)


def test_core_type_branches() -> None:
    out = np.zeros(2, dtype=np.int32)
    core_branch_kernel[1](out)
    assert out.tolist() == [7, 0]


@asc.jit
def init_soc_mask_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 256, 64)
    asc.data_copy(a, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(b, -1.0, 64)
    asc.set_vector_mask(0, 0xF, dtype=asc.float32)  # lanes 0-3 only
    asc.init_soc_state()  # resets the mask to every lane
    asc.adds(b, a, 1.0, 64, 1, asc.UnaryRepeatParams(), is_set_mask=False)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, b, 64)


def test_init_soc_state_resets_the_vector_mask() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    init_soc_mask_kernel[1](x, y)
    np.testing.assert_array_equal(y, x + 1)


# ---------------------------------------------------------------------------------------------
# Workspace and HCCL context pointers, control bits
# ---------------------------------------------------------------------------------------------

@asc.jit
def pointers_kernel(ws: asc.GlobalAddress, n: int):
    asc.set_sys_workspace(ws)
    asc.set_hccl_context(0, ws + 8)
    asc.set_hccl_context(index=1, context=ws + 16)
    asc.set_hf32_mode(True)
    asc.set_hf32_trans_mode(False)
    asc.set_mm_layout_transform(mm_layout_mode=True)
    w = asc.GlobalTensor()
    w.set_global_buffer(asc.get_sys_workspace(), n)
    w.set_value(0, 42)
    c0 = asc.GlobalTensor()
    c0.set_global_buffer(asc.get_hccl_context(0), 8)
    c0.set_value(0, 7)
    c1 = asc.GlobalTensor()
    c1.set_global_buffer(asc.get_hccl_context(index=1), 8)
    c1.set_value(1, 9)


def test_workspace_and_hccl_pointers_round_trip() -> None:
    ws = np.zeros(32, dtype=np.uint8)
    pointers_kernel[1](ws, 32)
    assert ws[0] == 42 and ws[8] == 7 and ws[17] == 9
    assert np.count_nonzero(ws) == 3


def test_pointer_argument_errors() -> None:
    @asc.jit
    def float_workspace(x: asc.GlobalAddress):
        asc.set_sys_workspace(x)

    @asc.jit
    def bad_index(x: asc.GlobalAddress):
        asc.get_hccl_context(2)

    with pytest.raises(CompileError, match="must be a GM_ADDR"):
        float_workspace[1](np.zeros(8, dtype=np.float32))
    with pytest.raises(CompileError, match="'index' must be 0 or 1"):
        bad_index[1](np.zeros(8, dtype=np.uint8))


# ---------------------------------------------------------------------------------------------
# Caches and system variables
# ---------------------------------------------------------------------------------------------

@asc.jit
def cache_and_vars_kernel(x: asc.GlobalAddress, p: asc.GlobalAddress, out: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 16)
    pg = asc.GlobalTensor()
    pg.set_global_buffer(p, 4)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 16)
    asc.icache_preload(4)
    og.set_value(0, asc.get_icache_preload_status())
    c0 = asc.get_system_cycle()
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, xg)
    c1 = asc.get_system_cycle()
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_OUT, xg)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, xg, asc.DcciDst.CACHELINE_ALL)
    asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE, dst=xg)
    asc.data_cache_preload(pg, 64)
    og.set_value(1, asc.get_icache_preload_status())
    og.set_value(2, c1 - c0)
    og.set_value(3, asc.get_sub_block_idx())
    og.set_value(4, asc.get_sub_block_num())
    og.set_value(5, asc.get_task_ratio())
    og.set_value(6, asc.get_data_block_size_in_bytes())
    pc0 = asc.get_program_counter()
    pc1 = asc.get_program_counter()
    og.set_value(7, pc1 - pc0)
    og.set_value(8, asc.get_arch_version(0))
    og.set_value(9, asc.get_block_idx())


def test_caches_and_system_variables() -> None:
    x = np.zeros(16, dtype=np.float32)
    p = np.zeros(4, dtype=np.uint64)
    o = np.full(16, -1, dtype=np.int64)
    cache_and_vars_kernel[1](x, p, o)
    assert o[0] == 1  # the preload of 4 x 2 KiB is still fetching
    assert o[1] == 0  # ... and done after the ~1000-cycle clean of the entire data cache
    # 50-MHz system counter: the entire-cache clean takes > 1000 core cycles at 1850 MHz.
    assert 20 <= o[2] <= 40
    assert o[3:7].tolist() == [0, 1, 1, 32]
    assert o[7] > 0
    assert o[8] == 0x2201
    assert o[9] == 0


def test_cache_argument_errors() -> None:
    @asc.jit
    def atomic_dcci(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, g, asc.DcciDst.CACHELINE_ATOMIC)

    @asc.jit
    def wrong_order(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        asc.data_cache_clean_and_invalid(g, asc.CacheLine.SINGLE_CACHE_LINE)

    @asc.jit
    def preload_too_long(x: asc.GlobalAddress):
        asc.icache_preload(8)

    @asc.jit
    def preload_float(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        asc.data_cache_preload(g, 0)

    x = np.zeros(16, dtype=np.float32)
    with pytest.raises(CompileError, match="CACHELINE_ATOMIC is not supported"):
        atomic_dcci[1](x)
    with pytest.raises(CompileError, match="no overload of data_cache_clean_and_invalid"):
        wrong_order[1](x)
    with pytest.raises(CompileError, match="GlobalTensor of uint64"):
        preload_float[1](x)
    with pytest.raises(KernelError) as e:
        preload_too_long[1](x)
    assert e.value.category == "argument"
    assert "pre_fetch_len" in e.value.message and "[0, 8)" in e.value.message
    assert e.value.location.line == _line_of(preload_too_long, "icache_preload(8)")


@asc.jit
def trap_kernel(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 4)
    g.set_value(0, 1.0)
    if asc.get_block_idx() == 1:
        asc.trap()
    g.set_value(1, 2.0)


def test_trap_is_a_kernel_error_at_its_line() -> None:
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        trap_kernel[2](x)
    err = e.value
    assert err.category == "trap" and err.block == 1
    assert err.location.line == _line_of(trap_kernel, "asc.trap()")
    assert "trap()" in err.message


# ---------------------------------------------------------------------------------------------
# check_local_memory_ia: the UB access watch
# ---------------------------------------------------------------------------------------------

@asc.jit
def watch_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, mode: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 64)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 512, 64)
    # Channel 1 watches vector writes of UB[512, 768), i.e. b.
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(enable_bit=1, start_addr=512, end_addr=768,
                                                           is_vector_write=True, is_enable=True))
    asc.data_copy(a, xg, 64)  # an MTE write elsewhere: not watched
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if mode == 1:
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(1, 512, 768, False, False, False, True, False,
                                                               False, False))  # channel 1 off
    if mode == 2:
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(enable_bit=0, start_addr=0, end_addr=32,
                                                               is_scalar_read=True, is_enable=True))
        yg.set_value(0, a.get_value(3))
    asc.adds(b, a, 1.0, 64)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, b, 64)


def test_check_local_memory_ia_stops_a_watched_vector_write() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        watch_kernel[1](x, y, 0)
    err = e.value
    assert err.category == "access_check"
    assert err.location.line == _line_of(watch_kernel, "asc.adds(b, a, 1.0, 64)")
    assert "vector write of UB[0x200, 0x300) by adds" in err.message
    assert "channel 1" in err.message
    assert err.notes and err.notes[0].location.line == _line_of(watch_kernel, "enable_bit=1")


def test_check_local_memory_ia_disabled_channel_and_scalar_watch() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    watch_kernel[1](x, y, 1)
    np.testing.assert_array_equal(y, x + 1)
    with pytest.raises(KernelError) as e:
        watch_kernel[1](x, y, 2)
    assert e.value.category == "access_check"
    assert e.value.location.line == _line_of(watch_kernel, "yg.set_value(0, a.get_value(3))")
    assert "scalar read of UB[0xc, 0x10)" in e.value.message


def test_check_local_memory_ia_parameter_errors() -> None:
    @asc.jit
    def bad_channel(x: asc.GlobalAddress):
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(enable_bit=4, is_enable=True, end_addr=32))

    @asc.jit
    def empty_range(x: asc.GlobalAddress):
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(start_addr=64, end_addr=64, is_enable=True))

    @asc.jit
    def beyond_ub(x: asc.GlobalAddress, end: int):
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(start_addr=0, end_addr=end, is_enable=True))

    x = np.zeros(8, dtype=np.float32)
    with pytest.raises(CompileError, match=re.escape(
            "CheckLocalMemoryIAParam: 'enable_bit' selects a watch channel in [0, 3], but got 4")):
        bad_channel[1](x)
    with pytest.raises(CompileError, match=re.escape(
            "CheckLocalMemoryIAParam: 'start_addr' (64) must be below 'end_addr' (64)")):
        empty_range[1](x)
    with pytest.raises(KernelError) as e:
        beyond_ub[1](x, 1 << 20)
    assert e.value.category == "argument" and "beyond the Unified Buffer" in e.value.message


# ---------------------------------------------------------------------------------------------
# set_aipp_functions: the configuration is only recorded; load_image_to_local (test_load_image.py)
# is what applies it, so a kernel that never loads an image sees its data untouched
# ---------------------------------------------------------------------------------------------

@asc.jit
def aipp_kernel(img: asc.GlobalAddress, uv: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    src.set_global_buffer(img, n)
    src1 = asc.GlobalTensor()
    src1.set_global_buffer(uv, n)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, n)
    cfg = asc.AippParams(asc.float16, swap_params=asc.AippSwapParams(is_swap_rb=True),
                         dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=200, dtc_var_ch1=0.5),
                         padding_params=asc.AippPaddingParams(padding_value_ch0=1.5),
                         csc_params=asc.AippColorSpaceConvParams(is_enable_csc=True, csc_matrix_r0_c0=-3))
    asc.set_aipp_functions(src, asc.AippInputFormat.RGB888_U8, cfg)
    asc.set_aipp_functions(src0=src, src1=src1, input_format=asc.AippInputFormat.YUV420SP_U8,
                           config=asc.AippParams(asc.uint8, c_padding_params=asc.AippChannelPaddingParams(1, 255)))
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, src, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(og, t, n)


def test_set_aipp_functions_records_without_touching_data() -> None:
    n = 96
    img = np.random.default_rng(RNG_SEED + 3).integers(0, 256, n).astype(np.uint8)
    uv = np.zeros(n, dtype=np.uint8)
    out = np.zeros(n, dtype=np.uint8)
    aipp_kernel[1](img, uv, out, n)
    np.testing.assert_array_equal(out, img)


def test_set_aipp_functions_argument_errors() -> None:
    @asc.jit
    def bad_params_dtype(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        asc.set_aipp_functions(g, asc.AippInputFormat.RGB888_U8, asc.AippParams(asc.float32))

    @asc.jit
    def mean_out_of_range(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        cfg = asc.AippParams(asc.int8, padding_params=asc.AippPaddingParams(padding_value_ch1=200))
        asc.set_aipp_functions(g, asc.AippInputFormat.RGB888_U8, cfg)

    @asc.jit
    def format_as_int(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 16)
        asc.set_aipp_functions(g, 4, asc.AippParams(asc.float16))

    with pytest.raises(CompileError, match="'dtype' must be uint8, int8 or float16"):
        bad_params_dtype[1](np.zeros(16, dtype=np.uint8))
    with pytest.raises(CompileError, match=r"padding_value_ch1 must be in \[-128, 127\]"):
        mean_out_of_range[1](np.zeros(16, dtype=np.uint8))
    with pytest.raises(CompileError, match="no overload of set_aipp_functions"):
        format_as_int[1](np.zeros(16, dtype=np.uint8))
