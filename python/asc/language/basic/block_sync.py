"""Synchronisation between the pipes of one core (`SetFlag`, `WaitFlag`, `PipeBarrier`), between cores
(`CrossCoreSetFlag`, `CrossCoreWaitFlag`, `SyncAll`) and between blocks through a GM flag area (`IBSet`,
`IBWait`, `SyncAll`'s software form, `NotifyNextBlock`, `WaitPreBlock`).

Python checks the argument kinds and that template arguments are known at compile time; the verifier
checks the event, the flag id range, the mode and the pipe (category sync), and asc-kernel-type that the
kernel type has the cores a cross-core flag synchronises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..._C import _ods
from ..core import enums, semantic
from ..core.builtin import builder_for, builtin
from ..core.ir_value import described
from ..core.tensor import GlobalTensor, LocalTensor
from . import _api, _checks

if TYPE_CHECKING:
    from ..core.enums import HardEvent, MemDsbT, PipeID


def _flag(api: str, builder: Callable[..., Any], event: Any, event_id: Any) -> None:
    if not isinstance(event, enums.HardEvent):
        raise TypeError(f"{api}: 'event' must be an asc.HardEvent (e.g. asc.HardEvent.MTE2_V), "
                        f"got {event!r}")
    builder(builder_for(api), _checks.integer(event_id, api, "event_id"), event=event)


@builtin
def set_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`SetFlag<event>(event_id)`: sets the flag in the event's source pipe."""
    _flag("set_flag", _ods.set_flag, event, event_id)


@builtin
def wait_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`WaitFlag<event>(event_id)`: the event's destination pipe waits for the flag."""
    _flag("wait_flag", _ods.wait_flag, event, event_id)


@builtin
def pipe_barrier(pipe: PipeID) -> None:
    """`PipeBarrier<pipe>()`: later instructions of `pipe` wait for its earlier ones."""
    if not isinstance(pipe, enums.PipeID):
        raise TypeError(f"pipe_barrier: 'pipe' must be an asc.PipeID, got {pipe!r}")
    _ods.pipe_barrier(builder_for("pipe_barrier"), pipe=pipe)


@builtin
def data_sync_barrier(arg0: MemDsbT) -> None:
    """`DataSyncBarrier<arg0>()`: waits until the scalar's earlier GM (`MemDsbT.DDR`), UB (`UB`) or all
    (`ALL`, `SEQ`) memory accesses have completed. It orders the scalar's own accesses, not the pipes'
    instructions (set_flag/wait_flag and pipe_barrier do that); on the simulator, whose scalar accesses
    complete at issue, it changes nothing (docs/sync.md)."""
    if not isinstance(arg0, enums.MemDsbT):
        raise TypeError(f"data_sync_barrier: 'arg0' must be an asc.MemDsbT (ALL, DDR, UB or SEQ), got {arg0!r}")
    _ods.data_sync_barrier(builder_for("data_sync_barrier"), arg0=arg0)


def _cross_core(api: str, builder: Callable[..., Any], flag_id: Any, mode_id: Any, pipe: Any) -> None:
    mode_id = semantic.python_scalar(mode_id)  # a numpy integer is an int
    if isinstance(mode_id, bool) or not isinstance(mode_id, int):
        raise TypeError(f"{api}: 'mode_id' must be a compile-time int (0, 1 or 2), got {described(mode_id)}")
    if not isinstance(pipe, enums.PipeID):
        raise TypeError(f"{api}: 'pipe' must be an asc.PipeID, got {pipe!r}")
    builder(builder_for(api), _checks.integer(flag_id, api, "flag_id"), mode_id=mode_id, pipe=pipe)


@builtin
def cross_core_set_flag(flag_id: Any, mode_id: int, pipe: PipeID) -> None:
    """`CrossCoreSetFlag<mode_id, pipe>(flag_id)`: once `pipe`'s earlier instructions are done, counts up
    flag `flag_id` (0-15) of the cores mode `mode_id` names: 0 every AIC or every AIV of the launch, 1 the
    AIVs of one AI Core, 2 an AIC and its AIVs (MIX kernel types only)."""
    _cross_core("cross_core_set_flag", _ods.cross_core_set_flag, flag_id, mode_id, pipe)


@builtin
def cross_core_wait_flag(flag_id: Any, mode_id: int, pipe: PipeID) -> None:
    """`CrossCoreWaitFlag<mode_id, pipe>(flag_id)`: waits until flag `flag_id` was counted up, then counts
    it down (Ascend 910B/910C: every pipe of the core waits)."""
    _cross_core("cross_core_wait_flag", _ods.cross_core_wait_flag, flag_id, mode_id, pipe)


def _aiv_only(api: str, is_aiv_only: Any) -> bool:
    flag = semantic.compile_time_bool(is_aiv_only)
    if flag is None:
        raise TypeError(f"{api}: 'is_aiv_only' must be a compile-time bool, "
                        f"got {described(semantic.python_scalar(is_aiv_only))}")
    return flag


def _workspaces(api: str, gm_workspace: Any, ub_workspace: Any) -> tuple[Any, Any]:
    gm = _checks.tensor(gm_workspace, api, "gm_workspace", (GlobalTensor,))
    ub = _checks.tensor(ub_workspace, api, "ub_workspace", (LocalTensor,))
    return gm.handle, ub.handle


