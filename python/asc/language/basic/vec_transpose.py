"""`AscendC::TransDataTo5HD` (the transposes of `AscendC::Transpose` are generated from ODS).

Python checks the list lengths (16 entries each); element types and the halves of 8-bit blocks are the
verifier's rules.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import DataType, float16, uint64
from ..core.layout_types import TransDataTo5HDParams
from ..core.tensor import LocalTensor
from . import _api
from ._overload import Kind, OverloadSet, Param, _is_int, instance_of

LOCAL = instance_of(LocalTensor)
TENSOR_LIST = Kind("List[LocalTensor]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0
                   and all(isinstance(x, LocalTensor) for x in v))
ADDR_LIST = Kind("List[int]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0 and all(_is_int(x) for x in v))
DTYPE = instance_of(DataType)


def _trans_5hd_api() -> Any:
    d = OverloadSet("trans_data_to_5hd")
    api = "trans_data_to_5hd"

    def sixteen(**lists: Any) -> None:
        for name, lst in lists.items():
            if len(lst) != 16:
                raise ValueError(f"trans_data_to_5hd: '{name}' must hold 16 entries, got {len(lst)}")

    def lists(dst_list: Any, src_list: Any, params: Any) -> None:
        sixteen(dst_list=dst_list, src_list=src_list)
        _ods.trans_data_to_5hd(builder_for(api), [t.handle for t in dst_list], [t.handle for t in src_list],
                               params.handle)

    def addresses(dst_list: Any, src_list: Any, params: Any, dtype: Any = float16) -> None:
        sixteen(dst_list=dst_list, src_list=src_list)
        _ods.trans_data_to_5hd_addr(builder_for(api), [semantic.materialize(a, uint64) for a in dst_list],
                                    [semantic.materialize(a, uint64) for a in src_list], params.handle,
                                    element_type=dtype.to_ir())

    def tensors(dst: Any, src: Any, params: Any, dtype: Any = float16) -> None:
        _ods.trans_data_to_5hd_ub(builder_for(api), dst.handle, src.handle, params.handle,
                                  element_type=dtype.to_ir())

    p5hd = Param("params", instance_of(TransDataTo5HDParams))
    d.add([Param("dst_list", TENSOR_LIST), Param("src_list", TENSOR_LIST), p5hd], lists, form="tensor list")
    d.add([Param("dst_list", ADDR_LIST), Param("src_list", ADDR_LIST), p5hd, Param("dtype", DTYPE, float16)],
          addresses, form="address list")
    d.add([Param("dst", LOCAL), Param("src", LOCAL), p5hd, Param("dtype", DTYPE, float16)], tensors,
          form="address tensor")
    return _api.register_overloads("trans_data_to_5hd", "TransDataTo5HD", d,
                                   "`AscendC::TransDataTo5HD`: NCHW -> NC1HWC0 and 2-D transposes.",
                                   _api.operand_dtypes("trans_data_to_5hd", "dst_list"))


trans_data_to_5hd = _trans_5hd_api()
