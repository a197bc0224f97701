"""(8) The race checker's cost: time with the check on vs off, and how it scales with the iterations.

`retouch_loop` makes each of 48 blocks re-read and re-write the same 256 GM bytes for N
iterations (N = 2,000 … 16,000): with a checker whose state grows with the accesses, the time per
iteration grows with N (it was quadratic: 0.52 / 1.63 / 5.94 / 23.95 s). Both settings are
measured interleaved in this process (`PYASC_RACE_CHECK=raise` and `off`). A fresh worker
(race_worker.py) runs 1 block × 400,000 iterations with the check off, then on, and reports the
growth of its peak RSS.
"""

from __future__ import annotations

import numpy as np
import race_knob
from common import CPU, Row, Section, check, fmt_time, python_worker, ratio_row, side_by_side
from kernels import retouch_loop

BLOCKS = 48
RATIO_TARGET = 2.0  # check on / off
LINEAR_TARGET = 1.5  # time per iteration at the largest N / at the smallest
RSS_TARGET_MB = 16.0  # peak RSS growth of the 400,000-iteration launch with the check on


def _launch(iters: int, mode: str) -> None:
    x = np.ones(BLOCKS * 64, dtype=np.float32)
    z = np.zeros_like(x)
    with race_knob.race_mode(mode):
        retouch_loop[BLOCKS](x, z, iters)
    if not np.array_equal(z, x + 1):
        raise AssertionError("retouch_loop computed a wrong result")


def run(quick: bool) -> Section:
    section = Section("race")
    sizes = (2000, 4000, 8000) if quick else (2000, 4000, 8000, 16000)
    repeats = 1 if quick else 3
    _launch(1, race_knob.ON)  # compiled once
    per_iter: dict[int, float] = {}
    section.details.append("| iterations | check on | check off | on / off |")
    section.details.append("|---|---|---|---|")
    last = None
    for n in sizes:
        stats = side_by_side({"on": lambda n=n: _launch(n, race_knob.ON),
                              "off": lambda n=n: _launch(n, race_knob.OFF)}, repeats, warmup=0)
        on, off = stats["on"], stats["off"]
        per_iter[n] = on.median / n
        section.details.append(f"| 48 × {n:,} | {fmt_time(on.median)} | {fmt_time(off.median)} | "
                               f"{on.median / off.median:.2f}× |")
        last = (n, on, off, CPU["on"], CPU["off"])
    assert last is not None
    n, on, off, on_cpu, off_cpu = last
    section.rows.append(ratio_row("8 race", f"check on / off, 48 blocks × {n:,} iterations on the same GM bytes",
                                  on, off, "off", RATIO_TARGET, ours_cpu=on_cpu, ref_cpu=off_cpu))
    growth = per_iter[sizes[-1]] / per_iter[sizes[0]]
    section.rows.append(Row("8 race", f"time per iteration, check on: {sizes[-1]:,} vs {sizes[0]:,} iterations",
                            f"{per_iter[sizes[-1]] * 1e6:.1f} µs", f"{per_iter[sizes[0]] * 1e6:.1f} µs", growth,
                            f"≤ {LINEAR_TARGET:g}×", check(growth, LINEAR_TARGET), "1.0× = linear"))
    mem = python_worker("race_worker.py", "--iters", "100000" if quick else "400000")
    section.rows.append(Row("8 race", f"peak RSS growth, 1 block × {mem['iters']:,} iterations, check on",
                            f"{mem['growth_on_mb']:.1f} MB", f"off {mem['growth_off_mb']:.1f} MB", None,
                            f"≤ {RSS_TARGET_MB:g} MB", check(mem["growth_on_mb"], RSS_TARGET_MB),
                            f"launch times: on {fmt_time(mem['seconds_on'])}, off {fmt_time(mem['seconds_off'])}"))
    return section
