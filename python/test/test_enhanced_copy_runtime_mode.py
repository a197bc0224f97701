"""A cube-path mode of DataCopyEnhancedParams known only at run time (is_relu_in from a kernel argument; the
enum fields must be compile-time values) is a KernelError at the copy's line with the wording of the
compile-time refusal of a constant one: Ascend 910B/910C ignore the enhanced parameters, so the simulator used
to copy without the ReLU the kernel asked for, silently."""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.runtime.errors import KernelError

N = 256
MESSAGE = ("data_copy: DataCopyEnhancedParams 'is_relu_in' is ignored on Ascend 910B/910C (A2/A3), but got True, "
           "a cube-path mode the copy would silently not apply; use the default, or data_copy(dst, src, "
           "repeat_params) and vector instructions")


@asc.jit(always_compile=True)
def relu_copy_to_ub(x: asc.GlobalAddress, c: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    e = asc.DataCopyEnhancedParams(is_relu_in=n > 0)
    asc.data_copy(ub, gx, asc.DataCopyParams(1, N * 4 // 32, 0, 0), e)  # RELU
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gc, ub, N)


@asc.jit(always_compile=True)
def relu_copy_from_l1(x: asc.GlobalAddress, c: asc.GlobalAddress, n: int):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, N)
    a1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, N)
    asc.data_copy(a1, gx, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    e = asc.DataCopyEnhancedParams(is_relu_in=n > 0)
    asc.data_copy(gc, a1, asc.DataCopyParams(1, N * 4 // 32, 0, 0), e)  # RELU


@pytest.mark.parametrize("kernel", [relu_copy_to_ub, relu_copy_from_l1], ids=["gm_to_ub", "l1_to_gm"])
def test_a_runtime_relu_is_refused_at_the_line(kernel) -> None:
    x = np.linspace(-4, 4, N, dtype=np.float32)
    with pytest.raises(KernelError) as info:
        kernel[1](x, np.zeros(N, np.float32), 1)
    text = str(info.value)
    assert MESSAGE in text, text
    assert "# RELU" in text, text


@pytest.mark.parametrize("kernel", [relu_copy_to_ub, relu_copy_from_l1], ids=["gm_to_ub", "l1_to_gm"])
def test_a_runtime_false_copies(kernel) -> None:
    x = np.linspace(-4, 4, N, dtype=np.float32)
    c = np.zeros(N, np.float32)
    kernel[1](x, c, 0)
    np.testing.assert_array_equal(c, x)
    assert rt.last_launch().diagnostics == []
