"""Errors that reach pyasc users, and the one renderer that shows their source.

Every user-facing error derives from :class:`AscError`. Errors tied to a place in
a kernel (compile errors, simulator reports) carry the file, line and column and
render an excerpt of the user's source with a caret under the column.
"""

from __future__ import annotations

import linecache

from ._record import Record, factory

_CONTEXT_LINES = 3


class SourceLocation(Record, frozen=True):
    """A place in a user's Python file (1-based line, 1-based column; 0 = unknown)."""

    file: str
    line: int
    col: int = 0

    def __str__(self) -> str:
        if self.col:
            return f"{self.file}:{self.line}:{self.col}"
        return f"{self.file}:{self.line}"


def format_excerpt(loc: SourceLocation | None, source_lines: list[str] | None = None) -> str:
    """Renders the lines before `loc`, the line itself and a caret under its column."""
    if loc is None or loc.line <= 0:
        return ""
    lines = source_lines
    if lines is None:
        lines = linecache.getlines(loc.file)
    if not lines or loc.line > len(lines):
        return "    <source not available>\n"
    first = max(1, loc.line - _CONTEXT_LINES)
    width = len(str(loc.line))
    out = []
    for n in range(first, loc.line + 1):
        text = lines[n - 1].rstrip("\n")
        out.append(f"  {n:>{width}} | {text}\n")
    if loc.col > 0:
        out.append(f"  {' ' * width} | {' ' * (loc.col - 1)}^\n")
    return "".join(out)


class Note(Record):
    message: str
    location: SourceLocation | None = None


class AscError(Exception):
    """Base class of every error pyasc raises for a user's kernel or launch."""


class EnvironmentVariableError(AscError, ValueError):
    """A PYASC_* environment variable has a value pyasc cannot use."""

    def __init__(self, name: str, value: str, valid: str) -> None:
        self.name, self.value, self.valid = name, value, valid
        super().__init__(f"environment variable {name}={value!r} is not valid: expected {valid}")


class _Rendered(Record):
    message: str
    location: SourceLocation | None = None
    notes: list[Note] = factory(list)
    #: The lines of files that are not on disk (a kernel's generated Ascend C), by file name.
    sources: dict[str, list[str]] = factory(dict)

    def render(self, kind: str) -> str:
        head = f"{self.location}: {kind}: {self.message}" if self.location else f"{kind}: {self.message}"
        parts = [head, "\n", self._excerpt(self.location)]
        for note in self.notes:
            where = f"{note.location}: " if note.location else ""
            parts.append(f"{where}note: {note.message}\n")
            parts.append(self._excerpt(note.location))
        return "".join(parts).rstrip("\n")

    def _excerpt(self, loc: SourceLocation | None) -> str:
        return format_excerpt(loc, self.sources.get(loc.file) if loc else None)


class LocatedError(AscError):
    """An error at a place in the user's source, rendered with an excerpt."""

    kind = "error"

    def __init__(self, message: str, location: SourceLocation | None = None,
                 notes: list[Note] | None = None, sources: dict[str, list[str]] | None = None) -> None:
        self.message = message
        self.location = location
        self.notes = list(notes or [])
        self.sources = dict(sources or {})
        super().__init__(_Rendered(message, location, self.notes, self.sources).render(self.kind))

    def __reduce__(self):
        return (type(self), (self.message, self.location, self.notes, self.sources))
