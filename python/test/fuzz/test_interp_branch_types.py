"""The fuzzer's interpreter predicts the compiler's messages for a variable's type in the branches of
a runtime `if`: "is X in one branch ... and Y in the other" when the variable is first assigned in
both branches, "changes type inside the `if`" when it had a value before (it predicted the second
message for both)."""

from __future__ import annotations

import pytest

from . import interp
from .model import FLOAT32, INT32, Arg, Assign, Cmp, If, Kernel, Lit, Name


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
