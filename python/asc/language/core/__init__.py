"""Core kernel vocabulary: data types, enums, values and tensors."""

from .dtype import (
    DataType,
    KnownTypes,
    bfloat16,
    bool_,
    double,
    float16,
    float32,
    float64,
    float_,
    half,
    int8,
    int16,
    int32,
    int64,
    int_,
    uint8,
    uint16,
    uint32,
    uint64,
    void,
)
from .enums import (
    CMPMODE,
    CacheMode,
    CacheRwMode,
    DataFormat,
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
from .ir_value import GlobalAddress, PlainValue, number
from .range import ConstExpr, range, static_range
from .tensor import GlobalTensor, LocalTensor

__all__ = [
    "DataType", "KnownTypes", "bfloat16", "bool_", "double", "float16", "float32", "float64", "float_",
    "half", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void",
    "CMPMODE", "CacheMode", "CacheRwMode", "DataFormat", "HardEvent", "Hardware", "MaskMode", "MemDsbT",
    "PipeID", "ReduceOrder", "RoundMode", "SelMode", "TPosition",
    "GlobalAddress", "PlainValue", "number", "ConstExpr", "range", "static_range",
    "GlobalTensor", "LocalTensor",
]
