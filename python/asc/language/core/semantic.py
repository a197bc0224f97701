"""Type rules and IR construction for scalar values (`PlainValue` arithmetic).

pyasc's rules: the result dtype is the dtype of the runtime operand; when both
operands are runtime values the left one wins and the right is converted; Python
numbers are materialised in that dtype. Integer `/`, `//` and `%` follow C
(truncating) semantics, as the Ascend C the kernel becomes does.
"""

from __future__ import annotations

from typing import Any

from .builtin import builder_for
from .dtype import DataType, float32, int1, int32

_INT_OPS = {
    "+": "arith.addi", "-": "arith.subi", "*": "arith.muli", "/": "arith.divsi", "//": "arith.divsi",
    "%": "arith.remsi", "&": "arith.andi", "|": "arith.ori", "^": "arith.xori", "<<": "arith.shli",
    ">>": "arith.shrsi",
}
_UINT_OPS = dict(_INT_OPS, **{"/": "arith.divui", "//": "arith.divui", "%": "arith.remui",
                              ">>": "arith.shrui"})
_FLOAT_OPS = {"+": "arith.addf", "-": "arith.subf", "*": "arith.mulf", "/": "arith.divf"}
_CMP_INT = {"==": 0, "!=": 1, "<": 2, "<=": 3, ">": 4, ">=": 5}
_CMP_UINT = {"==": 0, "!=": 1, "<": 6, "<=": 7, ">": 8, ">=": 9}
# Ordered predicates, except `!=`: unordered-or-not-equal (une), so that `nan != x` is true and a NaN is
# truthy, as in Python and C.
_CMP_FLOAT = {"==": 1, ">": 2, ">=": 3, "<": 4, "<=": 5, "!=": 13}


def ir_scalar_type(dtype: DataType) -> str:
    """Scalars are signless in arith: unsigned ints use the same-width iN."""
    if dtype.is_unsigned():
        return f"i{dtype.bitwidth}"
    return dtype.to_ir()


def is_number(value: Any) -> bool:
    """A Python number (bool included) or a numpy scalar of one."""
    import numpy as np

    return isinstance(value, (int, float, np.integer, np.floating, np.bool_))


def python_number_dtype(value: Any) -> DataType:
    """The dtype a number takes: int1 for a bool, int32 for an int, float32 for a float; a numpy
    scalar keeps its own (np.bool_ is a bool)."""
    import numpy as np

    from .dtype import from_numpy_name

    if isinstance(value, (bool, np.bool_)):
        return int1
    if isinstance(value, (np.integer, np.floating)):
        return from_numpy_name(value.dtype.name)
    if isinstance(value, int):
        return int32
    if isinstance(value, float):
        return float32
    raise TypeError(f"expected a number, got {type(value).__name__}")


def numbers_dtype(a: Any, b: Any) -> DataType:
    """The dtype of `a op b` for two numbers: numpy's promotion when either is a numpy scalar (a
    Python number adapts to it: np.uint64(1) and 2 give uint64), Python's otherwise (a float wins;
    two bools stay a truth value, a bool and an int give int32)."""
    import numpy as np

    from .dtype import from_numpy_name

    kinds = (python_number_dtype(a), python_number_dtype(b))
    if kinds == (int1, int1):
        return int1
    if isinstance(a, (np.integer, np.floating)) or isinstance(b, (np.integer, np.floating)):
        return from_numpy_name(np.result_type(*(bool(x) if isinstance(x, np.bool_) else x
                                               for x in (a, b))).name)
    return float32 if float32 in kinds else int32


def python_scalar(value: Any) -> Any:
    """A numpy scalar as its Python value; anything else unchanged."""
    import numpy as np

    return value.item() if isinstance(value, (np.integer, np.floating, np.bool_)) else value


