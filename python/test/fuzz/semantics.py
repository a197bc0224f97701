"""pyasc's scalar semantics, for the reference interpreter.

Compile-time values are Python numbers and follow Python. Runtime values (`RT`) have a dtype and
follow the IR pyasc builds: the runtime operand's dtype wins (the left one if both are runtime),
Python numbers are materialised in it, integers wrap, `/` `//` `%` truncate toward zero, floats are
rounded to the dtype after every operation. A shift by a runtime count follows Python (every bit
shifted out for a count of the width or more); a constant count of the width or more is left unknown
here. What the IR leaves undefined (a float → int conversion out of range) makes the value unknown
(`taint`); a division by zero, INT_MIN // -1 or a shift by a negative runtime count is a run-time
fault (`Fault`).
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Union

import numpy as np

from .model import BOOL, FLOAT32, INT32, DType

Number = Union[int, float, bool]
UB = "ub"  # the IR defines no value
DIV = "div"  # derived from a faulting division


class Predicted(Exception):
    """An error pyasc must raise: its class, the statement's line, and the message when known."""

    def __init__(self, cls: str, message: str | None = None, line: int = 0, category: str = "") -> None:
        super().__init__(f"{cls} at {line}: {message}")
        self.cls = cls
        self.message = message
        self.line = line
        self.category = category


def compile_type_error(message: str) -> Predicted:
    return Predicted("CompileTypeError", message)


def compile_error(message: str | None) -> Predicted:
    return Predicted("CompileError", message)


@dataclass(frozen=True)
class RT:
    """A runtime scalar: its dtype, its value (None while compiling) and why it may be unknown.
    `const`: an IR constant once arith's folders ran (what they fold with); `src`: the integer op
    that made it, (op, lhs, rhs), for the folds that look through an operand (`(a + b) - b`);
    `key`: the op and its operands' keys, equal for the values CSE merges (the pipeline runs
    canonicalize, cse, canonicalize: `(3 / s) - (3 / s)` folds), else a token of its own."""

    dtype: DType
    value: Any = None
    taint: frozenset = frozenset()
    const: bool = False
    src: Any = field(default=None, compare=False, repr=False)
    key: Any = field(default_factory=object, compare=False, repr=False)

    def k(self) -> Any:
        """The CSE key (a constant's is its value)."""
        return ("c", self.dtype.name, repr(self.value)) if self.const and self.value is not None else self.key

    def derived(self, value: Any, dtype: DType | None = None, *others: Any, taint: frozenset = frozenset()) -> RT:
        t = self.taint | taint
        const = self.const and value is not None
        for o in others:
            if isinstance(o, RT):
                t |= o.taint
                const = const and o.const
        return RT(dtype or self.dtype, value, t, const and not t)

    def variable(self) -> RT:
        """The value as a new SSA value that is no constant (a loop's, or a runtime `if`'s, result)."""
        return RT(self.dtype, self.value, self.taint)


class Fault(Exception):
    """A division or shift that stops the kernel (category arithmetic)."""


def same(x: Any, y: Any) -> bool:
    """One SSA value once CSE ran."""
    return isinstance(x, RT) and isinstance(y, RT) and (x is y or x.k() == y.k())


def op_key(op: str, lhs: Any, rhs: Any) -> Any:
    """The key of `lhs op rhs` (runtime operands, or numbers that fit)."""
    dtype = operand_dtype(op, lhs, rhs)
    return (op, dtype.name, materialize(lhs, dtype).k(), materialize(rhs, dtype).k())


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float, bool))


def number_dtype(v: Number) -> DType:
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return INT32
    return FLOAT32


def kind(v: Any) -> str:
    return v.dtype.name if isinstance(v, RT) else type(v).__name__


def _float(dtype: DType, x: float) -> Any:
    with np.errstate(all="ignore"):
        return dtype.np(x)


def int_to_float(v: int, dtype: DType) -> Any:
    """`v` rounded once to `dtype` (nearest even), as sitofp/uitofp do."""
    p = 11 if dtype.bits == 16 else 24
    m = abs(v)
    if m.bit_length() > p:
        shift = m.bit_length() - p
        q, r = m >> shift, m & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m = q << shift
    return _float(dtype, float(-m if v < 0 else m))


