"""Layout transposes (`AscendC::Transpose`, `AscendC::TransDataTo5HD`)."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for
from ..core.dtype import DataType, float16, float32, int8, int16, int32, uint8, uint16, uint32, uint64
from ..core.layout_types import TransDataTo5HDParams, TransposeParamsExt, TransposeType
from ..core.tensor import LocalTensor
from . import _checks
from ._families import ApiInfo, _register
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


def _transpose_api() -> Any:
    info = ApiInfo("transpose", "Transpose", "transpose", LAYOUT_TYPES, forms=("16x16", "ext"))
    d = OverloadSet("transpose")

    def pair(dst: Any, src: Any) -> list:
        _checks.tensor(dst, "transpose", "dst", (LocalTensor,))
        _checks.tensor(src, "transpose", "src", (LocalTensor,))
        _checks.same_dtype("transpose", dst=dst, src=src)
        return [dst.handle, src.handle]

    def tile(dst: Any, src: Any) -> None:
        operands = pair(dst, src)
        if src.dtype not in TRANSPOSE16_TYPES:
            names = ", ".join(t.name for t in TRANSPOSE16_TYPES)
            raise TypeError(f"transpose: the 16x16 form needs 2-byte elements ({names}), got {src.dtype.name}")
        builder_for("transpose").create("asc.transpose", operands)

    def ext(dst: Any, src: Any, shared_tmp_buffer: Any, params: Any) -> None:
        operands = pair(dst, src)
        _checks.tensor(shared_tmp_buffer, "transpose", "shared_tmp_buffer", (LocalTensor,))
        if shared_tmp_buffer.dtype != uint8:
            raise TypeError(f"transpose: 'shared_tmp_buffer' must hold uint8, got {shared_tmp_buffer.dtype.name}")
        kind = TransposeType(params.transpose_type)
        if kind not in IMPLEMENTED:
            raise ValueError(f"transpose: {kind.name} is not implemented on Ascend 910B/910C; use "
                             "TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW")
        if kind == TransposeType.TRANSPOSE_ND2ND_B16:
            if src.dtype.sizeof() != 2:
                raise TypeError(f"transpose: TRANSPOSE_ND2ND_B16 needs 2-byte elements, got {src.dtype.name}")
        else:
            _allowed("transpose", "'src'", src.dtype, LAYOUT_TYPES)
        builder_for("transpose").create("asc.transpose_ext", operands + [shared_tmp_buffer.handle, params.handle])

    d.add([Param("dst", LOCAL), Param("src", LOCAL)], tile, form="16x16")
    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("shared_tmp_buffer", LOCAL),
           Param("params", instance_of(TransposeParamsExt))], ext, form="ext")
    return _register(info, d)


transpose = _transpose_api()


def _trans_5hd_api() -> Any:
    info = ApiInfo("trans_data_to_5hd", "TransDataTo5HD", "transpose", LAYOUT_TYPES,
                   forms=("tensor list", "address list", "address tensor"))
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
    return _register(info, d)


trans_data_to_5hd = _trans_5hd_api()

__all__ = ["transpose", "trans_data_to_5hd"]
