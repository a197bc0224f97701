"""Synchronisation between the pipes of one core (`SetFlag`, `WaitFlag`, `PipeBarrier`).

Python checks the argument kinds; the verifier checks the event and the flag id range (category sync).
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


_api.publish_all(globals(), (("set_flag", "SetFlag"), ("wait_flag", "WaitFlag"), ("pipe_barrier", "PipeBarrier")))
