"""Backends and platforms: where kernels run and which Ascend part is modelled.

`set_platform(Backend.Model, Platform.Ascend910B1)` selects the simulator and the
part whose core count, memory sizes and clock it models. `Backend.NPU` needs CANN.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class Backend(Enum):
    Model = "Model"
    NPU = "NPU"


class Platform(Enum):
    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"


class KernelType(IntEnum):
    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB


@dataclass(frozen=True)
class PlatformInfo:
    """Facts about one part (hardware.md §1.2, §2.1). Clock: the cube/core frequency in MHz."""

    platform: Platform
    aic_cores: int
    aiv_cores: int
    clock_mhz: float
    hbm_bytes: int
    l2_bytes: int
    ub_bytes: int = 192 * KiB
    l1_bytes: int = 512 * KiB
    l0a_bytes: int = 64 * KiB
    l0b_bytes: int = 64 * KiB
    l0c_bytes: int = 128 * KiB
    arch: str = "dav-c220"


def _info(p: Platform, aic: int, clock: float, hbm_gib: int, l2_mib: int) -> PlatformInfo:
    return PlatformInfo(p, aic, 2 * aic, clock, hbm_gib * GiB, l2_mib * MiB)


# Clocks the spec could not confirm (B4, B4-1, 9362, 9372) use 1800 MHz, the
# documented clock of the other 20-core parts; 9391/9392 use B1's 1850 MHz.
PLATFORMS: dict[Platform, PlatformInfo] = {
    info.platform: info
    for info in [
        _info(Platform.Ascend910B1, 24, 1850, 64, 192),
        _info(Platform.Ascend910B2, 24, 1800, 64, 192),
        _info(Platform.Ascend910B2C, 24, 1800, 64, 192),
        _info(Platform.Ascend910B3, 20, 1800, 64, 192),
        _info(Platform.Ascend910B4, 20, 1800, 32, 96),
        _info(Platform.Ascend910B4_1, 20, 1800, 32, 96),
        _info(Platform.Ascend910_9362, 20, 1800, 64, 168),
        _info(Platform.Ascend910_9372, 20, 1800, 64, 192),
        _info(Platform.Ascend910_9381, 24, 1800, 64, 192),
        _info(Platform.Ascend910_9382, 24, 1800, 64, 192),
        _info(Platform.Ascend910_9391, 24, 1850, 64, 192),
        _info(Platform.Ascend910_9392, 24, 1850, 64, 192),
    ]
}

DEFAULT_PLATFORM = Platform.Ascend910B1


def _parse_backend(backend: Backend | str) -> Backend:
    if isinstance(backend, Backend):
        return backend
    try:
        return Backend(backend)
    except ValueError:
        valid = [b.value for b in Backend]
        raise ValueError(f"unknown backend {backend!r}; valid backends: {valid}") from None


def parse_platform(platform: Platform | str) -> Platform:
    if isinstance(platform, Platform):
        return platform
    for p in Platform:
        if platform in (p.value, p.name):
            return p
    valid = [p.value for p in Platform]
    raise ValueError(f"unknown platform {platform!r}; valid platforms: {valid}")


@dataclass
class _State:
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

    With `check`, the NPU backend verifies that CANN is installed and raises a
    `RuntimeError` explaining how to use the simulator when it is not.
    """
    be = _usable_backend(backend, check)
    plat = parse_platform(soc_version) if soc_version is not None else DEFAULT_PLATFORM
    if device_id is not None:
        _check_device(be, device_id)
    _state.backend, _state.platform = be, plat
    if device_id is not None:
        _state.device_id = device_id


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
    if backend is Backend.Model and device_id != 0:
        raise ValueError(f"the simulator has one device (0); got device {device_id}")


def _usable_backend(backend: Backend | str, check: bool) -> Backend:
    """The parsed backend; with `check`, NPU raises a RuntimeError when CANN is missing."""
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
    return PLATFORMS[platform or _state.platform]


__all__ = ["Backend", "Platform", "KernelType", "PlatformInfo", "PLATFORMS", "set_platform", "set_backend",
           "set_soc_version", "set_device", "current_backend", "current_platform", "current_device",
           "platform_info", "parse_platform"]
