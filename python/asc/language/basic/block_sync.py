"""Synchronisation between the pipes of one core (`SetFlag`, `WaitFlag`, `PipeBarrier`) and between
cores (`CrossCoreSetFlag`, `CrossCoreWaitFlag`).

Python checks the argument kinds and that template arguments are known at compile time; the verifier
checks the event, the flag id range, the mode and the pipe (category sync), and asc-kernel-type that the
kernel type has the cores a cross-core flag synchronises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._C import _ods
from ..core.builtin import builder_for, builtin
from ..core.enums import HardEvent, PipeID
from . import _api, _checks


def _flag(api: str, builder: Callable[..., Any], event: Any, event_id: Any) -> None:
    if not isinstance(event, HardEvent):
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
    if not isinstance(pipe, PipeID):
        raise TypeError(f"pipe_barrier: 'pipe' must be an asc.PipeID, got {pipe!r}")
    _ods.pipe_barrier(builder_for("pipe_barrier"), pipe=pipe)


def _cross_core(api: str, builder: Callable[..., Any], flag_id: Any, mode_id: Any, pipe: Any) -> None:
    if isinstance(mode_id, bool) or not isinstance(mode_id, int):
        raise TypeError(f"{api}: 'mode_id' must be a compile-time int (0, 1 or 2), got {type(mode_id).__name__}")
    if not isinstance(pipe, PipeID):
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


@builtin
def sync_all(*args: Any, is_aiv_only: Any = True, **kwargs: Any) -> None:
    """`SyncAll<is_aiv_only>()`: a barrier of every AIV of the launch (or, with `is_aiv_only=False`, of every
    core), built on cross-core flags 11-14; it needs a MIX kernel type, which the compiler infers
    (MIX_AIV_1_0 for a vector kernel, MIX_AIC_1_2 with `is_aiv_only=False`). The software form
    `sync_all(gm_workspace, ub_workspace, used_cores=0, is_aiv_only=True)` is refused."""
    if args or kwargs:
        raise NotImplementedError(
            "sync_all: the software form (gm_workspace, ub_workspace, used_cores) is not implemented; call "
            "sync_all() or sync_all(is_aiv_only=False), the hardware form (cross-core flags 11-14)")
    if not isinstance(is_aiv_only, bool):
        raise TypeError(f"sync_all: 'is_aiv_only' must be a compile-time bool, got {type(is_aiv_only).__name__}")
    _ods.sync_all(builder_for("sync_all"), is_aiv_only=is_aiv_only)


_api.publish_all(globals(), (("set_flag", "SetFlag"), ("wait_flag", "WaitFlag"), ("pipe_barrier", "PipeBarrier"),
                             ("cross_core_set_flag", "CrossCoreSetFlag"),
                             ("cross_core_wait_flag", "CrossCoreWaitFlag"), ("sync_all", "SyncAll")))
