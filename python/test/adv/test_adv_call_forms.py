"""The call forms of the advanced API a user writes with a TPipe and queues (the other adv tests use raw
LocalTensors and always pass a temp buffer): no temp buffer (the UB above the TPipe's buffers), the
keyword forms, dst == src, odd element counts moved with data_copy_pad, softmax on row counts that are
not a multiple of 8, and quant's special values (inf, NaN, halfway cases) at odd counts."""

from __future__ import annotations

import numpy as np
import pytest
from accuracy import errors, quantised, reference

import asc
import asc.adv
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("adv.rmsnorm", "adv.softmax", "adv.quant", "adv.tanh", "adv.log", "adv.round",
                                "adv.erf")


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, b: asc.ConstExpr[int],
                   s: asc.ConstExpr[int], h: asc.ConstExpr[int], oh: asc.ConstExpr[int], eps: float,
                   form: asc.ConstExpr[int]):
    rows = b * s
    xg = asc.GlobalTensor()
    gg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * h)
    gg.set_global_buffer(g, h)
    yg.set_global_buffer(y, rows * h)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qg = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, rows * h * x.dtype.sizeof())
    pipe.init_buffer(qg, 1, h * x.dtype.sizeof())
    pipe.init_buffer(qo, 1, rows * h * x.dtype.sizeof())
    src = qi.alloc_tensor(x.dtype)
    gam = qg.alloc_tensor(x.dtype)
    asc.data_copy(src, xg, rows * h)
    asc.data_copy(gam, gg, h)
    qi.enque(src)
    qg.enque(gam)
    src = qi.deque(x.dtype)
    gam = qg.deque(x.dtype)
    dst = qo.alloc_tensor(x.dtype)
    tiling = asc.adv.rmsnorm_tiling((b, s, h), x.dtype, original_h=oh)
    if form == 0:
        asc.adv.rmsnorm(dst, src, gam, eps, tiling)
    elif form == 1:
        asc.adv.rmsnorm(src, src, gam, eps, tiling)
        asc.data_copy(dst, src, rows * h)
    else:
        asc.adv.rmsnorm(dst=dst, src=src, gamma=gam, epsilon=eps, tiling=tiling, basic_block=False)
    qo.enque(dst)
    dst = qo.deque(x.dtype)
    asc.data_copy(yg, dst, rows * h)
    qi.free_tensor(src)
    qg.free_tensor(gam)
    qo.free_tensor(dst)


@pytest.mark.parametrize("form", [0, 1, 2], ids=["positional", "in_place", "keywords"])
@pytest.mark.parametrize("dtype,b,s,h,oh", [(np.float32, 1, 3, 16, 16), (np.float32, 3, 1, 32, 25),
                                            (np.float16, 1, 1, 16, 1), (np.float16, 2, 5, 64, 64)])
def test_rmsnorm_without_a_temp_buffer(dtype, b: int, s: int, h: int, oh: int, form: int) -> None:
    # Without the temp buffer the verifier used to check the tiling as 'epsilon' (the absent optional
    # operand shifted the operands after it): every call without one failed to compile.
    rng = np.random.default_rng(h + oh)
    x = rng.normal(0, 2, (b * s, h)).astype(dtype)
    x[0] *= 300
    if b * s > 1:
        x[1] = 0  # 0 / sqrt(0 + eps) = 0
    g = rng.uniform(0.5, 1.5, h).astype(dtype)
    y = np.zeros_like(x)
    eps = 1e-5
    rmsnorm_kernel[1](x, g, y, b, s, h, oh, eps, form)
    x64 = x.astype(np.float64)
    e = float(np.array(eps, dtype))  # epsilon has the element type (Ascend C: const T epsilon)
    want = x64 * g.astype(np.float64) / np.sqrt((x64[:, :oh] ** 2).mean(axis=1, keepdims=True) + e)
    rtol = 3e-6 if dtype == np.float32 else 2e-3
    np.testing.assert_allclose(y, want, rtol=rtol, atol=rtol)


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, m: asc.GlobalAddress,
                   rows: asc.ConstExpr[int], cols: asc.ConstExpr[int], form: asc.ConstExpr[int]):
    per = 32 // x.dtype.sizeof()
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(x, rows * cols)
    yg.set_global_buffer(y, rows * cols)
    sg.set_global_buffer(s, rows * per)
    mg.set_global_buffer(m, rows * per)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    qs = asc.TQue(asc.TPosition.VECOUT, 1)
    qm = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, rows * cols * x.dtype.sizeof())
    pipe.init_buffer(qo, 1, rows * cols * x.dtype.sizeof())
    pipe.init_buffer(qs, 1, rows * 32)
    pipe.init_buffer(qm, 1, rows * 32)
    src = qi.alloc_tensor(x.dtype)
    asc.data_copy(src, xg, rows * cols)
    qi.enque(src)
    src = qi.deque(x.dtype)
    dst = qo.alloc_tensor(x.dtype)
    sm = qs.alloc_tensor(x.dtype)
    mx = qm.alloc_tensor(x.dtype)
    tiling = asc.adv.softmax_tiling((rows, cols), x.dtype)
    if form == 0:
        asc.adv.softmax(dst, sm, mx, src, tiling)
    elif form == 1:
        asc.adv.softmax(src, sm, mx, src, tiling, reuse_source=True)
        asc.data_copy(dst, src, rows * cols)
    else:
        asc.adv.softmax(dst=dst, sum=sm, max=mx, src=src, tiling=tiling, temp_buffer=None)
    qo.enque(dst)
    qs.enque(sm)
    qm.enque(mx)
    dst = qo.deque(x.dtype)
    sm = qs.deque(x.dtype)
    mx = qm.deque(x.dtype)
    asc.data_copy(yg, dst, rows * cols)
    asc.data_copy(sg, sm, rows * per)
    asc.data_copy(mg, mx, rows * per)
    qi.free_tensor(src)
    qo.free_tensor(dst)
    qs.free_tensor(sm)
    qm.free_tensor(mx)


