"""Name scopes of a kernel body, and the loop/branch bookkeeping around them."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Unavailable:
    """A name bound only inside a runtime loop or one branch: unusable afterwards."""

    name: str
    reason: str


class Scope:
    """Local variables of one kernel function: a chain of dicts (innermost first)."""

    def __init__(self) -> None:
        self._frames: list[dict[str, Any]] = [{}]

    def lookup(self, name: str) -> tuple[bool, Any]:
        for frame in reversed(self._frames):
            if name in frame:
                return True, frame[name]
        return False, None

    def define(self, name: str, value: Any) -> None:
        self._frames[-1][name] = value

    def push(self) -> None:
        self._frames.append({})

    def pop(self) -> dict[str, Any]:
        return self._frames.pop()

    def snapshot(self) -> dict[str, Any]:
        """Every visible name with its current value (inner frames win)."""
        out: dict[str, Any] = {}
        for frame in self._frames:
            out.update(frame)
        return out


# Methods that give the object a new IR value (LocalTensor descriptor setters): `t.set_size(n)` re-binds
# `t` as far as loops and branches are concerned.
REBINDING_METHODS = frozenset({"set_size", "set_buffer_len", "set_addr_with_offset"})
# Methods that give their tensor argument a new IR value (the in-place queue forms): `q.deque(t)` and
# `q.alloc_tensor(tensor=t)` re-bind `t`. A name passed there that is not a tensor (`q.deque(dt)` with a
# data type) is not an IR value, and loops and branches leave such names alone.
REBINDING_ARGUMENT_METHODS = frozenset({"alloc_tensor", "deque"})


def _rebound_name(call: ast.Call) -> str | None:
    """The variable a call re-binds through a method, if any."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr in REBINDING_METHODS and isinstance(func.value, ast.Name):
        return func.value.id
    if func.attr in REBINDING_ARGUMENT_METHODS:
        args = [call.args[0]] if call.args else []
        args += [k.value for k in call.keywords if k.arg == "tensor"]
        return next((a.id for a in args if isinstance(a, ast.Name)), None)
    return None


def _stored_names(body: list[ast.stmt], assignments: bool) -> list[str]:
    """Names given a new value in `body` (first-store order, nested blocks included): by a call of a
    re-binding method (`name.set_size(...)`, `que.deque(name)`), and with `assignments` by any store."""
    seen: dict[str, None] = {}
    for stmt in body:
        for node in ast.walk(stmt):
            if assignments and isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                seen.setdefault(node.id, None)
            elif isinstance(node, ast.Call) and (name := _rebound_name(node)) is not None:
                seen.setdefault(name, None)
    return list(seen)


def assigned_names(body: list[ast.stmt]) -> list[str]:
    """Names stored anywhere in `body`; a call of a re-binding method counts as a store."""
    return _stored_names(body, assignments=True)


def method_rebound_names(body: list[ast.stmt]) -> list[str]:
    """Names whose object a re-binding method call in `body` gives a new IR value."""
    return _stored_names(body, assignments=False)
