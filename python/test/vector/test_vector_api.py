"""Vector API breadth end to end (Python -> MLIR -> Ascend C -> simulator) against numpy.

Bit-exact except the documented transcendental tolerance (sim/VECTOR.md): exp, ln, rsqrt and
reciprocal may differ from numpy by one unit in the last place (numpy rounds float16 results through
float32).
"""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

pytestmark = pytest.mark.values(
    "abs", "add", "add_relu", "adds", "cast", "compare", "data_copy", "data_copy_pad", "duplicate", "exp",
    "leaky_relu", "ln", "max", "mul", "muls", "reciprocal", "reduce_max", "reduce_min", "reduce_sum", "relu",
    "reset_mask", "rsqrt", "select", "set_atomic_add", "set_atomic_none", "set_mask_count", "set_mask_norm",
    "set_vector_mask", "sqrt", "sub")


def launch(kernel, blocks, *args):
    kernel[blocks, rt.current_stream()](*args)


def ulp_close(got: np.ndarray, want: np.ndarray, ulps: int = 1) -> None:
    """Equal within `ulps` units in the last place (same sign), NaN == NaN."""
    itype = {np.float16: np.int16, np.float32: np.int32}[got.dtype.type]
    g = got.view(itype).astype(np.int64)
    w = want.astype(got.dtype).view(itype).astype(np.int64)
    both_nan = np.isnan(got) & np.isnan(want.astype(got.dtype))
    assert np.all(both_nan | (np.abs(g - w) <= ulps)), (got[~both_nan & (np.abs(g - w) > ulps)][:8],
                                                        want[~both_nan & (np.abs(g - w) > ulps)][:8])


# -- kernels ---------------------------------------------------------------------------------------


