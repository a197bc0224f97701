"""Launch arguments: their compile-time specialisation and their host-side packing.

numpy arrays and torch CPU tensors are passed zero-copy: the kernel receives the
address of the caller's own memory, so results land in the caller's object. Python
`int`/`float`/`bool` become int32/float32/int8 scalars; numpy scalars keep their dtype.
"""

from __future__ import annotations

import struct
from typing import Any, Callable

import numpy as np

from .._record import Record
from ..codegen.prototype import Param
from ..language.core import dtype as dt
from ..language.core.range import ConstExpr
from ..language.core.struct import Struct
from .list_tensor import ListTensor


class ArgSpec(Record, frozen=True):
    """The part of an argument that decides the compiled code (cache key material)."""

    kind: str  # "pointer" | "scalar" | "constexpr" | "struct"
    dtype: str = ""
    value: Any = None

    def key(self) -> str:
        # Memoised on the (frozen) instance: pointer specs are shared, so this runs once per dtype.
        cached = self.__dict__.get("_key")
        if cached is None:
            cached = f"constexpr:{self.value!r}" if self.kind == "constexpr" else f"{self.kind}:{self.dtype}"
            object.__setattr__(self, "_key", cached)
        return cached


def _torch():
    import sys

    return sys.modules.get("torch")


_NUMPY_NAMES: dict[Any, str] = {}


def _numpy_name(dtype: Any) -> str:
    name = _NUMPY_NAMES.get(dtype)
    if name is None:
        name = _NUMPY_NAMES[dtype] = dtype.name
    return name


def _tensor_info(name: str, value: Any) -> tuple[int, int, str] | None:
    """(address, nbytes, dtype name) of an array-like argument, or None if not array-like."""
    if isinstance(value, np.ndarray):
        flags = value.flags
        if not flags.c_contiguous:
            raise TypeError(f"argument '{name}' is a non-contiguous numpy array; pass "
                            f"np.ascontiguousarray({name}) (kernels address memory linearly)")
        if not flags.writeable:
            raise TypeError(f"argument '{name}' is a read-only numpy array; kernels may write to it")
        if not value.dtype.isnative:
            raise TypeError(f"argument '{name}' is a numpy array in non-native byte order ({value.dtype.str}); "
                            f"kernels read native-endian elements: pass {name}.astype({name}.dtype.newbyteorder('='))")
        return value.ctypes.data, value.nbytes, _numpy_name(value.dtype)
    torch = _torch()
    if torch is not None and isinstance(value, torch.Tensor):
        if value.device.type != "cpu":
            raise TypeError(f"argument '{name}' is a torch tensor on device '{value.device}'; the "
                            "Model backend (simulator) can only address CPU tensors: use .cpu()")
        if value.layout is not torch.strided:  # sparse, mkldnn: no dense buffer behind data_ptr()
            raise TypeError(f"argument '{name}' is a torch tensor of layout {value.layout}; kernels address "
                            f"dense memory: pass {name}.to_dense()")
        if not value.is_contiguous():
            raise TypeError(f"argument '{name}' is a non-contiguous torch tensor; pass "
                            f"{name}.contiguous() (kernels address memory linearly)")
        return value.data_ptr(), value.numel() * value.element_size(), str(value.dtype)
    return None


_POINTER_SPECS: dict[str, ArgSpec] = {}


def prepare(name: str, value: Any, constexpr: bool) -> tuple[ArgSpec, int | None, Any, Any]:
    """One launch argument: its spec, its 64-bit launch word (None for a ConstExpr), its GM region
    (pointers and structs, for bounds checks; a list of regions for a ListTensor: its descriptor and
    arrays) and an object to keep alive during the launch."""
    if not constexpr and isinstance(value, ListTensor):
        # The descriptor is the argument; its arrays are GM regions of the launch too.
        return _POINTER_SPECS.setdefault("uint64", ArgSpec("pointer", "uint64")), \
            value.descriptor.ctypes.data, value.regions(name), value
    if not constexpr:
        info = _tensor_info(name, value)
        if info is not None:
            spec = _POINTER_SPECS.get(info[2])
            if spec is None:
                try:
                    spec = _POINTER_SPECS[info[2]] = ArgSpec("pointer", dt.from_numpy_name(info[2]).name)
                except TypeError as e:
                    raise TypeError(f"argument '{name}': {e}") from None
            return spec, info[0], (info[0], info[1], name), None
    spec = spec_of(name, value, constexpr)
    if spec.kind == "constexpr":
        return spec, None, None, None
    if spec.kind == "struct":
        buffer = struct_buffer(value)
        address = buffer.ctypes.data
        return spec, address, (address, buffer.nbytes, name), buffer
    try:
        return spec, pack_scalar(value, spec.dtype), None, None
    except OverflowError as e:
        raise TypeError(f"argument '{name}': {e}") from None


