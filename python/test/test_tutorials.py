"""Every tutorial runs unmodified on the simulator and prints its success line."""

from __future__ import annotations

import pytest
from conftest import REPO, run_python

TUTORIALS = [
    ("01_add/add.py", "Tutorial 01 add run success"),
    ("02_add_framework/add_framework.py", "Tutorial 02 add_framework run success"),
    ("03_gelu/gelu.py", "Tutorial 03 gelu run success"),
    ("04_softmax/softmax.py", "Tutorial 04 softmax run success"),
    ("05_cast_scale/cast_scale.py", "Tutorial 05 cast_scale run success"),
    ("06_matmul_basic/matmul_basic.py", "Tutorial 06 matmul_basic run success"),
    ("10_rmsnorm_softmax/rmsnorm_softmax.py", "Tutorial 10 rmsnorm_softmax run success"),
    ("11_topk/topk.py", "Tutorial 11 topk run success"),
    ("07_matmul_mix/matmul_mix.py", "Tutorial 07 matmul_mix run success"),
    ("08_matmul_cube_only/matmul_cube_only.py", "Tutorial 08 matmul_cube_only run success"),
    ("09_matmul_leakyrelu/matmul_leakyrelu.py", "Tutorial 09 matmul_leakyrelu run success"),
]


@pytest.mark.parametrize("script,success", TUTORIALS, ids=[t[0].split("/")[0] for t in TUTORIALS])
def test_tutorial_runs(script: str, success: str) -> None:
    proc = run_python(str(REPO / "python" / "tutorials" / script), "-r", "Model", "-v", "Ascend910B1")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert success in proc.stdout + proc.stderr
    # Every tutorial's README promises the simulator's estimate, and a user cannot act on a warning
    # raised by the tutorial's own reference code.
    assert "estimated NPU time" in proc.stdout + proc.stderr
    assert "Warning" not in proc.stderr, proc.stderr[-3000:]