def materialize(v: Any, dtype: DType) -> RT:
    """A compile-time number (or a runtime value) as a runtime value of `dtype`."""
    if isinstance(v, RT):
        return convert(v, dtype)
    if isinstance(v, bool):
        v = int(v)
    if dtype.is_float:
        if not isinstance(v, (int, float)):
            raise compile_type_error(f"cannot use {type(v).__name__} as a {dtype.name} value")
        try:
            return RT(dtype, _float(dtype, float(v)), const=True)
        except OverflowError as e:
            raise compile_error(str(e)) from None
    if not isinstance(v, int):
        raise compile_type_error(f"cannot use {v!r} ({type(v).__name__}) as a {dtype.name} value")
    if not -(1 << (dtype.bits - 1)) <= v < (1 << dtype.bits):
        raise compile_error(f"the constant {v} does not fit in {dtype.name}")
    return RT(dtype, dtype.wrap(v), const=True)


def convert(v: RT, dst: DType) -> RT:
    src = v.dtype
    if src == dst:
        return v
    if src.is_int and dst.is_int and src.bits == dst.bits:
        # no op in the IR (signless integers): the same SSA value
        return RT(dst, None if v.value is None else dst.wrap(int(v.value)), v.taint, v.const, v.src, v.key)
    if src.is_int and dst.is_int:
        return _int_cast(v, dst)
    return replace(_convert(v, dst), key=("cast", dst.name, v.k()))


_INT_CASTS = ("trunci", "extsi", "extui")


def _int_cast(v: RT, dst: DType) -> RT:
    """extsi, extui or trunci of `v`, with arith's folds of a chain of them (MLIR 19, canonicalize):
    trunci(ext(x)) is x at x's width (`int16(int32(h))` is h: `- h` folds to 0), ext(x) below it,
    trunci(x) above it; trunci(trunci(x)) is trunci(x); ext(ext(x)) of one kind is ext(x). The kind
    is part of the key: extsi and extui of one value differ."""
    op = "trunci" if dst.bits < v.dtype.bits else "extui" if v.dtype.kind in "ub" else "extsi"
    x = v
    if v.src is not None and v.src[0] in _INT_CASTS:
        inner, y = v.src
        if op == "trunci" and inner != "trunci":
            if y.dtype.bits == dst.bits:
                return convert(y, dst)
            op, x = (inner, y) if y.dtype.bits < dst.bits else (op, y)
        elif op == inner:
            x = y
    return replace(_convert(v, dst), src=(op, x), key=("cast", dst.name, op, x.k()))


def _convert(v: RT, dst: DType) -> RT:
    src = v.dtype
    if v.value is None:
        return RT(dst, None, v.taint)
    if src.is_float and dst.is_float:
        return v.derived(_float(dst, float(v.value)), dst)
    if src.is_float:
        x = float(v.value)
        if math.isnan(x) or not dst.lo - 1 < x < dst.hi + 1:
            return v.derived(None, dst, taint=frozenset({UB}))
        return v.derived(int(x), dst)  # int() truncates toward zero
    if dst.is_float:
        return v.derived(int_to_float(int(v.value), dst), dst)
    return v.derived(dst.wrap(int(v.value)), dst)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


_PY_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "<<": operator.lshift, ">>": operator.rshift,
    "&": operator.and_, "|": operator.or_, "^": operator.xor, "**": operator.pow,
}
_PY_CMP: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge,
}
_FLOAT_OK = {"+", "-", "*", "/"}


def python(op: str, a: Any, b: Any) -> Any:
    """Compile-time arithmetic: Python's, errors become compile errors at the line."""
    try:
        return _PY_OPS[op](a, b)
    except TypeError as e:
        raise compile_type_error(str(e)) from None
    except (ArithmeticError, ValueError) as e:
        raise compile_error(str(e)) from None


def operand_dtype(op: str, lhs: Any, rhs: Any) -> DType:
    """The runtime operand's dtype (the left one's if both are); a truth value counts as a Python
    bool: it takes the other operand's dtype, int32 when both are truth values, except for & | ^."""
    dtype = lhs.dtype if isinstance(lhs, RT) else rhs.dtype
    if dtype != BOOL:
        return dtype
    other = rhs if isinstance(lhs, RT) else lhs
    if isinstance(other, RT):
        other_dtype = other.dtype
    elif is_number(other):
        other_dtype = number_dtype(other)
    else:
        return dtype
    if other_dtype != BOOL:
        return other_dtype
    return BOOL if op in ("&", "|", "^") else INT32


