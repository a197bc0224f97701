"""ascendc_api.md §6.4 (cube ranges): a Fixpipe's "quant/relu params must not be inf/NaN/denormal" and its
"dstStride ≠ 0". A scalar-mode scale (the low 32 bits of deq_scalar, or of the set_fix_pipe_pre_quant_flag
register for the CO1 data_copy, as float32) that is NaN, ±inf or denormal used to quantise silently (NaN gave
0s, inf saturated), and an NZ output with dst_stride 0 wrote every column block over the first; each is now an
`argument` error at the line. A zero or normal scale still runs. The vector modes' per-channel scales (the low
32 bits of each uint64 word of the L1 cbuf workspace) are checked the same way when the Fixpipe reads them, and
the message names the bad channels (the first five and how many more) of how many, with their values."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def quantised(c: asc.GlobalAddress, deq: int, dst_stride: int, form: asc.ConstExpr[str]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 512)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, np.float16(1)))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 2, 0, np.float16(2)))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 32, 16))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if form == "fixpipe":
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(32, 16, 16, 32, asc.QuantModes.QF322B8_PRE, deq))  # COPY
    elif form == "nz":
        asc.fixpipe(gc, c1, asc.FixpipeParamsV220(32, 16, 16, dst_stride), asc.FixpipeConfig.cfg_nz())  # COPY
    else:
        asc.set_fix_pipe_pre_quant_flag(deq)
        asc.data_copy(gc, c1, asc.DataCopyCO12DstParams(32, 16, 32, 16, quant_pre=asc.QuantModes.QF322B8_PRE,  # COPY
                                                        nz2nd_en=True))


def _bits(x) -> int:
    return int(np.float32(x).view(np.int32))  # an int32 kernel argument: -inf's bits are negative


@pytest.mark.parametrize("form", ["fixpipe", "data_copy"])
@pytest.mark.parametrize(("bits", "shown"), [(_bits(np.nan), "nan"), (_bits(np.inf), "inf"), (_bits(-np.inf), "-inf"),
                                             (1, "1.4013e-45")], ids=["nan", "inf", "-inf", "denormal"])
def test_a_scale_that_is_not_a_finite_normal_float_is_an_error_at_the_line(form: str, bits: int, shown: str) -> None:
    where = ("deq_scalar" if form == "fixpipe" else
             "pre-quant register (set_fix_pipe_pre_quant_flag)")
    with pytest.raises(KernelError) as info:
        quantised[1](np.zeros(1024, np.int8), bits, 0, form)
    assert info.value.category == "argument"
    text = str(info.value)
    assert (f"{form}: the QF322B8_PRE scale, the low 32 bits of the {where} as float32, is {shown}; it must be "
            "zero or a finite normal float (ascendc_api.md §6.4)") in text, text
    assert "# COPY" in text.splitlines()[-1]


@pytest.mark.parametrize("form", ["fixpipe", "data_copy"])
@pytest.mark.parametrize("scale", [0.0, 0.25])
def test_a_zero_or_normal_scale_runs(form: str, scale: float) -> None:
    c = np.full(1024, 99, np.int8)
    quantised[1](c, _bits(scale), 0, form)
    np.testing.assert_array_equal(c[:512], np.full(512, np.rint(32 * scale), np.int8))  # 16 x (1 * 2) = 32


def test_an_nz_output_with_dst_stride_0_is_an_error_at_the_line() -> None:
    with pytest.raises(KernelError) as info:
        quantised[1](np.zeros(1024, np.float32), 0, 0, "nz")
    assert info.value.category == "argument"
    text = str(info.value)
    assert ("fixpipe: 'dst_stride' (32-byte units between the NZ column blocks) must not be 0 (ascendc_api.md "
            "§6.4): the column blocks would overwrite each other") in text, text
    assert "# COPY" in text.splitlines()[-1]


@asc.jit(always_compile=True)
def vector_quantised(ws: asc.GlobalAddress, c: asc.GlobalAddress):
    gw = asc.GlobalTensor()
    gw.set_global_buffer(ws, 32)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 1024)
    w1 = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 0, 32)
    asc.data_copy(w1, gw, 32)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 512)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, np.float16(1)))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 2, 0, np.float16(2)))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 32, 16))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(gc, c1, w1, asc.FixpipeParamsV220(32, 16, 16, 32, asc.QuantModes.VQF322B8_PRE))  # COPY


def _words(scales) -> np.ndarray:
    return np.asarray(scales, np.float32).view(np.uint32).astype(np.uint64)


def _vector_error(ws: np.ndarray) -> str:
    with pytest.raises(KernelError) as info:
        vector_quantised[1](ws, np.zeros(1024, np.int8))
    assert info.value.category == "argument"
    text = str(info.value)
    assert "# COPY" in text.splitlines()[-1]
    return text


@pytest.mark.parametrize(("bits", "shown"), [(_bits(np.nan), "nan"), (_bits(np.inf), "inf"), (_bits(-np.inf), "-inf"),
                                             (1, "1.4013e-45")], ids=["nan", "inf", "-inf", "denormal"])
def test_a_vector_scale_that_is_not_a_finite_normal_float_is_an_error_naming_its_channel(bits: int,
                                                                                       shown: str) -> None:
    ws = _words(np.full(32, 0.25))
    ws[21] = np.uint64(bits & 0xFFFFFFFF) | np.uint64(0x5A5A << 32)  # the high 32 bits are not the scale
    text = _vector_error(ws)
    assert ("fixpipe: the VQF322B8_PRE scale of channel 21 of 32, the low 32 bits of its word of the quant "
            f"workspace as float32, is {shown}; it must be zero or a finite normal float (ascendc_api.md §6.4)"
            ) in text, text


def test_several_bad_vector_scales_are_named_together() -> None:
    # all of them, where the message used to name channel 3 only
    scales = np.full(32, 0.25, np.float32)
    scales[[3, 7, 12]] = [np.nan, np.inf, np.uint32(1).view(np.float32)]  # the smallest denormal
    text = _vector_error(_words(scales))
    assert ("fixpipe: the VQF322B8_PRE scales of channels 3, 7 and 12 of 32, the low 32 bits of their words of the "
            "quant workspace as float32, are nan, inf and 1.4013e-45; each must be zero or a finite normal float "
            "(ascendc_api.md §6.4)") in text, text


def test_many_bad_vector_scales_name_the_first_five_and_the_count() -> None:
    scales = np.full(32, 0.25, np.float32)
    scales[[1, 2, 4, 8, 16, 17, 30]] = [-np.inf, np.nan, np.nan, np.float32(-2e-39), np.inf, np.inf, np.nan]
    text = _vector_error(_words(scales))
    assert ("fixpipe: the VQF322B8_PRE scales of channels 1, 2, 4, 8, 16 and 2 more of 32 (7 channels), the low "
            "32 bits of their words of the quant workspace as float32, are -inf, nan, nan, -2e-39, inf, ...; each "
            "must be zero or a finite normal float (ascendc_api.md §6.4)") in text, text


def test_zero_and_normal_vector_scales_run() -> None:
    scales = np.where(np.arange(32) % 2 == 0, 0.0, 0.25).astype(np.float32)
    ws = _words(scales) | np.uint64(0x5A5A << 32)
    c = np.full(1024, 99, np.int8)
    vector_quantised[1](ws, c)
    np.testing.assert_array_equal(c[:512], np.tile(np.rint(32 * scales), 16).astype(np.int8))  # 16 x (1 * 2) = 32
    np.testing.assert_array_equal(c[512:], np.full(512, 99, np.int8))
