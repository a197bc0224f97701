"""The basic kernel API (1:1 with Ascend C basic APIs).

Most functions are generated from the dialect's ODS (`_api.generate_all`); the hand-written modules
imported below register the others (`_api.publish_all`, `_api.register_overloads`). What this package
exports is exactly that registry.
"""

from . import (  # noqa: F401 - each registers its functions
    _api,
    block_sync,
    cache,
    cube,
    data_copy,
    dump_tensor,
    scalar,
    set_atomic,
    sort,
    sys_control,
    sys_var,
    vec_gather_mask,
    vec_transpose,
)

_api.generate_all()
globals().update(_api.FUNCTIONS)
__all__ = sorted(_api.FUNCTIONS)
