"""The fuzzer's interpreter knows the arith folds (MLIR 19, canonicalize) that drop an operand: a
division by zero in the dropped operand is dead code, the kernel ends normally (each case end to end:
the interpreter's prediction and the compiled kernel agree).

Found by the fuzzer (seed 3): `((-asc.number(-2, asc.int32)) >> 12) * (j2 % c1)` with c1 == 0 folds to
0 (`0 * x`, the left operand a constant once folded), where the interpreter required a fault. The
folds were found by compiling these kernels; the ones that do not fold (`h % -1`, `0 // h`, ...) keep
the fault.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from . import interp
from .case import run_kernel
from .model import (
    INT32,
    INT64,
    UINT32,
    Arg,
    Assign,
    Bin,
    BoolOp,
    Cast,
    Cmp,
    IfExp,
    Kernel,
    Lit,
    Name,
    Number,
    Store,
    Unary,
)
from .render import render
from .runner import Worker

H, S = Name("h"), Name("s")  # h = 3 / s with s == 0: a faulting division


def _not(x):  # `~x`
    return Unary("~", x)


# (expression, the value stored, or None for a fault)
CASES = {
    "0 * h folded": (Bin("*", Unary("-", Bin(">>", Unary("-", Number(-2, INT32)), Lit(12))), H), 0),
    "h * 0": (Bin("*", H, Number(0, INT32)), 0),
    "h * (s & 0)": (Bin("*", H, Bin("&", S, Number(0, INT32))), 0),
    "uint32 h * 0": (Bin("*", Cast(H, UINT32), Number(0, UINT32)), 0),
    "h & 0": (Bin("&", H, Number(0, INT32)), 0),
    "h | -1": (Bin("|", H, Number(-1, INT32)), -1),
    "h % 1": (Bin("%", H, Number(1, INT32)), 0),
    "h & ~h": (Bin("&", H, _not(H)), 0),
    "~h & h": (Bin("&", _not(H), H), 0),
    "h | ~h": (Bin("|", H, _not(H)), -1),
    "h == h": (Cast(Cmp("==", H, H), INT32), 1),
    "h < h": (Cast(Cmp("<", H, H), INT32), 0),
    "(s + h) - h": (Bin("-", Bin("+", S, H), H), 0),
    "(h + s) - h": (Bin("-", Bin("+", H, S), H), 0),
    "(s - h) + h": (Bin("+", Bin("-", S, H), H), 0),
    "h + (s - h)": (Bin("+", H, Bin("-", S, H)), 0),
    "(h - s) - h": (Bin("-", Bin("-", H, S), H), 0),
    "(s ^ h) ^ h": (Bin("^", Bin("^", S, H), H), 0),
    "h ^ (h ^ s)": (Bin("^", H, Bin("^", H, S)), 0),
    "(h ^ s) ^ h": (Bin("^", Bin("^", H, S), H), 0),
    "s if h == 0 else s": (IfExp(Cmp("==", H, Lit(0)), S, S), 0),
    "h == 0 and 1 == 0": (Cast(BoolOp("and", (Cmp("==", H, Lit(0)), Cmp("==", Number(1, INT32), Lit(0)))), INT32), 0),
    "h == 0 or 0 == 0": (Cast(BoolOp("or", (Cmp("==", H, Lit(0)), Cmp("==", Number(0, INT32), Lit(0)))), INT32), 1),
    # after cse, equal ops are one value (canonicalize runs again)
    "(3 / s) - (3 / s)": (Bin("-", Bin("/", Number(3, INT32), S), Bin("/", Number(3, INT32), S)), 0),
    "int64(h) - int64(h)": (Cast(Bin("-", Cast(H, INT64), Cast(H, INT64)), INT32), 0),
    "(s + h * 2) - h * 2": (Bin("-", Bin("+", S, Bin("*", H, Lit(2))), Bin("*", H, Lit(2))), 0),
    "uint32(h) == uint32(h)": (Cast(Cmp("==", Cast(H, UINT32), Cast(H, UINT32)), INT32), 1),
    # not folded: the division runs
    "h % -1": (Bin("%", H, Number(-1, INT32)), None),
    "0 // h": (Bin("//", Number(0, INT32), H), None),
    "0 % h": (Bin("%", Number(0, INT32), H), None),
    "h & h": (Bin("&", H, H), None),
    "h - (h - s)": (Bin("-", H, Bin("-", H, S)), None),
    "s - (h + s)": (Bin("-", S, Bin("+", H, S)), None),
    "h * s": (Bin("*", H, S), None),
}


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    with Worker() as w:
        yield w


@pytest.mark.parametrize("name", list(CASES))
def test_a_fold_drops_a_division(worker: Worker, tmp_path: Path, name: str) -> None:
    expr, value = CASES[name]
    body = [Assign(("h",), Bin("/", Number(3, INT32), S)), Store(INT32, 0, expr)]
    kernel = Kernel("fold", [Arg("s", INT32, 0)], body, slots={"int32": 1})
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    if value is None:
        assert runs[0].must_fault and body[0].line in runs[0].fault_lines
    else:
        assert (runs[0].must_fault, runs[0].outputs) == (False, {"int32": {0: value}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == ("error" if value is None else "ok"), result.report()
    assert not result.problems, result.report()
