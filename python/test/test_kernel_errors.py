"""Bugs found while a kernel runs (or at compile time when sizes are constant) raise at the kernel line."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import asc
from asc.codegen.errors import CapacityError
from asc.errors import SourceLocation
from asc.runtime.errors import KernelError, KernelWarning

UB_BYTES = 192 * 1024


def _line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def ub_overflow_constant(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 50000)  # 200000 bytes > 192 KiB
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.data_copy(t, g, n)


@asc.jit
def ub_overflow_runtime(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n * 1024)
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    asc.data_copy(t, g, n)


@asc.jit
def gm_read_past_end(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g[64:], n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    asc.data_copy(h, t, n)


@asc.jit
def gm_write_past_end(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    h = asc.GlobalTensor()
    h.set_global_buffer(y + asc.get_block_idx() * n, n)
    asc.data_copy(h, t, n)


@asc.jit
def ub_view_past_end(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 196608 - 256, 64)
    asc.data_copy(t[n:], g, n)


@asc.jit
def waits_forever(x: asc.GlobalAddress, n: int):
    asc.wait_flag(asc.HardEvent.MTE2_V, 3)


def test_constant_static_tensor_beyond_ub_is_a_compile_error() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(CapacityError) as e:
        ub_overflow_constant[1](x, 64)
    assert e.value.location.line == _line_of(ub_overflow_constant, "50000")
    assert "196608" in e.value.message


def test_runtime_static_tensor_beyond_ub() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        ub_overflow_runtime[1](x, 64)
    err = e.value
    assert err.category == "capacity"
    assert err.location.file == __file__
    assert err.location.line == _line_of(ub_overflow_runtime, "n * 1024")
    assert str(err).startswith(f"{__file__}:{err.location.line}: kernel error: kernel 'ub_overflow_runtime'")


def test_data_copy_reading_outside_the_array_names_it() -> None:
    x = np.zeros(128, dtype=np.float32)
    y = np.zeros(128, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        gm_read_past_end[1](x, y, 128)
    err = e.value
    assert err.category == "bounds"
    assert err.location.line == _line_of(gm_read_past_end, "g[64:]")
    assert "'x'" in err.message


def test_data_copy_writing_outside_the_array_in_block_1() -> None:
    x = np.zeros(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        gm_write_past_end[2](x, y, 64)  # block 1 writes y[64:128], past y's end
    err = e.value
    assert err.category == "bounds" and err.block == 1
    assert err.location.line == _line_of(gm_write_past_end, "asc.data_copy(h, t, n)")
    assert "'y'" in err.message
    assert (y == 0).all()  # nothing outside the array was written; block 0 wrote zeros into y


def test_data_copy_outside_ub() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        ub_view_past_end[1](x, 64)
    err = e.value
    assert err.category in ("bounds", "capacity")
    assert err.location.line == _line_of(ub_view_past_end, "asc.data_copy(t[n:], g, n)")


def test_deadlock_is_reported_not_hung() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(KernelError) as e:
        waits_forever[2](x, 64)
    assert e.value.category == "deadlock"
    assert e.value.location.line == _line_of(waits_forever, "wait_flag")


@asc.jit(strip_loc=True)
def gm_read_past_end_stripped(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, g[n:], 64)


def test_strip_loc_error_shows_the_generated_line_and_what_to_do() -> None:
    # strip_loc=True drops the #line links to the Python source: the error pointed at the removed
    # /tmp/pyasc_model_*/kernel.cpp with "<source not available>" and did not say why.
    x = np.zeros(64, np.float32)
    for _ in range(2):  # a compile, then the launch plan of the signature
        with pytest.raises(KernelError) as info:
            gm_read_past_end_stripped[1, None](x, 64)
        assert info.value.location == SourceLocation("<generated Ascend C of kernel 'gm_read_past_end_stripped'>", 9)
    text = str(info.value)
    text = text[:text.index("note: argument 'x' spans GM")]
    assert text == (
        "<generated Ascend C of kernel 'gm_read_past_end_stripped'>:9: kernel error: kernel "
        "'gm_read_past_end_stripped' (block 0): data_copy reads GM bytes [256, 512) = elements [64, 128) relative "
        "to argument 'x', which has 64 float32 elements (256 bytes); the access is outside every argument array\n"
        "  6 |   AscendC::GlobalTensor<float> v3;\n"
        "  7 |   v3.SetGlobalBuffer(v1, v2);\n"
        "  8 |   AscendC::LocalTensor<float> v4(AscendC::TPosition::VECIN, 0, 64);\n"
        "  9 |   AscendC::DataCopy(v4, v3[v2], 64);\n"
        "note: the kernel was compiled with strip_loc=True, which removes the links from its generated Ascend C to "
        "your Python lines: run it without strip_loc=True to see the Python line\n")


@asc.jit(strip_loc=True)
def uninit_read_stripped(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.data_copy(g, t, n)


def test_strip_loc_warning_names_the_generated_line_and_what_to_do() -> None:
    with pytest.warns(KernelWarning) as record:
        uninit_read_stripped[1, None](np.zeros(64, np.float32), 64)
    assert [str(w.message) for w in record] == [
        "<generated Ascend C of kernel 'uninit_read_stripped'>:9: data_copy reads UB[0, 256) through its source, "
        "but 256 of those 256 bytes (the first at UB byte 0) were never written by an earlier instruction: the "
        "values are undefined on the NPU (the kernel was compiled with strip_loc=True, which removes the links "
        "from its generated Ascend C to your Python lines: run it without strip_loc=True to see the Python line)"]
