"""Enumerations of the pyasc API (all `IntEnum`, values as in pyasc and Ascend C).

The enums that reach the IR are the dialect's, generated from ODS (include/ascir/Dialect/Asc/IR/
AscAttrs.td) into `asc._C._ods`; the ones below are pyasc's Python-only enums. `CacheMode` and
`CacheRwMode` stay here because pyasc numbers CacheMode differently from Ascend C (and the IR):
`GlobalTensor.set_l2_cache_hint` hands them to the IR by name.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ..._C import _ods
from ..._lazy import ods_enums

#: The dialect's enums this module exports (`asc.TPosition`, ...): made by `asc._C._ods` on their first
#: read (module `__getattr__`), so that `import asc` makes none a kernel does not name.
ODS_ENUMS = ("CMPMODE", "AippInputFormat", "AtomicDtype", "AtomicOp", "CacheLine", "DcciDst", "HardEvent",
             "Hardware", "MaskMode", "MemDsbT", "PipeID", "ReduceOrder", "RoundMode", "SelMode", "TPosition")

_ods_enum = ods_enums(__name__, ODS_ENUMS)

#: pyasc's own enums no launch path names, made on their first read as the dialect's are (`asc.DataFormat`):
#: class name -> members.
LATER_ENUMS = {
    "DataFormat": (("ND", 0), ("NZ", 1), ("NCHW", 2), ("NC1HWC0", 3), ("NHWC", 4)),
    "GatherMaskMode": (("DEFAULT", 0),),
}


def __getattr__(name: str) -> Any:
    members = LATER_ENUMS.get(name)
    if members is None:
        return _ods_enum(name)
    plain = type(name, (), {"__module__": __name__, "__qualname__": name, **dict(members)})
    return globals().setdefault(name, _ods._enum_class(IntEnum)(plain))  # the first one made, if two threads race


# pyasc's own enums a tensor method's defaults name: IntEnum classes made by the standard library's fast form
# (asc._C._ods._enum_class).
@_ods._enum_class(IntEnum)
class CacheMode:
    CACHE_MODE_NORMAL = 0
    CACHE_MODE_DISABLE = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


@_ods._enum_class(IntEnum)
class CacheRwMode:
    READ = 1
    WRITE = 2
    RW = 3


__all__ = [
    "TPosition", "Hardware", "HardEvent", "PipeID", "MemDsbT", "CMPMODE", "SelMode", "RoundMode",  # noqa: F822
    "ReduceOrder", "MaskMode", "DataFormat", "CacheMode", "CacheRwMode", "GatherMaskMode",  # noqa: F822
    "CacheLine", "DcciDst", "AtomicDtype", "AtomicOp", "AippInputFormat",  # noqa: F822 - made by __getattr__
]
