"""Host-side libraries (`asc.lib.runtime`, `asc.lib.host`), each imported on first use."""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    if name in ("host", "runtime"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}", name=name, obj=None)
