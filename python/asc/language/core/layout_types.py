"""Enums and parameter structs of the layout APIs and the extra DataCopy forms.

`asc.TransposeType`, `asc.BlockMode`, `asc.DeqScale`, `asc.pad_t` (pyasc names and values, from ODS:
AscAttrs.td) and
`asc.TransposeParamsExt`, `asc.TransDataTo5HDParams`, `asc.DataCopyEnhancedParams`, `asc.SliceInfo`
(fields and defaults from ODS). Enum fields must be compile-time values: the emitter prints them as
Ascend C enumerators and the verifier checks their range.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

from ..._C import _ods
from ..._lazy import ods_enums
from . import semantic
from .dtype import uint64
from .types import ParamStruct, _field

#: The dialect's enums this module exports, made by asc._C._ods on their first read (`import asc` makes none).
_ODS_ENUMS = ('TransposeType', 'BlockMode', 'DeqScale', 'pad_t')

__getattr__ = ods_enums(__name__, _ODS_ENUMS)


def _enum_field(value: Any, struct: str, name: str, cls: type[IntEnum]) -> Any:
    """An enum field: a compile-time value of `cls` (the emitter prints it as the enumerator; the verifier
    checks its range). A numpy integer is an int."""
    value = semantic.python_scalar(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{struct}: '{name}' must be an asc.{cls.__name__} known at compile time, got "
                        f"{type(value).__name__}")
    return _field(int(value), struct, name)


class TransposeParamsExt(ParamStruct):
    """Sizes and layout of the extended `transpose`."""

    __slots__ = ()

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == "transpose_type":
            return _enum_field(value, "TransposeParamsExt", key, _ods.TransposeType)
        return super()._operand(key, value, default)


class TransDataTo5HDParams(ParamStruct):
    """Halves (8-bit types), repeat count and repeat strides (32-byte blocks) of `trans_data_to_5hd`."""

    __slots__ = ()


class DataCopyEnhancedParams(ParamStruct):
    """The enhanced `data_copy` parameters. Ascend 910B/910C apply none of them to GM/UB copies."""

    __slots__ = ()
    #: The enum fields and their enums' names in asc._C._ods (made on first read).
    _ENUMS: ClassVar[dict[str, str]] = {"block_mode": "BlockMode", "deq_scale": "DeqScale", "pad_mode_in": "pad_t"}

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        name = "DataCopyEnhancedParams"
        if key in self._ENUMS:
            return _enum_field(value, name, key, getattr(_ods, self._ENUMS[key]))
        if key in ("deq_value_in", "pad_value_in"):
            return _field(value, name, key, uint64)
        return super()._operand(key, value, default)


class SliceInfo(ParamStruct):
    """One dimension of a slice copy (elements; `burst_len` in 32-byte blocks, dimension 0 only)."""

    __slots__ = ()


__all__ = ["TransposeType", "BlockMode", "DeqScale", "pad_t",  # noqa: F822 - ODS enums, module __getattr__
           "TransposeParamsExt", "TransDataTo5HDParams", "DataCopyEnhancedParams", "SliceInfo"]
