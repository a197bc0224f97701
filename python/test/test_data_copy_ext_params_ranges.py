"""DataCopyExtParams ranges of ascendc_api.md §6.3 (DataCopyPad): block_count [1, 4095] and block_len [1, 2097151]
bytes. A constant outside is a compile error at the struct's line (ODS `fieldRanges`); a run-time value outside
stops the simulator at the copy's line with the same range (0 included: it is not a NOP with these params). The
strides and `rsv` span their uint32_t (the spec gives no narrower range)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

N = 256


@asc.jit(always_compile=True)
def pad_const(x: asc.GlobalAddress, count: asc.ConstExpr[int], length: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    pad = asc.DataCopyPadExtParams(asc.float32)
    asc.data_copy_pad(ub, gx, asc.DataCopyExtParams(count, length, 0, 0, 0), pad)  # PAD


@pytest.mark.parametrize(("args", "message"), [
    ((0, 32), "DataCopyExtParams: 'block_count' must be in [1, 4095], but got 0"),
    ((4096, 32), "DataCopyExtParams: 'block_count' must be in [1, 4095], but got 4096"),
    ((1, 0), "DataCopyExtParams: 'block_len' must be in [1, 2097151], but got 0"),
    ((1, 2097152), "DataCopyExtParams: 'block_len' must be in [1, 2097151], but got 2097152"),
], ids=["count_0", "count_4096", "len_0", "len_2097152"])
def test_a_constant_outside_the_spec_range_is_a_compile_error(args, message: str) -> None:
    with pytest.raises(CompileError) as info:
        pad_const[1](np.zeros(N, np.float32), *args)
    text = str(info.value)
    assert message in text, text
    assert "# PAD" in text, text


@asc.jit(always_compile=True)
def pad_runtime(x: asc.GlobalAddress, y: asc.GlobalAddress, count: int, length: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    pad = asc.DataCopyPadExtParams(asc.float32)
    asc.data_copy_pad(ub, gx, asc.DataCopyExtParams(count, length, 0, 0, 0), pad)  # PAD
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy_pad(gy, ub, asc.DataCopyExtParams(count, length, 0, 0, 0))  # OUT


@pytest.mark.parametrize(("args", "message"), [
    ((0, 32), "data_copy_pad: block_count must be in [1, 4095], but got 0"),
    ((4096, 32), "data_copy_pad: block_count must be in [1, 4095], but got 4096"),
    ((70000, 32), "DataCopyExtParams: 'block_count' is 70000, which Ascend C's uint16_t member cannot hold (it "
                  "would hold 4464); it must be in [1, 4095]"),
    ((1, 0), "data_copy_pad: block_len must be in [1, 2097151] bytes, but got 0"),
    ((1, 2097152), "data_copy_pad: block_len must be in [1, 2097151] bytes, but got 2097152"),
    ((1, -4), "DataCopyExtParams: 'block_len' is -4, which Ascend C's uint32_t member cannot hold (it would hold "
              "4294967292); it must be in [1, 2097151]"),
], ids=["count_0", "count_4096", "count_70000", "len_0", "len_2097152", "len_negative"])
def test_a_runtime_value_outside_the_spec_range_stops_at_the_copy(args, message: str) -> None:
    with pytest.raises(KernelError) as info:
        pad_runtime[1](np.zeros(N, np.float32), np.zeros(N, np.float32), *args)
    text = str(info.value)
    assert message in text, text
    assert "# PAD" in text, text


def test_a_runtime_value_inside_copies() -> None:
    x = np.arange(N, dtype=np.float32)
    y = np.zeros(N, np.float32)
    pad_runtime[1](x, y, 2, 64)
    np.testing.assert_array_equal(y[:32], x[:32])
    np.testing.assert_array_equal(y[32:], 0)