def compile_time_bool(value: Any) -> bool | None:
    """`value` as a compile-time bool (a template argument, a config flag): a bool, or an int, numpy
    bools and integers included (nonzero is True); None for anything else (a runtime value, a float, a
    string), which the caller refuses with its own message."""
    value = python_scalar(value)
    return bool(value) if isinstance(value, (bool, int)) else None


def numeric_dtype(what: str, dtype: Any) -> DataType:
    """`dtype` when it is a numeric DataType (the `dtype` argument of `what`); a TypeError otherwise."""
    if not isinstance(dtype, DataType) or not dtype.is_numeric():
        raise TypeError(f"{what}: 'dtype' must be a numeric data type (e.g. asc.int32), got {dtype!r}")
    return dtype


def materialize(value: Any, dtype: DataType) -> Any:
    """An IR handle of `value` (a PlainValue, a Python number or a numpy scalar) in `dtype`."""
    from .ir_value import PlainValue

    value = python_scalar(value)
    if isinstance(value, PlainValue):
        return convert(value, dtype).handle
    b = builder_for("materialize")
    if isinstance(value, bool):
        value = int(value)
    if dtype.is_float():
        if not isinstance(value, (int, float)):
            raise TypeError(f"cannot use {type(value).__name__} as a {dtype.name} value")
        return b.const_float(float(value), dtype.to_ir())
    if not isinstance(value, int):
        raise TypeError(f"cannot use {value!r} ({type(value).__name__}) as a {dtype.name} value")
    bits = dtype.bitwidth
    if not -(1 << (bits - 1)) <= value < (1 << bits):
        # Its bits do not fit: the IR constant would silently lose the high ones.
        raise OverflowError(f"the constant {value} does not fit in {dtype.name}")
    if bits > 1 and (1 << (bits - 1)) <= value:
        value -= 1 << bits  # e.g. a 64-bit mask word 0xFFFF...: same bits, signless IR constant
    return b.const_int(value, ir_scalar_type(dtype))


def convert(value: Any, dtype: DataType) -> Any:
    """Converts a PlainValue to `dtype` (sign-extends, truncates or casts)."""
    from .ir_value import PlainValue

    if value.dtype == dtype:
        return value
    b = builder_for("cast")
    src, dst = value.dtype, dtype
    target = ir_scalar_type(dst)
    if src.is_float() and dst.is_float():
        op = "arith.extf" if dst.bitwidth > src.bitwidth else "arith.truncf"
    elif src.is_float():
        op = "arith.fptoui" if dst.is_unsigned() else "arith.fptosi"
    elif dst.is_float():
        op = "arith.uitofp" if src.is_unsigned() or src == int1 else "arith.sitofp"
    elif dst.bitwidth == src.bitwidth:
        return PlainValue(value.handle, dst)
    elif dst.bitwidth > src.bitwidth:
        op = "arith.extui" if src.is_unsigned() or src == int1 else "arith.extsi"
    else:
        op = "arith.trunci"
    return PlainValue(b.create1(op, [value.handle], target), dst)


def integer_promotion(a: DataType, b: DataType) -> DataType | None:
    """The smallest integer dtype that holds every value of both `a` and `b` (numpy's promotion:
    uint8 and int32 give int32, uint32 and int32 int64); None for uint64 with a signed dtype, which
    no integer dtype holds both of."""
    if a == b:
        return a
    if a.is_unsigned() == b.is_unsigned():
        return a if a.bitwidth >= b.bitwidth else b
    unsigned, signed = (a, b) if a.is_unsigned() else (b, a)
    if signed.bitwidth > unsigned.bitwidth:
        return signed
    if unsigned.bitwidth == 64:
        return None
    return DataType(f"int{unsigned.bitwidth * 2}")


def integer_limits(dtype: DataType) -> tuple[int, int]:
    """The least and greatest value of an integer dtype."""
    bits = dtype.bitwidth
    if dtype.is_unsigned():
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


_BITWISE = ("&", "|", "^")


