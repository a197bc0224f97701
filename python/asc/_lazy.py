"""Names of a package resolved on first use (PEP 562 module `__getattr__`).

`import asc` loads only what defining and launching a kernel needs; the kernel vocabulary
(the ODS op surface, the enums, the parameter structs, asc.adv) is imported the first time one
of its names is read (see docs/contributing.md, "Import structure"). A package lists which of
its submodules defines each name; reading the name imports that submodule and caches the value
in the package's namespace, so later reads are plain attribute lookups.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


class LazyNames:
    """The names `package` exports from its submodules: `{submodule: (name, ...)}`."""

    def __init__(self, package: str, exports: dict[str, tuple[str, ...]]) -> None:
        self.package = package
        self.where = {name: module for module, names in exports.items() for name in names}

    def __contains__(self, name: str) -> bool:
        return name in self.where

    def names(self) -> list[str]:
        return sorted(self.where)

    def resolve(self, name: str) -> Any:
        """The value of `name`, imported from its submodule and cached in the package."""
        module = importlib.import_module(f"{self.package}.{self.where[name]}")
        value = getattr(module, name)
        setattr(sys.modules[self.package], name, value)
        return value

    def resolve_all(self) -> None:
        for name in self.where:
            self.resolve(name)


def no_attribute(package: str, name: str) -> AttributeError:
    return AttributeError(f"module {package!r} has no attribute {name!r}", name=name, obj=None)


def ods_enums(module: str, names: tuple[str, ...]) -> Callable[[str], Any]:
    """A module `__getattr__` for the dialect's enums `module` exports: each is read from `asc._C._ods`
    (which makes the class on its first read, so `import asc` makes none a kernel does not name) and
    cached in `module`."""

    def getattr_(name: str) -> Any:
        if name not in names:
            raise no_attribute(module, name)
        from ._C import _ods

        value = getattr(_ods, name)
        setattr(sys.modules[module], name, value)
        return value

    return getattr_
