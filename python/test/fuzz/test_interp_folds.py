"""The fuzzer's interpreter knows the arith folds (MLIR 19, canonicalize) that drop an operand: a
division by zero in the dropped operand is dead code, the kernel ends normally (each case end to end:
the interpreter's prediction and the compiled kernel agree).

Found by the fuzzer (seed 3): `((-asc.number(-2, asc.int32)) >> 12) * (j2 % c1)` with c1 == 0 folds to
0 (`0 * x`, the left operand a constant once folded), where the interpreter required a fault. The
folds were found by compiling these kernels; the ones that do not fold (`h % -1`, `0 // h`, ...) keep
the fault.

Three more folds the model lacked, so a division they drop was a predicted fault the kernel never had
(a false report): `select(a == b, a, b)` is b; `int16(int32(h)) - h` is 0 (trunci of an ext is the
value; the model also took extsi and extui of one value for one, `int32(uint16(h16)) - int32(h16)`
folding to 0 where the division runs); a loop of one iteration with constant bounds is inlined (its
variable, and a carried constant, stay constants), one of none dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from . import interp
from .case import run_kernel
from .model import (
    FLOAT32,
    INT8,
    INT16,
    INT32,
    INT64,
    UINT8,
    UINT16,
    UINT32,
    Arg,
    Assign,
    Bin,
    BlockIdx,
    BoolOp,
    Cast,
    Cmp,
    For,
    If,
    IfExp,
    Kernel,
    Lit,
    Name,
    NpInt,
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
    # one value from both sides, the first not taken: its value is the second's (scripts/fuzz.py --seed 41,
    # where the model took the value as unknown, then a condition on it as false)
    "block if s == 1 else block": (IfExp(Cmp("==", S, Lit(1)), BlockIdx(), BlockIdx()), 0),
    "int8(block) if s == 1 else int8(block)": (Cast(IfExp(Cmp("==", S, Lit(1)), Cast(BlockIdx(), INT8),
                                                          Cast(BlockIdx(), INT8)), INT32), 0),
    "h == 0 and 1 == 0": (Cast(BoolOp("and", (Cmp("==", H, Lit(0)), Cmp("==", Number(1, INT32), Lit(0)))), INT32), 0),
    "h == 0 or 0 == 0": (Cast(BoolOp("or", (Cmp("==", H, Lit(0)), Cmp("==", Number(0, INT32), Lit(0)))), INT32), 1),
    # after cse, equal ops are one value (canonicalize runs again)
    "(3 / s) - (3 / s)": (Bin("-", Bin("/", Number(3, INT32), S), Bin("/", Number(3, INT32), S)), 0),
    "int64(h) - int64(h)": (Cast(Bin("-", Cast(H, INT64), Cast(H, INT64)), INT32), 0),
    "(s + h * 2) - h * 2": (Bin("-", Bin("+", S, Bin("*", H, Lit(2))), Bin("*", H, Lit(2))), 0),
    "uint32(h) == uint32(h)": (Cast(Cmp("==", Cast(H, UINT32), Cast(H, UINT32)), INT32), 1),
    # select(a == b, a, b) is b, select(a != b, a, b) is a (cmpi only): the comparison is dead code
    "h if h == s else s": (IfExp(Cmp("==", H, S), H, S), 0),
    "h if s == h else s": (IfExp(Cmp("==", S, H), H, S), 0),
    "s if h != s else h": (IfExp(Cmp("!=", H, S), S, H), 0),
    "h if h == 0 else 0": (IfExp(Cmp("==", H, Lit(0)), H, Lit(0)), 0),
    # trunci(ext(x)) is x at x's width, ext(x) below it; trunci(trunci(x)) and ext(ext(x)) of one kind fold
    "int32(int64(h)) - h": (Bin("-", Cast(Cast(H, INT64), INT32), H), 0),
    "int16(int32(int16(h))) - int16(h)": (Cast(Bin("-", Cast(Cast(Cast(H, INT16), INT32), INT16), Cast(H, INT16)),
                                                INT32), 0),
    "uint32(int64(h)) - uint32(h)": (Cast(Bin("-", Cast(Cast(H, INT64), UINT32), Cast(H, UINT32)), INT32), 0),
    "int8(int16(h)) - int8(h)": (Cast(Bin("-", Cast(Cast(H, INT16), INT8), Cast(H, INT8)), INT32), 0),
    "int32(int64(int16(h))) - int32(int16(h))": (Bin("-", Cast(Cast(Cast(H, INT16), INT64), INT32),
                                                     Cast(Cast(H, INT16), INT32)), 0),
    "int64(int16(int8(h))) - int64(int8(h))": (Cast(Bin("-", Cast(Cast(Cast(H, INT8), INT16), INT64),
                                                          Cast(Cast(H, INT8), INT64)), INT32), 0),
    # asc.get_block_idx() is Pure: CSE makes the two one value (found by scripts/fuzz.py --seed 19)
    "(block // s) - (block // s)": (Bin("-", Bin("//", BlockIdx(), S), Bin("//", BlockIdx(), S)), 0),
    "s if (block // s) != s else (block // s)": (IfExp(Cmp("!=", Bin("//", BlockIdx(), S), S), S,
                                                        Bin("//", BlockIdx(), S)), 0),
    # not folded: the division runs
    "h if h == s else h": (IfExp(Cmp("==", H, S), H, H), None),
    "s if h == s else h": (IfExp(Cmp("==", H, S), S, H), None),
    "h if h != s else s": (IfExp(Cmp("!=", H, S), H, S), None),
    "h if h < s else s": (IfExp(Cmp("<", H, S), H, S), None),
    "int32(uint16(int16(h))) - int32(int16(h))": (Bin("-", Cast(Cast(Cast(H, INT16), UINT16), INT32),
                                                      Cast(Cast(H, INT16), INT32)), None),
    "int64(uint16(int8(h))) - int64(int8(h))": (Cast(Bin("-", Cast(Cast(Cast(H, INT8), UINT16), INT64),
                                                           Cast(Cast(H, INT8), INT64)), INT32), None),
    "h % -1": (Bin("%", H, Number(-1, INT32)), None),
    "0 // h": (Bin("//", Number(0, INT32), H), None),
    "0 % h": (Bin("%", Number(0, INT32), H), None),
    "h & h": (Bin("&", H, H), None),
    "h - (h - s)": (Bin("-", H, Bin("-", H, S)), None),
    "s - (h + s)": (Bin("-", S, Bin("+", H, S)), None),
    "h * s": (Bin("*", H, S), None),
    # `not c` is cmpi eq(extui(c), 0): canonicalize does not make `not (h == s)` the cmpi ne that
    # select(h != s, h, s) folds with, so both sides stay
    "h if not (h == s) else s": (IfExp(Unary("not", Cmp("==", H, S)), H, S), None),
    "s if not (h != s) else h": (IfExp(Unary("not", Cmp("!=", H, S)), S, H), None),
    "h if not (s == h) else s": (IfExp(Unary("not", Cmp("==", S, H)), H, S), None),
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


IV = Name("i")
K = Name("k")

# (range arguments, the body's `k = ...`, k's value after the loop, or None for a fault). A loop whose
# scf.for bounds are constants (every range argument a constant, so its count is; or a positive constant
# step with IR-constant start and stop, `for (i = a; i < b; i += s)`) and that makes one iteration is
# inlined (scf's SimplifyTrivialLoops): `i` is the constant start, k a constant when its value before is
# one. One of no iterations is dropped: k keeps its value, a constant.
LOOPS = {
    "range(0, 1): k = h * i": ((Lit(0), Lit(1)), Bin("*", H, IV), 0),
    "range(5, 6): k = h * (i - 5)": ((Lit(5), Lit(6)), Bin("*", H, Bin("-", IV, Lit(5))), 0),
    "range(1, -1, -2): k = h * (i - 1)": ((Lit(1), Lit(-1), Lit(-2)), Bin("*", H, Bin("-", IV, Lit(1))), 0),
    "range(0, 1): k = k * 2, then h * k": ((Lit(0), Lit(1)), Bin("*", K, Lit(2)), 0),
    "range(0, 0): then h * k": ((Lit(0), Lit(0)), Bin("+", K, Lit(1)), 0),
    "range(3, 1): then h * k": ((Lit(3), Lit(1)), Bin("+", K, Lit(1)), 0),
    "range(number(2), 3): k = h * (i - 2)": ((Number(2, INT32), Lit(3)), Bin("*", H, Bin("-", IV, Lit(2))), 0),
    "range(u8 250, 256, 7): k = h * (i - 250)": ((NpInt(250, UINT8), Lit(256), Lit(7)),
                                                  Bin("*", H, Bin("-", Cast(IV, INT32), Lit(250))), 0),
    # not inlined: the division runs
    "range(0, 2): k = h * i": ((Lit(0), Lit(2)), Bin("*", H, IV), None),
    "range(0, 2): k = k * 2, then h * k": ((Lit(0), Lit(2)), Bin("*", K, Lit(2)), None),
    # a runtime step (an IR constant): asc.range_count counts, its count is no constant
    "range(0, 1, number(1)): k = h * i": ((Lit(0), Lit(1), Number(1, INT32)), Bin("*", H, IV), None),
    # i += 2 after the last i may overflow: counted by asc.range_count of the (IR-constant) start
    "range(number(2**31 - 3), 2**31 - 1, 2)": ((Number(2**31 - 3, INT32), Lit(2**31 - 1), Lit(2)),
                                               Bin("*", H, Bin("-", IV, Lit(2**31 - 3))), None),
}


@pytest.mark.parametrize("name", list(LOOPS))
def test_a_trivial_loop_folds(worker: Worker, tmp_path: Path, name: str) -> None:
    bounds, step, value = LOOPS[name]
    after = Store(INT32, 0, K if "then h * k" not in name else Bin("*", H, K))
    body = [Assign(("h",), Bin("/", Number(3, INT32), S)), Assign(("k",), Number(0, INT32)),
            For("i", bounds, [Assign(("k",), step)]), after]
    kernel = Kernel("loop_fold", [Arg("s", INT32, 0)], body, slots={"int32": 1})
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    if value is None:
        assert runs[0].must_fault and body[0].line in runs[0].fault_lines
    else:
        assert (runs[0].must_fault, runs[0].outputs) == (False, {"int32": {0: value}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == ("error" if value is None else "ok"), result.report()
    assert not result.problems, result.report()


def test_a_folded_select_of_an_undefined_value_stays_undefined(worker: Worker, tmp_path: Path) -> None:
    """`8 if 8 == x else x` is x, whose value the IR leaves undefined (uint8 of float32 8262.5): the
    model predicted 8, the other side's value (found by scripts/fuzz.py, seed 2; the compiled kernel
    stored 71, the conversion's low byte plus 1)."""
    x = Bin("+", Cast(Name("f"), UINT8), Lit(1))
    eight = Number(8, UINT8)
    kernel = Kernel("undefined", [Arg("f", FLOAT32, 8262.5)], [Store(UINT8, 0, IfExp(Cmp("==", eight, x), eight, x))],
                    slots={"uint8": 1})
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    assert (runs[0].must_fault, runs[0].outputs) == (False, {"uint8": {0: None}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == "ok", result.report()
    assert not result.problems, result.report()


N = Name("n")  # a runtime int32 5

# (range arguments, k's value after the loop (then `h * k`), or None for a fault). A plain loop
# (`for (i = a; i < b; i += s)`) whose runtime start and stop are one value once converted (CSE) is
# dropped: k keeps the constant it had. A stop computed from the start is no such value: `range(n, n + 1)`
# is never inlined (control_flow._unfolded_stop: `n + 1` may wrap).
RUNTIME_LOOPS = {
    "range(n, n)": ((N, N), 0),
    "range(int16(n), int16(n))": ((Cast(N, INT16), Cast(N, INT16)), 0),
    "range(uint8(n), uint8(n))": ((Cast(N, UINT8), Cast(N, UINT8)), 0),
    "range(int64(n), int64(n))": ((Cast(N, INT64), Cast(N, INT64)), 0),
    "range(n, n, 1)": ((N, N, Lit(1)), 0),
    "range(n, int32(int64(n)))": ((N, Cast(Cast(N, INT64), INT32)), 0),
    # the bounds (h = 3 / s) are dead code with the loop (found by scripts/fuzz.py --seed 127)
    "range(h, h)": ((H, H), 0),
    "range(uint8(h), uint8(h))": ((Cast(H, UINT8), Cast(H, UINT8)), 0),
    # not folded: the division runs
    "range(n, n + 1)": ((N, Bin("+", N, Lit(1))), None),
    "range(n, n, 2)": ((N, N, Lit(2)), None),  # counted first (the increment may overflow a runtime stop)
    "range(n, n, -1)": ((N, N, Lit(-1)), None),  # counted first
}


@pytest.mark.parametrize("name", list(RUNTIME_LOOPS))
def test_a_loop_whose_runtime_bounds_are_one_value_is_dropped(worker: Worker, tmp_path: Path, name: str) -> None:
    bounds, value = RUNTIME_LOOPS[name]
    body = [Assign(("h",), Bin("/", Number(3, INT32), S)), Assign(("k",), Number(0, INT32)),
            For("i", bounds, [Assign(("k",), Bin("+", K, Lit(1)))]), Store(INT32, 0, Bin("*", H, K))]
    kernel = Kernel("runtime_bounds", [Arg("s", INT32, 0), Arg("n", INT32, 5)], body, slots={"int32": 1})
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    if value is None:
        assert runs[0].must_fault and body[0].line in runs[0].fault_lines
    else:
        assert (runs[0].must_fault, runs[0].outputs) == (False, {"int32": {0: value}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == ("error" if value is None else "ok"), result.report()
    assert not result.problems, result.report()


ZERO = Number(0, INT32)

# (the `if`'s branches assigning k, k's value after the `if` (then `h * k`), or None for a fault). The
# runtime condition `n > 2` takes the first branch. One constant from both branches, also from the
# branch not taken or from before the `if`, is that constant after it (canonicalize hoists and merges
# constants; the scf.if result folds).
BRANCHES = {
    "both number(0)": ([Assign(("k",), ZERO)], [Assign(("k",), ZERO)], 0),
    "number(0) and 0": ([Assign(("k",), ZERO)], [Assign(("k",), Lit(0))], 0),
    "0 and number(0)": ([Assign(("k",), Lit(0))], [Assign(("k",), ZERO)], 0),
    "none and number(0), k = 0 before": ([], [Assign(("k",), ZERO)], 0),
    "number(0) and none, k = 0 before": ([Assign(("k",), ZERO)], [], 0),
    "both number(0) - number(0)": ([Assign(("k",), Bin("-", Number(3, INT32), Number(3, INT32)))],
                                   [Assign(("k",), ZERO)], 0),
    # not one constant: the division runs
    "number(0) and number(1)": ([Assign(("k",), ZERO)], [Assign(("k",), Number(1, INT32))], None),
    "number(0) and n - n": ([Assign(("k",), ZERO)], [Assign(("k",), Bin("-", N, Lit(1)))], None),
}


@pytest.mark.parametrize("name", list(BRANCHES))
def test_one_constant_from_both_branches_is_a_constant(worker: Worker, tmp_path: Path, name: str) -> None:
    then, orelse, value = BRANCHES[name]
    body = [Assign(("h",), Bin("/", Number(3, INT32), S)), Assign(("k",), ZERO),
            If(Cmp(">", N, Lit(2)), then, orelse), Store(INT32, 0, Bin("*", H, K))]
    kernel = Kernel("branch_constant", [Arg("s", INT32, 0), Arg("n", INT32, 5)], body, slots={"int32": 1})
    render(kernel)
    _, runs = interp.outcome_of(kernel, {})
    if value is None:
        assert runs[0].must_fault and body[0].line in runs[0].fault_lines
    else:
        assert (runs[0].must_fault, runs[0].outputs) == (False, {"int32": {0: value}})
    result = run_kernel(worker, kernel, {}, tmp_path)
    assert result.reply["status"] == ("error" if value is None else "ok"), result.report()
    assert not result.problems, result.report()
