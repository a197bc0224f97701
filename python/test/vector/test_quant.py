"""Quantisation and fused casts end to end (Python -> MLIR -> Ascend C -> simulator) against numpy.

set_deq_scale (all three forms), cast_deq (count / mask / bit-mask forms, scalar and vector DEQSCALE,
both half-block placements), add_deq_relu, mul_cast, add_relu_cast and sub_relu_cast. Bit-exact: every
result is the exact value rounded once (sim/VECTOR.md, "Quantisation").
"""

from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values(
    "add_deq_relu", "add_relu_cast", "bilinear_interpolation", "cast", "cast_deq", "data_copy", "duplicate",
    "mul_cast", "set_deq_scale", "set_vector_mask", "sub_relu_cast")

UB_B = 65536
UB_C = 131072


def _offsets(repeat: int, per: int, es: int, blk: int, rep: int, epb: int = 0, in_off: int = 0) -> np.ndarray:
    """Byte offsets (repeat, lane) of an operand: (r·rep + ⌊e/epb⌋·blk)·32 + in_off + (e mod epb)·es."""
    epb = epb or 32 // es
    r = np.arange(repeat)[:, None]
    e = np.arange(per)[None, :]
    return (r * rep + (e // epb) * blk) * 32 + in_off + (e % epb) * es


def _lane_mask(mask, per: int) -> np.ndarray:
    if isinstance(mask, int):
        return np.arange(per) < mask
    bits = mask[0] | (mask[1] << 64 if len(mask) > 1 else 0)
    return np.array([(bits >> e) & 1 for e in range(per)], dtype=bool)


def _sat(v: np.ndarray, lo: int, hi: int) -> np.ndarray:
    return np.clip(np.nan_to_num(np.rint(v), nan=0.0), lo, hi)


# -- fused binary casts --------------------------------------------------------------------------------------

FUSED = {0: "add_relu_cast", 1: "sub_relu_cast", 2: "mul_cast"}


def _fused_ref(op: int, x: np.ndarray, y: np.ndarray, dst: np.dtype) -> np.ndarray:
    if x.dtype == np.int16:
        a, b = x.astype(np.int64), y.astype(np.int64)
        return np.clip(np.maximum(a + b if op == 0 else a - b, 0), -128, 127).astype(dst)
    a, b = x.astype(np.float64), y.astype(np.float64)
    v = a * b if op == 2 else np.maximum(a + b if op == 0 else a - b, 0)
    if dst == np.float16:
        return v.astype(np.float16)
    info = np.iinfo(dst)
    return _sat(v, info.min, info.max).astype(dst)


@asc.jit
def fused_count(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, op: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, UB_B, n)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, UB_C, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if op == 0:
        asc.add_relu_cast(c, a, b, n)
    elif op == 1:
        asc.sub_relu_cast(dst=c, src0=a, src1=b, count=n)
    else:
        asc.mul_cast(c, a, b, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


def _inputs(rng: np.random.Generator, dtype, n: int, op: int) -> tuple[np.ndarray, np.ndarray]:
    if dtype == np.int16:
        return (rng.integers(-300, 300, n).astype(np.int16), rng.integers(-300, 300, n).astype(np.int16))
    scale = 12.0 if op == 2 else 90.0  # products and sums spanning the int8 range and beyond
    x = (rng.standard_normal(n) * scale).astype(dtype)
    y = (rng.standard_normal(n) * scale).astype(dtype)
    if dtype == np.float16:  # exact ties: k + 0.5 must round to even
        x[:8] = np.array([0.5, 1.5, 2.5, -0.5, 126.5, 127.5, 100.25, 3.75], dtype=np.float16)
        y[:8] = 0 if op != 2 else 1
    return x, y


@pytest.mark.parametrize("op,src,dst", [(0, np.float16, np.int8), (0, np.int16, np.int8), (0, np.float32, np.float16),
                                        (1, np.float16, np.int8), (1, np.int16, np.int8), (1, np.float32, np.float16),
                                        (2, np.float16, np.int8), (2, np.float16, np.uint8)])
@pytest.mark.parametrize("n", [256, 1024 + 96])
def test_fused_cast_count(op: int, src, dst, n: int) -> None:
    rng = np.random.default_rng(100 + op * 7 + n)
    x, y = _inputs(rng, src, n, op)
    z = np.zeros(n, dtype=dst)
    fused_count[1](x, y, z, n, op)
    np.testing.assert_array_equal(z.view(np.uint8 if z.itemsize == 1 else np.uint16),
                                  _fused_ref(op, x, y, np.dtype(dst)).view(np.uint8 if z.itemsize == 1 else np.uint16))


@asc.jit
def fused_masked(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, nsrc: int, ndst: int,
                 mask: int, mask_hi: int, repeat: int, dst_blk: int, dst_rep: int, src_blk: int, src_rep: int,
                 op: asc.ConstExpr[int], bits: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, nsrc)
    yg.set_global_buffer(y, nsrc)
    zg.set_global_buffer(z, ndst)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, nsrc)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, UB_B, nsrc)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, UB_C, ndst)
    asc.data_copy(a, xg, nsrc)
    asc.data_copy(b, yg, nsrc)
    asc.data_copy(c, zg, ndst)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.BinaryRepeatParams(dst_blk, src_blk, src_blk, dst_rep, src_rep, src_rep)
    if op == 0:
        if bits:
            asc.add_relu_cast(c, a, b, [mask, mask_hi], repeat, params)
        else:
            asc.add_relu_cast(c, a, b, mask, repeat, params, is_set_mask=True)
    elif op == 1:
        if bits:
            asc.sub_relu_cast(c, a, b, [mask, mask_hi], repeat, params)
        else:
            asc.sub_relu_cast(c, a, b, mask, repeat_times=repeat, repeat_params=params)
    else:
        if bits:
            asc.mul_cast(c, a, b, [mask, mask_hi], repeat, params)
        else:
            asc.mul_cast(c, a, b, mask, repeat, params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, ndst)


