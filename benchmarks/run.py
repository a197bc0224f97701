"""Runs every pyasc benchmark and prints one table of ratios (see benchmarks/README.md).

    .venv/bin/python benchmarks/run.py                  # everything (~1.5 min; the first run also creates .venv-triton)
    .venv/bin/python benchmarks/run.py --quick          # a fast subset (~40 s)
    .venv/bin/python benchmarks/run.py --only launch compile
    .venv/bin/python benchmarks/run.py --write-results  # also refresh the table in benchmarks/results.md

Progress goes to stderr; the table (markdown) to stdout. A benchmark that fails becomes
an ERROR row; the others still run. The exit status is 0 even when targets are missed:
these are measurements, not tests.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import BENCH_DIR, Row, Section, log  # noqa: E402


def _benchmarks(args: argparse.Namespace) -> dict[str, Callable[[], Section]]:
    import bench_compile
    import bench_launch
    import bench_matmul
    import bench_peer
    import bench_race
    import bench_scale
    import bench_throughput
    import bench_timing_model

    q = args.quick
    return {
        "throughput": lambda: bench_throughput.run(q),  # (1) and (5)
        "peer": lambda: bench_peer.run(q, setup=not args.no_setup),  # (2)
        "compile": lambda: bench_compile.run(q),  # (3)
        "launch": lambda: bench_launch.run(q),  # (4)
        "scale": lambda: bench_scale.run(q),  # (6)
        "timing": lambda: bench_timing_model.run(q),  # (7)
        "race": lambda: bench_race.run(q),  # (8)
        "matmul": lambda: bench_matmul.run(q),  # (9)
    }


def main() -> int:
    names = ["throughput", "peer", "compile", "launch", "scale", "timing", "race", "matmul"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, smaller subset")
    parser.add_argument("--only", nargs="+", choices=names, help="run only these benchmarks")
    parser.add_argument("--no-setup", action="store_true", help="do not create benchmarks/.venv-triton")
    parser.add_argument("--write-results", action="store_true", help="update benchmarks/results.md")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args()

    # pyasc's bytecode up to date, as an installed wheel has it (`make build` writes it too): with
    # PYTHONDONTWRITEBYTECODE set, the fresh-process rows would time compiling pyasc from source.
    import asc

    compileall.compile_dir(str(Path(asc.__file__).parent), quiet=1)
    # A private kernel cache: no stale entries, and the user's cache is left alone.
    cache = tempfile.mkdtemp(prefix="pyasc_bench_run_")
    os.environ["PYASC_CACHE_DIR"] = cache
    try:
        return _run(args, names)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _run(args: argparse.Namespace, names: list[str]) -> int:
    import report

    import asc.runtime.config as config

    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    benchmarks = _benchmarks(args)
    sections: list[Section] = []
    start = time.perf_counter()
    for name in args.only or names:
        log(f"[{time.perf_counter() - start:6.1f} s] {name} ...")
        try:
            sections.append(benchmarks[name]())
        except Exception as e:  # noqa: BLE001 - one broken benchmark must not hide the others
            log(traceback.format_exc())
            sections.append(Section(name, [Row(name, "benchmark failed", "", status="ERROR",
                                               note=f"{type(e).__name__}: {str(e).splitlines()[0][:200]}")]))
    wall = time.perf_counter() - start
    text = report.render(sections, args.quick, wall)
    print(text)
    if args.write_results:
        report.write_results(BENCH_DIR / "results.md", text)
        log(f"updated {BENCH_DIR / 'results.md'}")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for s in sections for r in s.rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
