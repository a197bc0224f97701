"""A run-time value given to a parameter struct field whose Ascend C member is narrower (InitConstValueParams'
uint16_t repeat_times, block_num and dst_gap; Nd2NzParams' uint16_t strides; DataCopyParams' uint16_t block_count)
is checked where the struct is built, before the conversion: a negative or too-large value is reported as the
kernel computed it, at the struct's line, with the range Ascend C accepts. It used to reach the simulator's checks
as its truncation: repeat_times = -1 was reported as 65535, and dst_nz_n_stride = 70000 ran as 4464 without a
word (ascsim/param_field.h)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

N = 512


@asc.jit(always_compile=True)
def init_then_store(c: asc.GlobalAddress, rep: int, blk: int, gap: int):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)
    asc.init_const_value(a1, asc.InitConstValueParams(N * 2 // 32, 1, 0, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_MTE1)
    asc.init_const_value(a1, asc.InitConstValueParams(rep, blk, gap, np.float16(7)))  # FILL
    asc.set_flag(asc.HardEvent.MTE1_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE1_MTE3, 0)
    asc.data_copy(gc, a1, N)


@pytest.mark.parametrize(("args", "message"), [
    ((-1, 1, 0), "InitConstValueParams: 'repeat_times' is -1, which Ascend C's uint16_t member cannot hold (it "
                 "would hold 65535); it must be in [0, 32767]"),
    ((1, -3, 0), "InitConstValueParams: 'block_num' is -3, which Ascend C's uint16_t member cannot hold (it "
                 "would hold 65533); it must be in [0, 32767]"),
    ((1, 1, 70000), "InitConstValueParams: 'dst_gap' is 70000, which Ascend C's uint16_t member cannot hold "
                    "(it would hold 4464); it must be in [0, 32767]"),
    # A value the member holds reaches the instruction's check unchanged.
    ((40000, 1, 0), "init_const_value: 'repeat_times' must be in [0, 32767], got 40000"),
], ids=["negative_repeat_times", "negative_block_num", "dst_gap_beyond_uint16", "repeat_times_beyond_range"])
def test_init_const_value_names_the_value_the_kernel_passed(args, message) -> None:
    with pytest.raises(KernelError) as info:
        init_then_store[1](np.zeros(N, np.float16), *args)
    text = str(info.value)
    assert message in text, text
    assert "# FILL" in text, text


def test_init_const_value_with_runtime_fields_in_range_runs() -> None:
    c = np.full(N, 5, np.float16)
    init_then_store[1](c, 2, 3, 1)
    ref = np.zeros(N, np.float16)
    for r in range(2):
        ref[r * 4 * 16:r * 4 * 16 + 3 * 16] = 7
    np.testing.assert_array_equal(c, ref)
    assert rt.last_launch().diagnostics == []


@asc.jit(always_compile=True)
def nd2nz_into_l1(a: asc.GlobalAddress, dst_nz_n_stride: int):
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    asc.data_copy(a1, ga, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, dst_nz_n_stride, 1))  # ND2NZ


def test_a_stride_beyond_its_member_is_not_run_as_its_truncation() -> None:
    # 70000 as uint16_t is 4464, inside [1, 16384]: the copy used to run with it (and overflow L1).
    with pytest.raises(KernelError) as info:
        nd2nz_into_l1[1](np.zeros(256, np.float16), 70000)
    text = str(info.value)
    assert ("Nd2NzParams: 'dst_nz_n_stride' is 70000, which Ascend C's uint16_t member cannot hold (it would "
            "hold 4464); it must be in [1, 16384]") in text, text
    assert "# ND2NZ" in text, text


@asc.jit(always_compile=True)
def ub_copy(x: asc.GlobalAddress, blocks: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(ub, gx, asc.DataCopyParams(blocks, 1, 0, 0))  # BLOCKS


def test_a_negative_block_count_is_named_as_passed() -> None:
    with pytest.raises(KernelError) as info:
        ub_copy[1](np.zeros(N, np.float32), -2)
    text = str(info.value)
    assert ("DataCopyParams: 'block_count' is -2, which Ascend C's uint16_t member cannot hold (it would hold "
            "65534); it must be in [0, 4095]") in text, text
    assert "# BLOCKS" in text, text
