"""Shared fixtures: every test runs on the simulator with a private kernel cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# ../shared/acceptance next to the checkout, or next to the directory of worktrees (wt/<branch>).
ACCEPTANCE = next((p for p in (REPO.parent / "shared" / "acceptance", REPO.parents[1] / "shared" / "acceptance")
                   if p.is_dir()), REPO.parent / "shared" / "acceptance")


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["PYASC_CACHE_DIR"] = str(tmp_path_factory.mktemp("pyasc-cache"))


@pytest.fixture(autouse=True)
def _model_backend() -> None:
    import asc.runtime.config as config

    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


def run_python(*args: str, env: dict | None = None, cwd: Path | None = None, input: str | None = None):
    import subprocess

    full_env = dict(os.environ)
    # Scripts may import the tests' shared kernels (gm_kernels.py).
    full_env["PYTHONPATH"] = os.pathsep.join(p for p in (str(Path(__file__).resolve().parent),
                                                         os.environ.get("PYTHONPATH")) if p)
    full_env.update(env or {})
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=full_env,
                          cwd=cwd, timeout=600, input=input)


def dumped(root: Path, kernel: str) -> Path:
    """The one PYASC_DUMP_PATH folder of `kernel` under `root` (`<kernel>-<key prefix>`)."""
    folders = sorted(p for p in root.glob(f"{kernel}-" + "?" * 12) if p.is_dir())
    assert len(folders) == 1, f"expected one dump folder of {kernel} in {root}, found {folders}"
    return folders[0]
