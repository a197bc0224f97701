"""The environment variables pyasc reads, each validated where it is read, once per value.

A bad value (`PYASC_SIM_THREADS=abc`) raises `EnvironmentVariableError` naming the variable, the
value and what it accepts, instead of a ValueError from deep inside a launch.
"""

from __future__ import annotations

import os

from ..errors import EnvironmentVariableError

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
