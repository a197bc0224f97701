"""A static LocalTensor whose address is known only at run time, next to a TPipe's buffers (docs/debugging.md
"Static tensors next to a TPipe's buffers"): the compile-time capacity pass checks constant addresses only; the
simulator reports the overlap when both exist, as the same `capacity` warning: at the tensor's line when the
buffers were there first, at the init_buffer's line when the tensor was, naming both ranges."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import asc
from asc.runtime.ascendc_kernel import run_ascendc
from asc.runtime.config import KernelType
from asc.runtime.errors import KernelWarning

N = 512  # float32 elements: each queue buffer is 2 KiB


@asc.jit(always_compile=True)
def add_bias_at(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], bias_at: int,
                first: asc.ConstExpr[bool]):
    """y = x * 2 + 1.5, the 1.5 in a static tensor at the run-time byte `bias_at`, made after the queues'
    init_buffer calls (or before them, `first`)."""
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gx.set_global_buffer(x, n)
    gy.set_global_buffer(y, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    qo = asc.TQue(asc.TPosition.VECOUT, 2)
    if first:
        early = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, bias_at, n)  # EARLY
        asc.duplicate(early, 1.5, n)
    pipe.init_buffer(qi, 2, n * 4)
    pipe.init_buffer(qo, 2, n * 4)  # QO
    bias = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, bias_at, n)  # BIAS
    if not first:
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


def _line(marker: str) -> int:
    lines, first = inspect.getsourcelines(add_bias_at.fn)
    return first + next(i for i, text in enumerate(lines) if marker in text)


def _run(bias_at: int, first: bool = False) -> tuple[np.ndarray, np.ndarray, list[str]]:
    x = np.random.default_rng(9).standard_normal(N).astype(np.float32)
    y = np.zeros(N, np.float32)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        add_bias_at[1](x, y, N, bias_at, first)
    return x, y, [str(w.message) for w in record if issubclass(w.category, KernelWarning)]


def test_a_run_time_address_above_the_buffers_runs_without_a_warning() -> None:
    x, y, texts = _run(8192)
    assert texts == []
    np.testing.assert_allclose(y, x * 2 + 1.5, rtol=1e-6)


def test_a_run_time_address_over_the_buffers_warns_at_the_tensors_line() -> None:
    # Before: nothing said anything; [4096, 6144) is the VECOUT queue's first buffer, so muls writes x * 2 over
    # the bias and the add computes x * 2 + x * 2.
    x, y, texts = _run(4096)
    assert texts == [
        f"{__file__}:{_line('# BIAS')}: LocalTensor: the tensor occupies bytes [4096, 6144) of UB, which the TPipe's "
        "buffers at bytes [0, 8192) of UB also use (a TPipe places its buffers from byte 0 of each memory): each "
        "may overwrite the other. Place the tensor at byte 8192 or above\n"
        f"  note: {__file__}:{_line('# QO')}: init_buffer of 2 × 2048 bytes for a VECOUT queue takes bytes "
        "[4096, 8192) of UB"]
    np.testing.assert_allclose(y, x * 4, rtol=1e-6)


def test_a_tensor_over_both_queues_names_each() -> None:
    _, _, texts = _run(3072)  # [3072, 5120)
    assert len(texts) == 1
    assert texts[0].endswith(
        "Place the tensor at byte 8192 or above\n"
        f"  note: {__file__}:{_line('# QO') - 1}: init_buffer of 2 × 2048 bytes for a VECIN queue takes bytes "
        "[0, 4096) of UB\n"
        f"  note: {__file__}:{_line('# QO')}: init_buffer of 2 × 2048 bytes for a VECOUT queue takes bytes "
        "[4096, 8192) of UB"), texts[0]


def test_buffers_placed_over_an_earlier_tensor_warn_at_the_init_buffer_line() -> None:
    _, _, texts = _run(4096, first=True)
    assert texts == [
        f"{__file__}:{_line('# QO')}: init_buffer: init_buffer of 2 × 2048 bytes for a VECOUT queue takes bytes "
        "[4096, 8192) of UB (a TPipe places its buffers from byte 0 of each memory), which the static local tensor "
        "at bytes [4096, 6144) of UB also uses: each may overwrite the other. Place the tensor at byte 8192 or above\n"
        f"  note: {__file__}:{_line('# EARLY')}: the static local tensor",
        # The kernel's second tensor at the same bytes, made after the buffers: warned at its own line.
        f"{__file__}:{_line('# BIAS')}: LocalTensor: the tensor occupies bytes [4096, 6144) of UB, which the TPipe's "
        "buffers at bytes [0, 8192) of UB also use (a TPipe places its buffers from byte 0 of each memory): each "
        "may overwrite the other. Place the tensor at byte 8192 or above\n"
        f"  note: {__file__}:{_line('# QO')}: init_buffer of 2 × 2048 bytes for a VECOUT queue takes bytes "
        "[4096, 8192) of UB"]


SOURCE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, uint32_t at) {
  AscendC::TPipe pipe;
  AscendC::TBufPool<AscendC::TPosition::VECCALC> pool;
#line 20 "k.py"
  pipe.InitBufPool(pool, 4096);
  AscendC::TBuf<AscendC::TPosition::VECCALC> shared;
  for (int i = 0; i < 3; ++i) {
#line 30 "k.py"
    AscendC::LocalTensor<float> t(AscendC::TPosition::VECCALC, at + 1024 * i, 64);
  }
}
"""


