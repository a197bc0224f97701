"""Low-level runtime: streams, devices and the selected part (`asc.lib.runtime`).

On the Model backend a stream is an in-order queue whose launches run
synchronously on the simulator, so `synchronize` has nothing left to wait for.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..._record import Record, factory
from ...runtime import config
from .support import (CoreType, DeviceInfoType, DeviceModuleType, Function, Kernel, MagicElf,
                      MallocPolicy, MemcpyKind, MemoryType, MsprofTaskType, ProfilingCommandHandle,
                      magic_elf_value, msprof_task_type)

_ids = itertools.count(1)


class Stream(Record, eq=False):
    """A launch queue on one device."""

    device_id: int = 0
    priority: int = 0
    handle: int = factory(lambda: next(_ids))
    #: Set by destroy_stream: a launch on it is an error, as on the NPU.
    destroyed: bool = False

    def synchronize(self) -> None:
        return None

    def __repr__(self) -> str:
        return f"Stream(device={self.device_id}, id={self.handle})"


class _State(Record):
    streams: dict = factory(dict)
    last_launch: Any = None


_state = _State()


def default_device() -> int:
    return 0


def current_device() -> int:
    return config.current_device()


def set_device(device_id: int) -> None:
    config.set_device(device_id)


def device_count() -> int:
    """1 on the simulator; on the NPU, what the runtime reports (rtGetDeviceCount)."""
    if config.current_backend() is config.Backend.Model:
        return 1
    from ...runtime.backends import npu, npu_runtime

    return npu_runtime.runtime(npu.require_cann()).device_count()


def create_stream(priority: int = 0) -> Stream:
    return Stream(config.current_device(), priority)


def destroy_stream(stream: Stream) -> None:
    stream.destroyed = True
    if _state.streams.get(stream.device_id) is stream:
        del _state.streams[stream.device_id]


def current_stream(device_id: int | None = None) -> Stream:
    """pyasc's own default stream of `device_id` (created on first use)."""
    if device_id is not None:
        config.check_device(device_id)
    dev = config.current_device() if device_id is None else device_id
    stream = _state.streams.get(dev)
    if stream is None:
        stream = _state.streams[dev] = Stream(dev)
    return stream


def synchronize(stream: Stream | None = None, timeout: int = 0) -> None:
    return None


def synchronize_device() -> None:
    return None


def set_soc_version(platform: config.Platform | str) -> None:
    """Selects the part the kernels are compiled for and simulated as (keeps the backend)."""
    config.set_soc_version(platform)


def get_soc_version() -> config.Platform:
    return config.current_platform()


def current_platform() -> str:
    return config.current_platform().value


def use_model(custom_lib_prefix: str | None = None) -> None:
    """Selects the simulator (keeps the part)."""
    config.set_backend(config.Backend.Model)


def use_npu(*args: Any, **kwargs: Any) -> None:
    """Selects the NPU through CANN (keeps the part); raises a RuntimeError without CANN."""
    config.set_backend(config.Backend.NPU)


def is_model() -> bool:
    return config.current_backend() is config.Backend.Model


def is_available() -> bool:
    """Whether a launch can happen on the current backend: always on the simulator; on the NPU
    when CANN is complete, the runtime shim builds and loads, and the runtime reports a device."""
    if config.current_backend() is config.Backend.Model:
        return True
    from ...runtime.backends import npu, npu_runtime

    try:
        return npu_runtime.runtime(npu.require_cann()).device_count() > 0
    except RuntimeError:
        return False


def last_launch() -> Any:
    """The simulator's report of the most recent launch (timing per pipe, duration)."""
    return _state.last_launch


def _record_launch(report: Any) -> None:
    _state.last_launch = report


__all__ = [
    "Stream", "default_device", "current_device", "set_device", "device_count", "create_stream",
    "destroy_stream", "current_stream", "synchronize", "synchronize_device", "set_soc_version",
    "get_soc_version", "current_platform", "use_model", "use_npu", "is_model", "is_available",
    "last_launch", "CoreType", "DeviceInfoType", "DeviceModuleType", "Function", "Kernel", "MagicElf",
    "MallocPolicy", "MemcpyKind", "MemoryType", "MsprofTaskType", "ProfilingCommandHandle",
    "magic_elf_value", "msprof_task_type",
]