@pytest.mark.parametrize("op,src,dst", [(0, np.float16, np.int8), (0, np.int16, np.int8), (1, np.float32, np.float16),
                                        (1, np.float16, np.int8), (2, np.float16, np.uint8), (2, np.float16, np.int8)])
@pytest.mark.parametrize("bits", [False, True])
@pytest.mark.parametrize("seed", [0, 1])
def test_fused_cast_masked(op: int, src, dst, bits: bool, seed: int) -> None:
    rng = np.random.default_rng(1000 + seed * 31 + op)
    es, ds = np.dtype(src).itemsize, np.dtype(dst).itemsize
    per = 256 // max(es, ds)
    repeat = int(rng.integers(1, 4))
    src_blk, src_rep = int(rng.integers(1, 3)), int(rng.choice([8, 16]))
    dst_blk = int(rng.integers(1, 3))
    dst_rep = int(per * ds // 32 * dst_blk + rng.integers(0, 3))
    if bits:
        lo = int(rng.integers(1, 1 << 63)) | 1
        hi = int(rng.integers(0, 1 << 63)) if per > 64 else 0
        mask, lane = lo, _lane_mask([lo, hi], per)
    else:
        mask, hi = int(rng.integers(1, per + 1)), 0
        lane = _lane_mask(mask, per)
    so = _offsets(repeat, per, es, src_blk, src_rep)
    do = _offsets(repeat, per, ds, dst_blk, dst_rep)
    nsrc = (int(so.max()) // es + 1 + 15) // 16 * 16 + 16
    ndst = (int(do.max()) // ds + 1 + 31) // 32 * 32 + 32
    x, y = _inputs(rng, src, nsrc, op)
    sentinel = np.zeros(ndst, dtype=dst)
    sentinel.view(np.uint8)[:] = 0x5A
    z = sentinel.copy()
    fused_masked[1](x, y, z, nsrc, ndst, np.int64(mask), np.int64(hi), repeat, dst_blk, dst_rep, src_blk, src_rep,
                    op, bits)
    want = sentinel.copy()
    xs = x[(so // es)[:, lane]]
    ys = y[(so // es)[:, lane]]
    want[(do // ds)[:, lane]] = _fused_ref(op, xs, ys, np.dtype(dst))
    view = np.uint8 if ds == 1 else np.uint16
    np.testing.assert_array_equal(z.view(view), want.view(view))


# -- add_deq_relu ---------------------------------------------------------------------------------------------


@asc.jit
def add_deq_relu_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int, scale: float,
                        mask: int, repeat: int, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, UB_B, n)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, UB_C, n)
    asc.data_copy(a, xg, n)
    asc.data_copy(b, yg, n)
    asc.data_copy(c, zg, n)
    asc.set_deq_scale(scale)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)  # 64 half results: 4 blocks per repeat
    if form == 0:
        asc.add_deq_relu(c, a, b, n)
    elif form == 1:
        asc.add_deq_relu(c, a, b, mask, repeat, params)
    else:
        asc.set_vector_mask(0, mask, dtype=asc.int32)
        asc.add_deq_relu(c, a, b, [0], repeat, params, is_set_mask=False)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("form", [0, 1, 2])
@pytest.mark.parametrize("scale", [0.0078125, 0.3330078125, 3.0])
def test_add_deq_relu(form: int, scale: float) -> None:
    rng = np.random.default_rng(int(scale * 1000) + form)
    n = 512
    x = rng.integers(-(1 << 16), 1 << 16, n).astype(np.int32)
    y = rng.integers(-(1 << 16), 1 << 16, n).astype(np.int32)
    x[:4] = [2**31 - 1, -(2**31), 7, 2**30]  # 33-bit sums, overflow to inf
    y[:4] = [2**31 - 1, -(2**31), -7, 2**30]
    z = np.full(n, -1.0, dtype=np.float16)
    mask = 37 if form == 1 else (0xF0F0F0F0F0F0F0F0 if form == 2 else 64)
    repeat = n // 64
    add_deq_relu_kernel[1](x, y, z, n, scale, np.int64(np.uint64(mask).view(np.int64)), repeat, form)
    v = (x.astype(np.float64) + y.astype(np.float64)) * float(np.float16(scale))
    with np.errstate(over="ignore"):  # sums beyond 65504 become inf, as on the NPU
        want = np.maximum(v, 0).astype(np.float16)
    lane = _lane_mask(mask if form != 2 else [mask], 64)
    keep = np.tile(lane, repeat) if form != 0 else np.ones(n, dtype=bool)
    want = np.where(keep, want, np.float16(-1.0))
    np.testing.assert_array_equal(z.view(np.uint16), want.view(np.uint16))


# -- cast_deq and set_deq_scale -----------------------------------------------------------------------------------

VDEQ_SCALE = (0.5, 0.25, 1.0, 2.0, 0.125, 3.0, 0.75, 1.5, 0.0625, 4.0, 0.3, 1.25, 0.5, 0.1, 2.5, 1.0)
VDEQ_OFFSET = (0, 3, -5, 255, -256, 17, 1, -1, 100, -100, 0, 7, -7, 64, -64, 0)
VDEQ_SIGN = (True, False, True, False, True, True, False, False, True, False, True, False, True, True, False, True)


@asc.jit
def cast_deq_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, nsrc: int, ndst: int, scale: float, offset: int,
                    mask: int, repeat: int, sign_mode: asc.ConstExpr[bool], vec: asc.ConstExpr[bool],
                    half: asc.ConstExpr[bool], form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, nsrc)
    zg.set_global_buffer(z, ndst)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, nsrc)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, UB_C, ndst)
    vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, UB_B, 16)
    asc.data_copy(a, xg, nsrc)
    asc.data_copy(c, zg, ndst)
    if vec:
        info = asc.VdeqInfo(VDEQ_SCALE, VDEQ_OFFSET, VDEQ_SIGN)
        asc.set_deq_scale(vdeq, info)
    elif x.dtype == asc.int32:
        asc.set_deq_scale(scale)
    else:
        asc.set_deq_scale(scale, offset, sign_mode)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.UnaryRepeatParams()
    if form == 0:
        asc.cast_deq(c, a, nsrc, is_vec_deq=vec, half_block=half)
    elif form == 1:
        asc.cast_deq(c, a, mask, repeat, params, True, vec, half)
    else:
        asc.cast_deq(c, a, [mask, mask], repeat, params, is_vec_deq=vec, half_block=half)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, ndst)


def _cast_deq_ref(x: np.ndarray, dst, scale, offset, sign) -> np.ndarray:
    v = x.astype(np.float64) * scale
    if np.dtype(dst) == np.float16:
        with np.errstate(over="ignore"):  # beyond 65504: inf
            return v.astype(np.float16)
    r = np.nan_to_num(np.rint(v), nan=0.0) + offset
    return np.where(sign, np.clip(r, -128, 127), np.clip(r, 0, 255)).astype(np.int64).astype(np.uint8).view(dst)


@pytest.mark.parametrize("src,dst", [(np.int16, np.int8), (np.int16, np.uint8), (np.int32, np.float16)])
@pytest.mark.parametrize("vec", [False, True])
@pytest.mark.parametrize("half", [False, True])
@pytest.mark.parametrize("form", [0, 1, 2])
def test_cast_deq(src, dst, vec: bool, half: bool, form: int) -> None:
    rng = np.random.default_rng(zlib.crc32(f"{np.dtype(src).name}-{np.dtype(dst).name}-{vec}-{half}-{form}".encode()))
    es, ds = np.dtype(src).itemsize, np.dtype(dst).itemsize
    per = 256 // es
    epb = 32 // es
    repeat = 3
    nsrc = per * repeat
    ndst = nsrc * 32 // (epb * ds)  # every source block owns one whole destination block
    if src == np.int16:
        x = rng.integers(-32768, 32768, nsrc).astype(np.int16)
        x[:6] = [0, 1, -1, 3, 5, -3]
        scale, offset, sign = 0.5, int(rng.integers(-20, 20)), np.dtype(dst) == np.int8
    else:
        x = rng.integers(-(1 << 24), 1 << 24, nsrc).astype(np.int32)  # products exact in float64
        scale, offset, sign = 0.0009765625 * 3, 0, True
    sentinel = np.zeros(ndst, dtype=dst)
    sentinel.view(np.uint8)[:] = 0xA5
    z = sentinel.copy()
    mask = int(rng.integers(1, min(per, 64) + 1))
    cast_deq_kernel[1](x, z, nsrc, ndst, scale, offset, mask, repeat, bool(sign), vec, half, form)
    lane = np.ones(per, dtype=bool) if form == 0 else _lane_mask(mask if form == 1 else [mask, mask], per)
    if vec:
        g = np.arange(per) % 16
        sc = np.array(VDEQ_SCALE, dtype=np.float32).astype(np.float64)[g]
        of = np.array(VDEQ_OFFSET)[g] if src == np.int16 else 0
        sg = np.array(VDEQ_SIGN)[g]
    else:
        sc = float(np.float16(scale)) if src == np.int32 else scale
        of, sg = offset, np.full(per, sign)
    xs = x.reshape(repeat, per)
    vals = np.stack([_cast_deq_ref(xs[r], dst, sc, of, sg) for r in range(repeat)])
    do = _offsets(repeat, per, ds, 1, 8, epb=epb, in_off=16 if half else 0) // ds
    want = sentinel.copy()
    want[do[:, lane]] = vals[:, lane]
    view = np.uint8 if ds == 1 else np.uint16
    np.testing.assert_array_equal(z.view(view), want.view(view))


@asc.jit
def deq_cast_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, scale: float, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    zg.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, n)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, UB_C, n)
    asc.data_copy(a, xg, n)
    if form == 0:
        asc.set_deq_scale(scale)
    else:
        asc.set_deq_scale(scale, 0, True)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(c, a, asc.RoundMode.CAST_NONE, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, n)


