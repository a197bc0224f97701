"""Types and enums of the low-level runtime (`asc.lib.runtime`), with CANN's values.

The magic numbers of `MagicElf` and the two `DeviceInfoType` members are pyasc's (the spec lists
them); the other members carry the values of CANN's runtime headers (rt_dev.h, rt_mem.h,
prof_common.h) that pyasc mirrors. `Kernel` and `Function` are CANN handles (`ctypes.c_void_p`);
`Stream` and `Memory` are pyasc classes of their own (`asc.lib.runtime`).
"""

from __future__ import annotations

import ctypes
import enum
import numbers
from typing import Any

from ..._record import Record


class CoreType(enum.Enum):
    """The cores a kernel binary runs on (`asc.runtime.compiler`'s kernel types map to one)."""

    AiCore = 0  # mixed cube + vector
    VectorCore = 1
    CubeCore = 2
    AiCpu = 3


class MagicElf(enum.IntEnum):
    """The magic of a device binary (`rtDevBinary_t.magic`), by the cores it runs on."""

    ELF = 0x43554245
    AIVEC = 0x41415246
    AICUBE = 0x41494343
    AICPU = 0x41415243
    # CANN's names of the same values
    RT_DEV_BINARY_MAGIC_ELF = 0x43554245
    RT_DEV_BINARY_MAGIC_ELF_AIVEC = 0x41415246
    RT_DEV_BINARY_MAGIC_ELF_AICUBE = 0x41494343
    RT_DEV_BINARY_MAGIC_ELF_AICPU = 0x41415243


class DeviceModuleType(enum.IntEnum):
    """The module `device_info` asks about (CANN's rtDeviceModuleType)."""

    RT_MODULE_TYPE_SYSTEM = 0
    RT_MODULE_TYPE_AICPU = 1
    RT_MODULE_TYPE_CCPU = 2
    RT_MODULE_TYPE_DCPU = 3
    RT_MODULE_TYPE_AICORE = 4
    RT_MODULE_TYPE_TSCPU = 5
    RT_MODULE_TYPE_PCIE = 6
    RT_MODULE_TYPE_VECTOR_CORE = 7


class DeviceInfoType(enum.IntEnum):
    """What `device_info` answers: the number of cores of a module, the number of cube cores."""

    INFO_TYPE_CORE_NUM = 3
    INFO_TYPE_CUBE_NUM = 0x775A5A5A


class MemoryType(enum.IntEnum):
    """Where `malloc` allocates (CANN's RT_MEMORY_*)."""

    RT_MEMORY_DEFAULT = 0x0
    RT_MEMORY_HBM = 0x2


class MallocPolicy(enum.IntEnum):
    """How `malloc` allocates (CANN's RT_MEMORY_POLICY_*)."""

    RT_MEMORY_POLICY_NONE = 0x0
    RT_MEMORY_POLICY_HUGE_PAGE_FIRST = 0x400
    RT_MEMORY_POLICY_HUGE_PAGE_ONLY = 0x800
    RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY = 0x1000


class MemcpyKind(enum.IntEnum):
    """The direction of a `memcpy` (CANN's rtMemcpyKind_t)."""

    RT_MEMCPY_HOST_TO_HOST = 0
    RT_MEMCPY_HOST_TO_DEVICE = 1
    RT_MEMCPY_DEVICE_TO_HOST = 2
    RT_MEMCPY_DEVICE_TO_DEVICE = 3


class MsprofTaskType(enum.IntEnum):
    """The task type msprof records for a launch (CANN's MSPROF_GE_TASK_TYPE_*)."""

    MSPROF_GE_TASK_TYPE_AI_CORE = 0
    MSPROF_GE_TASK_TYPE_AI_CPU = 1
    MSPROF_GE_TASK_TYPE_AIV = 2


class ProfilingCommandHandle:
    """The profiling commands of `set_pro_switch` (CANN's rtProfCommandHandleType)."""

    class Type(enum.IntEnum):
        PROF_COMMANDHANDLE_TYPE_INIT = 0
        PROF_COMMANDHANDLE_TYPE_START = 1
        PROF_COMMANDHANDLE_TYPE_STOP = 2
        PROF_COMMANDHANDLE_TYPE_FINALIZE = 3


