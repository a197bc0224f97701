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


def assigned_names(body: list[ast.stmt]) -> list[str]:
    """Names stored anywhere in `body` (in first-assignment order), nested blocks included."""
    seen: dict[str, None] = {}
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                seen.setdefault(node.id, None)
    return list(seen)
