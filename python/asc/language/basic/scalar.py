"""Scalar-unit helpers: `ScalarCast` and the 64-bit bit counts (`ScalarGetSFFValue`, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, float32, int64
from ..core.enums import RoundMode
from ..core.ir_value import PlainValue, described
from . import _api


def _int64_operand(api: str, value: Any) -> Any:
    """`value_in` as an i64 handle (the C++ parameters are uint64_t / int64_t)."""
    value = semantic.python_scalar(value)  # a numpy integer is an int
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{api}: 'value_in' must be an integer, got {described(value)}")
    if isinstance(value, PlainValue):
        if not value.dtype.is_int():
            raise TypeError(f"{api}: 'value_in' must be an integer, got a {value.dtype.name} value")
        return semantic.materialize(value, int64)
    # A wider literal would wrap when materialised, out of the verifier's sight.
    if not -(1 << 63) <= value < 1 << 64:
        raise ValueError(f"{api}: 'value_in' must fit in 64 bits, got {value}")
    return semantic.materialize(value, int64)


def _count_value(api: str, count_value: Any) -> int:
    count_value = semantic.python_scalar(count_value)  # a numpy integer is an int
    if isinstance(count_value, bool) or not isinstance(count_value, int):
        raise TypeError(f"{api}: 'count_value' must be the Python int 0 or 1 (a template argument), "
                        f"got {described(count_value)}")
    return count_value


def _bit_op(api: str, builder: Callable[..., Any], value_in: Any, count_value: Any = None) -> PlainValue:
    b = builder_for(api)
    operand = _int64_operand(api, value_in)
    attrs = {} if count_value is None else {"count_value": _count_value(api, count_value)}
    return PlainValue(builder(b, operand, result_type=int64.to_ir(), **attrs), int64)


@builtin
def scalar_cast(value_in: Any, dtype: DataType, round_mode: RoundMode) -> PlainValue:
    """`ScalarCast<float, T, round_mode>(value_in)`: a float converted to half or int32, bit-exact."""
    if not isinstance(dtype, DataType):
        raise TypeError(f"scalar_cast: 'dtype' must be a data type, got {dtype!r}")
    if not isinstance(round_mode, RoundMode):
        raise TypeError(f"scalar_cast: 'round_mode' must be a RoundMode, got {round_mode!r}")
    value_in = semantic.python_scalar(value_in)  # a numpy scalar is a number too
    if isinstance(value_in, bool) or not isinstance(value_in, (int, float, PlainValue)):
        raise TypeError(f"scalar_cast: 'value_in' must be a float, got {described(value_in)}")
    if isinstance(value_in, PlainValue) and value_in.dtype != float32:
        if not value_in.dtype.is_float():
            raise TypeError(f"scalar_cast: 'value_in' must be a float value, got a {value_in.dtype.name} value")
    operand = semantic.materialize(value_in, float32)
    handle = _ods.scalar_cast(builder_for("scalar_cast"), operand, round_mode=round_mode, result_type=dtype.to_ir())
    return PlainValue(handle, dtype)


@builtin
def scalar_get_sff_value(value_in: Any, count_value: int) -> PlainValue:
    """Bit position of the first bit equal to `count_value` (0 or 1) from the LSB; -1 if none."""
    return _bit_op("scalar_get_sff_value", _ods.scalar_get_sff_value, value_in, count_value)


@builtin
def scalar_get_count_of_value(value_in: Any, count_value: int) -> PlainValue:
    """Number of bits of the 64-bit `value_in` equal to `count_value` (0 or 1)."""
    return _bit_op("scalar_get_count_of_value", _ods.scalar_get_count_of_value, value_in, count_value)


@builtin
def scalar_count_leading_zero(value_in: Any) -> PlainValue:
    """Leading zero bits of the 64-bit `value_in` (64 for 0)."""
    return _bit_op("scalar_count_leading_zero", _ods.scalar_count_leading_zero, value_in)


@builtin
def count_bits_cnt_same_as_sign_bit(value_in: Any) -> PlainValue:
    """Consecutive bits below the sign bit of the int64 `value_in` that equal it (63 for 0 and -1)."""
    return _bit_op("count_bits_cnt_same_as_sign_bit", _ods.count_bits_cnt_same_as_sign_bit, value_in)


_api.publish_all(globals(), (("scalar_cast", "ScalarCast"), ("scalar_get_sff_value", "ScalarGetSFFValue"),
               ("scalar_get_count_of_value", "ScalarGetCountOfValue"),
               ("scalar_count_leading_zero", "ScalarCountLeadingZero"),
               ("count_bits_cnt_same_as_sign_bit", "CountBitsCntSameAsSignBit")))

