"""Inputs, float64 references and the error measure of the advanced math functions (shared by
test_adv_math.py and scripts/measure_accuracy.py, which writes docs/accuracy.md).

Error of one result: |got - ref| / max(1, |ref|) in float64 (absolute below 1, relative above); a NaN
reference needs a NaN, an infinite one the same infinity, and a non-finite result for a finite reference
is an infinite error.
"""

from __future__ import annotations

import math

import numpy as np

N = 1024


def digamma64(x: float) -> float:
    if math.isnan(x) or x == -math.inf:
        return math.nan
    if x == math.inf:
        return math.inf
    if x == 0:  # the pole at 0 (±0), -inf as in torch.digamma
        return -math.inf
    if x < 0 and x == math.floor(x):
        return math.nan
    if x < 0.5:  # reflection
        return digamma64(1 - x) - math.pi / math.tan(math.pi * x)
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    w = 1 / (x * x)
    return acc + math.log(x) - 0.5 / x - w * (1 / 12 - w * (1 / 120 - w * (1 / 252 - w * (1 / 240 - w / 132))))


def _lgamma64(x: float) -> float:
    if math.isnan(x):
        return math.nan
    if math.isinf(x):
        return math.inf
    try:
        return math.lgamma(x)
    except ValueError:  # poles
        return math.inf


def _vec(f):
    return lambda x: np.array([f(float(v)) for v in x], np.float64)


def _safe(f):
    def g(v: float) -> float:
        try:
            return f(v)
        except (ValueError, OverflowError):
            return math.nan
    return g


REFS = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
    "atanh": np.arctanh, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh, "digamma": _vec(digamma64),
    "erf": _vec(_safe(math.erf)), "erfc": _vec(_safe(math.erfc)), "floor": np.floor, "frac": lambda x: x - np.trunc(x),
    "lgamma": _vec(_lgamma64), "log": np.log, "round": lambda x: np.where(np.isfinite(x), np.sign(x) *
                                                                          np.floor(np.abs(x) + 0.5), x),
    "sign": np.sign, "sin": np.sin, "sinh": np.sinh, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc,
    "exp": np.exp,
}

#: The random range of each function (its domain, where it is not all reals).
RANGES = {
    "acos": (-1, 1), "asin": (-1, 1), "atanh": (-1, 1), "acosh": (1, 50), "log": (1e-3, 1e3),
    "sin": (-50, 50), "cos": (-50, 50), "tan": (-3, 3), "sinh": (-10, 10), "cosh": (-10, 10),
    "exp": (-20, 20), "lgamma": (-10, 20), "digamma": (-10, 20), "erf": (-5, 5), "erfc": (-5, 5),
    "tanh": (-10, 10), "atan": (-100, 100), "asinh": (-100, 100),
}

#: Arguments beyond the random range each function is checked on (beyond ±0, ±inf, NaN and denormals).
LARGE = {"sin": [1e3, -2e3], "cos": [1e3, -2e3], "tan": [], "exp": [88.0, -100.0], "sinh": [80.0, -80.0],
         "cosh": [80.0, -80.0], "lgamma": [1e4, 3e4], "digamma": [1e4, 3e4]}

#: Special arguments a function does not follow its reference on (documented in docs/accuracy.md).
DEVIATIONS: dict[str, list[float]] = {
    "digamma": [math.inf, -math.inf], "lgamma": [-math.inf],
}


def inputs(name: str, dtype, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    lo, hi = RANGES.get(name, (-100, 100))
    x = rng.uniform(lo, hi, N)
    tiny = 1e-40 if dtype == np.float32 else 3e-8
    specials = [0.0, -0.0, math.inf, -math.inf, math.nan, tiny, -tiny, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0, -1.0]
    big = 1e30 if dtype == np.float32 else 6e4
    if name not in LARGE:
        specials += [big, -big, 1e4, -1e4]
    else:
        specials += LARGE[name]
    if name in ("lgamma", "digamma"):
        specials += [-3.0, -0.25, 3.0]
    specials = [s for s in specials if s not in DEVIATIONS.get(name, [])
                and not (isinstance(s, float) and math.isnan(s) and math.nan in DEVIATIONS.get(name, []))]
    x[: len(specials)] = specials
    x = x.astype(dtype)
    if name == "digamma":  # its poles (negative integers) give an infinity of either sign: not compared
        poles = (x < 0) & (x == np.floor(x))
        x[poles] += dtype(0.5)
    return x


def reference(name: str, x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(REFS[name](x.astype(np.float64)), np.float64)


def errors(got: np.ndarray, ref: np.ndarray) -> np.ndarray:
    g = got.astype(np.float64)
    with np.errstate(all="ignore"):
        err = np.abs(g - ref) / np.maximum(1.0, np.abs(ref))
    err = np.where(np.isnan(ref), np.where(np.isnan(g), 0.0, np.inf), err)
    err = np.where(np.isinf(ref), np.where(g == ref, 0.0, np.inf), err)
    err = np.where(np.isfinite(ref) & ~np.isfinite(g), np.inf, err)
    return err


def quantised(ref: np.ndarray, dtype) -> np.ndarray:
    """The reference rounded to the output type (what a correctly rounded function returns)."""
    with np.errstate(all="ignore"):
        return ref.astype(dtype).astype(np.float64)
