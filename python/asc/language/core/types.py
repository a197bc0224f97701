"""Parameter structs of the basic API (`asc.BinaryRepeatParams`, `asc.DataCopyParams`, ...).

Each is a kernel value built by one `asc` op whose operands are the fields in the
order of the Ascend C constructor (which, for these structs, is pyasc's keyword
order too), emitted as `AscendC::<Name> v(fields...)`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import semantic
from .builtin import builder_for
from .dtype import DataType, int1, int32
from .ir_value import IRValue, PlainValue


def _field(value: Any, struct: str, name: str, dtype: DataType = int32) -> Any:
    if isinstance(value, bool) and dtype != int1:
        value = int(value)
    if isinstance(value, PlainValue) and not value.dtype.is_int() and dtype.is_int():
        raise TypeError(f"{struct}: '{name}' must be an integer, got a {value.dtype.name} value")
    if not isinstance(value, (int, float, PlainValue)):
        raise TypeError(f"{struct}: '{name}' must be a number, got {type(value).__name__}")
    return semantic.materialize(value, dtype)


class ParamStruct(IRValue):
    """Base of the parameter structs: `FIELDS` are (keyword, default) in constructor order."""

    __slots__ = ("fields",)
    FIELDS: ClassVar[tuple[tuple[str, Any], ...]] = ()
    MNEMONIC: ClassVar[str] = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        name = type(self).__name__
        if len(args) > len(self.FIELDS):
            raise TypeError(f"{name} takes at most {len(self.FIELDS)} arguments, got {len(args)}")
        values = dict(self.FIELDS)
        for (key, _), v in zip(self.FIELDS, args):
            values[key] = v
        for key, v in kwargs.items():
            if key not in values:
                raise TypeError(f"{name} got an unexpected keyword argument '{key}'; its fields are "
                                f"{[k for k, _ in self.FIELDS]}")
            if key in dict(zip([k for k, _ in self.FIELDS], args)):
                raise TypeError(f"{name} got multiple values for '{key}'")
            values[key] = v
        self.fields = values
        b = builder_for(name)
        operands = [self._operand(k, v) for k, v in values.items()]
        super().__init__(b.create1(f"asc.{self.MNEMONIC}", operands, self.ir_type()))

    def _operand(self, key: str, value: Any) -> Any:
        return _field(value, type(self).__name__, key)

    def ir_type(self) -> str:
        return f"!asc.{self.MNEMONIC}"

    def __getattr__(self, key: str) -> Any:
        fields = object.__getattribute__(self, "fields")
        if key in fields:
            return fields[key]
        raise AttributeError(f"{type(self).__name__} has no field '{key}'")


class BinaryRepeatParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "binary_repeat_params"
    FIELDS = (("dst_blk_stride", 1), ("src0_blk_stride", 1), ("src1_blk_stride", 1),
              ("dst_rep_stride", 8), ("src0_rep_stride", 8), ("src1_rep_stride", 8))


class UnaryRepeatParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "unary_repeat_params"
    FIELDS = (("dst_blk_stride", 1), ("src_blk_stride", 1), ("dst_rep_stride", 8), ("src_rep_stride", 8))


class BrcbRepeatParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "brcb_repeat_params"
    FIELDS = (("dst_blk_stride", 1), ("dst_rep_stride", 8))


class GatherRepeatParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "gather_repeat_params"
    FIELDS = (("dst_blk_stride", 1), ("dst_rep_stride", 8))


class CopyRepeatParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "copy_repeat_params"
    FIELDS = (("dst_stride", 0), ("src_stride", 0), ("dst_repeat_size", 0), ("src_repeat_size", 0))


class DataCopyParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "data_copy_params"
    FIELDS = (("block_count", 1), ("block_len", 0), ("src_stride", 0), ("dst_stride", 0))


class DataCopyExtParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "data_copy_ext_params"
    FIELDS = (("block_count", 1), ("block_len", 0), ("src_stride", 0), ("dst_stride", 0), ("rsv", 0))


class DataCopyPadParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "data_copy_pad_params"
    FIELDS = (("is_pad", False), ("left_padding", 0), ("right_padding", 0), ("padding_value", 0))

    def _operand(self, key: str, value: Any) -> Any:
        return _field(value, type(self).__name__, key, int1 if key == "is_pad" else int32)


class DataCopyPadExtParams(ParamStruct):
    """`DataCopyPadExtParams<T>`: the padding value has the tensor's element type `dtype`."""

    __slots__ = ("dtype",)
    MNEMONIC = "data_copy_pad_ext_params"
    FIELDS = (("is_pad", False), ("left_padding", 0), ("right_padding", 0), ("padding_value", 0))

    def __init__(self, dtype: DataType, *args: Any, **kwargs: Any) -> None:
        if not isinstance(dtype, DataType):
            raise TypeError(f"DataCopyPadExtParams: 'dtype' must be a data type, got {dtype!r}")
        self.dtype = dtype
        super().__init__(*args, **kwargs)

    def _operand(self, key: str, value: Any) -> Any:
        if key == "is_pad":
            return _field(value, "DataCopyPadExtParams", key, int1)
        if key == "padding_value":
            return _field(value, "DataCopyPadExtParams", key, self.dtype)
        return _field(value, "DataCopyPadExtParams", key)

    def ir_type(self) -> str:
        return f"!asc.data_copy_pad_ext_params<{self.dtype.to_ir()}>"


