"""An NZ output of the CO1 copies (fixpipe with CFG_NZ, data_copy with DataCopyCO12DstParams(nz2nd_en=False)) to
GM starts on a 32-byte block of its array (ascendc_api.md: "Fixpipe ND dst 1 B, NZ dst 32 B"; hardware.md §6.4).
A destination 16 bytes into the array used to be written there without a word; now it is an `alignment` error at
the line, while an ND output may start anywhere (1 B) and an NZ output 32 bytes in runs."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def co1_out(c: asc.GlobalAddress, offset: asc.ConstExpr[int], form: asc.ConstExpr[str]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, np.float16(1)))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 1, 0, np.float16(2)))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if form == "nz":
        asc.fixpipe(gc[offset:], c1, asc.FixpipeParamsV220(16, 16, 16, 16), asc.FixpipeConfig.cfg_nz())  # COPY
    elif form == "nd":
        asc.fixpipe(gc[offset:], c1, asc.FixpipeParamsV220(16, 16, 16, 16))  # COPY
    else:
        asc.data_copy(gc[offset:], c1, asc.DataCopyCO12DstParams(16, 16, 16, 16))  # COPY


@pytest.mark.parametrize(("form", "api"), [("nz", "fixpipe"), ("data_copy", "data_copy")])
def test_an_nz_output_off_a_32_byte_block_of_gm_is_an_error_at_the_line(form: str, api: str) -> None:
    with pytest.raises(KernelError) as info:
        co1_out[1](np.zeros(1024, np.float32), 4, form)
    assert info.value.category == "alignment"
    text = str(info.value)
    assert (f"{api}: an NZ output to GM starts on a 32-byte block of its array (ascendc_api.md: Fixpipe NZ dst "
            "32 B), but the destination is 16 bytes into it") in text, text
    assert "# COPY" in text.splitlines()[-1]


@pytest.mark.parametrize(("form", "offset"), [("nz", 8), ("data_copy", 8), ("nd", 1), ("nd", 3)])
def test_aligned_nz_and_any_nd_output_run(form: str, offset: int) -> None:
    c = np.zeros(1024, np.float32)
    co1_out[1](c, offset, form)
    np.testing.assert_array_equal(c[offset:offset + 256], np.full(256, 32.0, np.float32))
    assert not c[:offset].any() and not c[offset + 256:].any()
