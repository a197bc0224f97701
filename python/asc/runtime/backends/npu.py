"""The NPU backend: Ascend C → bisheng → a real Ascend NPU through CANN.

This machine-independent part finds CANN; without it every entry point raises a
`RuntimeError` that says so and how to use the simulator instead.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

_HOW_TO_SIMULATE = (
    "To run on pyasc's built-in simulator instead, select the Model backend: "
    "`asc.runtime.config.set_platform(asc.runtime.config.Backend.Model, ...)` "
    "(for the tutorials: `-r Model`)."
)


def find_cann() -> Path | None:
    """The CANN toolkit root, if installed (ASCEND_HOME_PATH or the default install path)."""
    candidates = [os.environ.get("ASCEND_HOME_PATH"), os.environ.get("ASCEND_TOOLKIT_HOME"),
                  "/usr/local/Ascend/ascend-toolkit/latest"]
    for c in candidates:
        if c and Path(c, "compiler").is_dir():
            return Path(c)
    return None


def require_cann() -> Path:
    root = find_cann()
    bisheng = shutil.which(os.environ.get("PYASC_COMPILER", "bisheng"))
    if root is None or bisheng is None:
        missing = []
        if root is None:
            missing.append("no CANN toolkit (ASCEND_HOME_PATH is not set and "
                           "/usr/local/Ascend/ascend-toolkit/latest does not exist)")
        if bisheng is None:
            missing.append("the bisheng compiler is not on PATH")
        raise RuntimeError("the NPU backend needs Huawei CANN, which was not found: "
                           + "; ".join(missing) + ". " + _HOW_TO_SIMULATE)
    return root


def compile_and_launch(*args, **kwargs):  # pragma: no cover - needs CANN and an NPU
    require_cann()
    raise RuntimeError("launching on a real NPU through CANN is not implemented in this build of "
                       "pyasc yet. " + _HOW_TO_SIMULATE)
