"""Bad launch arguments raise a LaunchError (also a TypeError/ValueError) at the launch line, naming the
parameter."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from gm_kernels import copy_kernel

from asc.errors import AscError
from asc.runtime.errors import LaunchError, LaunchTypeError, LaunchValueError


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
    assert e.value.message == (f"kernel 'copy_kernel': argument 'x' is annotated asc.GlobalAddress (an array in Global Memory) "
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
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x)
    assert isinstance(e.value, TypeError)
    assert e.value.message == "kernel 'copy_kernel': missing a required argument: 'n'; its parameters are (x, y, n)"


def test_a_misspelt_keyword_is_named_not_the_parameter_it_meant() -> None:
    """`k[1](x, y, m=16)` said "missing a required argument: 'n'", hiding the typo."""
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x, m=16)
    assert e.value.message == ("kernel 'copy_kernel': got an unexpected keyword argument 'm'; its parameters are "
                               "(x, y, n)")


@pytest.mark.parametrize("grid", [0, -1, 2.0, "4", True, np.bool_(True), 65536, 1 << 32, np.int64(0), None])
def test_bad_block_count(grid) -> None:
    """At most 65535 blocks (the NPU's blockDim limit); the error names the launch line."""
    with pytest.raises(LaunchValueError) as info:
        copy_kernel[grid]
    line = sys._getframe().f_lineno - 1
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, AscError)
    assert (err.location.file, err.location.line) == (__file__, line)
    assert err.message == (f"kernel 'copy_kernel': the number of blocks must be a positive int no larger than "
                           f"65535 (the NPU's limit), got {grid!r}")
    assert str(err).startswith(f"{__file__}:{line}: launch error: kernel 'copy_kernel': the number of blocks")
    assert "copy_kernel[grid]" in str(err)  # the launch line is shown


def test_numpy_integer_block_count() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    copy_kernel[np.int64(1)](x, y, 64)
    copy_kernel[np.uint16(1)](x, y, 64)
    np.testing.assert_array_equal(x, y)


def test_launch_errors_are_located_at_the_launch() -> None:
    x = np.zeros(64, dtype=np.float32)
    cases = [
        (lambda: copy_kernel[1](x), LaunchTypeError,
         "kernel 'copy_kernel': missing a required argument: 'y'; its parameters are (x, y, n)"),
        (lambda: copy_kernel[1](x, x, 64, 1), LaunchTypeError,
         "kernel 'copy_kernel': too many positional arguments (4 given); its parameters are (x, y, n)"),
        (lambda: copy_kernel[1](x, None, 64), LaunchTypeError,
         "kernel 'copy_kernel': argument 'y' is annotated asc.GlobalAddress (an array in Global Memory) but got "
         "NoneType; pass a numpy array or a torch tensor"),
        (lambda: copy_kernel[1](x, x, np.complex64(1)), LaunchTypeError,
         "kernel 'copy_kernel': argument 'n' is annotated int but got complex64 (1+0j)"),
        (lambda: copy_kernel[1, None, 3](x, x, 64), LaunchValueError,
         "kernel 'copy_kernel': launch with kernel[num_blocks] or kernel[num_blocks, stream]"),
    ]
    for launch, cls, message in cases:
        with pytest.raises(LaunchError) as info:
            launch()
        assert type(info.value) is cls
        assert info.value.message == message
        assert info.value.location.file == __file__
        source_line = open(__file__).read().splitlines()[info.value.location.line - 1]
        assert source_line.strip().startswith("(lambda: copy_kernel[1")  # the lambda that launched


def test_non_native_byte_order_is_rejected() -> None:
    """A big-endian array used to be passed as is: the kernel read byte-swapped elements."""
    x = np.arange(64, dtype=">f4")
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as info:
        copy_kernel[1](x, y, 64)
    assert info.value.message == ("kernel 'copy_kernel': argument 'x' is a numpy array in non-native byte order "
                                  "(>f4); kernels read native-endian elements: pass "
                                  "x.astype(x.dtype.newbyteorder('='))")
    assert (y == 0).all()
    copy_kernel[1](x.astype(x.dtype.newbyteorder("=")), y, 64)
    np.testing.assert_array_equal(y, np.arange(64, dtype=np.float32))


def test_block_count_limit_of_hand_written_kernels() -> None:
    from asc.runtime.ascendc_kernel import compile_ascendc

    kernel = compile_ascendc('#include "kernel_operator.h"\n'
                             'extern "C" __global__ __aicore__ void empty_kernel(GM_ADDR x) {}\n', "empty_kernel")
    x = np.zeros(8, dtype=np.float32)
    with pytest.raises(LaunchValueError) as info:
        kernel(65536, x)
    line = sys._getframe().f_lineno - 1
    assert (info.value.location.file, info.value.location.line) == (__file__, line)
    assert info.value.message.startswith("kernel 'empty_kernel': the number of blocks must be")
    with pytest.raises(LaunchTypeError) as info:
        kernel(1, x, x)
    line = sys._getframe().f_lineno - 1
    assert (info.value.location.file, info.value.location.line) == (__file__, line)
    assert info.value.message == "kernel 'empty_kernel' takes 1 arguments (pointer), but 2 were given"
    assert kernel(3, x).ok


@pytest.mark.parametrize("value, what", [
    (np.array(64), "ndarray of one element; pass the number: n.item()"),
    (np.array([64]), "ndarray of one element; pass the number: n.item()"),
    (np.array([64, 1]), "ndarray"),
])
def test_a_boxed_number_for_a_scalar_says_how_to_unbox_it(value, what) -> None:
    """A 0-d / one-element array for `n: int` said only "got ndarray"."""
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x.copy(), value)
    assert e.value.message == f"kernel 'copy_kernel': argument 'n' is annotated int but got {what}"


def test_a_one_element_torch_tensor_for_a_scalar_says_how_to_unbox_it() -> None:
    torch = pytest.importorskip("torch")
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x.copy(), torch.tensor(64))
    assert e.value.message == ("kernel 'copy_kernel': argument 'n' is annotated int but got Tensor of one element; "
                               "pass the number: n.item()")


@pytest.mark.parametrize("keyword", ["stream", "core_num"])
def test_a_launch_option_passed_as_an_argument_points_to_the_brackets(keyword: str) -> None:
    """`k[1](x, y, n, stream=s)` (pyasc's LaunchOptions) said only that the keyword is unexpected."""
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(LaunchTypeError) as e:
        copy_kernel[1](x, x.copy(), 64, **{keyword: None})
    assert e.value.message == (f"kernel 'copy_kernel': got an unexpected keyword argument '{keyword}'; its parameters "
                               "are (x, y, n); the blocks and the stream go in the brackets: "
                               "copy_kernel[num_blocks, stream](...)")
