"""One holder of the backend, the part and the device (`asc.runtime.config`): the
`asc.lib.runtime` calls and `config` agree in every order of calls, and a launch simulates the part
that was selected, whichever call selected it."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
from asc.runtime.ascendc_kernel import run_ascendc

B, P = config.Backend, config.Platform

#: Each call and the (backend, part) it leaves, given the (backend, part) before it.
CALLS: dict[str, tuple[Callable[[], None], Callable[[B, P], tuple[B, P]]]] = {
    "rt.set_soc_version('Ascend910B3')": (lambda: rt.set_soc_version("Ascend910B3"),
                                          lambda b, p: (b, P.Ascend910B3)),
    "rt.set_soc_version(Platform.Ascend910_9392)": (lambda: rt.set_soc_version(P.Ascend910_9392),
                                                    lambda b, p: (b, P.Ascend910_9392)),
    "rt.use_model()": (rt.use_model, lambda b, p: (B.Model, p)),
    "config.set_platform('Model', 'Ascend910B2')": (lambda: config.set_platform("Model", "Ascend910B2"),
                                                    lambda b, p: (B.Model, P.Ascend910B2)),
    "config.set_platform(Backend.Model)": (lambda: config.set_platform(B.Model),
                                           lambda b, p: (B.Model, P.Ascend910B1)),
    "config.set_platform(NPU, 'Ascend910B4', check=False)": (
        lambda: config.set_platform(B.NPU, "Ascend910B4", check=False), lambda b, p: (B.NPU, P.Ascend910B4)),
}


def _views() -> list[tuple[B, P]]:
    """What every accessor says the backend and part are."""
    backend = config.current_backend()
    return [(backend, config.current_platform()), (backend, rt.get_soc_version()),
            (B.Model if rt.is_model() else B.NPU, P(rt.current_platform())),
            (backend, config.platform_info().platform)]


def test_every_order_of_calls_agrees() -> None:
    for order in itertools.permutations(CALLS):
        config.set_platform(B.Model)
        expected = (B.Model, P.Ascend910B1)
        for name in order:
            call, effect = CALLS[name]
            call()
            expected = effect(*expected)
            assert _views() == [expected] * 4, f"after {name} in {' → '.join(order)}"


def test_use_npu_without_cann_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    rt.set_soc_version("Ascend910B3")
    with pytest.raises(RuntimeError, match="the NPU backend needs Huawei CANN, which was not found"):
        rt.use_npu()
    assert _views() == [(B.Model, P.Ascend910B3)] * 4


def test_unknown_soc_version_lists_the_valid_ones_and_changes_nothing() -> None:
    rt.set_soc_version("Ascend910B3")
    with pytest.raises(ValueError, match=r"unknown platform 'Ascend999'; valid platforms: \['Ascend910B1', "):
        rt.set_soc_version("Ascend999")
    assert _views() == [(B.Model, P.Ascend910B3)] * 4


def test_one_device_holder() -> None:
    with pytest.raises(ValueError, match=r"^the simulator has one device \(0\); got device 1$"):
        rt.set_device(1)
    with pytest.raises(ValueError, match=r"^the simulator has one device \(0\); got device 2$"):
        config.set_platform(B.Model, device_id=2)
    assert config.current_device() == rt.current_device() == 0
    config.set_platform(B.NPU, device_id=3, check=False)
    assert config.current_device() == rt.current_device() == rt.create_stream().device_id == 3
    rt.set_device(0)
    assert config.current_device() == 0


@asc.jit
def touch(x: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    xg.set_value(asc.get_block_idx(), 1.0)


TOUCH = """
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void touch_cpp(GM_ADDR x) {
  AscendC::GlobalTensor<float> xg;
  xg.SetGlobalBuffer((__gm__ float *)x, 64);
  xg.SetValue(AscendC::GetBlockIdx(), 1.0f);
}
"""


@pytest.mark.parametrize("select", ["rt.set_soc_version", "config.set_platform"])
def test_a_launch_simulates_the_selected_part(select: str) -> None:
    """48 blocks: Ascend910B1 has 48 vector cores at 1850 MHz, Ascend910B3 40 at 1800 MHz."""
    x = np.zeros(64, dtype=np.float32)
    touch[48](x, 64)
    assert (rt.last_launch().cores_used, rt.last_launch().clock_mhz) == (48, 1850.0)
    if select == "rt.set_soc_version":
        rt.set_soc_version("Ascend910B3")
    else:
        config.set_platform(B.Model, "Ascend910B3")
    touch[48](x, 64)
    assert (rt.last_launch().cores_used, rt.last_launch().clock_mhz) == (40, 1800.0)
    run_ascendc(TOUCH, "touch_cpp", 48, x)
    assert (rt.last_launch().cores_used, rt.last_launch().clock_mhz) == (40, 1800.0)
    np.testing.assert_array_equal(x, np.r_[np.ones(48), np.zeros(16)].astype(np.float32))
    rt.use_model()
    touch[48](x, 64)
    assert (rt.last_launch().cores_used, rt.last_launch().clock_mhz) == (40, 1800.0)