#: The specs of Python scalars (frozen: shared by every launch).
_BOOL_SPEC, _INT_SPEC, _FLOAT_SPEC = ArgSpec("scalar", "bool"), ArgSpec("scalar", "int32"), ArgSpec("scalar", "float32")


def spec_of(name: str, value: Any, constexpr: bool) -> ArgSpec:
    if constexpr:
        value = ConstExpr.unwrap(value)
        if isinstance(value, (np.integer, np.bool_)):  # np.int64(2) is the compile-time value 2
            value = value.item()  # (numpy floats stay typed: set_pad_value(np.float16(x)) needs the type)
        return ArgSpec("constexpr", value=value)
    if isinstance(value, bool):
        return _BOOL_SPEC
    if isinstance(value, int):
        return _INT_SPEC
    if isinstance(value, float):
        return _FLOAT_SPEC
    if isinstance(value, np.generic):
        try:
            return ArgSpec("scalar", dt.from_numpy_name(value.dtype.name).name)
        except TypeError as e:
            raise TypeError(f"argument '{name}': {e}") from None
    if isinstance(value, Struct):
        return ArgSpec("struct", type(value).ir_type(), type(value))
    if isinstance(value, ListTensor):  # reached on the NPU backend only (prepare() takes it first)
        raise TypeError(f"argument '{name}' is an asc.runtime.ListTensor, which only the Model backend "
                        "(simulator) runs: its descriptor holds host addresses, not device ones")
    if isinstance(value, type) and issubclass(value, Struct):
        raise TypeError(f"argument '{name}' is the Struct class {value.__name__} itself; pass an instance, "
                        f"e.g. {value.__name__}(...)")
    info = _tensor_info(name, value)
    if info is not None:
        try:
            return ArgSpec("pointer", dt.from_numpy_name(info[2]).name)
        except TypeError as e:
            raise TypeError(f"argument '{name}': {e}") from None
    raise TypeError(f"argument '{name}' has unsupported type {type(value).__name__}; kernels take "
                    "numpy arrays, torch CPU tensors, int, float, bool, numpy scalars and asc.Struct instances")


def to_param(name: str, spec: ArgSpec) -> Param:
    if spec.kind == "constexpr":
        return Param(name, "constexpr", value=spec.value)
    if spec.kind == "struct":
        return Param(name, "struct", value=spec.value)
    return Param(name, spec.kind, dt.DataType(spec.dtype))


def pack_scalar(value: Any, dtype: str) -> int:
    """The 64-bit word carrying a scalar's bits (the entry stub reinterprets it by the kernel
    parameter's C++ type). `dtype` is a DataType name, as the jit specs and the hand-written
    kernels' `ascsim_param_types()` spell them."""
    packer = _PACKERS.get(dtype)
    if packer is None:
        packer = _PACKERS[dtype] = _packer(dt.DataType(dtype))
    return packer(value.item() if isinstance(value, np.generic) else value)


#: IEEE formats by bit width (struct codes); bfloat16 is float32's upper half.
_FLOAT_FORMATS = {16: "<e", 32: "<f", 64: "<d"}
_PACKERS: dict[str, Callable[[Any], int]] = {}
#: The numpy type whose range a float type shares (bfloat16 has float32's exponent).
_FINFO = {"float16": np.float16, "bfloat16": np.float32, "float32": np.float32, "float64": np.float64}


def _packer(dtype: dt.DataType) -> Callable[[Any], int]:
    """The packer of one type, from what DataType knows: width, signedness, float-ness."""
    width = dtype.bitwidth
    if dtype.is_float():
        # bfloat16: float32's format, of which the upper half is kept.
        fmt, keep = ("<f", slice(2, 4)) if dtype == dt.bfloat16 else (_FLOAT_FORMATS[width], slice(None))

        def pack_float(v: Any) -> int:
            try:
                return int.from_bytes(struct.pack(fmt, float(v))[keep], "little")
            except OverflowError:  # struct's "float too large to pack with f format"
                raise OverflowError(f"{v} does not fit in {dtype.name} (largest finite value "
                                    f"{float(np.finfo(_FINFO[dtype.name]).max):g})") from None

        return pack_float
    if dtype == dt.bool_:
        lo, hi = 0, 1
    elif dtype.is_unsigned():
        lo, hi = 0, (1 << width) - 1
    else:
        lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
    mask = (1 << width) - 1

    def pack_int(v: Any) -> int:
        bits = int(v)
        if not lo <= bits <= hi:
            raise OverflowError(f"{v} does not fit in {dtype.name}")
        return bits & mask  # two's complement in the low `width` bits

    return pack_int


def pointer_region(name: str, value: Any) -> tuple[int, int, str] | None:
    """(address, nbytes, name) of an array-like argument, or None if `value` is not array-like."""
    info = _tensor_info(name, value)
    return None if info is None else (info[0], info[1], name)


def struct_buffer(value: Struct) -> np.ndarray:
    """The struct's packed bytes in a buffer the kernel can address (kept alive by the caller)."""
    return np.frombuffer(bytearray(value.pack()), dtype=np.uint8)