@asc.jit
def binary_masked(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, mask: int,
                  repeat: int, op: asc.ConstExpr[int]):
    """One masked binary op over `repeat` repeats; z holds the old destination contents."""
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 65536, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 131072, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(c, zg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    if op == 0:
        asc.add(c, a, b, mask, repeat, params)
    elif op == 1:
        asc.sub(c, a, b, [mask, mask], repeat, params)
    elif op == 2:
        asc.mul(c, a, b, mask, repeat, params)
    elif op == 3:
        asc.max(c, a, b, mask, repeat, params)
    else:
        asc.add_relu(c, a, b, mask, repeat, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def _masked_reference(op, x, y, z, mask_bits, repeat):
    per = 256 // x.itemsize
    out = z.copy()
    for r in range(repeat):
        for e in range(per):
            if (mask_bits >> e) & 1:
                i = r * per + e
                a, b = x[i], y[i]
                out[i] = {0: a + b, 1: a - b, 2: a * b, 3: np.maximum(a, b),
                          4: np.maximum(a + b, x.dtype.type(0))}[op]
    return out


@pytest.mark.parametrize("dtype,op", [(d, op) for d in (np.float16, np.float32, np.int16, np.int32)
                                       for op in range(5) if not (op == 4 and d == np.int32)])  # no int32 add_relu
def test_binary_mask_forms_match_numpy(dtype, op):
    rng = np.random.default_rng(op * 10 + np.dtype(dtype).itemsize)
    per = 256 // np.dtype(dtype).itemsize
    n, repeat = per * 4, 3
    if np.issubdtype(dtype, np.integer):
        x = rng.integers(-1000, 1000, n).astype(dtype)
        y = rng.integers(-1000, 1000, n).astype(dtype)
    else:
        x = rng.standard_normal(n).astype(dtype)
        y = rng.standard_normal(n).astype(dtype)
    z = np.full(n, 7, dtype=dtype)
    mask = 0x5a5a5a5a if op == 1 else per // 2 + 3
    mask_bits = mask if op == 1 else (1 << mask) - 1
    if op == 1:
        mask_bits = mask | (mask << 64) if per == 128 else mask
    with np.errstate(over="ignore"):  # integer products wrap, as on the NPU
        want = _masked_reference(op, x, y, z, mask_bits, repeat)
    launch(binary_masked, 1, x, y, z, n, mask, repeat, op)
    np.testing.assert_array_equal(z, want)


@asc.jit
def unary_count(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op == 0:
        asc.exp(c, a, n)
    elif op == 1:
        asc.ln(c, a, n)
    elif op == 2:
        asc.sqrt(c, a, n)
    elif op == 3:
        asc.rsqrt(c, a, n)
    elif op == 4:
        asc.reciprocal(c, a, n)
    elif op == 5:
        asc.abs(c, a, n)
    elif op == 6:
        asc.relu(c, a, n)
    elif op == 7:
        asc.muls(c, a, 0.75, n)
    else:
        asc.leaky_relu(c, a, 0.25, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("op", range(9))
def test_unary_and_scalar_count_forms(dtype, op):
    rng = np.random.default_rng(100 + op)
    n = 2048
    x = (rng.standard_normal(n) * 3).astype(dtype)
    if op in (1, 2, 3, 4):
        x = np.abs(x) + dtype(0.125)
    z = np.zeros(n, dtype=dtype)
    launch(unary_count, 1, x, z, n, op)
    x64 = x.astype(np.float64)
    with np.errstate(all="ignore"):
        want = {0: np.exp(x64), 1: np.log(x64), 2: np.sqrt(x64), 3: 1 / np.sqrt(x64), 4: 1 / x64,
                5: np.abs(x64), 6: np.where(x64 > 0, x64, 0.0), 7: x64 * dtype(0.75),
                8: np.where(x64 >= 0, x64, x64 * dtype(0.25))}[op].astype(dtype)
    if op in (0, 1, 3, 4):  # transcendental: documented 1-ulp tolerance
        ulp_close(z, want, 1)
    else:
        np.testing.assert_array_equal(z, want)


@asc.jit
def cast_count(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, mode: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 65536, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if mode == 1:
        asc.cast(c, a, asc.RoundMode.CAST_RINT, n)
    elif mode == 2:
        asc.cast(c, a, asc.RoundMode.CAST_FLOOR, n)
    elif mode == 3:
        asc.cast(c, a, asc.RoundMode.CAST_CEIL, n)
    elif mode == 4:
        asc.cast(c, a, asc.RoundMode.CAST_ROUND, n)
    else:
        asc.cast(c, a, asc.RoundMode.CAST_TRUNC, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


_ROUND = {1: np.rint, 2: np.floor, 3: np.ceil, 4: lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5), 5: np.trunc}


@pytest.mark.parametrize("mode", [1, 2, 3, 4, 5])
def test_cast_float_to_int_round_modes(mode):
    n = 1024
    rng = np.random.default_rng(mode)
    x = np.concatenate([np.arange(-8, 8, 0.25), rng.standard_normal(n - 64) * 1000]).astype(np.float32)
    z = np.zeros(n, dtype=np.int32)
    launch(cast_count, 1, x, z, n, mode)
    np.testing.assert_array_equal(z, _ROUND[mode](x.astype(np.float64)).astype(np.int32))


def test_cast_float32_to_float16_rint():
    n = 1024
    x = np.random.default_rng(7).standard_normal(n).astype(np.float32) * 100
    z = np.zeros(n, dtype=np.float16)
    launch(cast_count, 1, x, z, n, 1)
    np.testing.assert_array_equal(z, x.astype(np.float16))  # numpy: round to nearest even


@asc.jit
def reduce_count(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, 16)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, 16)
    tmp = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 98304, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(c, 0.0, 16)
    if op == 0:
        asc.reduce_sum(c, a, tmp, n)
    elif op == 1:
        asc.reduce_max(c, a, tmp, n, True)
    else:
        asc.reduce_min(c, a, tmp, n, True)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, 16)


def _tree_sum(v: np.ndarray, per: int) -> np.floating:
    """ReduceSum: adjacent-pairs binary tree per repeat of `per` elements (zero padded), each partial
    rounded to the element type; then the same over the per-repeat partials."""
    t = v.dtype.type
    while len(v) > 1 or len(v) == 0:
        parts = []
        for i in range(0, max(len(v), 1), per):
            x = np.zeros(per, dtype=v.dtype)
            chunk = v[i:i + per]
            x[:len(chunk)] = chunk
            while len(x) > 1:
                x = (x[0::2].astype(np.float64) + x[1::2].astype(np.float64)).astype(v.dtype)
            parts.append(x[0])
        v = np.array(parts, dtype=v.dtype)
    return t(v[0])


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
@pytest.mark.parametrize("op", [0, 1, 2])
def test_reduce_count_forms(dtype, op):
    n = 1008  # not a whole number of repeats; a 32-byte multiple for both types
    x = np.random.default_rng(op).standard_normal(n).astype(dtype)
    z = np.zeros(16, dtype=dtype)
    launch(reduce_count, 1, x, z, n, op)
    per = 256 // np.dtype(dtype).itemsize
    if op == 0:
        assert z[0].tobytes() == _tree_sum(x, per).tobytes()
    else:
        i = int(np.argmax(x) if op == 1 else np.argmin(x))
        assert z[0] == x[i]
        index = z[1:2].view(np.uint16 if dtype == np.float16 else np.uint32)[0]
        assert index == i


@asc.jit
def compare_select(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 32768, n)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 65536, n // 8)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 98304, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.compare(m, a, b, asc.CMPMODE.GT, n)
    asc.select(c, m, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_compare_then_select_is_elementwise_max(dtype):
    n = 2048
    rng = np.random.default_rng(3)
    x = rng.standard_normal(n).astype(dtype)
    y = rng.standard_normal(n).astype(dtype)
    z = np.zeros(n, dtype=dtype)
    launch(compare_select, 1, x, y, z, n)
    np.testing.assert_array_equal(z, np.where(x > y, x, y))


@asc.jit
def mask_register(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, count: int):
    """Counter mode: set_mask_count + set_vector_mask(0, count) + is_set_mask=False."""
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
    asc.set_mask_count()
    asc.set_vector_mask(0, count, asc.float32, asc.MaskMode.COUNTER)
    asc.adds(c, a, 1.0, 0, 1, asc.UnaryRepeatParams(), False)
    asc.set_mask_norm()
    asc.reset_mask()
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def test_counter_mode_with_mask_register():
    n, count = 512, 300
    x = np.arange(n, dtype=np.float32)
    z = np.full(n, -1.0, dtype=np.float32)
    launch(mask_register, 1, x, z, n, count)
    want = np.full(n, -1.0, dtype=np.float32)
    want[:count] = x[:count] + 1
    np.testing.assert_array_equal(z, want)


@asc.jit
def copy_params(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, rows: int, row_len: int):
    """Strided GM->UB blocks (DataCopyParams), then byte-granular UB->GM rows (DataCopyPad)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    # every other 32-byte block of x, packed
    asc.data_copy(a, xg, asc.DataCopyParams(rows, 1, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    # the first row_len bytes of each packed block, rows 2 bytes apart in GM
    asc.data_copy_pad(zg, a, asc.DataCopyExtParams(rows, row_len, 0, 2, 0))


def test_data_copy_params_and_pad():
    n, rows, row_len = 1024, 8, 20
    x = np.arange(n, dtype=np.int16)
    z = np.full(n, -1, dtype=np.int16)
    launch(copy_params, 1, x, z, n, rows, row_len)
    want = np.full(n, -1, dtype=np.int16)
    for r in range(rows):
        block = x[r * 32:r * 32 + 16]  # block 2r of 16 int16
        start = r * (row_len + 2) // 2
        want[start:start + row_len // 2] = block[:row_len // 2]
    np.testing.assert_array_equal(z, want)


@asc.jit
def atomic_sum(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(zg, a, n)
    asc.set_atomic_none()


def test_atomic_add_across_blocks():
    blocks, n = 16, 256
    x = np.random.default_rng(5).integers(-50, 50, (blocks, n)).astype(np.float32)
    z = np.ones(n, dtype=np.float32)
    launch(atomic_sum, blocks, x, z, n)
    np.testing.assert_array_equal(z, 1 + x.sum(axis=0))
