"""Backends and platforms: where kernels run and which Ascend part is modelled.

`set_platform(Backend.Model, Platform.Ascend910B1)` selects the simulator and the
part whose core count, memory sizes and clock it models. `Backend.NPU` needs CANN.
"""

from __future__ import annotations

import enum
import numbers
from enum import Enum
from typing import Any

from .. import _C
from .._lazy import ods_enums
from .._record import Record

#: The standard library's fast form of an enum class statement (`enum._simple_enum`, Python >= 3.11: the
#: same Enum classes at about half the cost; asc._C._ods makes the dialect's enums with it too).
_simple_enum = getattr(enum, "_simple_enum", None)


def _enum_class(cls: type) -> Any:
    """The Enum class a class statement `class X(Enum)` with `cls`'s body would make."""
    if _simple_enum is not None:
        return _simple_enum(Enum)(cls)
    return Enum(cls.__name__, [(k, v) for k, v in vars(cls).items() if not k.startswith("_")],
                module=cls.__module__, qualname=cls.__qualname__)


@_enum_class
class Backend:
    """Where kernels run: the simulator (Model) or an NPU through CANN."""

    Model = "Model"
    NPU = "NPU"


# The hardware table (include/ascir/Dialect/Asc/IR/AscHardware.td), through the simulator binding.
_HARDWARE = _C.sim.hardware()

#: The Ascend parts: pyasc's Platform enum (value = the SoC name), from the hardware table.
Platform = _enum_class(type("Platform", (), {
    "__module__": __name__, "__qualname__": "Platform", "__doc__": "An Ascend part (value = the SoC name).",
    **{p["py_enum_name"]: p["name"] for p in _HARDWARE["platforms"]}}))


@_enum_class
class CompilationArch:
    """The architecture kernels are compiled for (bisheng's `dav-<arch>-vec` / `dav-<arch>-cube`): `c220`
    for the Ascend 910B and 910_93 parts (A2/A3), which are pyasc's; `c310` for the Ascend 950 parts
    (`Ascend910_95*`, `Ascend950PR_95*`), which pyasc does not support (no Platform, no simulator)."""

    C220 = "c220"
    C310 = "c310"


#: The name prefixes of the c310 (Ascend 950) parts: known by name, not supported.
_C310_PREFIXES = ("Ascend910_95", "Ascend950PR_95")


#: From the dialect's ODS (AscCubeAttrs.td), read on first use (asc._C._ods makes an enum on its first
#: read): `KernelType`, pyasc's kernel types (which cores a launch starts;
#: `@asc.jit(kernel_type=...)`), and `KernelMetaType`, the kernel types an Ascend C kernel declares
#: (KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_X)).
_ODS_ENUMS = ("KernelType", "KernelMetaType")

_ods_enum = ods_enums(__name__, _ODS_ENUMS)


def __getattr__(name: str) -> Any:
    if name == "PLATFORMS":  # every part's row, made on first read (a launch reads one: platform_info)
        return globals().setdefault(name, {p: platform_info(p) for p in Platform})
    return _ods_enum(name)


class PlatformInfo(Record, frozen=True):
    """Facts about one part, from the hardware table (AscHardware.td; hardware.md §1.2, §2.1). Memory
    sizes are what kernels may use (`l1_bytes` is TOTAL_L1_SIZE: L1 minus its 128 reserved bytes);
    `clock_mhz` is the core clock; `source` says where the row's numbers come from."""

    platform: Platform
    aic_cores: int
    aiv_cores: int
    clock_mhz: float
    hbm_bytes: int
    l2_bytes: int
    hbm_gbps: float
    ub_bytes: int
    l1_bytes: int
    l0a_bytes: int
    l0b_bytes: int
    l0c_bytes: int
    arch: str
    source: str


def _platform_info(platform: Platform) -> PlatformInfo:
    usable = {m["name"]: m["usable"] for m in _HARDWARE["memories"]}
    p = next(row for row in _HARDWARE["platforms"] if row["name"] == platform.value)
    return PlatformInfo(
        platform, p["aic_cores"], p["aiv_cores"], p["clock_mhz"], p["hbm_bytes"], p["l2_bytes"], p["hbm_gbps"],
        usable["UB"], usable["L1"], usable["L0A"], usable["L0B"], usable["L0C"], p["arch"], p["source"])


DEFAULT_PLATFORM = Platform(_HARDWARE["default_platform"])

#: The rows made so far (`platform_info`): the default part's, which a launch reads unless `set_platform`
#: chose another; `PLATFORMS` (module `__getattr__`) has them all.
_INFOS: dict[Platform, PlatformInfo] = {DEFAULT_PLATFORM: _platform_info(DEFAULT_PLATFORM)}


def _parse_backend(backend: Backend | str) -> Backend:
    if isinstance(backend, Backend):
        return backend
    try:
        return Backend(backend)
    except ValueError:
        valid = [b.value for b in Backend]
        raise ValueError(f"unknown backend {backend!r}; valid backends: {valid}") from None


def _unsupported_c310(name: str) -> bool:
    return isinstance(name, str) and name.startswith(_C310_PREFIXES)


