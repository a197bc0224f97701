"""Transpose, TransDataTo5HD, Scatter and the slice / enhanced DataCopy forms against numpy, and their errors.

Scatter is not supported on any configured platform (all are Ascend 910B/910C, A2/A3): its test checks the
compile-time rejection; the simulator's Scatter is covered by the C++ tests (sim/test/LayoutTest.cpp).
"""

from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("data_copy", "trans_data_to_5hd", "transpose")


def rng_for(*key: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def random_data(rng: np.random.Generator, dtype: type, n: int) -> np.ndarray:
    if np.issubdtype(dtype, np.floating):
        return rng.standard_normal(n).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, n, endpoint=True).astype(dtype)


# -- transpose --------------------------------------------------------------------------------------

@asc.jit
def transpose_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n_elems: asc.ConstExpr[int],
                     kind: asc.ConstExpr[int], n: asc.ConstExpr[int], c: asc.ConstExpr[int], h: asc.ConstExpr[int],
                     w: asc.ConstExpr[int], tmp_bytes: asc.ConstExpr[int]):
    sg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n_elems)
    dg.set_global_buffer(dst, n_elems)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n_elems)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 65536, n_elems)
    asc.data_copy(s, sg, n_elems)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if kind == 0:
        asc.transpose(d, s)
    else:
        tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 131072, tmp_bytes)
        params = asc.TransposeParamsExt(n_size=n, c_size=c, h_size=h, w_size=w, transpose_type=asc.TransposeType(kind))
        asc.transpose(dst=d, src=s, shared_tmp_buffer=tmp, params=params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, n_elems)


@pytest.mark.parametrize("dtype", [np.float16, np.int16, np.uint16])
def test_transpose_16x16(dtype) -> None:
    src = random_data(rng_for("t16", np.dtype(dtype).name), dtype, 256)
    dst = np.zeros(256, dtype=dtype)
    transpose_kernel[1](src, dst, 256, 0, 0, 0, 0, 0, 0)
    np.testing.assert_array_equal(dst, src.reshape(16, 16).T.reshape(-1))


TRANSPOSE_EXT_CASES = [
    # kind, dtype, n, c, h, w
    (11, np.float16, 2, 3, 4, 8),
    (11, np.int8, 1, 5, 4, 8),
    (11, np.float32, 2, 2, 2, 8),
    (11, np.uint32, 1, 7, 1, 8),
    (12, np.float16, 2, 3, 4, 8),
    (12, np.int16, 1, 9, 2, 16),
    (12, np.uint8, 2, 3, 8, 4),
    (12, np.int32, 3, 2, 4, 2),
    (10, np.float16, 2, 3, 16, 16),
    (10, np.int16, 1, 1, 16, 16),
]


def transpose_ext_reference(kind: int, src: np.ndarray, n: int, c: int, h: int, w: int) -> np.ndarray:
    hw = h * w
    if kind == 11:
        return src.reshape(n, c, hw).transpose(0, 2, 1).reshape(-1)
    if kind == 12:
        return src.reshape(n, hw, c).transpose(0, 2, 1).reshape(-1)
    return src.reshape(n * c, 16, 16).transpose(0, 2, 1).reshape(-1)


@pytest.mark.parametrize("case", TRANSPOSE_EXT_CASES)
def test_transpose_ext(case) -> None:
    kind, dtype, n, c, h, w = case
    es = np.dtype(dtype).itemsize
    count = n * c * h * w
    size = (count * es + 31) // 32 * 32 // es
    src = random_data(rng_for("text", case), dtype, size)
    dst = np.zeros(size, dtype=dtype)
    h0, w0 = (32 if es == 1 else 16), 32 // es
    tmp = ((c + 2) if kind == 11 else (2 * c + 1)) * h0 * w0 * es
    transpose_kernel[1](src, dst, size, kind, n, c, h, w, tmp)
    want = transpose_ext_reference(kind, src[:count], n, c, h, w)
    np.testing.assert_array_equal(dst[:count], want)


# -- trans_data_to_5hd --------------------------------------------------------------------------------

