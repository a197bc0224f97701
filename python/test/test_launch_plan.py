"""Launch plans (asc.runtime.plan): a signature launched again reuses the argument packing decided
at its first launch; every argument that does not fit the plan takes the general path, with the
same results and the same errors as without plans."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest
from gm_kernels import affine, copy_kernel

import asc
import asc.lib.runtime as rt
from asc import _C
from asc.runtime import config
from asc.runtime.dependencies import MISSING
from asc.runtime.errors import LaunchTypeError


@asc.jit
def scaled(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, s: float):
    """y[:n] = x[:n] * s (float32), s a runtime scalar."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = asc.GlobalTensor()
    h.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, s, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(h, t, n)


def _pair(dtype: type, n: int = 64, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    x = (np.random.default_rng(seed).random(n) * 100).astype(dtype)
    return x, np.zeros_like(x)


class _Counting:
    """Stands for a loaded kernel's native handle, counting the launches its plans ran."""

    def __init__(self, inner: object) -> None:
        self.inner, self.planned = inner, 0

    def launch(self, *args: object) -> object:
        return self.inner.launch(*args)

    def launch_planned(self, *args: object) -> object:
        result = self.inner.launch_planned(*args)
        self.planned += result is not None
        return result


def test_a_repeated_signature_runs_through_its_plan() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    plans = copy_kernel._plans
    kernels = {id(p.kernel): p.kernel for p in plans}.values()
    wrappers = []
    for kernel in kernels:
        wrappers.append((kernel, _Counting(kernel.handle)))
        kernel.handle = wrappers[-1][1]
    try:
        for seed in range(1, 4):  # new arrays of the same dtype: the same plan, each launch's own memory
            x, y = _pair(np.float32, seed=seed)
            copy_kernel[1](x, y, 64)
            np.testing.assert_array_equal(y, x)
    finally:
        for kernel, counting in wrappers:
            kernel.handle = counting.inner
    assert sum(counting.planned for _, counting in wrappers) == 3
    assert copy_kernel._plans is plans  # nothing re-planned
    assert rt.last_launch().ok


def test_signatures_launched_in_turn_each_get_their_own_kernel() -> None:
    for _ in range(2):
        for dtype in (np.float32, np.float16, np.int32):
            x, y = _pair(dtype)
            copy_kernel[1](x, y, 64)
            np.testing.assert_array_equal(y, x)
    assert len({id(p.kernel) for p in copy_kernel._plans}) >= 3


@pytest.mark.parametrize("bad, message", [
    (lambda x: x[::2], "argument 'x' is a non-contiguous numpy array"),
    (lambda x: np.frombuffer(x.tobytes(), dtype=x.dtype), "argument 'x' is a read-only numpy array"),
    (lambda x: x.astype(x.dtype.newbyteorder(">")), "argument 'x' is a numpy array in non-native byte order"),
])
def test_arrays_the_plan_refuses_raise_the_general_error(bad, message: str) -> None:
    x, y = _pair(np.float32, n=128)
    copy_kernel[1](x, y, 64)  # planned
    with pytest.raises(LaunchTypeError, match=message):
        copy_kernel[1](bad(x), y, 64)


def test_an_int_outside_int32_raises_after_planning() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    with pytest.raises(LaunchTypeError, match="argument 'n': 4294967296 does not fit in int32"):
        copy_kernel[1](x, y, 1 << 32)


def test_an_array_subclass_and_a_numpy_int_take_the_general_path() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    x2, y2 = _pair(np.float32, seed=5)
    copy_kernel[1](x2.view(_Sub), y2, np.int64(64))
    np.testing.assert_array_equal(y2, x2)


class _Sub(np.ndarray):
    pass


def test_float_scalars_pack_like_the_general_path() -> None:
    x, y = _pair(np.float32)
    for s in (0.1, -2.5, 3.0e36, float("-inf"), 1.0000001):
        scaled[1](x, y, 64, s)
        np.testing.assert_array_equal(y, x * np.float32(s))
    with pytest.raises(LaunchTypeError, match="argument 's'"):
        scaled[1](x, y, 64, 1e39)  # finite, but not a float32
    scaled[1](x, y, 64, 2)  # an int for `s: float`: converted by the annotation, then launched
    np.testing.assert_array_equal(y, x * np.float32(2))


def test_constexpr_values_select_their_own_kernel() -> None:
    x, y = _pair(np.float32)
    for scale, offset in ((2.0, 1.0), (2.0, 1.0), (3.0, -1.0), (2.0, 1.0), (-0.0, 0.0), (0.0, 0.0)):
        affine[1](x, y, 64, scale, offset)
        np.testing.assert_array_equal(y, x * np.float32(scale) + np.float32(offset))


def test_environment_knobs_are_read_at_every_planned_launch(monkeypatch: pytest.MonkeyPatch) -> None:
    x, y = _pair(np.float32)
    monkeypatch.delenv("PYASC_SIM_TRACE", raising=False)
    copy_kernel[1](x, y, 64)
    copy_kernel[1](x, y, 64)
    assert not rt.last_launch().has_trace
    monkeypatch.setenv("PYASC_SIM_TRACE", "1")
    copy_kernel[1](x, y, 64)
    assert rt.last_launch().has_trace
    monkeypatch.delenv("PYASC_SIM_TRACE")
    copy_kernel[1](x, y, 64)
    assert not rt.last_launch().has_trace


def _scale_kernel(name: str, scale: str, indent: str = "") -> str:
    """The source of a jit kernel `name` writing y = x * `scale` (a name it reads), indented by `indent`."""
    body = ("g = asc.GlobalTensor()", "g.set_global_buffer(x, n)", "h = asc.GlobalTensor()",
            "h.set_global_buffer(y, n)", "t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)",
            "asc.data_copy(t, g, n)", "asc.set_flag(asc.HardEvent.MTE2_V, 0)",
            "asc.wait_flag(asc.HardEvent.MTE2_V, 0)", f"asc.muls(t, t, {scale}, n)",
            "asc.set_flag(asc.HardEvent.V_MTE3, 0)", "asc.wait_flag(asc.HardEvent.V_MTE3, 0)",
            "asc.data_copy(h, t, n)")
    lines = ("@asc.jit", f"def {name}(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):",
             *(f"    {line}" for line in body))
    return "".join(f"{indent}{line}\n" for line in lines)


def test_a_rebound_global_recompiles_a_planned_kernel(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "rebind_mod.py"
    source.write_text("import asc\nSCALE = 2.0\n" + _scale_kernel("k", "SCALE"))
    monkeypatch.syspath_prepend(str(tmp_path))
    import rebind_mod

    x, y = _pair(np.float32)
    rebind_mod.k[1](x, y, 64)
    rebind_mod.k[1](x, y, 64)
    np.testing.assert_array_equal(y, x * np.float32(2.0))
    rebind_mod.SCALE = 5.0
    rebind_mod.k[1](x, y, 64)
    np.testing.assert_array_equal(y, x * np.float32(5.0))


_REBIND_SOURCE = ("import asc\nSCALE = 2.0\ndef make(closed):\n" + _scale_kernel("c", "closed", "    ")
                  + "    return c\n" + _scale_kernel("k", "SCALE"))


@pytest.fixture
def rebind_mod2(tmp_path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "rebind_mod2.py").write_text(_REBIND_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    import rebind_mod2

    yield rebind_mod2
    del __import__("sys").modules["rebind_mod2"]


def test_the_guard_covers_the_names_of_a_module_level_kernel(rebind_mod2) -> None:
    x, y = _pair(np.float32)
    rebind_mod2.k[1](x, y, 64)
    (plan,) = rebind_mod2.k._plans
    assert plan.deps is None  # the names read are compared natively, not the key in Python
    rebind_mod2.SCALE = float("2.0")  # equal, but another object: planned again, not compiled again
    rebind_mod2.k[1](x, y, 64)
    np.testing.assert_array_equal(y, x * np.float32(2.0))
    assert rebind_mod2.k._plans[1:] == (plan,) and len(rebind_mod2.k._kernels) == 1
    rebind_mod2.g = 1  # a name the kernel reads (its local `g`), now also a global: a new key
    rebind_mod2.k[1](x, y, 64)
    np.testing.assert_array_equal(y, x * np.float32(2.0))
    assert len(rebind_mod2.k._kernels) == 2 and len(rebind_mod2.k._plans) == 3


def test_a_closure_kernel_compares_its_key_in_python(rebind_mod2) -> None:
    x, y = _pair(np.float32)
    c = rebind_mod2.make(3.0)
    c[1](x, y, 64)
    c[1](x, y, 64)
    np.testing.assert_array_equal(y, x * np.float32(3.0))
    (plan,) = c._plans
    assert plan.deps is not None


def test_a_planned_launch_follows_the_platform() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    copy_kernel[1](x, y, 64)
    assert rt.last_launch().clock_mhz == 1850.0
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B3)
    copy_kernel[1](x, y, 64)
    assert rt.last_launch().clock_mhz == 1800.0
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    copy_kernel[1](x, y, 64)
    assert rt.last_launch().clock_mhz == 1850.0
    np.testing.assert_array_equal(y, x)


def test_a_guard_compares_by_identity_and_absence() -> None:
    big, other = int("100000000000000000000"), int("100000000000000000000")  # equal, two objects
    assert big == other and big is not other
    d = {"a": big}
    guard = _C.sim.Guard([(d, "a", big), (d, "b", MISSING)], MISSING)
    assert guard()
    d["a"] = other
    assert not guard()
    d["a"] = big
    d["b"] = None  # present, even as None, is not absent
    assert not guard()
    del d["b"]
    assert guard()
    d["c"] = 1  # another key: the dict changed (its version too), the entries did not
    assert guard() and guard()
    d["a"] = other  # after a check that passed, a change is still seen
    assert not guard()
    with pytest.raises(TypeError):
        _C.sim.Guard([([], "a", 1)], MISSING)  # not a dict


def test_a_guard_in_a_reference_cycle_is_collected() -> None:
    class Marker:
        pass

    marker = Marker()
    namespace = {"m": marker}
    namespace["guard"] = _C.sim.Guard([(namespace, "m", marker)], MISSING)
    alive = weakref.ref(marker)
    del namespace, marker
    gc.collect()
    assert alive() is None


def test_keyword_arguments_and_a_wrong_count_take_the_general_path() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    copy_kernel[1](x, y=y, n=64)
    np.testing.assert_array_equal(y, x)
    with pytest.raises(LaunchTypeError, match="missing a required argument: 'n'"):
        copy_kernel[1](x, y)


def test_grids_of_equal_value_but_another_type_are_still_checked() -> None:
    x, y = _pair(np.float32)
    copy_kernel[1](x, y, 64)
    with pytest.raises(ValueError, match="the number of blocks must be a positive int"):
        copy_kernel[True](x, y, 64)
    with pytest.raises(ValueError, match="the number of blocks must be a positive int"):
        copy_kernel[1.0](x, y, 64)
