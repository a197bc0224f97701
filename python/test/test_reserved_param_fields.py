"""Fields ascendc_api.md §5.16 calls reserved (0): LoadData2DParams `sid` and `addr_mode` (LoadData and
LoadDataWithSparse). A constant other than 0 is a compile error at the struct's line (ODS `fieldRanges`); a
run-time value other than 0 stops the simulator at the load's line instead of being ignored."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def load_const(sid: asc.ConstExpr[int], addr_mode: asc.ConstExpr[int]):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, sid, 0, False, addr_mode))  # LOAD


@pytest.mark.parametrize(("args", "message"), [
    ((1, 0), "LoadData2DParams: 'sid' must be in [0, 0], but got 1"),
    ((0, 2), "LoadData2DParams: 'addr_mode' must be in [0, 0], but got 2"),
], ids=["sid", "addr_mode"])
def test_a_nonzero_reserved_constant_is_a_compile_error(args, message: str) -> None:
    with pytest.raises(CompileError) as info:
        load_const[1](*args)
    text = str(info.value)
    assert message in text, text
    assert "# LOAD" in text, text


@asc.jit(always_compile=True)
def load_runtime(y: asc.GlobalAddress, sid: int, addr_mode: int):
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    asc.load_data(a2, gy, asc.LoadData2DParams(0, 1, 0, sid, 0, False, addr_mode))  # LOAD


@pytest.mark.parametrize(("args", "message"), [
    ((1, 0), "load_data: 'sid' is reserved and must be 0, but got 1"),
    ((0, 1), "load_data: 'addr_mode' is reserved and must be 0, but got 1"),
], ids=["sid", "addr_mode"])
def test_a_nonzero_reserved_runtime_value_stops_at_the_load(args, message: str) -> None:
    with pytest.raises(KernelError) as info:
        load_runtime[1](np.zeros(256, np.float16), *args)
    text = str(info.value)
    assert message in text, text
    assert "# LOAD" in text, text


def test_zero_reserved_fields_load_the_data() -> None:
    load_runtime[1](np.zeros(256, np.float16), 0, 0)
