"""Shared pieces of the benchmarks: result rows, side-by-side timing, subprocesses.

Every comparison is measured *interleaved* in one process (ours, reference, ours,
reference, ...) so that a noisy neighbour slows both sides alike; a row reports the
ratio of the medians and, as a noise check, the ratio of the minima.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent


@dataclass
class Row:
    """One line of the results table.

    `ratio` is ours / reference (lower is better) unless `higher_is_better`; `target`
    is the bound the ratio (or, when `reference` is empty, the value) must meet.
    """

    bench: str
    metric: str
    ours: str
    reference: str = ""
    ratio: float | None = None
    target: str = ""
    status: str = ""
    note: str = ""


@dataclass
class Section:
    """The rows of one benchmark plus free-form detail lines (profiles, breakdowns)."""

    name: str
    rows: list[Row] = field(default_factory=list)
    details: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Stats:
    """Summary of repeated wall-time samples, in seconds."""

    samples: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def min(self) -> float:
        return min(self.samples)

    def __str__(self) -> str:
        return f"{fmt_time(self.median)} (min {fmt_time(self.min)}, n={len(self.samples)})"


def fmt_time(seconds: float) -> str:
    if seconds >= 1.0:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} µs"


def fmt_bytes(n: float) -> str:
    return f"{n / 2**20:.0f} MiB" if n < 2**30 else f"{n / 2**30:.2f} GiB"


def check(value: float, bound: float, higher_is_better: bool = False) -> str:
    ok = value >= bound if higher_is_better else value <= bound
    return "PASS" if ok else "MISS"


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


#: How long `settle` sleeps per probe, and the CPU the process may burn meanwhile to count as idle.
SETTLE_PROBE_S = 0.01
SETTLE_IDLE_CPU_S = 0.001


def settle(limit_s: float = 0.5) -> float:
    """Waits until no thread of this process burns CPU any more; returns the seconds waited.

    numpy's OpenBLAS threads keep spinning for tens of milliseconds after a matrix product
    (measured: 30-45 ms of CPU in the 50-100 ms after a 1024^3 `a @ b`), so a candidate timed
    right after one shares the two cores with them and looks up to 1.5x slower. Each candidate
    therefore starts on an idle process: probes of `SETTLE_PROBE_S` until one costs the process
    less than `SETTLE_IDLE_CPU_S` of CPU, at most `limit_s` in all. Nothing of this is timed.
    """
    waited = 0.0
    while waited < limit_s:
        cpu = time.process_time()
        time.sleep(SETTLE_PROBE_S)
        waited += SETTLE_PROBE_S
        if time.process_time() - cpu < SETTLE_IDLE_CPU_S:
            break
    return waited


def side_by_side(candidates: Mapping[str, Callable[[], object]], repeats: int,
                 warmup: int = 1) -> dict[str, Stats]:
    """Runs every candidate once per round, `repeats` rounds, after `warmup` untimed rounds.

    Wall times are returned; the process CPU time of each call (all threads) is kept in
    `CPU[name]`, because on a shared machine a multi-threaded candidate loses more wall time to a
    busy neighbour than a single-threaded reference, while CPU time is about the same either way.
    Before each timed call the process is let `settle`, so no candidate pays for the threads the
    previous one left spinning.
    """
    for _ in range(warmup):
        for fn in candidates.values():
            fn()
    samples: dict[str, list[float]] = {name: [] for name in candidates}
    cpu: dict[str, list[float]] = {name: [] for name in candidates}
    for _ in range(repeats):
        for name, fn in candidates.items():
            settle()
            cpu_start, start = time.process_time(), time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - cpu_start)
    CPU.update({name: Stats(tuple(c)) for name, c in cpu.items()})
    return {name: Stats(tuple(s)) for name, s in samples.items()}


#: CPU-time stats of the latest side_by_side call, by candidate name.
CPU: dict[str, Stats] = {}


def ratio_row(bench: str, metric: str, ours: Stats, ref: Stats, ref_name: str, target: float,
              note: str = "", ours_cpu: Stats | None = None, ref_cpu: Stats | None = None) -> Row:
    """Row for `ours / ref` (lower is better); the note adds the min/min ratio (a noise check) and,
    when given, the ratio of CPU times."""
    ratio = ours.median / ref.median
    extra = [f"min/min {ours.min / ref.min:.2f}×"]
    if ours_cpu is not None and ref_cpu is not None and ref_cpu.median > 0:
        extra.append(f"CPU-time ratio {ours_cpu.median / ref_cpu.median:.2f}×")
    if note:
        extra.append(note)
    return Row(bench, metric, str(ours), f"{ref_name} {ref}", ratio, f"≤ {target:g}×", check(ratio, target),
               "; ".join(extra))


def run_json(cmd: Sequence[str], env: Mapping[str, str] | None = None, timeout: float = 1800,
             cwd: Path | None = None) -> dict:
    """Runs a worker that prints one JSON object on its last stdout line; returns it."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run(list(cmd), capture_output=True, text=True, env=full_env, timeout=timeout,
                          cwd=cwd)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    if not lines:
        raise RuntimeError(f"{' '.join(cmd)} printed nothing; stderr:\n{proc.stderr[-3000:]}")
    return json.loads(lines[-1])


def python_worker(script: str, *args: str, env: Mapping[str, str] | None = None,
                  timeout: float = 1800) -> dict:
    """Runs `benchmarks/<script>` with this interpreter (the product venv) in a fresh process."""
    return run_json([sys.executable, str(BENCH_DIR / script), *args], env=env, timeout=timeout)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
