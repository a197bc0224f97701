"""Data movement between Global Memory and on-chip buffers (`AscendC::DataCopy`, `DataCopyPad`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._C import _ods
from ..core.builtin import builder_for, builtin
from ..core.enums import TPosition
from ..core.ir_value import described
from ..core.tensor import GlobalTensor, LocalTensor
from . import _api, _checks
from ._overload import INT, Kind, OverloadSet, Param, instance_of, instance_of_later

LOCAL, GLOBAL = instance_of(LocalTensor), instance_of(GlobalTensor)


def _pair(api: str, dst: Any, src: Any) -> tuple[Any, Any]:
    """The handles of `dst` and `src` (directions and element types are the verifier's)."""
    return _checks.tensor(dst, api, "dst").handle, _checks.tensor(src, api, "src").handle


def _count(dst: Any, src: Any, count: Any) -> None:
    _ods.data_copy(builder_for("data_copy"), *_pair("data_copy", dst, src),
                   _checks.integer(count, "data_copy", "count"))


def _params(dst: Any, src: Any, repeat_params: Any) -> None:
    _ods.data_copy_params_form(builder_for("data_copy"), *_pair("data_copy", dst, src), repeat_params.handle)


def _enhanced(dst: Any, src: Any, params: Any, enhanced_params: Any) -> None:
    # Ascend 910B/910C ignore the enhanced parameters (ascendc_api.md §4.2, §5.1 rows 8-10 behave as rows 4-6,
    # L1 copies included): the verifier rejects a cube-path mode, which would silently do nothing.
    _ods.data_copy_enhanced(builder_for("data_copy"), *_pair("data_copy", dst, src), params.handle,
                            enhanced_params.handle)


def _enhanced_repeat(dst: Any, src: Any, repeat_params: Any, enhanced_params: Any) -> None:
    _enhanced(dst, src, repeat_params, enhanced_params)


def _enhanced_intri(dst: Any, src: Any, intri_params: Any, enhanced_params: Any) -> None:
    _enhanced(dst, src, intri_params, enhanced_params)


def _slices(dst: Any, src: Any, slice_list1: Any, slice_list2: Any, dim_value: Any) -> None:
    _ods.data_copy_slice(builder_for("data_copy"), *_pair("data_copy", dst, src), [s.handle for s in slice_list1],
                         [s.handle for s in slice_list2], _checks.integer(dim_value, "data_copy", "dim_value"))


# The parameter structs (asc.language.core.types) and the layout and cube ones: their modules are imported by
# the first read of one of their names (asc.language.core), not by `import asc`; until then no argument can be
# one (instance_of_later).
_TYPES, _LAYOUT, _CUBE = "asc.language.core.types", "asc.language.core.layout_types", "asc.language.core.cube_types"
_DATA_COPY_PARAMS, _DATA_COPY_EXT_PARAMS = (instance_of_later(_TYPES, "DataCopyParams"),
                                            instance_of_later(_TYPES, "DataCopyExtParams"))
_DATA_COPY_PAD_PARAMS, _DATA_COPY_PAD_EXT_PARAMS = (instance_of_later(_TYPES, "DataCopyPadParams"),
                                                    instance_of_later(_TYPES, "DataCopyPadExtParams"))
_SLICE_INFO = instance_of_later(_LAYOUT, "SliceInfo")
_ENHANCED = instance_of_later(_LAYOUT, "DataCopyEnhancedParams")
_SLICES = Kind("List[SliceInfo]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0
               and all(_SLICE_INFO.check(x) for x in v))
_data_copy = OverloadSet("data_copy")
for _dst, _src in ((LOCAL, GLOBAL), (LOCAL, LOCAL), (GLOBAL, LOCAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("count", INT)], _count)
for _dst, _src in ((LOCAL, GLOBAL), (LOCAL, LOCAL), (GLOBAL, LOCAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("repeat_params", _DATA_COPY_PARAMS)],
                   _params, form="params")
# pyasc's implementation names the DataCopyParams `repeat_params`, its stub `intri_params`: both are accepted.
for _dst, _src in ((LOCAL, GLOBAL), (LOCAL, LOCAL), (GLOBAL, LOCAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("repeat_params", _DATA_COPY_PARAMS),
                    Param("enhanced_params", _ENHANCED)], _enhanced_repeat,
                   form="enhanced")
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("intri_params", _DATA_COPY_PARAMS),
                    Param("enhanced_params", _ENHANCED)], _enhanced_intri,
                   form="enhanced")
