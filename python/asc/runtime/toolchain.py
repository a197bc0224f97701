"""The toolchain part of every cache key: what must change the compiled code when
pyasc itself changes (package version, its compiler sources, native module,
simulator library and headers)."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from .. import __version__


@functools.lru_cache(maxsize=1)
def toolchain_key() -> str:
    from .. import _C

    h = hashlib.sha256(f"pyasc {__version__}".encode())
    package = Path(__file__).resolve().parent.parent
    for sub in ("codegen", "language", "runtime"):
        for path in sorted((package / sub).rglob("*.py")):
            h.update(path.read_bytes())
    for binary in (Path(_C._asc.__file__), _C.SIM_LIBRARY):
        st = binary.stat()
        h.update(f"{binary.name}:{st.st_size}:{st.st_mtime_ns}".encode())
    for header in sorted(_C.SIM_INCLUDE_DIR.rglob("*")):
        if header.is_file():
            h.update(header.read_bytes())
    return h.hexdigest()
