"""Parameter structs of the basic API (`asc.BinaryRepeatParams`, `asc.DataCopyParams`, ...).

Each is a kernel value built by one `asc` op whose operands are the fields in the order of the Ascend C
constructor (which, for these structs, is pyasc's keyword order too), emitted as
`AscendC::<Name> v(fields...)`. The field names, their order and the constructor defaults come from ODS
(`asc._C._ods.PARAM_STRUCTS`); a class here only says how a field's Python value becomes an operand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..._C import _ods
from . import semantic
from .builtin import builder_for
from .dtype import DataType, float32, int1, int16, int32, int64
from .ir_value import IRValue, PlainValue, described


def _field(value: Any, struct: str, name: str, dtype: DataType = int32) -> Any:
    value = semantic.python_scalar(value)  # a numpy scalar is a number too
    if isinstance(value, bool) and dtype != int1:
        value = int(value)
    if isinstance(value, PlainValue) and not value.dtype.is_int() and dtype.is_int():
        raise TypeError(f"{struct}: '{name}' must be an integer, got a {value.dtype.name} value")
    if not isinstance(value, (int, float, PlainValue)):
        raise TypeError(f"{struct}: '{name}' must be a number, got {described(value)}")
    return semantic.materialize(value, dtype)


def _bool_field(value: Any, struct: str, name: str) -> Any:
    if not isinstance(value, bool) and not (isinstance(value, PlainValue) and value.dtype == int1):
        raise TypeError(f"{struct}: '{name}' must be a bool, got {described(value)}")
    return _field(value, struct, name, int1)


class ParamStruct(IRValue):
    """Base of the parameter structs: the fields of class `Name` are `_ods.PARAM_STRUCTS["Name"]`."""

    __slots__ = ("fields",)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return _ods.PARAM_STRUCTS[cls.__name__][2]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        name = type(self).__name__
        builder, _mnemonic, names, defaults = _ods.PARAM_STRUCTS[name]
        # pyasc's positional order where it differs from the constructor's (the operands' order).
        positional = _ods.PARAM_STRUCT_PY_FIELDS.get(name, names)
        if len(args) > len(positional):
            raise TypeError(f"{name} takes at most {len(positional)} arguments, got {len(args)}")
        values = {k: d for k, d in zip(names, defaults) if d is not _ods.NO_DEFAULT}
        values.update(zip(positional, args))
        for key, v in kwargs.items():
            if key not in names:
                raise TypeError(f"{name} got an unexpected keyword argument '{key}'; its fields are "
                                f"{list(positional)}")
            if key in positional[:len(args)]:
                raise TypeError(f"{name} got multiple values for '{key}'")
            values[key] = v
        missing = [k for k in positional if k not in values]
        if missing:
            raise TypeError(f"{name} missing field {missing[0]!r}")
        self.fields = {k: values[k] for k in names}
        operands = [self._operand(k, self.fields[k], d) for k, d in zip(names, defaults)]
        super().__init__(builder(builder_for(name), *operands, **self._result()))

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        """A field's operand: a bool field (its default is a bool) is i1, an array field (a tuple
        default) a list of its operands, the others int32 (int64 for larger literals)."""
        name = type(self).__name__
        if isinstance(default, bool):
            return _bool_field(value, name, key)
        if isinstance(default, tuple):
            if not isinstance(value, (list, tuple)) or len(value) != len(default):
                got = f"{len(value)} values" if isinstance(value, (list, tuple)) else type(value).__name__
                raise TypeError(f"{name}: '{key}' must be a list of {len(default)} integers, got {got}")
            return [self._operand(f"{key}[{i}]", v, 0) for i, v in enumerate(value)]
        if isinstance(value, int) and not isinstance(value, bool) and not -2**31 <= value < 2**31:
            return _field(value, name, key, int64)
        return _field(value, name, key)

    def _result(self) -> dict[str, Any]:
        """Keyword arguments of the builder beyond the fields (the result type of a templated struct)."""
        return {}

    def __getattr__(self, key: str) -> Any:
        fields = object.__getattribute__(self, "fields")
        if key in fields:
            return fields[key]
        raise AttributeError(f"{type(self).__name__} has no field '{key}'")


class BinaryRepeatParams(ParamStruct):
    __slots__ = ()


class UnaryRepeatParams(ParamStruct):
    __slots__ = ()


class BrcbRepeatParams(ParamStruct):
    __slots__ = ()


class GatherRepeatParams(ParamStruct):
    __slots__ = ()


class CopyRepeatParams(ParamStruct):
    __slots__ = ()


class DataCopyParams(ParamStruct):
    __slots__ = ()


class DataCopyExtParams(ParamStruct):
    __slots__ = ()


class DataCopyPadParams(ParamStruct):
    __slots__ = ()


class DataCopyPadExtParams(ParamStruct):
    """`DataCopyPadExtParams<T>`: the padding value has the tensor's element type `dtype`."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DataType, *args: Any, **kwargs: Any) -> None:
        if not isinstance(dtype, DataType):
            raise TypeError(f"DataCopyPadExtParams: 'dtype' must be a data type, got {dtype!r}")
        self.dtype = dtype
        super().__init__(*args, **kwargs)

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == "padding_value":
            return _field(value, "DataCopyPadExtParams", key, self.dtype)
        return super()._operand(key, value, default)

    def _result(self) -> dict[str, Any]:
        return {"result_type": _ods.data_copy_pad_ext_params_type(self.dtype.to_ir())}


