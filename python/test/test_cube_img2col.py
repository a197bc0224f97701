"""load_data 3D (img2col, LoadData3DParamsV2) repeated by set_load_data_repeat, in Python on the simulator:
a 5 x 6 x 16 float16 feature map (NC1HWC0), a 1 x 3 filter with one column of padding left and right and pad
value -3, loaded twice along M (16 rows each) into L0A, times a selector B (B[k][n] = 1 where k = 32 + n) so
that C[m, n] is img2col element (m, 32 + n): the third filter column of channel n (sim/CUBE.md). Checked
against a numpy model of the window."""

from __future__ import annotations

import numpy as np
import pytest

import asc


@asc.jit(always_compile=True)
def img2col_select(a: asc.GlobalAddress, c: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gm.set_global_buffer(a, 480 + 768)
    gc.set_global_buffer(c, 512)
    f1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 480)
    s1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 1024, 768)
    asc.data_copy(f1, gm, asc.Nd2NzParams(1, 30, 16, 0, 16, 32, 1, 1))
    asc.data_copy(s1, gm[480:], asc.Nd2NzParams(1, 48, 16, 0, 16, 48, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    l0a = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 32 * 48)
    l0b = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 768)
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(repeat_time=2, repeat_stride=1, repeat_mode=0))
    asc.load_data(l0a, f1, asc.LoadData3DParamsV2(
        pad_list=[1, 1, 0, 0], l1_h=5, l1_w=6, channel_size=16, k_extension=48, m_extension=16, k_start_pt=0,
        m_start_pt=0, stride_w=1, stride_h=1, filter_w=3, filter_h=1, dilation_filter_w=1, dilation_filter_h=1,
        pad_value=-3.0, dtype=asc.float16))
    asc.load_data(l0b, s1, asc.LoadData2DParams(0, 3, 1, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    out = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
    asc.mmad(out, l0a, l0b, asc.MmadParams(32, 16, 48, cmatrix_init_val=True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, out, asc.FixpipeParamsV220(16, 32, 32, 16))


@pytest.mark.values("load_data", "set_load_data_repeat")
def test_img2col_repeated_along_m_times_a_selector() -> None:
    a = np.zeros(480 + 768, dtype=np.float16)
    a[:480] = np.arange(480) % 200
    for n in range(16):
        a[480 + (32 + n) * 16 + n] = 1
    c = np.full(1024, 7.0, dtype=np.float32)
    img2col_select[1](a, c)
    fmap = a[:480].astype(np.float32).reshape(5, 6, 16)  # H x W x C0
    want = np.full((32, 16), -3.0, dtype=np.float32)  # padding, and rows m >= 30 (beyond the 5 x 6 output)
    for m in range(30):
        ho, wo = divmod(m, 6)
        x = wo - 1 + 2  # output column wo, filter column kw = 2, one column of left padding
        if x < 6:
            want[m] = fmap[ho, x]
    np.testing.assert_array_equal(c[:512].reshape(32, 16), want)
    assert (c[512:] == 7).all()


@asc.jit(always_compile=True)
def img2col_transposed(a: asc.GlobalAddress, c: asc.GlobalAddress):
    gm = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gm.set_global_buffer(a, 512 + 1024)
    gc.set_global_buffer(c, 512)
    f1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 512)
    s1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 1024, 1024)
    asc.data_copy(f1, gm, asc.Nd2NzParams(1, 32, 16, 0, 16, 32, 1, 1))
    asc.data_copy(s1, gm[512:], asc.Nd2NzParams(1, 64, 16, 0, 16, 64, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    l0a = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 512)
    l0b = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    asc.load_data(l0a, f1, asc.LoadData3DParamsV2(
        pad_list=[0, 0, 0, 0], l1_h=4, l1_w=8, channel_size=16, k_extension=16, m_extension=32, k_start_pt=0,
        m_start_pt=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, dilation_filter_h=1,
        en_transpose=True, pad_value=0.0, dtype=asc.float16))
    asc.load_data(l0b, s1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    out = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
    asc.mmad(out, l0a, l0b, asc.MmadParams(16, 32, 32))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, out, asc.FixpipeParamsV220(32, 16, 16, 32))


@pytest.mark.values("load_data")
def test_en_transpose_loads_the_window_transposed_into_l0a() -> None:
    # The window (32 output positions x 16 channels of a 1 x 1 filter) lands in L0A as its 16 x 32 transpose
    # (Zz); times a 32 x 32 identity B (Zn fractals I, 0, 0, I) the result is that transpose (sim/CUBE.md).
    a = np.zeros(512 + 1024, dtype=np.float16)
    a[:512] = (np.arange(512) % 301) - 150
    eye = np.eye(16, dtype=np.float16).reshape(-1)
    a[512:768] = eye
    a[512 + 768:] = eye
    c = np.full(512, 7.0, dtype=np.float32)
    img2col_transposed[1](a, c)
    window = a[:512].astype(np.float32).reshape(32, 16)
    np.testing.assert_array_equal(c.reshape(16, 32), window.T)
