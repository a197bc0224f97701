"""Low-level runtime (`asc.lib.runtime`): streams, devices and the selected part; the spec's types
(`support`); device memory (simulator only) and device binaries (NPU only); docs/runtime.md.

On the Model backend a stream is an in-order queue whose launches run
synchronously on the simulator, so `synchronize` has nothing left to wait for.
"""

from __future__ import annotations

import ctypes
import itertools
import numbers
import struct
import weakref
from typing import Any

import numpy as np

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
    MemoryType,
    MsprofTaskType,
    ProfilingCommandHandle,
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
    """Destroys a stream: a launch on it is then an error."""
    if not isinstance(stream_handle, Stream):
        raise TypeError(f"destroy_stream: stream_handle is an asc.lib.runtime.Stream, got {type(stream_handle).__name__}")
    stream_handle.destroyed = True
    if _state.streams.get(stream_handle.device_id) is stream_handle:
        del _state.streams[stream_handle.device_id]


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
    for found in list(npu_runtime._RUNTIMES.values()):
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


def _enum_value(value: Any, enum_type: Any, what: str) -> Any:
    if isinstance(value, enum_type):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        try:
            return enum_type(value)
        except ValueError:
            pass
    raise TypeError(f"device_info: {what} is an asc.lib.runtime.{enum_type.__name__}, got "
                    f"{type(value).__name__} {value!r}")


def device_info(module_type: DeviceModuleType, info_type: DeviceInfoType, device_id: int | None = None) -> int:
    """The number of cores of a device, from the part's row of the hardware table (config.platform_info):
    (RT_MODULE_TYPE_AICORE, INFO_TYPE_CORE_NUM) and (RT_MODULE_TYPE_AICORE, INFO_TYPE_CUBE_NUM) are its
    cube (AI) cores, (RT_MODULE_TYPE_VECTOR_CORE, INFO_TYPE_CORE_NUM) its vector cores."""
    module = _enum_value(module_type, DeviceModuleType, "module_type")
    info = _enum_value(info_type, DeviceInfoType, "info_type")
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


# -- memory ---------------------------------------------------------------------------------------


class Memory:
    """Device memory from `malloc` (on the simulator, host memory the handle owns). `value` is its
    address, as CANN's pointer handle has; `nbytes` its size; `freed` whether `free` released it."""

    __slots__ = ("_buffer", "nbytes", "device_id", "memory_type", "policy", "__weakref__")

    def __init__(self, nbytes: int, memory_type: MemoryType, policy: MallocPolicy, device_id: int) -> None:
        self._buffer: np.ndarray | None = np.zeros(nbytes, dtype=np.uint8)
        self.nbytes = nbytes
        self.memory_type = memory_type
        self.policy = policy
        self.device_id = device_id

    @property
    def freed(self) -> bool:
        return self._buffer is None

    @property
    def value(self) -> int | None:
        return None if self._buffer is None else self._buffer.ctypes.data

    def _release(self) -> None:
        self._buffer = None
        _state.memories.discard(self)

    def _bytes(self, what: str) -> np.ndarray:
        if self._buffer is None:
            raise ValueError(f"{what}: {self!r} was freed (rt.free, rt.free_mem or rt.reset_device)")
        return self._buffer

    def __repr__(self) -> str:
        state = "freed" if self._buffer is None else hex(self._buffer.ctypes.data)
        return f"Memory({self.nbytes} bytes, device={self.device_id}, {state})"


def _require_model(what: str) -> None:
    if config.current_backend() is not config.Backend.Model:
        raise RuntimeError(f"{what}: pyasc's NPU backend does not expose CANN's device memory calls; a kernel "
                           "launch copies numpy arrays and torch tensors to and from the device itself "
                           "(docs/runtime.md, Low-level runtime)")


def _memory_enum(value: Any, enum_type: Any, what: str) -> Any:
    if isinstance(value, enum_type):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        try:
            return enum_type(value)
        except ValueError:
            pass
    names = ", ".join(m.name for m in enum_type)
    raise ValueError(f"malloc: {what} is an asc.lib.runtime.{enum_type.__name__} ({names}), got {value!r}")