@asc.jit
def trans_5hd_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n_elems: asc.ConstExpr[int],
                     form: asc.ConstExpr[int], repeat: asc.ConstExpr[int], stride: asc.ConstExpr[int],
                     dst_high: asc.ConstExpr[bool], src_high: asc.ConstExpr[bool]):
    sg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n_elems)
    dg.set_global_buffer(dst, n_elems)
    s = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n_elems)
    d = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 32768, n_elems)
    asc.data_copy(s, sg, n_elems)
    asc.data_copy(d, dg, n_elems)
    blk = 32 // src.dtype.sizeof()
    params = asc.TransDataTo5HDParams(dst_high, src_high, repeat, stride, stride)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if form == 0:
        dl = [d[0], d[blk], d[2 * blk], d[3 * blk], d[4 * blk], d[5 * blk], d[6 * blk], d[7 * blk], d[8 * blk],
              d[9 * blk], d[10 * blk], d[11 * blk], d[12 * blk], d[13 * blk], d[14 * blk], d[15 * blk]]
        sl = [s[0], s[blk], s[2 * blk], s[3 * blk], s[4 * blk], s[5 * blk], s[6 * blk], s[7 * blk], s[8 * blk],
              s[9 * blk], s[10 * blk], s[11 * blk], s[12 * blk], s[13 * blk], s[14 * blk], s[15 * blk]]
        asc.trans_data_to_5hd(dl, sl, params)
    elif form == 1:
        da = [d.get_phy_addr(0), d.get_phy_addr(blk), d.get_phy_addr(2 * blk), d.get_phy_addr(3 * blk),
              d.get_phy_addr(4 * blk), d.get_phy_addr(5 * blk), d.get_phy_addr(6 * blk), d.get_phy_addr(7 * blk),
              d.get_phy_addr(8 * blk), d.get_phy_addr(9 * blk), d.get_phy_addr(10 * blk),
              d.get_phy_addr(11 * blk), d.get_phy_addr(12 * blk), d.get_phy_addr(13 * blk),
              d.get_phy_addr(14 * blk), d.get_phy_addr(15 * blk)]
        sa = [s.get_phy_addr(0), s.get_phy_addr(blk), s.get_phy_addr(2 * blk), s.get_phy_addr(3 * blk),
              s.get_phy_addr(4 * blk), s.get_phy_addr(5 * blk), s.get_phy_addr(6 * blk), s.get_phy_addr(7 * blk),
              s.get_phy_addr(8 * blk), s.get_phy_addr(9 * blk), s.get_phy_addr(10 * blk),
              s.get_phy_addr(11 * blk), s.get_phy_addr(12 * blk), s.get_phy_addr(13 * blk),
              s.get_phy_addr(14 * blk), s.get_phy_addr(15 * blk)]
        asc.trans_data_to_5hd(dst_list=da, src_list=sa, params=params, dtype=src.dtype)
    else:
        dt = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 65536, 16)
        st = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 65536 + 128, 16)
        for i in asc.static_range(16):
            dt.set_value(i, d.get_phy_addr(i * blk))
            st.set_value(i, s[i * blk].get_phy_addr())
        # The addresses are scalar writes the vector instruction reads (PIPE_S -> PIPE_V).
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.trans_data_to_5hd(dt, st, params, src.dtype)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, d, n_elems)


def trans_5hd_reference(src: np.ndarray, dst: np.ndarray, repeat: int, stride: int, dst_high: bool,
                        src_high: bool) -> np.ndarray:
    out = dst.copy()
    es = src.itemsize
    blk = 32 // es
    for r in range(repeat):
        base = (r if repeat > 1 else 1) * stride * blk
        sb = [src[base + i * blk: base + (i + 1) * blk] for i in range(16)]
        db = [out[base + j * blk: base + (j + 1) * blk] for j in range(16)]  # views into out
        for j in range(16):
            for i in range(16):
                if es == 2:
                    db[j][i] = sb[i][j]
                elif es == 4:
                    if j < 8 and i < 8:
                        db[2 * j][i] = sb[i][j]
                        db[2 * j + 1][i] = sb[8 + i][j]
                else:
                    db[j][16 * dst_high + i] = sb[i][16 * src_high + j]
    return out


