"""The registers of the 3-D loads (sim/CUBE.md "LoadData 3D"): set_load_data_boundary makes the img2col reads
of L1 bytes at or past the boundary wrap to byte (address mod boundary), 2-D loads unaffected; a
LoadData3DParamsV2 load sets the feature-map and padding registers from its parameters (the default
IsResetLoad3dConfig), a LoadData3DParamsV2Pro load reads them, so set_load_data_padding_value changes what the
next V2Pro load pads with and is overwritten by the next V2 load. Checked against numpy models of the window."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError

EXT = 16 | 16 << 16  # V2Pro extConfig: kExtension 16, mExtension 16, start points 0 (our reading of the layout)
FILTER = 1103823438081  # V2Pro filterConfig default: strides, 1 x 1 filter and dilations 1


@asc.jit(always_compile=True)
def boundary_window(a: asc.GlobalAddress, c: asc.GlobalAddress, boundary: int):
    ga = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 1280)
    gc.set_global_buffer(c, 512)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1280)
    asc.data_copy(l1, ga, asc.Nd2NzParams(1, 80, 16, 0, 16, 80, 1, 1))  # 80 rows of 32 bytes as they are
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.set_load_data_boundary(boundary)
    fmap = asc.LocalTensor(asc.float16, asc.TPosition.A1, 1024, 512)  # L1 bytes [1024, 2048): 4 x 8 pixels
    ident = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2048, 256)  # past any boundary: a 2-D load
    l0a = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 512)
    l0b = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    asc.load_data(l0a, fmap, asc.LoadData3DParamsV2(
        pad_list=[0, 0, 0, 0], l1_h=4, l1_w=8, channel_size=16, k_extension=16, m_extension=32, k_start_pt=0,
        m_start_pt=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, dilation_filter_h=1,
        pad_value=0.0, dtype=asc.float16))
    asc.load_data(l0b, ident, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
    asc.mmad(co1, l0a, l0b, asc.MmadParams(32, 16, 16))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 32, 32, 16))


@pytest.mark.values("set_load_data_boundary")
@pytest.mark.parametrize("boundary", [0, 1536, 1792])
def test_the_3d_load_wraps_at_the_boundary_and_the_2d_load_does_not(boundary: int) -> None:
    a = np.zeros(1280, dtype=np.float16)
    a[:1024] = (np.arange(1024) % 251) - 125  # L1 bytes [0, 2048)
    a[1024:] = np.eye(16, dtype=np.float16).reshape(-1)  # L1 bytes [2048, 2560): B = I
    c = np.full(512, 7.0, dtype=np.float32)
    boundary_window[1](a, c, boundary)
    l1 = a[:1024].astype(np.float32)
    # Pixel p (32 bytes) of the feature map is at L1 byte 1024 + 32 p, read at (address mod boundary).
    want = np.empty((32, 16), dtype=np.float32)
    for p in range(32):
        addr = 1024 + 32 * p
        if boundary and addr >= boundary:
            addr %= boundary
        want[p] = l1[addr // 2:addr // 2 + 16]
    np.testing.assert_array_equal(c.reshape(32, 16), want)


@asc.jit(always_compile=True)
def pad_registers(a: asc.GlobalAddress, c: asc.GlobalAddress):
    ga = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a, 192 + 256)
    gc.set_global_buffer(c, 768)
    fmap = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 192)  # 2 x 6 pixels of 16 channels
    ident = asc.LocalTensor(asc.float16, asc.TPosition.B1, 512, 256)
    asc.data_copy(fmap, ga, asc.Nd2NzParams(1, 12, 16, 0, 16, 12, 1, 1))
    asc.data_copy(ident, ga[192:], asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 1))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    l0a = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 768)
    l0b = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    asc.set_load_data_padding_value(np.float16(9))  # overwritten by the V2 load's pad_value
    asc.load_data(l0a, fmap, asc.LoadData3DParamsV2(
        pad_list=[1, 1, 0, 0], l1_h=2, l1_w=6, channel_size=16, k_extension=16, m_extension=16, k_start_pt=0,
        m_start_pt=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, dilation_filter_h=1,
        pad_value=5.0, dtype=asc.float16))
    asc.load_data(l0a[256:], fmap, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, EXT, FILTER))
    asc.set_load_data_padding_value(np.float16(-2))
    asc.load_data(l0a[512:], fmap, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, EXT, FILTER))
    asc.load_data(l0b, ident, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 768)
    asc.mmad(co1, l0a, l0b, asc.MmadParams(48, 16, 16))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 48, 48, 16))


@pytest.mark.values("set_load_data_padding_value", "load_data")
def test_v2pro_loads_use_the_registers_the_v2_load_and_the_padding_value_set() -> None:
    a = np.zeros(192 + 256, dtype=np.float16)
    a[:192] = np.arange(192) % 97
    a[192:] = np.eye(16, dtype=np.float16).reshape(-1)
    c = np.full(768, 7.0, dtype=np.float32)
    pad_registers[1](a, c)
    fmap = a[:192].astype(np.float32).reshape(2, 6, 16)

    def window(pad: float) -> np.ndarray:  # 2 x 8 outputs: one padding column left and right
        w = np.full((16, 16), pad, dtype=np.float32)
        for m in range(16):
            ho, wo = divmod(m, 8)
            if 1 <= wo <= 6:
                w[m] = fmap[ho, wo - 1]
        return w

    want = np.concatenate([window(5.0), window(5.0), window(-2.0)])
    np.testing.assert_array_equal(c.reshape(48, 16), want)


@asc.jit(always_compile=True)
def pro_without_fmatrix(c: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, EXT, FILTER))


@asc.jit(always_compile=True)
def pro_with_an_int_pad(c: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2(
        pad_list=[0, 0, 0, 0], l1_h=2, l1_w=8, channel_size=16, k_extension=16, m_extension=16, dtype=asc.float16))
    asc.set_load_data_padding_value(3)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, EXT, FILTER))


@asc.jit(always_compile=True)
def pro_with_a_same_size_pad_of_another_type(c: asc.GlobalAddress, load: asc.ConstExpr[str]):
    # The register holds the value's bits: int16 -2 would pad a float16 load with NaN, float16 1.5 a bfloat16
    # load with 0.125, so a value of another type is refused like one of another size.
    dt = asc.bfloat16 if load == "bfloat16" else asc.float16
    a1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2(
        pad_list=[0, 0, 0, 0], l1_h=2, l1_w=8, channel_size=16, k_extension=16, m_extension=16, dtype=dt))
    if load == "bfloat16":
        asc.set_load_data_padding_value(np.float16(1.5))
    else:
        asc.set_load_data_padding_value(np.int16(-2))
    asc.load_data(a2[256:], a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, EXT, FILTER))


@asc.jit(always_compile=True)
def pro_small_k(c: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, True, False, False, False, EXT, FILTER))


@asc.jit(always_compile=True)
def pro_fmatrix_ctrl(c: asc.GlobalAddress):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, True, EXT, FILTER))


@asc.jit(always_compile=True)
def small_boundary(c: asc.GlobalAddress, boundary: int = 100):
    asc.set_load_data_boundary(boundary)  # a runtime value: checked by the simulator


@pytest.mark.parametrize(("kernel", "message", "line"), [
    (pro_without_fmatrix, "load_data: this 3-D load takes the feature map (l1_h, l1_w, pad_list) from the register "
                          "that a load_data with LoadData3DParamsV2 (or Ascend C's SetFmatrix) sets, and none has "
                          "set it yet", "asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro("),
    (pro_with_an_int_pad, "load_data: the padding register holds a int32 value (set_load_data_padding_value), but "
                          "the load moves float16; set a float16 value",
     "asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro("),
    (small_boundary, "set_load_data_boundary: the boundary is 0 (none) or at least 1024 bytes, got 100",
     "asc.set_load_data_boundary(boundary)"),
    (pro_small_k, "load_data: Ascend 910B/910C (A2/A3) do not support the small-K mode: 'en_small_k' must be "
                  "false (ascendc_api.md, LoadData 3D)", "asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro("),
    (pro_fmatrix_ctrl, "load_data: Ascend 910B/910C (A2/A3) do not support the fmatrix control bit: 'f_matrix_ctrl' "
                       "must be false (ascendc_api.md, LoadData 3D)", "asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro("),
], ids=["no_fmatrix", "pad_type", "boundary", "small_k", "fmatrix_ctrl"])
def test_bad_register_use_is_an_error_at_the_line(kernel, message: str, line: str) -> None:
    with pytest.raises(KernelError) as info:
        kernel[1](np.zeros(16, dtype=np.float32))
    text = str(info.value)
    assert message in text
    assert line in text.splitlines()[-1]


@pytest.mark.parametrize(("load", "held"), [("float16", "int16"), ("bfloat16", "float16")])
def test_a_pad_value_of_the_loads_size_but_another_type_is_refused_at_the_line(load: str, held: str) -> None:
    with pytest.raises(KernelError) as info:
        pro_with_a_same_size_pad_of_another_type[1](np.zeros(16, dtype=np.float32), load)
    assert info.value.category == "dtype"
    text = str(info.value)
    assert (f"load_data: the padding register holds a {held} value (set_load_data_padding_value), but the load "
            f"moves {load}; set a {load} value") in text
    assert "asc.load_data(a2[256:], a1, asc.LoadData3DParamsV2Pro(" in text.splitlines()[-1]
