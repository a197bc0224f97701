"""The native core of pyasc.

`_ascsim` is the simulator runtime (small, loaded for every launch); `_asc` is the
compiler (MLIR builder, passes, Ascend C translation, with MLIR and LLVM linked in),
so it is imported only when a kernel is actually compiled: `ir`, `passes` and
`translate` are resolved lazily.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

try:
    from . import _ascsim
except ImportError as e:  # pragma: no cover - only when the build is missing
    raise ImportError(
        "pyasc's native modules are not built or not importable "
        f"({e}). Run `make run` (or `pip install -e .`) in the pyasc checkout."
    ) from e

sim = _ascsim

#: `NATIVE_DIR`, the directory holding the native modules, libascsim (`SIM_LIBRARY`) and the simulator
#: headers (`SIM_INCLUDE_DIR`): pathlib.Path values made on first use (`import asc` does not import pathlib).
_PATHS = ("NATIVE_DIR", "SIM_INCLUDE_DIR", "SIM_LIBRARY")

_COMPILER_PARTS = ("ir", "passes", "translate")


def compiler_module() -> Any:
    return importlib.import_module(f"{__name__}._asc")


def __getattr__(name: str) -> Any:
    if name in _COMPILER_PARTS:
        return getattr(compiler_module(), name)
    if name == "_asc":
        return compiler_module()
    if name in _PATHS:
        from pathlib import Path

        native = Path(_ascsim.__file__).resolve().parent
        paths = {"NATIVE_DIR": native, "SIM_INCLUDE_DIR": native / "include", "SIM_LIBRARY": native / "libascsim.so"}
        for key, value in paths.items():
            globals().setdefault(key, value)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def native_files() -> list[Path]:
    """The native binaries whose identity is part of every cache key (found without loading them)."""
    native, library = (globals().get(name) or __getattr__(name) for name in ("NATIVE_DIR", "SIM_LIBRARY"))
    return sorted(native.glob("_asc*.so")) + [library]


__all__ = ["sim", "NATIVE_DIR",  # noqa: F822 - the paths: module __getattr__
            "SIM_INCLUDE_DIR", "SIM_LIBRARY", "compiler_module", "native_files"]
