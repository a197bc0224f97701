"""Enumerations of the pyasc API (all `IntEnum`, values as in pyasc and Ascend C).

The enums that reach the IR are the dialect's, generated from ODS (include/ascir/Dialect/Asc/IR/
AscAttrs.td) into `asc._C._ods`; the ones below are pyasc's Python-only enums. `CacheMode` and
`CacheRwMode` stay here because pyasc numbers CacheMode differently from Ascend C (and the IR):
`GlobalTensor.set_l2_cache_hint` hands them to the IR by name.
"""

from __future__ import annotations

from enum import IntEnum

from ..._C._ods import (
    CMPMODE,
    AippInputFormat,
    AtomicDtype,
    AtomicOp,
    CacheLine,
    DcciDst,
    HardEvent,
    Hardware,
    MaskMode,
    MemDsbT,
    PipeID,
    ReduceOrder,
    RoundMode,
    SelMode,
    TPosition,
)


class DataFormat(IntEnum):
    ND = 0
    NZ = 1
    NCHW = 2
    NC1HWC0 = 3
    NHWC = 4


class CacheMode(IntEnum):
    CACHE_MODE_NORMAL = 0
    CACHE_MODE_DISABLE = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(IntEnum):
    READ = 1
    WRITE = 2
    RW = 3


class GatherMaskMode(IntEnum):
    DEFAULT = 0


__all__ = [
    "TPosition", "Hardware", "HardEvent", "PipeID", "MemDsbT", "CMPMODE", "SelMode", "RoundMode",
    "ReduceOrder", "MaskMode", "DataFormat", "CacheMode", "CacheRwMode", "GatherMaskMode",
    "CacheLine", "DcciDst", "AtomicDtype", "AtomicOp", "AippInputFormat",
]