def operand_dtype(op: str, lhs: Any, rhs: Any) -> DataType:
    """The dtype `lhs op rhs` computes in: the runtime operand's (the left one's if both are).

    A truth value (int1, the result of a comparison) counts as a Python bool: `&`, `|`, `^` of two
    truth values stay one; otherwise it takes the other operand's dtype (int32 for a Python int or
    bool, float32 for a float), so `(a < b) + (c < d)` counts, and `(a < b) < (c < d)` compares
    0 and 1 (int1 would compare signed, true being -1).
    """
    from .ir_value import PlainValue

    dtype = lhs.dtype if isinstance(lhs, PlainValue) else rhs.dtype
    if dtype != int1:
        return dtype
    other = rhs if isinstance(lhs, PlainValue) else lhs
    if isinstance(other, PlainValue):
        other_dtype = other.dtype
    elif isinstance(other, (int, float)):
        other_dtype = python_number_dtype(other)
    else:
        return dtype  # not a number: the caller reports it
    if other_dtype != int1:
        return other_dtype
    return int1 if op in _BITWISE else int32


def binary(op: str, lhs: Any, rhs: Any, reflected: bool = False) -> Any:
    """`lhs op rhs` where at least one side is a PlainValue."""
    from .ir_value import PlainValue

    if reflected:
        lhs, rhs = rhs, lhs
    dtype = operand_dtype(op, lhs, rhs)
    if op == "**":
        raise TypeError("'**' is not supported on runtime values")
    table = _FLOAT_OPS if dtype.is_float() else (_UINT_OPS if dtype.is_unsigned() else _INT_OPS)
    if op == "//" and dtype.is_float():
        raise TypeError("'//' on floating-point runtime values is not supported; use '/'")
    if op == "%" and dtype.is_float():
        raise TypeError("'%' on floating-point runtime values is not supported")
    if op in _INTEGER_ONLY:
        _check_integer_operands(op, lhs, rhs)
    if op not in table:
        raise TypeError(f"operator '{op}' is not supported on {dtype.name} values")
    if op in ("<<", ">>") and isinstance(python_scalar(rhs), int) and isinstance(lhs, PlainValue):
        # A constant count of the type's width or more is poison in the IR (C leaves it undefined:
        # x86 masks it, so `n >> 33` gave `n >> 1`); Python shifts every bit out of the wrapped
        # value: `<<` gives 0, `>>` the sign (0 for unsigned), a signed shift by width - 1.
        count = python_scalar(rhs)
        if count < 0:
            raise ValueError(f"negative shift count {count}: a shift count must be 0 or more, as in Python")
        if count >= dtype.bitwidth:
            if op == "<<" or dtype.is_unsigned():
                return binary("&", lhs, 0)
            rhs = dtype.bitwidth - 1
    if op in ("<<", ">>") and isinstance(rhs, PlainValue):
        rhs = _shift_count(rhs, dtype)
    b = builder_for(op)
    _warn_if_truncated(b, op, lhs, rhs, dtype)
    a, c = materialize(lhs, dtype), materialize(rhs, dtype)
    return PlainValue(b.create1(table[op], [a, c], ir_scalar_type(dtype)), dtype)


_INTEGER_ONLY = ("<<", ">>", "&", "|", "^")


def _check_integer_operands(op: str, lhs: Any, rhs: Any) -> None:
    """Python's TypeError for `n >> f`, `n & 2.0`: the left-operand rule would convert the float."""
    from .ir_value import PlainValue

    for side, x in (("left", lhs), ("right", rhs)):
        if isinstance(x, PlainValue) and x.dtype.is_float():
            name = x.dtype.name
        elif isinstance(python_scalar(x), float):
            name = "float"
        else:
            continue
        raise TypeError(f"operator '{op}' is not supported on {name} values (the {side} operand); "
                        "convert it with int(...)")


