"""A MIX launch's estimate and timeline do not depend on how the host threads ran.

The AIC of a MIX_AIC_1_2 launch serves two AIV Matmul clients; it takes their requests in device order
(the smallest cycle first), not in the order the host threads posted them (sim/MATMUL.md). Before
that, tutorial 09's estimate moved between 19.7 and 22.2 us from run to run. An AIC whose AIVs never
send a request ends its serving loop in one message wait, whether or not they have finished on the host
yet (before that, its timeline moved by a cycle from run to run).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorials" / "09_matmul_leakyrelu"))
import matmul_leakyrelu as tut  # noqa: E402

import asc.lib.runtime as rt  # noqa: E402
from asc.runtime import config  # noqa: E402


@pytest.mark.parametrize("threads", ["1", "2"])
def test_mix_matmul_estimate_repeats(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, threads: str) -> None:
    monkeypatch.setenv("PYASC_SIM_THREADS", threads)
    monkeypatch.setenv("PYASC_SIM_TRACE", "1")
    config.set_platform("Model", "Ascend910B1")
    torch.manual_seed(0)
    a = torch.randn((tut.M, tut.K), dtype=torch.float16)
    b = torch.randn((tut.K, tut.N), dtype=torch.float16)
    bias = torch.randn((tut.N,), dtype=torch.float32)
    expected = torch.nn.functional.leaky_relu(a.float() @ b.float() + bias, tut.ALPHA)
    seen = set()
    for _ in range(6):
        c = tut.matmul_leakyrelu(a, b, bias)
        assert torch.allclose(c, expected, rtol=1e-3, atol=1e-3)
        report = rt.last_launch()
        report.write_trace(str(tmp_path / "trace.json"))
        seen.add((report.duration_us, tuple(sorted(report.pipe_busy_cycles.items())),
                  (tmp_path / "trace.json").read_text()))
    assert len(seen) == 1, [entry[:2] for entry in seen]
