"""The argument holders of `asc.mrg_sort` and `asc.mrg_sort4`: `MrgSortSrcList` and `MrgSort4Info`.

Both are compile-time holders: the emitter builds the Ascend C `MrgSortSrcList<T>` and `MrgSort4Info`
(whose element lengths are a C array) at the call that uses them.
"""

from __future__ import annotations

from typing import Any

from .ir_value import described
from .tensor import LocalTensor


class MrgSortSrcList:
    """`AscendC::MrgSortSrcList<T>`: the (up to) four sorted lists of a merge. Lists left out repeat
    `src1` in the C++ call; `valid_bit` says which lists take part."""

    __slots__ = ("dtype", "tensors")

    def __init__(self, dtype: Any, src1: LocalTensor, src2: LocalTensor, src3: LocalTensor | None = None,
                 src4: LocalTensor | None = None) -> None:
        for name, t in (("src1", src1), ("src2", src2), ("src3", src3), ("src4", src4)):
            if t is not None and not isinstance(t, LocalTensor):
                raise TypeError(f"MrgSortSrcList: '{name}' must be a LocalTensor, got {described(t)}")
        self.dtype = dtype
        self.tensors = tuple(t if t is not None else src1 for t in (src1, src2, src3, src4))


class MrgSort4Info:
    """`AscendC::MrgSort4Info`: the element count of each list, whether to stop when a list runs out,
    the lists taking part (`valid_bit`: 0b11, 0b111 or 0b1111) and the repeat count."""

    __slots__ = ("element_lengths", "if_exhausted_suspension", "valid_bit", "repeat_times")

    def __init__(self, element_lengths: Any, if_exhausted_suspension: Any = False, valid_bit: Any = 15,
                 repeat_times: Any = 1) -> None:
        lengths = list(element_lengths)
        if len(lengths) != 4:
            raise ValueError(f"MrgSort4Info: 'element_lengths' must hold 4 counts, got {len(lengths)}")
        self.element_lengths = lengths
        self.if_exhausted_suspension = if_exhausted_suspension
        self.valid_bit = valid_bit
        self.repeat_times = repeat_times


__all__ = ["MrgSortSrcList", "MrgSort4Info"]
