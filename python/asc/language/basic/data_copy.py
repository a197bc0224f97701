"""Data movement between Global Memory and on-chip buffers (`AscendC::DataCopy`)."""

from __future__ import annotations

from typing import Any

from ..core.builtin import builder_for, builtin
from . import _checks


@builtin
def data_copy(dst: Any, src: Any, count: Any) -> None:
    """Copies `count` elements from `src` to `dst` (GM→UB on MTE2, UB→GM on MTE3, UB→UB on V).

    `count * sizeof(dtype)` must be a multiple of 32 bytes.
    """
    _checks.tensor(dst, "data_copy", "dst")
    _checks.tensor(src, "data_copy", "src")
    _checks.same_dtype("data_copy", dst=dst, src=src)
    b = builder_for("data_copy")
    b.create("asc.data_copy", [dst.handle, src.handle, _checks.integer(count, "data_copy", "count")])
