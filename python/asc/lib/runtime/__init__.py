"""Low-level runtime (`asc.lib.runtime`): streams, devices and the selected part; the spec's types
(`support`); device memory (`memory`, simulator only) and device binaries (`binaries`, NPU only), imported
on first use of one of their names; docs/runtime.md.

On the Model backend a stream is an in-order queue whose launches run
synchronously on the simulator, so `synchronize` has nothing left to wait for.
"""

from __future__ import annotations

import itertools
import sys
import weakref
from typing import Any

from ..._record import Record, factory
from ...runtime import config
from .support import (
    CoreType,
    DeviceInfoType,
    DeviceModuleType,
    Function,
    Kernel,
    MagicElf,
    MallocPolicy,
    MemcpyKind,
    MemorySizes,
    MemoryType,
    MsprofTaskType,
    ProfilingCommandHandle,
    enum_arg,
    magic_elf_value,
    msprof_task_type,
)

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
    #: Every live stream, so that reset_device can destroy those of its device.
    created: weakref.WeakSet = factory(weakref.WeakSet)
    last_launch: Any = None
    #: Simulated cycles of every launch so far (current_tick).
    ticks: int = 0
    #: Every live malloc'd Memory, for free_mem and reset_device.
    memories: weakref.WeakSet = factory(weakref.WeakSet)
    #: register_function's stubs by address: (the name buffer the stub points at, the binary's handle).
    functions: dict = factory(dict)


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


def _new_stream(device_id: int, priority: int = 0) -> Stream:
    stream = Stream(device_id, priority)
    _state.created.add(stream)
    return stream


def create_stream(priority: int = 0) -> Stream:
    return _new_stream(config.current_device(), priority)


def destroy_stream(stream_handle: Stream) -> None:
    """Destroys a stream: a launch on it is then an error; on the NPU its CANN stream, if a launch created
    one, is destroyed (rtStreamDestroy)."""
    if not isinstance(stream_handle, Stream):
        raise TypeError(f"destroy_stream: stream_handle is an asc.lib.runtime.Stream, got {type(stream_handle).__name__}")
    stream_handle.destroyed = True
    if _state.streams.get(stream_handle.device_id) is stream_handle:
        del _state.streams[stream_handle.device_id]
    npu_runtime = sys.modules.get("asc.runtime.backends.npu_runtime")  # not imported: no CANN stream exists
    if npu_runtime is not None:
        for runtime in npu_runtime.live_runtimes():
            runtime.destroy_stream(stream_handle)


def current_stream(device_id: int | None = None) -> Stream:
    """pyasc's own default stream of `device_id` (created on first use)."""
    if device_id is not None:
        config.check_device(device_id)
    dev = config.current_device() if device_id is None else device_id
    stream = _state.streams.get(dev)
    if stream is None:
        stream = _state.streams[dev] = _new_stream(dev)
    return stream


def synchronize(stream_handle: Stream | None = None, timeout: int = 0) -> None:
    """Waits for the stream's work: nothing is left on the simulator, nor after a kernel[...] launch on the
    NPU (it synchronises itself); on the NPU it waits for what launch_kernel queued (rtStreamSynchronize)."""
    if not isinstance(timeout, int) or isinstance(timeout, bool) or timeout < 0:
        raise TypeError(f"synchronize: timeout is a non-negative int (milliseconds, 0 = none), got {timeout!r}")
    if config.current_backend() is config.Backend.Model:
        return None  # launches on the simulator have finished when they return: no wait, none to time out
    if timeout:
        raise ValueError("synchronize: a timeout is not supported on the NPU backend (pyasc's CANN shim waits "
                         "with rtStreamSynchronize, which has none); call synchronize without timeout")
    from ...runtime.backends import npu_runtime

    stream = current_stream() if stream_handle is None else stream_handle
    for found in npu_runtime.live_runtimes():
        with found.lock:
            entry = found.streams.get(id(stream))
            if entry is not None and entry[0] is stream:
                found.shim.call("pyasc_stream_synchronize", entry[1])
    return None


def synchronize_device() -> None:
    return None


