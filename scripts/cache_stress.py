"""Stress test of the kernel cache: many processes and threads compile and launch into one cache.

    python scripts/cache_stress.py --processes 8 --threads 4 --rounds 2 [--cache DIR]

Every thread launches the kernel all threads share (`affine` with scale 2) and the variant of its
thread index (4 variants, ConstExpr-specialised: offset 0..3), checks each result against numpy, and repeats `--rounds` times. Every
process starts with an empty in-memory cache, so all of them race to compile and publish the same 5
entries. The report counts failed launches, entries, corrupt entries (by the cache's own content
check) and temporary directories left in the cache. `python/test/test_cache_integrity.py` runs it
at 8 x 4 x 2; larger settings make a longer soak.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

# The kernels: the tests' shared ones.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "test"))
from gm_kernels import affine  # noqa: E402

VARIANTS = 4


def worker(threads: int, rounds: int) -> int:
    import numpy as np

    failures: list[str] = []

    def run(index: int) -> None:
        try:
            for _ in range(rounds):
                x = np.arange(64, dtype=np.float32) + index
                y = np.zeros_like(x)
                affine[1](x, y, 64, 2.0, 0.0)  # the same kernel in every thread
                np.testing.assert_array_equal(y, 2 * x)
                z = np.zeros_like(x)
                affine[1](x, z, 64, 1.0, float(index % VARIANTS))  # one of VARIANTS kernels
                np.testing.assert_array_equal(z, x + index % VARIANTS)
        except BaseException:  # every failure counts, whatever it is
            failures.append(traceback.format_exc())

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    for f in failures:
        print(f"FAILURE in pid {os.getpid()}:\n{f}", flush=True)
    print(f"launched {threads * rounds * 2}, failed {len(failures)}", flush=True)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=8)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help="cache directory (default: a fresh one)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.threads, args.rounds)

    cache = args.cache or Path(tempfile.mkdtemp(prefix="pyasc_stress_"))
    env = dict(os.environ, PYASC_CACHE_DIR=str(cache))
    cmd = [sys.executable, __file__, "--worker", "--threads", str(args.threads), "--rounds", str(args.rounds)]
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(args.processes)]
    failures = 0
    for p in procs:
        out, _ = p.communicate()
        if p.returncode != 0:
            failures += 1
            print(f"worker {p.pid} exited with {p.returncode}:\n{out}")
    elapsed = time.perf_counter() - start

    from asc.runtime.cache import FileCache

    launches = args.processes * args.threads * args.rounds * 2
    print(f"{args.processes} processes x {args.threads} threads x {args.rounds} rounds: "
          f"{launches} launches in {elapsed:.1f} s")
    print(f"failures: {failures}", flush=True)
    disk = FileCache(cache)
    entries = [p for p in cache.iterdir() if not p.name.startswith("tmp.")]
    corrupt = [p for p in entries if disk._check(p) is not None]
    leftovers = [p for p in cache.iterdir() if p.name.startswith("tmp.")]
    print(f"entries: {len(entries)}")
    print(f"corrupt entries: {len(corrupt)}")
    print(f"leftover temporary directories: {len(leftovers)}")
    return 0 if failures == 0 and not corrupt and not leftovers else 1


if __name__ == "__main__":
    sys.exit(main())
