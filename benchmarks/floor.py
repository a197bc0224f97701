"""The floor of the vector throughput rows: numpy, a C++ loop doing only the tiles' work, and ours.

`floor/floor.cpp` does the tiles' own work of bench_throughput's add float32 and
reduce_sum rows (DataCopy's copies into a UB-sized buffer, the add or the pairwise tree, the copy
out with the simulator's non-temporal stores) with the same 48 blocks handed out to host threads
one at a time, and nothing else; "direct" is the add with no buffer, straight into z with
non-temporal stores (what the simulator does for this add when races raise). Timed side by side with numpy's `z = x + y` / row sums and, with
`--ours`, with the simulator's launch (race checks as set; `PYASC_SIM_THREADS` as set). Prints one
line per candidate: median and min wall time, median CPU time, and the ratios to numpy.

    cd benchmarks && ../.venv/bin/python floor.py [--ours] [--repeats N] [--threads N]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shlex
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from common import CPU, side_by_side

SOURCE = Path(__file__).resolve().parent / "floor" / "floor.cpp"
BLOCKS = 48
ELEMENTS = 16 * 2**20
TILE = 32 * 1024 // 4

_F32P = ctypes.POINTER(ctypes.c_float)


def build(out_dir: Path) -> ctypes.CDLL:
    """Compiles floor.cpp into `out_dir` (AVX2 when the host has it) and loads it."""
    flags = ["-O2", "-std=c++17", "-shared", "-fPIC", "-pthread"]
    if "avx2" in Path("/proc/cpuinfo").read_text():
        flags.append("-mavx2")
    lib = out_dir / "libfloor.so"
    cxx = shlex.split(os.environ.get("CXX", "c++"))
    subprocess.run([*cxx, *flags, "-o", str(lib), str(SOURCE)], check=True)
    dll = ctypes.CDLL(str(lib))
    dll.floor_add.argtypes = [_F32P, _F32P, _F32P, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint32,
                              ctypes.c_uint32, ctypes.c_int]
    dll.floor_add.restype = None
    dll.floor_reduce.argtypes = [_F32P, _F32P, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint32,
                                 ctypes.c_uint32]
    dll.floor_reduce.restype = None
    return dll


def _ptr(a: np.ndarray) -> ctypes._Pointer:
    assert a.dtype == np.float32 and a.flags.c_contiguous
    return a.ctypes.data_as(_F32P)


OUT_MEMCPY, OUT_STREAM, OUT_DIRECT = 0, 1, 2  # floor_add's copy out (floor.cpp)


def floor_add(dll: ctypes.CDLL, x: np.ndarray, y: np.ndarray, z: np.ndarray, tile: int, blocks: int,
              threads: int, out: int = OUT_STREAM) -> None:
    dll.floor_add(_ptr(x), _ptr(y), _ptr(z), x.size // tile, tile, blocks, threads, out)


def floor_reduce(dll: ctypes.CDLL, x: np.ndarray, out: np.ndarray, tile: int, blocks: int,
                 threads: int) -> None:
    assert out.size >= 8 * blocks
    dll.floor_reduce(_ptr(x), _ptr(out), x.size // tile, tile, blocks, threads)


def block_sums(row_sums: np.ndarray, blocks: int) -> np.ndarray:
    """The kernel's per-block totals from per-tile sums (block b: tiles [b*T//B, (b+1)*T//B))."""
    tiles = row_sums.size
    bounds = [b * tiles // blocks for b in range(blocks + 1)]
    return np.array([row_sums[bounds[b]:bounds[b + 1]].sum(dtype=np.float64) for b in range(blocks)])


def _table(title: str, candidates: dict[str, Callable[[], object]], repeats: int) -> None:
    stats = side_by_side(candidates, repeats)
    ref, ref_cpu = stats["numpy"], CPU["numpy"]
    print(f"{title} ({repeats} rounds)")
    for name, s in stats.items():
        c = CPU[name]
        print(f"  {name:<22} median {s.median * 1e3:7.2f} ms  min {s.min * 1e3:7.2f} ms  "
              f"CPU {c.median * 1e3:7.2f} ms  / numpy: {s.median / ref.median:5.2f}× "
              f"(min/min {s.min / ref.min:5.2f}×, CPU {c.median / ref_cpu.median:5.2f}×)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ours", action="store_true", help="also time the simulator's launch")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--threads", type=int, default=2, help="the floor's host threads (default 2)")
    parser.add_argument("--only", choices=["add", "reduce"], help="one of the two rows")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dll = build(Path(tmp))
        rng = np.random.default_rng(0)
        if args.only in (None, "add"):
            x = rng.standard_normal(ELEMENTS, dtype=np.float32)
            y = rng.standard_normal(ELEMENTS, dtype=np.float32)
            z = np.zeros_like(x)
            floor_add(dll, x, y, z, TILE, BLOCKS, args.threads)
            np.testing.assert_array_equal(z, x + y)
            cands: dict[str, Callable[[], object]] = {
                "numpy": lambda: np.add(x, y, out=z),
                f"floor {args.threads} threads": lambda: floor_add(dll, x, y, z, TILE, BLOCKS, args.threads),
                "floor 1 thread": lambda: floor_add(dll, x, y, z, TILE, BLOCKS, 1),
                "floor memcpy out": lambda: floor_add(dll, x, y, z, TILE, BLOCKS, args.threads, OUT_MEMCPY),
                f"direct {args.threads} threads": lambda: floor_add(dll, x, y, z, TILE, BLOCKS, args.threads,
                                                                   OUT_DIRECT),
                "direct 1 thread": lambda: floor_add(dll, x, y, z, TILE, BLOCKS, 1, OUT_DIRECT),
            }
            if args.ours:
                import bench_throughput

                cands["ours"] = bench_throughput._vadd(np.float32).ours
            _table("add float32, 16 Mi elements, 32-KiB tiles, 48 blocks", cands, args.repeats)
        if args.only in (None, "reduce"):
            xr = rng.random(ELEMENTS, dtype=np.float32)
            rows = xr.reshape(-1, TILE)
            tile_out = np.empty(rows.shape[0], dtype=np.float32)
            out = np.zeros(8 * BLOCKS, dtype=np.float32)
            floor_reduce(dll, xr, out, TILE, BLOCKS, args.threads)
            np.add.reduce(rows, axis=1, out=tile_out)
            np.testing.assert_allclose(out[::8], block_sums(tile_out, BLOCKS), rtol=1e-4)
            cands = {
                "numpy": lambda: np.add.reduce(rows, axis=1, out=tile_out),
                f"floor {args.threads} threads": lambda: floor_reduce(dll, xr, out, TILE, BLOCKS, args.threads),
                "floor 1 thread": lambda: floor_reduce(dll, xr, out, TILE, BLOCKS, 1),
            }
            if args.ours:
                import bench_throughput

                cands["ours"] = bench_throughput._reduce().ours
            _table("reduce_sum per tile float32, 2,048 tiles of 8,192, 48 blocks", cands, args.repeats)


if __name__ == "__main__":
    main()
