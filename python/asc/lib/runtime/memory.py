"""Device memory of the low-level runtime (`asc.lib.runtime.malloc` and the copies): on the simulator,
host memory a `Memory` handle owns; pyasc's NPU backend does not expose CANN's memory calls (docs/runtime.md,
Low-level runtime)."""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from ...runtime import config
from . import _state
from .support import MallocPolicy, MemcpyKind, MemoryType, enum_arg


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
    memory = Memory(nbytes, enum_arg(memory_type, MemoryType, "malloc: memory_type", ValueError),
                    enum_arg(policy, MallocPolicy, "malloc: policy", ValueError), config.current_device())
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
