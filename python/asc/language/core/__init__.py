"""Core kernel vocabulary: data types, enums, values and tensors.

Each name is imported from its submodule the first time it is read (asc._lazy): `import asc` and the
launch path need only dtype, range, ir_value and struct, not the ODS op surface the enums, tensors and
parameter structs are built on.
"""

from __future__ import annotations

from typing import Any

from ..._lazy import LazyNames, no_attribute
from . import range as _range_module

#: What this package exports, by the submodule defining it.
EXPORTS: dict[str, tuple[str, ...]] = {
    "aipp_types": ("AippChannelPaddingParams", "AippColorSpaceConvParams", "AippDataTypeConvParams",
                   "AippPaddingParams", "AippParams", "AippSingleLineParams", "AippSwapParams"),
    "auto_tensor": ("LocalTensorAuto", "ShapeInfo", "get_shape_size"),
    "cube_types": ("CO2Layout", "CubeFormat", "DataCopyCO12DstParams", "FixpipeConfig", "FixpipeParamsV220",
                   "InitConstValueParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData2dTransposeParams",
                   "LoadData2dTransposeParamsV2", "LoadData3DParamsV1", "LoadData3DParamsV2",
                   "LoadData3DParamsV2Pro", "LoadDataRepeatParam", "MmadParams", "Nd2NzParams", "Nz2NdParamsFull",
                   "QuantModes"),
    "dtype": ("DataType", "KnownTypes", "bfloat16", "bool_", "double", "float16", "float32", "float64", "float_",
              "half", "int8", "int16", "int32", "int64", "int_", "uint8", "uint16", "uint32", "uint64", "void"),
    "enums": ("CMPMODE", "AippInputFormat", "AtomicDtype", "AtomicOp", "CacheLine", "CacheMode", "CacheRwMode",
              "DataFormat", "DcciDst", "GatherMaskMode", "HardEvent", "Hardware", "MaskMode", "MemDsbT", "PipeID",
              "ReduceOrder", "RoundMode", "SelMode", "TPosition"),
    "ir_value": ("GlobalAddress", "PlainValue", "number"),
    "list_tensor": ("ListTensorDesc", "TensorDesc"),
    "layout_types": ("BlockMode", "DataCopyEnhancedParams", "DeqScale", "SliceInfo", "TransDataTo5HDParams",
                     "TransposeParamsExt", "TransposeType", "pad_t"),
    "range": ("ConstExpr", "range", "static_range"),
    "sort_types": ("MrgSort4Info", "MrgSortSrcList"),
    "struct": ("Field", "Struct", "StructField"),
    "tensor": ("GlobalTensor", "LocalTensor"),
    "types": ("BinaryRepeatParams", "BrcbRepeatParams", "CheckLocalMemoryIAParam", "CopyRepeatParams",
              "DataCopyExtParams", "DataCopyPadExtParams", "DataCopyPadParams", "DataCopyParams", "GatherMaskParams",
              "GatherRepeatParams", "LoadImageToLocalParams", "UnaryRepeatParams", "VdeqInfo"),
    "utils": ("DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE", "Property", "ceildiv",
              "property", "static_assert"),
}

_NAMES = LazyNames(__name__, EXPORTS)
__all__ = _NAMES.names()

# `range` is both a submodule and an exported name: bound here, before any other import of the
# submodule could leave the package attribute pointing at the module.
ConstExpr = _range_module.ConstExpr
range = _range_module.range  # noqa: A001
static_range = _range_module.static_range


def module_of(name: str) -> str | None:
    """The submodule (of this package) defining exported name `name`, found without importing it."""
    return _NAMES.where.get(name)


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        return _NAMES.resolve(name)
    raise no_attribute(__name__, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
