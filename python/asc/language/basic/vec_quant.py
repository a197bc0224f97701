"""Quantisation and fused casts: `set_deq_scale`, `cast_deq`, `add_deq_relu`, `mul_cast`, `add_relu_cast`,
`sub_relu_cast`, and `bilinear_interpolation` (`AscendC::SetDeqScale`, `CastDeq`, `AddDeqRelu`, `MulCast`,
`AddReluCast`, `SubReluCast`, `BilinearInterpolation`).

The call forms and keyword names are pyasc's (pyasc_api.md §1.5.2, §1.5.5, Appendix A); the APIs are
registered in the `_families` REGISTRY like the other vector families.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import semantic
from ..core.dtype import DataType, float16, float32, int1, int8, int16, int32, uint8, uint32
from ..core.ir_value import PlainValue
from ..core.tensor import LocalTensor
from ..core.types import BinaryRepeatParams, UnaryRepeatParams, VdeqInfo
from . import _checks
from ._families import BRP, LOCAL, URP, ApiInfo, OverloadSet, _Call, _register
from ._overload import BOOL, INT, INT_LIST, NUMBER, Param, instance_of

# (source, destination) element types on Ascend 910B/910C (ascendc_api.md §5.2, §5.5).
_PAIRS: dict[str, tuple[tuple[DataType, DataType], ...]] = {
    "add_relu_cast": ((float16, int8), (int16, int8), (float32, float16)),
    "sub_relu_cast": ((float16, int8), (int16, int8), (float32, float16)),
    "mul_cast": ((float16, int8), (float16, uint8)),
    "add_deq_relu": ((int32, float16),),
    "cast_deq": ((int32, float16), (int16, int8), (int16, uint8)),
}


def _check_pair(name: str, src: LocalTensor, dst: LocalTensor) -> None:
    pairs = _PAIRS[name]
    if (src.dtype, dst.dtype) not in pairs:
        allowed = ", ".join(f"{s.name} → {d.name}" for s, d in pairs)
        raise TypeError(f"{name}: {src.dtype.name} → {dst.dtype.name} is not supported on Ascend 910B/910C; "
                        f"supported: {allowed}")


def _flag(c: _Call, key: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{c.api}: '{key}' must be a compile-time bool, got {type(value).__name__}")
    c.attrs[key] = ("bool", value)


def _info(name: str, cxx: str, family: str) -> ApiInfo:
    dtypes = tuple(dict.fromkeys(s for s, _ in _PAIRS[name]))
    pairs = ", ".join(f"{s.name}→{d.name}" for s, d in _PAIRS[name])
    return ApiInfo(name, cxx, family, dtypes, note=pairs)


# -- fused binary casts ---------------------------------------------------------------------------------


def _fused_binary(name: str, cxx: str, count_set_mask: bool, masked_set_mask: bool) -> Callable[..., Any]:
    """`(dst, src0, src1, count)` and `(dst, src0, src1, mask: int|List[int], repeat_times, repeat_params)`;
    `count_set_mask` / `masked_set_mask`: whether pyasc's form has a trailing `is_set_mask=True`
    (the count form's is accepted and ignored, as Ascend C's count form has none)."""
    info = _info(name, cxx, "vector binary")
    d = OverloadSet(name)

    def operands(c: _Call, dst: Any, src0: Any, src1: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        c.tensor(src1, "src1")
        _checks.same_dtype(name, src0=src0, src1=src1)
        _check_pair(name, src0, dst)

    def count(dst, src0, src1, count, is_set_mask=True):
        c = _Call(name)
        operands(c, dst, src0, src1)
        c.int(count, "count")
        c.emit(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call(name)
            operands(c, dst, src0, src1)
            if masked_set_mask:
                c.masked(level, mask, repeat_times, repeat_params, BinaryRepeatParams, is_set_mask, name)
                return
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.int(repeat_times, "repeat_times")
            c.params(repeat_params, BinaryRepeatParams)
            c.emit(f"{name}_{level}")
        return form

    base = [Param("dst", LOCAL), Param("src0", LOCAL), Param("src1", LOCAL)]
    set_mask = [Param("is_set_mask", BOOL, True)]
    d.add(base + [Param("count", INT)] + (set_mask if count_set_mask else []), count)
    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add(base + [Param("mask", mask_kind), Param("repeat_times", INT), Param("repeat_params", BRP)] +
              (set_mask if masked_set_mask else []), masked(level))
    return _register(info, d)


add_deq_relu = _fused_binary("add_deq_relu", "AddDeqRelu", count_set_mask=True, masked_set_mask=True)
mul_cast = _fused_binary("mul_cast", "MulCast", count_set_mask=False, masked_set_mask=False)
add_relu_cast = _fused_binary("add_relu_cast", "AddReluCast", count_set_mask=False, masked_set_mask=True)
sub_relu_cast = _fused_binary("sub_relu_cast", "SubReluCast", count_set_mask=False, masked_set_mask=True)


# -- cast_deq -------------------------------------------------------------------------------------------------


def _cast_deq() -> Callable[..., Any]:
    info = _info("cast_deq", "CastDeq", "conversion")
    d = OverloadSet("cast_deq")

    def operands(c: _Call, dst: Any, src: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        _check_pair("cast_deq", src, dst)

    def count(dst, src, count, is_vec_deq=True, half_block=True):
        c = _Call("cast_deq")
        operands(c, dst, src)
        c.int(count, "count")
        _flag(c, "is_vec_deq", is_vec_deq)
        _flag(c, "half_block", half_block)
        c.emit("cast_deq")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, mask, repeat_times, repeat_params, is_set_mask=True, is_vec_deq=True,
                 half_block=True):
            c = _Call("cast_deq")
            operands(c, dst, src)
            _flag(c, "is_vec_deq", is_vec_deq)
            _flag(c, "half_block", half_block)
            c.masked(level, mask, repeat_times, repeat_params, UnaryRepeatParams, is_set_mask, "cast_deq")
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL)]
    flags = [Param("is_vec_deq", BOOL, True), Param("half_block", BOOL, True)]
    d.add(base + [Param("count", INT)] + flags, count)
    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add(base + [Param("mask", mask_kind), Param("repeat_times", INT), Param("repeat_params", URP),
                      Param("is_set_mask", BOOL, True)] + flags, masked(level))
    return _register(info, d)


cast_deq = _cast_deq()


# -- bilinear_interpolation --------------------------------------------------------------------------------------


def _bilinear() -> Callable[..., Any]:
    info = ApiInfo("bilinear_interpolation", "BilinearInterpolation", "vector binary", (float16,), forms=("l0", "l1"),
                   note="src0_offset: uint32 byte offsets of 32-byte src0 blocks")
    d = OverloadSet("bilinear_interpolation")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src0, src0_offset, src1, mask, h_repeat, repeat_mode, dst_blk_stride, v_r_offset, v_repeat,
                 shared_tmp_buffer):
            name = "bilinear_interpolation"
            c = _Call(name)
            c.tensor(dst, "dst")
            c.tensor(src0, "src0")
            c.tensor(src0_offset, "src0_offset")
            c.tensor(src1, "src1")
            _checks.same_dtype(name, dst=dst, src0=src0, src1=src1)
            if src0.dtype != float16:
                raise TypeError(f"{name}: 'src0' holds {src0.dtype.name}, but {name} supports float16 on "
                                "Ascend 910B/910C")
            if src0_offset.dtype != uint32:
                raise TypeError(f"{name}: 'src0_offset' must hold uint32 byte offsets, got {src0_offset.dtype.name}")
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            for value, param, lo, hi in ((h_repeat, "h_repeat", 1, 255), (v_r_offset, "v_r_offset", 128, 65534),
                                         (v_repeat, "v_repeat", 1, 255), (dst_blk_stride, "dst_blk_stride", 1, 65535)):
                if isinstance(value, int) and not isinstance(value, bool) and not lo <= value <= hi:
                    raise ValueError(f"{name}: '{param}' must be in [{lo}, {hi}], got {value}")
            c.int(h_repeat, "h_repeat")
            if not isinstance(repeat_mode, (bool, PlainValue)):
                raise TypeError(f"{name}: 'repeat_mode' must be a bool, got {type(repeat_mode).__name__}")
            c.operands.append(semantic.materialize(repeat_mode, int1))
            c.int(dst_blk_stride, "dst_blk_stride")
            c.int(v_r_offset, "v_r_offset")
            c.int(v_repeat, "v_repeat")
            t = c.tensor(shared_tmp_buffer, "shared_tmp_buffer")
            if t.dtype != uint8:
                raise TypeError(f"{name}: 'shared_tmp_buffer' must hold uint8, got {t.dtype.name}")
            c.emit(f"{name}_{level}")
        return form

    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src0_offset", LOCAL), Param("src1", LOCAL),
               Param("mask", mask_kind), Param("h_repeat", INT), Param("repeat_mode", BOOL),
               Param("dst_blk_stride", INT), Param("v_r_offset", INT), Param("v_repeat", INT),
               Param("shared_tmp_buffer", LOCAL)], masked(level))
    return _register(info, d)


bilinear_interpolation = _bilinear()


# -- set_deq_scale ----------------------------------------------------------------------------------------------


def _set_deq_scale() -> Callable[..., Any]:
    info = ApiInfo("set_deq_scale", "SetDeqScale", "conversion", (float16, float32),
                   forms=("scalar", "scalar_offset", "vector"),
                   note="(scale: half); (scale: float, offset: 9-bit, sign_mode); (vdeq tensor, VdeqInfo)")
    d = OverloadSet("set_deq_scale")

    def scalar(scale):
        c = _Call("set_deq_scale")
        c.scalar(scale, float16, "scale")
        c.emit("set_deq_scale")

    def with_offset(scale, offset, sign_mode):
        c = _Call("set_deq_scale")
        c.scalar(scale, float32, "scale")
        if isinstance(offset, int) and not isinstance(offset, bool) and not -256 <= offset <= 255:
            raise ValueError(f"set_deq_scale: 'offset' is a 9-bit signed value in [-256, 255], got {offset}")
        c.int(offset, "offset", int16)
        if not isinstance(sign_mode, (bool, PlainValue)):
            raise TypeError(f"set_deq_scale: 'sign_mode' must be a bool, got {type(sign_mode).__name__}")
        c.operands.append(semantic.materialize(sign_mode, int1))
        c.emit("set_deq_scale_offset")

    def vector(vdeq, vdeq_info):
        c = _Call("set_deq_scale")
        c.tensor(vdeq, "vdeq")
        c.operands.append(vdeq_info.handle)
        c.emit("set_deq_scale_vec")

    d.add([Param("scale", NUMBER)], scalar, form="scalar")
    d.add([Param("scale", NUMBER), Param("offset", INT), Param("sign_mode", BOOL)], with_offset,
          form="scalar_offset")
    d.add([Param("vdeq", LOCAL), Param("vdeq_info", instance_of(VdeqInfo))], vector, form="vector")
    return _register(info, d)


set_deq_scale = _set_deq_scale()

__all__ = ["add_deq_relu", "add_relu_cast", "bilinear_interpolation", "cast_deq", "mul_cast", "set_deq_scale",
           "sub_relu_cast"]
