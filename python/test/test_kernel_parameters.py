"""What @asc.jit takes (a function defined with def) and the parameter kinds of kernels and device
functions: positional-only and keyword-only parameters work as in Python (a keyword-only one is not
filled positionally); `*args`/`**kwargs` are refused on a kernel with a message at the launch line."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import LaunchTypeError


@asc.jit
def _sum_posonly(a, /, b):
    return a * 10 + b


@asc.jit
def _sum_kwonly(a, *, b):
    return a * 10 + b


@asc.jit
def posonly_kernel(y: asc.GlobalAddress, /, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, n)
    g.set_value(1, _sum_posonly(n, 2))
    g.set_value(2, _sum_kwonly(n, b=3))


@asc.jit
def kwonly_kernel(y: asc.GlobalAddress, *, n: int, m: int = 9):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)
    g.set_value(0, n)
    g.set_value(1, m)


@asc.jit
def variadic_kernel(y: asc.GlobalAddress, *sizes):
    g = asc.GlobalTensor()
    g.set_global_buffer(y, 8)


def test_positional_only_parameters() -> None:
    y = np.zeros(8, dtype=np.int32)
    posonly_kernel[1](y, 4)
    assert y[:3].tolist() == [4, 42, 43]
    with pytest.raises(LaunchTypeError, match="'y' parameter is positional only"):
        posonly_kernel[1](y=y, n=4)


def test_keyword_only_parameters() -> None:
    y = np.zeros(8, dtype=np.int32)
    kwonly_kernel[1](y, n=5)
    assert y[:2].tolist() == [5, 9]
    kwonly_kernel[1](y, n=6, m=7)
    assert y[:2].tolist() == [6, 7]
    kwonly_kernel[1](y, n=5)  # the default again
    assert y[:2].tolist() == [5, 9]
    with pytest.raises(LaunchTypeError) as e:
        kwonly_kernel[1](y, 5, 7)  # as many arguments as parameters, but n and m are keyword-only
    assert e.value.message == ("kernel 'kwonly_kernel': too many positional arguments (3 given); its parameters "
                               "are (y, *, n, m=9)")


def test_variadic_kernel_is_refused_at_the_launch() -> None:
    y = np.zeros(8, dtype=np.int32)
    for args in [(y,), (y, 1, 2)]:
        with pytest.raises(LaunchTypeError) as e:
            variadic_kernel[1](*args)
        assert e.value.message == ("kernel 'variadic_kernel' takes *sizes, but a kernel has one launch argument "
                                   "per parameter: name each parameter")
        assert e.value.location.file == __file__


@pytest.mark.parametrize("fn,what", [
    (lambda y: None, "a lambda"),
    (3, "int 3"),
    (print, "builtin_function_or_method <built-in function print>"),
    (posonly_kernel, "JITFunction JITFunction(test_kernel_parameters:posonly_kernel)"),
])
def test_jit_needs_a_function_defined_with_def(fn, what) -> None:
    with pytest.raises(TypeError) as e:
        asc.jit(fn)
    assert str(e.value) == (f"@asc.jit compiles a function defined with `def name(...):` from its source, but got "
                            f"{what}; define the kernel or device function with def")
