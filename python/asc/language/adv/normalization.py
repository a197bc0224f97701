"""`asc.adv.rmsnorm`: RMS normalisation over the last axis (Ascend C `RmsNorm`)."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..basic._overload import BOOL, NUMBER, Kind, OverloadSet, Param, instance_of
from ..core import semantic
from ..core.builtin import builder_for
from ..core.struct import StructValue
from ..core.tensor import LocalTensor
from ._common import flag, temp_operand
from ._registry import register
from .tiling import RmsNormTiling

LOCAL = instance_of(LocalTensor)
OPT_LOCAL = Kind("Optional[LocalTensor]", lambda v: v is None or isinstance(v, LocalTensor))
TILING = Kind("RmsNormTiling", lambda v: isinstance(v, StructValue))


def _rmsnorm_api() -> Any:
    d = OverloadSet("adv.rmsnorm")

    def form(dst: Any, src: Any, gamma: Any, epsilon: Any, tiling: Any, temp_buffer: Any = None,
             basic_block: Any = False) -> None:
        if tiling.struct is not RmsNormTiling:
            raise TypeError(f"asc.adv.rmsnorm: 'tiling' must be an asc.adv.RmsNormTiling, got a "
                            f"{tiling.struct.__name__}")
        _ods.adv_rmsnorm(builder_for("adv.rmsnorm"), dst.handle, src.handle, gamma.handle,
                         temp_operand("rmsnorm", temp_buffer, "get_rmsnorm_tmp_size"),
                         semantic.materialize(epsilon, src.dtype), tiling.handle,
                         basic_block=flag("rmsnorm", "basic_block", basic_block))

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("gamma", LOCAL), Param("epsilon", NUMBER),
           Param("tiling", TILING), Param("temp_buffer", OPT_LOCAL, None), Param("basic_block", BOOL, False)],
          form, form="tiling")
    return register("rmsnorm", "RmsNorm", d, "`AscendC::RmsNorm`: dst = src * gamma / sqrt(mean(src^2) + "
                    "epsilon) per row, in float32.", ("float16", "float32"))


rmsnorm = _rmsnorm_api()
