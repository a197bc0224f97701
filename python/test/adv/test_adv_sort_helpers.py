"""asc.adv.concat and extract (the helpers around asc.sort) as a user calls them: ties and -inf kept in
input order through concat -> sort -> extract in float32 and float16, and a repeat_time the tensors cannot
hold, or a negative one, is an error naming the call and the tensor (test_sort.py has the plain cases)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.adv
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values("adv.concat", "adv.extract")


@asc.jit
def topk_kernel(x: asc.GlobalAddress, ii: asc.GlobalAddress, v: asc.GlobalAddress, ix: asc.GlobalAddress,
                n: asc.ConstExpr[int], full: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    vg = asc.GlobalTensor()
    og = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    ig.set_global_buffer(ii, n)
    vg.set_global_buffer(v, n)
    og.set_global_buffer(ix, n)
    src = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 8192, n)
    cc = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 16384, n)
    tmp = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 24576, 16 * n)
    srt = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 57344, n * 8 // x.dtype.sizeof())
    dv = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 90112, n)
    di = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 98304, n)
    asc.data_copy(src, xg, n)
    asc.data_copy(idx, ig, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adv.concat(cc, src, tmp, n // 16)
    asc.sort(srt, cc, idx, tmp, n // 32, is_full_sort=full)
    asc.adv.extract(dst_value=dv, dst_index=di, src=srt, repeat_time=n // 32)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(vg, dv, n)
    asc.data_copy(og, di, n)


@pytest.mark.parametrize("full", [True, False], ids=["full", "runs_of_32"])
@pytest.mark.parametrize("dtype,n", [(np.float32, 128), (np.float16, 32), (np.float16, 128)])
def test_ties_keep_input_order(dtype, n: int, full: bool) -> None:
    rng = np.random.default_rng(n)
    x = rng.integers(-5, 5, n).astype(dtype)  # many ties
    x[3] = -np.inf
    x[7] = np.finfo(dtype).max
    v = np.zeros(n, dtype)
    ix = np.zeros(n, np.uint32)
    topk_kernel[1](x, np.arange(n, dtype=np.uint32), v, ix, n, full)
    runs = [range(n)] if full else [range(k, k + 32) for k in range(0, n, 32)]
    order = np.array([i for r in runs for i in sorted(r, key=lambda i: (-float(x[i]), i))], np.uint32)
    np.testing.assert_array_equal(ix, order)
    np.testing.assert_array_equal(v, x[order])


@asc.jit
def repeat_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rep: int, which: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg.set_global_buffer(y, 64)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 128)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 192)
    di = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 4096, 128)
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 256)
    asc.data_copy(s, xg, 64)
    asc.duplicate(t, 1.0, 192)
    asc.duplicate(d, 0.0, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if which == 0:
        asc.adv.concat(c, s, t, rep)
    else:
        asc.adv.extract(d, di, t, rep)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, d, 64)


@pytest.mark.parametrize("which,rep,message", [
    (0, -1, r"asc.adv.concat: repeat_time = -1 is negative"),
    (0, 5, r"asc.adv.concat: repeat_time = 5 covers 80 elements, but 'src' holds only 64"),
    (0, 9, r"asc.adv.concat: repeat_time = 9 covers 144 elements, but 'dst' holds only 128"),
    (1, -2, r"asc.adv.extract: repeat_time = -2 is negative"),
    (1, 9, r"asc.adv.extract: repeat_time = 9 covers 288 elements, but 'dst_value' holds only 256"),
    (1, 5, r"asc.adv.extract: repeat_time = 5 covers 160 elements, but 'dst_index' holds only 128"),
    (1, 4, r"asc.adv.extract: repeat_time = 4 covers 128 \(score, index\) pairs, 256 elements, but 'src' "
           r"holds only 192"),
])
def test_a_repeat_time_the_tensors_cannot_hold_is_an_error(which: int, rep: int, message: str) -> None:
    # Before: a negative repeat_time did nothing, and too large a one was reported by the instruction
    # inside (data_copy, gather_mask) rather than by the call.
    with pytest.raises(KernelError, match=r"test_adv_sort_helpers.py:\d+: kernel error: kernel 'repeat_kernel' "
                                          r"\(block 0\): " + message):
        repeat_kernel[1](np.ones(64, np.float32), np.zeros(64, np.float32), rep, which)

