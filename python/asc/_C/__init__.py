"""The native core of pyasc (`_asc`): MLIR builder, passes, translation, simulator."""

from __future__ import annotations

from pathlib import Path

try:
    from . import _asc
except ImportError as e:  # pragma: no cover - only when the build is missing
    raise ImportError(
        "pyasc's native module _asc is not built or not importable "
        f"({e}). Run `make run` (or `pip install -e .`) in the pyasc checkout."
    ) from e

ir = _asc.ir
passes = _asc.passes
translate = _asc.translate
sim = _asc.sim

#: Directory holding the native module, libascsim and the simulator headers.
NATIVE_DIR = Path(_asc.__file__).resolve().parent
SIM_INCLUDE_DIR = NATIVE_DIR / "include"
SIM_LIBRARY = NATIVE_DIR / "libascsim.so"

__all__ = ["ir", "passes", "translate", "sim", "NATIVE_DIR", "SIM_INCLUDE_DIR", "SIM_LIBRARY"]
