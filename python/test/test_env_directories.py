"""PYASC_CACHE_DIR, PYASC_HOME and PYASC_DUMP_PATH name directories: one pyasc cannot create is an
EnvironmentVariableError naming the variable (docs/runtime.md, "Environment variables"), not an
OSError from inside the launch."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gm_kernels import copy_kernel

import asc
from asc.errors import EnvironmentVariableError


def _launch() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    asc.jit(copy_kernel.fn)[1](x, y, 64)  # a kernel object of its own: nothing cached in memory
    np.testing.assert_array_equal(x, y)


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "a_file"
    path.write_text("not a directory")
    return path


def test_cache_dir_that_is_a_file(monkeypatch: pytest.MonkeyPatch, a_file: Path) -> None:
    monkeypatch.setenv("PYASC_CACHE_DIR", str(a_file))
    with pytest.raises(EnvironmentVariableError) as e:
        _launch()
    assert str(e.value) == (f"environment variable PYASC_CACHE_DIR='{a_file}' is not valid: expected a directory "
                            f"pyasc can create and write to; creating it failed ({a_file} is a file, not a "
                            "directory)")


def test_cache_dir_under_a_file(monkeypatch: pytest.MonkeyPatch, a_file: Path) -> None:
    monkeypatch.setenv("PYASC_CACHE_DIR", str(a_file / "cache"))
    with pytest.raises(EnvironmentVariableError, match=r"^environment variable PYASC_CACHE_DIR='.*/a_file/cache' "
                       r"is not valid: expected a directory pyasc can create and write to; creating it failed "
                       r"\(Not a directory: .*/a_file/cache\)$"):
        _launch()


def test_pyasc_home_that_is_a_file(monkeypatch: pytest.MonkeyPatch, a_file: Path) -> None:
    monkeypatch.delenv("PYASC_CACHE_DIR")
    monkeypatch.setenv("PYASC_HOME", str(a_file))
    with pytest.raises(EnvironmentVariableError) as e:
        _launch()
    assert e.value.name == "PYASC_HOME" and e.value.value == str(a_file)


def test_dump_path_that_is_a_file(monkeypatch: pytest.MonkeyPatch, a_file: Path) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(a_file))
    with pytest.raises(EnvironmentVariableError) as e:
        _launch()
    assert str(e.value) == (f"environment variable PYASC_DUMP_PATH='{a_file}' is not valid: expected a directory "
                            f"pyasc can create and write to; creating it failed ({a_file} is a file, not a "
                            "directory)")


def test_directories_are_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "new" / "cache"))
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "new" / "dump"))
    _launch()
    assert len([p for p in (tmp_path / "new" / "cache").iterdir() if p.is_dir()]) == 1
    assert [p.name[:12] for p in (tmp_path / "new" / "dump").iterdir()] == ["copy_kernel-"]
