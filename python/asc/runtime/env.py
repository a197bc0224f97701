"""The environment variables pyasc reads, each validated where it is read, once per value.

A bad value (`PYASC_SIM_THREADS=abc`) raises `EnvironmentVariableError` naming the variable, the
value and what it accepts, instead of a ValueError from deep inside a launch.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import EnvironmentVariableError

if TYPE_CHECKING:
    from pathlib import Path

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


def switch(name: str) -> bool:
    """A PYASC_* switch: 1/true/yes/on or 0/false/no/off (empty = off)."""
    value = os.environ.get(name, "")
    text = value.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise EnvironmentVariableError(name, value, "1, true, yes or on to switch it on; 0, false, no, off or "
                                   "empty to switch it off")


def count(name: str, help: str) -> int:
    """A whole number >= 0 (empty = 0)."""
    value = os.environ.get(name, "")
    text = value.strip()
    if not text:
        return 0
    if text.isdigit():
        return int(text)
    raise EnvironmentVariableError(name, value, help)


def choice(name: str, choices: tuple[str, ...], default: str) -> str:
    """One of `choices` (case-insensitive; empty = `default`)."""
    value = os.environ.get(name, "")
    text = value.strip().lower()
    if not text:
        return default
    if text in choices:
        return text
    raise EnvironmentVariableError(name, value, ", ".join(choices[:-1]) + f" or {choices[-1]}")


def ascendc_dump() -> bool:
    """ASCENDC_DUMP (CANN's): "true" (the default, any case) keeps a kernel's printf/dump_tensor output;
    anything else drops it (on the NPU the kernel is built with -DASCENDC_DUMP=0)."""
    return os.environ.get("ASCENDC_DUMP", "true").strip().lower() == "true"


def directory(name: str, path: Path, mode: int = 0o777) -> Path:
    """`path`, the directory variable `name` selects (or its default), created if it is missing.

    One that cannot be created (a file is in the way, a read-only or missing mount) raises
    `EnvironmentVariableError` naming the variable, instead of an OSError from inside a launch."""
    try:
        path.mkdir(mode=mode, parents=True, exist_ok=True)
    except OSError as e:
        if e.filename and os.path.lexists(e.filename) and not os.path.isdir(e.filename):
            reason = f"{e.filename} is a file, not a directory"
        else:
            reason = f"{e.strerror}: {e.filename}" if e.strerror else str(e)
        value = os.environ.get(name, "")
        default = "" if value else f" (unset, it is {path})"
        raise EnvironmentVariableError(name, value, f"a directory pyasc can create and write to{default}; "
                                       f"creating it failed ({reason})") from None
    return path
