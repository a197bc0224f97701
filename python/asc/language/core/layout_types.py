"""Enums and parameter structs of the layout APIs and the extra DataCopy forms.

`asc.TransposeType`, `asc.BlockMode`, `asc.DeqScale`, `asc.pad_t` (pyasc names and values) and
`asc.TransposeParamsExt`, `asc.TransDataTo5HDParams`, `asc.DataCopyEnhancedParams`, `asc.SliceInfo`
(fields and defaults from ODS). Enum fields must be compile-time values: the emitter prints them as
Ascend C enumerators and the verifier checks their range.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

from .dtype import uint64
from .types import ParamStruct, _field


class TransposeType(IntEnum):
    TRANSPOSE_TYPE_NONE = 0
    TRANSPOSE_NZ2ND_0213 = 1
    TRANSPOSE_NZ2NZ_0213 = 2
    TRANSPOSE_NZ2NZ_012_WITH_N = 3
    TRANSPOSE_NZ2ND_012_WITH_N = 4
    TRANSPOSE_NZ2ND_012_WITHOUT_N = 5
    TRANSPOSE_NZ2NZ_012_WITHOUT_N = 6
    TRANSPOSE_ND2ND_ONLY = 7
    TRANSPOSE_ND_UB_GM = 8
    TRANSPOSE_GRAD_ND_UB_GM = 9
    TRANSPOSE_ND2ND_B16 = 10
    TRANSPOSE_NCHW2NHWC = 11
    TRANSPOSE_NHWC2NCHW = 12


class BlockMode(IntEnum):
    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class DeqScale(IntEnum):
    DEQ_NONE = 0
    DEQ = 1
    VDEQ = 2
    DEQ8 = 3
    VDEQ8 = 4
    DEQ16 = 5
    VDEQ16 = 6


class pad_t(IntEnum):  # noqa: N801 - pyasc's (and Ascend C's) name
    PAD_NONE = 0
    PAD_MODE1 = 1
    PAD_MODE2 = 2
    PAD_MODE3 = 3
    PAD_MODE4 = 4
    PAD_MODE5 = 5
    PAD_MODE6 = 6
    PAD_MODE7 = 7
    PAD_MODE8 = 8


def _enum_field(value: Any, struct: str, name: str, cls: type[IntEnum]) -> Any:
    """An enum field: a compile-time value of `cls` (the emitter prints it as the enumerator; the verifier
    checks its range)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{struct}: '{name}' must be an asc.{cls.__name__} known at compile time, got "
                        f"{type(value).__name__}")
    return _field(int(value), struct, name)


class TransposeParamsExt(ParamStruct):
    """Sizes and layout of the extended `transpose`."""

    __slots__ = ()

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == "transpose_type":
            return _enum_field(value, "TransposeParamsExt", key, TransposeType)
        return super()._operand(key, value, default)


class TransDataTo5HDParams(ParamStruct):
    """Halves (8-bit types), repeat count and repeat strides (32-byte blocks) of `trans_data_to_5hd`."""

    __slots__ = ()


class DataCopyEnhancedParams(ParamStruct):
    """The enhanced `data_copy` parameters. Ascend 910B/910C apply none of them to GM/UB copies."""

    __slots__ = ()
    _ENUMS: ClassVar[dict[str, type[IntEnum]]] = {"block_mode": BlockMode, "deq_scale": DeqScale,
                                                  "pad_mode_in": pad_t}

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        name = "DataCopyEnhancedParams"
        if key in self._ENUMS:
            return _enum_field(value, name, key, self._ENUMS[key])
        if key in ("deq_value_in", "pad_value_in"):
            return _field(value, name, key, uint64)
        return super()._operand(key, value, default)


class SliceInfo(ParamStruct):
    """One dimension of a slice copy (elements; `burst_len` in 32-byte blocks, dimension 0 only)."""

    __slots__ = ()


__all__ = ["TransposeType", "BlockMode", "DeqScale", "pad_t", "TransposeParamsExt", "TransDataTo5HDParams",
           "DataCopyEnhancedParams", "SliceInfo"]
