"""How long the simulator's pool thread takes to wake after an idle gap (floor/wake.cpp).

A launch hands blocks to the caller's thread and the pool's sleeping workers; a worker that wakes
late leaves the caller to run the blocks alone. bench_throughput's `settle()` sleeps before each
candidate, so a short launch (reduce_sum: ≈ 4 ms) reads as one thread's time whenever the wake takes
milliseconds. This probe measures that wake with nothing of the simulator: a thread sleeping on a
condition variable, notified after a sleep of each gap, then both threads computing for 4 ms; per gap
one line as the pool did before and one with the worker steered off the caller's CPU first (as the
pool does now after an idle gap: sim/lib/device/Device.cpp), each with the wake's percentiles, how
often the worker woke on the caller's CPU and how long the two then shared one CPU.

    cd benchmarks && ../.venv/bin/python wake.py [--rounds N] [--gaps 0,1,5,20,100]
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "floor" / "wake.cpp"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--gaps", default="0,1,5,20,100", help="idle gaps in ms, comma-separated")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "wake"
        cxx = shlex.split(os.environ.get("CXX", "c++"))
        subprocess.run([*cxx, "-O2", "-std=c++17", "-pthread", "-o", str(exe), str(SOURCE)], check=True)
        for gap in (int(g) for g in args.gaps.split(",")):
            for steer in ([], ["steer"]):
                subprocess.run([str(exe), str(gap), str(args.rounds), *steer], check=True)


if __name__ == "__main__":
    main()
