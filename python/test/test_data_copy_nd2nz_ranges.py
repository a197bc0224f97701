"""data_copy(dst, src, Nd2NzParams) GM -> L1 with parameters known only at run time: the simulator checks them
against the ranges of ascendc_api.md ("Nd2NzParams": src_d_value in [1, 65535], dst_nz_c0_stride and
dst_nz_n_stride in [1, 16384]) as the verifier checks constants, and reports a value outside at the line. A
src_d_value of 0 used to read every row from the first one, a dst_nz_n_stride of 0 to write every row over
the first one, without a word."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def nd2nz_into_l1(a: asc.GlobalAddress, src_d_value: int, dst_nz_c0_stride: int, dst_nz_n_stride: int):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, src_d_value, dst_nz_c0_stride, dst_nz_n_stride, 1))


@pytest.mark.parametrize(("args", "message"), [
    ((0, 16, 1), "data_copy: 'src_d_value' must be in [1, 65535], got 0"),
    ((16, 0, 1), "data_copy: 'dst_nz_c0_stride' must be in [1, 16384], got 0"),
    ((16, 16, 0), "data_copy: 'dst_nz_n_stride' must be in [1, 16384], got 0"),
    ((16, 16, 16385), "data_copy: 'dst_nz_n_stride' must be in [1, 16384], got 16385"),
], ids=["src_d_value", "dst_nz_c0_stride", "dst_nz_n_stride", "dst_nz_n_stride_high"])
def test_a_runtime_value_outside_the_range_is_an_error_at_the_line(args, message) -> None:
    with pytest.raises(KernelError) as info:
        nd2nz_into_l1[1](np.zeros(256, np.float16), *args)
    text = str(info.value)
    assert message in text, text
    assert "asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, src_d_value," in text, text


def test_values_inside_the_ranges_run() -> None:
    nd2nz_into_l1[1](np.zeros(256, np.float16), 16, 16, 1)
    assert rt.last_launch().diagnostics == []