class MemorySizes(Record, frozen=True):
    """The memory sizes in bytes of a part, from pyasc's hardware table (AscHardware.td, the one the
    simulator and the compiler read): `MemorySizes.of()` for the current part, `MemorySizes.of(platform)`
    for another. The per-core buffers are what kernels may use (`l1` is TOTAL_L1_SIZE, L1 less its 128
    reserved bytes) and the same on every part; `l2` and `hbm` are the chip's. The spec names this type
    without its contents: these fields are pyasc's."""

    platform: Any
    ub: int  #: Unified Buffer, per vector core
    l1: int  #: L1, per cube core
    l0a: int
    l0b: int
    l0c: int
    bt: int  #: BiasTable, per cube core
    fixbuf: int  #: Fixpipe buffer, per cube core
    l2: int  #: the chip's L2 cache
    hbm: int  #: the chip's HBM

    @classmethod
    def of(cls, platform: Any = None) -> MemorySizes:
        """The sizes of `platform` (a `Platform`, its value or name; default: the current part)."""
        from ...runtime import config

        info = config.platform_info(None if platform is None else config.parse_platform(platform))
        usable = {m["name"]: m["usable"] for m in config._HARDWARE["memories"]}
        return cls(info.platform, info.ub_bytes, info.l1_bytes, info.l0a_bytes, info.l0b_bytes, info.l0c_bytes,
                   usable["BIAS"], usable["FIXBUF"], info.l2_bytes, info.hbm_bytes)


#: A registered device binary and a registered function: CANN handles.
Kernel = ctypes.c_void_p
Function = ctypes.c_void_p

_MAGIC = {
    CoreType.AiCore: MagicElf.ELF,
    CoreType.VectorCore: MagicElf.AIVEC,
    CoreType.CubeCore: MagicElf.AICUBE,
    CoreType.AiCpu: MagicElf.AICPU,
}

_MSPROF = {
    CoreType.CubeCore: MsprofTaskType.MSPROF_GE_TASK_TYPE_AI_CORE,
    CoreType.VectorCore: MsprofTaskType.MSPROF_GE_TASK_TYPE_AIV,
    CoreType.AiCpu: MsprofTaskType.MSPROF_GE_TASK_TYPE_AI_CPU,
}


def _core_type(core_type: object, what: str) -> CoreType:
    if not isinstance(core_type, CoreType):
        raise TypeError(f"{what} takes an asc.lib.runtime.CoreType "
                        f"({', '.join(c.name for c in CoreType)}), got {type(core_type).__name__} {core_type!r}")
    return core_type


def magic_elf_value(core_type: CoreType) -> int:
    """The magic of a device binary for `core_type` (`MagicElf`)."""
    return int(_MAGIC[_core_type(core_type, "magic_elf_value")])


def msprof_task_type(core_type: CoreType) -> int:
    """The msprof task type of a launch on `core_type`; a mixed (AiCore) launch has none here."""
    found = _MSPROF.get(_core_type(core_type, "msprof_task_type"))
    if found is None:
        raise ValueError(f"msprof_task_type: pyasc has no msprof task type for {core_type} (a mixed cube + "
                         f"vector launch); it has one for {', '.join(str(c) for c in _MSPROF)}")
    return int(found)


def enum_arg(value: Any, enum_type: Any, what: str, error: type[Exception]) -> Any:
    """`value` as a member of `enum_type` (a member, or an int that is one's value); else `error` saying
    what `what` (e.g. "malloc: policy") takes: the members' names for a ValueError, the type for a TypeError."""
    if isinstance(value, enum_type):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        try:
            return enum_type(value)
        except ValueError:
            pass
    if error is ValueError:
        names = ", ".join(m.name for m in enum_type)
        raise ValueError(f"{what} is an asc.lib.runtime.{enum_type.__name__} ({names}), got {value!r}")
    raise error(f"{what} is an asc.lib.runtime.{enum_type.__name__}, got {type(value).__name__} {value!r}")