@pytest.mark.parametrize("form", [0, 1])
def test_set_deq_scale_drives_cast(form: int) -> None:
    """Both scalar forms write the one DEQSCALE that Cast int32 -> half reads (the float form rounded to half)."""
    rng = np.random.default_rng(7 + form)
    n = 256
    x = rng.integers(-50000, 50000, n).astype(np.int32)
    scale = 0.0123456
    z = np.zeros(n, dtype=np.float16)
    deq_cast_kernel[1](x, z, n, scale, form)
    want = (x.astype(np.float64) * float(np.float16(np.float32(scale)))).astype(np.float16)
    np.testing.assert_array_equal(z.view(np.uint16), want.view(np.uint16))


@asc.jit
def vdeq_store_kernel(z: asc.GlobalAddress):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, 16)
    vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECOUT, 0, 16)
    asc.set_deq_scale(vdeq=vdeq, vdeq_info=asc.VdeqInfo(scale=VDEQ_SCALE, offset=VDEQ_OFFSET, sign_mode=VDEQ_SIGN))
    asc.set_flag(asc.HardEvent.S_MTE3, 0)
    asc.wait_flag(asc.HardEvent.S_MTE3, 0)
    asc.data_copy(zg, vdeq, 16)


def test_set_deq_scale_vector_fills_tensor() -> None:
    """The vector form stores its 16 groups into the vdeq tensor (float32 scale | offset << 32 | sign << 48)."""
    z = np.zeros(16, dtype=np.uint64)
    vdeq_store_kernel[1](z)
    words = (np.array(VDEQ_SCALE, dtype=np.float32).view(np.uint32).astype(np.uint64)
             | (np.array(VDEQ_OFFSET, dtype=np.int16).view(np.uint16).astype(np.uint64) << np.uint64(32))
             | (np.array(VDEQ_SIGN, dtype=np.uint64) << np.uint64(48)))
    np.testing.assert_array_equal(z, words)