def _byte_count(value: Any, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{where}: {what} is an int number of bytes, got {type(value).__name__} {value!r}")
    if value <= 0:
        raise ValueError(f"{where}: {what} must be at least 1 byte, got {value}")
    return int(value)


def malloc(size: int, memory_type: MemoryType = MemoryType.RT_MEMORY_DEFAULT,
           policy: MallocPolicy = MallocPolicy.RT_MEMORY_POLICY_NONE) -> Memory:
    """`size` bytes of device memory, zeroed (on the simulator, host memory the handle owns)."""
    _require_model("malloc")
    nbytes = _byte_count(size, "size", "malloc")
    memory = Memory(nbytes, _memory_enum(memory_type, MemoryType, "memory_type"),
                    _memory_enum(policy, MallocPolicy, "policy"), config.current_device())
    _state.memories.add(memory)
    return memory


def _host_bytes(obj: Any, writable: bool, what: str) -> np.ndarray:
    if isinstance(obj, (bytes, bytearray, memoryview)):
        array = np.frombuffer(obj, dtype=np.uint8)
    elif isinstance(obj, np.ndarray):
        if not obj.flags.c_contiguous:
            raise ValueError(f"{what} must be C-contiguous (np.ascontiguousarray)")
        array = obj.reshape(-1).view(np.uint8)
    else:
        raise TypeError(f"{what} is host memory for this kind: a numpy array, bytes or bytearray (pyasc checks "
                        f"its size), got {type(obj).__name__}")
    if writable and not array.flags.writeable:
        raise ValueError(f"{what} is read-only ({type(obj).__name__})")
    return array


_DEVICE_SIDES = {
    MemcpyKind.RT_MEMCPY_HOST_TO_HOST: (False, False),
    MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE: (True, False),
    MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST: (False, True),
    MemcpyKind.RT_MEMCPY_DEVICE_TO_DEVICE: (True, True),
}


def _side(obj: Any, on_device: bool, writable: bool, what: str) -> np.ndarray:
    if on_device:
        if not isinstance(obj, Memory):
            raise TypeError(f"{what} is device memory for this kind: an asc.lib.runtime.Memory from rt.malloc, got "
                            f"{type(obj).__name__}")
        return obj._bytes(what)
    if isinstance(obj, Memory):
        raise TypeError(f"{what} is host memory for this kind (a numpy array, bytes or bytearray), got a Memory "
                        "from rt.malloc: choose the MemcpyKind that matches")
    return _host_bytes(obj, writable, what)


def memcpy(mem_dst_handle: Any, dst_nbytes: int, mem_src_handle: Any, src_nbytes: int, kind: MemcpyKind) -> None:
    """Copies `src_nbytes` bytes from `mem_src_handle` to `mem_dst_handle` (which has room for `dst_nbytes`).
    Device memory is a `Memory`; host memory a numpy array, bytes (source only) or bytearray."""
    _require_model("memcpy")
    if isinstance(kind, bool) or not isinstance(kind, (MemcpyKind, numbers.Integral)) or kind not in _DEVICE_SIDES:
        raise ValueError(f"memcpy: kind is an asc.lib.runtime.MemcpyKind "
                         f"({', '.join(k.name for k in MemcpyKind)}), got {kind!r}")
    dst_on_device, src_on_device = _DEVICE_SIDES[MemcpyKind(kind)]
    dst_n = _byte_count(dst_nbytes, "dst_nbytes", "memcpy")
    src_n = _byte_count(src_nbytes, "src_nbytes", "memcpy")
    dst = _side(mem_dst_handle, dst_on_device, True, "memcpy: the destination")
    src = _side(mem_src_handle, src_on_device, False, "memcpy: the source")
    if dst_n < src_n:
        raise ValueError(f"memcpy: dst_nbytes ({dst_n}) is smaller than src_nbytes ({src_n}): the copy does not fit")
    if dst_n > dst.nbytes:
        raise ValueError(f"memcpy: dst_nbytes ({dst_n}) is more than the destination's {dst.nbytes} bytes")
    if src_n > src.nbytes:
        raise ValueError(f"memcpy: src_nbytes ({src_n}) is more than the source's {src.nbytes} bytes")
    dst[:src_n] = src[:src_n]


def copy_data_to_device(src_mem_handle: Any, nbytes: int) -> Memory:
    """New device memory of `nbytes` bytes holding the first `nbytes` bytes of the host memory."""
    _require_model("copy_data_to_device")
    nbytes = _byte_count(nbytes, "nbytes", "copy_data_to_device")
    policy = MallocPolicy.RT_MEMORY_POLICY_HUGE_PAGE_ONLY if nbytes > 2048 else MallocPolicy.RT_MEMORY_POLICY_NONE
    memory = malloc(nbytes, MemoryType.RT_MEMORY_HBM, policy)
    try:
        memcpy(memory, nbytes, src_mem_handle, nbytes, MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    except BaseException:
        memory._release()
        raise
    return memory


def copy_data_from_device(mem_dst_handle: Any, mem_src_handle: Memory, nbytes: int) -> None:
    """Copies the first `nbytes` bytes of device memory into the host memory."""
    memcpy(mem_dst_handle, nbytes, mem_src_handle, nbytes, MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)


def free(mem_handle: Memory) -> None:
    """Releases device memory from `malloc`; freeing it again is a ValueError."""
    _require_model("free")
    if not isinstance(mem_handle, Memory):
        raise TypeError(f"free: takes an asc.lib.runtime.Memory from rt.malloc, got {type(mem_handle).__name__}")
    mem_handle._bytes("free")
    mem_handle._release()


def free_mem() -> None:
    """Releases every `malloc` memory not freed yet (pyasc's clean-up after a launch)."""
    for memory in list(_state.memories):
        memory._release()


# -- device binaries (NPU only) -------------------------------------------------------------------


def _require_npu(what: str) -> Any:
    if config.current_backend() is config.Backend.Model:
        raise RuntimeError(f"{what}: needs CANN's runtime and a device binary built by bisheng, which the simulator "
                           "does not use; an @asc.jit kernel launches without it (kernel[num_blocks](...)). Select "
                           "the NPU backend (config.set_platform(Backend.NPU)) to call it")
    runtime = _npu_runtime()
    with runtime.lock:
        runtime.ensure_device(config.current_device())
    return runtime


def _handle_value(handle: Any, what: str) -> int:
    value = handle.value if isinstance(handle, ctypes.c_void_p) else handle
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value == 0:
        raise TypeError(f"{what} is a handle (ctypes.c_void_p) returned by asc.lib.runtime, got {handle!r}")
    return int(value)


def register_device_binary_kernel(kernel_binary: bytes, core_type_id: int) -> Kernel:
    """NPU: registers a device binary (rtDevBinaryRegister); `core_type_id` is its magic (`magic_elf_value`)."""
    runtime = _require_npu("register_device_binary_kernel")
    if not isinstance(kernel_binary, (bytes, bytearray)) or not kernel_binary:
        raise TypeError(f"register_device_binary_kernel: kernel_binary is the binary's bytes, got "
                        f"{type(kernel_binary).__name__}")
    magic = int(core_type_id)
    if magic not in {int(m) for m in MagicElf}:
        raise ValueError(f"register_device_binary_kernel: core_type_id is a MagicElf value (magic_elf_value(core_"
                         f"type)), got {core_type_id!r}")
    data = ctypes.create_string_buffer(bytes(kernel_binary), len(kernel_binary))
    handle = ctypes.c_void_p()
    with runtime.lock:
        runtime.shim.call("pyasc_binary_register", magic, data, len(kernel_binary), ctypes.byref(handle))
    return handle


def unregister_device_binary_kernel(kernel_handle: Kernel) -> None:
    """NPU: unregisters a binary of register_device_binary_kernel (rtDevBinaryUnRegister), and its functions."""
    runtime = _require_npu("unregister_device_binary_kernel")
    handle = _handle_value(kernel_handle, "unregister_device_binary_kernel: kernel_handle")
    with runtime.lock:
        runtime.shim.call("pyasc_binary_unregister", handle)
    for stub, (_, owner) in list(_state.functions.items()):
        if owner == handle:
            del _state.functions[stub]


def register_function(kernel_handle: Kernel, fn_name: str, mode: int) -> Function:
    """NPU: registers the kernel `fn_name` of a binary (rtFunctionRegister); the handle is its stub, the
    launch_kernel takes. pyasc registers with mode 0, the only mode it supports."""
    runtime = _require_npu("register_function")
    handle = _handle_value(kernel_handle, "register_function: kernel_handle")
    if not isinstance(fn_name, str) or not fn_name:
        raise TypeError(f"register_function: fn_name is the kernel's symbol (a str), got {fn_name!r}")
    if mode != 0:
        raise ValueError(f"register_function: pyasc registers functions with mode 0 only, got {mode!r}")
    stub = ctypes.create_string_buffer(fn_name.encode())
    with runtime.lock:
        runtime.shim.call("pyasc_function_register", handle, stub)
    _state.functions[ctypes.addressof(stub)] = (stub, handle)
    return ctypes.c_void_p(ctypes.addressof(stub))


def _word(arg: Any, index: int) -> int:
    value = arg.value if isinstance(arg, (ctypes.c_void_p, ctypes._SimpleCData)) else arg
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value < 1 << 64:
        raise TypeError(f"launch_kernel: args[{index}] is a 64-bit argument word (an int or a ctypes integer: a "
                        f"device address or a scalar's bits), got {arg!r}")
    return int(value)


def launch_kernel(fn_handle: Function, block_num: int, args: Any, num_args: int | None = None,
                  sm_desc: Any = None, stream_handle: Stream | None = None) -> None:
    """NPU: launches a function of register_function on `block_num` blocks (rtKernelLaunch) with `args`, the
    kernel's 64-bit argument words; asynchronous: `synchronize(stream)` waits for it."""
    runtime = _require_npu("launch_kernel")
    stub = _handle_value(fn_handle, "launch_kernel: fn_handle")
    if stub not in _state.functions:
        raise ValueError("launch_kernel: fn_handle is not a function of register_function (or its binary was "
                         "unregistered)")
    if isinstance(block_num, bool) or not isinstance(block_num, numbers.Integral) or not 1 <= block_num <= 65535:
        raise ValueError(f"launch_kernel: block_num is an int from 1 to 65535, got {block_num!r}")
    words = list(args)
    count = len(words) if num_args is None else num_args
    if not 0 <= count <= len(words):
        raise ValueError(f"launch_kernel: num_args ({num_args}) is more than the {len(words)} args given")
    if sm_desc not in (None, 0):
        raise ValueError("launch_kernel: pyasc launches without an sm_desc (NULL); got one")
    if stream_handle is not None and not isinstance(stream_handle, Stream):
        raise TypeError(f"launch_kernel: stream_handle is an asc.lib.runtime.Stream, got {stream_handle!r}")
    blob = struct.pack(f"<{count}Q", *(_word(w, i) for i, w in enumerate(words[:count])))
    buffer = ctypes.create_string_buffer(blob, max(len(blob), 1))
    with runtime.lock:
        stream = runtime.stream_handle(stream_handle)
        runtime.shim.call("pyasc_kernel_launch", stub, int(block_num), buffer, len(blob), stream)


def _not_wrapped(what: str, instead: str) -> RuntimeError:
    return RuntimeError(f"{what}: pyasc does not wrap it on either backend; {instead}")


def set_pro_switch(command_type: Any, device_id: int | None = None, conf: int = 31) -> None:
    """Not wrapped: pyasc has no msprof profiling (rtProfSetProSwitch); a RuntimeError says so."""
    raise _not_wrapped("set_pro_switch", "the simulator reports each launch's timing in rt.last_launch()")


def npu_utils() -> Any:
    """Not wrapped: pyasc has no npu_utils helper module (ACL and msprof helpers); a RuntimeError says so."""
    raise _not_wrapped("npu_utils", "use acl_init / acl_finalize for ACL")


def call_print_interface(*args: Any, **kwargs: Any) -> None:
    """Not wrapped: a kernel's printf / dump_tensor output is printed by the launch itself; a RuntimeError says so."""
    raise _not_wrapped("call_print_interface",
                       "a kernel's printf / dump_tensor output is printed by its launch (docs/debugging.md)")


__all__ = [
    "Stream", "default_device", "current_device", "set_device", "device_count", "create_stream",
    "destroy_stream", "current_stream", "synchronize", "synchronize_device", "set_soc_version",
    "get_soc_version", "current_platform", "use_model", "use_npu", "is_model", "is_available",
    "last_launch", "CoreType", "DeviceInfoType", "DeviceModuleType", "Function", "Kernel", "MagicElf",
    "MallocPolicy", "MemcpyKind", "MemoryType", "MsprofTaskType", "ProfilingCommandHandle",
    "magic_elf_value", "msprof_task_type", "is_initialized", "check_device_handle", "reset_device",
    "device_info", "c2c_ctrl_addr", "current_tick", "acl_init", "acl_finalize", "Memory", "malloc", "memcpy",
    "copy_data_to_device", "copy_data_from_device", "free", "free_mem", "register_device_binary_kernel",
    "unregister_device_binary_kernel", "register_function", "launch_kernel", "set_pro_switch", "npu_utils",
    "call_print_interface",
]
