"""An argument that must be known at compile time but is a runtime scalar is named in the user's terms ("a
runtime int32 scalar"), never by the front end's class (PlainValue), in every API's type message
(asc.language.core.ir_value.described)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileTypeError


@asc.jit(always_compile=True)
def mmad_params_runtime_bool(x: asc.GlobalAddress, flag: int):
    asc.MmadParams(16, 16, 8, False, 0, flag)


@asc.jit(always_compile=True)
def cross_core_runtime_mode(x: asc.GlobalAddress, mode: int):
    asc.cross_core_set_flag(0, mode, asc.PipeID.PIPE_MTE3)


@pytest.mark.parametrize("kernel, message", [
    (mmad_params_runtime_bool, "MmadParams: 'en_ssparse' must be a bool, got a runtime int32 scalar"),
    (cross_core_runtime_mode,
     "cross_core_set_flag: 'mode_id' must be a compile-time int (0, 1 or 2), got a runtime int32 scalar"),
])
def test_a_runtime_scalar_is_named_as_such(kernel, message):
    with pytest.raises(CompileTypeError) as info:
        kernel[1](np.zeros(16, np.float32), 1)
    assert message in str(info.value)
    assert "PlainValue" not in str(info.value)