TRANS_5HD_CASES = [
    # dtype, form, repeat, stride (blocks), dst_high, src_high
    (np.float16, 0, 1, 0, False, False),
    (np.int16, 0, 2, 16, False, False),
    (np.uint16, 0, 3, 16, False, False),
    (np.float32, 0, 1, 0, False, False),
    (np.int32, 0, 2, 16, False, False),
    (np.uint8, 0, 1, 0, False, False),
    (np.int8, 0, 1, 0, True, False),
    (np.uint8, 0, 2, 16, False, True),
    (np.int8, 0, 1, 0, True, True),
    (np.float16, 1, 1, 0, False, False),
    (np.float32, 1, 2, 16, False, False),
    (np.uint8, 1, 1, 0, True, False),
    (np.int16, 2, 1, 0, False, False),
    (np.uint32, 2, 2, 16, False, False),
]


@pytest.mark.parametrize("case", TRANS_5HD_CASES)
def test_trans_data_to_5hd(case) -> None:
    dtype, form, repeat, stride, dst_high, src_high = case
    es = np.dtype(dtype).itemsize
    n = 3 * 512 // es
    rng = rng_for("5hd", np.dtype(dtype).name, case)
    src = random_data(rng, dtype, n)
    dst = random_data(rng, dtype, n)
    want = trans_5hd_reference(src, dst, repeat, stride, dst_high, src_high)
    trans_5hd_kernel[1](src, dst, n, form, repeat, stride, dst_high, src_high)
    np.testing.assert_array_equal(dst, want)


# -- data_copy slice and enhanced forms -------------------------------------------------------------

@asc.jit
def slice_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, src_len: asc.ConstExpr[int],
                 dst_len: asc.ConstExpr[int], to_ub: asc.ConstExpr[bool], dd: asc.ConstExpr[tuple],
                 sd: asc.ConstExpr[tuple], dims: asc.ConstExpr[int]):
    sg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, src_len)
    dg.set_global_buffer(dst, dst_len)
    dl = [asc.SliceInfo(dd[0][0], dd[0][1], dd[0][2], dd[0][3], dd[0][4]),
          asc.SliceInfo(start_index=dd[1][0], end_index=dd[1][1], stride=dd[1][2], burst_len=dd[1][3],
                        shape_value=dd[1][4])]
    sl = [asc.SliceInfo(sd[0][0], sd[0][1], sd[0][2], sd[0][3], sd[0][4]),
          asc.SliceInfo(sd[1][0], sd[1][1], sd[1][2], sd[1][3], sd[1][4])]
    if to_ub:
        ub = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, dst_len)
        asc.data_copy(ub, dg, dst_len)
        asc.pipe_barrier(asc.PipeID.PIPE_MTE2)
        asc.data_copy(ub, sg, dl, sl, dims)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(dg, ub, dst_len)
    else:
        ub = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 0, src_len)
        asc.data_copy(ub, sg, src_len)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(dst=dg, src=ub, slice_list1=dl, slice_list2=sl, dim_value=dims)


def slice_elements(dims: tuple, ndim: int, es: int) -> list[int]:
    """Flat element indices a slice selects, run after run (dimension 0 fastest)."""
    per_dim = []
    for d in range(ndim):
        start, end, stride, burst, _ = dims[d]
        length = burst * 32 // es if d == 0 else 1
        runs = []
        p = start
        while p + length - 1 <= end:
            runs.append(p)
            p += length + stride
        per_dim.append((runs, length))
    pitches = [1]
    for d in range(1, ndim):
        pitches.append(pitches[-1] * dims[d - 1][4])
    flats = [0]
    for d in range(ndim - 1, -1, -1):
        runs, length = per_dim[d]
        flats = [f + (r + k) * pitches[d] for f in flats for r in runs for k in range(length)]
    return flats


