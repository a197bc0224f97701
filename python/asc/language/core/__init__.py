"""Core kernel vocabulary: data types, enums, values and tensors."""
# ruff: noqa: F401 - this module re-exports what it imports; __all__ is computed from the imports

from types import ModuleType as _ModuleType

from .aipp_types import (
    AippChannelPaddingParams,
    AippColorSpaceConvParams,
    AippDataTypeConvParams,
    AippPaddingParams,
    AippParams,
    AippSingleLineParams,
    AippSwapParams,
)
from .auto_tensor import LocalTensorAuto, ShapeInfo, get_shape_size
from .cube_types import (
    CO2Layout,
    CubeFormat,
    DataCopyCO12DstParams,
    FixpipeConfig,
    FixpipeParamsV220,
    InitConstValueParams,
    LoadData2DParams,
    LoadData2DParamsV2,
    LoadData2dTransposeParams,
    LoadData2dTransposeParamsV2,
    LoadData3DParamsV1,
    LoadData3DParamsV2,
    LoadData3DParamsV2Pro,
    LoadDataRepeatParam,
    MmadParams,
    Nd2NzParams,
    Nz2NdParamsFull,
    QuantModes,
)
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
    AippInputFormat,
    AtomicDtype,
    AtomicOp,
    CacheLine,
    CacheMode,
    CacheRwMode,
    DataFormat,
    DcciDst,
    GatherMaskMode,
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
from .layout_types import (
    BlockMode,
    DataCopyEnhancedParams,
    DeqScale,
    SliceInfo,
    TransDataTo5HDParams,
    TransposeParamsExt,
    TransposeType,
    pad_t,
)
from .list_tensor import ListTensorDesc, TensorDesc
from .range import ConstExpr, range, static_range
from .sort_types import MrgSort4Info, MrgSortSrcList
from .struct import Field, Struct, StructField
from .tensor import GlobalTensor, LocalTensor
from .types import (
    BinaryRepeatParams,
    BrcbRepeatParams,
    CheckLocalMemoryIAParam,
    CopyRepeatParams,
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
    GatherMaskParams,
    GatherRepeatParams,
    LoadImageToLocalParams,
    UnaryRepeatParams,
    VdeqInfo,
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

# Exactly the names imported above (no second, hand-kept list).
__all__ = sorted(n for n, v in globals().items() if not n.startswith("_") and not isinstance(v, _ModuleType))
