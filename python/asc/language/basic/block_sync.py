"""Synchronisation between the pipes of one core (`SetFlag`, `WaitFlag`, `PipeBarrier`)."""

from __future__ import annotations

from typing import Any

from ..core.builtin import builder_for, builtin
from ..core.enums import HardEvent, PipeID, ir_keyword
from . import _api, _checks


def _flag(api: str, event: Any, event_id: Any) -> None:
    if not isinstance(event, HardEvent):
        raise TypeError(f"{api}: 'event' must be an asc.HardEvent (e.g. asc.HardEvent.MTE2_V), "
                        f"got {event!r}")
    if isinstance(event_id, int) and not isinstance(event_id, bool) and not 0 <= event_id <= 7:
        raise ValueError(f"{api}: event_id must be in [0, 7], got {event_id}")
    b = builder_for(api)
    ev = b.enum_attr("hard_event", ir_keyword(event))
    b.create(f"asc.{api}", [_checks.integer(event_id, api, "event_id")], attrs={"event": ev})


@builtin
def set_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`SetFlag<event>(event_id)`: sets the flag in the event's source pipe."""
    _flag("set_flag", event, event_id)


@builtin
def wait_flag(event: HardEvent, event_id: Any = 0) -> None:
    """`WaitFlag<event>(event_id)`: the event's destination pipe waits for the flag."""
    _flag("wait_flag", event, event_id)


@builtin
def pipe_barrier(pipe: PipeID) -> None:
    """`PipeBarrier<pipe>()`: later instructions of `pipe` wait for its earlier ones."""
    if not isinstance(pipe, PipeID):
        raise TypeError(f"pipe_barrier: 'pipe' must be an asc.PipeID, got {pipe!r}")
    b = builder_for("pipe_barrier")
    b.create("asc.pipe_barrier", [], attrs={"pipe": b.enum_attr("pipe", ir_keyword(pipe))})


_api.publish_all(globals(), (("set_flag", "SetFlag"), ("wait_flag", "WaitFlag"), ("pipe_barrier", "PipeBarrier")))
