"""Peak-RSS growth of one long launch with the race check off, then on (bench_race.py).

Prints one JSON line: iters, growth_off_mb, growth_on_mb, seconds_off, seconds_on.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import race_knob  # noqa: E402
from kernels import retouch_loop  # noqa: E402


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iters", type=int, default=400_000)
    args = parser.parse_args()
    x = np.ones(64, dtype=np.float32)
    z = np.zeros_like(x)
    out: dict[str, float] = {"iters": args.iters}
    with race_knob.race_mode(race_knob.ON):
        retouch_loop[1](x, z, 10)  # compiled, checker warmed up
    for mode, key in ((race_knob.OFF, "off"), (race_knob.ON, "on")):
        before = peak_mb()
        start = time.perf_counter()
        with race_knob.race_mode(mode):
            retouch_loop[1](x, z, args.iters)
        out[f"seconds_{key}"] = time.perf_counter() - start
        out[f"growth_{key}_mb"] = peak_mb() - before
    print(json.dumps(out))


if __name__ == "__main__":
    main()
