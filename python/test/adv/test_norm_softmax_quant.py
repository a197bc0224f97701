"""asc.adv.softmax, rmsnorm and quant against numpy; their tilings computed on the host and in the kernel;
a tiling that does not fit the tensors, a temp buffer too small, an unimplemented option."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.adv
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("adv.softmax", "adv.rmsnorm", "adv.quant", "adv.SoftmaxTiling", "adv.RmsNormTiling",
                                "adv.QuantConfig")


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, m: asc.GlobalAddress,
                   tiling: asc.adv.SoftmaxTiling, rows: asc.ConstExpr[int], cols: asc.ConstExpr[int],
                   tmp: asc.ConstExpr[int], in_kernel: asc.ConstExpr[bool]):
    per = 32 // x.dtype.sizeof()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * cols)
    yg.set_global_buffer(y, rows * cols)
    sg.set_global_buffer(s, rows * per)
    mg.set_global_buffer(m, rows * per)
    src = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, rows * cols)
    dst = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 65536, rows * cols)
    sm = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 131072, rows * per)
    mx = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 135168, rows * per)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 139264, tmp)
    asc.data_copy(src, xg, rows * cols)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if in_kernel:
        asc.adv.softmax(dst, sm, mx, src, asc.adv.softmax_tiling((rows, cols), x.dtype, tmp), t)
    else:
        asc.adv.softmax(dst, sm, mx, src, tiling, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, dst, rows * cols)
    asc.data_copy(sg, sm, rows * per)
    asc.data_copy(mg, mx, rows * per)


def softmax_ref(x: np.ndarray):
    x64 = x.astype(np.float64)
    mx = x64.max(axis=1, keepdims=True)
    e = np.exp(x64 - mx)
    s = e.sum(axis=1, keepdims=True)
    return e / s, s, mx


@pytest.mark.parametrize("dtype,rows,cols,in_kernel", [(np.float32, 8, 96, False), (np.float32, 5, 200, True),
                                                       (np.float16, 6, 128, False), (np.float16, 4, 48, True)])
def test_softmax_matches_numpy(dtype, rows: int, cols: int, in_kernel: bool) -> None:
    adt = asc.float32 if dtype == np.float32 else asc.float16
    rng = np.random.default_rng(rows * cols)
    x = rng.normal(0, 3, (rows, cols)).astype(dtype)
    x[0, 0] = 40  # one dominant entry
    tmp = asc.adv.get_softmax_tmp_size((rows, cols), adt)[0]
    per = 32 // np.dtype(dtype).itemsize
    y = np.zeros_like(x)
    s = np.zeros((rows, per), dtype)
    m = np.zeros((rows, per), dtype)
    softmax_kernel[1](x, y, s, m, asc.adv.softmax_tiling((rows, cols), adt, tmp), rows, cols, tmp, in_kernel)
    want, ws, wm = softmax_ref(x)
    rtol = 2e-6 if dtype == np.float32 else 2e-3
    np.testing.assert_allclose(y, want, rtol=rtol, atol=rtol * 1e-2)
    np.testing.assert_allclose(s, np.repeat(ws, per, axis=1), rtol=rtol)
    np.testing.assert_array_equal(m, np.repeat(wm, per, axis=1).astype(dtype))


def test_softmax_tiling_that_does_not_fit_the_tensors_is_an_error() -> None:
    rows, cols = 4, 64
    tiling = asc.adv.softmax_tiling((rows * 4, cols), asc.float32)  # 16 rows, the tensors hold 4
    x = np.zeros((rows, cols), np.float32)
    with pytest.raises(KernelError, match=r"softmax: the tiling does not fit: 16 rows of 64 need 1024 elements in "
                                          r"src and dst and 128 in sum and max, but they hold 256, 256, 32, 32"):
        softmax_kernel[1](x, x.copy(), np.zeros((rows, 8), np.float32), np.zeros((rows, 8), np.float32), tiling,
                          rows, cols, 1024, False)


def test_softmax_temp_too_small_names_the_minimum() -> None:
    rows, cols = 2, 64
    need = asc.adv.get_softmax_tmp_size((rows, cols), asc.float32)[0]
    assert need == 576
    x = np.zeros((rows, cols), np.float32)
    with pytest.raises(KernelError, match=r"softmax: the temp buffer holds 544 bytes, but at least 576 are needed"):
        softmax_kernel[1](x, x.copy(), np.zeros((rows, 8), np.float32), np.zeros((rows, 8), np.float32),
                          asc.adv.softmax_tiling((rows, cols), asc.float32), rows, cols, need - 32, False)
    with pytest.raises(ValueError, match=r"softmax_tiling: a temp buffer of 544 bytes is too small; rows of 64 "
                                         r"float32 elements need at least 576"):
        asc.adv.softmax_tiling((rows, cols), asc.float32, need - 32)


@asc.jit
def nz_kernel(x: asc.GlobalAddress):
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 1024, 1024)
    asc.adv.softmax(s, s, s, s, asc.adv.softmax_tiling((1, 64), asc.float32), t, data_format_nz=True)


def test_softmax_nz_layout_is_rejected() -> None:
    with pytest.raises(CompileError, match=r"adv.softmax: 'data_format_nz' \(rows in the NZ fractal layout\) is "
                                           r"not implemented; pass the rows in ND layout"):
        nz_kernel[1](np.zeros(4, np.float32))


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.RmsNormTiling,
                   rows: asc.ConstExpr[int], h: asc.ConstExpr[int], tmp: asc.ConstExpr[int], eps: float):
    xg = asc.GlobalTensor()
    gg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * h)
    gg.set_global_buffer(g, h)
    yg.set_global_buffer(y, rows * h)
    src = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, rows * h)
    gam = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 65536, h)
    dst = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 81920, rows * h)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 147456, tmp)
    asc.data_copy(src, xg, rows * h)
    asc.data_copy(gam, gg, h)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.rmsnorm(dst, src, gam, eps, tiling, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, dst, rows * h)


@pytest.mark.parametrize("dtype,b,s,h,oh", [(np.float32, 2, 3, 128, 128), (np.float32, 1, 4, 96, 80),
                                            (np.float16, 2, 2, 64, 64)])
def test_rmsnorm_matches_numpy(dtype, b: int, s: int, h: int, oh: int) -> None:
    adt = asc.float32 if dtype == np.float32 else asc.float16
    rng = np.random.default_rng(h)
    x = rng.normal(0, 2, (b * s, h)).astype(dtype)
    g = rng.uniform(0.5, 1.5, h).astype(dtype)
    y = np.zeros_like(x)
    tmp = asc.adv.get_rmsnorm_tmp_size((b, s, h), adt)[0]
    eps = 1e-5
    rmsnorm_kernel[1](x, g, y, asc.adv.rmsnorm_tiling((b, s, h), adt, tmp, original_h=oh), b * s, h, tmp, eps)
    x64 = x.astype(np.float64)
    want = x64 * g.astype(np.float64) / np.sqrt((x64[:, :oh] ** 2).mean(axis=1, keepdims=True) + eps)
    rtol = 3e-6 if dtype == np.float32 else 2e-3
    np.testing.assert_allclose(y, want, rtol=rtol, atol=rtol)


def test_rmsnorm_tiling_checks_its_shape() -> None:
    with pytest.raises(ValueError, match=r"rmsnorm_tiling: h = 100 must be a positive multiple of 32 bytes"):
        asc.adv.rmsnorm_tiling((1, 1, 100), asc.float32)


@asc.jit
def tiling_checks_kernel(x: asc.GlobalAddress, sm_tiling: asc.adv.SoftmaxTiling, rn_tiling: asc.adv.RmsNormTiling,
                         rmsnorm: asc.ConstExpr[bool], basic_block: asc.ConstExpr[bool]):
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    small = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2048, 64)
    other = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2304, 64)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 4096)
    if rmsnorm:
        asc.adv.rmsnorm(dst, src, small, 1e-5, rn_tiling, t, basic_block=basic_block)  # RMSNORM
    else:
        asc.adv.softmax(dst, small, other, src, sm_tiling, t, basic_block=basic_block)  # SOFTMAX


def _softmax_tiling(rows: int, cols: int, **fields: int) -> asc.adv.SoftmaxTiling:
    tiling = asc.adv.softmax_tiling((rows, cols), asc.float32)
    for name, value in fields.items():
        setattr(tiling, name, value)
    return tiling


def _rmsnorm_tiling(rows: int, h: int, **fields: int) -> asc.adv.RmsNormTiling:
    tiling = asc.adv.rmsnorm_tiling((1, rows, h), asc.float32)
    for name, value in fields.items():
        setattr(tiling, name, value)
    return tiling


@pytest.mark.parametrize("rmsnorm,basic_block,sm,rn,message", [
    (False, False, _softmax_tiling(4, 64, src_size=100), _rmsnorm_tiling(4, 64),
     "softmax: the tiling does not fit: its fields disagree (src_size 100 for src_m 4 x src_k 64; out_max_k 8, "
     "out_max_size 32 for 4-byte elements; range_m * split_m + tail_m = 4)"),
    (False, False, _softmax_tiling(4, 64, src_k=60, src_size=240), _rmsnorm_tiling(4, 64),
     "softmax: the tiling does not fit: src_k = 60 elements is not a positive multiple of 32 bytes"),
    (False, True, _softmax_tiling(4, 64), _rmsnorm_tiling(4, 64),
     "softmax: the tiling does not fit: basic_block needs src_k a multiple of 64 and src_m a multiple of 8, but "
     "they are 64 and 4"),
    (True, False, _softmax_tiling(4, 64), _rmsnorm_tiling(4, 64, original_h_length=65),
     "rmsnorm: the tiling does not fit: h_length = 64 must be a positive multiple of 32 bytes and "
     "original_h_length = 65 in [1, h_length]"),
    (True, False, _softmax_tiling(4, 64), _rmsnorm_tiling(8, 64),
     "rmsnorm: the tiling does not fit: 8 rows of 64 need 512 elements in src and dst and 64 in gamma, but they "
     "hold 256, 256, 64"),
    (True, True, _softmax_tiling(4, 64), _rmsnorm_tiling(4, 32),
     "rmsnorm: the tiling does not fit: basic_block needs h_length a multiple of 64, but it is 32"),
])
def test_a_tiling_the_kernel_cannot_use_names_the_field(rmsnorm: bool, basic_block: bool, sm, rn,
                                                        message: str) -> None:
    """ascsim/adv_api.h's tiling checks, whole message and line (a tiling built or edited on the host)."""
    with pytest.raises(KernelError) as e:
        tiling_checks_kernel[1](np.zeros(4, np.float32), sm, rn, rmsnorm, basic_block)
    assert e.value.category == "argument"
    assert e.value.message == f"kernel 'tiling_checks_kernel' (block 0): {message}"
    marker = "# RMSNORM" if rmsnorm else "# SOFTMAX"
    assert e.value.location.file == __file__
    assert e.value.location.line == next(n for n, text in enumerate(open(__file__).read().split("\n"), 1)
                                         if text.endswith(marker))


@asc.jit
def quant_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], scale: float, offset: float,
                 with_config: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    src = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 16384, n)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, 4096)
    asc.data_copy(src, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if with_config:
        asc.adv.quant(dst, src, scale, offset, temp_buffer=t, config=asc.adv.QuantConfig(calc_count=n))
    else:
        asc.adv.quant(dst, src, scale, offset, n, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, dst, n)


@pytest.mark.parametrize("dtype,with_config", [(np.float32, False), (np.float16, True)])
def test_quant_rounds_to_nearest_even_and_saturates(dtype, with_config: bool) -> None:
    n = 1024
    rng = np.random.default_rng(7)
    x = rng.uniform(-100, 100, n).astype(dtype)
    x[:6] = [0.5, 1.5, -0.5, 1000, -1000, 2.5]
    y = np.zeros(n, np.int8)
    scale, offset = 1.25, 0.5
    quant_kernel[1](x, y, n, scale, offset, with_config)
    v = (x.astype(np.float32) * np.float32(scale) + np.float32(offset)).astype(np.float16).astype(np.float64)
    want = np.clip(np.rint(v), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, want)
