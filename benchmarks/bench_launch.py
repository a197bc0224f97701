"""(4) Launch overhead: the cached seed kernel (1 block, 256 elements) launched 10,000 times.

Reports host µs per launch, split into the simulator's own run of the kernel (the native
`handle.launch`, called directly with pre-packed arguments) and the Python launch path
(the rest), measured interleaved in chunks. A cProfile run lists the top costs.
"""

from __future__ import annotations

import cProfile
import importlib
import io
import pstats
from collections.abc import Callable
from typing import Any

import numpy as np
import race_knob
from common import Row, Section, Stats, check, side_by_side, timed
from kernels import seed_module

LAUNCHES = 10_000
CHUNKS = 10
BUDGET_US = 30.0
ELEMENTS = 256


def _per_launch(fn: Callable[[], object], count: int) -> Callable[[], None]:
    def run() -> None:
        for _ in range(count):
            fn()
    return run


def _native_launcher(kernel: object, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> Callable[[], object]:
    config = importlib.import_module("asc.runtime.config")
    model = importlib.import_module("asc.runtime.backends.model")
    specialize = importlib.import_module("asc.runtime.specialize")
    (loaded,) = kernel._kernels.values()  # type: ignore[attr-defined]
    arrays = {"x": x, "y": y, "z": z}
    regions = [specialize.pointer_region(name, a) for name, a in arrays.items()]
    words = [r[0] for r in regions] + [specialize.pack_scalar(ELEMENTS, "int32")]
    cfg = model.sim_config(config.platform_info(config.current_platform()))
    return lambda: loaded.handle.launch(1, words, regions, cfg)


def _each_us(fn: Callable[[], object], count: int = 2000) -> float:
    return min(timed(_per_launch(fn, count)) for _ in range(3)) / count * 1e6


def _steps(kernel: Any, args: tuple, native: Callable[[], object]) -> list[str]:
    """Unprofiled µs of each step of pyasc's launch path, replayed one by one (names as in jit.py)."""
    config = importlib.import_module("asc.runtime.config")
    model = importlib.import_module("asc.runtime.backends.model")
    sp = importlib.import_module("asc.runtime.specialize")
    names = list(kernel.signature.parameters)
    platform = config.current_platform()

    def bind() -> object:
        bound = kernel.signature.bind(*args)
        bound.apply_defaults()
        return bound.arguments

    steps: dict[str, Callable[[], object]] = {
        "signature.bind + apply_defaults": bind,
        "spec_of × 4 args": lambda: [sp.spec_of(n, v, n in kernel.constexprs) for n, v in zip(names, args)],
        "dependency_key()": kernel.dependency_key,
        "options.key() (dataclasses.astuple)": kernel.options.key,
        "platform_info + sim_config (new Config)": lambda: model.sim_config(config.platform_info(platform)),
        "pointer_region × 3 + pack_scalar": lambda: ([sp.pointer_region(n, v) for n, v in zip(names, args[:3])],
                                                     sp.pack_scalar(args[3], "int32")),
        "native handle.launch (simulator)": native,
    }
    lines = ["launch path replayed step by step (unprofiled, min of 3 × 2000):"]
    total = 0.0
    for name, fn in steps.items():
        try:
            us = _each_us(fn)
        except (AttributeError, TypeError) as e:  # pyasc's internals moved: say so, keep the rest
            lines.append(f"       n/a    {name} ({type(e).__name__}: {e})")
            continue
        total += us
        lines.append(f"    {us:6.2f} µs  {name}")
    full = _each_us(lambda: kernel[1](*args))
    lines.append(f"    {full - total:6.2f} µs  rest of the launch (grid partial, cache-key tuple and lookup, "
                 f"result and warnings handling, GC): full launch {full:.2f} µs − sum of the steps {total:.2f} µs")
    return lines


def _profile(fn: Callable[[], None], launches: int, top: int = 10) -> list[str]:
    profiler = cProfile.Profile()
    profiler.enable()
    fn()
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    total = stats.total_tt  # type: ignore[attr-defined]
    lines = [f"launch cProfile, {launches} launches, top {top} by own time "
             f"(profiled total {total / launches * 1e6:.1f} µs/launch; cProfile inflates Python calls):"]
    entries = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (file, line, func), (_, ncalls, tottime, cumtime, _) in entries[:top]:
        where = f"{file.split('/python/')[-1].split('/lib/python3')[-1]}:{line}({func})"
        lines.append(f"    {tottime / launches * 1e6:6.2f} µs/launch own, {cumtime / launches * 1e6:6.2f} cum, "
                     f"{ncalls / launches:4.0f} calls/launch  {where}")
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
    launches = 1000 if quick else LAUNCHES
    per_chunk = launches // CHUNKS
    native_launch = _native_launcher(kernel, x, y, z)
    with race_knob.race_mode(race_knob.OFF):  # the Config is built with the knob read now
        native_unchecked = _native_launcher(kernel, x, y, z)
    stats = side_by_side({"full": _per_launch(launch, per_chunk), "native": _per_launch(native_launch, per_chunk),
                          "native_off": _per_launch(native_unchecked, per_chunk)}, CHUNKS)
    full = Stats(tuple(s / per_chunk for s in stats["full"].samples))
    native = Stats(tuple(s / per_chunk for s in stats["native"].samples))
    native_off = Stats(tuple(s / per_chunk for s in stats["native_off"].samples))
    full_us = full.median * 1e6
    section.rows.append(Row("4 launch", f"host time per launch, cached tiny kernel ({launches} launches)",
                            str(full), f"budget {BUDGET_US:g} µs", full_us / BUDGET_US, "≤ 1× budget",
                            check(full_us, BUDGET_US),
                            f"of which simulator run {native.median * 1e6:.1f} µs, "
                            f"Python launch path {full_us - native.median * 1e6:.1f} µs; the simulator run "
                            f"with {race_knob.ENV}={race_knob.OFF}: {native_off.median * 1e6:.1f} µs"))
    section.rows.append(Row("4 launch", "Python launch path / simulator run of the kernel",
                            f"{full_us - native.median * 1e6:.1f} µs", f"native {native}",
                            (full.median - native.median) / native.median, "", "info"))
    section.details += _steps(kernel, (x, y, z, ELEMENTS), native_launch)
    section.details += _profile(_per_launch(launch, launches), launches)
    section.details.append("    (nanobind calls are invisible to cProfile: the native launch is inside _launch's own time)")
    return section