def binary(op: str, lhs: Any, rhs: Any) -> RT:
    """`lhs op rhs` with at least one runtime operand."""
    dtype = operand_dtype(op, lhs, rhs)
    if op == "**":
        raise compile_type_error("'**' is not supported on runtime values")
    if dtype.is_float and op == "//":
        raise compile_type_error("'//' on floating-point runtime values is not supported; use '/'")
    if dtype.is_float and op == "%":
        raise compile_type_error("'%' on floating-point runtime values is not supported")
    if op in ("<<", ">>", "&", "|", "^"):
        for side, x in (("left", lhs), ("right", rhs)):
            name = x.dtype.name if isinstance(x, RT) and x.dtype.is_float else \
                "float" if isinstance(x, float) else None
            if name is not None:
                raise compile_type_error(f"operator '{op}' is not supported on {name} values (the {side} "
                                         "operand); convert it with int(...)")
    if dtype.is_float and op not in _FLOAT_OK:
        raise compile_type_error(f"operator '{op}' is not supported on {dtype.name} values")
    for side in (lhs, rhs):
        if not isinstance(side, RT) and not is_number(side):
            raise compile_type_error(f"unsupported operand types for {op}: {kind(lhs)} and {kind(rhs)}")
    if op in ("<<", ">>") and isinstance(rhs, RT) and rhs.dtype.is_int:
        a = materialize(lhs, dtype)
        return replace(_runtime_shift(op, a, rhs, dtype), key=(op, dtype.name, a.k(), rhs.k()))
    a, c = materialize(lhs, dtype), materialize(rhs, dtype)
    if op in ("<<", ">>") and c.value is not None and int(c.value) >= dtype.bits and \
            (op == "<<" or dtype.kind == "u"):
        # The frontend writes `a & 0`, which folds to 0: `a` (and a division in it) is dead code.
        return RT(dtype, dtype.np(0), frozenset(), const=True)
    if dtype.is_int:
        folded = _fold(op, a, c, dtype)
        if folded is not None:
            return folded
    return replace(_arith(op, a, c, dtype), src=(op, a, c), key=(op, dtype.name, a.k(), c.k()))


def _arith(op: str, a: RT, c: RT, dtype: DType) -> RT:
    if a.value is None or c.value is None:
        return a.derived(None, dtype, c)
    if dtype.is_float:
        x, y = a.value, c.value
        with np.errstate(all="ignore"):
            value = {"+": x + y, "-": x - y, "*": x * y, "/": x / y}[op]
        return a.derived(dtype.np(value), dtype, c)
    x, y = int(a.value), int(c.value)
    if op in ("/", "//", "%"):
        if y == 0 or (dtype.kind == "i" and x == dtype.lo and y == -1):
            raise Fault(op)
        q = _trunc_div(x, y)
        return a.derived(dtype.wrap(q if op != "%" else x - q * y), dtype, c)
    if op in ("<<", ">>"):
        if y < 0:  # a compile-time ValueError (not generated)
            return a.derived(None, dtype, c, taint=frozenset({UB}))
        y = min(y, 128)  # a constant count of the width or more shifts every bit out
        return a.derived(dtype.wrap(x << y if op == "<<" else x >> y), dtype, c)
    return a.derived(dtype.wrap(_PY_OPS[op](x, y)), dtype, c)


def _is(v: RT, k: int) -> bool:
    return v.const and v.value is not None and int(v.value) == k


def _not_of(v: RT, x: RT) -> bool:
    """`v` is `~x` (`x ^ -1`)."""
    return v.src is not None and v.src[0] == "^" and same(v.src[1], x) and _is(v.src[2], x.dtype.wrap(-1))


