"""Mask and mode control (`SetVectorMask`, `ResetMask`, `SetMaskCount`, `SetMaskNorm`)."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, int32, int64
from ..core.enums import MaskMode
from . import _api
from ._overload import INT, OverloadSet, Param, instance_of


def _vector_mask(args: list, dtype: Any, mode: Any) -> None:
    b = builder_for("set_vector_mask")
    if not isinstance(dtype, DataType):
        raise TypeError(f"set_vector_mask: 'dtype' must be a data type, got {dtype!r}")
    attrs = {"dtype": b.ctx.type_attr(b.type(dtype.to_ir())), "mode": b.enum_attr("mask_mode", mode.name.lower())}
    op = "asc.set_vector_mask" if len(args) == 2 else "asc.set_vector_mask_len"
    b.create(op, [semantic.materialize(a, int64 if len(args) == 2 else int32) for a in args], attrs=attrs)


_set_vector_mask = OverloadSet("set_vector_mask")
_set_vector_mask.add([Param("length", INT), Param("dtype", instance_of(DataType)),
                      Param("mode", instance_of(MaskMode), MaskMode.NORMAL)],
                     lambda length, dtype, mode: _vector_mask([length], dtype, mode))
_set_vector_mask.add([Param("mask_high", INT), Param("mask_low", INT), Param("dtype", instance_of(DataType)),
                      Param("mode", instance_of(MaskMode), MaskMode.NORMAL)],
                     lambda mask_high, mask_low, dtype, mode: _vector_mask([mask_high, mask_low], dtype, mode))


@builtin
def set_vector_mask(*args: Any, **kwargs: Any) -> None:
    """`SetVectorMask<T, mode>(length)` or `SetVectorMask<T, mode>(mask_high, mask_low)`: the mask used by
    vector instructions called with `is_set_mask=False`."""
    _set_vector_mask(*args, **kwargs)


@builtin
def reset_mask() -> None:
    builder_for("reset_mask").create("asc.reset_mask", [])


@builtin
def set_mask_count() -> None:
    builder_for("set_mask_count").create("asc.set_mask_count", [])


@builtin
def set_mask_norm() -> None:
    builder_for("set_mask_norm").create("asc.set_mask_norm", [])


_api.publish_all(globals(), (("set_vector_mask", "SetVectorMask"), ("reset_mask", "ResetMask"),
               ("set_mask_count", "SetMaskCount"), ("set_mask_norm", "SetMaskNorm")))

