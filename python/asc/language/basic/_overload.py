"""Overload resolution for the basic API, with pyasc's rules.

A function has an ordered list of candidate signatures. Positional arguments bind
to a candidate's parameters in order, keyword arguments must name one of them,
every bound value must match the parameter's type, and unbound parameters must
have defaults. The first candidate that matches wins; if none does, a TypeError
lists the argument types and every candidate. Keyword names are part of the API.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Sequence
from typing import Any, Callable

import numpy as np

from ..core.ir_value import IRValue, PlainValue

_NO_DEFAULT = object()
_FORM_ORDER = {"count": 0, "l0": 1, "l1": 2}


class Kind:
    """A parameter type: a predicate plus the name shown in error messages."""

    def __init__(self, name: str, check: Callable[[Any], bool]) -> None:
        self.name = name
        self.check = check

    def __repr__(self) -> str:
        return self.name


def _is_int(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    return isinstance(v, (int, np.integer)) or (isinstance(v, PlainValue) and v.dtype.is_int())


def _is_number(v: Any) -> bool:
    return (isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)) \
        or isinstance(v, PlainValue)


def instance_of(cls: type, name: str | None = None) -> Kind:
    return Kind(name or cls.__name__, lambda v: isinstance(v, cls))


def instance_of_later(module: str, name: str) -> Kind:
    """`instance_of` class `name` of `module`, for a class `import asc` need not load (the cube and layout
    parameter structs, the AIPP structs): while `module` is not imported, no value is an instance of its
    class, so the check imports nothing; the class is looked up once the module is there."""
    found: list[type] = []

    def check(v: Any) -> bool:
        if not found:
            loaded = sys.modules.get(module)
            if loaded is None:
                return False
            found.append(getattr(loaded, name))
        return isinstance(v, found[0])

    return Kind(name, check)


INT = Kind("int", _is_int)
NUMBER = Kind("Union[int, float]", _is_number)
BOOL = Kind("bool", lambda v: isinstance(v, (bool, np.bool_)) or (isinstance(v, PlainValue) and v.dtype.bitwidth == 1))
INT_LIST = Kind("List[int]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0 and all(_is_int(x) for x in v))
ANY = Kind("Any", lambda v: True)


class Param:
    """One parameter of a candidate: its keyword name, its kind and its default (if any).

    A plain class: the basic API creates ~1,000 of them when it is imported, where a dataclass costs its
    generated methods' compile (docs/contributing.md, "Import structure")."""

    __slots__ = ("name", "kind", "default")

    def __init__(self, name: str, kind: Kind, default: Any = _NO_DEFAULT) -> None:
        self.name = name
        self.kind = kind
        self.default = default

    def __repr__(self) -> str:
        default = "" if self.default is _NO_DEFAULT else f", default={self.default!r}"
        return f"Param({self.name!r}, {self.kind!r}{default})"


def form_of(params: Sequence[Param]) -> str | None:
    """The call form a candidate's parameters imply: a `count` parameter → "count" (L2), `mask: int` →
    "l0", `mask: List[int]` → "l1"; None when they imply none (the caller names the form)."""
    kinds = {p.name: p.kind for p in params}
    if "count" in kinds:
        return "count"
    mask = kinds.get("mask")
    if mask is INT:
        return "l0"
    if mask is INT_LIST:
        return "l1"
    return None


class Candidate:
    """One signature of an API function and the handler it calls; `form` is the call form it
    implements ("count", "l0", "l1", ...)."""

    __slots__ = ("params", "handler", "form")

    def __init__(self, params: tuple[Param, ...], handler: Callable[..., Any], form: str | None = None) -> None:
        self.params = params
        self.handler = handler
        self.form = form

    def bind(self, args: Sequence[Any], kwargs: dict[str, Any]) -> dict[str, Any] | None:
        if len(args) > len(self.params):
            return None
        bound: dict[str, Any] = {}
        for p, v in zip(self.params, args):
            bound[p.name] = v
        names = {p.name for p in self.params}
        for k, v in kwargs.items():
            if k not in names or k in bound:
                return None
            bound[k] = v
        for p in self.params:
            if p.name in bound:
                if not p.kind.check(bound[p.name]):
                    return None
            elif p.default is _NO_DEFAULT:
                return None
            else:
                bound[p.name] = p.default
        return bound

    def signature(self, name: str) -> str:
        parts = []
        for p in self.params:
            d = "" if p.default is _NO_DEFAULT else f" = {_show(p.default)}"
            parts.append(f"{p.name}: {p.kind.name}{d}")
        return f"{name}({', '.join(parts)})"


def _show(v: Any) -> str:
    if isinstance(v, enum.Enum):
        return f"{type(v).__name__}.{v.name}"
    return repr(v)


def _type_name(v: Any) -> str:
    if isinstance(v, PlainValue):
        return f"PlainValue[{v.dtype.name}]"
    if isinstance(v, IRValue) or not isinstance(v, (list, tuple)):
        return type(v).__name__
    return f"{type(v).__name__}[{', '.join(_type_name(x) for x in v)}]"


class OverloadSet:
    """The candidates of one API function, tried in order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.candidates: list[Candidate] = []

    def add(self, params: Sequence[Param], handler: Callable[..., Any], form: str | None = None) -> None:
        """Adds a candidate. Its form is `form` if given, else derived from the parameters (`form_of`)."""
        self.candidates.append(Candidate(tuple(params), handler, form or form_of(params)))

    @property
    def forms(self) -> tuple[str, ...]:
        """The distinct forms of the candidates: count, l0, l1 first, the others in order of addition."""
        tags = list(dict.fromkeys(c.form for c in self.candidates if c.form is not None))
        return tuple(sorted(tags, key=lambda f: (_FORM_ORDER.get(f, len(_FORM_ORDER)), tags.index(f))))

    def untagged(self) -> list[Candidate]:
        """Candidates whose form is neither given nor derivable (`form_of`)."""
        return [c for c in self.candidates if c.form is None]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        for c in self.candidates:
            bound = c.bind(args, kwargs)
            if bound is not None:
                return c.handler(**bound)
        for a in (*args, *kwargs.values()):
            refused = getattr(type(a), "REFUSED", None)
            if isinstance(refused, str):  # a struct no form of this part takes: say why
                raise NotImplementedError(f"{self.name}: {refused}")
        given = [_type_name(a) for a in args] + [f"{k}={_type_name(v)}" for k, v in kwargs.items()]
        options = "\n".join(f"  {c.signature(self.name)}" for c in self.candidates)
        known = {p.name for c in self.candidates for p in c.params}
        unknown = [k for k in kwargs if k not in known]
        if unknown:
            raise TypeError(f"{self.name}() got an unexpected keyword argument '{unknown[0]}'; "
                            f"candidates:\n{options}")
        raise TypeError(f"no overload of {self.name}() matches the arguments ({', '.join(given)}); "
                        f"candidates:\n{options}")