def _fold(op: str, a: RT, c: RT, dtype: DType) -> RT | None:
    """arith's folds (MLIR 19, with canonicalize) that drop an operand, and a division in it:
    `x * 0`, `x & 0`, `x & ~x`, `x | -1`, `x | ~x`, `x % 1`, `x - x`, `x ^ x`, `(a + b) - b`,
    `(a - b) + b`, `(a - b) - a`, `(a ^ b) ^ b` (in either order where the op commutes).
    Not folded, the division runs: `x % -1`, `0 // x`, `0 % x`, `a - (a - b)`, `b - (a + b)`."""
    if a.const and c.const:
        return None  # folds to a constant (or a division by zero, which stays)
    ones = dtype.wrap(-1)

    def k(v: int) -> RT:  # unknown while compiling, as every runtime value
        known = a.value is not None or c.value is not None or a.taint or c.taint
        return RT(dtype, dtype.np(v) if known else None, const=True)

    if op == "*" and (_is(a, 0) or _is(c, 0)):
        return k(0)
    if op == "&" and (_is(a, 0) or _is(c, 0) or _not_of(a, c) or _not_of(c, a)):
        return k(0)
    if op == "|" and (_is(a, ones) or _is(c, ones) or _not_of(a, c) or _not_of(c, a)):
        return k(ones)
    if op == "%" and _is(c, 1):
        return k(0)
    if op in ("-", "^") and same(a, c):
        return k(0)
    if op == "-" and a.src is not None and a.src[0] == "+":
        if same(a.src[2], c):
            return a.src[1]
        if same(a.src[1], c):
            return a.src[2]
    if op == "-" and a.src is not None and a.src[0] == "-" and same(a.src[1], c):
        return binary("-", 0, a.src[2])
    if op == "+":
        for x, y in ((a, c), (c, a)):
            if y.src is not None and y.src[0] == "-" and same(y.src[2], x):
                return y.src[1]
    if op == "^":
        for x, y in ((a, c), (c, a)):
            if y.src is not None and y.src[0] == "^":
                if same(y.src[2], x):
                    return y.src[1]
                if same(y.src[1], x):
                    return y.src[2]
    return None


def _runtime_shift(op: str, a: RT, count: RT, dtype: DType) -> RT:
    """pyasc::shl/shr: the count as the integer it is in its own dtype (the frontend clamps it rather
    than wrap it into the value's dtype); a negative one faults."""
    if a.value is None or count.value is None:
        return a.derived(None, dtype, count)
    x, y = int(a.value), int(count.value)
    if y < 0:
        raise Fault("<<")
    y = min(y, 128)  # beyond the width every bit is out
    return a.derived(dtype.wrap(x << y if op == "<<" else x >> y), dtype, count)


def compare(op: str, lhs: Any, rhs: Any) -> RT:
    dtype = operand_dtype(op, lhs, rhs)
    a, c = materialize(lhs, dtype), materialize(rhs, dtype)
    if dtype.is_int and same(a, c):  # cmpi of one value folds: `x` is dead code there
        known = a.value is not None or bool(a.taint)
        return RT(BOOL, bool(_PY_CMP[op](0, 0)) if known else None, const=True)
    # `src`: a cmpi's operands, for `select(a == b, a, b)` (b).
    return replace(_compare(op, a, c, dtype), key=("cmp", op, dtype.name, a.k(), c.k()),
                   src=("cmp", op, a, c) if dtype.is_int else None)


def _compare(op: str, a: RT, c: RT, dtype: DType) -> RT:
    if a.value is None or c.value is None:
        return a.derived(None, BOOL, c)
    if dtype.is_float:
        x, y = float(a.value), float(c.value)
    else:
        x, y = int(a.value), int(c.value)
    return a.derived(bool(_PY_CMP[op](x, y)), BOOL, c)


def to_bool(v: Any) -> Any:
    """An int1 runtime value (`v != 0`) or a Python bool."""
    if not isinstance(v, RT):
        return bool(v)
    if v.dtype == BOOL:
        return v
    return compare("!=", v, 0)


def unary(op: str, v: Any) -> Any:
    if not isinstance(v, RT):
        try:
            return {"-": operator.neg, "+": operator.pos, "~": operator.invert, "not": operator.not_}[op](v)
        except TypeError as e:
            raise compile_type_error(str(e)) from None
    if op == "not":
        return compare("==", to_bool(v), 0)
    if v.dtype == BOOL:  # a truth value counts as a Python bool
        v = convert(v, INT32)
    if op == "+":
        return v
    if op == "-":
        if v.dtype.is_float:
            return replace(v.derived(None if v.value is None else -v.value), key=("neg", v.k()))
        return binary("-", 0, v)
    if v.dtype.is_float:
        raise compile_type_error(f"unary operator '~' is not supported on {v.dtype.name} values")
    return binary("^", v, -1)


def py_compare(op: str, a: Any, b: Any) -> Any:
    try:
        return _PY_CMP[op](a, b)
    except TypeError as e:
        raise compile_type_error(str(e)) from None
