"""set_load_data_repeat's three fields on a LoadData 3D (sim/CUBE.md "LoadData 3D"): repeat_mode 0 advances the
window along M by repeat_stride x 16 output positions, mode 1 along K by repeat_stride x K0 (16 float16
channels); the repeated windows are stacked fractal after fractal in L0A; stride 0 repeats one window and
repeat_time 0 loads it once. A 4 x 8 x 32 float16 feature map, 1 x 1 filter (img2col column k = channel k),
the L0A content multiplied by a random B and checked against numpy (test_cube_img2col.py covers a 1 x 3 filter
with padding along M)."""

from __future__ import annotations

import numpy as np
import pytest

import asc

H, W, C = 4, 8, 32


@asc.jit(always_compile=True)
def repeated(f: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress, mode: asc.ConstExpr[int],
             times: asc.ConstExpr[int], stride: asc.ConstExpr[int], m: asc.ConstExpr[int], k: asc.ConstExpr[int],
             k_start: asc.ConstExpr[int]):
    gf = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gf.set_global_buffer(f, C * H * W)
    gb.set_global_buffer(bt, 16 * k)
    gc.set_global_buffer(c, m * 16)
    f1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, C * H * W)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 4096, 16 * k)
    asc.data_copy(f1, gf, C * H * W)  # already NC1HWC0
    asc.data_copy(b1, gb, asc.Nd2NzParams(1, 16, k, 0, k, 16, 1, 1))  # B^T in NZ is B in Zn
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, m * k)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 16 * k)
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(times, stride, mode))
    asc.load_data(a2, f1, asc.LoadData3DParamsV2(
        pad_list=[0, 0, 0, 0], l1_h=H, l1_w=W, channel_size=C, k_extension=16, m_extension=16, k_start_pt=k_start,
        m_start_pt=0, dtype=asc.float16))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, k // 16, 1))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, m * 16)
    asc.mmad(co1, a2, b2, asc.MmadParams(m, 16, k))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, m, m, 16))


@pytest.mark.values("set_load_data_repeat", "load_data")
@pytest.mark.parametrize(("mode", "times", "stride", "m", "k", "k_start", "rows", "cols"), [
    (0, 2, 1, 32, 16, 0, [(0, 16), (16, 32)], (0, 16)),  # along M: positions 0-15, then 16-31
    (0, 2, 0, 32, 16, 0, [(0, 16), (0, 16)], (0, 16)),  # stride 0: the same window twice
    (1, 2, 1, 16, 32, 0, [(0, 16)], (0, 32)),  # along K: channels 0-15, then 16-31 beside them
    (1, 2, 0, 16, 32, 16, [(0, 16)], (16, 32, 16, 32)),  # stride 0 from k_start_pt 16: channels 16-31 twice
    (0, 0, 1, 16, 16, 0, [(0, 16)], (0, 16)),  # repeat_time 0: one window
], ids=["m_stride1", "m_stride0", "k_stride1", "k_stride0", "times0"])
def test_repeated_windows_times_b_match_numpy(mode, times, stride, m, k, k_start, rows, cols) -> None:
    rng = np.random.default_rng(11)
    img = rng.integers(-4, 5, (C, H, W)).astype(np.float16)
    fmap = np.concatenate([img[c1 * 16:(c1 + 1) * 16].transpose(1, 2, 0).reshape(-1) for c1 in range(C // 16)])
    window = img.reshape(C, H * W).T.astype(np.float32)  # position x channel
    a = np.concatenate([window[r0:r1] for r0, r1 in rows])
    a = np.concatenate([a[:, cols[i]:cols[i + 1]] for i in range(0, len(cols), 2)], axis=1)
    b = rng.integers(-3, 4, (k, 16)).astype(np.float16)
    c = np.full(m * 16, 7.0, np.float32)
    repeated[1](fmap, np.ascontiguousarray(b.T), c, mode, times, stride, m, k, k_start)
    np.testing.assert_array_equal(c.reshape(m, 16), a @ b.astype(np.float32))
