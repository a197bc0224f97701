"""Compile-time errors: every one names the kernel file:line and shows the line."""

from __future__ import annotations

import ast

from ..errors import LocatedError, Note, SourceLocation


class CompileWarning(UserWarning):
    """A kernel compiles, but probably not as meant (e.g. a float operand truncated to an int);
    issued at the kernel's file and line."""


class CompileError(LocatedError):
    """A kernel cannot be compiled; raised at the user's line."""

    kind = "compile error"


class UnsupportedSyntaxError(CompileError):
    """The kernel uses Python syntax that pyasc does not translate."""


class CompileTypeError(CompileError):
    """A value has the wrong type for the operation it is used in."""


class CapacityError(CompileError):
    """On-chip buffers do not fit in the platform's memory."""


class SyncError(CompileError):
    """Synchronisation is used incorrectly (event ids, events, pipes)."""


def location_of(file: str, first_line: int, node: ast.AST) -> SourceLocation:
    """The user's location of `node`, parsed from a function starting at `first_line`."""
    line = getattr(node, "lineno", 0)
    col = getattr(node, "col_offset", -1) + 1
    return SourceLocation(file, first_line + line - 1 if line else first_line, max(col, 0))


#: The exception class of each verifier diagnostic category (AscDiagnostics.h); categories not
#: listed (argument, alignment, queue, none) give a CompileError.
CATEGORY_ERRORS: dict[str, type[CompileError]] = {
    "dtype": CompileTypeError,
    "position": CompileTypeError,
    "capacity": CapacityError,
    "sync": SyncError,
}


def error_class(category: str) -> type[CompileError]:
    """The exception class of a diagnostic of `category` (never read from the message text)."""
    return CATEGORY_ERRORS.get(category, CompileError)


def from_diagnostics(diags: list, stage: str) -> CompileError:
    """Builds one exception from MLIR diagnostics (first error first, the rest as notes); its class
    comes from the first error's category."""
    errors = [d for d in diags if d.severity == "error"] or list(diags)
    first = errors[0]
    notes: list[Note] = []
    for note in first.notes:
        notes.append(Note(note.message, _loc(note)))
    for other in errors[1:]:
        notes.append(Note(f"also: {other.message}", _loc(other)))
    return error_class(first.category)(first.message, _loc(first), notes)


def _loc(diag) -> SourceLocation | None:
    if not diag.file:
        return None
    return SourceLocation(diag.file, diag.line, diag.col)


__all__ = [
    "CompileError",
    "UnsupportedSyntaxError",
    "CompileTypeError",
    "CapacityError",
    "SyncError",
    "location_of",
    "CompileWarning",
    "error_class",
    "from_diagnostics",
]
