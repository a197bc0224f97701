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

    # File identities (size + mtime), not contents: cheap enough for the warm-start path, and
    # any edit or rebuild changes them.
    h = hashlib.sha256(f"pyasc {__version__}".encode())
    package = Path(__file__).resolve().parent.parent
    files = [p for sub in ("codegen", "language", "runtime") for p in (package / sub).rglob("*.py")]
    files += _C.native_files() + [p for p in _C.SIM_INCLUDE_DIR.rglob("*") if p.is_file()]
    for path in sorted(files):
        st = path.stat()
        h.update(f"{path}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()
