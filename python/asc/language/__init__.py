"""The pyasc kernel language (`asc.*`): core types, the basic API and the framework classes.

Lazy (asc._lazy): the core names resolve one by one from asc.language.core; the first read of any
other name imports the basic API (generated from ODS) and the framework classes, all at once.
"""

from __future__ import annotations

import importlib
from typing import Any

from .._lazy import no_attribute
from . import core

_SUBPACKAGES = ("adv", "basic", "core", "fwk")
_CORE_NAMES = frozenset(core.__all__)


def surface() -> dict[str, Any]:
    """The basic API functions and the framework classes by name (imports them on first use)."""
    from . import basic, fwk

    names = {name: getattr(basic, name) for name in basic.__all__}
    names.update((name, getattr(fwk, name)) for name in fwk.__all__)
    return names


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
        names = surface()
        if name not in names:
            raise no_attribute(__name__, name)
        value = names[name]
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_all()))
