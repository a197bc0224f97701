"""Host instructions per launch of the launch row's kernel, as Python runs it (callgrind).

    .venv/bin/python benchmarks/launch_ir.py [--mode native|full] [--top N]

The launch row (`bench_launch.py`) times tutorial 01's kernel on 1 block x 256 elements; its "native"
part is the recorded `launch_planned` call. Wall time on a shared host is noisy, so this counts
instructions instead: it runs itself under `valgrind --tool=callgrind` twice, with 1,000 and 3,000
launches after the same set-up, and prints (Ir at 3,000 - Ir at 1,000) / 2,000, with `--top` the
functions that differ most. `--mode full` times the whole `kernel[1](...)` call (pyasc's Python path
too). Unlike `build/py/bin/ascsim_launch_bench` (C++, `LaunchConfig` defaults) this measures what
the row runs: auto_sync on, as every `@asc.jit` kernel, and the simulator library `dlopen()`ed by the
Python module (benchmarks/results.md, "The launch as Python runs it"). OpenBLAS's idle threads spin
into a callgrind count, so the child runs with OPENBLAS_NUM_THREADS=1.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNTS = (1000, 3000)


def _child(launches: int, mode: str) -> None:
    sys.path.insert(0, str(HERE))
    import bench_launch
    import numpy as np
    from kernels import seed_module

    kernel = seed_module().vadd_kernel
    rng = np.random.default_rng(0)
    x, y = rng.random(256, dtype=np.float32), rng.random(256, dtype=np.float32)
    z = np.zeros_like(x)

    def launch() -> None:
        kernel[1](x, y, z, 256)

    launch()
    launch()  # the second launch of a signature is planned
    (loaded,) = kernel._kernels.values()
    recorder = bench_launch._Recorder(loaded.handle)
    with bench_launch._handle(loaded, recorder):
        launch()
    call = recorder.replay() if mode == "native" else launch
    gc.collect()
    gc.freeze()
    for _ in range(launches):
        call()
    print(recorder.method, launches)  # what was counted (launch_planned: the row's planned path)


def _functions(out: Path) -> dict[str, int]:
    text = subprocess.run(["callgrind_annotate", "--threshold=100", str(out)], capture_output=True,
                          text=True, check=True).stdout
    counts: dict[str, int] = {}
    started = False
    for line in text.splitlines():
        if "file:function" in line:
            started = True
            continue
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)", line) if started else None
        if m:
            name = m.group(2).strip()
            counts[name] = counts.get(name, 0) + int(m.group(1).replace(",", ""))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("native", "full"), default="native")
    parser.add_argument("--top", type=int, default=0, help="also list the N functions that differ most")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _child(args.child, args.mode)
        return 0
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    # Once without valgrind: a kernel compiled or a cache entry written in one count only would be
    # counted as launches.
    subprocess.run([sys.executable, __file__, "--mode", args.mode, "--child", "1"], env=env, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for n in COUNTS:
            out = Path(tmp) / f"callgrind.{n}"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                            __file__, "--mode", args.mode, "--child", str(n)], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            outs.append(_functions(out))
        low, high = outs
        per = COUNTS[1] - COUNTS[0]
        diff = {k: (high.get(k, 0) - low.get(k, 0)) / per for k in set(low) | set(high)}
    print(f"{args.mode}: {sum(diff.values()):,.0f} host instructions per launch")
    for name, ir in sorted(diff.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"{ir:10,.0f}  {name[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
