"""The math library of asc.adv against numpy float64 references (python/test/adv/accuracy.py): every
function in float16 and float32 over its domain plus ±0, ±inf, NaN, denormals and large arguments, with
the bound docs/accuracy.md lists; the temp buffer (too small: an error naming the minimum; the minimum:
chunked, same results); wrong element types."""

from __future__ import annotations

import math

import numpy as np
import pytest
from accuracy import N, errors, inputs, quantised, reference
from adv_kernels import BINARY_NAMES, UNARY_NAMES, binary_kernel, exp_kernel, unary_kernel

import asc
import asc.adv
from asc.codegen.errors import CompileTypeError
from asc.runtime.errors import KernelError

pytestmark = pytest.mark.values(
    "adv.acos", "adv.acosh", "adv.asin", "adv.asinh", "adv.atan", "adv.atanh", "adv.ceil", "adv.cos", "adv.cosh",
    "adv.digamma", "adv.erf", "adv.erfc", "adv.floor", "adv.frac", "adv.lgamma", "adv.log", "adv.round",
    "adv.sign", "adv.sin", "adv.sinh", "adv.tan", "adv.tanh", "adv.trunc", "adv.exp", "adv.power", "adv.xor",
    "adv.axpy")

#: Max error (docs/accuracy.md: |got - ref| / max(1, |ref|), ref correctly rounded to the type) asserted
#: per function and type.
KERNELS = sorted(asc.adv.math.UNARY)
BOUNDS: dict[str, tuple[float, float]] = {
    "acos": (5e-7, 1.2e-7), "acosh": (3e-7, 1.2e-7), "asin": (5e-7, 1.2e-7), "asinh": (3e-7, 1.2e-7),
    "atan": (4e-7, 1.2e-7), "atanh": (3e-7, 1.2e-7), "ceil": (0, 0), "cos": (8e-7, 1.2e-7),
    "cosh": (3e-6, 1.2e-7), "digamma": (1.5e-6, 1.2e-7), "erf": (8e-7, 1.2e-7), "erfc": (8e-7, 8e-6),
    "floor": (0, 0), "frac": (0, 0), "lgamma": (7e-6, 3.1e-5), "log": (0, 0), "round": (0, 0), "sign": (0, 0),
    "sin": (9e-7, 1.2e-7), "sinh": (3e-6, 1.2e-7), "tan": (2e-6, 1.2e-7), "tanh": (3e-7, 1.2e-7),
    "trunc": (0, 0),
}
#: exp by (Taylor level, float32): the truncated series dominates at level 4.
EXP_BOUNDS = {(0, True): 0, (0, False): 0, (4, True): 5e-3, (4, False): 5e-3, (10, True): 3e-7,
              (10, False): 1.2e-7}