@pytest.mark.parametrize("form", [0, 1, 2], ids=["positional", "in_place", "keywords"])
@pytest.mark.parametrize("dtype,rows,cols", [(np.float32, 7, 8), (np.float32, 9, 40), (np.float16, 3, 48),
                                             (np.float16, 1, 64)])
def test_softmax_odd_rows_extremes_and_forms(dtype, rows: int, cols: int, form: int) -> None:
    big = 60000 if dtype == np.float16 else 1e30
    rng = np.random.default_rng(rows * cols)
    x = rng.normal(0, 5, (rows, cols)).astype(dtype)
    x[0, :] = -big
    x[0, 1] = big  # exp(-2 big) underflows to exactly 0 around one dominant entry
    if rows > 2:
        x[2, :] = 3  # a constant row: 1 / cols each
    per = 32 // np.dtype(dtype).itemsize
    y = np.zeros_like(x)
    s = np.zeros((rows, per), dtype)
    m = np.zeros((rows, per), dtype)
    softmax_kernel[1](x, y, s, m, rows, cols, form)
    x64 = x.astype(np.float64)
    wm = x64.max(axis=1, keepdims=True)
    e = np.exp(x64 - wm)
    ws = e.sum(axis=1, keepdims=True)
    rtol = 2e-6 if dtype == np.float32 else 2e-3
    np.testing.assert_allclose(y, e / ws, rtol=rtol, atol=rtol * 1e-2)
    np.testing.assert_allclose(s, np.repeat(ws, per, axis=1), rtol=rtol)
    np.testing.assert_array_equal(m, np.repeat(wm, per, axis=1).astype(dtype))


