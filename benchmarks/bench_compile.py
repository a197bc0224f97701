"""(3) Compile latency of the seed kernel: cold (empty cache), warm (fresh process, disk hit), `import asc`.

Every sample is a fresh process (compile_worker.py). Cold samples get a new empty
PYASC_CACHE_DIR each; warm samples share one primed directory. One extra instrumented run
of each kind breaks the time down by stage. `import asc` is also compared with `import numpy`
(import_worker.py): pairs of fresh processes, one of each, the order alternating from pair to pair;
the row's ratio is the median of the pairs' ratios (`_import_row`).
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
from pathlib import Path

from common import Row, Section, Stats, check, fmt_time, python_worker

# Issue 20: cold ≤ 150 ms, warm ≤ 10 ms, `import asc` ≤ 1.3× `import numpy` (fresh processes).
COLD_BUDGET, WARM_BUDGET, IMPORT_RATIO = 0.150, 0.010, 1.3
#: Pairs of fresh `import asc` / `import numpy` processes (quick runs: IMPORT_PAIRS_QUICK).
IMPORT_PAIRS, IMPORT_PAIRS_QUICK = 25, 5


def _worker(cache: Path, instrument: bool = False, warm: bool = False, auto: bool = False) -> dict:
    args = [flag for flag, on in (("--instrument", instrument), ("--warm", warm), ("--auto", auto)) if on]
    return python_worker("compile_worker.py", *args, env={"PYASC_CACHE_DIR": str(cache)})


def _budget_row(metric: str, stats: Stats, budget: float, note: str = "") -> Row:
    ratio = stats.median / budget
    return Row("3 compile", metric, str(stats), f"budget {fmt_time(budget)}", ratio, "≤ 1× budget",
               check(ratio, 1.0), note)


def _breakdown(title: str, result: dict) -> list[str]:
    stages: dict[str, float] = result["stages"]
    total = sum(stages.values())
    lines = [f"{title} (one instrumented run; the modules pyasc imports lazily on this path are imported "
             f"before the call and listed as stages): call→result {fmt_time(result['call_to_result'])}, "
             f"stages sum {fmt_time(total)}:"]
    for name, seconds in sorted(stages.items(), key=lambda kv: -kv[1]):
        lines.append(f"    {name:<66} {fmt_time(seconds):>10}  {100 * seconds / total:5.1f} %")
    if result.get("missing_hooks"):
        lines.append(f"    (pyasc changed: not timed: {', '.join(result['missing_hooks'])})")
    return lines


def _import_pairs(pairs: int) -> list[dict[str, dict]]:
    """`pairs` pairs of fresh import_worker.py processes, asc first in even pairs, numpy first in odd ones."""
    results = []
    for i in range(pairs):
        order = ("asc", "numpy") if i % 2 == 0 else ("numpy", "asc")
        results.append({module: python_worker("import_worker.py", module) for module in order})
    return results


def _import_row(pairs: list[dict[str, dict]], in_workers: Stats) -> Row:
    """The row `import asc / import numpy`: wall time of the import in fresh processes.

    The two processes of a pair run back to back, so they share the host's load of that moment; the
    ratio is the median of the pairs' wall-time ratios, which a load that drifts over the run moves
    much less than a ratio of two medians (numpy's own import swings 58-87 ms between runs of a
    shared 2-core host). The note gives the ratio of the medians, of the minima and of the CPU times.
    """
    asc = Stats(tuple(p["asc"]["import"] for p in pairs))
    numpy = Stats(tuple(p["numpy"]["import"] for p in pairs))
    ratio = statistics.median(p["asc"]["import"] / p["numpy"]["import"] for p in pairs)
    cpu_ratio = statistics.median(p["asc"]["cpu"] / p["numpy"]["cpu"] for p in pairs)
    cpu_asc = statistics.median(p["asc"]["cpu"] for p in pairs)
    cpu_numpy = statistics.median(p["numpy"]["cpu"] for p in pairs)
    note = (f"median of {len(pairs)} adjacent-pair ratios (order alternating); median/median "
            f"{asc.median / numpy.median:.2f}×, min/min {asc.min / numpy.min:.2f}×; main-thread CPU time "
            f"{fmt_time(cpu_asc)} / {fmt_time(cpu_numpy)}, pair-median CPU ratio {cpu_ratio:.2f}×; "
            f"import asc inside the compile workers: {in_workers}")
    return Row("3 compile", "import asc / import numpy (fresh processes, alternating pairs)", str(asc),
               f"numpy {numpy}", ratio, f"≤ {IMPORT_RATIO:g}×", check(ratio, IMPORT_RATIO), note)


def run(quick: bool) -> Section:
    section = Section("compile")
    repeats = 2 if quick else 5
    root = Path(tempfile.mkdtemp(prefix="pyasc_bench_cache_"))
    try:
        cold = [_worker(root / f"cold{i}") for i in range(repeats)]
        cold_auto = [_worker(root / f"cold_auto{i}", auto=True) for i in range(repeats)]
        cold_instrumented = _worker(root / "cold_instrumented", instrument=True)
        warm_dir = root / "warm"
        _worker(warm_dir)  # prime the disk cache
        warm = [_worker(warm_dir) for _ in range(repeats)]
        warm_instrumented = _worker(warm_dir, instrument=True, warm=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    pairs = _import_pairs(IMPORT_PAIRS_QUICK if quick else IMPORT_PAIRS)
    runs = [*cold, *cold_auto, cold_instrumented, *warm, warm_instrumented]
    cold_stats = Stats(tuple(r["call_to_result"] for r in cold))
    cold_auto_stats = Stats(tuple(r["call_to_result"] for r in cold_auto))
    warm_stats = Stats(tuple(r["call_to_launch"] for r in warm))
    import_stats = Stats(tuple(r["import"] for r in runs))
    section.rows += [
        _budget_row("cold: first call → result (empty cache)", cold_stats, COLD_BUDGET),
        _budget_row("cold, LocalTensorAuto vadd with insert_sync (empty cache)", cold_auto_stats, COLD_BUDGET,
                    "benchmarks/kernels.py vadd_auto; docs/sync.md"),
        _budget_row("warm: first call → launch (fresh process, disk hit)", warm_stats, WARM_BUDGET),
    ]
    section.rows.append(_import_row(pairs, import_stats))
    section.details += _breakdown("cold compile breakdown", cold_instrumented)
    section.details += _breakdown("warm (disk hit) breakdown", warm_instrumented)
    return section