SLICE_CASES = [
    # dtype, to_ub, dst dims, src dims, dims, dst_len, src_len
    (np.float16, True, ((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)), ((0, 63, 16, 1, 64), (1, 3, 1, 1, 4)), 2, 64, 256),
    (np.float32, True, ((0, 47, 8, 1, 48), (0, 2, 0, 1, 3)), ((8, 31, 0, 1, 40), (0, 4, 1, 1, 5)), 2, 144, 200),
    (np.int8, True, ((0, 63, 0, 2, 64), (0, 0, 0, 1, 1)), ((5, 68, 0, 2, 80), (0, 0, 0, 1, 1)), 1, 64, 80),
    (np.float16, False, ((3, 66, 16, 1, 100), (1, 3, 1, 1, 4)), ((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)), 2, 400, 64),
    (np.int32, False, ((1, 40, 8, 1, 41), (0, 2, 0, 1, 3)), ((0, 39, 8, 1, 40), (0, 2, 0, 1, 3)), 2, 123, 120),
    (np.uint16, False, ((0, 63, 0, 4, 64), (2, 2, 0, 1, 3)), ((0, 63, 0, 4, 64), (0, 0, 0, 1, 1)), 2, 192, 64),
]


@pytest.mark.parametrize("case", SLICE_CASES)
def test_data_copy_slices(case) -> None:
    dtype, to_ub, dd, sd, ndim, dst_len, src_len = case
    rng = rng_for("slice", np.dtype(dtype).name, case)
    src = random_data(rng, dtype, src_len)
    dst = random_data(rng, dtype, dst_len)
    es = np.dtype(dtype).itemsize
    want = dst.copy()
    want[slice_elements(dd, ndim, es)] = src[slice_elements(sd, ndim, es)]
    slice_kernel[1](src, dst, src_len, dst_len, to_ub, dd, sd, ndim)
    np.testing.assert_array_equal(dst, want)


@asc.jit
def enhanced_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int],
                    keyword: asc.ConstExpr[int]):
    sg = asc.GlobalTensor()
    dg = asc.GlobalTensor()
    sg.set_global_buffer(src, n)
    dg.set_global_buffer(dst, n)
    a = asc.LocalTensor(src.dtype, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(src.dtype, asc.TPosition.VECOUT, 32768, n)
    blocks = n * src.dtype.sizeof() // 64
    p = asc.DataCopyParams(2, blocks, 0, 0)
    e = asc.DataCopyEnhancedParams()
    if keyword == 0:
        asc.data_copy(a, sg, p, e)
    elif keyword == 1:
        asc.data_copy(a, sg, repeat_params=p, enhanced_params=e)
    else:
        asc.data_copy(dst=a, src=sg, intri_params=p, enhanced_params=asc.DataCopyEnhancedParams(
            asc.BlockMode.BLOCK_MODE_NORMAL, asc.DeqScale.DEQ_NONE, 5, 1, False, asc.pad_t.PAD_NONE, 7))
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(b, a, asc.DataCopyParams(1, 2 * blocks, 0, 0), asc.DataCopyEnhancedParams())
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dg, b, p, e)


@pytest.mark.parametrize("dtype", [np.float16, np.int32, np.uint8])
@pytest.mark.parametrize("keyword", [0, 1, 2])
def test_data_copy_enhanced(dtype, keyword: int) -> None:
    n = 1024
    src = random_data(rng_for("enh", np.dtype(dtype).name, keyword), dtype, n)
    dst = np.zeros(n, dtype=dtype)
    enhanced_kernel[1](src, dst, n, keyword)
    np.testing.assert_array_equal(dst, src)


# -- errors -------------------------------------------------------------------------------------------

