"""`AscendC::Scatter`, which Ascend 910B/910C (A2/A3) do not implement.

The API keeps pyasc's overloads and keywords, but compiling a call for one of those platforms fails with an
error naming the platform (ascendc_api.md §6.9). The dialect ops and the simulator still implement Scatter
(sim/VECTOR.md) for a platform that has it; every platform configured today is A2/A3.
"""

from __future__ import annotations

from typing import Any

from ...runtime.config import current_platform, platform_info
from ..core.dtype import uint32
from ..core.tensor import LocalTensor
from . import _checks
from ._families import GATHER_TYPES, ApiInfo, _Call, _check_dtypes, _register
from ._overload import INT, INT_LIST, OverloadSet, Param, instance_of

LOCAL = instance_of(LocalTensor)
_A2_A3_ARCH = "dav-c220"


def _scatter_api() -> Any:
    info = ApiInfo("scatter", "Scatter", "gather/scatter", GATHER_TYPES,
                   note="not supported on Ascend 910B/910C: rejected at compile time")
    d = OverloadSet("scatter")

    def operands(c: _Call, dst: Any, src: Any, dst_offset: Any, dst_base: Any) -> None:
        platform = current_platform()
        if platform_info(platform).arch == _A2_A3_ARCH:
            raise NotImplementedError(
                f"scatter: AscendC::Scatter is not supported on {platform.value} (Ascend 910B/910C, A2/A3); "
                "invert the offsets and use asc.gather (dst[i] = src at byte offset src_offset[i]), or write "
                "the elements one by one with LocalTensor.set_value")
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        c.tensor(dst_offset, "dst_offset")
        _checks.same_dtype("scatter", dst=dst, src=src)
        _check_dtypes(info, ("src", src))
        if dst_offset.dtype != uint32:
            raise TypeError(f"scatter: 'dst_offset' must hold uint32 byte offsets, got {dst_offset.dtype.name}")
        c.int(dst_base, "dst_base")

    def count(dst: Any, src: Any, dst_offset: Any, dst_base: Any, count: Any) -> None:
        c = _Call("scatter")
        operands(c, dst, src, dst_offset, dst_base)
        c.int(count, "count")
        c.emit("scatter")

    def masked(level: str, dst: Any, src: Any, dst_offset: Any, dst_base: Any, mask: Any, repeat_times: Any,
               src_rep_stride: Any) -> None:
        c = _Call("scatter")
        operands(c, dst, src, dst_offset, dst_base)
        c.mask_int(mask) if level == "l0" else c.mask_list(mask)
        c.int(repeat_times, "repeat_times")
        c.int(src_rep_stride, "src_rep_stride")
        c.emit(f"scatter_{level}")

    head = [Param("dst", LOCAL), Param("src", LOCAL), Param("dst_offset", LOCAL), Param("dst_base", INT)]
    for level, kind in (("l0", INT), ("l1", INT_LIST)):
        def form(dst: Any, src: Any, dst_offset: Any, dst_base: Any, mask: Any, repeat_times: Any,
                 src_rep_stride: Any, _level: str = level) -> None:
            masked(_level, dst, src, dst_offset, dst_base, mask, repeat_times, src_rep_stride)
        d.add(head + [Param("mask", kind), Param("repeat_times", INT), Param("src_rep_stride", INT)], form)
    d.add(head + [Param("count", INT)], count)
    return _register(info, d)


scatter = _scatter_api()

__all__ = ["scatter"]
