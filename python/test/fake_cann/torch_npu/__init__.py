"""Fake CANN (pyasc tests): a stand-in for torch_npu. It names torch's PrivateUse1 device "npu" and
makes "npu" tensors whose data is allocated with the fake runtime's rtMalloc (host memory that the
fake runtime knows as device memory), so `data_ptr()` is a device address as an NPU tensor's is for
CANN. Factories called with device="npu" and every operation on such tensors compute on the CPU;
the results are copied into fresh device memory."""

from __future__ import annotations

import ctypes
import types
import weakref
from pathlib import Path
from typing import Any

import torch
from torch.utils._pytree import tree_map

_RUNTIME = ctypes.CDLL(str(Path(__file__).resolve().parents[2] / "lib64" / "libruntime.so"))
_RUNTIME.rtMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint16]
_RUNTIME.rtFree.argtypes = [ctypes.c_void_p]

torch.utils.rename_privateuse1_backend("npu")
NPU = torch.device("npu", 0)


class _DeviceModule(types.ModuleType):
    """`torch.npu`: one device."""

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def device_count() -> int:
        return 1

    @staticmethod
    def current_device() -> int:
        return 0

    @staticmethod
    def _is_in_bad_fork() -> bool:
        return False

    @staticmethod
    def manual_seed_all(seed: int) -> None:
        return None


torch._register_device_module("npu", _DeviceModule("torch.npu"))


class NpuTensor(torch.Tensor):
    _host: torch.Tensor

    @staticmethod
    def __new__(cls, value: torch.Tensor) -> NpuTensor:
        value = value.contiguous()
        nbytes = max(value.numel() * value.element_size(), 1)
        pointer = ctypes.c_void_p()
        if _RUNTIME.rtMalloc(ctypes.byref(pointer), nbytes, 0x2, 0) != 0:
            raise RuntimeError("fake torch_npu: rtMalloc failed")
        storage = (ctypes.c_char * nbytes).from_address(pointer.value)
        host = torch.frombuffer(storage, dtype=torch.uint8)[: value.numel() * value.element_size()]
        host = host.view(value.dtype).view(value.shape)
        host.copy_(value)
        t = torch.Tensor._make_wrapper_subclass(cls, host.shape, strides=host.stride(), dtype=host.dtype,
                                                device=NPU, requires_grad=False)
        t._host = host
        weakref.finalize(t, _RUNTIME.rtFree, pointer.value)
        return t

    def data_ptr(self) -> int:  # type: ignore[override]
        return self._host.data_ptr()

    def __repr__(self) -> str:  # type: ignore[override]
        return f"NpuTensor({self._host!r})"

    @classmethod
    def __torch_dispatch__(cls, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = dict(kwargs or {})
        to_cpu = func is torch.ops.aten._to_copy.default and torch.device(kwargs.get("device", NPU)).type == "cpu"
        if "device" in kwargs:
            kwargs["device"] = torch.device("cpu")
        out = func(*tree_map(_unwrap, args), **tree_map(_unwrap, kwargs))
        return out if to_cpu else tree_map(_wrap, out)


def _unwrap(x: Any) -> Any:
    return x._host if isinstance(x, NpuTensor) else x


def _wrap(x: Any) -> Any:
    return NpuTensor(x) if isinstance(x, torch.Tensor) and not isinstance(x, NpuTensor) else x


def _factory(op: Any) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        kwargs["device"] = torch.device("cpu")
        return NpuTensor(op(*args, **kwargs))

    return run


_LIBRARY = torch.library.Library("aten", "IMPL")
for _name in ("rand", "randn", "zeros", "ones", "empty.memory_format", "full"):
    _op = getattr(torch.ops.aten, _name.split(".")[0])
    _LIBRARY.impl(_name, _factory(getattr(_op, _name.split(".")[1] if "." in _name else "default")),
                  "PrivateUse1")
