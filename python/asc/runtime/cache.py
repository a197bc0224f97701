"""The on-disk kernel cache: per-user, content-addressed, checked, published atomically.

Layout: `<cache dir>/<key>/` holds the artifacts of one compiled kernel and `manifest.json`, which
lists every artifact with its SHA-256. An entry is written into a private temporary directory and
published by renaming that directory into place, so a reader sees a complete entry or none, and of
concurrent writers of one key the first rename wins.

Before an entry is used, its manifest and every artifact are checked: owned by this user, not
writable by others, and matching their hashes. An entry that fails the content check (a truncated
or overwritten kernel.so, garbage, a missing file) is moved aside and removed with a
`CacheWarning`, and the caller rebuilds it. An entry another user owns, or that others may write,
is not loaded either; it is replaced silently, as before.
"""

from __future__ import annotations

import os
import stat
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

MANIFEST = "manifest.json"
#: Manifests of another format are entries of another pyasc: rebuilt, without a warning.
FORMAT = 2
_TMP = "tmp."


class CacheWarning(RuntimeWarning):
    """A cache entry was corrupt and is rebuilt."""


def cache_dir() -> Path:
    return _cache_dir_and_variable()[0]


def _cache_dir_and_variable() -> tuple[Path, str]:
    """The cache directory and the variable it comes from (with neither set, the one to set)."""
    from pathlib import Path  # with the cache: `import asc` does not import pathlib

    explicit = os.environ.get("PYASC_CACHE_DIR")
    if explicit:
        return Path(explicit), "PYASC_CACHE_DIR"
    home = os.environ.get("PYASC_HOME")
    if home:
        return Path(home) / ".pyasc" / "cache", "PYASC_HOME"
    return Path.home() / ".pyasc" / "cache", "PYASC_CACHE_DIR"


def make_key(*parts: str) -> str:
    """A file-name-safe digest of the key material (base32 of sha256, as Triton does)."""
    import base64
    import hashlib

    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return base64.b32encode(digest).decode().rstrip("=").lower()


def _trusted(path: Path) -> bool:
    try:
        st = path.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and not (st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _sha256(path: Path) -> str:
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class FileCache:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root or cache_dir()

    def _ensure_root(self) -> None:
        from .env import directory

        directory(_cache_dir_and_variable()[1], self.root, 0o700)
        if not _trusted(self.root):
            raise PermissionError(f"the pyasc cache directory {self.root} is not owned by this user or is "
                                  "writable by others; fix its permissions or set PYASC_CACHE_DIR")

    def get(self, key: str, what: str = "kernel", stacklevel: int = 2) -> Path | None:
        """The directory of a complete, trusted, intact entry, or None.

        A corrupt entry is discarded with a `CacheWarning` naming `what` (issued at the frame
        `stacklevel` counts from the caller, as for `warnings.warn`)."""
        entry = self.root / key
        problem = self._check(entry)
        if problem is None:
            return entry
        if problem:
            self.discard(entry, what, problem, stacklevel + 1)
        return None

    def _check(self, entry: Path) -> str | None:
        """None if `entry` is usable; "" if it is absent, untrusted or of another format (rebuilt
        silently); otherwise what is wrong with its content."""
        import json

        manifest = entry / MANIFEST
        if not entry.is_dir():
            return ""
        if not _trusted(entry) or (manifest.exists() and not _trusted(manifest)):
            return ""
        try:
            data = json.loads(manifest.read_text())
        except FileNotFoundError:
            return f"{MANIFEST} is missing"
        except (OSError, ValueError) as e:
            return f"{MANIFEST} is unreadable ({e})"
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return ""
        files = data.get("files")
        if not isinstance(files, dict) or not files:
            return f"{MANIFEST} lists no files"
        for name, digest in files.items():
            path = entry / name
            if not path.is_file():
                return f"{name} is missing"
            if not _trusted(path):
                return ""
            try:
                actual = _sha256(path)
            except OSError as e:
                return f"{name} is unreadable ({e})"
            if actual != digest:
                return f"{name} does not match its recorded SHA-256 (truncated or overwritten)"
        return None

    def discard(self, entry: Path, what: str, problem: str, stacklevel: int = 2) -> None:
        """Removes a bad entry (moved aside first, so that readers and writers of its key see it
        disappear at once) and warns that `what` is rebuilt."""
        warnings.warn(f"pyasc: the cached build of {what} in {entry} is corrupt: {problem}; "
                      "it was removed and is rebuilt", CacheWarning, stacklevel=stacklevel + 1)
        self._remove(entry)

    def _remove(self, entry: Path) -> None:
        import shutil
        import uuid

        trash = self.root / f"{_TMP}trash_{os.getpid()}_{uuid.uuid4().hex}"
        try:
            os.rename(entry, trash)
        except OSError:
            return  # already gone: another process removed or replaced it
        shutil.rmtree(trash, ignore_errors=True)

    def put(self, key: str, files: Mapping[str, bytes | Path]) -> Path:
        """Publishes `files` under `key`; returns the entry directory."""
        import json
        import shutil
        import uuid

        self._ensure_root()
        tmp = self.root / f"{_TMP}pid_{os.getpid()}_{uuid.uuid4().hex}"
        tmp.mkdir(mode=0o700)
        try:
            digests = {}
            for name, content in files.items():
                target = tmp / name
                if not isinstance(content, bytes):  # a Path
                    shutil.copyfile(content, target)
                else:
                    target.write_bytes(content)
                os.chmod(target, 0o600 if not name.endswith(".so") else 0o700)
                digests[name] = _sha256(target)
            manifest = tmp / MANIFEST
            manifest.write_text(json.dumps({"format": FORMAT, "key": key, "files": digests}))
            os.chmod(manifest, 0o600)
            final = self.root / key
            for _ in range(8):
                try:
                    os.rename(tmp, final)  # fails if `final` exists (and is not empty)
                    return final
                except OSError:
                    pass
                if self._check(final) is None:
                    # Another process published the same key first; theirs is as good as ours.
                    shutil.rmtree(tmp, ignore_errors=True)
                    return final
                # A broken or untrusted entry (the root is ours alone, mode 0700): replace it.
                self._remove(final)
            raise OSError(f"could not publish the cache entry {final}")
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
