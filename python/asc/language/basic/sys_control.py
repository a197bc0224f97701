"""System control: store-atomic configuration, SoC state, core type, workspace and HCCL
context pointers, Mmad control bits, data-cache preload and the UB access-range watch."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import int1, int8, int32, int64, uint8
from ..core.enums import AippInputFormat, AtomicDtype, AtomicOp
from ..core.ir_value import GlobalAddress, PlainValue, described, gm_addr_type
from ..core.tensor import GlobalTensor
from ..core.types import CheckLocalMemoryIAParam
from . import _api
from ._overload import OverloadSet, Param, instance_of, instance_of_later

if TYPE_CHECKING:
    from ..core.aipp_types import AippParams


def _bool(api: str, param: str, value: Any) -> Any:
    if isinstance(value, bool) or (isinstance(value, PlainValue) and value.dtype == int1):
        return semantic.materialize(value, int1)
    if isinstance(value, PlainValue) and value.dtype.is_int():
        return semantic.to_bool(value).handle
    raise TypeError(f"{api}: '{param}' must be a bool, got {described(value)}")


def _gm_addr(api: str, param: str, value: Any) -> Any:
    if not isinstance(value, GlobalAddress):
        raise TypeError(f"{api}: '{param}' must be a GlobalAddress (GM_ADDR), got {described(value)}")
    return value.handle


def _hccl_index(api: str, index: Any) -> int:
    index = semantic.python_scalar(index)  # a numpy integer is an int
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"{api}: 'index' must be the Python int 0 or 1 (a template argument), "
                        f"got {described(index)}")
    return index


@builtin
def set_store_atomic_config(atomic_type: AtomicDtype, atomic_op: AtomicOp) -> None:
    """`SetStoreAtomicConfig<atomic_type, atomic_op>()`: the configuration `set_atomic_add` and
    `set_atomic_none` also set (ATOMIC_NONE turns atomics off)."""
    if not isinstance(atomic_type, AtomicDtype):
        raise TypeError(f"set_store_atomic_config: 'atomic_type' must be an AtomicDtype, got {atomic_type!r}")
    if not isinstance(atomic_op, AtomicOp):
        raise TypeError(f"set_store_atomic_config: 'atomic_op' must be an AtomicOp, got {atomic_op!r}")
    _ods.set_store_atomic_config(builder_for("set_store_atomic_config"), atomic_type=atomic_type,
                                 atomic_op=atomic_op)


@builtin
def get_store_atomic_config() -> tuple[PlainValue, PlainValue]:
    """`GetStoreAtomicConfig(type, op)`: the AtomicDtype and AtomicOp values now in effect."""
    b = builder_for("get_store_atomic_config")
    atomic_type, atomic_op = _ods.get_store_atomic_config(b, result_types=[int32.to_ir()] * 2)
    return PlainValue(atomic_type, int32), PlainValue(atomic_op, int32)


@builtin
def init_soc_state() -> None:
    """`InitSocState()`: atomics off, normal mask mode, all mask bits set."""
    _ods.init_soc_state(builder_for("init_soc_state"))


@builtin
def ascend_is_aic() -> PlainValue:
    """`g_coreType == AscendC::AIC` (int8): whether this code runs on a cube core."""
    return PlainValue(_ods.ascend_is_aic(builder_for("ascend_is_aic"), result_type=int8.to_ir()), int8)


@builtin
def ascend_is_aiv() -> PlainValue:
    """`g_coreType == AscendC::AIV` (int8): whether this code runs on a vector core."""
    return PlainValue(_ods.ascend_is_aiv(builder_for("ascend_is_aiv"), result_type=int8.to_ir()), int8)


@builtin
def get_sys_workspace() -> GlobalAddress:
    """`GetSysWorkSpacePtr()`: the system workspace (null until `set_sys_workspace`)."""
    b = builder_for("get_sys_workspace")
    return GlobalAddress(_ods.get_sys_workspace(b, result_type=gm_addr_type(uint8)), uint8)


@builtin
def set_sys_workspace(workspace: GlobalAddress) -> None:
    """`SetSysWorkspace(workspace)`: `workspace` is a GM_ADDR (uint8 address)."""
    _ods.set_sys_workspace(builder_for("set_sys_workspace"), _gm_addr("set_sys_workspace", "workspace", workspace))


@builtin
def get_hccl_context(index: int) -> GlobalAddress:
    """`GetHcclContext<index>()`: the context of communication domain 0 or 1 (null until set)."""
    handle = _ods.get_hccl_context(builder_for("get_hccl_context"), index=_hccl_index("get_hccl_context", index),
                                   result_type=gm_addr_type(uint8))
    return GlobalAddress(handle, uint8)


@builtin
def set_hccl_context(index: int, context: GlobalAddress) -> None:
    """`SetHcclContext<index>(context)`."""
    _ods.set_hccl_context(builder_for("set_hccl_context"), _gm_addr("set_hccl_context", "context", context),
                          index=_hccl_index("set_hccl_context", index))


def _control_bit(api: str, builder: Callable[..., Any], param: str, value: Any) -> None:
    builder(builder_for(api), _bool(api, param, value))


@builtin
def set_hf32_mode(hf32_mode: Any) -> None:
    """`SetHF32Mode(hf32_mode)`: Mmad converts float inputs to HF32 (cube path only)."""
    _control_bit("set_hf32_mode", _ods.set_hf32_mode, "hf32_mode", hf32_mode)


@builtin
def set_hf32_trans_mode(trans_mode: Any) -> None:
    """`SetHF32TransMode(trans_mode)`: HF32 rounding of Mmad (cube path only)."""
    _control_bit("set_hf32_trans_mode", _ods.set_hf32_trans_mode, "trans_mode", trans_mode)


@builtin
def set_mm_layout_transform(mm_layout_mode: Any) -> None:
    """`SetMMLayoutTransform(mm_layout_mode)`: Mmad M/N order (cube path only)."""
    _control_bit("set_mm_layout_transform", _ods.set_mm_layout_transform, "mm_layout_mode", mm_layout_mode)


@builtin
def data_cache_preload(src: GlobalTensor, cache_offset: Any) -> None:
    """`DataCachePreload(src, cache_offset)`: a prefetch hint; `src` is a uint64 GlobalTensor and
    `cache_offset` a byte offset."""
    if not isinstance(src, GlobalTensor):
        raise TypeError(f"data_cache_preload: 'src' must be a GlobalTensor, got {described(src)}")
    if src.dtype is None:
        raise ValueError("data_cache_preload: 'src' is a GlobalTensor that set_global_buffer never bound")
    cache_offset = semantic.python_scalar(cache_offset)  # a numpy integer is an int
    if isinstance(cache_offset, bool) or not isinstance(cache_offset, (int, PlainValue)) or (
            isinstance(cache_offset, PlainValue) and not cache_offset.dtype.is_int()):
        raise TypeError(f"data_cache_preload: 'cache_offset' must be an integer, got {cache_offset!r}")
    _ods.data_cache_preload(builder_for("data_cache_preload"), src.handle, semantic.materialize(cache_offset, int64))


@builtin
def check_local_memory_ia(check_params: CheckLocalMemoryIAParam) -> None:
    """`CheckLocalMemoryIA(check_params)`: later UB accesses of the enabled kinds inside
    [start_addr, end_addr) stop the kernel with an `access_check` error."""
    if not isinstance(check_params, CheckLocalMemoryIAParam):
        raise TypeError("check_local_memory_ia: 'check_params' must be a CheckLocalMemoryIAParam, got "
                        f"{type(check_params).__name__}")
    _ods.check_local_memory_ia(builder_for("check_local_memory_ia"), check_params.handle)


def _aipp(src0: GlobalTensor, src1: GlobalTensor | None, input_format: AippInputFormat,
          config: AippParams) -> None:
    api = "set_aipp_functions"
    for name, src in (("src0", src0), ("src1", src1)):
        if src is None:
            continue
        if src.dtype is None:
            raise ValueError(f"{api}: '{name}' is a GlobalTensor that set_global_buffer never bound")
    _ods.set_aipp_functions(builder_for(api), src0.handle, src1.handle if src1 is not None else None, config.handle,
                            input_format=input_format)


#: The AIPP structs are dataclasses (pyasc's), imported on the first set_aipp_functions call.
_AIPP_PARAMS = instance_of_later("asc.language.core.aipp_types", "AippParams")
_set_aipp = OverloadSet("set_aipp_functions")
_set_aipp.add([Param("src0", instance_of(GlobalTensor)), Param("input_format", instance_of(AippInputFormat)),
               Param("config", _AIPP_PARAMS)],
              lambda src0, input_format, config: _aipp(src0, None, input_format, config))
_set_aipp.add([Param("src0", instance_of(GlobalTensor)), Param("src1", instance_of(GlobalTensor)),
               Param("input_format", instance_of(AippInputFormat)), Param("config", _AIPP_PARAMS)],
              _aipp)


@builtin
def set_aipp_functions(*args: Any, **kwargs: Any) -> None:
    """`SetAippFunctions(src0[, src1], input_format, config)`: the AIPP preprocessing of later image
    loads. The simulator records it per core; `load_image_to_local` (GM -> A1/B1) consumes it."""
    _set_aipp(*args, **kwargs)


_api.publish_all(globals(), (("set_store_atomic_config", "SetStoreAtomicConfig"),
               ("get_store_atomic_config", "GetStoreAtomicConfig"), ("init_soc_state", "InitSocState"),
               ("ascend_is_aic", "g_coreType == AIC"), ("ascend_is_aiv", "g_coreType == AIV"),
               ("get_sys_workspace", "GetSysWorkSpacePtr"), ("set_sys_workspace", "SetSysWorkspace"),
               ("get_hccl_context", "GetHcclContext"), ("set_hccl_context", "SetHcclContext"),
               ("set_hf32_mode", "SetHF32Mode"), ("set_hf32_trans_mode", "SetHF32TransMode"),
               ("set_mm_layout_transform", "SetMMLayoutTransform"),
               ("data_cache_preload", "DataCachePreload"), ("check_local_memory_ia", "CheckLocalMemoryIA"),
               ("set_aipp_functions", "SetAippFunctions")))

