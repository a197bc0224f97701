"""Run the hand-written Ascend C kernel add_custom.cpp on pyasc's simulator.

    python sim/examples/run_add_custom.py            # prints the simulator's report
    PYASC_SIM_TRACE=1 python sim/examples/run_add_custom.py --trace add.json

The kernel is compiled by the host C++ compiler against pyasc's Ascend C headers, like the code pyasc
emits, and gets the same checks (bounds, races, deadlocks) and timing estimate.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from asc.runtime.ascendc_kernel import run_ascendc

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=8)
    parser.add_argument("--block-length", type=int, default=8192)
    parser.add_argument("--tile-length", type=int, default=1024)
    parser.add_argument("--trace", help="write a Chrome/Perfetto trace here (needs PYASC_SIM_TRACE=1)")
    args = parser.parse_args()

    n = args.blocks * args.block_length
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros_like(x)
    result = run_ascendc(HERE / "add_custom.cpp", "add_custom", args.blocks, x, y, z,
                         args.block_length, args.tile_length)
    np.testing.assert_array_equal(z, x + y)
    print(result.summary(), end="")
    if args.trace:
        result.write_trace(args.trace)
        print(f"trace written to {args.trace} (open it in https://ui.perfetto.dev)")


if __name__ == "__main__":
    main()
