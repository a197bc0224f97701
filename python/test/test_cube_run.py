"""Cube kernels written in Python, run on the simulator: tutorial 06's tiled matmul against numpy
(several tiles per block, one block per tile, a single tile) and HF32 mode's rounding of float32
operands."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorials" / "06_matmul_basic"))
import matmul_basic  # noqa: E402


@pytest.mark.values("load_data", "mmad", "fixpipe")
@pytest.mark.parametrize("m,n,k,blocks", [(128, 128, 64, 1), (256, 384, 192, 6), (512, 256, 128, 3)],
                         ids=["one-tile", "tile-per-block", "tiles-round-robin"])
def test_tiled_matmul_matches_numpy(m: int, n: int, k: int, blocks: int) -> None:
    rng = np.random.default_rng(m + n + k)
    a = rng.uniform(-2, 2, (m, k)).astype(np.float16)
    b = rng.uniform(-2, 2, (k, n)).astype(np.float16)
    c = matmul_basic.matmul(a, b, blocks)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-4)
    report = rt.last_launch()
    assert report.kernel_type == "AIC_ONLY"
    assert report.num_blocks == blocks
    assert report.pipe_busy_cycles["M"] > 0


A_VALUE = 1 + 2.0**-13  # not an HF32 value (11 fraction bits): HF32 rounds it to 1


@asc.jit(always_compile=True)
def hf32_mmad(c: asc.GlobalAddress, hf32: int):
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c, 256)
    # float32 fractals are 16 x 8: A (16 x 8) and B (8 x 16) fill one 512-byte block each.
    a2 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 0, 128)
    b2 = asc.LocalTensor(asc.float32, asc.TPosition.B2, 0, 128)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.set_hf32_mode(hf32 != 0)
    asc.init_const_value(a2, asc.InitConstValueParams(1, 1, 0, A_VALUE, dtype=asc.float32))
    asc.init_const_value(b2, asc.InitConstValueParams(1, 1, 0, 1.0, dtype=asc.float32))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 8))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(gc, co1, asc.FixpipeParamsV220(16, 16, 16, 16))


@pytest.mark.values("init_const_value", "mmad", "fixpipe")
def test_hf32_mode_rounds_the_float32_operands() -> None:
    c = np.zeros(256, dtype=np.float32)
    hf32_mmad[1](c, 0)
    np.testing.assert_array_equal(c, np.full(256, 8 * np.float32(A_VALUE), dtype=np.float32))
    hf32_mmad[1](c, 1)
    np.testing.assert_array_equal(c, np.full(256, 8.0, dtype=np.float32))


def test_trace_names_cube_cores_and_their_lanes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cube core's track is "AIC core N" with the cube core's lanes (docs/simulator.md, the trace)."""
    monkeypatch.setenv("PYASC_SIM_TRACE", "1")
    rng = np.random.default_rng(1)
    a = rng.uniform(-2, 2, (256, 64)).astype(np.float16)
    b = rng.uniform(-2, 2, (64, 384)).astype(np.float16)
    matmul_basic.matmul(a, b, 2)
    path = tmp_path / "trace.json"
    rt.last_launch().write_trace(str(path))
    import json

    events = json.loads(path.read_text())["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    lanes: dict[int, list[str]] = {}
    for e in sorted((e for e in events if e.get("name") == "thread_name"), key=lambda e: e["tid"]):
        lanes.setdefault(e["pid"], []).append(e["args"]["name"])
    cube = [pid for pid, name in names.items() if name.startswith("AIC core")]
    assert sorted(names[pid] for pid in cube) == ["AIC core 0", "AIC core 1"] and len(names) == 2
    for pid in cube:
        assert lanes[pid] == ["SCALAR", "CUBE", "MTE1", "MTE2", "MTE3", "FIXP"]
    slices = {(e["pid"], e["tid"]) for e in events if e["ph"] == "X"}
    assert {pid for pid, _ in slices} == set(cube)
    assert all(tid != 1 for _, tid in slices)  # nothing on a vector lane of a cube core
