"""Cache maintenance: `DataCacheCleanAndInvalid`, `ICachePreLoad`, `GetICachePreloadStatus`."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import int64
from ..core.enums import CacheLine, DcciDst
from ..core.ir_value import PlainValue
from ..core.tensor import GlobalTensor
from . import _api
from ._overload import INT, Kind, OverloadSet, Param, instance_of

_DCCI_OR_NONE = Kind("Optional[DcciDst]", lambda v: v is None or isinstance(v, DcciDst))


def _dcci(entire_type: CacheLine, dst: GlobalTensor, dcci_dst: DcciDst | None) -> None:
    api = "data_cache_clean_and_invalid"
    if dst.dtype is None:
        raise ValueError(f"{api}: 'dst' is a GlobalTensor that set_global_buffer never bound")
    _ods.data_cache_clean_and_invalid(builder_for(api), dst.handle, entire_type=entire_type, dcci_dst=dcci_dst)


_clean = OverloadSet("data_cache_clean_and_invalid")
_clean.add([Param("entire_type", instance_of(CacheLine)), Param("dst", instance_of(GlobalTensor)),
            Param("dcci_dst", _DCCI_OR_NONE, None)], _dcci)
_clean.add([Param("entire_type", instance_of(CacheLine)), Param("dcci_dst", instance_of(DcciDst)),
            Param("dst", instance_of(GlobalTensor))], _dcci)


@builtin
def data_cache_clean_and_invalid(*args: Any, **kwargs: Any) -> None:
    """`DataCacheCleanAndInvalid<T, entire_type[, dcci_dst]>(dst)`: write back and invalidate the data
    cache line of `dst` (SINGLE_CACHE_LINE) or all of it (ENTIRE_DATA_CACHE). Accepts
    `(entire_type, dst, dcci_dst=None)` and `(entire_type, dcci_dst, dst)`."""
    _clean(*args, **kwargs)


_preload = OverloadSet("icache_preload")
_preload.add([Param("pre_fetch_len", INT)], lambda pre_fetch_len: pre_fetch_len)


@builtin
def icache_preload(pre_fetch_len: Any) -> None:
    """`ICachePreLoad(pre_fetch_len)`: prefetch `pre_fetch_len` 2-KiB units of instructions."""
    length = _preload(pre_fetch_len)
    _ods.icache_preload(builder_for("icache_preload"), semantic.materialize(length, int64))


@builtin
def get_icache_preload_status() -> PlainValue:
    """`GetICachePreloadStatus()`: 1 while an ICache preload is in progress, 0 when done (simulator)."""
    b = builder_for("get_icache_preload_status")
    return PlainValue(_ods.get_icache_preload_status(b, result_type=int64.to_ir()), int64)


_api.publish_all(globals(), (("data_cache_clean_and_invalid", "DataCacheCleanAndInvalid"), ("icache_preload", "ICachePreLoad"),
               ("get_icache_preload_status", "GetICachePreloadStatus")))