# -- errors ------------------------------------------------------------------------------------------------------


@asc.jit
def bad_quant(x: asc.GlobalAddress, n: int, which: asc.ConstExpr[int]):
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 128)
    s = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 4096, 128)
    b = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 8192, 256)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 12288, 128)
    w = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 16384, 16)
    params = asc.BinaryRepeatParams()
    if which == 0:
        asc.add_relu_cast(b, f, f, 128)
    elif which == 1:
        asc.mul_cast(b, h, h, 128, 1, params, is_set_mask=True)
    elif which == 2:
        asc.cast_deq(h, s, 128)
    elif which == 3:
        asc.set_deq_scale(1.0, 300, True)
    elif which == 4:
        asc.set_deq_scale(w, asc.VdeqInfo([1.0] * 15, [0] * 16, [True] * 16))
    elif which == 5:
        asc.set_deq_scale(w, asc.VdeqInfo([1.0] * 16, [0] * 15 + [-257], [True] * 16))
    elif which == 6:
        asc.set_deq_scale(w, asc.VdeqInfo([1.0] * 16, [0] * 16, [True] * 15 + [1]))
    elif which == 7:
        asc.cast_deq(b, s, 128, is_vec_deq=1)
    elif which == 8:
        asc.sub_relu_cast(b, h, s, 128)
    elif which == 10:
        asc.cast_deq(b, s, 128, half_block=n > 3)
    else:
        asc.add_deq_relu(h, s, s, 128)


