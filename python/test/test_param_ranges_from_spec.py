"""Field ranges ascendc_api.md states for DataCopyParams (§6.3: block_count [0, 4095]) and LoadDataRepeatParam
(§5, SetLoadDataRepeat: repeat_mode 0 along M or 1 along K) are ODS `fieldRanges`: a constant outside is a
compile error at the struct's line, and a run-time value its member cannot hold is named with the range
(ascsim/param_field.h). A run-time value the member holds reaches the instruction's own check. The other
DataCopyParams, LoadDataRepeatParam and LoadData2DParams / LoadData3DParamsV2 ranges the spec gives are those of
their C++ types or were already in ODS."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError

N = 512


@asc.jit(always_compile=True)
def ub_copy_const(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(ub, gx, asc.DataCopyParams(4096, 1, 0, 0))  # BLOCKS


@asc.jit(always_compile=True)
def repeat_const(mode: asc.ConstExpr[int]):
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(1, 0, mode))  # REPEAT


@pytest.mark.parametrize(("run", "message"), [
    (lambda: ub_copy_const[1](np.zeros(N, np.float32)),
     "DataCopyParams: 'block_count' must be in [0, 4095], but got 4096"),
    (lambda: repeat_const[1](2), "LoadDataRepeatParam: 'repeat_mode' must be in [0, 1], but got 2"),
], ids=["block_count", "repeat_mode"])
def test_a_constant_outside_the_spec_range_is_a_compile_error(run, message: str) -> None:
    with pytest.raises(CompileError) as info:
        run()
    text = str(info.value)
    assert message in text, text
    assert "# BLOCKS" in text or "# REPEAT" in text, text


@asc.jit(always_compile=True)
def repeat_runtime(t: int, s: int, m: int):
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(t, s, m))  # REPEAT


@pytest.mark.parametrize(("args", "message"), [
    # The cubeaudit report's case: 300 used to reach the register as 44 repeats.
    ((300, 1, 0), "LoadDataRepeatParam: 'repeat_time' is 300, which Ascend C's uint8_t member cannot hold (it "
                  "would hold 44)"),
    ((1, 1, 256), "LoadDataRepeatParam: 'repeat_mode' is 256, which Ascend C's uint8_t member cannot hold (it "
                  "would hold 0); it must be in [0, 1]"),
    ((1, 1, -1), "LoadDataRepeatParam: 'repeat_mode' is -1, which Ascend C's uint8_t member cannot hold (it "
                 "would hold 255); it must be in [0, 1]"),
    # Held by the member: the instruction's check.
    ((1, 1, 2), "set_load_data_repeat: 'repeat_mode' must be 0 (along M) or 1 (along K), got 2"),
], ids=["repeat_time_300", "repeat_mode_256", "repeat_mode_negative", "repeat_mode_2"])
def test_a_runtime_load_data_repeat_field_is_checked_at_the_line(args, message: str) -> None:
    with pytest.raises(KernelError) as info:
        repeat_runtime[1](*args)
    text = str(info.value)
    assert message in text, text
    assert "# REPEAT" in text, text


@asc.jit(always_compile=True)
def ub_copy(x: asc.GlobalAddress, blocks: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(ub, gx, asc.DataCopyParams(blocks, 1, 0, 0))  # BLOCKS


@pytest.mark.parametrize(("blocks", "message"), [
    (70000, "DataCopyParams: 'block_count' is 70000, which Ascend C's uint16_t member cannot hold (it would hold "
            "4464); it must be in [0, 4095]"),
    (5000, "data_copy: block_count must be in [0, 4095], but got 5000"),
], ids=["beyond_uint16", "beyond_range"])
def test_a_runtime_block_count_is_checked_at_the_line(blocks: int, message: str) -> None:
    with pytest.raises(KernelError) as info:
        ub_copy[1](np.zeros(N, np.float32), blocks)
    text = str(info.value)
    assert message in text, text
    assert "# BLOCKS" in text, text
