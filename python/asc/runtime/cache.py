"""The on-disk kernel cache: per-user, content-addressed, published atomically.

Layout: `<cache dir>/<key>/` holding the artifacts of one compiled kernel and a
`manifest.json` written LAST, so a directory with a manifest is complete. A
directory is published by renaming a private temporary directory into place.
The cache root is created user-only (0700); artifacts another user owns, or
that others may write, are never used.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import stat
import uuid
from collections.abc import Mapping
from pathlib import Path

MANIFEST = "manifest.json"


def cache_dir() -> Path:
    explicit = os.environ.get("PYASC_CACHE_DIR")
    if explicit:
        return Path(explicit)
    home = os.environ.get("PYASC_HOME") or str(Path.home())
    return Path(home) / ".pyasc" / "cache"


def make_key(*parts: str) -> str:
    """A file-name-safe digest of the key material (base32 of sha256, as Triton does)."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return base64.b32encode(digest).decode().rstrip("=").lower()


def _trusted(path: Path) -> bool:
    try:
        st = path.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and not (st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


class FileCache:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root or cache_dir()

    def _ensure_root(self) -> None:
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _trusted(self.root):
            raise PermissionError(f"the pyasc cache directory {self.root} is not owned by this user or is "
                                  "writable by others; fix its permissions or set PYASC_CACHE_DIR")

    def get(self, key: str) -> Path | None:
        """The directory of a complete, trusted entry, or None."""
        entry = self.root / key
        manifest = entry / MANIFEST
        if not manifest.is_file() or not _trusted(entry) or not _trusted(manifest):
            return None
        try:
            files = json.loads(manifest.read_text())["files"]
        except (OSError, ValueError, KeyError):
            return None
        if not all(_trusted(entry / f) for f in files):
            return None
        return entry

    def put(self, key: str, files: Mapping[str, bytes | Path]) -> Path:
        """Publishes `files` under `key`; returns the entry directory."""
        self._ensure_root()
        tmp = self.root / f"tmp.pid_{os.getpid()}_{uuid.uuid4().hex}"
        tmp.mkdir(mode=0o700)
        try:
            for name, content in files.items():
                target = tmp / name
                if isinstance(content, Path):
                    shutil.copyfile(content, target)
                else:
                    target.write_bytes(content)
                os.chmod(target, 0o600 if not name.endswith(".so") else 0o700)
            (tmp / MANIFEST).write_text(json.dumps({"key": key, "files": sorted(files)}))
            os.chmod(tmp / MANIFEST, 0o600)
            final = self.root / key
            try:
                os.replace(tmp, final)
            except OSError:
                if self.get(key) is not None:
                    # Another process published the same key first; theirs is as good as ours.
                    shutil.rmtree(tmp, ignore_errors=True)
                    return final
                # A broken or untrusted entry: replace it (the root is ours alone, mode 0700).
                shutil.rmtree(final)
                os.replace(tmp, final)
            return final
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
