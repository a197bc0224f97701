"""Runs Triton's own vector-add kernel under its interpreter (TRITON_INTERPRET=1) on torch CPU tensors.

Executed by bench_peer.py with the separate venv `benchmarks/.venv-triton` (never the product
venv). Prints one JSON line: versions, the wall time of each launch per BLOCK_SIZE, and
torch's own `torch.add(x, y, out=z)` on the same tensors as a machine-speed calibration.
"""

from __future__ import annotations

import argparse
import json
import os
import time

os.environ["TRITON_INTERPRET"] = "1"

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):  # noqa: N803
    # The kernel of Triton's tutorial 01-vector-add, verbatim in substance.
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


def launch(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor, block: int) -> float:
    n = x.numel()
    start = time.perf_counter()
    add_kernel[(triton.cdiv(n, block),)](x, y, z, n, BLOCK_SIZE=block)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--elements", type=int, required=True)
    parser.add_argument("--blocks", type=int, nargs="+", required=True, help="BLOCK_SIZE values")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    torch.manual_seed(0)
    x = torch.rand(args.elements, dtype=torch.float32)
    y = torch.rand(args.elements, dtype=torch.float32)
    z = torch.empty_like(x)
    results: dict[str, list[float]] = {}
    for block in args.blocks:
        small = x[: 4 * block]
        launch(small, y[: 4 * block], z[: 4 * block], block)  # warm-up: jit/interpreter set-up
        results[str(block)] = [launch(x, y, z, block) for _ in range(args.repeats)]
        if not torch.equal(z, x + y):
            raise SystemExit(f"triton result wrong for BLOCK_SIZE={block}")
    torch_add = []
    for _ in range(max(args.repeats, 5)):
        start = time.perf_counter()
        torch.add(x, y, out=z)
        torch_add.append(time.perf_counter() - start)
    print(json.dumps({"triton": triton.__version__, "torch": torch.__version__,
                      "torch_threads": torch.get_num_threads(), "launch": results, "torch_add": torch_add}))


if __name__ == "__main__":
    main()
