"""The compile-time capacity check (asc-verify-capacity) places a TPipe's buffers as the framework does:
one after the other from byte 0 of each memory. Static LocalTensors above them fit; a static tensor that
shares bytes with them is a CompileWarning (the program can be right); overflows stay CapacityErrors."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import asc
from asc.codegen.errors import CapacityError, CompileWarning

N = 512  # float32 elements: each queue buffer is 2 KiB


@asc.jit(always_compile=True)
def add_static_bias(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int],
                    bias_at: asc.ConstExpr[int]):
    """y = x * 2 + 1.5, the 1.5 in a static tensor at byte `bias_at` next to double-buffered queues."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy.set_global_buffer(y, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    qo = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qi, 2, n * 4)
    pipe.init_buffer(qo, 2, n * 4)
    bias = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, bias_at, n)  # BIAS
    asc.duplicate(bias, 1.5, n)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, gx, n)
    qi.enque(a)
    a = qi.deque(asc.float32)
    b = qo.alloc_tensor(asc.float32)
    asc.muls(b, a, 2.0, n)
    asc.add(b, b, bias, n)
    qo.enque(b)
    qi.free_tensor(a)
    b = qo.deque(asc.float32)
    asc.data_copy(gy, b, n)
    qo.free_tensor(b)


def _line(kernel, marker: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn if hasattr(kernel, "fn") else kernel)
    return first + next(i for i, text in enumerate(lines) if marker in text)


def _run(bias_at: int) -> tuple[np.ndarray, np.ndarray, list[warnings.WarningMessage]]:
    x = np.random.default_rng(7).standard_normal(N).astype(np.float32)
    y = np.zeros(N, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        add_static_bias[1](x, y, N, bias_at)
    return x, y, [w for w in record if issubclass(w.category, CompileWarning)]


def test_static_tensor_above_the_pipe_buffers_runs() -> None:
    # The queues take UB [0, 8192); the tensor [0x2F000, 0x2F800) ends below UB's 196608 bytes.
    x, y, record = _run(0x2F000)
    assert record == []
    np.testing.assert_allclose(y, x * 2 + 1.5, rtol=1e-6)


def test_static_tensor_at_the_end_of_ub_runs() -> None:
    x, y, record = _run(196608 - N * 4)
    assert record == []
    np.testing.assert_allclose(y, x * 2 + 1.5, rtol=1e-6)


def test_static_tensor_over_the_pipe_buffers_warns() -> None:
    # [4096, 6144) is the VECOUT queue's first buffer, the b of the kernel: muls writes x * 2 over the bias,
    # and the add computes x * 2 + x * 2. The kernel still compiles and runs.
    x, y, record = _run(4096)
    assert len(record) == 1
    w = record[0]
    line = _line(add_static_bias, "# BIAS")
    assert (w.filename, w.lineno) == (inspect.getsourcefile(add_static_bias.fn), line)
    first = _line(add_static_bias, "pipe.init_buffer(qo")
    assert str(w.message) == (
        f"{w.filename}:{line}: LocalTensor: the tensor occupies bytes [4096, 6144) of Hardware.UB, which the "
        "TPipe's buffers at bytes [0, 8192) of Hardware.UB also use (a TPipe places its buffers from byte 0 of "
        "each memory): each may overwrite the other. Place the tensor at byte 8192 or above\n"
        f"  note: {w.filename}:{first}: init_buffer of 2 × 2048 bytes for a TPosition.VECOUT queue takes "
        "bytes [4096, 8192) of Hardware.UB")
    np.testing.assert_allclose(y, x * 4, rtol=1e-6)


@asc.jit(always_compile=True)
def queues_overflow_with_static(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    qo = asc.TQue(asc.TPosition.VECOUT, 2)
    bias = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0x2F000, 64)  # noqa: F841
    pipe.init_buffer(qi, 2, 65536)
    pipe.init_buffer(qo, 2, 32768 + 32)  # OVER


@asc.jit(always_compile=True)
def static_beyond_ub(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(qi, 2, 2048)
    bias = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0x2F000, 1032)  # noqa: F841 OVER


@pytest.mark.parametrize("kernel,message", [
    (queues_overflow_with_static,
     "TPipe.init_buffer: init_buffer of 2 × 32800 bytes for a TPosition.VECOUT queue brings Hardware.UB use to "
     "196672 bytes; Hardware.UB has 196608: use fewer or smaller buffers"),
    (static_beyond_ub,
     "LocalTensor: the tensor occupies bytes [192512, 196640) of Hardware.UB, but Hardware.UB has only 196608 "
     "bytes"),
])
def test_overflows_are_refused(kernel, message: str) -> None:
    with pytest.raises(CapacityError) as info:
        kernel[1](np.zeros(8, np.float32))
    err = info.value
    assert err.location.line == _line(kernel, "OVER")
    assert str(err.message) == message
