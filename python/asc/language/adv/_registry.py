"""The registry of the advanced API (`asc.adv`): every function with its Ascend C name and forms.

`scripts/gen_api_coverage.py` lists these names; `asc.adv.__all__` is exactly the registry plus the
classes (tiling structs, configs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..basic._overload import OverloadSet
from ..core.builtin import builtin


@dataclass(frozen=True)
class AdvInfo:
    name: str
    cxx: str
    dtypes: tuple[str, ...] = ()
    overloads: OverloadSet | None = field(default=None, compare=False, repr=False)


REGISTRY: dict[str, AdvInfo] = {}
FUNCTIONS: dict[str, Callable[..., Any]] = {}


def register(name: str, cxx: str, overloads: OverloadSet, doc: str, dtypes: tuple[str, ...] = ()) -> Any:
    """Publishes the OverloadSet `overloads` as `asc.adv.<name>`."""
    if name in REGISTRY:
        raise RuntimeError(f"advanced API '{name}' is defined twice")

    @builtin
    def fn(*args: Any, **kwargs: Any) -> Any:
        return overloads(*args, **kwargs)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc + "\n\nForms:\n" + "\n".join("  " + c.signature(name) for c in overloads.candidates)
    REGISTRY[name] = AdvInfo(name, cxx, dtypes, overloads)
    FUNCTIONS[name] = fn
    return fn
