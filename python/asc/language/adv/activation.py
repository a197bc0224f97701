"""`asc.adv.softmax`: row-wise SoftMax (Ascend C `SoftMax`)."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..basic._overload import BOOL, Kind, OverloadSet, Param, instance_of
from ..core.builtin import builder_for
from ..core.struct import StructValue
from ..core.tensor import LocalTensor
from ._common import flag, temp_operand
from ._registry import register
from .tiling import SoftmaxTiling

LOCAL = instance_of(LocalTensor)
OPT_LOCAL = Kind("Optional[LocalTensor]", lambda v: v is None or isinstance(v, LocalTensor))
TILING = Kind("SoftmaxTiling", lambda v: isinstance(v, StructValue))


def _softmax_api() -> Any:
    d = OverloadSet("adv.softmax")

    def form(dst: Any, sum: Any, max: Any, src: Any, tiling: Any, temp_buffer: Any = None,  # noqa: A002
             reuse_source: Any = False, basic_block: Any = False, data_format_nz: Any = False) -> None:
        if tiling.struct is not SoftmaxTiling:
            raise TypeError(f"asc.adv.softmax: 'tiling' must be an asc.adv.SoftmaxTiling, got a "
                            f"{tiling.struct.__name__}")
        _ods.adv_softmax(builder_for("adv.softmax"), dst.handle, sum.handle, max.handle, src.handle,
                         temp_operand("softmax", temp_buffer, "get_softmax_tmp_size"), tiling.handle,
                         reuse_source=flag("softmax", "reuse_source", reuse_source),
                         basic_block=flag("softmax", "basic_block", basic_block),
                         data_format_nz=flag("softmax", "data_format_nz", data_format_nz))

    d.add([Param("dst", LOCAL), Param("sum", LOCAL), Param("max", LOCAL), Param("src", LOCAL),
           Param("tiling", TILING), Param("temp_buffer", OPT_LOCAL, None), Param("reuse_source", BOOL, False),
           Param("basic_block", BOOL, False), Param("data_format_nz", BOOL, False)], form, form="tiling")
    return register("softmax", "SoftMax", d, "`AscendC::SoftMax`: row-wise softmax over the last axis, also "
                    "writing each row's sum and maximum (one 32-byte block per row).", ("float16", "float32"))


softmax = _softmax_api()