@asc.jit
def bad_layout(x: asc.GlobalAddress, which: asc.ConstExpr[int]):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    u = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 4096, 256)
    tmp8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
    tmp16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 8192, 512)
    a64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 16384, 16)
    i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECOUT, 20480, 256)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 24576, 256)
    p5 = asc.TransDataTo5HDParams()
    if which == 0:
        asc.transpose(u, t)
    elif which == 1:
        asc.transpose(u, t, tmp16, asc.TransposeParamsExt(1, 1, 16, 16))
    elif which == 2:
        asc.transpose(u, t, tmp8, asc.TransposeParamsExt(1, 1, 16, 16, asc.TransposeType.TRANSPOSE_ND2ND_ONLY))
    elif which == 3:
        asc.transpose(u, t, tmp8, asc.TransposeParamsExt(1, 1, 16, 16))
    elif which == 4:
        asc.TransposeParamsExt(1, 1, 16, 16, 13)
    elif which == 5:
        asc.trans_data_to_5hd([u, u], [t, t], p5)
    elif which == 6:
        asc.trans_data_to_5hd([u, u, u, u, u, u, u, u, u, u, u, u, u, u, u, i16],
                              [t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t], p5)
    elif which == 7:
        asc.trans_data_to_5hd([u, u, u, u, u, u, u, u, u, u, u, u, u, u, u, u],
                              [t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t], asc.TransDataTo5HDParams(True))
    elif which == 8:
        asc.trans_data_to_5hd(t, t, p5)
    elif which == 9:
        asc.trans_data_to_5hd(a64, a64, p5, asc.bfloat16)
    elif which == 10:
        asc.TransDataTo5HDParams(1)
    elif which == 11:
        asc.trans_data_to_5hd([u, u, u, u, u, u, u, u, u, u, u, u, u, u, u, u],
                              [t, t, t, t, t, t, t, t, t, t, t, t, t, t, t, t], p5)
    elif which == 12:
        asc.scatter(u, t, off, 0, 128)
    elif which == 13:
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        asc.data_copy(t, g, asc.DataCopyParams(1, 1, 0, 0),
                      asc.DataCopyEnhancedParams(is_relu_in=True))
    elif which == 14:
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        asc.data_copy(t, g, asc.DataCopyParams(1, 1, 0, 0),
                      asc.DataCopyEnhancedParams(block_mode=asc.BlockMode.BLOCK_MODE_MATRIX))
    elif which == 15:
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        a1 = asc.LocalTensor(x.dtype, asc.TPosition.A1, 0, 256)
        asc.data_copy(a1, g, [asc.SliceInfo()], [asc.SliceInfo()], 1)
    elif which == 16:
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        asc.data_copy(t, g, [asc.SliceInfo()], [asc.SliceInfo()], 2)
    elif which == 17:
        asc.DataCopyEnhancedParams(deq_scale=7)
    else:
        asc.DataCopyEnhancedParams(pad_mode_in=asc.PipeID.PIPE_V + 0.5)


