"""Whether the simulator's race-check knob (`PYASC_RACE_CHECK=off|warn|raise`) exists and works.

The knob is being added while these benchmarks are written, so they probe for it
instead of assuming it: a kernel with a deliberate RAW race (MTE2 writes a tile, V
reads it with no flag in between) is launched with the knob `off` and `raise` in this
process. A detector that obeys the knob reports the race only under `raise`.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

import asc
from asc.runtime.errors import KernelError

ENV = "PYASC_RACE_CHECK"
ON, OFF = "raise", "off"


@asc.jit
def racy_add(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    x_local = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    z_local = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 4096, n)
    asc.data_copy(x_local, x_gm, n)
    # Deliberately missing: set_flag/wait_flag(MTE2_V). V reads x_local while MTE2 writes it.
    asc.add(z_local, x_local, x_local, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_local, n)


@contextmanager
def race_mode(mode: str | None) -> Iterator[None]:
    """Sets (or, with None, unsets) the knob for the duration of the block."""
    old = os.environ.get(ENV)
    if mode is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = mode
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = old


def _reports_race(mode: str) -> bool:
    x = np.ones(1024, dtype=np.float32)
    z = np.zeros_like(x)
    with race_mode(mode), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            racy_add[1](x, z, 1024)
        except KernelError:
            return True
    return any(issubclass(w.category, RuntimeWarning) for w in caught)


@dataclass(frozen=True)
class Probe:
    """What the probe found; `works` means on/off can be measured side by side in-process."""

    detected_when_on: bool
    detected_when_off: bool

    @property
    def works(self) -> bool:
        return self.detected_when_on and not self.detected_when_off

    def describe(self) -> str:
        if self.works:
            return f"{ENV} works (race reported under '{ON}', not under '{OFF}')"
        if not self.detected_when_on and not self.detected_when_off:
            return (f"no race detector yet: a deliberate MTE2→V race is not reported with {ENV}={ON}, "
                    "so 'checks on' and 'off' run the same code")
        return f"{ENV} is ignored in-process: the race is reported under both '{ON}' and '{OFF}'"


def probe() -> Probe:
    return Probe(_reports_race(ON), _reports_race(OFF))