class GatherMaskParams(ParamStruct):
    __slots__ = ()
    MNEMONIC = "gather_mask_params"
    FIELDS = (("src0_block_stride", 1), ("repeat_times", 1), ("src0_repeat_stride", 0),
              ("src1_repeat_stride", 0))


class CheckLocalMemoryIAParam(ParamStruct):
    """`CheckLocalMemoryIAParam`: UB byte range [start_addr, end_addr) watched on channel `enable_bit`
    (0-3) for the access kinds whose flag is set; `is_enable=False` turns the channel off."""

    __slots__ = ()
    MNEMONIC = "check_local_memory_ia_param"
    FIELDS = (("enable_bit", 0), ("start_addr", 0), ("end_addr", 0), ("is_scalar_read", False),
              ("is_scalar_write", False), ("is_vector_read", False), ("is_vector_write", False),
              ("is_mte_read", False), ("is_mte_write", False), ("is_enable", False))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        f = self.fields
        bit = f["enable_bit"]
        if isinstance(bit, int) and not 0 <= bit <= 3:
            raise ValueError(f"CheckLocalMemoryIAParam: 'enable_bit' selects a watch channel in [0, 3], got {bit}")
        for key in ("start_addr", "end_addr"):
            if isinstance(f[key], int) and not 0 <= f[key] < 1 << 32:
                raise ValueError(f"CheckLocalMemoryIAParam: '{key}' must be a UB byte address in "
                                 f"[0, 2**32), got {f[key]}")
        start, end = f["start_addr"], f["end_addr"]
        if f["is_enable"] is True and isinstance(start, int) and isinstance(end, int) and start >= end:
            raise ValueError(f"CheckLocalMemoryIAParam: 'start_addr' ({start}) must be below "
                             f"'end_addr' ({end})")

    def _operand(self, key: str, value: Any) -> Any:
        if key.startswith("is_"):
            if not isinstance(value, bool) and not (isinstance(value, PlainValue) and value.dtype == int1):
                raise TypeError(f"CheckLocalMemoryIAParam: '{key}' must be a bool, got {value!r}")
            return _field(value, "CheckLocalMemoryIAParam", key, int1)
        return _field(value, "CheckLocalMemoryIAParam", key)


