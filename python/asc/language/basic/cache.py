"""Cache maintenance: `DataCacheCleanAndInvalid`, `ICachePreLoad`, `GetICachePreloadStatus`."""

from __future__ import annotations

from typing import Any

from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import int64
from ..core.enums import CacheLine, DcciDst, ir_keyword
from ..core.ir_value import PlainValue
from ..core.tensor import GlobalTensor
from . import _api
from ._overload import INT, Kind, OverloadSet, Param, instance_of

_DCCI_OR_NONE = Kind("Optional[DcciDst]", lambda v: v is None or isinstance(v, DcciDst))


def _dcci(entire_type: CacheLine, dst: GlobalTensor, dcci_dst: DcciDst | None) -> None:
    api = "data_cache_clean_and_invalid"
    if dst.dtype is None:
        raise ValueError(f"{api}: 'dst' is a GlobalTensor that set_global_buffer never bound")
    if dcci_dst == DcciDst.CACHELINE_ATOMIC:
        raise ValueError(f"{api}: DcciDst.CACHELINE_ATOMIC is not supported on Ascend 910B/910C (A2/A3)")
    b = builder_for(api)
    attrs = {"entire_type": b.enum_attr("cache_line", ir_keyword(entire_type))}
    if dcci_dst is not None:
        attrs["dcci_dst"] = b.enum_attr("dcci_dst", ir_keyword(dcci_dst))
    b.create(f"asc.{api}", [dst.handle], attrs=attrs)


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
    if isinstance(length, int) and length < 0:
        raise ValueError(f"icache_preload: 'pre_fetch_len' must be non-negative, got {length}")
    b = builder_for("icache_preload")
    b.create("asc.icache_preload", [semantic.materialize(length, int64)])


@builtin
def get_icache_preload_status() -> PlainValue:
    """`GetICachePreloadStatus()`: 1 while an ICache preload is in progress, 0 when done (simulator)."""
    b = builder_for("get_icache_preload_status")
    return PlainValue(b.create1("asc.get_icache_preload_status", [], "i64"), int64)


_api.publish_all(globals(), (("data_cache_clean_and_invalid", "DataCacheCleanAndInvalid"), ("icache_preload", "ICachePreLoad"),
               ("get_icache_preload_status", "GetICachePreloadStatus")))

