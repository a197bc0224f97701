"""Scalar-unit helpers: `ScalarCast` and the 64-bit bit counts (`ScalarGetSFFValue`, ...)."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, float16, float32, int32, int64
from ..core.enums import RoundMode, ir_keyword
from ..core.ir_value import PlainValue
from . import _api

_CAST_TARGETS = (float16, int32)
_INT_MODES = (RoundMode.CAST_RINT, RoundMode.CAST_FLOOR, RoundMode.CAST_CEIL, RoundMode.CAST_ROUND,
              RoundMode.CAST_TRUNC)


def _int64_operand(api: str, value: Any) -> Any:
    """`value_in` as an i64 handle (the C++ parameters are uint64_t / int64_t)."""
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{api}: 'value_in' must be an integer, got {type(value).__name__}")
    if isinstance(value, PlainValue):
        if not value.dtype.is_int():
            raise TypeError(f"{api}: 'value_in' must be an integer, got a {value.dtype.name} value")
        return semantic.materialize(value, int64)
    if not -(1 << 63) <= value < 1 << 64:
        raise ValueError(f"{api}: 'value_in' must fit in 64 bits, got {value}")
    return semantic.materialize(value, int64)


def _count_value(api: str, count_value: Any) -> int:
    if isinstance(count_value, bool) or not isinstance(count_value, int):
        raise TypeError(f"{api}: 'count_value' must be the Python int 0 or 1 (a template argument), "
                        f"got {type(count_value).__name__}")
    if count_value not in (0, 1):
        raise ValueError(f"{api}: 'count_value' must be 0 or 1, got {count_value}")
    return count_value


def _bit_op(api: str, value_in: Any, count_value: Any = None) -> PlainValue:
    b = builder_for(api)
    operand = _int64_operand(api, value_in)
    attrs = {}
    if count_value is not None:
        attrs["count_value"] = b.int_attr("i32", _count_value(api, count_value))
    return PlainValue(b.create1(f"asc.{api}", [operand], "i64", attrs), int64)


@builtin
def scalar_cast(value_in: Any, dtype: DataType, round_mode: RoundMode) -> PlainValue:
    """`ScalarCast<float, T, round_mode>(value_in)`: a float converted to half or int32, bit-exact."""
    if not isinstance(dtype, DataType) or dtype not in _CAST_TARGETS:
        raise TypeError(f"scalar_cast: 'dtype' must be float16 or int32, got {dtype!r}")
    if not isinstance(round_mode, RoundMode):
        raise TypeError(f"scalar_cast: 'round_mode' must be a RoundMode, got {round_mode!r}")
    if dtype == int32 and round_mode not in _INT_MODES:
        raise ValueError(f"scalar_cast: float to int32 needs a rounding direction: one of "
                         f"{', '.join(m.name for m in _INT_MODES)}, not {round_mode.name}")
    if isinstance(value_in, bool) or not isinstance(value_in, (int, float, PlainValue)):
        raise TypeError(f"scalar_cast: 'value_in' must be a float, got {type(value_in).__name__}")
    if isinstance(value_in, PlainValue) and value_in.dtype != float32:
        if not value_in.dtype.is_float():
            raise TypeError(f"scalar_cast: 'value_in' must be a float value, got a {value_in.dtype.name} value")
    b = builder_for("scalar_cast")
    operand = semantic.materialize(value_in, float32)
    attrs = {"round_mode": b.enum_attr("round_mode", ir_keyword(round_mode))}
    return PlainValue(b.create1("asc.scalar_cast", [operand], dtype.to_ir(), attrs), dtype)


@builtin
def scalar_get_sff_value(value_in: Any, count_value: int) -> PlainValue:
    """Bit position of the first bit equal to `count_value` (0 or 1) from the LSB; -1 if none."""
    return _bit_op("scalar_get_sff_value", value_in, count_value)


@builtin
def scalar_get_count_of_value(value_in: Any, count_value: int) -> PlainValue:
    """Number of bits of the 64-bit `value_in` equal to `count_value` (0 or 1)."""
    return _bit_op("scalar_get_count_of_value", value_in, count_value)


@builtin
def scalar_count_leading_zero(value_in: Any) -> PlainValue:
    """Leading zero bits of the 64-bit `value_in` (64 for 0)."""
    return _bit_op("scalar_count_leading_zero", value_in)


@builtin
def count_bits_cnt_same_as_sign_bit(value_in: Any) -> PlainValue:
    """Consecutive bits below the sign bit of the int64 `value_in` that equal it (63 for 0 and -1)."""
    return _bit_op("count_bits_cnt_same_as_sign_bit", value_in)


_api.publish_all(globals(), (("scalar_cast", "ScalarCast"), ("scalar_get_sff_value", "ScalarGetSFFValue"),
               ("scalar_get_count_of_value", "ScalarGetCountOfValue"),
               ("scalar_count_leading_zero", "ScalarCountLeadingZero"),
               ("count_bits_cnt_same_as_sign_bit", "CountBitsCntSameAsSignBit")))

