"""A constant `quant_pre` (FixpipeParamsV220, DataCopyCO12DstParams) that is not an asc.QuantModes member is
a compile error at the struct's line naming the enum and its members, as a MatmulConfig enum field's
ValueError does. It said "'quant_pre' must be in [0, 8], but got 9", and for -1 or 300 "must be in
[0, 255] (uint8_t)", the width the IR carries the field in rather than its C++ type QuantMode_t. A numpy
integer is the same constant. A run-time one is a kernel error at the call, in the same words."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.compiler import CompileError
from asc.runtime.errors import KernelError

MEMBERS = ("NoQuant (0), F322F16 (1), F322BF16 (2), DEQF16 (3), VDEQF16 (4), QF322B8_PRE (5), "
           "VQF322B8_PRE (6), REQ8 (7), VREQ8 (8)")


@asc.jit(always_compile=True)
def quant_pre_out_of_members(c: asc.GlobalAddress, co12: asc.ConstExpr[bool], value: asc.ConstExpr[int],
                             as_numpy: asc.ConstExpr[bool]):
    q = value
    if as_numpy:
        q = np.int64(value)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    if co12:
        p = asc.DataCopyCO12DstParams(16, 16, 16, 16, quant_pre=q, nz2nd_en=True)  # CO12
        asc.data_copy(gc, c1, p)
    else:
        p = asc.FixpipeParamsV220(16, 16, 16, 16, quant_pre=q)  # FIXPIPE
        asc.fixpipe(gc, c1, p)


def _line(mark: str) -> tuple[int, str]:
    lines, first = inspect.getsourcelines(quant_pre_out_of_members.fn)
    ((line, text),) = [(first + i, t) for i, t in enumerate(lines) if f"# {mark}" in t]
    return line, text.rstrip("\n")


@pytest.mark.parametrize("as_numpy", [False, True], ids=["int", "np.int64"])
@pytest.mark.parametrize("value", [9, -1, 300])
@pytest.mark.parametrize("co12", [False, True], ids=["FixpipeParamsV220", "DataCopyCO12DstParams"])
def test_quant_pre_out_of_members_names_the_enum_and_its_members(monkeypatch, co12: bool, value: int,
                                                                 as_numpy: bool) -> None:
    monkeypatch.setenv("DRY_RUN", "1")
    with pytest.raises(CompileError) as e:
        quant_pre_out_of_members[1](np.zeros(256, np.float32), co12, value, as_numpy)
    struct = "DataCopyCO12DstParams" if co12 else "FixpipeParamsV220"
    line, text = _line("CO12" if co12 else "FIXPIPE")
    col = text.index("asc.") + 1
    lines = str(e.value).splitlines()
    assert lines[0] == (f"{__file__}:{line}:{col}: compile error: {struct}: 'quant_pre' must be an "
                        f"asc.QuantModes: one of {MEMBERS}; got {value}")
    assert f"{line:4d} | {text}" in lines


def test_the_message_lists_every_member_python_has() -> None:
    assert MEMBERS == ", ".join(f"{m.name} ({int(m)})" for m in asc.QuantModes)


@asc.jit
def quant_pre_at_run_time(c: asc.GlobalAddress, q: int, co12: asc.ConstExpr[bool]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    if co12:
        p = asc.DataCopyCO12DstParams(16, 16, 16, 16, quant_pre=q, nz2nd_en=True)
        asc.data_copy(gc, c1, p)  # RUN CO12
    else:
        p = asc.FixpipeParamsV220(16, 16, 16, 16, quant_pre=q)
        asc.fixpipe(gc, c1, p)  # RUN FIXPIPE


@pytest.mark.parametrize("value", [9, 255])
@pytest.mark.parametrize("co12", [False, True], ids=["fixpipe", "data_copy"])
def test_quant_pre_out_of_members_at_run_time_names_the_value(co12: bool, value: int) -> None:
    """A run-time quant_pre that is not a member said "quant mode invalid cannot convert float32 to
    float32; it converts none (not a QuantMode_t value of A2/A3)", without the value."""
    with pytest.raises(KernelError) as e:
        quant_pre_at_run_time[1, rt.current_stream()](np.zeros(256, np.float32), value, co12)
    api = "data_copy" if co12 else "fixpipe"
    lines, first = inspect.getsourcelines(quant_pre_at_run_time.fn)
    ((line, text),) = [(first + i, t) for i, t in enumerate(lines) if f"# RUN {'CO12' if co12 else 'FIXPIPE'}" in t]
    msg = str(e.value).splitlines()
    assert msg[0] == (f"{__file__}:{line}: kernel error: kernel 'quant_pre_at_run_time' (block 0): {api}: "
                      f"'quant_pre' must be an asc.QuantModes: one of {MEMBERS}; got {value}")
    assert f"{line:4d} | {text.rstrip()}" in msg
