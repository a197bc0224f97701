"""Every advanced function run with exactly the minimum temp buffer its get_<name>_tmp_size helper gives
(so it works in the most chunks) gives the results of the one-pass (maximum) size, in float32 and float16
(test_adv_math.py checks three unary functions in float32 only)."""

from __future__ import annotations

import numpy as np
import pytest
from adv_kernels import UNARY_NAMES, binary_kernel, unary_kernel

import asc
import asc.adv

pytestmark = pytest.mark.values("adv.power", "adv.axpy", "adv.xor", *(f"adv.{n}" for n in UNARY_NAMES))

N = 256
DTYPES = [(np.float32, asc.float32), (np.float16, asc.float16)]


def run_binary(which: int, a: np.ndarray, b: np.ndarray, tmp: int) -> np.ndarray:
    y = b.copy() if which < 0 else np.zeros_like(a)  # axpy accumulates into dst
    binary_kernel[1](a, b, y, len(a), tmp, which)
    return y


@pytest.mark.parametrize("dtype,adt", DTYPES, ids=["f32", "f16"])
@pytest.mark.parametrize("name,which", [("power", 0), ("axpy", -1)])
def test_power_and_axpy_at_the_minimum_temp(name: str, which: int, dtype, adt) -> None:
    # power at its minimum (1600 bytes) computed a chunk of 0 elements and never advanced: the block spun
    # until the watchdog stopped it.
    rng = np.random.default_rng(5)
    a = rng.uniform(0.25, 3, N).astype(dtype)
    b = rng.uniform(-3, 3, N).astype(dtype)
    lo, hi = getattr(asc.adv, f"get_{name}_tmp_size")(N, adt)
    assert lo < hi
    np.testing.assert_array_equal(run_binary(which, a, b, lo), run_binary(which, a, b, hi))


def test_xor_at_the_minimum_temp() -> None:
    rng = np.random.default_rng(6)
    a = rng.integers(-32768, 32767, N, dtype=np.int16)
    b = rng.integers(-32768, 32767, N, dtype=np.int16)
    lo, hi = asc.adv.get_xor_tmp_size(N, asc.int16)
    assert lo < hi
    np.testing.assert_array_equal(run_binary(1, a, b, lo), a ^ b)


@pytest.mark.parametrize("dtype,adt", DTYPES, ids=["f32", "f16"])
@pytest.mark.parametrize("name", UNARY_NAMES)
def test_unary_at_the_minimum_temp(name: str, dtype, adt) -> None:
    lo, hi = getattr(asc.adv, f"get_{name}_tmp_size")(N, adt)
    x = np.random.default_rng(7).uniform(0.1, 0.9, N).astype(dtype)  # in every function's domain
    out = []
    for tmp in (lo, hi):
        y = np.zeros_like(x)
        unary_kernel[1](x, y, N, max(tmp, 32), UNARY_NAMES.index(name))
        out.append(y)
    np.testing.assert_array_equal(out[0], out[1])