POWER_BOUND = 1e-5
#: docs/accuracy.md's notes (scripts/measure_accuracy.py appends them to the table).
NOTES = """exp (`asc.adv.exp`, float32 / float16, bound in brackets): level 0 (the basic Exp instruction) exact
on these inputs [0 / 0]; level 4: 3.7e-3 / 4.2e-3 [5e-3 / 5e-3], the series of e^f, f in [0, 1), stops at
f⁴/24; level 10: 1.4e-7 / 0 [3e-7 / 1.2e-7].

power (float32, random bases in [0, 4) and exponents in [-4, 4) plus the C pow special cases): bound 1e-5;
e^(b ln|a|) loses about |b ln a| ulps of the exponent, so the error grows with the size of the result.

Known deviations (not compared by the tests): digamma(±inf) gives ln(1e37) = 85.2 for +inf (the argument
is capped) and NaN for -inf; at its poles (0 and the negative integers) it gives an infinity of either
sign (torch: -inf at 0); lgamma(-inf) is NaN (C: inf). power(-1, ±inf) is NaN (C: 1). sin, cos and tan
reduce by 2π with a three-part float32 constant: accurate to |x| ≈ 1e4 (the table's large arguments are
1e3 and -2e3); beyond, the reduction loses bits: the result is still a sine or cosine (in [-1, 1], tan
finite) but not that of x (the reduced argument is clamped to [-4, 4]). tan is sin(r) / sin(π/2 - |r|),
π/2 in two float32 parts: next to its poles π/2 - |r| is exact, so the cosine keeps its relative accuracy
and tan its bound on its random range (-3, 3) and next to ±π/2 (float32: at most 4.5e-7 on 32768 random
arguments in (-3, 3) and on the 4096 floats nearest each of ±π/2; with the cos series it was 3e-5 at
1.5693). erfc carries the absolute error of Abramowitz-Stegun 7.1.26 (1.5e-7): its relative error is
large where the result is tiny (large x); erf, where 1 - erfc would cancel to that absolute error near 0
(float16 erf(4.2e-7), a subnormal, was 3.0e-7, numpy 4.8e-7), is the Taylor series to x⁹ below |x| = 1/4.
Errors near 0 of tanh, sinh, asinh, atanh and near 1 of acos are absolute for the same reason
(cancellation in 1 - e^-2x and the like).

Signed zeros (the error measure does not see them; the spec does not state them): every function gives
the sign numpy gives for ±0, the ± subnormals, ±inf (python/test/adv/test_adv_special_values.py): of -0.0,
the odd functions (sin, tan, asin, atan, sinh, tanh, asinh, atanh, erf) and ceil, floor, trunc and round
give -0.0; sinh, tanh and atanh multiply their magnitude by sign(x), as e^x and ln(1) drop the sign of
-0.0 and of the negative x too small to move them from 1; sign(-0.0) is +0.0, as numpy.sign gives;
frac(-0.0) and frac(-2.0) are +0.0 (x - trunc(x)).
"""


def run_unary(name: str, x: np.ndarray, tmp: int | None = None) -> np.ndarray:
    if tmp is None:
        tmp = max(32, getattr(asc.adv, f"get_{name}_tmp_size")(len(x), asc.float32 if x.dtype == np.float32
                                                                else asc.float16)[1])
    y = np.zeros_like(x)
    unary_kernel[1](x, y, len(x), tmp, UNARY_NAMES.index(name))
    return y


def measure(name: str, dtype) -> float:
    x = inputs(name, dtype)
    got = run_unary(name, x)
    return float(np.max(errors(got, quantised(reference(name, x), dtype))))


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_unary_function_is_within_its_bound(name: str, dtype) -> None:
    bound = BOUNDS[name][0 if dtype == np.float32 else 1]
    assert measure(name, dtype) <= bound


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
@pytest.mark.parametrize("level", [0, 4, 10])
def test_exp_taylor_levels(level: int, dtype) -> None:
    x = inputs("exp", dtype)
    y = np.zeros_like(x)
    exp_kernel[1](x, y, N, asc.adv.get_exp_tmp_size(N, asc.float32 if dtype == np.float32 else asc.float16)[1],
                  level)
    err = float(np.max(errors(y, quantised(reference("exp", x), dtype))))
    assert err <= EXP_BOUNDS[(level, dtype == np.float32)]


def test_chunked_temp_gives_the_same_results() -> None:
    for name in ("tanh", "lgamma", "sin"):
        x = inputs(name, np.float32)
        minimum = asc.adv.math_tmp_size(name, N, asc.float32)[0] if hasattr(asc.adv, "math_tmp_size") else \
            getattr(asc.adv, f"get_{name}_tmp_size")(N, asc.float32)[0]
        np.testing.assert_array_equal(run_unary(name, x, minimum), run_unary(name, x))


@pytest.mark.parametrize("name,dtype,need", [("tanh", np.float32, 768), ("tanh", np.float16, 1280),
                                             ("lgamma", np.float32, 2336)])
def test_a_temp_buffer_too_small_names_the_minimum(name: str, dtype, need: int) -> None:
    assert getattr(asc.adv, f"get_{name}_tmp_size")(N, asc.float32 if dtype == np.float32 else asc.float16)[0] \
        == need
    with pytest.raises(KernelError, match=rf"{name}: the temp buffer holds {need - 32} bytes, but at least "
                                          rf"{need} are needed \(asc.adv.get_{name}_tmp_size gives the minimum"):
        run_unary(name, inputs(name, dtype), need - 32)


