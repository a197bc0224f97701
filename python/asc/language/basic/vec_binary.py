"""Vector binary operations, tensor ⊕ tensor (`AscendC::Add`, ...), count form."""

from __future__ import annotations

from typing import Any

from ..core.builtin import builder_for, builtin
from ..core.tensor import LocalTensor
from . import _checks


def _binary(op: str, dst: Any, src0: Any, src1: Any, count: Any) -> None:
    for name, t in (("dst", dst), ("src0", src0), ("src1", src1)):
        _checks.tensor(t, op, name, (LocalTensor,))
    _checks.same_dtype(op, dst=dst, src0=src0, src1=src1)
    b = builder_for(op)
    b.create(f"asc.{op}", [dst.handle, src0.handle, src1.handle, _checks.integer(count, op, "count")])


@builtin
def add(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any) -> None:
    """`dst[i] = src0[i] + src1[i]` for the first `count` elements (PIPE_V)."""
    _binary("add", dst, src0, src1, count)
