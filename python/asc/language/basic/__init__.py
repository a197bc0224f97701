"""The basic kernel API (1:1 with Ascend C basic APIs)."""

from .block_sync import pipe_barrier, set_flag, wait_flag
from .data_copy import data_copy
from .sys_var import get_block_idx, get_block_num
from .vec_binary import add

__all__ = ["add", "data_copy", "get_block_idx", "get_block_num", "pipe_barrier", "set_flag", "wait_flag"]