class GatherMaskParams(ParamStruct):
    __slots__ = ()


class CheckLocalMemoryIAParam(ParamStruct):
    """`CheckLocalMemoryIAParam`: UB byte range [start_addr, end_addr) watched on channel `enable_bit`
    (0-3) for the access kinds whose flag is set; `is_enable=False` turns the channel off."""

    __slots__ = ()


class LoadImageToLocalParams(ParamStruct):
    """`LoadImageToLocalParams` of `load_image_to_local`: crop `horiz_size` x `vert_size` pixels at
    (`horiz_start_pos`, `vert_start_pos`) of a source whose rows are `src_horiz_size` pixels, then pad.

    Sizes are in [2, 4095] pixels, paddings in [0, 32] (checked where `load_image_to_local` uses them).
    `sid` (a stream id of the C++ struct, not a constructor argument) is accepted for pyasc compatibility
    and not emitted.
    """

    __slots__ = ("sid",)

    def __init__(self, *args: Any, sid: Any = 0, **kwargs: Any) -> None:
        if len(args) == len(self.field_names()) + 1:
            *args, sid = args  # type: ignore[assignment]
        # Never emitted, so no verifier sees it: its range is checked here.
        sid = semantic.python_scalar(sid)  # a numpy integer is an int
        if not isinstance(sid, int) or isinstance(sid, bool) or not 0 <= sid <= 255:
            raise TypeError(f"LoadImageToLocalParams: 'sid' must be an int in [0, 255], got {sid!r}")
        self.sid = sid
        super().__init__(*args, **kwargs)


class VdeqInfo(IRValue):
    """`AscendC::VdeqInfo`: the 16 (scale, offset, sign mode) groups of `set_deq_scale(vdeq, vdeq_info)`.

    `scale` holds 16 floats, `offset` 16 integers in [-256, 255] (9-bit signed), `sign_mode` 16 bools
    (True: int8 results, False: uint8).
    """

    __slots__ = ("scale", "offset", "sign_mode")
    GROUPS: ClassVar[int] = 16

    def __init__(self, scale: Any, offset: Any, sign_mode: Any) -> None:
        fields = {"scale": (scale, float32), "offset": (offset, int16), "sign_mode": (sign_mode, int1)}
        operands = []
        for key, (values, dtype) in fields.items():
            if not isinstance(values, (list, tuple)) or len(values) != self.GROUPS:
                got = f"{len(values)} values" if isinstance(values, (list, tuple)) else type(values).__name__
                raise TypeError(f"VdeqInfo: '{key}' must be a list of {self.GROUPS} values, got {got}")
            for i, v in enumerate(values):
                if key == "sign_mode" and not isinstance(v, (bool, PlainValue)):
                    raise TypeError(f"VdeqInfo: 'sign_mode[{i}]' must be a bool, got {described(v)}")
                operands.append(_field(v, "VdeqInfo", f"{key}[{i}]", dtype))
        self.scale, self.offset, self.sign_mode = list(scale), list(offset), list(sign_mode)
        super().__init__(_ods.vdeq_info(builder_for("VdeqInfo"), operands))


__all__ = ["BinaryRepeatParams", "UnaryRepeatParams", "BrcbRepeatParams", "GatherRepeatParams",
           "CopyRepeatParams", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams",
           "DataCopyPadExtParams", "GatherMaskParams", "CheckLocalMemoryIAParam", "LoadImageToLocalParams",
           "VdeqInfo"]
