"""System variables: which block this core runs and how many there are."""

from __future__ import annotations

from ..core.builtin import builder_for, builtin
from ..core.dtype import int32
from ..core.ir_value import PlainValue


@builtin
def get_block_idx() -> PlainValue:
    """Index of the block this core runs, in [0, num_blocks)."""
    return PlainValue(builder_for("get_block_idx").create1("asc.get_block_idx", [], "i32"), int32)


@builtin
def get_block_num() -> PlainValue:
    """Number of blocks of the launch."""
    return PlainValue(builder_for("get_block_num").create1("asc.get_block_num", [], "i32"), int32)
