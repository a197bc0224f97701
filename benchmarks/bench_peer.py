"""(2) Peer: Triton's interpreter running Triton's own vector add, against ours, in one invocation.

Triton lives in its own venv (`benchmarks/.venv-triton`, created on first use with
`torch==2.13.0` from the local wheel and a pinned `triton`) and runs in a subprocess;
ours runs here on torch CPU tensors of the same size, immediately before and after
the Triton subprocess, so both sides see the same machine load.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from common import BENCH_DIR, Row, Section, Stats, check, fmt_time, log, run_json, timed
from kernels import vadd_tiles

TRITON_VENV = BENCH_DIR / ".venv-triton"
TRITON_PYTHON = TRITON_VENV / "bin" / "python"
TRITON_PINS = ("torch==2.13.0", "triton==3.9.0", "numpy")
ELEMENTS = 16 * 2**20
BLOCKS = 48
TILE = 8192  # float32 elements = 32 KiB, as in the throughput benchmark
TUTORIAL_BLOCK = 1024  # BLOCK_SIZE of Triton's tutorial 01-vector-add
TARGET = 100.0  # Triton's tutorial BLOCK_SIZE=1024
TILE_TARGET = 200.0  # the tile-matched BLOCK_SIZE=8192 (issue 20)


def ensure_triton_venv(setup: bool) -> str | None:
    """None when the Triton venv is usable, else the reason it is not."""
    if not TRITON_PYTHON.exists():
        if not setup:
            return f"{TRITON_VENV} does not exist (run without --no-setup to create it)"
        log(f"creating {TRITON_VENV} with {' '.join(TRITON_PINS)} (one-time, a few minutes)")
        steps = [[sys.executable, "-m", "venv", str(TRITON_VENV)],
                 [str(TRITON_PYTHON), "-m", "pip", "install", "-q", *TRITON_PINS]]
        for cmd in steps:
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                return f"`{' '.join(cmd)}` failed: {proc.stderr.strip()[-600:]}"
    proc = subprocess.run([str(TRITON_PYTHON), "-c", "import triton, torch"], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"triton/torch not importable in {TRITON_VENV}: {proc.stderr.strip()[-600:]}"
    return None


def _our_launcher() -> tuple[str, Callable[[], None]]:
    """Launches ours on torch CPU tensors when torch is in the product venv, else on numpy arrays."""
    try:
        import torch
    except ImportError:
        rng = np.random.default_rng(0)
        x, y = rng.random(ELEMENTS, dtype=np.float32), rng.random(ELEMENTS, dtype=np.float32)
        z = np.zeros_like(x)
        kind = "numpy arrays (torch missing in .venv)"
    else:
        torch.manual_seed(0)
        x, y = torch.rand(ELEMENTS), torch.rand(ELEMENTS)
        z = torch.zeros_like(x)
        kind = "torch CPU tensors"

    def launch() -> None:
        vadd_tiles[BLOCKS](x, y, z, ELEMENTS // TILE, TILE, 2)

    launch()
    assert bool((z == x + y).all())
    return kind, launch


def run(quick: bool, setup: bool = True) -> Section:
    section = Section("peer")
    reason = ensure_triton_venv(setup)
    kind, ours_launch = _our_launcher()
    repeats = 1 if quick else 3
    ours_repeats = 3 if quick else 7  # before and again after the Triton subprocess
    ours = [timed(ours_launch) for _ in range(ours_repeats)]
    if reason is None:
        cmd = [str(TRITON_PYTHON), str(BENCH_DIR / "triton_worker.py"), "--elements", str(ELEMENTS),
               "--blocks", str(TUTORIAL_BLOCK), str(TILE), "--repeats", str(repeats)]
        try:
            result = run_json(cmd, env={"TRITON_INTERPRET": "1"}, cwd=Path("/tmp"))
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            reason = f"Triton worker failed: {e}"
    ours_launch()  # warm-up after the subprocess, as the worker warms Triton up before each batch
    ours += [timed(ours_launch) for _ in range(ours_repeats)]
    ours_stats = Stats(tuple(ours))
    metric = f"Triton interpreter add, {ELEMENTS // 2**20} Mi float32"
    if reason is not None:
        section.rows.append(Row("2 peer", metric, str(ours_stats), "Triton: not run", None, f"≥ {TARGET:g}×",
                                "n/a", reason))
        return section
    for block, label, target in ((TUTORIAL_BLOCK, "tutorial BLOCK_SIZE=1024", TARGET),
                                 (TILE, "BLOCK_SIZE=8192, tile-matched", TILE_TARGET)):
        triton = Stats(tuple(result["launch"][str(block)]))
        ratio = triton.median / ours_stats.median
        section.rows.append(Row("2 peer", f"{metric} ({label}) / ours", str(ours_stats), f"Triton {triton}",
                                ratio, f"≥ {target:g}× faster", check(ratio, target, higher_is_better=True),
                                f"ours on {kind}; ratio = Triton / ours"))
    torch_add = Stats(tuple(result["torch_add"]))
    section.details.append(f"peer: triton {result['triton']}, torch {result['torch']} "
                           f"({result['torch_threads']} threads); calibration torch.add in the Triton venv: "
                           f"{fmt_time(torch_add.median)}")
    return section
