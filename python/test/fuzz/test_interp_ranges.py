"""The fuzzer's interpreter models a runtime range as the compiler does (docs/language.md, the `range`
row): the loop variable's dtype is the promotion of the typed start and stop, every bound keeps its
value (a step the dtype cannot hold too), a constant bound the dtype cannot hold is a CompileTypeError
but for a stop one past it in a constant step's direction (or either way with a runtime step) and a stop
beyond it opposite a constant step's direction (no iterations).

It modelled the old rule, the first runtime bound's dtype with the other bounds converted to it:
`range(u8, 300)` predicted a CompileError, `range(a8, b32)` 43 iterations for a = 1, b = 300 (Python
and the compiler 299), `range(i8, 127, u8)` none for a step of 200, `range(i64, 2**63, 3)` none.
"""

from __future__ import annotations

import pytest

from . import interp
from .model import INT8, INT32, INT64, UINT8, UINT64, Arg, Assign, Bin, For, Kernel, Lit, Name, NpInt, Store


def _walk(args: list[Arg], bounds: tuple) -> Kernel:
    """k counts the iterations, o_int64[0] = the last i, o_int64[1] = k, o_int64[2] = i's dtype size."""
    body = [Store(INT64, 0, Name("i")), Assign(("k",), Bin("+", Name("k"), Lit(1)))]
    stmts = [Assign(("k",), Lit(0)), For("i", bounds, body), Store(INT64, 1, Name("k"))]
    return Kernel("walk", args, stmts, slots={"int64": 2})


@pytest.mark.parametrize("args,bounds,python,dtype", [
    ([Arg("a", UINT8, 1), Arg("b", INT32, 300)], (Name("a"), Name("b")), range(1, 300), INT32),
    ([Arg("u", UINT8, 250)], (Name("u"), Lit(256)), range(250, 256), UINT8),
    ([Arg("h", INT8, -120)], (Name("h"), Lit(-129), Lit(-4)), range(-120, -129, -4), INT8),
    ([Arg("a", INT8, -128), Arg("b", INT8, 127), Arg("s", UINT8, 200)], (Name("a"), Name("b"), Name("s")),
     range(-128, 127, 200), INT8),
    ([Arg("a", INT8, -3)], (Name("a"), NpInt(300, INT32), NpInt(2**40, INT64)), range(-3, 300, 2**40), INT32),
    ([Arg("w", INT64, 2**63 - 7)], (Name("w"), Lit(2**63), Lit(3)), range(2**63 - 7, 2**63, 3), INT64),
    ([Arg("u", UINT64, 2**64 - 3)], (Name("u"), Lit(2**64), Lit(2**63)), range(2**64 - 3, 2**64, 2**63), UINT64),
    # One past with a runtime step (8 to 32 bits), and beyond the dtype opposite a constant step.
    ([Arg("u", UINT8, 250), Arg("s", INT8, 2)], (Name("u"), Lit(256), Name("s")), range(250, 256, 2), UINT8),
    ([Arg("u", UINT8, 250), Arg("s", INT8, -2)], (Name("u"), Lit(256), Name("s")), range(250, 256, -2), UINT8),
    ([Arg("h", INT8, -120), Arg("s", INT32, -3)], (Name("h"), Lit(-129), Name("s")), range(-120, -129, -3), INT8),
    ([Arg("u", UINT8, 3)], (Name("u"), Lit(256), Lit(-1)), range(3, 256, -1), UINT8),
    ([Arg("w", INT64, 3)], (Name("w"), Lit(-2**70), Lit(5)), range(3, -2**70, 5), INT64),
    ([Arg("w", INT64, 2**63 - 7), Arg("s", INT8, 3)], (Name("w"), Lit(2**63), Name("s")),
     range(2**63 - 7, 2**63, 3), INT64),
    ([Arg("w", INT64, -2**63 + 6), Arg("s", INT8, -3)], (Name("w"), Lit(-2**63 - 1), Name("s")),
     range(-2**63 + 6, -2**63 - 1, -3), INT64),
])
def test_iterations(args: list[Arg], bounds: tuple, python: range, dtype) -> None:
    predicted, runs = interp.outcome_of(_walk(args, bounds), {})
    assert predicted is None
    if not python:  # no iteration stores i
        assert runs[0].outputs["int64"] == {1: 0}
        return
    last = dtype.wrap(python[-1])  # as o_int64 stores it: uint64 2**64 - 3 is -3
    assert runs[0].outputs["int64"] == {0: INT64.wrap(last), 1: len(python)}


def _loop_variable_dtype(args: list[Arg], bounds: tuple) -> str:
    """The dtype the interpreter gives `i` (an int32 `k` re-bound to it is a type change it names)."""
    kernel = Kernel("walk", args, [Assign(("k",), Lit(0)), For("i", bounds, [Assign(("k",), Name("i"))])])
    predicted = interp.predict(kernel)
    assert predicted is not None and predicted.cls == "CompileTypeError"
    return predicted.message.split(": int32 before, ")[1].split(" after")[0]


def test_the_loop_variable_is_the_promotion() -> None:
    assert _loop_variable_dtype([Arg("a", UINT8, 1), Arg("b", INT8, 5)], (Name("a"), Name("b"))) == "int16"
    assert _loop_variable_dtype([Arg("a", UINT8, 1)], (NpInt(2, INT64), Name("a"))) == "int64"


@pytest.mark.parametrize("args,bounds,message", [
    ([Arg("u", UINT8, 3)], (Name("u"), Lit(300)), "the range's stop 300 does not fit its loop variable's dtype "
                                                  "uint8"),
    ([Arg("u", UINT8, 3)], (Name("u"), Lit(257), Lit(1)), "the range's stop 257 does not fit its loop "
                                                          "variable's dtype uint8"),
    ([Arg("w", INT64, 3)], (Name("w"), Lit(-2**63 - 2), Lit(-1)), "the range's stop -9223372036854775810 does "
                                                                  "not fit its loop variable's dtype int64"),
    ([Arg("u", UINT64, 3), Arg("n", INT32, 9)], (Name("u"), Name("n")),
     "no integer dtype holds both the uint64 start and the int32 stop of this range"),
    ([Arg("u", UINT8, 3)], (Name("u"), Lit(-3), Lit(-1)), "a uint8 loop variable cannot hold the negative bound -3 "
                                                          "of this range"),
    ([Arg("w", INT64, 3)], (Name("w"), Lit(0), Lit(-2**63 - 1)), "the range's step -9223372036854775809 is below "
                                                                 "-2**63"),
])
def test_compile_errors(args: list[Arg], bounds: tuple, message: str) -> None:
    predicted = interp.predict(_walk(args, bounds))
    assert predicted is not None
    assert (predicted.cls, predicted.message) == ("CompileTypeError", message)


@pytest.mark.parametrize("dtype,bounds,trips", [
    (INT64, (-2**63, 2**63 - 1, 1), 2**64 - 1),
    (INT64, (2**63 - 1, -2**63, -1), 2**64 - 1),
    (UINT64, (0, 2**64 - 1, 3), (2**64 - 1 + 2) // 3),
    (INT32, (5, 6, 1), 1),
    (INT32, (5, 5, 1), 0),
])
def test_the_constant_trips_of_a_long_range(dtype, bounds: tuple, trips: int) -> None:
    """More iterations than a C ssize_t holds: `len(range(...))` raised OverflowError in the model
    (scripts/fuzz.py --seed 14 --mix run=2,compile=1 stopped there)."""
    assert interp._constant_trips(dtype, *bounds) == trips
