"""The user's program from the seed runs unmodified; the NPU backend fails clearly without CANN."""

from __future__ import annotations

import pytest
from conftest import ACCEPTANCE, run_python

ADD = ACCEPTANCE / "add.py"


@pytest.mark.skipif(not ADD.exists(), reason="../shared/acceptance is not next to the checkout")
def test_acceptance_add_runs_on_the_simulator() -> None:
    proc = run_python(str(ADD), "-r", "Model", "-v", "Ascend910B1")
    assert proc.returncode == 0, proc.stderr
    assert "Sample add run success" in proc.stderr + proc.stdout


@pytest.mark.skipif(not ADD.exists(), reason="../shared/acceptance is not next to the checkout")
def test_acceptance_add_on_npu_without_cann() -> None:
    proc = run_python(str(ADD), "-r", "NPU", "-v", "Ascend910B1", env={"ASCEND_HOME_PATH": ""})
    assert proc.returncode != 0
    assert "NpuUnavailableError: the NPU backend needs Huawei CANN, which was not found" in proc.stderr
    assert "-r Model" in proc.stderr
