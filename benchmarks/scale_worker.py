"""Fresh-process probe for (6): peak RSS of a 1 GiB launch and its time with 1 vs 2 host threads.

Allocates x, y, z (float32, 1 GiB together), launches the scaled seed add on 48 blocks, and
reads the peak RSS (VmHWM, cross-checked with getrusage) before verifying in chunks (so the
check allocates nothing large). Then times launches alternating PYASC_SIM_THREADS=1 and 2,
interleaved with two calibrations that tell what the shared machine offered at that moment: sha256 of
64 MiB on 1 vs 2 threads (its CPUs), and the add's direct floor on the same arrays on 1 vs 2 threads
(its memory system: floor.py's C++ add straight into z with non-temporal stores, no UB, nothing
else); and records CPU-time / wall-time of the 2-thread launches.
Prints one JSON line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import floor  # noqa: E402
from kernels import vadd_tiles  # noqa: E402

BLOCKS = 48
TILE = 8192  # float32 elements = 32 KiB


def status_bytes(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise KeyError(field)


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _hash_split(data: memoryview, threads: int) -> None:
    """CPU-bound work that scales with threads (sha256 releases the GIL): the machine's own speedup."""
    step = len(data) // threads
    workers = [threading.Thread(target=hashlib.sha256, args=(data[i * step:(i + 1) * step],))
               for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--working-set", type=int, default=2**30, help="bytes of x + y + z")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    tiles = args.working_set // 3 // 4 // TILE
    n = tiles * TILE
    baseline = status_bytes("VmRSS")
    rng = np.random.default_rng(0)
    x = np.empty(n, dtype=np.float32)
    y = np.empty(n, dtype=np.float32)
    rng.random(out=x, dtype=np.float32)
    rng.random(out=y, dtype=np.float32)
    z = np.zeros_like(x)
    vadd_tiles[BLOCKS](x[:TILE * BLOCKS], y[:TILE * BLOCKS], z[:TILE * BLOCKS], BLOCKS, TILE, 2)  # compile
    before = status_bytes("VmRSS")
    start = time.perf_counter()
    vadd_tiles[BLOCKS](x, y, z, tiles, TILE, 2)
    first = time.perf_counter() - start
    peak = status_bytes("VmHWM")
    peak_rusage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    step = 1 << 22
    for i in range(0, n, step):
        if not np.array_equal(z[i:i + step], x[i:i + step] + y[i:i + step]):
            raise SystemExit(f"wrong result near element {i}")
    times: dict[str, list[float]] = {"1": [], "2": []}
    calibration: dict[str, list[float]] = {"1": [], "2": []}
    direct: dict[str, list[float]] = {"1": [], "2": []}
    utilisation: list[float] = []
    data = memoryview(os.urandom(64 * 2**20))
    with tempfile.TemporaryDirectory() as tmp:
        dll = floor.build(Path(tmp))
    for _ in range(args.repeats):
        for threads in times:
            os.environ["PYASC_SIM_THREADS"] = threads
            cpu, start = _cpu_seconds(), time.perf_counter()
            vadd_tiles[BLOCKS](x, y, z, tiles, TILE, 2)
            wall = time.perf_counter() - start
            times[threads].append(wall)
            if threads == "2":
                utilisation.append((_cpu_seconds() - cpu) / wall)
        for threads in calibration:
            start = time.perf_counter()
            _hash_split(data, int(threads))
            calibration[threads].append(time.perf_counter() - start)
        for threads in direct:
            start = time.perf_counter()
            floor.floor_add(dll, x, y, z, TILE, BLOCKS, int(threads), floor.OUT_DIRECT)
            direct[threads].append(time.perf_counter() - start)
    if not np.array_equal(z[:step], x[:step] + y[:step]) or not np.array_equal(z[-step:], x[-step:] + y[-step:]):
        raise SystemExit("the direct floor's add is wrong")
    print(json.dumps({"elements": n, "array_bytes": 3 * n * 4, "baseline_rss": baseline,
                      "rss_before_launch": before, "peak_rss": peak, "peak_rusage": peak_rusage,
                      "first_launch": first, "threads": times, "calibration": calibration, "direct_floor": direct,
                      "utilisation_2_threads": utilisation, "cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
