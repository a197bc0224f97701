"""The interpreter exits without nanobind leak reports, with torch imported alongside kernels.

pytest keeps the parametrize values of the tests it ran (here: a kernel) in objects that, with
torch imported, outlive module teardown; nanobind's leak check (run after finalisation) then
reported the loaded Kernel, its type and its `launch` method ("nanobind: leaked 2 functions!").
pyasc now releases every native object it holds at exit.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import run_python

pytest.importorskip("torch")

KERNEL = '''
import numpy as np
import torch

from gm_kernels import copy_kernel

import asc
from asc.runtime.ascendc_kernel import compile_ascendc


HAND_WRITTEN = compile_ascendc(
    '#include "kernel_operator.h"\\nextern "C" __global__ __aicore__ void touch(GM_ADDR x) {}\\n', "touch")
'''


def test_pytest_run_with_torch_and_parametrized_kernels_exits_cleanly(tmp_path: Path) -> None:
    (tmp_path / "test_generated.py").write_text("import pytest\n" + KERNEL + textwrap.dedent('''
        @pytest.mark.parametrize("kernel", [copy_kernel])
        @pytest.mark.parametrize("make", [np.arange, torch.arange])
        def test_copy(kernel, make) -> None:
            x = make(64, dtype=np.float32 if make is np.arange else torch.float32)
            y = x * 0
            kernel[1](x, y, 64)
            assert (x == y).all()
            assert HAND_WRITTEN(1, x).ok
    '''))
    proc = run_python("-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_generated.py"),
                      env={"PYASC_CACHE_DIR": str(tmp_path / "cache")}, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout
    assert proc.stderr == ""


def test_script_keeping_a_failed_launch_exits_cleanly(tmp_path: Path) -> None:
    """A kernel error kept with its traceback (which holds the launch's frames) until exit."""
    script = tmp_path / "k.py"
    script.write_text(KERNEL + textwrap.dedent('''
        x = torch.arange(64, dtype=torch.float32)
        try:
            copy_kernel[1](x, torch.zeros(8), 64)  # out of bounds
        except asc.runtime.errors.KernelError as e:
            KEPT = e
        HAND_WRITTEN(1, x)
        print("done")
    '''))
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "done\n"
    assert proc.stderr == ""
