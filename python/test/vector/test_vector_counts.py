"""A negative constant element count is a compile error at the call, for every count form.

Ascend C takes the count of some forms as `uint32_t` (Cast, Compare, Gather: ascendc_api.md §5.5,
§5.6, §5.8), so a negative count used to reach the simulator as ~4 G elements and fail at run time
with a UB range of gigabytes that did not say the count was negative.
"""

from __future__ import annotations

import numpy as np
import pytest

import asc
import asc.lib.runtime as rt
from asc.codegen.errors import CompileError


@asc.jit
def negative_count(x: asc.GlobalAddress, which: asc.ConstExpr[int], count: asc.ConstExpr[int]):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2048, 256)
    o = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 3072, 256)
    if which == 0:
        asc.cast(c.reinterpret_cast(asc.int32), a, asc.RoundMode.CAST_RINT, count)
    elif which == 1:
        asc.compare(c.reinterpret_cast(asc.uint8), a, b, asc.CMPMODE.LT, count)
    elif which == 2:
        asc.gather(c, a, o, 0, count)
    elif which == 3:
        asc.exp(c, a, count)
    else:
        asc.compare_scalar(c.reinterpret_cast(asc.uint8), a, 1.0, asc.CMPMODE.GT, count)


@pytest.mark.parametrize("which,api,line", [(0, "cast", 25), (1, "compare", 27), (2, "gather", 29),
                                            (3, "exp", 31), (4, "compare_scalar", 33)])
def test_negative_constant_count_is_a_compile_error(which: int, api: str, line: int) -> None:
    with pytest.raises(CompileError) as info:
        negative_count[1, rt.current_stream()](np.zeros(8, np.float32), which, -64)
    text = str(info.value)
    assert f"{api}: 'count' must be non-negative, but got -64" in text
    assert f"test_vector_counts.py:{line}:" in text
