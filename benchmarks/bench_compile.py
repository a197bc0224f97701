"""(3) Compile latency of the seed kernel: cold (empty cache), warm (fresh process, disk hit), `import asc`.

Every sample is a fresh process (compile_worker.py). Cold samples get a new empty
PYASC_CACHE_DIR each; warm samples share one primed directory. One extra instrumented run
of each kind breaks the time down by stage. `import asc` is also compared with `import numpy`
(import_worker.py), fresh processes alternating.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from common import Row, Section, Stats, check, fmt_time, python_worker

# Issue 20: cold ≤ 150 ms, warm ≤ 10 ms, `import asc` ≤ 1.3× `import numpy` (fresh processes).
COLD_BUDGET, WARM_BUDGET, IMPORT_RATIO = 0.150, 0.010, 1.3


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
    imports: dict[str, list[float]] = {"asc": [], "numpy": []}
    for _ in range(repeats * 2):
        for module in imports:
            imports[module].append(python_worker("import_worker.py", module)["import"])
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
    asc_stats, numpy_stats = Stats(tuple(imports["asc"])), Stats(tuple(imports["numpy"]))
    ratio = asc_stats.median / numpy_stats.median
    section.rows.append(Row("3 compile", "import asc / import numpy (fresh processes, alternating)",
                            str(asc_stats), f"numpy {numpy_stats}", ratio, f"≤ {IMPORT_RATIO:g}×",
                            check(ratio, IMPORT_RATIO), f"import asc inside the compile workers: {import_stats}"))
    section.details += _breakdown("cold compile breakdown", cold_instrumented)
    section.details += _breakdown("warm (disk hit) breakdown", warm_instrumented)
    return section
