"""The sort family that is more than one generated form (`AscendC::MrgSort`, `MrgSort4`,
`GetMrgSortResult`, `GetSortLen`, `GetSortOffset`); `sort32`, `sort`, `rp_sort16` and `proposal_*` are
generated from ODS.

Python checks the list lengths (4 lists, 4 counts); element types, valid bits and repeat counts are the
verifier's rules; whether the part implements an instruction is ODS `pyUnsupportedArchs`.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, float32, int1, int32
from ..core.ir_value import PlainValue
from ..core.sort_types import MrgSort4Info, MrgSortSrcList
from ..core.tensor import LocalTensor
from . import _api
from ._overload import BOOL, INT, INT_LIST, OverloadSet, Param, instance_of

LOCAL = instance_of(LocalTensor)
SRC_LIST = instance_of(MrgSortSrcList)
INFO = instance_of(MrgSort4Info)
DTYPE = instance_of(DataType, "DataType")


def _four(api: str, name: str, values: Any) -> list[Any]:
    values = list(values)
    if len(values) != 4:
        raise ValueError(f"{api}: '{name}' must hold 4 values (one per list), got {len(values)}")
    return [semantic.materialize(v, int32) for v in values]


def _check_platform(api: str, cxx: str, op: str) -> None:
    info = _ods.OP_INFO[op]
    if info["unsupported"]:
        _api._check_platform(api, cxx, info["unsupported"], info["unsupported_hint"])


def _info_operands(api: str, dst: Any, lists: MrgSortSrcList, params: MrgSort4Info) -> list[Any]:
    return [dst.handle, [t.handle for t in lists.tensors], _four(api, "element_lengths", params.element_lengths),
            semantic.materialize(params.if_exhausted_suspension, int1),
            semantic.materialize(params.valid_bit, int32), semantic.materialize(params.repeat_times, int32)]


def _mrg_sort_api() -> Any:
    api = "mrg_sort"
    d = OverloadSet(api)

    def counts(dst: Any, sort_list: Any, element_count_list: Any, sorted_num: Any, valid_bit: Any,
               repeat_time: Any, is_exhausted_suspension: Any = False) -> None:
        if isinstance(is_exhausted_suspension, PlainValue):
            raise TypeError(f"{api}: 'is_exhausted_suspension' must be a compile-time bool")
        _ods.mrg_sort(builder_for(api), dst.handle, [t.handle for t in sort_list.tensors],
                      _four(api, "element_count_list", element_count_list), _four(api, "sorted_num", sorted_num),
                      semantic.materialize(valid_bit, int32), semantic.materialize(repeat_time, int32),
                      is_exhausted_suspension=bool(is_exhausted_suspension))

    def info(dst: Any, sort_list: Any, params: Any) -> None:
        _ods.mrg_sort_info(builder_for(api), *_info_operands(api, dst, sort_list, params))

    d.add([Param("dst", LOCAL), Param("sort_list", SRC_LIST), Param("element_count_list", INT_LIST),
           Param("sorted_num", INT_LIST), Param("valid_bit", INT), Param("repeat_time", INT),
           Param("is_exhausted_suspension", BOOL, False)], counts, form="counts")
    d.add([Param("dst", LOCAL), Param("sort_list", SRC_LIST), Param("params", INFO)], info, form="info")
    return _api.register_overloads(api, "MrgSort", d, "`AscendC::MrgSort`: merge up to 4 sorted lists of "
                                   "(score, index) pairs.", _api.operand_dtypes("mrg_sort", "dst"))


mrg_sort = _mrg_sort_api()


def _mrg_sort4_api() -> Any:
    api = "mrg_sort4"
    d = OverloadSet(api)

    def info(dst: Any, src: Any, params: Any) -> None:
        _check_platform(api, "MrgSort4", "mrg_sort4")
        _ods.mrg_sort4(builder_for(api), *_info_operands(api, dst, src, params))

    d.add([Param("dst", LOCAL), Param("src", SRC_LIST), Param("params", INFO)], info, form="info")
    return _api.register_overloads(api, "MrgSort4", d, "`AscendC::MrgSort4`: merge up to 4 region-proposal "
                                   "lists (not on Ascend 910B/910C).", _api.operand_dtypes("mrg_sort4", "dst"))


mrg_sort4 = _mrg_sort4_api()


@builtin
def get_mrg_sort_result() -> tuple[PlainValue, PlainValue, PlainValue, PlainValue]:
    """The number of elements the last `mrg_sort` took from each of its four lists."""
    results = _ods.get_mrg_sort_result(builder_for("get_mrg_sort_result"), result_types=[int32.to_ir()] * 4)
    return tuple(PlainValue(r, int32) for r in results)  # type: ignore[return-value]


def _size_api(name: str, cxx: str, keyword: str) -> Any:
    d = OverloadSet(name)
    builder = getattr(_ods, name)

    def form(dtype: Any = float32, **value: Any) -> PlainValue:
        v = semantic.materialize(value[keyword], int32)
        return PlainValue(builder(builder_for(name), v, element_type=dtype.to_ir(), result_type=int32.to_ir()),
                          int32)

    d.add([Param(keyword, INT), Param("dtype", DTYPE, float32)], form, form="count")
    return _api.register_overloads(name, cxx, d, f"`AscendC::{cxx}<T>`: elements of `dtype` (T, float32 by "
                                   "default) that sorted (score, index) pairs of 8 bytes occupy.")


get_sort_len = _size_api("get_sort_len", "GetSortLen", "elem_count")
get_sort_offset = _size_api("get_sort_offset", "GetSortOffset", "elem_offset")

_api.publish_all(globals(), (("get_mrg_sort_result", "GetMrgSortResult"),), forms=("query",))
