"""Compile errors name the kernel's file:line, show the line with a caret and leak no internals."""

from __future__ import annotations

import traceback

import numpy as np
import pytest

import asc
from asc.codegen.errors import (
    CapacityError,
    CompileError,
    CompileTypeError,
    SyncError,
    UnsupportedSyntaxError,
)

X = np.zeros(256, dtype=np.float32)


def _line_of(fn, text: str) -> int:
    import inspect

    lines, first = inspect.getsourcelines(fn.fn)
    for i, line in enumerate(lines):
        if text in line:
            return first + i
    raise AssertionError(text)


@asc.jit
def uses_comprehension(x: asc.GlobalAddress, n: int):
    sizes = [i * n for i in range(4)]  # noqa: F841


@asc.jit
def uses_lambda(x: asc.GlobalAddress, n: int):
    f = lambda v: v + 1  # noqa: E731
    f(n)


@asc.jit
def uses_pow(x: asc.GlobalAddress, n: int):
    m = n ** 2  # noqa: F841


@asc.jit
def slice_with_stop(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    h = g[0:8]  # noqa: F841


@asc.jit
def returns_value(x: asc.GlobalAddress, n: int):
    return n


@asc.jit
def undefined_name(x: asc.GlobalAddress, n: int):
    m = nothing_here + n  # noqa: F821,F841


@asc.jit
def event_id_out_of_range(x: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 9)


@asc.jit
def loop_local_used_after(x: asc.GlobalAddress, n: int):
    for i in range(n):
        t = i * 2
    m = t + 1  # noqa: F841


@asc.jit
def changes_type_in_loop(x: asc.GlobalAddress, n: int):
    acc = 0
    for i in range(n):  # noqa: B007
        acc = x.dtype  # noqa: F841


@asc.jit
def defines_a_function(x: asc.GlobalAddress, n: int):
    def twice(v):
        return v * 2
    m = twice(n)  # noqa: F841


def _compile_error(kernel, *args):
    with pytest.raises(CompileError) as info:
        kernel[1](*args)
    return info.value


@pytest.mark.parametrize("kernel,marker,cls,message", [
    (uses_comprehension, "sizes = [", UnsupportedSyntaxError,
     "unsupported Python syntax in a kernel: ListComp"),
    (uses_lambda, "lambda v", UnsupportedSyntaxError, "unsupported Python syntax in a kernel: Lambda"),
    (uses_pow, "n ** 2", CompileTypeError, "'**' is not supported on runtime values"),
    (slice_with_stop, "g[0:8]", CompileError, "a stop or step is not supported"),
    (returns_value, "return n", UnsupportedSyntaxError, "a kernel cannot return a value"),
    (undefined_name, "nothing_here", CompileError, "name 'nothing_here' is not defined"),
    (event_id_out_of_range, "set_flag", SyncError, "set_flag: 'event_id' must be in [0, 7], but got 9"),
    (loop_local_used_after, "m = t + 1", CompileError,
     "'t' is defined inside a runtime loop and cannot be used after it"),
    (changes_type_in_loop, "for i in range", CompileTypeError, "variable 'acc' changes type inside the loop"),
    (defines_a_function, "def twice", UnsupportedSyntaxError,
     "nested function definitions are not supported in a kernel; define the function at module level "
     "with @asc.jit and call it"),
])
def test_compile_error_points_at_the_line(kernel, marker, cls, message) -> None:
    err = _compile_error(kernel, X, 8)
    assert isinstance(err, cls)
    assert message in err.message
    line = _line_of(kernel, marker)
    assert err.location.file == __file__
    assert err.location.line == line
    text = str(err)
    assert text.startswith(f"{__file__}:{line}:")
    source_line = open(__file__).read().splitlines()[line - 1]
    assert f"{line} | {source_line}" in text
    caret_line = text.splitlines()[text.splitlines().index(f"  {line} | {source_line}") + 1]
    assert caret_line.strip().endswith("^")
    assert "C++" not in text and "mlir" not in text.lower()


def test_traceback_has_no_compiler_frames() -> None:
    with pytest.raises(CompileError) as info:
        uses_comprehension[1](X, 8)
    frames = traceback.extract_tb(info.value.__traceback__)
    internal = [f for f in frames if "/asc/codegen/" in f.filename]
    assert internal == []


def test_calling_kernel_api_outside_jit() -> None:
    with pytest.raises(RuntimeError, match="'get_block_idx' cannot be called without initialization "
                                           "of global builder"):
        asc.get_block_idx()


def test_calling_kernel_directly_explains_launch() -> None:
    with pytest.raises(RuntimeError, match=r"launch it with uses_pow\[num_blocks\]"):
        uses_pow(X, 1)


def test_unknown_jit_option() -> None:
    with pytest.raises(TypeError, match=r"unknown option\(s\) \['fast'\] for @asc.jit; valid options: "
                                        r"\['always_compile', 'auto_sync', "):
        asc.jit(fast=True)(lambda x: None)


# -- verifier categories pick the exception class (sync: event_id_out_of_range above) ---------------


@asc.jit
def wrong_dtype(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.int8, asc.TPosition.VECIN, 0, 256)
    asc.exp(a, a, 256)


@asc.jit
def wrong_position(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 64)
    asc.exp(a, a, 64)


@asc.jit
def over_capacity(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64 * 1024)  # noqa: F841


@asc.jit
def out_of_range(x: asc.GlobalAddress, n: int):
    asc.scalar_get_sff_value(n, 2)


@asc.jit
def queue_at_gm(x: asc.GlobalAddress, n: int):
    q = asc.TBuf(asc.TPosition.GM)  # noqa: F841


@pytest.mark.parametrize("kernel,marker,cls,message", [
    (wrong_dtype, "asc.exp(", CompileTypeError,
     "exp: 'dst' holds int8, but exp supports float16, float32 on Ascend 910B/910C"),
    (wrong_position, "asc.exp(", CompileTypeError,
     "exp: 'dst' must be a tensor in the Unified Buffer (VECIN, VECOUT or VECCALC), but it is in position A1 (L1)"),
    (over_capacity, "64 * 1024", CapacityError,
     "LocalTensor: the tensor occupies bytes [0, 262144) of Hardware.UB, but Hardware.UB has only 196608 bytes"),
    (out_of_range, "scalar_get_sff_value", CompileError,
     "scalar_get_sff_value: 'count_value' must be 0 or 1, but got 2"),
    # A type verifier's error (category position) at the line that built the type.
    (queue_at_gm, "asc.TBuf(", CompileTypeError, "TBuf: 'pos' must be an on-chip position, not TPosition.GM"),
])
def test_verifier_category_picks_the_exception_class(kernel, marker, cls, message) -> None:
    err = _compile_error(kernel, X, 8)
    assert type(err) is cls
    assert err.message == message
    assert err.location.file == __file__ and err.location.line == _line_of(kernel, marker)


def test_exception_class_never_depends_on_the_message() -> None:
    from asc.codegen.errors import from_diagnostics

    class Diag:
        def __init__(self, message: str, category: str) -> None:
            self.severity, self.message, self.category = "error", message, category
            self.file, self.line, self.col, self.notes = "k.py", 3, 1, []

    # Words the old substring matching keyed on no longer decide anything: only the category does.
    assert type(from_diagnostics([Diag("the flag exceeds the capacity", "dtype")], "verify")) is CompileTypeError
    assert type(from_diagnostics([Diag("an event", "capacity")], "verify")) is CapacityError
    assert type(from_diagnostics([Diag("has only 3 bytes", "sync")], "verify")) is SyncError
    assert type(from_diagnostics([Diag("flag id out of range", "argument")], "verify")) is CompileError
    assert type(from_diagnostics([Diag("event capacity", "")], "verify")) is CompileError


def test_kernel_without_a_source_file_is_a_compile_error() -> None:
    """A kernel defined through exec() (or typed at the interactive prompt) has no source to compile:
    inspect's OSError ("could not get source code") escaped raw from the launch (found by the fuzzer's
    worker, which ran a kernel from stdin)."""
    from conftest import run_python

    script = ("import numpy as np, asc\n"
              "from asc.codegen.errors import CompileError\n"
              "exec('@asc.jit\\ndef k(x: asc.GlobalAddress, n: int):\\n    pass\\n')\n"
              "try:\n"
              "    k[1](np.zeros(4, dtype=np.float32), 4)\n"
              "except CompileError as e:\n"
              "    print(type(e).__name__, e.location.file, e.location.line, e.message)\n")
    proc = run_python("-c", script)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == (
        "CompileError <string> 1 the source of kernel 'k' is not available: Python keeps source only for "
        "functions defined in a file, and this one comes from <string> (`python -c`, standard input, exec() or "
        "the interactive prompt); put the kernel in a .py file and import it")
