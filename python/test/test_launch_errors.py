"""Bad launch arguments raise TypeError/ValueError naming the parameter."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from gm_kernels import copy_kernel


def test_copy_roundtrip() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    copy_kernel[1](x, y, 64)
    np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("bad,kind", [("hello", "str"), ([1.0, 2.0], "list"), ({"a": 1}, "dict")])
def test_wrong_argument_type_names_the_parameter(bad, kind) -> None:
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(TypeError) as e:
        copy_kernel[1](bad, y, 64)
    assert str(e.value) == (f"copy_kernel: argument 'x' is annotated asc.GlobalAddress (an array in Global Memory) "
                            f"but got {kind}; pass a numpy array or a torch tensor")


def test_non_contiguous_array() -> None:
    x = np.zeros((64, 2), dtype=np.float32)[:, 0]
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(TypeError, match="argument 'x' is a non-contiguous numpy array"):
        copy_kernel[1](x, y, 64)


def test_non_contiguous_torch_tensor() -> None:
    torch = pytest.importorskip("torch")
    x = torch.zeros(64, 2)[:, 0]
    y = torch.zeros(64)
    with pytest.raises(TypeError, match="argument 'x' is a non-contiguous torch tensor"):
        copy_kernel[1](x, y, 64)


def test_scalar_out_of_range() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(TypeError, match="argument 'n': 4294967296 does not fit in int32"):
        copy_kernel[1](x, x.copy(), 1 << 32)


def test_missing_argument() -> None:
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(TypeError, match="copy_kernel: missing a required argument: 'n'"):
        copy_kernel[1](x, x)


@pytest.mark.parametrize("grid", [0, -1, 2.0, "4", True, 65536, 1 << 32])
def test_bad_block_count(grid) -> None:
    """At most 65535 blocks (the NPU's blockDim limit); the error names the launch line."""
    with pytest.raises(ValueError) as info:
        copy_kernel[grid]
    line = sys._getframe().f_lineno - 1
    assert str(info.value) == (f"{__file__}:{line}: kernel 'copy_kernel': the number of blocks must be a "
                               f"positive int no larger than 65535 (the NPU's limit), got {grid!r}")


def test_block_count_limit_of_hand_written_kernels() -> None:
    from asc.runtime.ascendc_kernel import compile_ascendc

    kernel = compile_ascendc('#include "kernel_operator.h"\n'
                             'extern "C" __global__ __aicore__ void empty_kernel(GM_ADDR x) {}\n', "empty_kernel")
    x = np.zeros(8, dtype=np.float32)
    with pytest.raises(ValueError) as info:
        kernel(65536, x)
    line = sys._getframe().f_lineno - 1
    assert str(info.value).startswith(f"{__file__}:{line}: kernel 'empty_kernel': the number of blocks must be")
    assert kernel(3, x).ok