@pytest.mark.parametrize("which,message", [
    (0, "add_relu_cast: float32 -> int8 is not supported on Ascend 910B/910C; supported: float16 -> int8, "
        "int16 -> int8, float32 -> float16"),
    (1, "mul_cast() got an unexpected keyword argument 'is_set_mask'"),
    (2, "cast_deq: int16 -> float16 is not supported on Ascend 910B/910C; supported: int32 -> float16, "
        "int16 -> int8, int16 -> uint8"),
    (3, "set_deq_scale: 'offset' must be a 9-bit signed value in [-256, 255], but got 300"),
    (4, "VdeqInfo: 'scale' must be a list of 16 values, got 15 values"),
    (5, "VdeqInfo: 'offset[15]' must be a 9-bit signed value in [-256, 255], but got -257"),
    (6, "VdeqInfo: 'sign_mode[15]' must be a bool, got int"),
    (7, "no overload of cast_deq() matches the arguments (LocalTensor, LocalTensor, int, is_vec_deq=int)"),
    (8, "sub_relu_cast: 'src1' holds int16 but 'src0' holds float16; element types must match"),
    (9, "add_deq_relu: 'src0' holds int16, but add_deq_relu supports int32 on Ascend 910B/910C"),
    (10, "cast_deq: 'half_block' must be a compile-time bool, got a runtime bool"),
])
def test_quant_compile_errors(which: int, message: str) -> None:
    x = np.zeros(128, dtype=np.float16)
    with pytest.raises(CompileError, match=re.escape(message)):
        bad_quant[1](x, 8, which)


