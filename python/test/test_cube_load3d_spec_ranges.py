"""The LoadData 3D parameters whose allowed values ascendc_api.md ("LoadData 3D") restricts beyond their C
types: k_start_pt is a multiple of K0 (32 bytes of elements: 16 for float16, 32 for int8) and channel_size of
a 16-bit load is 4, 8, 16 N, 16 N + 4 or 16 N + 8. Both used to run, reading a window that starts inside a
C0 block or a channel block the hardware does not have; now each is an error at the load's line, for runtime
and for constant values, and the allowed values still run."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit(always_compile=True)
def load3d(c: asc.GlobalAddress, channel_size: int, k_start_pt: int, const_channel: asc.ConstExpr[int],
           const_k_start: asc.ConstExpr[int], runtime: asc.ConstExpr[bool], int8: asc.ConstExpr[bool]):
    dt = asc.int8 if int8 else asc.float16
    a1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, 8192)
    a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, 8192)
    asc.init_const_value(a1.reinterpret_cast(asc.int16), asc.InitConstValueParams(1, 256, 0, np.int16(0)))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if runtime:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2(  # RUNTIME
            pad_list=[0, 0, 0, 0], l1_h=2, l1_w=8, channel_size=channel_size, k_extension=32, m_extension=16,
            k_start_pt=k_start_pt, dtype=dt))
    else:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2(  # CONSTANT
            pad_list=[0, 0, 0, 0], l1_h=2, l1_w=8, channel_size=const_channel, k_extension=32, m_extension=16,
            k_start_pt=const_k_start, dtype=dt))


def _run(channel_size: int, k_start_pt: int, runtime: bool, int8: bool = False) -> None:
    load3d[1](np.zeros(8, np.float32), channel_size, k_start_pt, channel_size, k_start_pt, runtime, int8)


@pytest.mark.parametrize("runtime", [True, False], ids=["runtime", "constant"])
@pytest.mark.parametrize(("channel_size", "k_start_pt", "int8", "message"), [
    (32, 8, False, "load_data: 'k_start_pt' must be a multiple of 16 (K0, 32 bytes of float16), got 8"),
    (64, 16, True, "load_data: 'k_start_pt' must be a multiple of 32 (K0, 32 bytes of int8), got 16"),
    (12, 0, False, "load_data: 'channel_size' of a float16 load must be 4, 8, 16 N, 16 N + 4 or 16 N + 8 "
                   "(ascendc_api.md, LoadData 3D), got 12"),
    (28, 0, False, "load_data: 'channel_size' of a float16 load must be 4, 8, 16 N, 16 N + 4 or 16 N + 8 "
                   "(ascendc_api.md, LoadData 3D), got 28"),
], ids=["k_start_half", "k_start_int8", "channel_12", "channel_28"])
def test_a_value_outside_the_spec_set_is_an_error_at_the_line(channel_size, k_start_pt, int8, message,
                                                               runtime) -> None:
    with pytest.raises(KernelError) as info:
        _run(channel_size, k_start_pt, runtime, int8)
    assert info.value.category == "argument"
    text = str(info.value)
    assert message in text, text
    assert ("# RUNTIME" if runtime else "# CONSTANT") in text.splitlines()[-1]


@pytest.mark.parametrize(("channel_size", "k_start_pt", "int8"), [
    (4, 0, False), (8, 0, False), (16, 16, False), (20, 0, False), (24, 16, False), (48, 32, False),
    (64, 32, True)])
def test_the_spec_values_run(channel_size: int, k_start_pt: int, int8: bool) -> None:
    _run(channel_size, k_start_pt, True, int8)


@asc.jit(always_compile=True)
def load3d_extension(c: asc.GlobalAddress, k_extension: int, m_extension: int):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 4096)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 4096)
    asc.init_const_value(a1, asc.InitConstValueParams(1, 256, 0, np.float16(0)))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2(  # LOAD
        pad_list=[0, 0, 0, 0], l1_h=2, l1_w=8, channel_size=32, k_extension=k_extension, m_extension=m_extension,
        dtype=asc.float16))


@pytest.mark.parametrize(("k_extension", "m_extension", "field"), [(0, 16, "k_extension"), (16, 0, "m_extension")])
def test_an_empty_window_is_an_error_at_the_line(k_extension: int, m_extension: int, field: str) -> None:
    # ascendc_api.md: k/mExtension in [1, 65535]; a 0 used to load nothing and leave L0A as it was, silently.
    with pytest.raises(KernelError) as info:
        load3d_extension[1](np.zeros(8, np.float32), k_extension, m_extension)
    assert info.value.category == "argument"
    text = str(info.value)
    assert f"load_data: '{field}' must be in [1, 65535], got 0" in text, text
    assert "# LOAD" in text.splitlines()[-1]
