"""Properties of the simulator's timing model and its reports (summary, trace, per-pipe times)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
sys.path.insert(0, str(TUTORIALS / "02_add_framework"))


@asc.jit
def stream_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
               tile: asc.ConstExpr[int], buffers: asc.ConstExpr[int]):
    """z = x + y with TPipe/TQue, `buffers` buffers per queue."""
    base = asc.get_block_idx() * block_length
    gx = asc.GlobalTensor()
    gy = asc.GlobalTensor()
    gz = asc.GlobalTensor()
    gx.set_global_buffer(x + base, block_length)
    gy.set_global_buffer(y + base, block_length)
    gz.set_global_buffer(z + base, block_length)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qx, num=buffers, len=tile * 2)
    pipe.init_buffer(que=qy, num=buffers, len=tile * 2)
    pipe.init_buffer(que=qz, num=buffers, len=tile * 2)
    for i in range(block_length // tile):
        a = qx.alloc_tensor(asc.float16)
        b = qy.alloc_tensor(asc.float16)
        asc.data_copy(a, gx[i * tile:], tile)
        asc.data_copy(b, gy[i * tile:], tile)
        qx.enque(a)
        qy.enque(b)
        a2 = qx.deque(asc.float16)
        b2 = qy.deque(asc.float16)
        c = qz.alloc_tensor(asc.float16)
        asc.add(c, a2, b2, tile)
        qz.enque(c)
        qx.free_tensor(a2)
        qy.free_tensor(b2)
        c2 = qz.deque(asc.float16)
        asc.data_copy(gz[i * tile:], c2, tile)
        qz.free_tensor(c2)


def _run(total: int, blocks: int, tile: int = 4096, buffers: int = 2):
    x = np.ones(total, dtype=np.float16)
    y = np.full(total, 2, dtype=np.float16)
    z = np.zeros_like(x)
    stream_add[blocks](x, y, z, total // blocks, tile, buffers)
    np.testing.assert_array_equal(z, x + y)
    return rt.last_launch()


def test_double_buffering_is_faster_than_single() -> None:
    single = _run(64 * 4096, 1, buffers=1)
    double = _run(64 * 4096, 1, buffers=2)
    assert double.cycles < 0.85 * single.cycles, (double.cycles, single.cycles)


def test_more_cores_are_faster_until_bandwidth_bound() -> None:
    total = 48 * 16 * 4096  # 3 MiB per array
    durations, bound = [], []
    for blocks in (1, 2, 4, 8, 16, 48):
        r = _run(total, blocks)
        durations.append(r.duration_us)
        bound.append(r.hbm_bound)
    assert all(b <= a * 1.0001 for a, b in zip(durations, durations[1:])), durations
    assert durations[1] < 0.6 * durations[0]  # core bound: twice the cores, about half the time
    assert not bound[0] and bound[-1], bound  # one core is core bound, 48 share the HBM
    # Once HBM bound, more cores do not help much.
    assert durations[-1] > 0.5 * durations[-2]


def test_streaming_add_is_mte2_bound() -> None:
    r = _run(8 * 16 * 4096, 8)
    assert r.bound_pipe == "MTE2"
    assert r.pipe_ratio["MTE2"] > r.pipe_ratio["V"]
    assert r.gm_read_bytes == 2 * 8 * 16 * 4096 * 2 and r.gm_write_bytes == 8 * 16 * 4096 * 2
    assert r.pipe_busy_us["MTE2"] == pytest.approx(r.pipe_busy_cycles["MTE2"] / r.clock_mhz)
    assert r.duration_us == pytest.approx(r.cycles / r.clock_mhz + r.launch_overhead_us)


def test_summary_and_trace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_SIM_TRACE", "1")
    r = _run(2 * 4 * 4096, 2)
    text = r.summary()
    assert "2 blocks on 2 vector cores at 1850 MHz" in text
    assert "bound by MTE2" in text and "VECTOR" in text and "diagnostics: 0 errors" in text
    path = tmp_path / "trace.json"
    r.write_trace(str(path))
    events = json.loads(path.read_text())["traceEvents"]
    lanes = {e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    assert {"SCALAR", "VECTOR", "MTE2", "MTE3"} <= lanes
    slices = [e for e in events if e["ph"] == "X"]
    here = Path(__file__).name
    assert any(e["name"] == "add" and here in e["args"]["line"] for e in slices)
    assert any(e["ph"] == "s" and e["name"].startswith("MTE2_V") for e in events)
    monkeypatch.delenv("PYASC_SIM_TRACE")
    r = _run(2 * 4 * 4096, 2)
    assert not r.has_trace
    with pytest.raises(RuntimeError, match="recorded no trace"):
        r.write_trace(str(path))


def test_config_knobs_are_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    from asc import _C

    cfg = _C.sim.Config(race_check="warn", trace=True, hbm_gbps=1000.0)
    assert (cfg.race_check, cfg.trace, cfg.hbm_gbps, cfg.init_check) == ("warn", True, 1000.0, True)
    with pytest.raises(ValueError, match="race_check must be 'raise', 'warn' or 'off'"):
        _C.sim.Config(race_check="sometimes")
    with pytest.raises(ValueError, match="hbm_gbps must be a positive"):
        _C.sim.Config(hbm_gbps=0.0)
    assert _C.sim.platform_config("Ascend910_9382").hbm_gbps == 1250.0
    monkeypatch.setenv("PYASC_RACE_CHECK", "sometimes")
    with pytest.raises(ValueError, match=r"^environment variable PYASC_RACE_CHECK='sometimes' is not valid: "
                                         r"expected raise, warn or off$"):
        _run(4096, 1)