@pytest.mark.parametrize("at, expected", [
    (4096, []),
    (1024, ["k.py:30: LocalTensor: the tensor occupies bytes [1024, 1280) of UB, which the TPipe's buffers at bytes "
            "[0, 4096) of UB also use (a TPipe places its buffers from byte 0 of each memory): each may overwrite "
            "the other. Place the tensor at byte 4096 or above\n"
            "  note: k.py:20: init_buf_pool of 4096 bytes for a VECCALC TBufPool takes bytes [0, 4096) of UB"]),
])
def test_hand_written_ascend_c_a_pool_and_a_tensor_in_a_loop_warn_once(at: int, expected: list[str]) -> None:
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        result = run_ascendc(SOURCE, "k", 1, np.zeros(8, np.float32), np.uint32(at))
    assert result.ok
    assert [str(w.message) for w in record if issubclass(w.category, KernelWarning)] == expected


CUBE_SOURCE = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, uint32_t at) {
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::A1, 1> qa;
  AscendC::TBuf<AscendC::TPosition::A2> buf;
  AscendC::TBufPool<AscendC::TPosition::B1> pool;
#line 40 "k.py"
  pipe.InitBuffer(qa, 1, 512);
  pipe.InitBuffer(buf, 512);
  pipe.InitBufPool(pool, 512);
#line 50 "k.py"
  AscendC::LocalTensor<half> a1(AscendC::TPosition::A1, at, 256);
  AscendC::LocalTensor<half> a2(AscendC::TPosition::A2, at, 256);
  AscendC::LocalTensor<half> b1(AscendC::TPosition::B1, at + 512, 256);
}
"""


def test_the_cube_cores_notes_name_an_a1_queue_with_its_article() -> None:
    # Before: "init_buffer of 1 × 512 bytes for a A1 queue", "for a A2 TBuf".
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        result = run_ascendc(CUBE_SOURCE, "k", 1, np.zeros(8, np.float32), np.uint32(0),
                             kernel_type=KernelType.AIC_ONLY)
    assert result.ok
    advice = ("each may overwrite the other. Place the tensor at byte {} or above\n"
              "  note: k.py:{}: {} takes bytes [{}, {}) of {}")
    assert [str(w.message).split("also use (a TPipe places its buffers from byte 0 of each memory): ")[1]
            for w in record if issubclass(w.category, KernelWarning)] == [
        advice.format(1024, 40, "init_buffer of 1 × 512 bytes for an A1 queue", 0, 512, "L1"),
        advice.format(512, 41, "init_buffer of 512 bytes for an A2 TBuf", 0, 512, "L0A"),
        advice.format(1024, 42, "init_buf_pool of 512 bytes for a B1 TBufPool", 512, 1024, "L1")]
