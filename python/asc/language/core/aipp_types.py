"""AIPP configuration structs (`asc.AippParams` and its six parts), as pyasc's `aipp_types.py`.

The parts are plain dataclasses; `AippParams(dtype, ...)` is the kernel value built from them, the
Ascend C aggregate `AippParams<U>` whose padding values have type `dtype` (uint8, int8 or float16).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..._C import _ods
from . import semantic
from .builtin import builder_for
from .dtype import DataType, float16, int1, int8, int16, int32, uint8
from .enums import AippInputFormat
from .ir_value import IRValue, PlainValue, described


@dataclass
class AippPaddingParams:
    padding_mode: Any = 0
    padding_value_ch0: int | float | Any = 0
    padding_value_ch1: int | float | Any = 0
    padding_value_ch2: int | float | Any = 0
    padding_value_ch3: int | float | Any = 0


@dataclass
class AippSwapParams:
    is_swap_rb: bool = False
    is_swap_uv: bool = False
    is_swap_ax: bool = False


@dataclass
class AippSingleLineParams:
    is_single_line_copy: bool = False


@dataclass
class AippDataTypeConvParams:
    dtc_mean_ch0: int = 0
    dtc_mean_ch1: int = 0
    dtc_mean_ch2: int = 0
    dtc_min_ch0: float = 0.0
    dtc_min_ch1: float = 0.0
    dtc_min_ch2: float = 0.0
    dtc_var_ch0: float = 1.0
    dtc_var_ch1: float = 1.0
    dtc_var_ch2: float = 1.0
    dtc_round_mode: int = 0


@dataclass
class AippChannelPaddingParams:
    c_padding_mode: Any = 0
    c_padding_value: int | float | Any = 0


@dataclass
class AippColorSpaceConvParams:
    is_enable_csc: bool = False
    csc_matrix_r0_c0: int = 0
    csc_matrix_r0_c1: int = 0
    csc_matrix_r0_c2: int = 0
    csc_matrix_r1_c0: int = 0
    csc_matrix_r1_c1: int = 0
    csc_matrix_r1_c2: int = 0
    csc_matrix_r2_c0: int = 0
    csc_matrix_r2_c1: int = 0
    csc_matrix_r2_c2: int = 0
    csc_bias_in_0: int = 0
    csc_bias_in_1: int = 0
    csc_bias_in_2: int = 0
    csc_bias_out_0: int = 0
    csc_bias_out_1: int = 0
    csc_bias_out_2: int = 0


_PARTS = (("padding_params", AippPaddingParams), ("swap_params", AippSwapParams),
          ("single_line_params", AippSingleLineParams), ("dtc_params", AippDataTypeConvParams),
          ("c_padding_params", AippChannelPaddingParams), ("csc_params", AippColorSpaceConvParams))


def _kind(name: str, u: DataType) -> DataType:
    """The dtype a field is materialised in (the verifier checks it against the C++ field type)."""
    if name.startswith("is_"):
        return int1
    if name.startswith("padding_value") or name == "c_padding_value":
        # uint8 values stay int32 constants (in range of the uint8_t field) rather than signless i8
        # bit patterns.
        return int32 if u == uint8 else u
    if name.startswith(("dtc_min", "dtc_var")):
        return float16
    if name.startswith("csc_matrix"):
        return int16
    return int32  # uint8_t / uint32_t fields: constants range-checked by the verifier


def _operand(part: str, name: str, value: Any, dtype: DataType, u: DataType) -> Any:
    where = f"AippParams.{part}.{name}"
    value = semantic.python_scalar(value)  # a numpy scalar is a number too
    if dtype == int1:
        if not isinstance(value, bool) and not (isinstance(value, PlainValue) and value.dtype == int1):
            raise TypeError(f"{where} must be a bool, got {value!r}")
        return semantic.materialize(value, int1)
    if isinstance(value, bool) or not isinstance(value, (int, float, PlainValue)):
        raise TypeError(f"{where} must be a number, got {value!r}")
    if not dtype.is_float() and (isinstance(value, float) or
                                 (isinstance(value, PlainValue) and value.dtype.is_float())):
        raise TypeError(f"{where} must be an integer, got {value!r}")
    # A literal outside a signed field's type would wrap when materialised, out of the verifier's
    # sight; the unsigned fields are int32 constants the verifier range-checks.
    if dtype in (int8, int16) and isinstance(value, int):
        lo, hi = semantic.integer_limits(dtype)
        if not lo <= value <= hi:
            raise ValueError(f"{where} must be in [{lo}, {hi}], got {value}")
    return semantic.materialize(value, dtype)


class AippParams(IRValue):
    """`AscendC::AippParams<dtype>`: the AIPP configuration passed to `set_aipp_functions`."""

    __slots__ = ("dtype", "parts")

    def __init__(self, dtype: DataType, padding_params: AippPaddingParams | None = None,
                 swap_params: AippSwapParams | None = None,
                 single_line_params: AippSingleLineParams | None = None,
                 dtc_params: AippDataTypeConvParams | None = None,
                 c_padding_params: AippChannelPaddingParams | None = None,
                 csc_params: AippColorSpaceConvParams | None = None) -> None:
        if not isinstance(dtype, DataType):
            raise TypeError(f"AippParams: 'dtype' must be a data type, got {dtype!r}")
        given = {"padding_params": padding_params, "swap_params": swap_params,
                 "single_line_params": single_line_params, "dtc_params": dtc_params,
                 "c_padding_params": c_padding_params, "csc_params": csc_params}
        b = builder_for("AippParams")
        operands = []
        self.dtype = dtype
        self.parts = {}
        for key, cls in _PARTS:
            part = given[key]
            if part is None:
                part = cls()
            elif not isinstance(part, cls):
                raise TypeError(f"AippParams: '{key}' must be an {cls.__name__}, got {described(part)}")
            self.parts[key] = part
            for f in fields(part):
                operands.append(_operand(key, f.name, getattr(part, f.name), _kind(f.name, dtype), dtype))
        super().__init__(_ods.aipp_params(b, operands, result_type=_ods.aipp_params_type(dtype.to_ir())))


__all__ = ["AippInputFormat", "AippPaddingParams", "AippSwapParams", "AippSingleLineParams",
           "AippDataTypeConvParams", "AippChannelPaddingParams", "AippColorSpaceConvParams", "AippParams"]