@asc.jit
def quant_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], scale: float, offset: float,
                 form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, (n * x.dtype.sizeof() + 31) // 32 * 32)
    pipe.init_buffer(qo, 1, (n + 31) // 32 * 32)
    src = qi.alloc_tensor(x.dtype)
    asc.data_copy_pad(src, xg, asc.DataCopyExtParams(1, n * x.dtype.sizeof(), 0, 0, 0), asc.DataCopyPadExtParams(x.dtype, False, 0, 0, 0))
    qi.enque(src)
    src = qi.deque(x.dtype)
    dst = qo.alloc_tensor(asc.int8)
    if form == 0:
        asc.adv.quant(dst, src, scale, offset, n)
    elif form == 1:
        asc.adv.quant(dst=dst, src=src, scale=scale, offset=offset, count=n, reuse_source=True)
    else:
        asc.adv.quant(dst, src, scale, offset, config=asc.adv.QuantConfig(calc_count=n, work_local_size=8192))
    qo.enque(dst)
    dst = qo.deque(asc.int8)
    asc.data_copy_pad(yg, dst, asc.DataCopyExtParams(1, n, 0, 0, 0))
    qi.free_tensor(src)
    qo.free_tensor(dst)


@pytest.mark.parametrize("form", [0, 1, 2], ids=["positional", "keywords", "config"])
@pytest.mark.parametrize("dtype,n", [(np.float32, 37), (np.float16, 1), (np.float16, 300), (np.float32, 2049)])
def test_quant_special_values_at_odd_counts(dtype, n: int, form: int) -> None:
    rng = np.random.default_rng(n)
    x = rng.uniform(-300, 300, n).astype(dtype)
    special = [np.inf, -np.inf, np.nan, 127.4, 127.5, 128, -128.5, -129, 0.5, -0.5, 1.5, -2.5]
    x[:min(n, len(special))] = special[:min(n, len(special))]
    y = np.zeros(n, np.int8)
    scale, offset = -0.75, 2.5
    quant_kernel[1](x, y, n, scale, offset, form)
    with np.errstate(invalid="ignore", over="ignore"):
        v = (x.astype(np.float32) * np.float32(scale) + np.float32(offset)).astype(np.float16).astype(np.float64)
    # Saturated to [-128, 127], halfway cases to even, NaN to 0.
    want = np.clip(np.rint(np.nan_to_num(v, nan=0.0)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, want)


MATH = ("tanh", "log", "round", "erf")
MATH_FUNCTIONS = tuple(getattr(asc.adv, name) for name in MATH)


@asc.jit
def math_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], which: asc.ConstExpr[int],
                form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    nb = (n * x.dtype.sizeof() + 31) // 32 * 32
    pipe.init_buffer(qi, 1, nb)
    pipe.init_buffer(qo, 1, nb)
    src = qi.alloc_tensor(x.dtype)
    asc.data_copy_pad(src, xg, asc.DataCopyExtParams(1, n * x.dtype.sizeof(), 0, 0, 0), asc.DataCopyPadExtParams(x.dtype, False, 0, 0, 0))
    qi.enque(src)
    src = qi.deque(x.dtype)
    dst = qo.alloc_tensor(x.dtype)
    f = MATH_FUNCTIONS[which]
    if form == 0:
        f(dst, src, n)
    elif form == 1:
        f(src, src, count=n)
        asc.data_copy(dst, src, nb // x.dtype.sizeof())
    else:
        f(dst=dst, src=src, count=n, temp_buffer=None, is_reuse_source=True)
    qo.enque(dst)
    dst = qo.deque(x.dtype)
    asc.data_copy_pad(yg, dst, asc.DataCopyExtParams(1, n * x.dtype.sizeof(), 0, 0, 0))
    qi.free_tensor(src)
    qo.free_tensor(dst)


@pytest.mark.parametrize("form", [0, 1, 2], ids=["positional", "in_place", "keywords"])
@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
@pytest.mark.parametrize("name", MATH)
def test_math_odd_count_in_place_and_keywords(name: str, dtype, form: int) -> None:
    n = 37
    lo, hi = (0.01, 10) if name == "log" else (-3, 3)
    x = np.random.default_rng(1).uniform(lo, hi, n).astype(dtype)
    y = np.zeros_like(x)
    math_kernel[1](x, y, n, MATH.index(name), form)
    bound = 1e-6 if dtype == np.float32 else 1e-3
    assert float(np.max(errors(y, quantised(reference(name, x), dtype)))) <= bound


@asc.jit
def count_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, count: int, which: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg.set_global_buffer(y, 64)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 128)
    q = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 2048, 64)
    i = asc.LocalTensor(asc.int16, asc.TPosition.VECOUT, 3072, 64)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 8192)
    asc.data_copy(s, xg, 64)
    asc.data_copy(d, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if which == 0:
        asc.adv.tanh(d, s, count, t)
    elif which == 1:
        asc.adv.exp(d, s, count, 4, t)
    elif which == 2:
        asc.adv.power(d, s, s, count, t)
    elif which == 3:
        asc.adv.axpy(d, s, 2.0, count, t)
    elif which == 4:
        asc.adv.quant(q, s, 1.0, 0.0, count, t)
    else:
        asc.duplicate(i, 3, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.xor(i, i, i, count, t)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, 64)


@pytest.mark.parametrize("which,name,short", [(0, "tanh", "src"), (1, "exp", "src"), (2, "power", "src0"),
                                              (3, "axpy", "src"), (4, "quant", "dst"), (5, "xor", "dst")])
def test_a_count_beyond_the_tensors_or_negative_is_an_error(which: int, name: str, short: str) -> None:
    # A negative count used to wrap the chunk size to 0 and spin until the watchdog (minutes); a count
    # beyond the tensors was reported by an internal instruction (maxs, muls) instead of the call.
    x = np.ones(64, np.float32)
    with pytest.raises(KernelError, match=rf"test_adv_call_forms.py:\d+: kernel error: kernel 'count_kernel' "
                                          rf"\(block 0\): asc.adv.{name}: count = -1 is negative"):
        count_kernel[1](x, np.zeros(64, np.float32), -1, which)
    with pytest.raises(KernelError, match=rf"asc.adv.{name}: count = 65, but '{short}' holds only 64 elements"):
        count_kernel[1](x, np.zeros(64, np.float32), 65, which)
    y = np.zeros(64, np.float32)
    count_kernel[1](x, y, 64, which)  # the whole tensors: fine
