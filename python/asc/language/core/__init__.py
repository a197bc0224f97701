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
from .struct import Field, Struct, StructField
from .tensor import GlobalTensor, LocalTensor
from .types import (
    BinaryRepeatParams,
    BrcbRepeatParams,
    CopyRepeatParams,
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
    GatherMaskParams,
    GatherRepeatParams,
    UnaryRepeatParams,
)
from .utils import (
    DEFAULT_C0_SIZE,
    ONE_BLK_SIZE,
    TOTAL_L0C_SIZE,
    TOTAL_L1_SIZE,
    Property,
    ceildiv,
    property,
    static_assert,
)

__all__ = [
    "DataType", "KnownTypes", "bfloat16", "bool_", "double", "float16", "float32", "float64", "float_",
    "half", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void",
    "CMPMODE", "CacheMode", "CacheRwMode", "DataFormat", "HardEvent", "Hardware", "MaskMode", "MemDsbT",
    "PipeID", "ReduceOrder", "RoundMode", "SelMode", "TPosition",
    "GlobalAddress", "PlainValue", "number", "ConstExpr", "range", "static_range",
    "Field", "Struct", "StructField", "GlobalTensor", "LocalTensor", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE",
    "Property", "ceildiv", "property", "static_assert",
    "BinaryRepeatParams", "BrcbRepeatParams", "CopyRepeatParams", "DataCopyExtParams", "DataCopyPadExtParams",
    "DataCopyPadParams", "DataCopyParams", "GatherMaskParams", "GatherRepeatParams", "UnaryRepeatParams",
]
