"""More vector API families end to end (Python -> MLIR -> Ascend C -> simulator) against numpy.

Seeded random inputs, bit-exact references (sim/VECTOR.md): float16 + - * / and sqrt are float32-op
then round to float16; the fused family (FusedMulAdd, MulAddDst, Axpy) rounds once (exact rational
reference); rsqrt / reciprocal within 1 ulp; integers wrap.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

pytestmark = pytest.mark.values(
    "abs", "add", "add_relu", "adds", "axpy", "bitwise_and", "bitwise_not", "bitwise_or", "block_reduce_max",
    "block_reduce_min", "block_reduce_sum", "brcb", "compare", "compare_scalar", "data_copy",
    "data_copy_pad", "div", "duplicate", "fused_mul_add", "fused_mul_add_relu", "leaky_relu", "max", "maxs",
    "min", "mins", "mul", "mul_add_dst", "pair_reduce_sum", "reciprocal", "relu", "repeat_reduce_sum",
    "reset_mask", "rsqrt", "select", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none",
    "set_vector_mask", "shift_left", "shift_right", "sqrt", "sub", "sub_relu", "whole_reduce_max",
    "whole_reduce_min", "whole_reduce_sum")

FLOATS = [np.float16, np.float32]


def launch(kernel, blocks, *args):
    kernel[blocks, rt.current_stream()](*args)


def per_repeat(dtype) -> int:
    return 256 // np.dtype(dtype).itemsize


def rand(rng, dtype, n, lo=-1000, hi=1000, scale=1.0):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(max(lo, info.min), min(hi, info.max), n, endpoint=True).astype(dtype)
    return (rng.standard_normal(n) * scale).astype(dtype)


def round_exact(q: Fraction, dtype) -> np.floating:
    """The value `q` rounded once to `dtype`, nearest even."""
    t = np.dtype(dtype).type
    f = t(float(q))
    best = None
    for c in (f, np.nextafter(f, t(np.inf)), np.nextafter(f, t(-np.inf))):
        if not np.isfinite(c):
            continue
        d = abs(Fraction(float(c)) - q)
        itype = np.int16 if t == np.float16 else np.int32
        even = int(np.array(c).view(itype)) & 1 == 0
        key = (d, not even)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


def fused(a: np.ndarray, b: np.ndarray, c: np.ndarray, dtype) -> np.ndarray:
    """a*b + c rounded once to dtype."""
    return np.array([round_exact(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)), dtype)
                     for x, y, z in zip(a, b, c)], dtype=dtype)


def relu0(v: np.ndarray) -> np.ndarray:
    return np.where(v > 0, v, v.dtype.type(0))


def ulp_close(got: np.ndarray, want: np.ndarray, ulps: int = 1) -> None:
    itype = {np.float16: np.int16, np.float32: np.int32}[got.dtype.type]
    g = got.view(itype).astype(np.int64)
    w = want.astype(got.dtype).view(itype).astype(np.int64)
    bad = np.abs(g - w) > ulps
    assert not bad.any(), (got[bad][:8], want[bad][:8])


# -- tensor (+) tensor, count form ------------------------------------------------------------------


@asc.jit
def binary_count(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, count: int,
                 op: asc.ConstExpr[int]):
    """z[:count] = op(x, y[, z]) (the count form); z[count:n] keeps its contents."""
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op == 0:
        asc.fused_mul_add(c, a, b, count)
    elif op == 1:
        asc.fused_mul_add_relu(c, a, b, count)
    elif op == 2:
        asc.mul_add_dst(c, a, b, count)
    elif op == 3:
        asc.add_relu(c, a, b, count)
    elif op == 4:
        asc.sub_relu(c, a, b, count)
    elif op == 5:
        asc.bitwise_and(c, a, b, count)
    elif op == 6:
        asc.bitwise_or(c, a, b, count)
    elif op == 7:
        asc.add(c, a, b, count)
    elif op == 8:
        asc.sub(c, a, b, count)
    elif op == 9:
        asc.mul(c, a, b, count)
    elif op == 10:
        asc.div(c, a, b, count)
    elif op == 11:
        asc.min(c, a, b, count)
    else:
        asc.max(c, a, b, count)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def _binary_ref(op, x, y, z):
    t = x.dtype
    if op == 0:
        return fused(x, z, y, t)
    if op == 1:
        return relu0(fused(x, z, y, t))
    if op == 2:
        return fused(x, y, z, t)
    if op in (3, 4):
        if np.issubdtype(t, np.integer):
            with np.errstate(over="ignore"):
                r = x + y if op == 3 else x - y
            return relu0(r)
        x32, y32 = x.astype(np.float32), y.astype(np.float32)
        return relu0((x32 + y32 if op == 3 else x32 - y32).astype(t))
    return x & y if op == 5 else x | y


@pytest.mark.parametrize("op,dtype", [(op, d) for op in (0, 1, 2) for d in FLOATS] +
                         [(op, d) for op in (3, 4) for d in (np.float16, np.float32, np.int16)] +
                         [(op, d) for op in (5, 6) for d in (np.int16, np.uint16)])
@pytest.mark.parametrize("n", [256, 1984])
def test_binary_count_families(op, dtype, n):
    rng = np.random.default_rng(op * 100 + n + np.dtype(dtype).itemsize)
    if np.issubdtype(dtype, np.integer):
        x, y, z = (rand(rng, dtype, n, -40000, 40000) for _ in range(3))
    else:
        x, y, z = (rand(rng, dtype, n, scale=2.0) for _ in range(3))
    want = _binary_ref(op, x, y, z)
    launch(binary_count, 1, x, y, z, n, n, op)
    np.testing.assert_array_equal(z, want)
    assert z.tobytes() == want.tobytes()


# -- tensor (+) scalar, count and mask forms --------------------------------------------------------


@asc.jit
def scalar_op(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, mask: int, repeat: int,
              op: asc.ConstExpr[int], masked: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    p = asc.UnaryRepeatParams(1, 1, 8, 8)
    if masked:
        if op == 0:
            asc.adds(c, a, -7, mask, repeat, p)
        elif op == 1:
            asc.maxs(c, a, -3, mask, repeat, p)
        elif op == 2:
            asc.mins(c, a, 5, mask, repeat, p)
        elif op == 3:
            asc.shift_left(c, a, 3, mask, repeat, p)
        elif op == 4:
            asc.shift_right(c, a, 5, mask, repeat, p)
        elif op == 5:
            asc.leaky_relu(c, a, 0.375, mask, repeat, p)
        else:
            asc.axpy(c, a, 1.5, mask, repeat, p)
    else:
        if op == 0:
            asc.adds(c, a, -7, n)
        elif op == 1:
            asc.maxs(c, a, -3, n)
        elif op == 2:
            asc.mins(c, a, 5, n)
        elif op == 3:
            asc.shift_left(c, a, 3, n)
        elif op == 4:
            asc.shift_right(c, a, 5, n)
        elif op == 5:
            asc.leaky_relu(c, a, 0.375, n)
        else:
            asc.axpy(c, a, 1.5, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def _scalar_ref(op, x, z):
    t = x.dtype.type
    if op == 0:
        if np.issubdtype(x.dtype, np.integer):
            with np.errstate(over="ignore"):
                return (x + t(-7)).astype(t)
        return (x.astype(np.float32) + np.float32(-7)).astype(t)
    if op == 1:
        return np.maximum(x, t(-3))
    if op == 2:
        return np.minimum(x, t(5))
    if op == 3:
        return (x << t(3)).astype(t)
    if op == 4:
        return (x >> t(5)).astype(t)
    if op == 5:
        return np.where(x >= 0, x, (x.astype(np.float32) * np.float32(t(0.375))).astype(t))
    return fused(x, np.full(len(x), t(1.5), dtype=t), z, t)


_SCALAR_CASES = ([(0, d) for d in (np.float16, np.float32, np.int16, np.int32)] +
                 [(op, d) for op in (1, 2) for d in (np.float16, np.float32, np.int16, np.int32)] +
                 [(op, d) for op in (3, 4) for d in (np.int16, np.uint16, np.int32, np.uint32)] +
                 [(op, d) for op in (5, 6) for d in FLOATS])


@pytest.mark.parametrize("op,dtype", _SCALAR_CASES)
@pytest.mark.parametrize("masked", [False, True])
def test_scalar_families(op, dtype, masked):
    rng = np.random.default_rng(op * 10 + np.dtype(dtype).itemsize + masked)
    per = per_repeat(dtype)
    n = per * 4
    if np.issubdtype(dtype, np.integer):
        x = rand(rng, dtype, n, -2**31, 2**31 - 1) if op in (3, 4) else rand(rng, dtype, n, -100, 100)
    else:
        x = rand(rng, dtype, n, scale=10.0)
    z = rand(rng, dtype, n, -100, 100) if np.issubdtype(dtype, np.integer) else rand(rng, dtype, n)
    old = z.copy()
    full = _scalar_ref(op, x, old)
    if masked:
        mask, repeat = per - 5, 3
        want = old.copy()
        for r in range(repeat):
            sl = slice(r * per, r * per + mask)
            want[sl] = full[sl]
    else:
        mask, repeat, want = 0, 0, full
    launch(scalar_op, 1, x, z, n, mask, repeat, op, masked)
    assert z.tobytes() == want.tobytes(), (z[:8], want[:8])


# -- unary, mask forms (continuous and bit masks) -------------------------------------------------


@asc.jit
def unary_masked(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, mask: int, repeat: int,
                 op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    p = asc.UnaryRepeatParams(1, 1, 8, 8)
    if op == 0:
        asc.relu(c, a, mask, repeat, p)
    elif op == 1:
        asc.abs(c, a, mask, repeat, p)
    elif op == 2:
        asc.sqrt(c, a, mask, repeat, p)
    elif op == 3:
        asc.rsqrt(c, a, mask, repeat, p)
    elif op == 4:
        asc.reciprocal(c, a, mask, repeat, p)
    else:
        asc.bitwise_not(c, a, mask, repeat, p)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


_UNARY_CASES = ([(0, d) for d in (np.float16, np.float32, np.int32)] +
                [(op, d) for op in (1, 2, 3, 4) for d in FLOATS] + [(5, np.int16), (5, np.uint16)])


@pytest.mark.parametrize("op,dtype", _UNARY_CASES)
def test_unary_mask_forms(op, dtype):
    rng = np.random.default_rng(7 + op)
    per = per_repeat(dtype)
    n, repeat, mask = per * 4, 3, per // 2 + 1
    if np.issubdtype(dtype, np.integer):
        x = rand(rng, dtype, n, -30000, 30000)
        z = rand(rng, dtype, n, -5, 5)
    else:
        x = rand(rng, dtype, n, scale=5.0)
        if op in (2, 3, 4):
            x = np.abs(x) + dtype(0.0625)
        z = np.full(n, 9, dtype=dtype)
    old = z.copy()
    launch(unary_masked, 1, x, z, n, mask, repeat, op)
    x64 = x.astype(np.float64)
    with np.errstate(all="ignore"):
        full = {0: lambda: relu0(x), 1: lambda: np.abs(x), 2: lambda: np.sqrt(x64).astype(dtype),
                3: lambda: (1 / np.sqrt(x64)).astype(dtype), 4: lambda: (1 / x64).astype(dtype),
                5: lambda: ~x}[op]()
    on = np.zeros(n, dtype=bool)
    for r in range(repeat):
        on[r * per:r * per + mask] = True
    assert np.array_equal(z[~on], old[~on])
    if op in (3, 4):
        ulp_close(z[on], full[on], 1)
    else:
        assert z[on].tobytes() == full[on].astype(dtype).tobytes()


# -- mask register (is_set_mask=False, normal mode) -------------------------------------------------


@asc.jit
def mask_reg_binary(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, hi: int, lo: int,
                    repeat: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_vector_mask(hi, lo, x.dtype)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.add(c, a, b, 0, repeat, params, False)
    asc.mul(c, c, b, 0, repeat, params, False)
    asc.reset_mask()
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int16, np.int32])
def test_mask_register_normal_mode(dtype):
    rng = np.random.default_rng(11)
    per = per_repeat(dtype)
    n, repeat = per * 4, 3
    lo = int(rng.integers(0, 2**63)) | 1
    hi = int(rng.integers(0, 2**63)) if per == 128 else 0
    x = rand(rng, dtype, n, -100, 100)
    y = rand(rng, dtype, n, -100, 100)
    z = np.full(n, 3, dtype=dtype)
    bits = lo | (hi << 64)
    want = z.copy()
    with np.errstate(over="ignore"):
        for r in range(repeat):
            for e in range(per):
                if (bits >> e) & 1:
                    i = r * per + e
                    if np.issubdtype(dtype, np.integer):
                        want[i] = (x[i] + y[i]) * y[i]
                    else:
                        s = dtype(np.float32(x[i]) + np.float32(y[i]))
                        want[i] = dtype(np.float32(s) * np.float32(y[i]))
    launch(mask_reg_binary, 1, x, y, z, n, np.int64(hi), np.int64(lo), repeat)
    assert z.tobytes() == want.tobytes()


# -- duplicate (count and masked) and brcb ------------------------------------------------------------


@asc.jit
def fill_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, mask: int, repeat: int,
                op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op == 0:
        asc.duplicate(c, 5, mask)
    elif op == 1:
        asc.duplicate(c, -2, mask, repeat, 2, 16)
    else:
        asc.brcb(c, a, repeat, asc.BrcbRepeatParams(1, 8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int16, np.uint16, np.int32, np.uint32])
@pytest.mark.parametrize("op", [0, 1, 2])
def test_duplicate_and_brcb(dtype, op):
    rng = np.random.default_rng(21 + op)
    per = per_repeat(dtype)
    blk = per // 8
    n = per * 8
    x = rand(rng, dtype, n, 0, 1000)
    z = rand(rng, dtype, n, 0, 1000)
    want = z.copy()
    if op == 0:
        mask, repeat = n - 3 * blk - 1, 0
        want[:mask] = dtype(5)
    elif op == 1:
        mask, repeat = per // 2 + 3, 3  # block stride 2, repeat stride 16 blocks
        for r in range(repeat):
            for e in range(mask):
                i = (r * 16 + (e // blk) * 2) * blk + e % blk
                want[i] = np.array(-2).astype(dtype)
    else:
        mask, repeat = 0, 4  # 8 source elements per repeat, one 32-B block each
        for r in range(repeat):
            for b in range(8):
                i = (r * 8 + b) * blk
                want[i:i + blk] = x[r * 8 + b]
    launch(fill_kernel, 1, x, z, n, mask, repeat, op)
    assert z.tobytes() == want.tobytes()


# -- compare_scalar, select tensor/scalar ---------------------------------------------------------


@asc.jit
def cmp_sel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, m: asc.GlobalAddress, n: int,
            mode: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    mg.set_global_buffer(m, n // 8)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    k = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 65536, n // 8)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 98304, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if mode == 0:
        asc.compare_scalar(k, a, 0.25, asc.CMPMODE.GE, n)
        asc.select(c, k, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, n)
    elif mode == 1:
        asc.compare(k, a, b, asc.CMPMODE.LT, n)
        asc.select(c, k, a, -1.5, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, n)
    else:
        asc.compare_scalar(k, a, -0.5, asc.CMPMODE.NE, n)
        asc.select(c, k, b, 2.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)
    asc.data_copy(mg, k, n // 8)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("n", [256, 2048])
def test_compare_scalar_and_select_forms(dtype, mode, n):
    rng = np.random.default_rng(31 + mode + n)
    x = rand(rng, dtype, n)
    x[rng.integers(0, n, 8)] = dtype(0.25) if mode == 0 else dtype(-0.5)
    y = rand(rng, dtype, n)
    z = np.zeros(n, dtype=dtype)
    m = np.zeros(n // 8, dtype=np.uint8)
    launch(cmp_sel, 1, x, y, z, m, n, mode)
    if mode == 0:
        cond, want = x >= dtype(0.25), np.where(x >= dtype(0.25), x, y)
    elif mode == 1:
        cond, want = x < y, np.where(x < y, x, dtype(-1.5))
    else:
        cond, want = x != dtype(-0.5), np.where(x != dtype(-0.5), y, dtype(2.0))
    np.testing.assert_array_equal(m, np.packbits(cond, bitorder="little"))
    assert z.tobytes() == want.astype(dtype).tobytes()


# -- reductions: whole / block / pair ---------------------------------------------------------------


@asc.jit
def reduce_masked(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, nz: int, mask: int, repeat: int,
                  op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, nz)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, nz)
    asc.data_copy(a, xg, n)
    asc.data_copy(c, zg, nz)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op == 0:
        asc.whole_reduce_sum(c, a, mask, repeat, 1, 1, 8)
    elif op == 1:
        asc.whole_reduce_max(c, a, mask, repeat, 1, 1, 8, asc.ReduceOrder.ORDER_VALUE_INDEX)
    elif op == 2:
        asc.block_reduce_sum(c, a, repeat, mask, 1, 1, 8)
    elif op == 3:
        asc.pair_reduce_sum(c, a, repeat, mask, 1, 1, 8)
    elif op == 4:
        asc.whole_reduce_min(c, a, mask, repeat, 1, 1, 8, asc.ReduceOrder.ORDER_VALUE_INDEX)
    elif op == 5:
        asc.block_reduce_max(c, a, repeat, mask, 1, 1, 8)
    elif op == 6:
        asc.block_reduce_min(c, a, repeat, mask, 1, 1, 8)
    else:
        asc.repeat_reduce_sum(c, a, repeat, mask, 1, 1, 1, 8)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, nz)


def _tree(v: np.ndarray) -> np.floating:
    """Adjacent-pairs binary tree, each partial rounded to the element type."""
    while len(v) > 1:
        v = (v[0::2].astype(np.float64) + v[1::2].astype(np.float64)).astype(v.dtype)
    return v[0]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", [0, 1, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("full", [True, False])
def test_reduce_mask_forms(dtype, op, full):
    rng = np.random.default_rng(41 + op * 2 + full)
    per = per_repeat(dtype)
    blk = per // 8
    repeat = 5
    n = per * 8
    nz = per * 8
    x = rand(rng, dtype, n)
    z = np.full(nz, 4, dtype=dtype)
    mask = per if full else per - blk - 3  # a partly enabled block, a wholly disabled one
    on = np.arange(per) < mask
    want = z.copy()
    for r in range(repeat):
        row = np.where(on, x[r * per:(r + 1) * per], dtype(0))
        if op in (0, 7):  # whole_reduce_sum, repeat_reduce_sum: one tree sum per repeat
            want[r] = _tree(row)
        elif op in (1, 4):
            vals = np.where(on, row, -np.inf if op == 1 else np.inf)
            i = int(np.argmax(vals) if op == 1 else np.argmin(vals))
            want[2 * r] = row[i]
            want[2 * r + 1:2 * r + 2] = np.array([i], dtype=np.uint16 if per == 128 else np.uint32).view(dtype)
        elif op in (5, 6):
            for b in range(8):
                lanes = on[b * blk:(b + 1) * blk]
                if lanes.any():
                    seg = x[r * per + b * blk:r * per + (b + 1) * blk][lanes]
                    want[r * 8 + b] = seg.max() if op == 5 else seg.min()
        elif op == 2:
            for b in range(8):
                if on[b * blk:(b + 1) * blk].any():
                    want[r * 8 + b] = _tree(row[b * blk:(b + 1) * blk])
        else:
            for p in range(per // 2):
                if on[2 * p:2 * p + 2].any():
                    want[r * per // 2 + p] = _tree(row[2 * p:2 * p + 2])
    launch(reduce_masked, 1, x, z, n, nz, mask, repeat, op)
    assert z.tobytes() == want.tobytes(), (z[:16], want[:16])


# -- data_copy_pad: GM -> UB with padding, UB -> GM of odd lengths ----------------------------------


@asc.jit
def pad_copy(x: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress, n: int, rows: int, row_len: int,
             src_gap: int, left: asc.ConstExpr[int], right: asc.ConstExpr[int], out_len: int, out_gap: int,
             padded_blocks: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    wg.set_global_buffer(w, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy_pad(a, xg, asc.DataCopyExtParams(rows, row_len, src_gap, 1, 0),
                      asc.DataCopyPadExtParams(x.dtype, True, left, right, 7))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, a, asc.DataCopyParams(rows, padded_blocks, 1, 0))  # the padded blocks, packed
    asc.data_copy_pad(wg, a, asc.DataCopyExtParams(rows, out_len, 1, out_gap, 0))


@pytest.mark.parametrize("dtype,row_elems,left,right", [(np.int16, 5, 2, 3), (np.float16, 13, 0, 1),
                                                        (np.float32, 3, 1, 2), (np.int32, 9, 0, 0),
                                                        (np.uint8, 37, 4, 5)])
def test_data_copy_pad_roundtrip(dtype, row_elems, left, right):
    rng = np.random.default_rng(row_elems)
    es = np.dtype(dtype).itemsize
    n = 4096 // es
    rows, src_gap, out_gap = 6, 2 * es, 3
    row_len = row_elems * es
    x = rand(rng, dtype, n, 0, 100)
    z = np.zeros(n, dtype=dtype)
    w = np.full(n, 99, dtype=dtype)
    padded = -(-((left + right) * es + row_len) // 32) * 32
    pitch = padded + 32  # dst_stride = 1 block
    ub = np.zeros(n * es, dtype=np.uint8)  # expected UB image after the padded GM->UB copy
    ub_t = ub.view(dtype)
    for i in range(rows):
        base = i * pitch // es
        ub_t[base:base + padded // es] = dtype(7)
        src = i * (row_len + src_gap) // es
        ub_t[base + left:base + left + row_elems] = x[src:src + row_elems]
    out_len = (left + row_elems + right) * es
    launch(pad_copy, 1, x, z, w, n, rows, row_len, src_gap, left, right, out_len, out_gap, padded // 32)
    want_z = np.zeros(n * es, dtype=np.uint8)
    want_w = np.full(n, 99, dtype=dtype).view(np.uint8).copy()
    for i in range(rows):
        want_z[i * padded:(i + 1) * padded] = ub[i * pitch:i * pitch + padded]
        dst = i * (out_len + out_gap)
        want_w[dst:dst + out_len] = ub[i * pitch:i * pitch + out_len]
    assert z.view(np.uint8).tobytes() == want_z.tobytes()
    assert w.view(np.uint8).tobytes() == want_w.tobytes()


# -- set_atomic_add: several blocks accumulate into one GM array ------------------------------------


@asc.jit
def atomic_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(x.dtype)
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()


@pytest.mark.parametrize("dtype", [np.int32, np.int16, np.float16, np.float32])
@pytest.mark.parametrize("blocks", [2, 5])
def test_set_atomic_add(dtype, blocks, monkeypatch):
    monkeypatch.setenv("PYASC_SIM_THREADS", "1")
    n = 512
    rng = np.random.default_rng(blocks)
    if np.issubdtype(dtype, np.integer):
        x = rand(rng, dtype, blocks * n, -30000, 30000).reshape(blocks, n)
    else:
        x = rng.integers(-64, 64, (blocks, n)).astype(dtype)  # exact sums in any order
    z = rand(rng, dtype, n, -100, 100) if np.issubdtype(dtype, np.integer) else np.full(n, 0.5, dtype=dtype)
    want = z.copy()
    with np.errstate(over="ignore"):
        for b in range(blocks):
            want = (want + x[b]).astype(dtype)
    launch(atomic_kernel, blocks, x, z, n)
    assert z.tobytes() == want.tobytes()


def test_set_atomic_add_float32_single_thread_order(monkeypatch):
    """Non-integral float32 sums: deterministic with one host thread (blocks in launch order)."""
    monkeypatch.setenv("PYASC_SIM_THREADS", "1")
    blocks, n = 3, 256
    x = np.random.default_rng(77).standard_normal((blocks, n)).astype(np.float32)
    z = np.full(n, 0.1, dtype=np.float32)
    want = z.copy()
    for b in range(blocks):
        want = want + x[b]
    launch(atomic_kernel, blocks, x, z, n)
    assert z.tobytes() == want.tobytes()


# -- mul_add_dst with a float32 destination and float16 sources, L1 (list) mask forms --------------


@asc.jit
def mixed_fma(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, lo: int,
              repeat: int, list_mask: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if list_mask:
        asc.fused_mul_add(c, a, b, [lo, 0], repeat, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    else:
        asc.mul_add_dst(c, a, b, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def test_mul_add_dst_float32_dst_float16_src():
    n = 1024
    rng = np.random.default_rng(5)
    x = rand(rng, np.float16, n)
    y = rand(rng, np.float16, n)
    z = rand(rng, np.float32, n)
    want = fused(x.astype(np.float32), y.astype(np.float32), z, np.float32)
    launch(mixed_fma, 1, x, y, z, n, 0, 0, False)
    assert z.tobytes() == want.tobytes()


@pytest.mark.parametrize("dtype", FLOATS)
def test_fused_mul_add_list_mask(dtype):
    rng = np.random.default_rng(6)
    per = per_repeat(dtype)
    n, repeat = per * 4, 3
    lo = int(rng.integers(0, 2**62)) | 1
    x, y, z = (rand(rng, dtype, n) for _ in range(3))
    full = fused(x, z, y, dtype)
    want = z.copy()
    for r in range(repeat):
        for e in range(min(per, 64)):
            if (lo >> e) & 1:
                want[r * per + e] = full[r * per + e]
    launch(mixed_fma, 1, x, y, z, n, np.int64(lo), repeat, True)
    assert z.tobytes() == want.tobytes()


# -- the count forms of add / sub / mul / div / min / max (binary_count), atomic max / min ---------


def _count_form_operands(rng, dtype, n, op):
    """Random operands with the cases the fast loops treat apart: integer wraparound; for floats
    infinities, subnormals, overflow and (for + - * /) NaN operands and invalid operations."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rand(rng, dtype, n, info.min, info.max), rand(rng, dtype, n, info.min, info.max)
    x, y = rand(rng, dtype, n, scale=100.0), rand(rng, dtype, n, scale=100.0)
    info = np.finfo(dtype)
    x[:6] = [np.inf, -np.inf, info.smallest_subnormal, -3 * info.smallest_subnormal, info.max, info.tiny]
    y[:6] = [np.inf, 2.0, info.smallest_subnormal, 0.5, info.max, -info.tiny]
    if op <= 3:  # numpy's max/min keep a NaN operand's payload, the NPU's are not documented
        x[7], y[9] = np.nan, -np.nan
    if op == 3:
        y[y == 0] = dtype(1)
    return x, y