@builtin
def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0,
             is_aiv_only: Any = True) -> None:
    """`SyncAll<is_aiv_only>()`, the hardware form: a barrier of every AIV of the launch (or, with
    `is_aiv_only=False`, of every core), built on cross-core flags 11-14; it needs a MIX kernel type, which
    the compiler infers (MIX_AIV_1_0 for a vector kernel, MIX_AIC_1_2 with `is_aiv_only=False`).

    `SyncAll<true>(gm_workspace, ub_workspace, used_cores)`, the software form: a barrier of the first
    `used_cores` blocks (0: all) of a vector kernel through the int32 GM flag area `gm_workspace` (at least
    get_block_num() * 32 bytes, zero before the launch), staged through the int32 UB tensor `ub_workspace`
    (at least get_block_num() * 32 bytes). Each block writes how many barriers it has reached into its
    32-byte slot and waits until every participant's slot has reached as many (docs/sync.md)."""
    if isinstance(gm_workspace, bool) and ub_workspace is None:
        # `sync_all(False)`: the hardware form's one parameter given by position (pyasc_api.md §1.5.10
        # lists that form first, and the first form whose parameters the arguments fit is the one called).
        if is_aiv_only is not True:
            raise TypeError("sync_all: 'is_aiv_only' is given both by position and by keyword")
        gm_workspace, is_aiv_only = None, gm_workspace
    aiv_only = _aiv_only("sync_all", is_aiv_only)
    if gm_workspace is None and ub_workspace is None:
        if not (isinstance(used_cores, int) and not isinstance(used_cores, bool) and used_cores == 0):
            raise TypeError("sync_all: 'used_cores' belongs to the software form; pass gm_workspace and "
                            "ub_workspace too")
        _ods.sync_all(builder_for("sync_all"), is_aiv_only=aiv_only)
        return
    if gm_workspace is None or ub_workspace is None:
        raise TypeError("sync_all: the software form needs both 'gm_workspace' and 'ub_workspace'")
    gm, ub = _workspaces("sync_all", gm_workspace, ub_workspace)
    _ods.sync_all_soft(builder_for("sync_all"), gm, ub, _checks.integer(used_cores, "sync_all", "used_cores"),
                       is_aiv_only=aiv_only)


def _ib(api: str, builder: Callable[..., Any], gm_workspace: Any, ub_workspace: Any, block_idx: Any,
        event_id: Any, is_aiv_only: Any) -> None:
    aiv_only = _aiv_only(api, is_aiv_only)
    gm, ub = _workspaces(api, gm_workspace, ub_workspace)
    builder(builder_for(api), gm, ub, _checks.integer(block_idx, api, "block_idx"),
            _checks.integer(event_id, api, "event_id"), is_aiv_only=aiv_only)


@builtin
def ib_set(gm_workspace: GlobalTensor, ub_workspace: LocalTensor, block_idx: Any, event_id: Any,
           is_aiv_only: bool = True) -> None:
    """`IBSet<is_aiv_only>(gm_workspace, ub_workspace, block_idx, event_id)`: once this core's earlier
    instructions are done, sets the flag (`block_idx`, `event_id`) in the int32 GM flag area `gm_workspace`
    (zero before the launch; at least (cores * max event_id + max block_idx + 1) * 32 bytes, cores =
    get_block_num(), twice that in a MIX kernel). `ub_workspace` is an int32 UB tensor of at least 32 bytes.
    The `ib_wait` with the same `block_idx` and `event_id`, on any block, waits for it."""
    _ib("ib_set", _ods.ib_set, gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


@builtin
def ib_wait(gm_workspace: GlobalTensor, ub_workspace: LocalTensor, block_idx: Any, event_id: Any,
            is_aiv_only: bool = True) -> None:
    """`IBWait<is_aiv_only>(gm_workspace, ub_workspace, block_idx, event_id)`: waits until the flag
    (`block_idx`, `event_id`) is set, clears it, then lets this core's later instructions start: what the
    setting block wrote before its `ib_set` is visible after the wait."""
    _ib("ib_wait", _ods.ib_wait, gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


@builtin
def notify_next_block(gm_workspace: GlobalTensor, ub_workspace: LocalTensor) -> None:
    """`NotifyNextBlock(gm_workspace, ub_workspace)`: once this core's earlier instructions are done, sets this
    block's flag (its 32-byte slot of the int32 GM flag area, at least get_block_num() * 32 bytes, zero before
    the launch), which the next block's `wait_pre_block` waits for."""
    gm, ub = _workspaces("notify_next_block", gm_workspace, ub_workspace)
    _ods.notify_next_block(builder_for("notify_next_block"), gm, ub)


@builtin
def wait_pre_block(gm_workspace: GlobalTensor, ub_workspace: LocalTensor) -> None:
    """`WaitPreBlock(gm_workspace, ub_workspace)`: block 0 goes on; block b waits until block b - 1 called
    `notify_next_block`: the region between the two runs block after block, in block order."""
    gm, ub = _workspaces("wait_pre_block", gm_workspace, ub_workspace)
    _ods.wait_pre_block(builder_for("wait_pre_block"), gm, ub)


_api.publish_all(globals(), (("set_flag", "SetFlag"), ("wait_flag", "WaitFlag"), ("pipe_barrier", "PipeBarrier"),
                             ("cross_core_set_flag", "CrossCoreSetFlag"),
                             ("cross_core_wait_flag", "CrossCoreWaitFlag"), ("sync_all", "SyncAll"),
                             ("ib_set", "IBSet"), ("ib_wait", "IBWait"), ("notify_next_block", "NotifyNextBlock"),
                             ("wait_pre_block", "WaitPreBlock"),
                             ("data_sync_barrier", "DataSyncBarrier")))
