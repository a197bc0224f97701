"""The basic kernel API (1:1 with Ascend C basic APIs).

Most functions are generated from the dialect's ODS, each built on its first read (module `__getattr__`,
`_api.function`). The hand-written ones register when their module is imported (`_api.publish_all`,
`_api.register_overloads`): `data_copy`, `sys_var`, `block_sync` (nearly every kernel calls them) and
`dump_tensor` (every compile's printf support imports it) with this package, the others (`LAZY_MODULES`)
on the first read of one of their names. What this package exports is
exactly `_api.names()`.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..._lazy import no_attribute
from . import _api, block_sync, data_copy, dump_tensor, sys_var  # noqa: F401 - each registers its functions

#: The hand-written API modules imported on the first read of one of their names, with the names each
#: registers (python/test/test_lazy_import.py checks this against what they register).
LAZY_MODULES: dict[str, tuple[str, ...]] = {
    "cache": ("data_cache_clean_and_invalid", "get_icache_preload_status", "icache_preload"),
    "cube": ("fixpipe", "set_load_data_padding_value"),
    "scalar": ("count_bits_cnt_same_as_sign_bit", "scalar_cast", "scalar_count_leading_zero",
               "scalar_get_count_of_value", "scalar_get_sff_value"),
    "set_atomic": ("set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type"),
    "sort": ("get_mrg_sort_result", "get_sort_len", "get_sort_offset", "mrg_sort", "mrg_sort4"),
    "sys_control": ("ascend_is_aic", "ascend_is_aiv", "check_local_memory_ia", "data_cache_preload",
                    "get_hccl_context", "get_store_atomic_config", "get_sys_workspace", "init_soc_state",
                    "set_aipp_functions", "set_hccl_context", "set_hf32_mode", "set_hf32_trans_mode",
                    "set_mm_layout_transform", "set_store_atomic_config", "set_sys_workspace"),
    "vec_gather_mask": ("gather_mask", "get_gather_mask_remain_count"),
    "vec_transpose": ("trans_data_to_5hd",),
}
_api.LAZY = {name: f"{__name__}.{module}" for module, names in LAZY_MODULES.items() for name in names}

globals().update(_api.FUNCTIONS)
__all__ = _api.names()


def __getattr__(name: str) -> Any:
    if name in LAZY_MODULES:  # a submodule: `asc.language.basic.sort`
        return importlib.import_module(f"{__name__}.{name}")
    fn = _api.function(name)
    if fn is None:
        raise no_attribute(__name__, name)
    globals()[name] = fn
    return fn


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
