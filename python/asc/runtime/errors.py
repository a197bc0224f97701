"""Errors of a launch: bad launch arguments or shapes (`LaunchError`), and what the simulator reports
for a launched kernel (bounds, capacity, deadlock, sync: `KernelError`)."""

from __future__ import annotations

import os.path
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
                 notes: list[Note] | None = None, category: str = "", block: int = -1,
                 sources: dict[str, list[str]] | None = None) -> None:
        self.category = category
        self.block = block
        super().__init__(message, location, notes, sources)

    def __reduce__(self):
        return (type(self), (self.message, self.location, self.notes, self.category, self.block, self.sources))

    @classmethod
    def raise_for(cls, kernel: str, result: Any, stacklevel: int = 2, source: str | None = None) -> None:
        """Issues the launch's warnings as KernelWarnings and raises for its errors.

        `stacklevel` counts from the caller, as for `warnings.warn`: 2 = the caller's caller. `source`: the
        kernel's generated Ascend C, shown where a diagnostic points into it rather than at a Python line."""
        gen = _Generated(kernel, source)
        for d in result.diagnostics:
            if d.severity == "warning":
                hint = gen.hint(gen.loc(d.file, d.line))
                where = f"{gen.name}:{d.line}" if hint else f"{d.file}:{d.line}"
                # The notes as a CompileWarning words them (asc.runtime.compiler._warning_text).
                notes = "".join(f"\n  note: {f}:{ln}: {m}" if f else f"\n  note: {m}" for (m, f, ln) in d.notes)
                warnings.warn(f"{where}: {d.message}" + (f" ({hint})" if hint else "") + notes, KernelWarning,
                              stacklevel=stacklevel + 1)
        if not result.ok:
            raise cls.from_diagnostics(kernel, result.diagnostics, source)

    @classmethod
    def from_diagnostics(cls, kernel: str, diags: Sequence[Any], source: str | None = None) -> KernelError:
        gen = _Generated(kernel, source)
        errors = [d for d in diags if d.severity == "error"]
        # A deadlock next to another error is its consequence (e.g. a MIX kernel's AIV waits for the reply
        # of an AIC that stopped on a Matmul error): the other error comes first, the deadlock as a note.
        errors.sort(key=lambda d: d.category == "deadlock")
        first = errors[0]
        location = gen.loc(first.file, first.line)
        hint = gen.hint(location)
        notes = [Note(hint)] if hint else []
        notes += [Note(m, gen.loc(f, ln)) for (m, f, ln) in first.notes]
        for other in errors[1:6]:
            notes.append(Note(f"also in block {other.block}: {other.message}", gen.loc(other.file, other.line)))
        if len(errors) > 6:
            notes.append(Note(f"... and {len(errors) - 6} more errors"))
        where = f" (block {first.block})" if first.block >= 0 else ""
        return cls(f"kernel '{kernel}'{where}: {first.message}", location, notes, first.category, first.block,
                   gen.sources)


class _Generated:
    """A kernel's generated Ascend C, for the diagnostics that point into it instead of at a Python line.

    The simulator builds the kernel from `<tmp>/pyasc_model_*/kernel.cpp`, removed after the build; its
    `#line` directives lead every statement back to the Python source, except with strip_loc=True."""

    def __init__(self, kernel: str, source: str | None) -> None:
        self.name = f"<generated Ascend C of kernel '{kernel}'>"
        self.lines = source.splitlines(keepends=True) if source is not None else None
        # strip_loc=True: no `#line` but the one of the simulator's entry the translation appends.
        self.stripped = self.lines is not None and all(
            _SIM_ENTRY in line for line in self.lines if line.startswith("#line"))
        #: The generated lines by `name`, once a location points into them (an error then carries them).
        self.sources: dict[str, list[str]] = {}

    def loc(self, file: str, line: int) -> SourceLocation | None:
        if self.lines is not None and _is_build_file(file):
            file = self.name
            self.sources[file] = self.lines
        return _loc(file, line)

    def hint(self, loc: SourceLocation | None) -> str:
        """What a location in the generated code means and what to do ("" for any other location)."""
        if loc is None or loc.file != self.name:
            return ""
        if self.stripped:
            return ("the kernel was compiled with strip_loc=True, which removes the links from its generated "
                    "Ascend C to your Python lines: run it without strip_loc=True to see the Python line")
        return ("a line of the generated Ascend C that no Python line produced: PYASC_DUMP_PATH=dir writes "
                "that file as dir/<kernel>-<key>/ascendc.cpp")


_SIM_ENTRY = '"<pyasc-simulator-entry>"'


def _is_build_file(file: str) -> bool:
    """Whether `file` is the generated source the simulator built a kernel from (see _Generated)."""
    folder, name = os.path.split(file)  # not pathlib: `import asc` does not load it
    return name == "kernel.cpp" and os.path.basename(folder).startswith("pyasc_model_")
