"""A long fuzzing run: the properties of `python/test/fuzz/test_fuzz.py` with fresh random cases.

    python scripts/fuzz.py --cases 10000 [--mix run=2,compile=3,bad_statements=3.5,bad_launches=1.5]
                           [--seed N] [--out DIR] [--shrink]

`--cases` are split between the properties by `--mix` (weights). Unlike `make test`, a failing case
does not stop the run: each one is recorded (its problems and the generated module, in `--out`) and
the run goes on. At the end the script prints, per property, the cases run, the failures, the
distinct kinds of failure and the time; the exit status is 1 if any case failed. With `--shrink`,
hypothesis stops at the first failure and minimises it instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "test"))

import hypothesis.strategies as st  # noqa: E402
from fuzz.properties import PROPERTIES  # noqa: E402
from fuzz.runner import Worker  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

DEFAULT_MIX = "run=2,compile=3,bad_statements=3.5,bad_launches=1.5"


def _kind(problem: str) -> str:
    """A failure's kind: its first line without numbers and paths (to count distinct defects)."""
    first = problem.splitlines()[0] if problem else ""
    return "".join("#" if c.isdigit() else c for c in first)[:100]


def run_property(name: str, cases: int, worker: Worker, directory: Path, out: Path, seed: int | None,
                 shrink: bool) -> dict[str, Any]:
    prop = PROPERTIES[name]
    stats: dict[str, Any] = {"cases": 0, "failures": 0, "kinds": Counter(), "seconds": 0.0}
    started = time.monotonic()

    @settings(max_examples=cases, deadline=None, database=None, derandomize=False,
              phases=[Phase.generate, Phase.shrink] if shrink else [Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def case(data: Any) -> None:
        problems = prop(worker, directory, data)
        stats["cases"] += 1
        if problems:
            if shrink:
                raise AssertionError("\n".join(problems))
            stats["failures"] += 1
            stats["kinds"][_kind(problems[0])] += 1
            (out / f"{name}-{stats['failures']:04d}.txt").write_text("\n".join(problems))
        if stats["cases"] % 250 == 0:
            print(f"  {name}: {stats['cases']} cases, {stats['failures']} failures, "
                  f"{time.monotonic() - started:.0f} s", flush=True)

    if seed is not None:
        case = __import__("hypothesis").seed(seed)(case)
    try:
        case()
    except AssertionError as e:  # --shrink: the minimal failing case
        (out / f"{name}-shrunk.txt").write_text(str(e))
        stats["failures"] = max(1, stats["failures"])
        stats["kinds"][_kind(str(e))] += 1
    stats["seconds"] = time.monotonic() - started
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=10000)
    parser.add_argument("--mix", default=DEFAULT_MIX)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="where failing cases go")
    parser.add_argument("--shrink", action="store_true", help="stop at the first failure and minimise it")
    args = parser.parse_args()
    weights = {k: float(v) for k, v in (p.split("=") for p in args.mix.split(","))}
    unknown = set(weights) - set(PROPERTIES)
    if unknown:
        parser.error(f"unknown properties {sorted(unknown)}; known: {sorted(PROPERTIES)}")
    total = sum(weights.values())
    plan = {k: max(1, round(args.cases * w / total)) for k, w in weights.items()}
    out = args.out or Path(tempfile.mkdtemp(prefix="pyasc_fuzz_"))
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("PYASC_CACHE_DIR", str(out / "cache"))
    print(f"fuzzing: {plan}; failing cases go to {out}", flush=True)
    results = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pyasc_fuzz_modules_") as modules, Worker() as worker:
        for name, cases in plan.items():
            results[name] = run_property(name, cases, worker, Path(modules), out, args.seed, args.shrink)
        restarts = worker.started
    elapsed = time.monotonic() - started
    print(f"\n{'property':<16}{'cases':>8}{'failures':>10}{'kinds':>7}{'seconds':>10}{'ms/case':>9}")
    for name, r in results.items():
        per = 1000 * r["seconds"] / max(1, r["cases"])
        print(f"{name:<16}{r['cases']:>8}{r['failures']:>10}{len(r['kinds']):>7}{r['seconds']:>10.1f}{per:>9.0f}")
    cases_run = sum(r["cases"] for r in results.values())
    failures = sum(r["failures"] for r in results.values())
    print(f"{'total':<16}{cases_run:>8}{failures:>10}{'':>7}{elapsed:>10.1f}")
    print(f"worker processes started: {restarts} (1 + one per crash or hang)")
    for name, r in results.items():
        for kind, n in r["kinds"].most_common():
            print(f"  {name}: {n} x {kind}")
    (out / "summary.json").write_text(json.dumps(
        {k: {**v, "kinds": dict(v["kinds"])} for k, v in results.items()}, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
