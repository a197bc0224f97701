"""What asc.adv gives for special values where the spec states no semantics (docs/language.md "Special
values", docs/accuracy.md "Signed zeros"): quant of ±inf and NaN; softmax rows with -inf entries, equal
entries, huge magnitudes and non-finite rows; the math functions of ±0, ± subnormals, ±inf and NaN against
numpy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from accuracy import DEVIATIONS, errors, reference
from adv_kernels import BINARY_NAMES, UNARY_NAMES, binary_kernel, exp_kernel
from test_adv_math import BOUNDS, EXP_BOUNDS, run_unary
from test_norm_softmax_quant import quant_kernel, softmax_kernel, softmax_ref

import asc
import asc.adv

pytestmark = pytest.mark.values("adv.quant", "adv.softmax", "adv.sin", "adv.sign", "adv.round")


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_quant_saturates_infinities_and_gives_zero_for_nan(dtype) -> None:
    x = np.zeros(64, dtype)
    xs = [math.inf, -math.inf, math.nan, 127.6, -128.6, 101.5, -0.0]
    x[: len(xs)] = xs
    y = np.zeros(64, np.int8)
    quant_kernel[1](x, y, 64, 1.0, 0.0, False)
    assert y[: len(xs)].tolist() == [127, -128, 0, 127, -128, 102, 0]


def _softmax(x: np.ndarray):
    rows, cols = x.shape
    adt = asc.float32 if x.dtype == np.float32 else asc.float16
    tmp = asc.adv.get_softmax_tmp_size((rows, cols), adt)[0]
    per = 32 // x.dtype.itemsize
    y = np.zeros_like(x)
    s = np.zeros((rows, per), x.dtype)
    m = np.zeros((rows, per), x.dtype)
    softmax_kernel[1](x, y, s, m, asc.adv.softmax_tiling((rows, cols), adt, tmp), rows, cols, tmp, False)
    return y, s[:, 0], m[:, 0]


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_softmax_of_rows_with_minus_infinity_equal_and_huge_entries(dtype) -> None:
    cols = 64
    big = float(np.finfo(dtype).max)
    x = np.random.default_rng(5).normal(0, 3, (4, cols)).astype(dtype)
    x[0, :] = -np.inf
    x[0, 3] = 1.0  # one finite entry: 1 there, 0 elsewhere
    x[1, :] = 7.0  # all equal: 1/cols
    x[2, :5] = -np.inf
    x[3, :] = big
    x[3, 1] = -big
    y, s, m = _softmax(x)
    want, ws, wm = softmax_ref(x)
    rtol = 2e-6 if dtype == np.float32 else 2e-3
    np.testing.assert_allclose(y, want, rtol=rtol, atol=rtol * 1e-2)
    assert y[0, 3] == 1 and np.all(y[0, :3] == 0) and np.all(y[2, :5] == 0)
    np.testing.assert_allclose(s, ws[:, 0], rtol=rtol)
    np.testing.assert_array_equal(m, wm[:, 0].astype(dtype))


def test_softmax_of_one_row_with_a_tail() -> None:
    # one row of 72 float32: not a multiple of 64 (one repeat), a multiple of 8 (32 bytes)
    x = np.random.default_rng(6).normal(0, 3, (1, 72)).astype(np.float32)
    y, s, m = _softmax(x)
    want, ws, wm = softmax_ref(x)
    np.testing.assert_allclose(y, want, rtol=2e-6, atol=2e-8)
    np.testing.assert_allclose(s, ws[:, 0], rtol=2e-6)
    assert m[0] == np.float32(wm[0, 0])


def test_softmax_of_non_finite_rows_is_nan() -> None:
    x = np.ones((3, 64), np.float32)
    x[0, :] = -np.inf
    x[1, 5] = np.inf
    x[2, 7] = np.nan
    y, s, m = _softmax(x)
    assert np.all(np.isnan(y)) and np.all(np.isnan(s))
    assert m.tolist() == [-math.inf, math.inf, 1.0]  # the NaN row reports the max of its other entries


def _special_reference(name: str, x: np.ndarray) -> np.ndarray:
    """numpy's result (Python's math for erf, erfc and lgamma) at the special values, in x's type. round:
    np.rint, which agrees with rounding halves away from 0 at these values (accuracy.py's sign(x) floor(|x| +
    1/2) drops the sign of -0.0, which C's round keeps)."""
    if name == "round":
        return np.rint(x)
    with np.errstate(all="ignore"):
        return reference(name, x).astype(x.dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_math_functions_of_signed_zeros_subnormals_infinities_and_nan(dtype) -> None:
    # Every function against numpy over ±0, ± subnormals, ± the smallest normal, ±inf and NaN: the sign bit
    # exactly (sinh, tanh and atanh gave +0.0 for -0.0, and for the negative float32 subnormals, whose
    # e^x and ln rounded to exactly 1); zeros, infinities and the exact functions (bound 0) bit-exact; the
    # rest within the bound of docs/accuracy.md (near 0 it is absolute); NaN for NaN.
    x = np.array(_special_values(dtype), dtype)
    wrong = []
    for name in UNARY_NAMES:
        got = run_unary(name, np.concatenate([x, np.ones(64 - len(x), dtype)]))[: len(x)]
        want = _special_reference(name, x)
        bound = BOUNDS[name][0 if dtype == np.float32 else 1]
        err = errors(got, want.astype(np.float64))
        for a, g, w, e in zip(x.tolist(), got, want, err.tolist()):
            if a in DEVIATIONS.get(name, []):
                continue
            if math.isnan(w):
                ok = math.isnan(g)
            else:
                exact = w == 0 or math.isinf(w) or bound == 0
                ok = bool(np.signbit(g) == np.signbit(w)) and e <= bound and (not exact or g.tobytes() == w.tobytes())
            if not ok:
                wrong.append(f"{name}({a!r}) = {float(g)!r}, numpy: {float(w)!r}")
    assert not wrong, "\n".join(wrong)


def _special_values(dtype) -> list[float]:
    sub, tiny = float(np.finfo(dtype).smallest_subnormal), float(np.finfo(dtype).tiny)
    return [-0.0, 0.0, sub, -sub, 7 * sub, -7 * sub, tiny, -tiny, math.inf, -math.inf, math.nan]


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
@pytest.mark.parametrize("level", [0, 4, 10])
def test_exp_of_signed_zeros_subnormals_infinities_and_nan(level: int, dtype) -> None:
    # 1 for ±0, +0.0 (not -0.0) for -inf, inf, NaN; the subnormals within the level's bound (level 4's
    # series of e^f, f = x - floor(x), gives 0.9963 for the negative ones: floor is -1, f nearly 1)
    specials = _special_values(dtype)
    x = np.ones(64, dtype)
    x[: len(specials)] = specials
    y = np.zeros_like(x)
    exp_kernel[1](x, y, 64, asc.adv.get_exp_tmp_size(64, asc.float32 if dtype == np.float32 else asc.float16)[1],
                  level)
    got, want = y[: len(specials)], np.exp(x[: len(specials)].astype(np.float64)).astype(dtype)
    assert np.array_equal(np.signbit(got[:-1]), np.signbit(want[:-1])) and np.isnan(got[-1])
    assert got[:2].tolist() == [1.0, 1.0] and got[8:10].tobytes() == want[8:10].tobytes()
    assert float(np.max(errors(got, want.astype(np.float64)))) <= EXP_BOUNDS[(level, dtype == np.float32)]


def test_power_of_signed_zeros_and_subnormals_follows_c_pow() -> None:
    # the sign of a zero or infinite result: (-0)^odd and (-tiny)^odd keep the minus, (-0)^even and
    # (-0)^(non-integer) do not, (-0)^-odd is -inf
    sub = float(np.finfo(np.float32).smallest_subnormal)
    cases = [(-0.0, 3.0), (-0.0, 2.0), (-0.0, -3.0), (-0.0, -2.0), (0.0, 3.0), (-sub, 3.0), (-sub, 2.0),
             (-0.0, 0.5), (-0.0, 0.0), (sub, 1.0), (-sub, 1.0), (-0.0, 1.0), (-0.0, math.inf), (-0.0, -math.inf),
             (-math.inf, -3.0), (-2.0, -1e30)]
    a = np.ones(64, np.float32)
    b = np.ones(64, np.float32)
    for i, (p, q) in enumerate(cases):
        a[i], b[i] = p, q
    y = np.zeros_like(a)
    binary_kernel[1](a, b, y, 64, asc.adv.get_power_tmp_size(64)[1], BINARY_NAMES.index("power"))
    with np.errstate(all="ignore"):
        want = np.power(a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    assert [repr(float(v)) for v in y[: len(cases)]] == [repr(float(v)) for v in want[: len(cases)]]
