"""(1) Simulation throughput vs numpy and (5) race-detector overhead, side by side in one process.

Workloads (48 blocks, 16 Mi elements, 32 KiB tiles, double-buffered like the seed):
float32 add, float16 add, a chain of 17 dependent vector adds per tile, and a per-tile sum
reduction (`asc.reduce_sum`). The numpy reference does the same arithmetic on the same arrays
with `out=` (no allocation). Each round launches ours with race checks on, off, then numpy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import race_knob
from common import CPU, Section, ratio_row, side_by_side
from kernels import tile_sums, vadd_chain, vadd_tiles

BLOCKS = 48
ELEMENTS = 16 * 2**20
TILE_BYTES = 32 * 1024
CHAIN = 16  # z = x + y, then 16 × (z = z + x): 17 dependent vector ops per tile
CHAIN_TILE_BYTES = 16 * 1024  # single-buffered, so 3 tiles of 16 KiB
REDUCE_TILE_BYTES = 32 * 1024


@dataclass
class Workload:
    name: str
    ours: Callable[[], object]
    reference: Callable[[], object]
    verify: Callable[[], None]


def _arrays(dtype: type) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x: np.ndarray = rng.standard_normal(ELEMENTS, dtype=np.float32).astype(dtype)
    y: np.ndarray = rng.standard_normal(ELEMENTS, dtype=np.float32).astype(dtype)
    return x, y, np.zeros_like(x)


def _vadd(dtype: type) -> Workload:
    x, y, z = _arrays(dtype)
    tile = TILE_BYTES // np.dtype(dtype).itemsize
    tiles = ELEMENTS // tile

    def ours() -> None:
        vadd_tiles[BLOCKS](x, y, z, tiles, tile, 2)

    def reference() -> None:
        np.add(x, y, out=z)

    def verify() -> None:
        z[:] = 0
        ours()
        np.testing.assert_array_equal(z, x + y)

    return Workload(f"add {np.dtype(dtype).name}", ours, reference, verify)


def _chain() -> Workload:
    x, y, z = _arrays(np.float32)
    tile = CHAIN_TILE_BYTES // 4
    tiles = ELEMENTS // tile

    def ours() -> None:
        vadd_chain[BLOCKS](x, y, z, tiles, tile, CHAIN)

    def reference() -> None:
        np.add(x, y, out=z)
        for _ in range(CHAIN):
            np.add(z, x, out=z)

    def verify() -> None:
        ours()
        got = z.copy()
        reference()
        np.testing.assert_array_equal(got, z)

    return Workload(f"{CHAIN + 1} dependent adds float32", ours, reference, verify)


def _reduce() -> Workload:
    rng = np.random.default_rng(3)
    x = rng.random(ELEMENTS, dtype=np.float32)
    tile = REDUCE_TILE_BYTES // 4
    tiles = ELEMENTS // tile
    out = np.zeros(BLOCKS * 8, dtype=np.float32)
    tile_out = np.empty(tiles, dtype=np.float32)
    rows = x.reshape(tiles, tile)

    def ours() -> None:
        out[:] = 0
        tile_sums[BLOCKS](x, out, tiles, tile)

    def reference() -> None:
        np.add.reduce(rows, axis=1, out=tile_out)

    def verify() -> None:
        ours()
        reference()
        bounds = [b * tiles // BLOCKS for b in range(BLOCKS + 1)]
        expected = [tile_out[bounds[b]:bounds[b + 1]].sum(dtype=np.float64) for b in range(BLOCKS)]
        np.testing.assert_allclose(out[::8], expected, rtol=1e-4)

    return Workload("reduce_sum per tile float32", ours, reference, verify)


def _with_mode(fn: Callable[[], object], mode: str) -> Callable[[], None]:
    def run() -> None:
        with race_knob.race_mode(mode):
            fn()
    return run


def run(quick: bool) -> Section:
    section = Section("throughput")
    probe = race_knob.probe()
    section.details.append(f"race knob: {probe.describe()}")
    repeats = 3 if quick else 11
    workloads = [_vadd(np.float32), _vadd(np.float16), _chain(), _reduce()]
    for w in workloads:
        w.verify()
        stats = side_by_side({"on": _with_mode(w.ours, race_knob.ON), "off": _with_mode(w.ours, race_knob.OFF),
                              "numpy": w.reference}, repeats)
        size = f"{ELEMENTS // 2**20} Mi elems, {BLOCKS} blocks"
        cpu = dict(CPU)
        section.rows.append(ratio_row("1 throughput", f"{w.name} ({size}) vs numpy, checks on",
                                      stats["on"], stats["numpy"], "numpy", 3.0,
                                      ours_cpu=cpu["on"], ref_cpu=cpu["numpy"]))
        race = ratio_row("5 race overhead", f"{w.name}: checks on / off", stats["on"], stats["off"],
                         "off", 1.5, ours_cpu=cpu["on"], ref_cpu=cpu["off"])
        if not probe.works:
            race.status = "n/a"
            race.note = f"knob has no effect yet ({race.note})"
        section.rows.append(race)
    section.details.append(f"throughput: {repeats} interleaved rounds after 1 warm-up; ratio = median/median")
    return section