for _dst, _src in ((GLOBAL, LOCAL), (LOCAL, GLOBAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("slice_list1", _SLICES),
                    Param("slice_list2", _SLICES), Param("dim_value", INT)], _slices, form="slice")

# The cube path's conversions (ND -> NZ into L1 or UB, NZ -> ND out of UB, out of CO1). The builders are
# named, not read: reading one at import would load asc._C._ods_ops, which only a compile needs.
# UB -> L1 with Nd2NzParams is a spec'd form that Ascend 910B/910C cannot run: the verifier refuses it (see
# data_copy's docstring).
_CUBE_COPIES = (("Nd2NzParams", "nd2nz", "data_copy_nd2nz", ((LOCAL, GLOBAL), (LOCAL, LOCAL))),
                ("Nz2NdParamsFull", "nz2nd", "data_copy_nz2nd", ((GLOBAL, LOCAL),)),
                ("DataCopyCO12DstParams", "co12", "data_copy_co12", ((GLOBAL, LOCAL), (LOCAL, LOCAL))))


def _cube_copy(builder: str) -> Any:
    def copy(dst: Any, src: Any, intri_params: Any) -> None:
        getattr(_ods, builder)(builder_for("data_copy"), *_pair("data_copy", dst, src), intri_params.handle)

    return copy


for _cls, _form, _builder, _pairs in _CUBE_COPIES:
    for _dst, _src in _pairs:
        _data_copy.add([Param("dst", _dst), Param("src", _src), Param("intri_params", instance_of_later(_CUBE, _cls))],
                       _cube_copy(_builder), form=_form)


@builtin
def data_copy(*args: Any, **kwargs: Any) -> None:
    """Copies between GM and on-chip buffers: `data_copy(dst, src, count)` (count·sizeof must be a multiple
    of 32 bytes; GM → UB or A1/B1/C1, UB or A1/B1 → GM on the AIC's MTE3, UB → UB, C1 → C2), `data_copy(dst, src, repeat_params: DataCopyParams)` (blocks of 32 bytes with gaps), the
    same with `enhanced_params: DataCopyEnhancedParams` (in the same directions, L1 included; no effect on
    Ascend 910B/910C; cube-path modes are rejected), or `data_copy(dst, src, slice_list1, slice_list2, dim_value)` (GM <-> UB slices, lists of
    `SliceInfo` for dst and src, dimension 0 first); the cube path's `data_copy(dst, src, intri_params)` with
    `Nd2NzParams` (GM → A1/B1 or VECIN, ND → NZ), `Nz2NdParamsFull` (VECOUT → GM, NZ → ND) or
    `DataCopyCO12DstParams` (CO1 → GM or A1/B1, quantised). The spec's UB → L1 form with `Nd2NzParams` is a
    compile error on Ascend 910B/910C, whose UB (vector cores) and L1 (cube core) are on different cores:
    copy through GM with a cross-core flag instead (docs/language.md)."""
    _data_copy(*args, **kwargs)


def _pad(dst: Any, src: Any, data_copy_params: Any, pad_params: Any = None) -> None:
    _ods.data_copy_pad(builder_for("data_copy_pad"), *_pair("data_copy_pad", dst, src), data_copy_params.handle,
                       pad_params.handle if pad_params is not None else None)


def _pad_nd2nz(dst: Any, src: Any, data_copy_params: Any, nd2nz_params: Any) -> None:
    _ods.data_copy_pad_nd2nz(builder_for("data_copy_pad"), *_pair("data_copy_pad", dst, src),
                             data_copy_params.handle, nd2nz_params.handle)


_ND2NZ_PARAMS = instance_of_later(_CUBE, "Nd2NzParams")
_data_copy_pad = OverloadSet("data_copy_pad")
_data_copy_pad.add([Param("dst", LOCAL), Param("src", GLOBAL), Param("data_copy_params", _DATA_COPY_EXT_PARAMS),
                    Param("pad_params", _DATA_COPY_PAD_EXT_PARAMS)], _pad, form="ext")
_data_copy_pad.add([Param("dst", GLOBAL), Param("src", LOCAL), Param("data_copy_params", _DATA_COPY_EXT_PARAMS)],
                   _pad, form="ext")
_data_copy_pad.add([Param("dst", LOCAL), Param("src", GLOBAL), Param("data_copy_params", _DATA_COPY_PARAMS),
                    Param("pad_params", _DATA_COPY_PAD_PARAMS)], _pad, form="params")
