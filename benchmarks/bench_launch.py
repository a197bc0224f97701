"""(4) Launch overhead: the cached seed kernel (1 block, 256 elements) launched 10,000 times.

Reports host µs per launch and splits it, interleaved in chunks, into
* the simulator's own run: the native `handle.launch` (or `handle.launch_planned`, the launch of a
  planned signature) called directly with the very arguments pyasc passed it (captured once by
  wrapping the handle), with race checks as set and `off`;
* pyasc's Python launch path, measured in place with the simulator stubbed out (the handle
  returns the captured result; put in once per chunk of launches), so nothing of pyasc's internals
  is replayed or assumed.
A cProfile run of the real launches lists the top Python costs.
"""

from __future__ import annotations

import cProfile
import io
import pstats
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

import numpy as np
import race_knob
from common import Row, Section, Stats, check, side_by_side
from kernels import seed_module

LAUNCHES = 10_000
CHUNKS = 10
BUDGET_US = 15.0  # issue 20: host time per launch
SIM_BUDGET_US = 10.0  # of which the simulator's run
PYTHON_BUDGET_US = 5.0  # and pyasc's Python launch path
ELEMENTS = 256


def _per_launch(fn: Callable[[], object], count: int) -> Callable[[], None]:
    def run() -> None:
        for _ in range(count):
            fn()
    return run


class _Recorder:
    """Wraps a loaded kernel's native handle; remembers the arguments and result of its last launch."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.method = "launch"
        self.args: tuple = ()
        self.result: Any = None

    def launch(self, *args: Any) -> Any:
        self.method, self.args = "launch", args
        self.result = self.inner.launch(*args)
        return self.result

    def launch_planned(self, *args: Any) -> Any:
        self.method, self.args = "launch_planned", args
        self.result = self.inner.launch_planned(*args)
        return self.result

    def replay(self) -> Callable[[], Any]:
        """The native call that was recorded, with its arguments."""
        method, args = getattr(self.inner, self.method), self.args
        return lambda: method(*args)


class _Stub:
    """Stands in for the native handle: returns a real result without running the simulator."""

    def __init__(self, result: Any) -> None:
        self.result = result

    def launch(self, *args: Any) -> Any:
        return self.result

    def launch_planned(self, *args: Any) -> Any:
        return self.result


@contextmanager
def _handle(loaded: Any, replacement: Any) -> Any:
    original = loaded.handle
    loaded.handle = replacement
    try:
        yield
    finally:
        loaded.handle = original


def _profile(fn: Callable[[], None], launches: int, top: int = 10) -> list[str]:
    profiler = cProfile.Profile()
    profiler.enable()
    fn()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    total = stats.total_tt  # type: ignore[attr-defined]
    lines = [f"launch cProfile, {launches} launches, top {top} by own time "
             f"(profiled total {total / launches * 1e6:.1f} µs/launch; cProfile inflates Python calls):"]
    entries = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (file, line, func), (_, ncalls, tottime, cumtime, _) in entries[:top]:
        where = f"{file.split('/python/')[-1].split('/lib/python3')[-1]}:{line}({func})"
        lines.append(f"    {tottime / launches * 1e6:6.2f} µs/launch own, {cumtime / launches * 1e6:6.2f} cum, "
                     f"{ncalls / launches:4.0f} calls/launch  {where}")
    lines.append("    (nanobind calls are invisible to cProfile: the native launch is inside _launch's own time)")
    return lines


def run(quick: bool) -> Section:
    section = Section("launch")
    kernel = seed_module().vadd_kernel
    rng = np.random.default_rng(0)
    x, y = rng.random(ELEMENTS, dtype=np.float32), rng.random(ELEMENTS, dtype=np.float32)
    z = np.zeros_like(x)

    def launch() -> None:
        kernel[1](x, y, z, ELEMENTS)

    launch()
    np.testing.assert_array_equal(z, x + y)
    (loaded,) = kernel._kernels.values()
    recorder = _Recorder(loaded.handle)
    with _handle(loaded, recorder):
        launch()
    with race_knob.race_mode(race_knob.OFF), _handle(loaded, _Recorder(loaded.handle)):
        launch()
        launch()  # the second launch of a signature in this environment is planned
        native_off = loaded.handle.replay()
    with _handle(loaded, recorder):
        launch()  # planned (the first launch above recorded the plan)
    native, stub = recorder.replay(), _Stub(recorder.result)
    launches = 1000 if quick else LAUNCHES
    per_chunk = launches // CHUNKS

    def python_path() -> None:
        # The stub is put in once per chunk: a context manager per launch costs more than the launch
        # path itself (benchmarks/results.md, "Python launch path and import, round 5").
        with _handle(loaded, stub):
            _per_launch(launch, per_chunk)()

    raw = side_by_side({
        "full": _per_launch(launch, per_chunk),
        "native": _per_launch(native, per_chunk),
        "native_off": _per_launch(native_off, per_chunk),
        "python": python_path,
    }, CHUNKS)
    per: dict[str, Stats] = {k: Stats(tuple(s / per_chunk for s in v.samples)) for k, v in raw.items()}
    us = {k: v.median * 1e6 for k, v in per.items()}
    section.rows.append(Row("4 launch", f"host time per launch, cached tiny kernel ({launches} launches)",
                            str(per["full"]), f"budget {BUDGET_US:g} µs", us["full"] / BUDGET_US, "≤ 1× budget",
                            check(us["full"], BUDGET_US),
                            f"simulator run {us['native']:.1f} µs ({us['native_off']:.1f} µs with "
                            f"{race_knob.ENV}={race_knob.OFF}); Python launch path {us['python']:.1f} µs"))
    section.rows.append(Row("4 launch", "simulator run of the launch (native, race checks on)",
                            str(per["native"]), f"budget {SIM_BUDGET_US:g} µs", us["native"] / SIM_BUDGET_US,
                            "≤ 1× budget", check(us["native"], SIM_BUDGET_US),
                            f"{recorder.method}; {us['native_off']:.1f} µs with {race_knob.ENV}={race_knob.OFF}"))
    section.rows.append(Row("4 launch", "Python launch path (simulator stubbed out)",
                            str(per["python"]), f"budget {PYTHON_BUDGET_US:g} µs", us["python"] / PYTHON_BUDGET_US,
                            "≤ 1× budget", check(us["python"], PYTHON_BUDGET_US),
                            f"sum {us['native'] + us['python']:.1f} µs vs full {us['full']:.1f} µs"))
    section.details += _profile(_per_launch(launch, launches), launches)
    return section
