"""A TBuf slice beyond the buffer is reported under the API the kernel called: `get_with_offset`
errors said "get of 240 bytes ..." (the simulator named every TBuf slice `get`)."""

from __future__ import annotations

import numpy as np
import pytest

import asc
from asc.runtime.errors import KernelError


@asc.jit
def slice_past_the_end(x: asc.GlobalAddress, n: int, with_offset: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    if with_offset == 1:
        t = buf.get_with_offset(n, 32, asc.float32)  # LINE-OFFSET
        asc.duplicate(t, 1.0, 8)
    else:
        u = buf.get(asc.float32, n)  # LINE-GET
        asc.duplicate(u, 1.0, 8)


@pytest.mark.parametrize(("with_offset", "message", "line"), [
    (1, "get_with_offset of 240 bytes at byte offset 32 of", "LINE-OFFSET"),
    (0, "get of 288 bytes at byte offset 0 of", "LINE-GET"),
])
def test_tbuf_slice_errors_name_the_api(with_offset: int, message: str, line: str) -> None:
    n = 60 if with_offset else 72
    with pytest.raises(KernelError) as e:
        slice_past_the_end[1](np.zeros(8, dtype=np.float32), n, with_offset)
    assert e.value.category == "bounds"
    assert f"kernel 'slice_past_the_end' (block 0): {message}" in e.value.message
    assert e.value.message.endswith(", beyond its 256 bytes")
    assert line in str(e.value)
