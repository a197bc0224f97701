"""System variables: which block this core runs, how many there are, and the core's counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, int32, int64, uint32
from ..core.ir_value import PlainValue
from . import _api


def _query(api: str, builder: Callable[..., Any], dtype: DataType = int32) -> PlainValue:
    return PlainValue(builder(builder_for(api), result_type=dtype.to_ir()), dtype)


@builtin
def get_block_idx() -> PlainValue:
    """Index of the block this core runs, in [0, num_blocks)."""
    return _query("get_block_idx", _ods.get_block_idx)


@builtin
def get_block_num() -> PlainValue:
    """Number of blocks of the launch."""
    return _query("get_block_num", _ods.get_block_num)


@builtin
def get_sub_block_idx() -> PlainValue:
    """Index of this vector core within its AI Core (0 on the simulator: AIV-only launches)."""
    return _query("get_sub_block_idx", _ods.get_sub_block_idx)


@builtin
def get_sub_block_num() -> PlainValue:
    """Vector cores per AI Core task (1 for AIV-only launches)."""
    return _query("get_sub_block_num", _ods.get_sub_block_num)


@builtin
def get_task_ratio() -> PlainValue:
    """Vector cores per cube core of the launch (1 unless MIX 1:2)."""
    return _query("get_task_ratio", _ods.get_task_ratio)


@builtin
def get_data_block_size_in_bytes() -> PlainValue:
    """Size of a data block: 32 bytes."""
    return _query("get_data_block_size_in_bytes", _ods.get_data_block_size_in_bytes)


@builtin
def get_program_counter() -> PlainValue:
    """`GetProgramCounter()` (int64)."""
    return _query("get_program_counter", _ods.get_program_counter, int64)


@builtin
def get_system_cycle() -> PlainValue:
    """`GetSystemCycle()`: the 50-MHz system counter (int64); µs = cycles / 50."""
    return _query("get_system_cycle", _ods.get_system_cycle, int64)


@builtin
def get_arch_version(core_version: Any) -> PlainValue:
    """`GetArchVersion(v)` on a uint32 variable initialised from `core_version`. pyasc returns None;
    this returns the version written (uint32), which callers may ignore."""
    core_version = semantic.python_scalar(core_version)  # a numpy integer is an int
    if isinstance(core_version, bool) or not isinstance(core_version, (int, PlainValue)) or (
            isinstance(core_version, PlainValue) and not core_version.dtype.is_int()):
        raise TypeError(f"get_arch_version: 'core_version' must be an integer, got {core_version!r}")
    operand = semantic.materialize(core_version, uint32)
    return PlainValue(_ods.get_arch_version(builder_for("get_arch_version"), operand, result_type="i32"), uint32)


@builtin
def trap() -> None:
    """`Trap()`: stops the core; the launch fails with a KernelError naming this line."""
    _ods.trap(builder_for("trap"))


_api.publish_all(globals(), (("get_block_idx", "GetBlockIdx"), ("get_block_num", "GetBlockNum"), ("get_sub_block_idx", "GetSubBlockIdx"), ("get_sub_block_num", "GetSubBlockNum"),
               ("get_task_ratio", "GetTaskRatio"), ("get_data_block_size_in_bytes", "GetDataBlockSizeInBytes"),
               ("get_program_counter", "GetProgramCounter"), ("get_system_cycle", "GetSystemCycle"),
               ("get_arch_version", "GetArchVersion"), ("trap", "Trap")))

