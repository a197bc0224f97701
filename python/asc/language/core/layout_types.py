"""Enums and parameter structs of the layout APIs and the extra DataCopy forms.

`asc.TransposeType`, `asc.BlockMode`, `asc.DeqScale`, `asc.pad_t` (pyasc names and values) and
`asc.TransposeParamsExt`, `asc.TransDataTo5HDParams`, `asc.DataCopyEnhancedParams`, `asc.SliceInfo`
(pyasc keyword names and defaults). Enum fields must be compile-time values: the emitter prints them as
Ascend C enumerators and the APIs check them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .dtype import int1, int32, uint64
from .ir_value import PlainValue
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
    """An enum field: a compile-time member of `cls` (or its int value)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{struct}: '{name}' must be an asc.{cls.__name__} known at compile time, got "
                        f"{type(value).__name__}")
    try:
        cls(value)
    except ValueError:
        raise ValueError(f"{struct}: {value} is not an asc.{cls.__name__} value") from None
    return _field(int(value), struct, name)


def _bool_field(value: Any, struct: str, name: str) -> Any:
    if not isinstance(value, bool) and not (isinstance(value, PlainValue) and value.dtype == int1):
        raise TypeError(f"{struct}: '{name}' must be a bool, got {type(value).__name__}")
    return _field(value, struct, name, int1)


class TransposeParamsExt(ParamStruct):
    """Sizes and layout of the extended `transpose`."""

    __slots__ = ()
    MNEMONIC = "transpose_params_ext"
    FIELDS = (("n_size", 0), ("c_size", 0), ("h_size", 0), ("w_size", 0),
              ("transpose_type", TransposeType.TRANSPOSE_ND2ND_B16))

    def _operand(self, key: str, value: Any) -> Any:
        if key == "transpose_type":
            return _enum_field(value, "TransposeParamsExt", key, TransposeType)
        return _field(value, "TransposeParamsExt", key)


class TransDataTo5HDParams(ParamStruct):
    """Halves (8-bit types), repeat count and repeat strides (32-byte blocks) of `trans_data_to_5hd`."""

    __slots__ = ()
    MNEMONIC = "trans_data_to_5hd_params"
    FIELDS = (("dst_high_half", False), ("src_high_half", False), ("repeat_times", 1), ("dst_rep_stride", 0),
              ("src_rep_stride", 0))

    def _operand(self, key: str, value: Any) -> Any:
        if key.endswith("_half"):
            return _bool_field(value, "TransDataTo5HDParams", key)
        return _field(value, "TransDataTo5HDParams", key)


class DataCopyEnhancedParams(ParamStruct):
    """The enhanced `data_copy` parameters. Ascend 910B/910C apply none of them to GM/UB copies."""

    __slots__ = ()
    MNEMONIC = "data_copy_enhanced_params"
    FIELDS = (("block_mode", BlockMode.BLOCK_MODE_NORMAL), ("deq_scale", DeqScale.DEQ_NONE), ("deq_value_in", 0),
              ("sid_store_mode_in", 0), ("is_relu_in", False), ("pad_mode_in", pad_t.PAD_NONE), ("pad_value_in", 0))
    _ENUMS = {"block_mode": BlockMode, "deq_scale": DeqScale, "pad_mode_in": pad_t}

    def _operand(self, key: str, value: Any) -> Any:
        name = "DataCopyEnhancedParams"
        if key in self._ENUMS:
            return _enum_field(value, name, key, self._ENUMS[key])
        if key == "is_relu_in":
            return _bool_field(value, name, key)
        return _field(value, name, key, uint64 if key in ("deq_value_in", "pad_value_in") else int32)


class SliceInfo(ParamStruct):
    """One dimension of a slice copy (elements; `burst_len` in 32-byte blocks, dimension 0 only).

    `end_index=None` and `burst_len=None` take Ascend C's defaults (31 and 32).
    """

    __slots__ = ()
    MNEMONIC = "slice_info"
    FIELDS = (("start_index", 0), ("end_index", None), ("stride", 0), ("burst_len", None), ("shape_value", 0))
    _DEFAULTS = {"end_index": 31, "burst_len": 32}  # ONE_BLK_SIZE - 1, ONE_BLK_SIZE

    def _operand(self, key: str, value: Any) -> Any:
        if value is None and key in self._DEFAULTS:
            value = self._DEFAULTS[key]
            self.fields[key] = value
        return _field(value, "SliceInfo", key)


__all__ = ["TransposeType", "BlockMode", "DeqScale", "pad_t", "TransposeParamsExt", "TransDataTo5HDParams",
           "DataCopyEnhancedParams", "SliceInfo"]
