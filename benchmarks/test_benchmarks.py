"""Smoke tests of the benchmark harness itself: kernels are correct, workers and report work.

No wall-time assertions (these run on shared, noisy machines). Run with
`.venv/bin/python -m pytest benchmarks`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import bench_scale
import numpy as np
import pytest
import race_knob
import report
from common import BENCH_DIR, Row, Section, python_worker
from kernels import retouch_loop, tile_sums, vadd_chain, vadd_pipelined, vadd_tiles


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    import asc.runtime.config as config

    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pyasc-cache"))
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("kernel", [vadd_tiles, vadd_pipelined])
@pytest.mark.parametrize("buffers", [1, 2])
def test_tiled_adds_split_tiles_unevenly_and_match_numpy(dtype: type, kernel: object, buffers: int) -> None:
    tile, tiles, blocks = 256, 13, 5  # 13 tiles over 5 blocks: 2 or 3 tiles per block
    rng = np.random.default_rng(0)
    x: np.ndarray = rng.standard_normal(tile * tiles).astype(dtype)
    y: np.ndarray = rng.standard_normal(tile * tiles).astype(dtype)
    z = np.zeros_like(x)
    kernel[blocks](x, y, z, tiles, tile, buffers)  # type: ignore[index]
    np.testing.assert_array_equal(z, x + y)


def test_chain_matches_numpy_dependent_adds() -> None:
    x = np.random.default_rng(1).standard_normal(4 * 512, dtype=np.float32)
    y = np.random.default_rng(2).standard_normal(4 * 512, dtype=np.float32)
    z = np.zeros_like(x)
    vadd_chain[3](x, y, z, 4, 512, 3)
    expected = x + y
    for _ in range(3):
        expected = expected + x
    np.testing.assert_array_equal(z, expected)


def test_tile_sums_match_numpy_without_simulator_warnings() -> None:
    tile, tiles, blocks = 256, 7, 3
    x = np.random.default_rng(3).random(tile * tiles, dtype=np.float32)
    out = np.zeros(8 * blocks, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a read of never-written UB
        tile_sums[blocks](x, out, tiles, tile)
    sums = x.reshape(tiles, tile).sum(axis=1)
    expected = [sums[b * tiles // blocks:(b + 1) * tiles // blocks].sum() for b in range(blocks)]
    np.testing.assert_allclose(out[::8], expected, rtol=1e-5)
    np.testing.assert_array_equal(out.reshape(blocks, 8)[:, 1:], 0)


def test_race_probe_answers_and_restores_the_environment() -> None:
    before = os.environ.get(race_knob.ENV)
    probe = race_knob.probe()
    assert probe.describe()
    assert os.environ.get(race_knob.ENV) == before


def test_retouch_loop_is_race_free_and_the_race_worker_reports_growth() -> None:
    x = np.arange(48 * 64, dtype=np.float32)
    z = np.zeros_like(x)
    with race_knob.race_mode(race_knob.ON), warnings.catch_warnings():
        warnings.simplefilter("error")  # no race, no uninitialised read
        retouch_loop[48](x, z, 20)
    np.testing.assert_array_equal(z, x + 1)
    result = python_worker("race_worker.py", "--iters", "2000")
    assert result["iters"] == 2000
    assert {"growth_on_mb", "growth_off_mb", "seconds_on", "seconds_off"} <= set(result)
    assert result["seconds_on"] > 0 and result["growth_on_mb"] >= 0


@pytest.mark.parametrize("mode", ["native", "full"])
def test_launch_ir_counts_the_launch_rows_planned_launch(mode: str) -> None:
    # The callgrind parent needs valgrind; its child (what it counts) must launch as the row does.
    proc = subprocess.run([sys.executable, str(BENCH_DIR / "launch_ir.py"), "--mode", mode, "--child", "3"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "launch_planned 3"


@pytest.mark.parametrize("module", ["numpy", "asc"])
def test_import_worker_imports_the_module_it_is_given(module: str) -> None:
    result = python_worker("import_worker.py", module)
    assert result["module"] == module and 0 < result["import"] < 60 and 0 < result["cpu"] < 60


def test_import_row_is_the_median_of_the_pairs_ratios() -> None:
    from bench_compile import _import_row
    from common import Stats

    def pair(asc: float, numpy: float, cpu_asc: float, cpu_numpy: float) -> dict[str, dict]:
        return {"asc": {"import": asc, "cpu": cpu_asc}, "numpy": {"import": numpy, "cpu": cpu_numpy}}

    # Pair ratios 1.2, 1.25 and 1.5 (a loaded moment slows both of its processes); medians 0.1 / 0.08.
    pairs = [pair(0.060, 0.050, 0.05, 0.04), pair(0.100, 0.080, 0.09, 0.06), pair(0.300, 0.200, 0.12, 0.10)]
    row = _import_row(pairs, Stats((0.07,)))
    assert row.ratio == pytest.approx(1.25) and row.status == "PASS"
    assert row.ours == "100.0 ms (min 60.0 ms, n=3)" and row.reference == "numpy 80.0 ms (min 50.0 ms, n=3)"
    assert row.note == ("median of 3 adjacent-pair ratios (order alternating); median/median 1.25×, "
                        "min/min 1.20×; main-thread CPU time 90.0 ms / 60.0 ms, pair-median CPU ratio 1.25×; "
                        "import asc inside the compile workers: 70.0 ms (min 70.0 ms, n=1)")
    assert _import_row([pair(0.14, 0.1, 0.1, 0.1)], Stats((0.07,))).status == "MISS"


def test_compile_worker_times_every_stage(tmp_path: Path) -> None:
    result = python_worker("compile_worker.py", "--instrument", env={"PYASC_CACHE_DIR": str(tmp_path)})
    assert result["missing_hooks"] == [], "pyasc renamed a function the benchmark times; update compile_worker"
    for stage in ("g++ kernel .so", "AST → IR (frontend)", "passes", "translate (IR → Ascend C)",
                  "lazy import asc.language.basic (the basic API)", "lazy import asc._C._ods_ops (the op builders)"):
        assert stage in result["stages"]
    assert 0 < result["call_to_launch"] <= result["call_to_result"]


def test_write_results_keeps_the_hand_written_notes(tmp_path: Path) -> None:
    path = tmp_path / "results.md"
    path.write_text(f"# Results\n\nintro\n\n{report.BEGIN}\nold table\n{report.END}\n\n## Notes\nkeep me\n")
    section = Section("x", [Row("1 x", "metric", "1 ms", "2 ms", 0.5, "≤ 1×", "PASS")])
    report.write_results(path, report.render([section], quick=True, wall=1.0))
    text = path.read_text()
    assert "old table" not in text and "| 1 x | metric |" in text
    assert text.startswith("# Results\n\nintro") and text.endswith("## Notes\nkeep me\n")


def test_run_prints_a_table_and_json(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    proc = subprocess.run([sys.executable, str(BENCH_DIR / "run.py"), "--quick", "--only", "launch", "--json",
                           str(out)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "| # | metric | ours | reference | ratio | target | status | note |" in proc.stdout
    rows = json.loads(out.read_text())
    assert rows and all(r["status"] != "ERROR" for r in rows)


def test_cube_matmul_workload_matches_numpy() -> None:
    import bench_throughput

    bench_throughput._matmul().verify()


def test_matmul_api_workload_matches_numpy() -> None:
    import bench_matmul

    w = bench_matmul.Workload()
    w.verify()
    assert w.result.ok and w.result.duration_us > bench_matmul.cube_bound_us()


def test_settle_waits_until_a_probe_costs_no_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    import common

    # A fake process clock: the other threads burn 8 ms of CPU in each of the first three 10-ms probes.
    clock = {"cpu": 0.0, "probes": 0}

    def sleep(seconds: float) -> None:
        clock["probes"] += 1
        if clock["probes"] <= 3:
            clock["cpu"] += 0.008

    monkeypatch.setattr(common.time, "sleep", sleep)
    monkeypatch.setattr(common.time, "process_time", lambda: clock["cpu"])
    assert common.settle() == pytest.approx(0.04)
    assert clock["probes"] == 4
    clock["probes"] = -100  # never idle: settle gives up at its limit
    assert common.settle(limit_s=0.05) == pytest.approx(0.05)


def test_floor_program_matches_numpy(tmp_path: Path) -> None:
    import floor

    dll = floor.build(tmp_path)
    tile, tiles, blocks = 512, 13, 5  # 13 tiles over 5 blocks: 2 or 3 tiles per block
    rng = np.random.default_rng(4)
    x = rng.standard_normal(tile * tiles, dtype=np.float32)
    y = rng.standard_normal(tile * tiles, dtype=np.float32)
    for threads in (1, 2):
        for out in (floor.OUT_MEMCPY, floor.OUT_STREAM, floor.OUT_DIRECT):
            z = np.zeros(x.size + 1, dtype=np.float32)
            zv = z[1:]  # never 32-byte aligned: the direct mode's head
            floor.floor_add(dll, x, y, zv, tile, blocks, threads, out)
            np.testing.assert_array_equal(zv, x + y)
            assert z[0] == 0
        out = np.full(8 * blocks, -1.0, dtype=np.float32)
        floor.floor_reduce(dll, x, out, tile, blocks, threads)
        sums = x.reshape(tiles, tile).sum(axis=1, dtype=np.float64)
        np.testing.assert_allclose(out[::8], floor.block_sums(sums, blocks), rtol=1e-5, atol=1e-4)
        assert (out.reshape(blocks, 8)[:, 1:] == -1).all()


def _scale_result(ours: tuple[float, float], sha: tuple[float, float], floor: tuple[float, float]) -> dict:
    def pair(times: tuple[float, float]) -> dict:
        return {"1": [times[0]] * 3, "2": [times[1]] * 3}

    return {"threads": pair(ours), "calibration": pair(sha), "direct_floor": pair(floor),
            "utilisation_2_threads": [1.9], "cpus": 2}


@pytest.mark.parametrize("ours, sha, floor, status", [
    ((0.045, 0.020), (1.0, 0.5), (0.030, 0.016), "PASS"),
    ((0.045, 0.030), (1.0, 0.5), (0.030, 0.016), "MISS"),  # the machine offered 2x CPU and memory
    ((0.045, 0.030), (1.0, 0.7), (0.030, 0.016), "n/a"),  # no second core was free
    ((0.045, 0.030), (1.0, 0.5), (0.029, 0.026), "n/a"),  # the memory system gave two threads 1.12x
])
def test_the_thread_speedup_row_is_na_only_when_a_calibration_is_under_the_target(
        ours: tuple[float, float], sha: tuple[float, float], floor: tuple[float, float], status: str) -> None:
    row = bench_scale.speedup_row(_scale_result(ours, sha, floor))
    assert row.status == status
    assert f"the add's direct floor (floor.py) on 1 → 2 threads: {floor[0] / floor[1]:.2f}× " in row.note