class LoadImageToLocalParams(ParamStruct):
    """`LoadImageToLocalParams` of `load_image_to_local`: crop `horiz_size` x `vert_size` pixels at
    (`horiz_start_pos`, `vert_start_pos`) of a source whose rows are `src_horiz_size` pixels, then pad.

    Sizes are in [2, 4095] pixels, paddings in [0, 32]. `sid` (a stream id of the C++ struct, not a
    constructor argument) is accepted for pyasc compatibility and not emitted.
    """

    __slots__ = ("sid",)
    MNEMONIC = "load_image_to_local_params"
    FIELDS = (("horiz_size", 2), ("vert_size", 2), ("horiz_start_pos", 0), ("vert_start_pos", 0),
              ("src_horiz_size", 2), ("top_pad_size", 0), ("bot_pad_size", 0), ("left_pad_size", 0),
              ("right_pad_size", 0))
    _RANGES = {"horiz_size": (2, 4095), "vert_size": (2, 4095), "horiz_start_pos": (0, 65535),
               "vert_start_pos": (0, 65535), "src_horiz_size": (2, 4095), "top_pad_size": (0, 32),
               "bot_pad_size": (0, 32), "left_pad_size": (0, 32), "right_pad_size": (0, 32)}

    def __init__(self, *args: Any, sid: Any = 0, **kwargs: Any) -> None:
        if len(args) == len(self.FIELDS) + 1:
            *args, sid = args  # type: ignore[assignment]
        if not isinstance(sid, int) or isinstance(sid, bool) or not 0 <= sid <= 255:
            raise TypeError(f"LoadImageToLocalParams: 'sid' must be an int in [0, 255], got {sid!r}")
        self.sid = sid
        super().__init__(*args, **kwargs)
        f = self.fields
        for key, (lo, hi) in self._RANGES.items():
            v = f[key]
            if isinstance(v, int) and not lo <= v <= hi:
                raise ValueError(f"LoadImageToLocalParams: '{key}' must be in [{lo}, {hi}], got {v}")
        start, size, pitch = f["horiz_start_pos"], f["horiz_size"], f["src_horiz_size"]
        if all(isinstance(v, int) for v in (start, size, pitch)) and start + size > pitch:
            raise ValueError(f"LoadImageToLocalParams: horiz_start_pos + horiz_size ({start + size}) exceeds "
                             f"src_horiz_size ({pitch})")



class VdeqInfo(IRValue):
    """`AscendC::VdeqInfo`: the 16 (scale, offset, sign mode) groups of `set_deq_scale(vdeq, vdeq_info)`.

    `scale` holds 16 floats, `offset` 16 integers in [-256, 255] (9-bit signed), `sign_mode` 16 bools
    (True: int8 results, False: uint8).
    """

    __slots__ = ("scale", "offset", "sign_mode")
    GROUPS: ClassVar[int] = 16

    def __init__(self, scale: Any, offset: Any, sign_mode: Any) -> None:
        from .dtype import float32, int16

        fields = {"scale": (scale, float32), "offset": (offset, int16), "sign_mode": (sign_mode, int1)}
        operands = []
        for key, (values, dtype) in fields.items():
            if not isinstance(values, (list, tuple)) or len(values) != self.GROUPS:
                got = f"{len(values)} values" if isinstance(values, (list, tuple)) else type(values).__name__
                raise TypeError(f"VdeqInfo: '{key}' must be a list of {self.GROUPS} values, got {got}")
            for i, v in enumerate(values):
                if key == "sign_mode" and not isinstance(v, (bool, PlainValue)):
                    raise TypeError(f"VdeqInfo: 'sign_mode[{i}]' must be a bool, got {type(v).__name__}")
                if key == "offset" and isinstance(v, int) and not -256 <= v <= 255:
                    raise ValueError(f"VdeqInfo: 'offset[{i}]' is a 9-bit signed value in [-256, 255], got {v}")
                operands.append(_field(v, "VdeqInfo", f"{key}[{i}]", dtype))
        self.scale, self.offset, self.sign_mode = list(scale), list(offset), list(sign_mode)
        b = builder_for("VdeqInfo")
        super().__init__(b.create1("asc.vdeq_info", operands, "!asc.vdeq_info"))

__all__ = ["BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams",
           "CopyRepeatParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams",
           "DataCopyPadExtParams", "GatherMaskParams", "CheckLocalMemoryIAParam", "VdeqInfo"]