@asc.jit
def bad_quant_runtime(x: asc.GlobalAddress, offset: int, mask: int, which: asc.ConstExpr[int]):
    s = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 0, 128)
    b = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 8192, 256)
    asc.duplicate(s, 1, 128)
    if which == 0:
        asc.cast_deq(b, s, 128)
    elif which == 1:
        asc.set_deq_scale(1.0, offset, True)
    else:
        asc.set_deq_scale(1.0, 0, True)
        asc.cast_deq(b, s, mask, 1, asc.UnaryRepeatParams(), is_vec_deq=False)


@pytest.mark.parametrize("which,message", [
    (0, "cast_deq: is_vec_deq = true uses the 16 groups of set_deq_scale(vdeq, vdeq_info), which has not been "
        "called"),
    (1, "set_deq_scale: the offset is a 9-bit signed value in [-256, 255], but got 256"),
    (2, "cast_deq: a continuous mask selects the first n elements of each repeat, n in [1, 128] for int16 -> int8, "
        "but got 129"),
])
def test_quant_runtime_errors(which: int, message: str) -> None:
    x = np.zeros(16, dtype=np.float16)
    with pytest.raises(KernelError, match=re.escape(message)):
        bad_quant_runtime[1, rt.current_stream()](x, 256, 129, which)


# -- bilinear_interpolation ------------------------------------------------------------------------------------


@asc.jit
def bilinear_kernel(x: asc.GlobalAddress, o: asc.GlobalAddress, w: asc.GlobalAddress, z: asc.GlobalAddress,
                    nx: int, no: int, nw: int, nz: int, mask: int, mask_hi: int, h_repeat: int, dst_blk: int,
                    v_r_offset: int, v_repeat: int, repeat_mode: asc.ConstExpr[bool], bits: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, nx)
    og.set_global_buffer(o, no)
    wg.set_global_buffer(w, nw)
    zg.set_global_buffer(z, nz)
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, nx)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 32768, no)
    wt = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 49152, nw)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, UB_B, nz)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, UB_C, 1024)
    asc.data_copy(a, xg, nx)
    asc.data_copy(off, og, no)
    asc.data_copy(wt, wg, nw)
    asc.data_copy(c, zg, nz)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if bits:
        asc.bilinear_interpolation(c, a, off, wt, [mask, mask_hi], h_repeat, repeat_mode, dst_blk, v_r_offset,
                                   v_repeat, tmp)
    else:
        asc.bilinear_interpolation(dst=c, src0=a, src0_offset=off, src1=wt, mask=mask, h_repeat=h_repeat,
                                   repeat_mode=repeat_mode, dst_blk_stride=dst_blk, v_r_offset=v_r_offset,
                                   v_repeat=v_repeat, shared_tmp_buffer=tmp)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, nz)