def test_power_follows_c_pow() -> None:
    rng = np.random.default_rng(3)
    a = rng.uniform(0, 4, N).astype(np.float32)
    b = rng.uniform(-4, 4, N).astype(np.float32)
    special = [(-2.0, 3.0), (-2.0, 2.0), (-2.0, 0.5), (0.0, -1.0), (-0.0, -1.0), (-0.0, 2.0), (0.0, 0.0),
               (math.nan, 0.0), (1.0, math.nan), (math.inf, -1.0), (-math.inf, 3.0), (2.0, math.inf),
               (0.5, math.inf), (3e-39, 0.5), (-8.0, 1 / 3)]
    for i, (p, q) in enumerate(special):
        a[i], b[i] = p, q
    y = np.zeros_like(a)
    binary_kernel[1](a, b, y, N, asc.adv.get_power_tmp_size(N)[1], BINARY_NAMES.index("power"))
    with np.errstate(all="ignore"):
        ref = np.power(a.astype(np.float64), b.astype(np.float64))
    assert float(np.max(errors(y, quantised(ref, np.float32)))) <= POWER_BOUND
    assert math.copysign(1, y[4]) == -1 and y[4] == -math.inf  # pow(-0, -1) = -inf


@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_power_of_minus_infinity_to_a_non_integer_is_not_nan(dtype) -> None:
    # C pow: (-inf)^b is +inf for b > 0 and +0 for b < 0 unless b is an odd integer; only a finite
    # negative base to a non-integer power is NaN (this gave NaN for -inf too)
    a = np.ones(64, dtype)
    b = np.ones(64, dtype)
    cases = [(-math.inf, 0.5, math.inf), (-math.inf, 2.5, math.inf), (-math.inf, -0.5, 0.0), (-math.inf, -1.5, 0.0),
             (-math.inf, 3.0, -math.inf), (-math.inf, -3.0, -0.0), (-math.inf, 2.0, math.inf), (-2.0, 0.5, math.nan),
             (-math.inf, math.nan, math.nan)]
    for i, (p, q, _) in enumerate(cases):
        a[i], b[i] = p, q
    y = np.zeros_like(a)
    binary_kernel[1](a, b, y, 64, asc.adv.get_power_tmp_size(64)[1], BINARY_NAMES.index("power"))
    got = [float(v) for v in y[: len(cases)]]
    want = [w for _, _, w in cases]
    assert [repr(g) for g in got] == [repr(w) for w in want]


@pytest.mark.parametrize("name", ["sin", "cos", "tan"])
def test_sin_cos_tan_of_huge_arguments_stay_finite_and_bounded(name: str) -> None:
    # beyond |x| ~ 1e4 the reduction by 2 pi loses bits (docs/accuracy.md), but the result must stay a value
    # sin and cos can take (it gave cos(3e9) = 1.3e23, sin(1e30) = -inf and tan(1e30) = NaN)
    x = np.full(64, 0.5, np.float32)
    huge = [3e9, -3e9, 1e30, -1e30, 3.4e38, -3.4e38, 16777216.0, 1e20]
    x[: len(huge)] = huge
    x[len(huge): len(huge) + 3] = [math.inf, -math.inf, math.nan]
    y = run_unary(name, x)[: len(huge) + 3]
    assert np.all(np.isfinite(y[: len(huge)]))
    if name != "tan":
        assert np.all(np.abs(y[: len(huge)]) <= 1)
    assert np.all(np.isnan(y[len(huge):]))  # sin, cos, tan of ±inf and NaN: NaN


