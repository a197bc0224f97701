"""`asc.adv.quant`: float to int8 quantisation (Ascend C `AscendQuant`)."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..basic._overload import BOOL, INT, NUMBER, Kind, OverloadSet, Param, instance_of
from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import float32
from ..core.tensor import LocalTensor
from ._common import count_operand, flag, temp_operand
from ._registry import register
from .tiling import QuantConfig, get_quant_tmp_size

LOCAL = instance_of(LocalTensor)
OPT_LOCAL = Kind("Optional[LocalTensor]", lambda v: v is None or isinstance(v, LocalTensor))
OPT_INT = Kind("Optional[int]", lambda v: v is None or INT.check(v))
OPT_CONFIG = Kind("Optional[QuantConfig]", lambda v: v is None or isinstance(v, QuantConfig))


def _quant_api() -> Any:
    d = OverloadSet("adv.quant")

    def form(dst: Any, src: Any, scale: Any, offset: Any, count: Any = None, temp_buffer: Any = None,
             reuse_source: Any = False, config: Any = None) -> None:
        if config is not None:
            if config.scale_count or config.offset_count:
                raise ValueError("asc.adv.quant: per-channel scales and offsets (QuantConfig scale_count, "
                                 "offset_count) are not implemented; use one scale and one offset")
            if config.calc_count:
                if count is not None and isinstance(count, int) and count != config.calc_count:
                    raise ValueError(f"asc.adv.quant: count = {count} but QuantConfig.calc_count = "
                                     f"{config.calc_count}")
                count = config.calc_count if count is None else count
            if config.work_local_size and isinstance(count, int):
                need = get_quant_tmp_size(count, src.dtype)[0]
                if config.work_local_size < need:
                    raise ValueError(f"asc.adv.quant: QuantConfig.work_local_size = {config.work_local_size} "
                                     f"bytes, but at least {need} are needed")
        _ods.adv_quant(builder_for("adv.quant"), dst.handle, src.handle,
                       temp_operand("quant", temp_buffer, "get_quant_tmp_size"), semantic.materialize(scale, float32),
                       semantic.materialize(offset, float32), count_operand("quant", count, src),
                       reuse_source=flag("quant", "reuse_source", reuse_source))

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("scale", NUMBER), Param("offset", NUMBER),
           Param("count", OPT_INT, None), Param("temp_buffer", OPT_LOCAL, None), Param("reuse_source", BOOL, False),
           Param("config", OPT_CONFIG, None)], form, form="count")
    return register("quant", "AscendQuant", d, "`AscendC::AscendQuant`: int8(rint(half(src * scale + offset))), "
                    "saturated, from float16 or float32.", ("float16", "float32"))


quant = _quant_api()