def _shift_count(count: Any, dtype: DataType) -> Any:
    """A runtime shift count that keeps its meaning once converted to `dtype`, the shift's type.

    The emitter's pyasc::shl/shr read the count as a signed value of `dtype`'s width: a negative
    one is Python's ValueError (a KernelError in the simulator), one of the width or more shifts
    every bit out. A count whose conversion could wrap into the wrong one of these is clamped
    first, in its own type: an unsigned count as wide as `dtype` or wider to at most the width
    (uint8 200 is not -56), a signed one wider than `dtype` to the width above and `dtype`'s
    signed minimum below (int32 300 on an int8 value is not 44).
    """
    if count.dtype == int1 or count.dtype.is_float():
        return count
    width = dtype.bitwidth
    if count.dtype.is_unsigned():
        if count.dtype.bitwidth < width:
            return count
        return _select(compare("<", count, width), count, width, count.dtype)
    if count.dtype.bitwidth <= width:
        return count
    count = _select(compare(">", count, width), width, count, count.dtype)
    lowest = -(1 << (width - 1))
    return _select(compare("<", count, lowest), lowest, count, count.dtype)


def _select(cond: Any, a: Any, b: Any, dtype: DataType) -> Any:
    from .ir_value import PlainValue

    bld = builder_for("select")
    handle = bld.create1("arith.select", [cond.handle, materialize(a, dtype), materialize(b, dtype)],
                         ir_scalar_type(dtype))
    return PlainValue(handle, dtype)


def _warn_if_truncated(b: Any, op: str, lhs: Any, rhs: Any, dtype: DataType) -> None:
    """pyasc's left-operand rule makes `n * f` (n: int, f: float) an int: say so at the line."""
    from .ir_value import PlainValue

    other = rhs if isinstance(lhs, PlainValue) and lhs.dtype == dtype else lhs
    if not dtype.is_float() and isinstance(other, PlainValue) and other.dtype.is_float():
        b.warn(f"'{op}': the {other.dtype.name} operand is converted to {dtype.name}, the type of the left "
               "runtime operand, and loses its fraction; wrap the int operand in float(...) for a float "
               "result, or the float one in int(...) to keep an int without this warning")


def compare(op: str, lhs: Any, rhs: Any) -> Any:
    from .ir_value import PlainValue

    dtype = operand_dtype(op, lhs, rhs)
    b = builder_for(op)
    _warn_if_truncated(b, op, lhs, rhs, dtype)
    a, c = materialize(lhs, dtype), materialize(rhs, dtype)
    if dtype.is_float():
        name, pred = "arith.cmpf", _CMP_FLOAT[op]
    else:
        name, pred = "arith.cmpi", (_CMP_UINT if dtype.is_unsigned() else _CMP_INT)[op]
    handle = b.create1(name, [a, c], "i1", {"predicate": b.int_attr("i64", pred)})
    return PlainValue(handle, int1)


def unary(op: str, operand: Any) -> Any:
    from .ir_value import PlainValue

    if operand.dtype == int1:  # a truth value counts as a Python bool: -True is -1, ~True is -2
        operand = convert(operand, int32)
    if op == "+":
        return operand
    if op == "-":
        if operand.dtype.is_float():
            b = builder_for("-")
            return PlainValue(b.create1("arith.negf", [operand.handle], operand.dtype.to_ir()),
                              operand.dtype)
        return binary("-", 0, operand)
    if op == "~":
        if operand.dtype.is_float():
            raise TypeError(f"unary operator '~' is not supported on {operand.dtype.name} values")
        return binary("^", operand, -1)
    raise TypeError(f"unary operator '{op}' is not supported on runtime values")


def to_bool(value: Any) -> Any:
    """An i1 runtime value (`value != 0`) or a Python bool."""
    from .ir_value import PlainValue

    if not isinstance(value, PlainValue):
        return bool(value)
    if value.dtype == int1:
        return value
    return compare("!=", value, 0)
