"""The fuzzer's interpreter predicts where a division by zero stops a kernel, and that it does (each
case end to end: the interpreter's prediction and the compiled kernel agree).

Found by the fuzzer with mixed-dtype ranges (other seeds): `h - h` of a faulting division `h` folds
to 0 (arith's folder), the division is dead code and the kernel ends normally, where the interpreter
required a fault. A division in a device function's argument was reported at the function's line
that uses the argument, and one in a loop-carried variable's initial value at the `while` line (the
C++ wrote the expression there); the emitter now prints an expression that may fault under its own
#line when its user is at another line, and the interpreter expects the division's line only.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from . import interp
from .case import run_kernel
from .model import (
    FLOAT32,
    INT16,
    INT32,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    Arg,
    Assign,
    Bin,
    Call,
    Cast,
    Cmp,
    Helper,
    IfExp,
    Kernel,
    Lit,
    Name,
    Number,
    Store,
    While,
)
from .render import render
from .runner import Worker


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    with Worker() as w:
        yield w


def _same_value(op: str) -> Kernel:
    body = [Assign(("h",), Bin("/", Number(3, INT16), Name("s"))), Store(INT16, 0, Bin(op, Name("h"), Name("h")))]
    return Kernel("same_value", [Arg("s", INT16, 0)], body, slots={"int16": 1})


@pytest.mark.parametrize("op", ["-", "^"])
def test_a_division_folded_away(worker: Worker, tmp_path: Path, op: str) -> None:
    kernel = _same_value(op)
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    assert (runs[0].must_fault, runs[0].outputs) == (False, {"int16": {0: 0}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == "ok" and not result.problems, result.report()


def _argument_division() -> Kernel:
    dev = Helper("dev", ("a0",), [Assign(("h",), Bin("+", Cast(Name("a0"), INT32), Lit(1)))], Name("h"))
    body = [Store(INT32, 0, Call("dev", (Bin("//", Number(10, UINT8), Name("s")),)))]
    return Kernel("argument_division", [Arg("s", UINT8, 0)], body, helpers=[dev], slots={"int32": 1})


def test_a_division_in_an_argument(worker: Worker, tmp_path: Path) -> None:
    kernel = _argument_division()
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    dev = kernel.helpers[0]
    assert kernel.body[0].line in runs[0].fault_lines and dev.body[0].line not in runs[0].fault_lines
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == "error" and result.reply["line"] == kernel.body[0].line, result.report()
    assert not result.problems, result.report()


def _carried_division() -> Kernel:
    """`v = (s // s) if (asc.number(5, asc.uint64) > 3) else s` then a `while` that re-binds v."""
    counter = [Assign(("c",), Number(0, INT32))]
    loop = While(Cmp("<", Name("c"), Lit(1)), [Assign(("v",), Bin("^", Name("v"), Lit(8))),
                                                Assign(("c",), Lit(1), aug="+")])
    body = [Assign(("v",), IfExp(Cmp(">", Number(5, UINT64), Lit(3)), Bin("//", Name("s"), Name("s")), Name("s"))),
            *counter, loop, Store(UINT32, 0, Name("v"))]
    return Kernel("carried_division", [Arg("s", UINT32, 0)], body, slots={"uint32": 1})


def test_a_division_carried_into_a_loop(worker: Worker, tmp_path: Path) -> None:
    """Reported at the division's line, not the `while` line (found with seed 2)."""
    kernel = _carried_division()
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    division, loop = kernel.body[0], kernel.body[2]
    assert division.line in runs[0].fault_lines and loop.line not in runs[0].fault_lines
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == "error" and result.reply["line"] == division.line, result.report()
    assert not result.problems, result.report()


def _unknown_select() -> Kernel:
    """`(s % f.cast(uint16)) if ((f.cast(uint8) != 0) | (s > 0)) else s` with f = -32.0: the
    condition and the divisor are undefined for the model (a float out of the integer's range)."""
    f = Number(-32.0, FLOAT32)
    cond = Bin("|", Cmp("!=", Cast(f, UINT8), Lit(0)), Cmp(">", Name("s"), Lit(0)))
    pick = IfExp(cond, Bin("%", Name("s"), Cast(f, UINT16)), Name("s"))
    return Kernel("unknown_select", [Arg("s", UINT16, 99)], [Store(UINT16, 0, pick)], slots={"uint16": 1})


def test_a_division_under_an_undefined_condition(worker: Worker, tmp_path: Path) -> None:
    """Either side of the select may run: its division may fault (found with seed 14)."""
    kernel = _unknown_select()
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    assert kernel.body[0].line in runs[0].fault_lines and not runs[0].must_fault
    result = run_kernel(worker, kernel, {}, tmp_path)
    # s > 0 takes the remainder, and the simulator converts -32.0 to 0 (undefined on the NPU)
    assert result.reply["status"] == "error" and result.reply["line"] == kernel.body[0].line, result.report()
    assert not result.problems, result.report()
