"""GlobalTensor.set_l2_cache_hint: the IR and Ascend C it becomes (pyasc numbers CacheMode differently
from Ascend C, so it goes by name), and its effect on the simulator's L2 model (docs/timing.md): with
CACHE_MODE_DISABLE, re-reads of a buffer come from HBM instead of the L2."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileTypeError

N = 4096
TILE = 1024


@asc.jit(always_compile=True)
def read_twice(x: asc.GlobalAddress, z: asc.GlobalAddress, bypass: asc.ConstExpr[bool]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    if bypass:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE, asc.CacheRwMode.RW)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, len=TILE * 4)
    t = buf.get(asc.float32)
    for _ in range(2):
        for i in range(N // TILE):
            asc.data_copy(t, xg[i * TILE:], TILE)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(zg[i * TILE:], t, TILE)
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def _run(bypass: bool) -> tuple[float, np.ndarray]:
    x = np.arange(N, dtype=np.float32)
    z = np.zeros_like(x)
    read_twice[1](x, z, bypass)
    np.testing.assert_array_equal(z, x)
    report = rt.last_launch()
    assert report.l2_resident
    return report.hbm_cycles, z


def test_disable_reads_past_the_l2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    cached, _ = _run(False)
    bypassed, _ = _run(True)
    # Cached: only the first pass's reads reach HBM; bypassed: both passes' reads do.
    assert bypassed > 1.5 * cached
    texts = [(f / "ascir.mlir").read_text() + (f / "ascendc.cpp").read_text()
             for f in tmp_path.glob("read_twice-*")]
    hinted = [t for t in texts if "SetL2CacheHint" in t]
    assert len(hinted) == 1
    assert "asc.global_tensor_set_l2_cache_hint" in hinted[0]
    assert "cache_mode_disable, rw" in hinted[0]
    assert ".SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);" in hinted[0]


@asc.jit(always_compile=True)
def hint_default(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    xg.set_l2_cache_hint()


def test_the_default_is_normal_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pyasc's CACHE_MODE_NORMAL is 0, Ascend C's CACHE_MODE_DISABLE is 0: the name must survive.
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    hint_default[1](np.zeros(N, dtype=np.float32))
    cpp = (next(tmp_path.glob("hint_default-*")) / "ascendc.cpp").read_text()
    assert ".SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_NORMAL);" in cpp


@asc.jit(always_compile=True)
def hint_int(x: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, N)
    xg.set_l2_cache_hint(1)


def test_a_plain_int_mode_is_refused() -> None:
    with pytest.raises(CompileTypeError, match="'mode' must be an asc.CacheMode, got 1"):
        hint_int[1](np.zeros(N, dtype=np.float32))
