"""What a kernel's code can read at compile time, and the part of the cache key it makes.

A kernel (or device function) reads Python objects by name: its closure's free
variables first, then its module's globals. Through attribute chains
(`params.SCALE`, `pkg.mod.helper`, `Mode.FAST`) it reaches module attributes of
other modules and device functions of any module. The value reached by every name
and every chain is part of the key, so editing an imported module recompiles in a
fresh process as well as in the running one.

To keep launches cheap, the values are resolved once per launch and compared by
identity with the previous launch's (`Watch`); only a change recomputes the key. A
planned launch whose key depends on plain names only (`Watch.plain`) leaves that
comparison to its plan's native guard (asc.runtime.plan).
"""

from __future__ import annotations

import ast
import enum
import operator
import sys
import types
from collections import ChainMap
from collections.abc import Mapping
from typing import Any, Callable

from .._record import Record
from ..language.core.dtype import DataType
from ..language.core.range import ConstExpr

_MISSING = object()
#: The value of a name absent from the namespace, in `Watch.plain`.
MISSING = _MISSING
_MODULES = sys.modules


def _logging() -> Any:
    """The logging module if anything imported it: a kernel can read a logger only then (pyasc does
    not import it for a launch). Through an import statement, not sys.modules alone: while another
    thread is still importing it, sys.modules holds the half-initialised module (no `Logger` yet), and
    the import waits for that thread to finish."""
    if "logging" not in _MODULES:
        return None
    import logging

    return logging


def _root_level() -> int | None:
    logging = _logging()
    return None if logging is None else logging.root.getEffectiveLevel()
_SCALARS = (int, float, bool, str, bytes, type(None), DataType, ConstExpr, enum.Enum)


class References(Record, frozen=True):
    """The names a function's source reads and the attribute chains rooted at them."""

    #: Every `name` and `name.attr...` chain, sorted.
    chains: tuple[tuple[str, ...], ...]
    #: The same, grouped by root name: (root, (tail, ...)), for the per-launch snapshot.
    by_root: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]

    @staticmethod
    def of(tree: ast.AST, params: frozenset[str] = frozenset()) -> References:
        """The references in `tree` (walked iteratively: deep expressions are fine), except
        those rooted at the function's parameters `params`, which shadow every outer name."""
        chains: set[tuple[str, ...]] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                chains.add((node.id,))
            elif isinstance(node, ast.Attribute):
                path = [node.attr]
                inner = node.value
                while isinstance(inner, ast.Attribute):
                    path.append(inner.attr)
                    inner = inner.value
                if isinstance(inner, ast.Name):
                    path.append(inner.id)
                    chains.add(tuple(reversed(path)))
        ordered = tuple(sorted(c for c in chains if c[0] not in params))
        roots: dict[str, list[tuple[str, ...]]] = {}
        for chain in ordered:
            tails = roots.setdefault(chain[0], [])
            if len(chain) > 1:
                tails.append(chain[1:])
        return References(ordered, tuple((r, tuple(t)) for r, t in roots.items()))


def closure_vars(fn: Callable[..., Any]) -> dict[str, Any]:
    """The free variables of `fn` bound in its closure (names whose cell is still empty are left out)."""
    code = getattr(fn, "__code__", None)
    cells = getattr(fn, "__closure__", None) or ()
    if code is None:
        return {}
    bound: dict[str, Any] = {}
    for name, cell in zip(code.co_freevars, cells):
        try:
            bound[name] = cell.cell_contents
        except ValueError:  # assigned after the kernel was defined, or deleted
            continue
    return bound


def namespace(fn: Callable[..., Any]) -> Mapping[str, Any]:
    """The names `fn` sees, as Python resolves them: closure, then module globals."""
    free = closure_vars(fn)
    return ChainMap(free, fn.__globals__) if free else fn.__globals__


def resolve(ns: Mapping[str, Any], chain: tuple[str, ...]) -> Any:
    """The value `chain` reaches in `ns` (`_MISSING` if a step does not exist)."""
    return _follow(ns.get(chain[0], _MISSING), chain[1:])


def _follow(value: Any, tail: tuple[str, ...]) -> Any:
    """`value.tail[0].tail[1]...`; stops at objects of the asc package, whose attributes hold no
    compile-time data of the user's (the toolchain key covers them)."""
    for attr in tail:
        if value is _MISSING or _is_asc(value):
            return value
        try:
            value = getattr(value, attr, _MISSING)
        except Exception:  # a property that fails: the compiler would report it
            return _MISSING
    return value


def _is_asc(value: Any) -> bool:
    module = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
    return isinstance(module, str) and (module == "asc" or module.startswith("asc."))


