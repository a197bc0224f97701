"""Parameter struct fields Ascend C accepts but Ascend 910B/910C (A2/A3) ignore (ODS `ignoredFields`):
MmadParams `fm_offset`, `en_ssparse`, `en_winograd_a`, `en_winograd_b` (hardware.md §6.3, "ignored on A2+").
A constant other than the default is a CompileWarning at the struct's line saying so and what to do instead;
the kernel still compiles and the mmad computes as without the field."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileWarning
from asc.runtime.errors import KernelWarning


@asc.jit(always_compile=True)
def mmad_ignored(c: asc.GlobalAddress, fm_offset: asc.ConstExpr[int], en_ssparse: asc.ConstExpr[bool],
                 en_winograd_a: asc.ConstExpr[bool], en_winograd_b: asc.ConstExpr[bool]):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    # float32 fractals are 16 x 8: A (16 x 8) and B (8 x 16) fill one 512-byte block each.
    a2 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 0, 128)
    b2 = asc.LocalTensor(asc.float32, asc.TPosition.B2, 0, 128)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, 1.0, dtype=asc.float32))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 1, 0, 2.0, dtype=asc.float32))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    p = asc.MmadParams(16, 16, 8, False, fm_offset, en_ssparse, en_winograd_a, en_winograd_b)  # PARAMS
    asc.mmad(co1, a2, b2, p)
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16))


PARAMS_LINE = next(i for i, line in enumerate(open(__file__, encoding="utf-8"), 1) if line.endswith("# PARAMS\n"))
WINOGRAD = "the cube has no Winograd mode: transform the input yourself"


@pytest.mark.parametrize(("args", "message"), [
    ((5, False, False, False), "MmadParams: 'fm_offset' is ignored on Ascend 910B/910C (A2/A3), but got 5; the cube "
                               "reads L0A from the tensor's start: pass a tensor view (a2[offset:]) to start "
                               "elsewhere"),
    ((0, True, False, False), "MmadParams: 'en_ssparse' is ignored on Ascend 910B/910C (A2/A3), but got True; for a "
                              "4:2 sparse B use load_data_with_sparse and mmad_with_sparse"),
    ((0, False, True, False), "MmadParams: 'en_winograd_a' is ignored on Ascend 910B/910C (A2/A3), but got True; "
                              + WINOGRAD),
    ((0, False, False, True), "MmadParams: 'en_winograd_b' is ignored on Ascend 910B/910C (A2/A3), but got True; "
                              + WINOGRAD),
], ids=["fm_offset", "en_ssparse", "en_winograd_a", "en_winograd_b"])
def test_a_set_ignored_field_warns_at_the_struct_and_changes_nothing(args, message: str) -> None:
    c = np.zeros(256, dtype=np.float32)
    full = f"{__file__}:{PARAMS_LINE}: {message}"
    with pytest.warns(CompileWarning, match=f"^{re.escape(full)}$") as record:
        mmad_ignored[1](c, *args)
    texts = [(w.filename, w.lineno, str(w.message)) for w in record if issubclass(w.category, CompileWarning)]
    assert texts == [(__file__, PARAMS_LINE, full)]
    np.testing.assert_array_equal(c, np.full(256, 16.0, dtype=np.float32))


def test_all_ignored_fields_set_warn_once_each() -> None:
    c = np.zeros(256, dtype=np.float32)
    with pytest.warns(CompileWarning) as record:
        mmad_ignored[1](c, 1, True, True, True)
    names = [str(w.message).split("'")[1] for w in record if issubclass(w.category, CompileWarning)]
    assert names == ["fm_offset", "en_ssparse", "en_winograd_a", "en_winograd_b"]


def test_default_ignored_fields_do_not_warn() -> None:
    c = np.zeros(256, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CompileWarning)
        mmad_ignored[1](c, 0, False, False, False)
    np.testing.assert_array_equal(c, np.full(256, 16.0, dtype=np.float32))


@asc.jit(always_compile=True)
def mmad_ignored_runtime(c: asc.GlobalAddress, fm_offset: int):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    a2 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 0, 128)
    b2 = asc.LocalTensor(asc.float32, asc.TPosition.B2, 0, 128)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, 1.0, dtype=asc.float32))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 1, 0, 2.0, dtype=asc.float32))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    for _ in range(2):  # the warning is issued once per line and field, not per run of the line
        p = asc.MmadParams(16, 16, 8, False, fm_offset)  # RUNTIME
        asc.mmad(co1, a2, b2, p)
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16))


RUNTIME_LINE = next(i for i, line in enumerate(open(__file__, encoding="utf-8"), 1) if line.endswith("# RUNTIME\n"))


def test_a_set_ignored_runtime_value_warns_once_at_the_struct() -> None:
    """A run-time value other than 0 is a simulator KernelWarning (category argument) at the struct's line,
    once per line and field; the mmad computes as without it."""
    c = np.zeros(256, dtype=np.float32)
    message = (f"{__file__}:{RUNTIME_LINE}: MmadParams: 'fm_offset' is ignored on Ascend 910B/910C (A2/A3), but "
               "got 7; the cube reads L0A from the tensor's start: pass a tensor view (a2[offset:]) to start "
               "elsewhere")
    with pytest.warns(KernelWarning, match=f"^{re.escape(message)}") as record:
        mmad_ignored_runtime[1](c, 7)
    texts = [str(w.message) for w in record]
    assert len(texts) == 1, texts
    assert texts[0].startswith(message), texts
    np.testing.assert_array_equal(c, np.full(256, 16.0, dtype=np.float32))


def test_a_zero_runtime_value_does_not_warn() -> None:
    c = np.zeros(256, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mmad_ignored_runtime[1](c, 0)
    np.testing.assert_array_equal(c, np.full(256, 16.0, dtype=np.float32))