_data_copy_pad.add([Param("dst", GLOBAL), Param("src", LOCAL), Param("data_copy_params", _DATA_COPY_PARAMS)],
                   _pad, form="params")
# UB -> L1 with ND -> NZ (both parameter structs): built so that the verifier refuses it at the line on
# Ascend 910B/910C.
for _params_kind in (_DATA_COPY_EXT_PARAMS, _DATA_COPY_PARAMS):
    _data_copy_pad.add([Param("dst", LOCAL), Param("src", LOCAL), Param("data_copy_params", _params_kind),
                        Param("nd2nz_params", _ND2NZ_PARAMS)], _pad_nd2nz, form="nd2nz")


@builtin
def data_copy_pad(*args: Any, **kwargs: Any) -> None:
    """Byte-granular copies (`DataCopyPad`): GM → UB with optional padding of each block to 32 bytes, or
    UB → GM writing exactly `block_len` bytes per block. The spec's UB → L1 form with `nd2nz_params:
    Nd2NzParams` is a compile error on Ascend 910B/910C (no core has both memories; docs/language.md)."""
    _data_copy_pad(*args, **kwargs)


@builtin
def set_pad_value(padding_value: Any, pos: Any = None) -> None:
    """`SetPadValue<T>(value)`: the value `data_copy_pad` writes into padding when `is_pad` is false.

    T is the type of `padding_value`: a PlainValue keeps its dtype (`asc.number(-2.5, asc.float16)`), a
    numpy scalar its numpy dtype (`np.float16(-2.5)` → float16), a Python int is int32 and a Python float
    float32 (as in pyasc). The NPU pads each element with the low sizeof(element) bytes of the value, so
    pass a value of the copy's dtype: before a float16 `data_copy_pad`, `asc.set_pad_value(np.float16(-2.5))`
    pads with -2.5 while `asc.set_pad_value(-2.5)` (float32) pads with the low 16 bits of its pattern (0.0);
    the simulator warns about the latter."""
    from ..core import semantic
    from ..core.dtype import from_numpy_name
    from ..core.ir_value import PlainValue

    if pos is not None and pos != TPosition.MAX:
        raise NotImplementedError("set_pad_value(..., pos=...) with a position other than MAX is not supported")
    value: Any = padding_value
    if isinstance(padding_value, PlainValue):
        dtype = padding_value.dtype
    elif isinstance(padding_value, np.generic) and not isinstance(padding_value, np.bool_):
        dtype = from_numpy_name(padding_value.dtype.name)
        value = padding_value.item()
    elif isinstance(padding_value, (int, float)) and not isinstance(padding_value, bool):
        dtype = semantic.python_number_dtype(padding_value)
    else:
        raise TypeError("set_pad_value: 'padding_value' must be a number (int, float, a numpy scalar or a "
                        f"PlainValue), got {described(padding_value)}")
    _ods.set_pad_value(builder_for("set_pad_value"), semantic.materialize(value, dtype))


@builtin
def load_image_to_local(dst: Any, load_data_params: Any) -> None:
    """`LoadImageToLocal(dst, load_data_params)`: load the image configured by `set_aipp_functions` from GM
    into `dst` (TPosition.A1 or B1, L1; int8 or float16) through the AIPP stages: crop, channel swap,
    colour-space conversion, data-type conversion, padding, channel padding (sim/VECTOR.md, "AIPP /
    LoadImageToLocal"). Pixel (row, col) of the padded output occupies C0 elements (32 bytes; 4 elements
    with `c_padding_mode=1`) at `(row * width + col) * C0`."""
    from ..core.types import LoadImageToLocalParams

    api = "load_image_to_local"
    _checks.tensor(dst, api, "dst", (LocalTensor,))
    if not isinstance(load_data_params, LoadImageToLocalParams):
        raise TypeError(f"{api}: 'load_data_params' must be an asc.LoadImageToLocalParams, got "
                        f"{type(load_data_params).__name__}")
    _ods.load_image_to_local(builder_for(api), dst.handle, load_data_params.handle)


_api.publish_all(globals(), (("set_pad_value", "SetPadValue"), ("load_image_to_local", "LoadImageToLocal")))
_api.publish_overloads(globals(), (("data_copy", "DataCopy", _data_copy), ("data_copy_pad", "DataCopyPad", _data_copy_pad)))
