"""Data movement between Global Memory and on-chip buffers (`AscendC::DataCopy`, `DataCopyPad`)."""

from __future__ import annotations

from typing import Any

from ..core.builtin import builder_for, builtin
from ..core.enums import TPosition
from ..core.tensor import GlobalTensor, LocalTensor
from ..core.types import (
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
)
from . import _checks
from ._families import REGISTRY, ApiInfo, copy_api
from ._overload import INT, OverloadSet, Param, instance_of

LOCAL, GLOBAL = instance_of(LocalTensor), instance_of(GlobalTensor)


def _pair(api: str, dst: Any, src: Any) -> list:
    _checks.tensor(dst, api, "dst")
    _checks.tensor(src, api, "src")
    _checks.same_dtype(api, dst=dst, src=src)
    return [dst.handle, src.handle]


def _count(dst: Any, src: Any, count: Any) -> None:
    builder_for("data_copy").create("asc.data_copy", _pair("data_copy", dst, src) +
                                    [_checks.integer(count, "data_copy", "count")])


def _params(dst: Any, src: Any, repeat_params: Any) -> None:
    builder_for("data_copy").create("asc.data_copy_params_form", _pair("data_copy", dst, src) +
                                    [repeat_params.handle])


_data_copy = OverloadSet("data_copy")
for _dst, _src in ((LOCAL, GLOBAL), (LOCAL, LOCAL), (GLOBAL, LOCAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("count", INT)], _count)
for _dst, _src in ((LOCAL, GLOBAL), (LOCAL, LOCAL), (GLOBAL, LOCAL)):
    _data_copy.add([Param("dst", _dst), Param("src", _src), Param("repeat_params", instance_of(DataCopyParams))],
                   _params)


@builtin
def data_copy(*args: Any, **kwargs: Any) -> None:
    """Copies between GM and on-chip buffers: `data_copy(dst, src, count)` (count·sizeof must be a multiple
    of 32 bytes) or `data_copy(dst, src, repeat_params: DataCopyParams)` (blocks of 32 bytes with gaps)."""
    _data_copy(*args, **kwargs)


def _pad(dst: Any, src: Any, data_copy_params: Any, pad_params: Any = None) -> None:
    operands = _pair("data_copy_pad", dst, src) + [data_copy_params.handle]
    if pad_params is not None:
        if isinstance(pad_params, DataCopyPadExtParams) and pad_params.dtype != dst.dtype:
            raise TypeError(f"data_copy_pad: pad_params hold {pad_params.dtype.name} but dst holds {dst.dtype.name}")
        operands.append(pad_params.handle)
    builder_for("data_copy_pad").create("asc.data_copy_pad", operands)


_data_copy_pad = OverloadSet("data_copy_pad")
_data_copy_pad.add([Param("dst", LOCAL), Param("src", GLOBAL), Param("data_copy_params", instance_of(DataCopyExtParams)),
                    Param("pad_params", instance_of(DataCopyPadExtParams))], _pad)
_data_copy_pad.add([Param("dst", GLOBAL), Param("src", LOCAL), Param("data_copy_params", instance_of(DataCopyExtParams))],
                   _pad)
_data_copy_pad.add([Param("dst", LOCAL), Param("src", GLOBAL), Param("data_copy_params", instance_of(DataCopyParams)),
                    Param("pad_params", instance_of(DataCopyPadParams))], _pad)
_data_copy_pad.add([Param("dst", GLOBAL), Param("src", LOCAL), Param("data_copy_params", instance_of(DataCopyParams))],
                   _pad)


@builtin
def data_copy_pad(*args: Any, **kwargs: Any) -> None:
    """Byte-granular copies (`DataCopyPad`): GM → UB with optional padding of each block to 32 bytes, or
    UB → GM writing exactly `block_len` bytes per block."""
    _data_copy_pad(*args, **kwargs)


copy = copy_api()


@builtin
def set_pad_value(padding_value: Any, pos: Any = None) -> None:
    """`SetPadValue(value)`: the value `data_copy_pad` writes into padding when `is_pad` is false."""
    if pos is not None and pos != TPosition.MAX:
        raise NotImplementedError("set_pad_value(..., pos=...) with a position other than MAX is not supported")
    if not isinstance(padding_value, (int, float)) or isinstance(padding_value, bool):
        raise TypeError(f"set_pad_value: 'padding_value' must be a number, got {type(padding_value).__name__}")
    from ..core import semantic

    b = builder_for("set_pad_value")
    b.create("asc.set_pad_value", [semantic.materialize(padding_value, semantic.python_number_dtype(padding_value))])


REGISTRY["set_pad_value"] = ApiInfo("set_pad_value", "SetPadValue", "data movement", (), forms=("-",))
REGISTRY["data_copy"] = ApiInfo("data_copy", "DataCopy", "data movement", (), forms=("count", "params"))
REGISTRY["data_copy_pad"] = ApiInfo("data_copy_pad", "DataCopyPad", "data movement", (), forms=("ext", "params"))

__all__ = ["data_copy", "data_copy_pad", "copy", "set_pad_value"]
