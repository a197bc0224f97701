"""The fuzzer's interpreter predicts the compiler's messages for a variable's type in the branches of
a runtime `if`: "is X in one branch ... and Y in the other" when the variable is first assigned in
both branches, "changes type inside the `if`" when it had a value before (it predicted the second
message for both)."""

from __future__ import annotations

import pytest

from . import interp
from .model import FLOAT32, INT32, Arg, Assign, Bin, Cmp, If, IfExp, Kernel, Lit, Name, Store


def _kernel(before: list) -> Kernel:
    branch = If(Cmp(">", Name("n"), Lit(3)), [Assign(("y",), Name("n"))], [Assign(("y",), Name("f"))])
    return Kernel("branch_types", [Arg("n", INT32, 5), Arg("f", FLOAT32, 1.5)], before + [branch])


@pytest.mark.parametrize("before,message", [
    ([], "variable 'y' is int32 in one branch of a runtime `if` and float32 in the other; a variable must "
         "have one type after the `if`: convert one of them (e.g. with float(...), int(...) or .cast(...))"),
    ([Assign(("y",), Name("n"))], "variable 'y' changes type inside the `if`: int32 before, float32 after; "
                                  "a variable must keep its type"),
])
def test_branch_type_messages(before: list, message: str) -> None:
    predicted = interp.predict(_kernel(before))
    assert predicted is not None
    assert (predicted.cls, predicted.message) == ("CompileTypeError", message)


def test_conditional_expression_types_follow_a_binary_op_of_the_two_values() -> None:
    # as the compiler (python/test/test_conditional_expression_numbers.py): two numbers give Python's
    # promotion (1 and 2.5: float32), a truth value and a number the number's dtype (it predicted a
    # "different types" error for both)
    cond = Cmp(">", Name("n"), Lit(3))
    body = [Store(FLOAT32, 0, IfExp(cond, Lit(1), Lit(2.5))),
            Store(INT32, 0, Bin("+", IfExp(cond, Cmp(">", Name("n"), Lit(4)), Lit(7)), Lit(1)))]
    for n, want in ((5, (1.0, 2)), (2, (2.5, 8))):
        kernel = Kernel("conditional_types", [Arg("n", INT32, n)], body, slots={"float32": 1, "int32": 1})
        error, runs = interp.outcome_of(kernel, {})
        assert error is None
        assert (runs[0].outputs["float32"][0], runs[0].outputs["int32"][0]) == want