@pytest.mark.parametrize("dtype,which,message", [
    (np.float32, 0, r"transpose: 'dst' holds float32, but transpose \(16x16 form\) supports int16, uint16, "
                    "float16 on Ascend 910B/910C"),
    (np.float16, 1, "transpose: 'shared_tmp_buffer' holds uint16, but transpose supports uint8 on Ascend "
                    "910B/910C"),
    (np.float16, 2, "transpose: TransposeType.TRANSPOSE_ND2ND_ONLY is not implemented on Ascend 910B/910C; use "
                    "TransposeType.TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW"),
    (np.float32, 3, "transpose: TransposeType.TRANSPOSE_ND2ND_B16 needs 2-byte elements, but 'src' holds float32"),
    (np.float16, 4, r"TransposeParamsExt: 'transpose_type' must be an asc.TransposeType value in \[0, 12\], but "
                    "got 13"),
    (np.float16, 5, r"trans_data_to_5hd: 'dst_list' must hold 16 entries, got 2"),
    (np.float16, 6, r"trans_data_to_5hd: 'dst_list\[15\]' holds int16 but 'dst_list\[0\]' holds float16; "
                    "element types must match"),
    (np.float16, 7, "trans_data_to_5hd: 'dst_high_half' selects a half of 8-bit blocks; it must be False for "
                    "float16"),
    (np.float16, 8, "trans_data_to_5hd: 'dst' holds float16, but trans_data_to_5hd supports uint64 on Ascend "
                    "910B/910C"),
    (np.float16, 9, "trans_data_to_5hd: 'dtype' is bfloat16, but trans_data_to_5hd supports int8, uint8, "
                    "int16, uint16, float16, int32, uint32, float32 on Ascend 910B/910C"),
    (np.float16, 10, "TransDataTo5HDParams: 'dst_high_half' must be a bool, got int"),
    (np.int64, 11, "trans_data_to_5hd: 'dst_list' holds int64, but trans_data_to_5hd supports int8, uint8, "
                   "int16, uint16, int32, uint32, float16, float32 on Ascend 910B/910C"),
    (np.float32, 12, r"scatter: AscendC::Scatter is not supported on Ascend910B1 \(Ascend 910B/910C, A2/A3\); "
                     r"invert the offsets and use asc.gather \(dst\[i\] = src at byte offset src_offset\[i\]\), "
                     "or write the elements one by one with LocalTensor.set_value"),
    (np.float16, 13, r"data_copy: DataCopyEnhancedParams 'is_relu_in' is ignored on Ascend 910B/910C \(A2/A3\), "
                     r"but got True, a cube-path mode the copy would silently not apply; use the default, or "
                     r"data_copy\(dst, src, repeat_params\) and vector instructions"),
    (np.float16, 14, r"data_copy: DataCopyEnhancedParams 'block_mode' is ignored on Ascend 910B/910C \(A2/A3\), "
                     r"but got BlockMode.BLOCK_MODE_MATRIX, a cube-path mode the copy would silently not apply; use "
                     r"the default, or data_copy\(dst, src, repeat_params\) and vector instructions"),
    (np.float16, 15, r"data_copy: slice copies move between GM and a Unified Buffer position \(TPosition.VECIN, "
                     r"VECOUT, VECCALC\), not from TPosition.GM to TPosition.A1"),
    (np.float16, 16, r"data_copy: 'dim_value' must be in \[1, 1\] \(the slices given\), but got 2"),
    (np.float16, 17, r"DataCopyEnhancedParams: 'deq_scale' must be an asc.DeqScale value in \[0, 6\], but got 7"),
    (np.float16, 18, "DataCopyEnhancedParams: 'pad_mode_in' must be an asc.pad_t known at compile time, got "
                     "float"),
])
def test_layout_errors(dtype, which: int, message: str) -> None:
    x = np.zeros(256, dtype=dtype)
    with pytest.raises(CompileError, match=message):
        bad_layout[1](x, which)


@asc.jit
def bad_slice_dtype(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 256)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, g, [asc.SliceInfo()], [asc.SliceInfo()], 1)


def test_slice_dtype_error() -> None:
    with pytest.raises(CompileTypeError, match="data_copy: slice copies need 1-, 2- or 4-byte elements, but 'dst' "
                                               "holds int64"):
        bad_slice_dtype[1](np.zeros(256, dtype=np.int64))


def test_scatter_is_rejected_on_every_configured_platform() -> None:
    from asc.runtime.config import PLATFORMS

    assert all(info.arch == "dav-c220" for info in PLATFORMS.values())


SLICE_RUNTIME_ERRORS = [
    # dst dims, src dims, message (checked by the simulator when the copy runs)
    (((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)), ((0, 63, 0, 1, 64), (0, 1, 0, 1, 2)),
     "data_copy: dimension 0 selects 4 runs of the source but 2 of the destination"),
    (((0, 31, 0, 1, 32), (0, 1, 0, 2, 2)), ((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)),
     "data_copy: dst_slices[1].burst_len must be 1 (only dimension 0 moves bursts), but got 2"),
    (((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)), ((0, 31, 0, 1, 31), (0, 1, 0, 1, 2)),
     "data_copy: src_slices[0].end_index (31) must be below its shape_value (31)"),
    (((0, 47, 8, 1, 48), (0, 1, 0, 1, 2)), ((0, 31, 0, 1, 32), (0, 1, 0, 1, 2)),
     "data_copy: dst_slices[0].stride * sizeof(T) = 16 bytes is not a multiple of 32 (the UB side moves whole "
     "blocks)"),
]


@pytest.mark.parametrize("dd,sd,message", SLICE_RUNTIME_ERRORS)
def test_slice_runtime_errors(dd, sd, message: str) -> None:
    src = np.zeros(256, dtype=np.float16)
    dst = np.zeros(128, dtype=np.float16)
    with pytest.raises(KernelError, match=re.escape(message)):
        slice_kernel[1](src, dst, 256, 128, True, dd, sd, 2)