def set_soc_version(platform: config.Platform | str | None = None, *,
                    soc_verison: config.Platform | str | None = None) -> None:
    """Selects the part the kernels are compiled for and simulated as (keeps the backend). `soc_verison` is
    pyasc's keyword for it, spelled as pyasc spells it (pyasc_api.md Appendix A)."""
    if (platform is None) == (soc_verison is None):
        raise TypeError("set_soc_version takes one platform (by position, or as platform= or soc_verison=)")
    config.set_soc_version(platform if platform is not None else soc_verison)


def get_soc_version() -> config.Platform:
    return config.current_platform()


def current_platform() -> str:
    return config.current_platform().value


def _no_lib_prefix(api: str, custom_lib_prefix: str | None, instead: str) -> None:
    # pyasc loads CANN's runtime library (libruntime.so, or libruntime_camodel.so for CANN's simulator)
    # from this prefix; pyasc here loads no such library for the simulator and finds CANN by its
    # environment, so a prefix would be accepted and ignored.
    if custom_lib_prefix is not None:
        raise ValueError(f"{api}: custom_lib_prefix is not supported: {instead}")


def use_model(custom_lib_prefix: str | None = None) -> None:
    """Selects the simulator (keeps the part)."""
    _no_lib_prefix("use_model", custom_lib_prefix, "the simulator is built into pyasc and loads no CANN "
                   "library; call use_model()")
    config.set_backend(config.Backend.Model)


def use_npu(custom_lib_prefix: str | None = None) -> None:
    """Selects the NPU through CANN (keeps the part); raises a RuntimeError without CANN."""
    _no_lib_prefix("use_npu", custom_lib_prefix, "the NPU backend finds CANN through ASCEND_HOME_PATH "
                   "(docs/npu.md); set it and call use_npu()")
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
    """The simulator's report of the most recent launch (timing per pipe, duration); None after a
    launch on the NPU backend, which has no such report."""
    return _state.last_launch


def _record_launch(report: Any) -> None:
    # JITFunction._launch's planned path does the same inline (no call on that path): keep them in step.
    _state.last_launch = report
    if report is not None:
        _state.ticks += report.cycles


def _npu_runtime() -> Any:
    from ...runtime.backends import npu, npu_runtime

    return npu_runtime.runtime(npu.require_cann())


def is_initialized() -> bool:
    """Whether the backend's runtime is set up: always on the simulator, which needs no set-up; on the
    NPU once pyasc's CANN runtime was (`acl_init`, or the first launch or device call)."""
    if config.current_backend() is config.Backend.Model:
        return True
    from ...runtime.backends import npu_runtime

    return bool(npu_runtime._RUNTIMES)


def check_device_handle(device_id: int) -> None:
    """Raises unless `device_id` is a device of the current backend: TypeError if it is not an int,
    ValueError if there is no such device (the simulator has device 0)."""
    config.check_device(device_id)
    if config.current_backend() is config.Backend.NPU:
        count = device_count()
        if not 0 <= device_id < count:
            raise ValueError(f"the NPU runtime reports {count} device(s) (0 to {count - 1}); got device {device_id}")


def reset_device(device_id: int | None = None) -> None:
    """Resets `device_id` (default: the current device): its streams are destroyed (a launch on one is
    an error; `current_stream()` gives a new default stream) and its `malloc` memory is freed. Later
    launches work as before. On the NPU the device is also reset (rtDeviceReset), with pyasc's
    registered kernels, which the next launch registers again."""
    dev = config.current_device() if device_id is None else device_id
    config.check_device(dev)
    for stream in list(_state.created):
        if stream.device_id == dev:
            stream.destroyed = True
    _state.streams.pop(dev, None)
    for memory in list(_state.memories):
        if memory.device_id == dev:
            memory._release()
    if config.current_backend() is config.Backend.NPU:
        from ...runtime.backends import npu_runtime

        for found in list(npu_runtime._RUNTIMES.values()):
            with found.lock:
                if found.device == dev:
                    found._release_device()
                    _state.functions.clear()  # rtDeviceReset dropped every binary of the device