def test_tan_keeps_its_bound_next_to_its_poles() -> None:
    # cos near +-pi/2 carried the series' absolute error, a relative one of tan: 3e-5 at 1.5693
    p = np.float32(math.pi / 2)
    below = [np.nextafter(p, np.float32(0)), np.nextafter(np.nextafter(p, np.float32(0)), np.float32(0))]
    near = [float(v) for v in [p, *below]] + [1.5707, 1.5705, 1.5697, 1.5693, 1.57, 1.569]
    x = np.full(64, 0.5, np.float32)
    x[: 2 * len(near)] = near + [-v for v in near]
    got = run_unary("tan", x)
    err = errors(got, quantised(reference("tan", x), np.float32))
    assert float(np.max(err)) <= BOUNDS["tan"][0], dict(zip(x[: 2 * len(near)].tolist(), err.tolist()))


def test_xor_of_int16() -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(-32768, 32767, N, dtype=np.int16)
    b = rng.integers(-32768, 32767, N, dtype=np.int16)
    y = np.zeros_like(a)
    binary_kernel[1](a, b, y, N, asc.adv.get_xor_tmp_size(N)[0], BINARY_NAMES.index("xor"))
    np.testing.assert_array_equal(y, a ^ b)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_axpy_rounds_once(dtype) -> None:
    rng = np.random.default_rng(5)
    x = rng.uniform(-100, 100, N).astype(dtype)
    d0 = rng.uniform(-100, 100, N).astype(dtype)
    y = d0.copy()
    binary_kernel[1](x, x, y, N, asc.adv.get_axpy_tmp_size(N, asc.float32 if dtype == np.float32 else asc.float16)[1],
                     -1)
    want = (x.astype(np.float32) * np.float32(1.5) + d0.astype(np.float32)).astype(dtype)
    np.testing.assert_array_equal(y, want)


@asc.jit
def wrong_dtype_kernel(x: asc.GlobalAddress):
    s = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 1024, 1024)
    asc.adv.tanh(s, s, 64, t)


def test_wrong_dtype_names_the_supported_types() -> None:
    with pytest.raises(CompileTypeError, match=r"adv.tanh: 'dst' holds int32, but adv.tanh supports float16, "
                                               r"float32 on Ascend 910B/910C"):
        wrong_dtype_kernel[1](np.zeros(4, np.float32))


# -- the forms without a temp buffer: the UB above the TPipe's buffers (PopStackBuffer) -----------------

@asc.jit
def tanh_on_the_stack(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg.set_global_buffer(y, n)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q_in, num=1, len=n * 4)
    pipe.init_buffer(que=q_out, num=1, len=n * 4)
    s = q_in.alloc_tensor(asc.float32)
    asc.data_copy(s, xg, n)
    q_in.enque(s)
    s = q_in.deque(asc.float32)
    d = q_out.alloc_tensor(asc.float32)
    asc.adv.tanh(d, s, n)
    q_out.enque(d)
    q_in.free_tensor(s)
    d = q_out.deque(asc.float32)
    asc.data_copy(yg, d, n)
    q_out.free_tensor(d)


def test_without_a_temp_buffer_the_ub_above_the_tpipe_is_used(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    x = inputs("tanh", np.float32)
    y = np.zeros_like(x)
    tanh_on_the_stack[1](x, y, len(x))
    # The same instructions as with a temp buffer big enough for one pass.
    np.testing.assert_array_equal(y, run_unary("tanh", x))
    cpp = next(tmp_path.glob("tanh_on_the_stack-*/ascendc.cpp")).read_text()
    call = next(line.strip() for line in cpp.splitlines() if "AscendC::Tanh<" in line)
    assert call == "AscendC::Tanh<float, false>(d, s_1, 1024);"  # dst, src, count: no temp buffer


@asc.jit
def tanh_without_a_pipe(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, n)
    asc.adv.tanh(s, s, n)


def test_without_a_temp_buffer_a_tpipe_is_needed() -> None:
    with pytest.raises(KernelError, match=r"asc.adv.tanh without a temp buffer works in the Unified Buffer above "
                                          r"the TPipe's buffers \(Ascend C's PopStackBuffer\), but no TPipe is live: "
                                          r"create a TPipe, or pass temp_buffer"):
        tanh_without_a_pipe[1](np.zeros(64, dtype=np.float32), 64)
