"""The toolchain part of every cache key: what must change the compiled code when
pyasc itself changes (package version, its compiler sources, native module,
simulator library and headers)."""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

from .. import __version__


@functools.lru_cache(maxsize=1)
def toolchain_key() -> str:
    from .. import _C

    # File identities (size + mtime), not contents: cheap enough for the warm-start path, and
    # any edit or rebuild changes them. os.scandir, not Path.rglob: a quarter of the time.
    h = hashlib.sha256(f"pyasc {__version__}".encode())
    package = Path(__file__).resolve().parent.parent
    lines = [line for sub in ("codegen", "language", "runtime") for line in _identities(package / sub, ".py")]
    lines += _identities(_C.SIM_INCLUDE_DIR, "")
    for path in _C.native_files():
        st = path.stat()
        lines.append(f"{path}:{st.st_size}:{st.st_mtime_ns}\n")
    h.update("".join(sorted(lines)).encode())
    return h.hexdigest()


def _identities(root: Path, suffix: str) -> list[str]:
    """`path:size:mtime` of every file under `root` whose name ends with `suffix`."""
    out: list[str] = []
    stack = [str(root)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                elif entry.name.endswith(suffix):
                    st = entry.stat()
                    out.append(f"{entry.path}:{st.st_size}:{st.st_mtime_ns}\n")
    return out
