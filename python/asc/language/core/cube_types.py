"""Parameter structs and configuration of the cube path (`asc.LoadData2DParams`, `asc.MmadParams`,
`asc.FixpipeParamsV220`, `asc.FixpipeConfig`, ...), and its enums (`asc.QuantModes`, `asc.CO2Layout`,
`asc.CubeFormat`).

The fields, their constructor order, pyasc's positional order and defaults come from ODS
(`asc._C._ods.PARAM_STRUCTS`, `PARAM_STRUCT_PY_FIELDS`); a class here only says how a Python value
becomes an operand. The structs templated over an element type (`LoadData3DParamsV1/V2`,
`InitConstValueParams`) take it from their value field (`pad_value`, `init_value`) when that is typed
(a `PlainValue`, a numpy scalar), else from the keyword-only `dtype` (default float16, the usual cube
input type): the verifier of the API that uses the struct rejects a type other than its tensor's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from ..._C import _ods
from ..._lazy import ods_enums
from . import semantic
from .dtype import DataType, float16, from_numpy_name, uint64
from .ir_value import PlainValue, described
from .types import ParamStruct, _field

if TYPE_CHECKING:
    from ..._C._ods import CO2Layout

#: The dialect's enums this module exports, made by asc._C._ods on their first read (`import asc` makes none).
_ODS_ENUMS = ('QuantModes', 'CO2Layout', 'CubeFormat')

__getattr__ = ods_enums(__name__, _ODS_ENUMS)


def _enum_field(value: Any, struct: str, name: str, cls: type) -> Any:
    """An enum field: a compile-time value of `cls` (printed as its enumerator; the verifier checks
    its range) or a runtime integer. A numpy integer is an int."""
    value = semantic.python_scalar(value)
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)):
        raise TypeError(f"{struct}: '{name}' must be an asc.{cls.__name__}, got {described(value)}")
    return _field(value, struct, name)


class LoadData2DParams(ParamStruct):
    """2-D load L1/GM -> L0A/L0B in 512-byte fractals (`start_index`, `repeat_times`, strides in
    fractals; `if_transpose` only for 16-bit types into L0)."""

    __slots__ = ()


class LoadData2DParamsV2(ParamStruct):
    """2-D load by m/k start positions and steps (not on Ascend 910B/910C)."""

    __slots__ = ()
    #: Why an API given this struct is refused (the overload resolution raises it, _overload.py).
    REFUSED = ("Ascend 910B/910C (A2/A3) have no LoadData taking LoadData2DParamsV2 (ascendc_api.md marks the "
               "2D V2 load ✗A2); use LoadData2DParams")


class LoadData2dTransposeParams(ParamStruct):
    """`load_data_with_transpose` parameters (fractals)."""

    __slots__ = ()


class LoadData2dTransposeParamsV2(ParamStruct):
    """`load_data_with_transpose` parameters with a source fractal gap."""

    __slots__ = ()


class _TemplatedParamStruct(ParamStruct):
    """A struct template over the element type of its value field `_VALUE`."""

    __slots__ = ("dtype",)
    _VALUE: ClassVar[str] = ""

    def __init__(self, *args: Any, dtype: DataType | None = None, **kwargs: Any) -> None:
        name = type(self).__name__
        if dtype is not None and not isinstance(dtype, DataType):
            raise TypeError(f"{name}: 'dtype' must be a data type, got {dtype!r}")
        names = _ods.PARAM_STRUCT_PY_FIELDS.get(name, _ods.PARAM_STRUCTS[name][2])
        value = kwargs.get(self._VALUE, args[names.index(self._VALUE)] if len(args) > names.index(self._VALUE)
                           else None)
        typed = None
        if isinstance(value, PlainValue):
            typed = value.dtype
        elif isinstance(value, np.generic) and not isinstance(value, np.bool_):
            typed = from_numpy_name(value.dtype.name)
        if dtype is not None and typed is not None and typed != dtype:
            raise TypeError(f"{name}: '{self._VALUE}' is {typed.name}, but 'dtype' is {dtype.name}")
        self.dtype = dtype or typed or float16
        super().__init__(*args, **kwargs)

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == self._VALUE:
            if isinstance(value, np.generic):
                value = value.item()
            return _field(value, type(self).__name__, key, self.dtype)
        return super()._operand(key, value, default)

    def _result(self) -> dict[str, Any]:
        mnemonic = _ods.PARAM_STRUCTS[type(self).__name__][1]
        return {"result_type": getattr(_ods, f"{mnemonic}_type")(self.dtype.to_ir())}


class LoadData3DParamsV1(_TemplatedParamStruct):
    """img2col load, first version (not on Ascend 910B/910C)."""

    __slots__ = ()
    _VALUE = "pad_value"
    REFUSED = ("Ascend 910B/910C (A2/A3) have no LoadData taking LoadData3DParamsV1 (ascendc_api.md marks Load3D "
               "v1 ✗A2); use LoadData3DParamsV2")


class LoadData3DParamsV2(_TemplatedParamStruct):
    """img2col load L1 -> L0A/L0B: the feature map (`l1_h` x `l1_w`, `channel_size`), the filter, and
    the k/m window (`k_extension`, `m_extension`, `k_start_pt`, `m_start_pt`) to load."""

    __slots__ = ()
    _VALUE = "pad_value"


class LoadData3DParamsV2Pro(ParamStruct):
    """img2col load with the window packed into `ext_config` and `filter_config` words."""

    __slots__ = ()


class LoadDataRepeatParam(ParamStruct):
    """Repeat of the img2col load (`set_load_data_repeat`): pyasc's order is repeat_time,
    repeat_stride, repeat_mode."""

    __slots__ = ()


class MmadParams(ParamStruct):
    """`mmad` sizes `m`, `n`, `k` (0-4095) and modes. Ascend C has two constructors, each taking a part
    of the modes; the emitted code sets the members that differ from their defaults."""

    __slots__ = ()


class InitConstValueParams(_TemplatedParamStruct):
    """`init_const_value`: `repeat_times` x `block_num` blocks (gap `dst_gap`) set to `init_value`."""

    __slots__ = ()
    _VALUE = "init_value"


class FixpipeParamsV220(ParamStruct):
    """`fixpipe` L0C -> GM/L1: sizes (`n_size` a multiple of 16), strides, quantisation (`quant_pre`, an
    `asc.QuantModes`, with `deq_scalar`), ReLU, nd split and channel split."""

    __slots__ = ()

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == "quant_pre":
            return _enum_field(value, "FixpipeParamsV220", key, _ods.QuantModes)
        if key == "deq_scalar":
            return _field(value, "FixpipeParamsV220", key, uint64)
        return super()._operand(key, value, default)


class DataCopyCO12DstParams(ParamStruct):
    """`data_copy` out of L0C (CO1) to GM or L1 with quantisation and NZ -> ND."""

    __slots__ = ()

    def _operand(self, key: str, value: Any, default: Any) -> Any:
        if key == "quant_pre":
            return _enum_field(value, "DataCopyCO12DstParams", key, _ods.QuantModes)
        return super()._operand(key, value, default)


class Nd2NzParams(ParamStruct):
    """`data_copy` GM/UB -> L1 with ND -> NZ conversion (all fields required)."""

    __slots__ = ()


class Nz2NdParamsFull(ParamStruct):
    """`data_copy` UB -> GM with NZ -> ND conversion (all fields required)."""

    __slots__ = ()


class FixpipeConfig:
    """The layout `fixpipe` writes: a compile-time template argument (Ascend C's `CFG_ROW_MAJOR`,
    NZ -> ND, the default; `CFG_NZ`)."""

    __slots__ = ("layout",)

    def __init__(self, layout: CO2Layout) -> None:
        if not isinstance(layout, _ods.CO2Layout):
            raise TypeError(f"FixpipeConfig: 'layout' must be an asc.CO2Layout, got {layout!r}")
        self.layout = layout

    @classmethod
    def cfg_nz(cls) -> FixpipeConfig:
        return cls(_ods.CO2Layout.NZ)

    @classmethod
    def cfg_row_major(cls) -> FixpipeConfig:
        return cls(_ods.CO2Layout.ROW_MAJOR)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FixpipeConfig) and other.layout == self.layout

    def __hash__(self) -> int:
        return hash(self.layout)

    def __repr__(self) -> str:
        return f"FixpipeConfig(CO2Layout.{self.layout.name})"


__all__ = ["QuantModes", "CO2Layout", "CubeFormat",  # noqa: F822 - ODS enums, module __getattr__
           "LoadData2DParams", "LoadData2DParamsV2", "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2",
           "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadData3DParamsV2Pro", "LoadDataRepeatParam",
           "MmadParams", "InitConstValueParams", "FixpipeParamsV220", "DataCopyCO12DstParams", "Nd2NzParams",
           "Nz2NdParamsFull", "FixpipeConfig"]