def describe(value: Any, jit_key: Callable[[Any], Any]) -> Any:
    """The key material of a value a kernel reads: a stable description (never an address).

    `jit_key` gives the dependency key of a JITFunction (so device functions reached by any
    path are covered with what they read in turn)."""
    from .jit import JITFunction

    if isinstance(value, JITFunction):
        return ("jit", jit_key(value))
    if isinstance(value, _SCALARS):
        return repr(value)
    if isinstance(value, (tuple, list, frozenset)):
        return (type(value).__name__, tuple(describe(v, jit_key) for v in value))
    logging = _logging()
    if logging is not None and (value is logging or isinstance(value, logging.Logger)):
        # Logging calls compile to printf only when their level is enabled.
        logger = value if isinstance(value, logging.Logger) else logging.getLogger()
        return ("log-level", logger.getEffectiveLevel())
    if value is _MISSING:
        return None
    if _is_asc(value):
        # asc functions and classes by name: a name bound to asc.add in one kernel and to asc.sub in
        # another compiles differently (the package's own code is in the toolchain key).
        name = getattr(value, "__qualname__", None)
        return ("asc", getattr(value, "__module__", None), name) if isinstance(name, str) else None
    if isinstance(value, types.ModuleType):
        return ("module", value.__name__)
    if isinstance(value, type):
        return ("type", value.__module__, value.__qualname__)
    return ("object", type(value).__module__, type(value).__qualname__)


class Watch:
    """What a key was computed from: the values the function's names and chains reached (held, so
    that no other object can take their identity) and the logging levels in effect (logging calls
    compile to printf only when enabled). `unchanged` re-reads them at every launch, cheaply: most
    names are the kernel's own locals, absent from the namespace, and are checked all at once."""

    __slots__ = ("roots", "root_values", "absent", "tails", "values", "root_level", "loggers",
                 "jits", "plain")

    def __init__(self, ns: Mapping[str, Any], refs: References) -> None:
        from .jit import JITFunction

        present = [(root, tails) for root, tails in refs.by_root if root in ns]
        self.roots = tuple(root for root, _ in present)
        self.root_values = tuple(ns[root] for root in self.roots)
        self.absent = frozenset(root for root, _ in refs.by_root if root not in ns)
        # Chains through asc objects are not followed: a rebinding of their root shows anyway.
        self.tails = tuple((i, tail, _follow(value, tail))
                           for i, ((_, tails), value) in enumerate(zip(present, self.root_values))
                           if not _is_asc(value) for tail in tails)
        self.values = self.root_values + tuple(v for _, _, v in self.tails)
        self.root_level = _root_level()
        logging = _logging()
        self.loggers = () if logging is None else tuple((v, v.getEffectiveLevel()) for v in self.values
                                                        if isinstance(v, logging.Logger))

        jits: list[JITFunction] = []
        logs = []

        def collect(v: Any) -> None:
            if isinstance(v, JITFunction):
                jits.append(v)
            elif isinstance(v, (tuple, list, frozenset)):
                for x in v:
                    collect(x)
            elif logging is not None and (v is logging or isinstance(v, logging.Logger)):
                logs.append(v)

        for v in self.values:
            collect(v)
        #: The @asc.jit functions reached: their own dependencies may change while these values do not.
        self.jits = tuple(jits)
        #: When the names alone decide `unchanged` — no attribute chain to follow, no @asc.jit function
        #: reached, no logger or logging module read (whose levels `describe` puts in the key) — every
        #: name with the value it had (`MISSING` for the absent ones): a launch plan's native guard
        #: compares them (asc.runtime.plan). None otherwise.
        self.plain = None if self.tails or jits or logs else (
            *zip(self.roots, self.root_values), *((name, _MISSING) for name in sorted(self.absent)))

    def unchanged(self, ns: Mapping[str, Any]) -> bool:
        get = ns.get
        if not all(map(operator.is_, map(get, self.roots), self.root_values)):
            return False
        if self.absent and not ns.keys().isdisjoint(self.absent):
            return False
        values = self.root_values
        for i, tail, value in self.tails:
            if _follow(values[i], tail) is not value:
                return False
        logging = _MODULES.get("logging")  # _root_level(), inlined: this runs at every launch
        if logging is not None and not hasattr(logging, "root"):
            logging = _logging()  # half-imported by another thread: wait for it
        if (None if logging is None else logging.root.getEffectiveLevel()) != self.root_level:
            return False
        return all(lg.getEffectiveLevel() == level for lg, level in self.loggers)


__all__ = ["MISSING", "References", "Watch", "closure_vars", "describe", "namespace", "resolve"]