@pytest.mark.parametrize("dtype,op", [(d, op) for d in (np.float16, np.float32, np.int16, np.int32)
                                       for op in range(6) if not (op == 3 and d in (np.int16, np.int32))])  # no int div
def test_arith_count_forms(dtype, op):
    rng = np.random.default_rng(90 + op)
    n = 1024
    count = n - per_repeat(dtype) // 2 - 3  # a partial last repeat
    x, y = _count_form_operands(rng, dtype, n, op)
    z = np.full(n, 7, dtype=dtype)
    want = z.copy()
    with np.errstate(all="ignore"):  # overflow, inf - inf, integer wraparound: as on the NPU
        if np.issubdtype(dtype, np.integer) or op >= 4:
            f = [np.add, np.subtract, np.multiply, None, np.minimum, np.maximum][op]
            want[:count] = f(x[:count], y[:count])
        else:  # float16 rounds the exact result once (float32 is exact enough for that)
            f = [np.add, np.subtract, np.multiply, np.divide][op]
            want[:count] = f(x[:count].astype(np.float32), y[:count].astype(np.float32)).astype(dtype)
    launch(binary_count, 1, x, y, z, n, count, 7 + op)
    assert z.tobytes() == want.tobytes()


@asc.jit
def atomic_extreme(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, use_max: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    if use_max:
        asc.set_atomic_max(x.dtype)
    else:
        asc.set_atomic_min(x.dtype)
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()


@pytest.mark.parametrize("dtype", [np.int32, np.float32])
@pytest.mark.parametrize("use_max", [True, False])
def test_atomic_max_min_across_blocks(dtype, use_max):
    rng = np.random.default_rng(7)
    n, blocks = 256, 3
    x = rng.integers(-1000, 1000, blocks * n).astype(dtype)
    z = rng.integers(-1000, 1000, n).astype(dtype)
    parts = x.reshape(blocks, n)
    want = np.maximum(z, parts.max(axis=0)) if use_max else np.minimum(z, parts.min(axis=0))
    launch(atomic_extreme, blocks, x, z, n, use_max)
    np.testing.assert_array_equal(z, want)
