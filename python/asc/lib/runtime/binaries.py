"""Device binaries of the low-level runtime (`asc.lib.runtime.register_device_binary_kernel`,
`register_function`, `launch_kernel`): CANN calls of the NPU backend, refused on the simulator; and the CANN
helpers pyasc does not wrap (docs/runtime.md, Low-level runtime)."""

from __future__ import annotations

import ctypes
import numbers
import struct
from typing import Any

from ...runtime import config
from . import Stream, _npu_runtime, _state
from .support import Function, Kernel, MagicElf


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
