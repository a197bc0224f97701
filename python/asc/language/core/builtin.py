"""The active IR builder of a kernel compile, and the decorator for kernel-only API."""

from __future__ import annotations

import _thread
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from ...codegen.ir_builder import IRBuilder

_state = _thread._local()  # threading.local, without importing threading
F = TypeVar("F", bound=Callable[..., Any])


def current_builder() -> IRBuilder | None:
    return getattr(_state, "builder", None)


def set_builder(builder: IRBuilder | None) -> IRBuilder | None:
    """Installs `builder` for this thread and returns the previous one."""
    previous = current_builder()
    _state.builder = builder
    return previous


def builder_for(name: str) -> IRBuilder:
    b = current_builder()
    if b is None:
        raise RuntimeError(
            f"'{name}' cannot be called without initialization of global builder: "
            "it is kernel API and only works inside a function decorated with @asc.jit"
        )
    return b


def builtin(fn: F) -> F:
    """Marks kernel-side API: callable only while a kernel is being compiled."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        builder_for(fn.__name__)
        return fn(*args, **kwargs)

    # What functools.wraps(fn) does, as plain assignments: ~50 API functions are wrapped when the basic API is imported,
    # and update_wrapper's getattr/setattr loop costs twice as much.
    wrapper.__module__, wrapper.__name__, wrapper.__qualname__ = fn.__module__, fn.__name__, fn.__qualname__
    wrapper.__doc__, wrapper.__annotations__ = fn.__doc__, fn.__annotations__
    wrapper.__dict__.update(fn.__dict__)
    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    wrapper.__asc_builtin__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def is_builtin(obj: object) -> bool:
    return bool(getattr(obj, "__asc_builtin__", False))
