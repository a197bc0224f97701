"""The cube path's APIs whose Python is more than their ODS forms: `fixpipe` (its configuration is a
`FixpipeConfig`, a template argument) and `set_load_data_padding_value` (its type is the value's).

`load_data`, `load_data_with_transpose`, `load_data_with_sparse`, `mmad`, `mmad_with_sparse`,
`init_const_value`, `set_load_data_boundary`, `set_load_data_repeat` and `set_fix_pipe_pre_quant_flag`
are generated from ODS (`AscCubeOps.td`). Positions, element types and modes are the verifier's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.cube_types import FixpipeConfig, FixpipeParamsV220
from ..core.dtype import from_numpy_name
from ..core.ir_value import PlainValue, described
from ..core.tensor import GlobalTensor, LocalTensor
from . import _api, _checks
from ._overload import OverloadSet, Param, instance_of

LOCAL, GLOBAL = instance_of(LocalTensor), instance_of(GlobalTensor)
TENSOR = instance_of((LocalTensor, GlobalTensor), "Union[LocalTensor, GlobalTensor]")
_CONFIG = instance_of(FixpipeConfig)
_PARAMS = instance_of(FixpipeParamsV220)


_ROW_MAJOR = FixpipeConfig.cfg_row_major()  # Ascend C's default, CFG_ROW_MAJOR (NZ -> ND)


def _layout(config: Any) -> Any:
    return config.layout


def _fixpipe(dst: Any, src: Any, params: Any, config: Any = _ROW_MAJOR) -> None:
    _ods.fixpipe(builder_for("fixpipe"), _checks.tensor(dst, "fixpipe", "dst").handle,
                 _checks.tensor(src, "fixpipe", "src").handle, params.handle, config=_layout(config))


def _fixpipe_workspace(dst: Any, src: Any, cbuf_workspace: Any, params: Any, config: Any = _ROW_MAJOR) -> None:
    _ods.fixpipe_workspace(builder_for("fixpipe"), _checks.tensor(dst, "fixpipe", "dst").handle,
                           _checks.tensor(src, "fixpipe", "src").handle,
                           _checks.tensor(cbuf_workspace, "fixpipe", "cbuf_workspace").handle, params.handle,
                           config=_layout(config))


_fixpipe_set = OverloadSet("fixpipe")
_fixpipe_set.add([Param("dst", TENSOR), Param("src", LOCAL), Param("params", _PARAMS),
                  Param("config", _CONFIG, _ROW_MAJOR)], _fixpipe, form="params")
_fixpipe_set.add([Param("dst", TENSOR), Param("src", LOCAL), Param("cbuf_workspace", LOCAL),
                  Param("params", _PARAMS), Param("config", _CONFIG, _ROW_MAJOR)], _fixpipe_workspace, form="workspace")


@builtin
def fixpipe(*args: Any, **kwargs: Any) -> None:
    """`Fixpipe<T, U, config>`: moves `params.m_size` x `params.n_size` of a CO1 result (float32 or int32)
    to GM or A1/B1, quantised (`params.quant_pre`), with ReLU, as ND (`FixpipeConfig.cfg_row_major()`, the
    default) or NZ (`cfg_nz()`): `fixpipe(dst, src, params, config=...)`, or with the per-channel scales
    of the vector quantisation modes, `fixpipe(dst, src, cbuf_workspace, params, config=...)`."""
    _fixpipe_set(*args, **kwargs)


@builtin
def set_load_data_padding_value(pad_value: Any) -> None:
    """`SetLoadDataPaddingValue<T>(pad_value)`: the value the 3-D loads pad with. T is the value's type: a
    PlainValue keeps its dtype, a numpy scalar its numpy dtype (`np.float16(0)`), a Python int is int32 and a
    Python float float32."""
    value: Any = pad_value
    if isinstance(pad_value, PlainValue):
        dtype = pad_value.dtype
    elif isinstance(pad_value, np.generic) and not isinstance(pad_value, np.bool_):
        dtype = from_numpy_name(pad_value.dtype.name)
        value = pad_value.item()
    elif isinstance(pad_value, (int, float)) and not isinstance(pad_value, bool):
        dtype = semantic.python_number_dtype(pad_value)
    else:
        raise TypeError("set_load_data_padding_value: 'pad_value' must be a number (int, float, a numpy scalar "
                        f"or a PlainValue), got {described(pad_value)}")
    _ods.set_load_data_padding_value(builder_for("set_load_data_padding_value"),
                                     semantic.materialize(value, dtype))


_api.publish_overloads(globals(), (("fixpipe", "Fixpipe", _fixpipe_set),))
_api.publish_all(globals(), (("set_load_data_padding_value", "SetLoadDataPaddingValue"),))