def _bilinear_ref(x, offsets, w, z, lane, h, v, v_off, dst_blk, repeat_mode):
    out = z.copy()
    blocks = x.reshape(-1, 16)
    for vi in range(v):
        acc = None
        for hi in range(h):
            k = vi * h + hi
            src = blocks[offsets[8 * k:8 * k + 8] // 32].astype(np.float64)  # (8, 16)
            wk = (w[8 * k:8 * k + 8] if repeat_mode else np.repeat(w[k], 8)).astype(np.float64)
            prod = (src * wk[:, None]).astype(np.float16).astype(np.float64)
            acc = prod if acc is None else (acc + prod).astype(np.float16).astype(np.float64)
        idx = vi * v_off + (np.arange(8)[:, None] * dst_blk * 16 + np.arange(16)[None, :])
        out[idx.reshape(-1)[lane]] = acc.astype(np.float16).reshape(-1)[lane]
    return out


@pytest.mark.parametrize("repeat_mode", [False, True])
@pytest.mark.parametrize("bits", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bilinear_interpolation(repeat_mode: bool, bits: bool, seed: int) -> None:
    rng = np.random.default_rng(500 + seed * 4 + repeat_mode * 2 + bits)
    h, v = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    dst_blk = int(rng.integers(1, 3))
    v_off = 128 * dst_blk + 16 * int(rng.integers(0, 4))
    nx = 64 * 16
    x = (rng.standard_normal(nx) * 4).astype(np.float16)
    offsets = (rng.integers(0, nx // 16, 8 * h * v) * 32).astype(np.uint32)
    nw = 8 * h * v if repeat_mode else h * v
    w = rng.random((nw + 15) // 16 * 16).astype(np.float16)
    nz = ((v - 1) * v_off + 8 * dst_blk * 16 + 255) // 256 * 256
    z = np.full(nz, -7.0, dtype=np.float16)
    if bits:
        lo, hi = int(rng.integers(1, 2**63)) | 1, int(rng.integers(0, 2**63))
        lane = _lane_mask([lo, hi], 128)
        mask = lo
    else:
        mask, hi = int(rng.integers(1, 129)), 0
        lane = _lane_mask(mask, 128)
    no = max(8 * h * v, 8)
    offs = np.zeros((no + 7) // 8 * 8, dtype=np.uint32)
    offs[:8 * h * v] = offsets
    bilinear_kernel[1](x, offs, w, z, nx, offs.size, w.size, nz, np.int64(mask), np.int64(hi), h, dst_blk, v_off, v,
                       repeat_mode, bits)
    want = _bilinear_ref(x, offsets, w, np.full(nz, -7.0, dtype=np.float16), lane, h, v, v_off, dst_blk,
                         repeat_mode)
    np.testing.assert_array_equal(z.view(np.uint16), want.view(np.uint16))


@asc.jit
def bad_bilinear(x: asc.GlobalAddress, bad: int, which: asc.ConstExpr[int]):
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 8)
    soff = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 1024, 8)
    wt = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 2048, 16)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4096, 128)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 256)
    asc.duplicate(a, 1.0, 256)
    asc.duplicate(wt, 1.0, 16)
    asc.duplicate(c, 0.0, 128)
    if which == 0:
        asc.bilinear_interpolation(f, f, off, f, 128, 1, False, 1, 128, 1, tmp)
    elif which == 1:
        asc.bilinear_interpolation(c, a, soff, wt, 128, 1, False, 1, 128, 1, tmp)
    elif which == 2:
        asc.bilinear_interpolation(c, a, off, wt, 128, 0, False, 1, 128, 1, tmp)
    elif which == 3:
        asc.bilinear_interpolation(c, a, off, wt, 128, 1, False, 1, 100, 1, tmp)
    elif which == 4:
        asc.bilinear_interpolation(c, a, off, wt, 128, 1, 1, 1, 128, 1, tmp)
    else:
        for i in range(8):
            off.set_value(i, bad)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        if which == 5:
            asc.bilinear_interpolation(c, a, off, wt, 128, 1, False, 1, 128, 1, tmp)
        elif which == 6:
            asc.bilinear_interpolation(c, a, off, a, 128, 1, False, 1, 128, 1, tmp)
        else:
            asc.bilinear_interpolation(c, a, off, wt, 128, bad, False, 1, 128, 1, tmp)


@pytest.mark.parametrize("which,message", [
    (0, "bilinear_interpolation: 'dst' holds float32, but bilinear_interpolation supports float16 on Ascend "
        "910B/910C"),
    (1, "bilinear_interpolation: 'src0_offset' holds int32, but bilinear_interpolation supports uint32 on Ascend "
        "910B/910C"),
    (2, "bilinear_interpolation: 'h_repeat' must be in [1, 255], but got 0"),
    (3, "bilinear_interpolation: 'v_r_offset' must be in [128, 65534], but got 100"),
    (4, "no overload of bilinear_interpolation() matches the arguments"),
])
def test_bilinear_compile_errors(which: int, message: str) -> None:
    x = np.zeros(16, dtype=np.float16)
    with pytest.raises(CompileError, match=re.escape(message)):
        bad_bilinear[1](x, 0, which)


@pytest.mark.parametrize("which,bad,message", [
    (5, 40, "bilinear_interpolation: src0_offset[0] = 40 is not a multiple of 32 bytes (one src0 block)"),
    (5, 512, "bilinear_interpolation: src0_offset[0] = 512 reads src0 bytes [512, 544), but src0 holds 512 bytes"),
    (6, 0, "bilinear_interpolation: src0 and src1 overlap; they must be disjoint"),
    (7, 256, "bilinear_interpolation: h_repeat must be in [1, 255], but got 256"),
])
def test_bilinear_runtime_errors(which: int, bad: int, message: str) -> None:
    x = np.zeros(16, dtype=np.float16)
    with pytest.raises(KernelError, match=re.escape(message)):
        bad_bilinear[1, rt.current_stream()](x, bad, which)
