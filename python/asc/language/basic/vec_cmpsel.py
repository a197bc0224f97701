"""Compare into bit masks and select by bit masks (`AscendC::Compare`, `CompareScalar`, `Select`), and the
128-bit CMPMASK register (`AscendC::GetCmpMask`, `SetCmpMask`)."""

from __future__ import annotations

from typing import Any, Callable

from ..core.dtype import bfloat16, float16, float32, int8, int16, int32, int64, uint8, uint16, uint32, uint64
from ._families import (
    LOCAL,
    ApiInfo,
    _Call,
    _check_dtypes,
    _register,
    compare_api,
    compare_scalar_api,
    select_api,
)
from ._overload import OverloadSet, Param

compare = compare_api()
compare_scalar = compare_scalar_api()
select = select_api()

# SetCmpMask / GetCmpMask move 16 bytes: any 8- to 64-bit element type.
CMP_MASK_TYPES = (int8, uint8, int16, uint16, float16, bfloat16, int32, uint32, float32, int64, uint64)


def _cmp_mask_api(name: str, cxx: str, param: str) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, "compare/select", CMP_MASK_TYPES, forms=("tensor",),
                   note="src 16-byte aligned" if param == "src" else "dst of at least 128 bytes")
    d = OverloadSet(name)

    def form(**kwargs: Any) -> None:
        c = _Call(name)
        t = c.tensor(kwargs[param], param)
        _check_dtypes(info, (param, t))
        c.emit(name)

    d.add([Param(param, LOCAL)], form, form="tensor")
    return _register(info, d)


get_cmp_mask = _cmp_mask_api("get_cmp_mask", "GetCmpMask", "dst")
set_cmp_mask = _cmp_mask_api("set_cmp_mask", "SetCmpMask", "src")

__all__ = ["compare", "compare_scalar", "get_cmp_mask", "set_cmp_mask", "select"]