def parse_platform(platform: Platform | str) -> Platform:
    if isinstance(platform, Platform):
        return platform
    for p in Platform:
        if platform in (p.value, p.name):
            return p
    valid = [p.value for p in Platform]
    if _unsupported_c310(platform):
        raise ValueError(f"{platform!r} is an Ascend 950 part (CompilationArch.C310), which pyasc does not "
                         f"support: its compiler and simulator target the c220 parts (Ascend 910B, 910_93) only; "
                         f"valid platforms: {valid}")
    raise ValueError(f"unknown platform {platform!r}; valid platforms: {valid}")


def platform_to_arch(platform: Platform | str) -> CompilationArch:
    """The architecture a part's kernels are compiled for: `CompilationArch.C220` for every `Platform`
    (the hardware table's `arch`, `dav-c220`; by name the `Ascend910B*` and `Ascend910_93*` parts), and
    `CompilationArch.C310` for the name of an Ascend 950 part (`Ascend910_95*`, `Ascend950PR_95*`), which
    is not a `Platform`: selecting one (`set_platform`) is a ValueError. Any other name is a ValueError."""
    if _unsupported_c310(platform):
        return CompilationArch.C310
    arch = platform_info(parse_platform(platform)).arch
    return CompilationArch(arch[len("dav-"):] if arch.startswith("dav-") else arch)


class _State(Record):
    """The backend, part and device in use: held here only; `asc.lib.runtime` reads and sets them
    through the functions below."""

    backend: Backend = Backend.Model
    platform: Platform = DEFAULT_PLATFORM
    device_id: int = 0


_state = _State()


def set_platform(backend: Backend | str, soc_version: Platform | str | None = None,
                 device_id: int | None = None, check: bool = True) -> None:
    """Selects the backend (Model = simulator, NPU = real device through CANN) and the part
    (default: Ascend910B1).

    With `check`, the NPU backend verifies that CANN is installed and complete (raising a
    `RuntimeError` that lists what is missing and how to use the simulator when it is not), sets
    up the runtime and reads the part from the device (a different `soc_version` is a ValueError).
    """
    be = _usable_backend(backend, check)
    plat = parse_platform(soc_version) if soc_version is not None else DEFAULT_PLATFORM
    if be is Backend.NPU and check:
        plat = _npu_platform(soc_version)
    if device_id is not None:
        _check_device(be, device_id)
    _state.backend, _state.platform = be, plat
    if device_id is not None:
        _state.device_id = device_id


def _npu_platform(soc_version: Platform | str | None) -> Platform:
    """The part of the NPU (rtGetSocVersion); ValueError if `soc_version` names another one."""
    from .backends import npu, npu_runtime

    found = npu_runtime.runtime(npu.require_cann()).soc_version()
    try:
        device_platform = parse_platform(found)
    except ValueError:
        if _unsupported_c310(found):
            raise ValueError(f"the NPU is {found!r}, an Ascend 950 part (CompilationArch.C310), which pyasc "
                             "does not support: its compiler and simulator target the c220 parts (Ascend 910B, "
                             f"910_93) only; known parts: {[p.value for p in Platform]}") from None
        raise ValueError(f"the NPU reports the part {found!r}, which pyasc does not know; known parts: "
                         f"{[p.value for p in Platform]}") from None
    if soc_version is not None and parse_platform(soc_version) is not device_platform:
        raise ValueError(f"set_platform asked for {parse_platform(soc_version).value}, but the NPU is "
                         f"{device_platform.value}")
    return device_platform


def set_backend(backend: Backend | str, check: bool = True) -> None:
    """Selects the backend and keeps the part (`asc.lib.runtime.use_model` / `use_npu`)."""
    _state.backend = _usable_backend(backend, check)


def set_soc_version(soc_version: Platform | str) -> None:
    """Selects the part and keeps the backend (`asc.lib.runtime.set_soc_version`)."""
    _state.platform = parse_platform(soc_version)


def set_device(device_id: int) -> None:
    _check_device(_state.backend, device_id)
    _state.device_id = device_id


def _check_device(backend: Backend, device_id: int) -> None:
    if isinstance(device_id, bool) or not isinstance(device_id, numbers.Integral):
        raise TypeError(f"a device id is an int, got {type(device_id).__name__} {device_id!r}")
    if backend is Backend.Model and device_id != 0:
        raise ValueError(f"the simulator has one device (0); got device {device_id}")


def check_device(device_id: int) -> None:
    """Raises unless `device_id` names a device of the current backend (the simulator has device 0)."""
    _check_device(_state.backend, device_id)


def _usable_backend(backend: Backend | str, check: bool) -> Backend:
    """The parsed backend; with `check`, NPU raises a RuntimeError when CANN (or a part of it) is missing."""
    be = _parse_backend(backend)
    if be is Backend.NPU and check:
        from .backends import npu

        npu.require_cann()
    return be


def current_backend() -> Backend:
    return _state.backend


def current_platform() -> Platform:
    return _state.platform


def current_device() -> int:
    return _state.device_id


def platform_info(platform: Platform | None = None) -> PlatformInfo:
    """The hardware table's row of `platform` (default: the current part), made on its first use."""
    platform = platform or _state.platform
    info = _INFOS.get(platform)
    if info is None:
        info = _INFOS.setdefault(platform, _platform_info(platform))
    return info


__all__ = ["Backend", "Platform", "KernelType",  # noqa: F822 - KernelType, PLATFORMS: module __getattr__
           "CompilationArch", "platform_to_arch",
           "PlatformInfo", "PLATFORMS", "set_platform", "set_backend",
           "set_soc_version", "set_device", "current_backend", "current_platform", "current_device",
           "platform_info", "parse_platform"]
