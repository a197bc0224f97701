"""`AscendC::TransDataTo5HD` (the transposes of `AscendC::Transpose` are generated from ODS)."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import DataType, float16, float32, int8, int16, int32, uint8, uint16, uint32, uint64
from ..core.layout_types import TransDataTo5HDParams, TransposeType
from ..core.tensor import LocalTensor
from . import _api
from ._overload import Kind, OverloadSet, Param, _is_int, instance_of

TRANSPOSE16_TYPES = (int16, uint16, float16)
LAYOUT_TYPES = (int8, uint8, int16, uint16, float16, int32, uint32, float32)
IMPLEMENTED = (TransposeType.TRANSPOSE_ND2ND_B16, TransposeType.TRANSPOSE_NCHW2NHWC,
               TransposeType.TRANSPOSE_NHWC2NCHW)
LOCAL = instance_of(LocalTensor)
TENSOR_LIST = Kind("List[LocalTensor]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0
                   and all(isinstance(x, LocalTensor) for x in v))
ADDR_LIST = Kind("List[int]", lambda v: isinstance(v, (list, tuple)) and len(v) > 0 and all(_is_int(x) for x in v))
DTYPE = instance_of(DataType)


def _allowed(api: str, what: str, dtype: DataType, allowed: tuple[DataType, ...]) -> None:
    if dtype not in allowed:
        names = ", ".join(t.name for t in allowed)
        raise TypeError(f"{api}: {what} holds {dtype.name}, but {api} supports {names} on Ascend 910B/910C")


def _trans_5hd_api() -> Any:
    d = OverloadSet("trans_data_to_5hd")
    api = "trans_data_to_5hd"

    def check_halves(params: Any, dtype: DataType) -> None:
        for key in ("dst_high_half", "src_high_half"):
            if params.fields[key] is True and dtype.sizeof() != 1:
                raise ValueError(f"trans_data_to_5hd: '{key}' selects a half of 8-bit blocks; it must be False "
                                 f"for {dtype.name}")

    def lists(dst_list: Any, src_list: Any, params: Any) -> None:
        for name, lst in (("dst_list", dst_list), ("src_list", src_list)):
            if len(lst) != 16:
                raise ValueError(f"trans_data_to_5hd: '{name}' must hold 16 entries, got {len(lst)}")
        dtype = dst_list[0].dtype
        for name, lst in (("dst_list", dst_list), ("src_list", src_list)):
            for i, t in enumerate(lst):
                if t.dtype != dtype:
                    raise TypeError(f"trans_data_to_5hd: '{name}[{i}]' holds {t.dtype.name} but 'dst_list[0]' "
                                    f"holds {dtype.name}; element types must match")
        _allowed(api, "'dst_list'", dtype, LAYOUT_TYPES)
        check_halves(params, dtype)
        operands = [t.handle for t in dst_list] + [t.handle for t in src_list] + [params.handle]
        b = builder_for(api)
        b.create("asc.trans_data_to_5hd", operands,
                 attrs={"operandSegmentSizes": b.attr("array<i32: 16, 16, 1>")})

    def addresses(dst_list: Any, src_list: Any, params: Any, dtype: Any = float16) -> None:
        for name, lst in (("dst_list", dst_list), ("src_list", src_list)):
            if len(lst) != 16:
                raise ValueError(f"trans_data_to_5hd: '{name}' must hold 16 entries, got {len(lst)}")
        _allowed(api, "'dtype'", dtype, LAYOUT_TYPES)
        check_halves(params, dtype)
        operands = [semantic.materialize(a, uint64) for a in list(dst_list) + list(src_list)] + [params.handle]
        b = builder_for(api)
        b.create("asc.trans_data_to_5hd_addr", operands,
                 attrs={"operandSegmentSizes": b.attr("array<i32: 16, 16, 1>"),
                        "element_type": b.attr(dtype.to_ir())})

    def tensors(dst: Any, src: Any, params: Any, dtype: Any = float16) -> None:
        for name, t in (("dst", dst), ("src", src)):
            if t.dtype != uint64:
                raise TypeError(f"trans_data_to_5hd: '{name}' must hold uint64 UB addresses, got {t.dtype.name}")
        _allowed(api, "'dtype'", dtype, LAYOUT_TYPES)
        check_halves(params, dtype)
        b = builder_for(api)
        b.create("asc.trans_data_to_5hd_ub", [dst.handle, src.handle, params.handle],
                 attrs={"element_type": b.attr(dtype.to_ir())})

    p5hd = Param("params", instance_of(TransDataTo5HDParams))
    d.add([Param("dst_list", TENSOR_LIST), Param("src_list", TENSOR_LIST), p5hd], lists, form="tensor list")
    d.add([Param("dst_list", ADDR_LIST), Param("src_list", ADDR_LIST), p5hd, Param("dtype", DTYPE, float16)],
          addresses, form="address list")
    d.add([Param("dst", LOCAL), Param("src", LOCAL), p5hd, Param("dtype", DTYPE, float16)], tensors,
          form="address tensor")
    return _api.register_overloads("trans_data_to_5hd", "TransDataTo5HD", d,
                                   "`AscendC::TransDataTo5HD`: NCHW -> NC1HWC0 and 2-D transposes.", LAYOUT_TYPES)


trans_data_to_5hd = _trans_5hd_api()