def device_info(module_type: DeviceModuleType, info_type: DeviceInfoType, device_id: int | None = None) -> int:
    """The number of cores of a device, from the part's row of the hardware table (config.platform_info):
    (RT_MODULE_TYPE_AICORE, INFO_TYPE_CORE_NUM) and (RT_MODULE_TYPE_AICORE, INFO_TYPE_CUBE_NUM) are its
    cube (AI) cores, (RT_MODULE_TYPE_VECTOR_CORE, INFO_TYPE_CORE_NUM) its vector cores."""
    module = enum_arg(module_type, DeviceModuleType, "device_info: module_type", TypeError)
    info = enum_arg(info_type, DeviceInfoType, "device_info: info_type", TypeError)
    if device_id is not None:
        check_device_handle(device_id)
    platform = config.platform_info()
    answers = {
        (DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CORE_NUM): platform.aic_cores,
        (DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CUBE_NUM): platform.aic_cores,
        (DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE, DeviceInfoType.INFO_TYPE_CORE_NUM): platform.aiv_cores,
    }
    found = answers.get((module, info))
    if found is None:
        raise ValueError(f"device_info: pyasc answers core counts only: {', '.join(f'({m.name}, {i.name})' for m, i in answers)}"
                         f"; got ({module.name}, {info.name})")
    return found


#: What rtGetC2cCtrlAddr stands for on the simulator (pyasc's constant).
MODEL_C2C_CTRL_ADDR = 0xE7FFE8064000


def c2c_ctrl_addr() -> int:
    """The cross-core control (FFTS) base address: a constant on the simulator, rtGetC2cCtrlAddr on the NPU."""
    if config.current_backend() is config.Backend.Model:
        return MODEL_C2C_CTRL_ADDR
    runtime = _npu_runtime()
    with runtime.lock:
        runtime.ensure_device(config.current_device())
        return runtime.ffts_address()


def current_tick() -> int | None:
    """Simulator only: the simulated NPU cycles of every launch of this process so far (the sum of
    `last_launch().cycles`); None on the NPU."""
    if config.current_backend() is config.Backend.Model:
        return _state.ticks
    return None


def acl_init() -> None:
    """Nothing to do on the simulator; on the NPU sets up pyasc's CANN runtime (aclInit) unless it is. Idempotent."""
    if config.current_backend() is config.Backend.NPU:
        _npu_runtime()


def acl_finalize() -> None:
    """Nothing to do on the simulator; on the NPU releases pyasc's CANN runtime (devices reset, aclFinalize),
    which pyasc otherwise does at exit; a later launch sets it up again. Idempotent."""
    if config.current_backend() is config.Backend.NPU:
        from ...runtime.backends import npu_runtime

        npu_runtime._close_all()
        _state.functions.clear()


#: The names of the submodules, imported on first use (a launch needs neither).
_LAZY = {
    "memory": ("Memory", "malloc", "memcpy", "copy_data_to_device", "copy_data_from_device", "free", "free_mem"),
    "binaries": ("register_device_binary_kernel", "unregister_device_binary_kernel", "register_function",
                 "launch_kernel", "set_pro_switch", "npu_utils", "call_print_interface"),
}


def __getattr__(name: str) -> Any:
    for module, names in _LAZY.items():
        if name in names:
            import importlib

            value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Stream", "default_device", "current_device", "set_device", "device_count", "create_stream",
    "destroy_stream", "current_stream", "synchronize", "synchronize_device", "set_soc_version",
    "get_soc_version", "current_platform", "use_model", "use_npu", "is_model", "is_available",
    "last_launch", "CoreType", "DeviceInfoType", "DeviceModuleType", "Function", "Kernel", "MagicElf",
    "MallocPolicy", "MemcpyKind", "MemorySizes", "MemoryType", "MsprofTaskType", "ProfilingCommandHandle",
    "magic_elf_value", "msprof_task_type", "is_initialized", "check_device_handle", "reset_device",
    "device_info", "c2c_ctrl_addr", "current_tick", "acl_init", "acl_finalize", "Memory", "malloc", "memcpy",
    "copy_data_to_device", "copy_data_from_device", "free", "free_mem", "register_device_binary_kernel",
    "unregister_device_binary_kernel", "register_function", "launch_kernel", "set_pro_switch", "npu_utils",
    "call_print_interface",
]
