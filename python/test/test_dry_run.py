"""DRY_RUN (pyasc_api.md §2.10): set and non-empty, a launch compiles the kernel (or loads it from the
cache) but does not run it, on the Model backend as on the NPU backend, also after launch plans
were made for the same arguments."""

from __future__ import annotations

import numpy as np
import pytest
from gm_kernels import copy_kernel

import asc
from asc.runtime import compiler


def test_dry_run_compiles_but_does_not_launch(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = compiler.compile_source
    monkeypatch.setattr(compiler, "compile_source", lambda *a, **k: calls.append(1) or original(*a, **k))
    kernel = asc.jit(always_compile=True)(copy_kernel.fn)
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    monkeypatch.setenv("DRY_RUN", "1")
    kernel[1](x, y, 64)
    assert len(calls) == 1  # compiled
    assert not y.any()  # not run
    monkeypatch.setenv("DRY_RUN", "")
    kernel[1](x, y, 64)
    np.testing.assert_array_equal(y, x)


def test_dry_run_after_planned_launches(monkeypatch: pytest.MonkeyPatch) -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    for _ in range(3):  # the first launch plans, the others take the plan
        copy_kernel[1](x, y, 64)
    np.testing.assert_array_equal(y, x)
    y[:] = 0
    monkeypatch.setenv("DRY_RUN", "yes")
    copy_kernel[1](x, y, 64)
    copy_kernel[1](x, y, 64)
    assert not y.any()
    monkeypatch.delenv("DRY_RUN")
    copy_kernel[1](x, y, 64)
    np.testing.assert_array_equal(y, x)
