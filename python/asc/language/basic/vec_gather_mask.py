"""Compacting gather by a bit pattern (`AscendC::GatherMask`, `GetGatherMaskRemainCount`).

Element types, the pattern's type and the built-in pattern range are the verifier's rules.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import int1, int32, int64, uint32
from ..core.enums import GatherMaskMode
from ..core.ir_value import PlainValue
from ..core.tensor import LocalTensor
from ..core.types import GatherMaskParams
from . import _api, _checks
from ._overload import BOOL, INT, OverloadSet, Param, instance_of

LOCAL = instance_of(LocalTensor)


def _gather_mask_api() -> Any:
    d = OverloadSet("gather_mask")
    api = "gather_mask"

    def form(dst: Any, src0: Any, src1_pattern: Any, reduce_mode: Any, mask: Any, params: Any,
             gather_mask_mode: Any = GatherMaskMode.DEFAULT) -> PlainValue:
        _checks.tensor(dst, api, "dst", (LocalTensor,))
        _checks.tensor(src0, api, "src0", (LocalTensor,))
        if isinstance(src1_pattern, LocalTensor):
            pattern = src1_pattern.handle
        else:
            pattern = semantic.materialize(src1_pattern, int32)
        operands = [dst.handle, src0.handle, pattern, semantic.materialize(reduce_mode, int1),
                    semantic.materialize(mask, uint32), params.handle]
        return PlainValue(_ods.gather_mask(builder_for(api), *operands, result_type=int64.to_ir()), int64)

    tail = [Param("reduce_mode", BOOL), Param("mask", INT), Param("params", instance_of(GatherMaskParams)),
            Param("gather_mask_mode", instance_of(GatherMaskMode), GatherMaskMode.DEFAULT)]
    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1_pattern", LOCAL)] + tail, form, form="tensor pattern")
    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1_pattern", INT)] + tail, form,
          form="built-in pattern")
    return _api.register_overloads("gather_mask", "GatherMask", d,
                                   "`AscendC::GatherMask`: keep the elements a bit pattern selects, packed; "
                                   "returns how many.", _api.operand_dtypes("gather_mask", "src0"))


gather_mask = _gather_mask_api()


def _remain_count_api() -> Any:
    d = OverloadSet("get_gather_mask_remain_count")

    def form() -> PlainValue:
        b = builder_for("get_gather_mask_remain_count")
        return PlainValue(_ods.get_gather_mask_remain_count(b, result_type=int64.to_ir()), int64)

    d.add([], form, form="query")
    return _api.register_overloads("get_gather_mask_remain_count", "GetGatherMaskRemainCount", d,
                                   "`AscendC::GetGatherMaskRemainCount`: elements the last gather_mask kept.")


get_gather_mask_remain_count = _remain_count_api()
