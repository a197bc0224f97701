"""The pyasc kernel language (`asc.*`): core types, the basic API and the framework classes.

Lazy (asc._lazy): the core names resolve one by one from asc.language.core, the basic API's one by one
from asc.language.basic (imported on the first read of one, or by the first compile; a generated function
is built on its first read); the first read of a framework class imports asc.language.fwk.
"""

from __future__ import annotations

import importlib
from typing import Any

from .._lazy import no_attribute
from . import core

_SUBPACKAGES = ("adv", "basic", "core", "fwk")
_CORE_NAMES = frozenset(core.__all__)


def _surface_name(name: str) -> Any:
    """A basic API function (built on its first read) or a framework class (imports asc.language.fwk)."""
    from . import basic

    value = basic._api.function(name)
    if value is None:
        from . import fwk

        if name not in fwk.__all__:
            raise no_attribute(__name__, name)
        value = getattr(fwk, name)
    return value


def _all() -> list[str]:
    from . import basic, fwk

    return list(core.__all__) + list(basic.__all__) + list(fwk.__all__)


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in _CORE_NAMES:
        value = getattr(core, name)
    elif name == "__all__":
        value = _all()
    elif name.startswith("__"):  # probes such as __qualname__, __wrapped__: no import
        raise no_attribute(__name__, name)
    else:
        value = _surface_name(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_all()))
