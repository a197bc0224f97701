"""Errors of a launch: bad launch arguments or shapes (`LaunchError`), and what the simulator reports
for a launched kernel (bounds, capacity, deadlock, sync: `KernelError`)."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import Any

from ..errors import LocatedError, Note, SourceLocation


def _loc(file: str, line: int) -> SourceLocation | None:
    return SourceLocation(file, line) if file and line else None


def launch_site(stacklevel: int) -> SourceLocation:
    """A location up the stack: 0 = the function calling `launch_site`, 1 = its caller, and so on."""
    frame = sys._getframe(stacklevel + 1)
    return SourceLocation(frame.f_code.co_filename, frame.f_lineno)


class LaunchError(LocatedError):
    """A launch the kernel cannot run with: the number of blocks, the arguments' count, types or
    layout. Raised at the launch line, before anything runs."""

    kind = "launch error"


class LaunchTypeError(LaunchError, TypeError):
    """A launch argument of the wrong kind (also a TypeError)."""


class LaunchValueError(LaunchError, ValueError):
    """A launch shape or value out of range (also a ValueError)."""


class LaunchCallError(LaunchError, RuntimeError):
    """A kernel called like a function, without `kernel[num_blocks]` (also a RuntimeError)."""


class KernelWarning(RuntimeWarning):
    """The simulator found something undefined on the NPU that did not stop the kernel (e.g. a read of
    never-written UB, a race under PYASC_RACE_CHECK=warn)."""


class SyncWarning(KernelWarning):
    """@asc.jit(verify_sync=True) found a queue used against the TPipe protocol (at compile time)."""


class KernelError(LocatedError):
    """The simulator found a bug while running a kernel; raised at the kernel's line."""

    kind = "kernel error"

    def __init__(self, message: str, location: SourceLocation | None = None,
                 notes: list[Note] | None = None, category: str = "", block: int = -1) -> None:
        self.category = category
        self.block = block
        super().__init__(message, location, notes)

    def __reduce__(self):
        return (type(self), (self.message, self.location, self.notes, self.category, self.block))

    @classmethod
    def raise_for(cls, kernel: str, result: Any, stacklevel: int = 2) -> None:
        """Issues the launch's warnings as KernelWarnings and raises for its errors.

        `stacklevel` counts from the caller, as for `warnings.warn`: 2 = the caller's caller."""
        for d in result.diagnostics:
            if d.severity == "warning":
                warnings.warn(f"{d.file}:{d.line}: {d.message}", KernelWarning, stacklevel=stacklevel + 1)
        if not result.ok:
            raise cls.from_diagnostics(kernel, result.diagnostics)

    @classmethod
    def from_diagnostics(cls, kernel: str, diags: Sequence[Any]) -> KernelError:
        errors = [d for d in diags if d.severity == "error"]
        # A deadlock next to another error is its consequence (e.g. a MIX kernel's AIV waits for the reply
        # of an AIC that stopped on a Matmul error): the other error comes first, the deadlock as a note.
        errors.sort(key=lambda d: d.category == "deadlock")
        first = errors[0]
        notes = [Note(m, _loc(f, ln)) for (m, f, ln) in first.notes]
        for other in errors[1:6]:
            notes.append(Note(f"also in block {other.block}: {other.message}", _loc(other.file, other.line)))
        if len(errors) > 6:
            notes.append(Note(f"... and {len(errors) - 6} more errors"))
        where = f" (block {first.block})" if first.block >= 0 else ""
        return cls(f"kernel '{kernel}'{where}: {first.message}", _loc(first.file, first.line), notes,
                   first.category, first.block)
