"""Compacting gather by a bit pattern (`AscendC::GatherMask`, `GetGatherMaskRemainCount`)."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import bfloat16, float16, int1, int16, int32, int64, uint16, uint32
from ..core.enums import GatherMaskMode
from ..core.ir_value import PlainValue
from ..core.tensor import LocalTensor
from ..core.types import GatherMaskParams
from . import _api, _checks
from ._overload import BOOL, INT, OverloadSet, Param, instance_of

GATHER_MASK_TYPES = (int16, uint16, float16, bfloat16, int32, uint32)
LOCAL = instance_of(LocalTensor)


def _gather_mask_api() -> Any:
    d = OverloadSet("gather_mask")
    api = "gather_mask"

    def form(dst: Any, src0: Any, src1_pattern: Any, reduce_mode: Any, mask: Any, params: Any,
             gather_mask_mode: Any = GatherMaskMode.DEFAULT) -> PlainValue:
        _checks.tensor(dst, api, "dst", (LocalTensor,))
        _checks.tensor(src0, api, "src0", (LocalTensor,))
        _checks.same_dtype(api, dst=dst, src0=src0)
        if src0.dtype not in GATHER_MASK_TYPES:
            allowed = ", ".join(t.name for t in GATHER_MASK_TYPES)
            raise TypeError(f"gather_mask: 'src0' holds {src0.dtype.name}, but gather_mask supports {allowed} "
                            "on Ascend 910B/910C")
        if isinstance(src1_pattern, LocalTensor):
            want = uint16 if src0.dtype.sizeof() == 2 else uint32
            if src1_pattern.dtype != want:
                raise TypeError(f"gather_mask: 'src1_pattern' must hold {want.name} bits for {src0.dtype.name} "
                                f"elements, got {src1_pattern.dtype.name}")
            pattern = src1_pattern.handle
        else:
            if isinstance(src1_pattern, int) and not 1 <= src1_pattern <= 7:
                raise ValueError("gather_mask: a built-in 'src1_pattern' must be in [1, 7] (1 even, 2 odd, "
                                 f"3-6 the 1st-4th of every 4, 7 all), got {src1_pattern}")
            pattern = semantic.materialize(src1_pattern, int32)
        if not isinstance(params, GatherMaskParams):
            raise TypeError(f"gather_mask: 'params' must be an asc.GatherMaskParams, got {type(params).__name__}")
        if not isinstance(gather_mask_mode, GatherMaskMode):
            raise TypeError(f"gather_mask: 'gather_mask_mode' must be an asc.GatherMaskMode, got {gather_mask_mode!r}")
        _checks.integer(mask, api, "mask")
        operands = [dst.handle, src0.handle, pattern, semantic.materialize(reduce_mode, int1),
                    semantic.materialize(mask, uint32), params.handle]
        handle = builder_for(api).create1("asc.gather_mask", operands, "i64")
        return PlainValue(handle, int64)

    tail = [Param("reduce_mode", BOOL), Param("mask", INT), Param("params", instance_of(GatherMaskParams)),
            Param("gather_mask_mode", instance_of(GatherMaskMode), GatherMaskMode.DEFAULT)]
    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1_pattern", LOCAL)] + tail, form, form="tensor pattern")
    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1_pattern", INT)] + tail, form,
          form="built-in pattern")
    return _api.register_overloads("gather_mask", "GatherMask", d,
                                   "`AscendC::GatherMask`: keep the elements a bit pattern selects, packed; "
                                   "returns how many.", GATHER_MASK_TYPES)


gather_mask = _gather_mask_api()


def _remain_count_api() -> Any:
    d = OverloadSet("get_gather_mask_remain_count")

    def form() -> PlainValue:
        b = builder_for("get_gather_mask_remain_count")
        return PlainValue(b.create1("asc.get_gather_mask_remain_count", [], "i64"), int64)

    d.add([], form, form="query")
    return _api.register_overloads("get_gather_mask_remain_count", "GetGatherMaskRemainCount", d,
                                   "`AscendC::GetGatherMaskRemainCount`: elements the last gather_mask kept.")


get_gather_mask_remain_count = _remain_count_api()
