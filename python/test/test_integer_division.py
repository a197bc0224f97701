"""Integer division and modulo by zero, and INT_MIN // -1, are kernel errors, not SIGFPE.

On the host CPU these trap and used to kill Python (exit code 136). The emitter now divides by a
variable through pyasc::div/rem; the simulator's version reports an `arithmetic` KernelError at
the Python line (on the NPU it is plain division). A division of two constants that is undefined is
a compile error at the line.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import numpy as np
import pytest
from conftest import dumped, run_python

import asc
from asc.codegen.errors import CompileError
from asc.runtime.errors import KernelError


@asc.jit
def divide(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 2)
    g.set_value(0, a // b)
    g.set_value(1, a % b)


@asc.jit
def divide_by(out: asc.GlobalAddress, a, b):
    """The dtype of `a` and `b` comes from the arguments (numpy scalars)."""
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, a // b)


@asc.jit
def modulo(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, a % b)


def _trunc_div(a: int, b: int) -> int:
    """C's integer division: the quotient truncated toward zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _line(fn, text: str) -> int:
    import inspect

    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_division_by_zero_does_not_kill_python(tmp_path: Path) -> None:
    script = tmp_path / "k.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        import asc

        @asc.jit
        def divide(out: asc.GlobalAddress, a: int, b: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(out, 1)
            g.set_value(0, a // b)

        out = np.zeros(1, dtype=np.int32)
        for a, b in ((7, 0), (-2**31, -1)):
            try:
                divide[1](out, a, b)
            except asc.runtime.errors.KernelError as e:
                print(e.category, e.location.line)
        print("alive")
    '''))
    proc = run_python(str(script), env={"PYASC_CACHE_DIR": str(tmp_path / "cache")})
    assert proc.returncode == 0, f"exit code {proc.returncode}\n{proc.stderr}"
    assert proc.stdout.split("\n") == ["arithmetic 9", "arithmetic 9", "alive", ""]


@pytest.mark.parametrize("a,b", [(7, 2), (-7, 2), (7, -2), (-7, -2), (2**31 - 1, 1), (-2**31, 1), (0, 5),
                                 (-2**31, 2), (5, -1)])
def test_division_truncates_like_c(a: int, b: int) -> None:
    out = np.zeros(2, dtype=np.int32)
    divide[1](out, a, b)
    quotient = _trunc_div(a, b)
    assert out.tolist() == [quotient, a - quotient * b]


@pytest.mark.parametrize("kernel,a,b,message", [
    (divide, 7, 0, "integer division by zero: 7 / 0 (int32)"),
    (divide, -5, 0, "integer division by zero: -5 / 0 (int32)"),
    (modulo, 7, 0, "integer modulo by zero: 7 % 0 (int32)"),
    (divide, -2**31, -1, "integer division overflows: -2147483648 / -1 does not fit in int32"),
    (modulo, -2**31, -1, "integer modulo overflows: -2147483648 % -1 does not fit in int32"),
])
def test_faults_are_kernel_errors_at_the_line(kernel, a: int, b: int, message: str) -> None:
    out = np.zeros(2, dtype=np.int32)
    with pytest.raises(KernelError) as info:
        kernel[1](out, a, b)
    err = info.value
    assert err.category == "arithmetic"
    assert err.location.file == __file__
    text = "a // b" if kernel is divide else "a % b"
    assert err.location.line == _line(kernel, text)
    assert f"kernel '{kernel.__name__}' (block 0): {message}; on the NPU the result is undefined" in str(err)


@pytest.mark.parametrize("a,b,message", [
    (np.uint32(9), np.uint32(0), "integer division by zero: 9 / 0 (uint32)"),
    (np.int64(-9), np.int64(0), "integer division by zero: -9 / 0 (int64)"),
    (np.int64(-2**63), np.int64(-1), "integer division overflows: -9223372036854775808 / -1 does not fit in int64"),
    (np.int16(-3), np.int16(0), "integer division by zero: -3 / 0 (int16)"),
])
def test_other_widths(a, b, message: str) -> None:
    out = np.zeros(1, dtype=a.dtype)
    with pytest.raises(KernelError, match=re.escape(message)):
        divide_by[1](out, a, b)
    divide_by[1](out, a, type(b)(3))
    assert out[0] == _trunc_div(int(a), 3)


@asc.jit
def constant_zero_divisor(out: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    zero = n * 0
    g.set_value(0, 7 // zero)


def test_constant_division_by_zero_is_a_compile_error() -> None:
    """Both operands are constants once `n * 0` is folded: `7 / 0` is never emitted."""
    with pytest.raises(CompileError) as info:
        constant_zero_divisor[1](np.zeros(1, dtype=np.int32), 3)
    assert info.value.location.file == __file__
    assert info.value.location.line == _line(constant_zero_divisor, "7 // zero")
    assert info.value.message == "integer division by zero: 7 / 0 with constant operands; the result is undefined"


@asc.jit
def python_zero_divisor(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, 7 // 0)


def test_python_constant_division_by_zero_is_a_compile_error() -> None:
    with pytest.raises(CompileError) as info:
        python_zero_divisor[1](np.zeros(1, dtype=np.int32))
    assert info.value.location.line == _line(python_zero_divisor, "7 // 0")
    assert "integer division or modulo by zero" in info.value.message


def test_fast_path_division_by_a_safe_constant_is_plain(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))

    @asc.jit(always_compile=True)
    def halve(out: asc.GlobalAddress, a: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 1)
        g.set_value(0, a // 2 + a % 8)

    out = np.zeros(1, dtype=np.int32)
    halve[1](out, 21)
    assert out[0] == 10 + 5
    cpp = (dumped(tmp_path, "halve") / "ascendc.cpp").read_text()
    assert "pyasc::" not in cpp and "checked_division" not in cpp


@asc.jit
def divide_in_a_condition(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 2)
    v = asc.number(0, asc.int32)
    w = asc.number(0, asc.int32)
    if (a // b) != 2:  # the division
        v = a
        w = b
    g.set_value(0, v)
    g.set_value(1, w)


def test_division_in_an_if_condition_is_reported_at_the_if() -> None:
    """The C++ of an `if` that assigns variables declares them first; the declarations took the
    `#line` of the `if`, so the division in its condition was blamed on the line after it (found by
    the fuzzer; the lit test is Target/AscendC/line-directives.mlir)."""
    out = np.zeros(2, dtype=np.int32)
    divide_in_a_condition[1](out, 14, 7)
    assert out.tolist() == [0, 0]
    divide_in_a_condition[1](out, 21, 7)
    assert out.tolist() == [21, 7]
    with pytest.raises(KernelError) as info:
        divide_in_a_condition[1](out, 15, 0)
    assert info.value.category == "arithmetic"
    lines, first = __import__("inspect").getsourcelines(divide_in_a_condition.fn)
    assert info.value.location.line == first + next(i for i, t in enumerate(lines) if "# the division" in t)


@asc.jit
def divide_in_a_conditional_expression(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, (a // b) if a != 0 else b)  # the division
    g.set_value(0, a)


def test_division_in_a_conditional_expression_is_reported_at_its_line() -> None:
    """The value of a branch of `x if c else y` is printed in the assignment to the result
    variable, which had no #line of its own: a division there was blamed on the next line (found by
    the fuzzer; the lit test is Target/AscendC/line-directives.mlir)."""
    out = np.zeros(1, dtype=np.int32)
    with pytest.raises(KernelError) as info:
        divide_in_a_conditional_expression[1](out, 5, 0)
    assert info.value.category == "arithmetic"
    lines, first = __import__("inspect").getsourcelines(divide_in_a_conditional_expression.fn)
    assert info.value.location.line == first + next(i for i, t in enumerate(lines) if "# the division" in t)


@asc.jit
def modulo_in_a_loop(out: asc.GlobalAddress, n: int, c: int, d: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    for i in range(n):
        g.set_value(0, c % d + i)  # the remainder


@pytest.mark.parametrize("opt_level", [2, 3])
def test_a_loop_invariant_remainder_faults_only_where_the_loop_computes_it(opt_level: int) -> None:
    """Upstream loop-invariant code motion (opt_level 3) hoisted `c % d` in front of a loop that
    made no iteration, and the hoisted check reported a modulo by zero the program never computes
    (found by the fuzzer with another seed). asc-licm keeps such a remainder in its loop; the lit
    test is Dialect/Asc/asc-licm.mlir."""
    out = np.full(1, 5, dtype=np.int32)
    modulo_in_a_loop[1](out, 0, 7, 0, opt_level=opt_level)  # no iteration: nothing computed, no error
    assert out.tolist() == [5]
    modulo_in_a_loop[1](out, 3, 7, 4, opt_level=opt_level)
    assert out.tolist() == [3 + 2]
    with pytest.raises(KernelError) as info:
        modulo_in_a_loop[1](out, 1, 7, 0, opt_level=opt_level)
    assert info.value.category == "arithmetic"
    assert "integer modulo by zero: 7 % 0 (int32)" in str(info.value)
    assert info.value.location.line == _line(modulo_in_a_loop, "# the remainder")
