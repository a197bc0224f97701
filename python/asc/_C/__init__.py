"""The native core of pyasc.

`_ascsim` is the simulator runtime (small, loaded for every launch); `_asc` is the
compiler (MLIR builder, passes, Ascend C translation, with MLIR and LLVM linked in),
so it is imported only when a kernel is actually compiled: `ir`, `passes` and
`translate` are resolved lazily.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

try:
    from . import _ascsim
except ImportError as e:  # pragma: no cover - only when the build is missing
    raise ImportError(
        "pyasc's native modules are not built or not importable "
        f"({e}). Run `make run` (or `pip install -e .`) in the pyasc checkout."
    ) from e

sim = _ascsim

#: Directory holding the native modules, libascsim and the simulator headers.
NATIVE_DIR = Path(_ascsim.__file__).resolve().parent
SIM_INCLUDE_DIR = NATIVE_DIR / "include"
SIM_LIBRARY = NATIVE_DIR / "libascsim.so"

_COMPILER_PARTS = ("ir", "passes", "translate")


def compiler_module() -> Any:
    return importlib.import_module(f"{__name__}._asc")


def __getattr__(name: str) -> Any:
    if name in _COMPILER_PARTS:
        return getattr(compiler_module(), name)
    if name == "_asc":
        return compiler_module()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def native_files() -> list[Path]:
    """The native binaries whose identity is part of every cache key (found without loading them)."""
    return sorted(NATIVE_DIR.glob("_asc*.so")) + [SIM_LIBRARY]


__all__ = ["sim", "NATIVE_DIR", "SIM_INCLUDE_DIR", "SIM_LIBRARY", "compiler_module", "native_files"]
