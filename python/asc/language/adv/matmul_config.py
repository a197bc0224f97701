"""The Matmul configuration: `MatmulConfig` (Ascend C's 50 fields), its factories and parameter holders,
the enums they take, and `MatrixOffset`.

A config is a compile-time value: `asc.adv.Matmul(..., matmul_config=cfg)` puts it in the Matmul's type,
and the emitter writes it as a file-scope `constexpr static MatmulConfig` built from `GetNormalConfig()`
with the fields that differ from it (lib/Target/AscendC/EmitMatmulOps.cpp).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ..core import semantic
from ..core.dtype import int32
from ..core.struct import Field, Struct


class BatchMode(IntEnum):
    """How the batches of a batch Matmul relate to L1 (Ascend C `BatchMode`)."""

    NONE = 0
    BATCH_LESS_THAN_L1 = 1
    BATCH_LARGE_THAN_L1 = 2
    SINGLE_LARGE_THAN_L1 = 3


class IterateMode(IntEnum):
    """Which iteration methods a Matmul object is built for (Ascend C `IterateMode`)."""

    ITERATE_MODE_NORMAL = 1
    ITERATE_MODE_ALL = 2
    ITERATE_MODE_BATCH = 4
    ITERATE_MODE_N_BATCH = 8
    ITERATE_MODE_DEFAULT = 255


class IterateOrder(IntEnum):
    """The order of the base blocks: along M first or along N first (UNDEF: the tiling's)."""

    ORDER_M = 0
    ORDER_N = 1
    UNDEF = 2


class ScheduleType(IntEnum):
    """Inner product (K innermost, the default) or outer product."""

    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class MatmulConfigMode(IntEnum):
    """The kind of config `get_mm_config` starts from."""

    CONFIG_NORM = 1
    CONFIG_MDL = 2
    CONFIG_SPECIALMDL = 3
    CONFIG_IBSHARE = 4


class BatchOutMode(IntEnum):
    SINGLE_BATCH = 0
    MULTI_BATCH = 1
    DYNAMIC = 2


class MatmulPolicy(IntEnum):
    MatmulPolicy = 0
    TrianUpperMatmulPolicy = 1
    TrianLowerMatmulPolicy = 2
    NBuffer33MatmulPolicy = 3


#: (Python name, C++ name, default) of the 50 MatmulConfig fields in Ascend C's order; the defaults are
#: `GetNormalConfig()`'s.
FIELDS: tuple[tuple[str, str, Any], ...] = (
    ("do_norm", "doNorm", True),
    ("do_basic_block", "doBasicBlock", False),
    ("do_multi_data_load", "doMultiDataLoad", False),
    ("basic_m", "basicM", 0),
    ("basic_n", "basicN", 0),
    ("basic_k", "basicK", 0),
    ("intrinsics_check", "intrinsicsCheck", False),
    ("is_n_batch", "isNBatch", False),
    ("en_vec_nd2nz", "enVecND2NZ", False),
    ("do_special_basic_block", "doSpecialBasicBlock", False),
    ("do_mte2_preload", "doMTE2Preload", 0),
    ("single_core_m", "singleCoreM", 0),
    ("single_core_n", "singleCoreN", 0),
    ("single_core_k", "singleCoreK", 0),
    ("step_m", "stepM", 0),
    ("step_n", "stepN", 0),
    ("base_mn", "baseMN", 0),
    ("single_core_mn", "singleCoreMN", 0),
    ("en_unit_flag", "enUnitFlag", True),
    ("is_per_tensor", "isPerTensor", False),
    ("has_anti_quant_offset", "hasAntiQuantOffset", False),
    ("do_ib_share_norm", "doIBShareNorm", False),
    ("do_special_mdl", "doSpecialMDL", False),
    ("enable_init", "enableInit", True),
    ("batch_mode", "batchMode", BatchMode.BATCH_LESS_THAN_L1),
    ("enable_end", "enableEnd", True),
    ("enable_get_tensor_c", "enableGetTensorC", True),
    ("enable_set_org_shape", "enableSetOrgShape", True),
    ("enable_set_bias", "enableSetBias", True),
    ("enable_set_tail", "enableSetTail", True),
    ("enable_quant_vector", "enableQuantVector", True),
    ("enable_set_define_data", "enableSetDefineData", True),
    ("iterate_mode", "iterateMode", IterateMode.ITERATE_MODE_DEFAULT),
    ("enable_reuse", "enableReuse", True),
    ("enable_ub_reuse", "enableUBReuse", False),
    ("enable_l1_cache_ub", "enableL1CacheUB", False),
    ("intra_block_part_sum", "intraBlockPartSum", False),
    ("iterate_order", "iterateOrder", IterateOrder.UNDEF),
    ("schedule_type", "scheduleType", ScheduleType.INNER_PRODUCT),
    ("enable_double_cache", "enableDoubleCache", 0),
    ("is_bias_batch", "isBiasBatch", True),
    ("enable_static_pad_zeros", "enableStaticPadZeros", False),
    ("is_partial_output", "isPartialOutput", False),
    ("enable_mix_dual_master", "enableMixDualMaster", False),
    ("is_a2b2_shared", "isA2B2Shared", False),
    ("is_enable_channel_split", "isEnableChannelSplit", False),
    ("enable_kdim_reorder_load", "enableKdimReorderLoad", False),
    ("is_co1_shared", "isCO1Shared", False),
    ("shared_co1_buffer_size", "sharedCO1BufferSize", 64 * 1024),
    ("batch_out_mode", "batchOutMode", BatchOutMode.SINGLE_BATCH),
)
_DEFAULTS = {py: default for py, _, default in FIELDS}
_CXX = {py: cxx for py, cxx, _ in FIELDS}


class MatmulConfig:
    """Ascend C's `MatmulConfig`: 50 compile-time fields (bools, ints, enums); the defaults are
    `GetNormalConfig()`'s. Pass one to `asc.adv.Matmul(..., matmul_config=...)`."""

    __slots__ = tuple(_DEFAULTS)

    def __init__(self, **fields: Any) -> None:
        unknown = sorted(set(fields) - set(_DEFAULTS))
        if unknown:
            raise TypeError(f"MatmulConfig has no field(s) {unknown}")
        for name, default in _DEFAULTS.items():
            setattr(self, name, fields.get(name, default))

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _DEFAULTS:
            raise AttributeError(f"MatmulConfig has no field '{name}'")
        default = _DEFAULTS[name]
        if hasattr(value, "handle"):
            raise TypeError(f"MatmulConfig.{name} must be a compile-time value, got a runtime "
                            f"{type(value).__name__}")
        value = semantic.python_scalar(value)  # a numpy integer is an int
        if isinstance(default, bool):
            if not isinstance(value, (bool, int)):
                raise TypeError(f"MatmulConfig.{name} must be a bool, got {value!r}")
            value = bool(value)
        elif isinstance(default, IntEnum):
            enum = type(default)
            known = {int(m) for m in enum}
            if isinstance(value, bool) or not isinstance(value, int) or int(value) not in known:
                members = ", ".join(f"{m.name} ({int(m)})" for m in enum)
                raise ValueError(f"MatmulConfig.{name} must be an asc.adv.{enum.__name__}: one of {members}; "
                                 f"got {value!r}")
            value = enum(int(value))
        elif isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"MatmulConfig.{name} must be an int, got {value!r}")
        object.__setattr__(self, name, value)

    def diff(self) -> dict[str, Any]:
        """{C++ field name: value} of the fields that differ from GetNormalConfig() (what the kernel
        source writes), in Ascend C's order."""
        return {_CXX[py]: (getattr(self, py) if isinstance(getattr(self, py), bool) else int(getattr(self, py)))
                for py, _, default in FIELDS if getattr(self, py) != default}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatmulConfig) and all(getattr(self, k) == getattr(other, k) for k in _DEFAULTS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, k) for k in _DEFAULTS))

    def __repr__(self) -> str:
        changed = ", ".join(f"{py}={getattr(self, py)!r}" for py, _, d in FIELDS if getattr(self, py) != d)
        return f"MatmulConfig({changed})"


def _bool(name: str, value: Any) -> bool:
    flag = semantic.compile_time_bool(value)
    if flag is None:
        raise TypeError(f"'{name}' must be a compile-time bool, got {semantic.python_scalar(value)!r}")
    return flag


def get_normal_config(intrinsics_limit: bool = False, batch_loop: bool = False, is_vec_nd2_nz: bool = False,
                      bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1, is_msg_reuse: bool = True,
                      iterate_order: IterateOrder = IterateOrder.ORDER_M,
                      schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                      en_unit_flag: bool = True) -> MatmulConfig:
    """`GetNormalConfig(...)`: the NORM template (one base block at a time)."""
    return MatmulConfig(intrinsics_check=_bool("intrinsics_limit", intrinsics_limit),
                        is_n_batch=_bool("batch_loop", batch_loop), en_vec_nd2nz=_bool("is_vec_nd2_nz", is_vec_nd2_nz),
                        batch_mode=BatchMode(bmm_mode), enable_reuse=_bool("is_msg_reuse", is_msg_reuse),
                        iterate_order=IterateOrder(iterate_order), schedule_type=ScheduleType(schedule_type),
                        en_unit_flag=_bool("en_unit_flag", en_unit_flag))


def get_mdl_config(intrinsics_limit: bool = False, batch_loop: bool = False, do_mte2_preload: int = 0,
                   is_vec_nd2_nz: bool = False, is_per_tensor: bool = False, has_anti_quant_offset: bool = False,
                   en_unit_flag: bool = False, is_msg_reuse: bool = True, enable_ub_reuse: bool = True,
                   enable_l1_cache_ub: bool = False, enable_mix_dual_master: bool = False,
                   enable_kdim_reorder_load: bool = False) -> MatmulConfig:
    """`GetMDLConfig(...)`: the MDL template (several base blocks of A and B per GM->L1 load)."""
    return MatmulConfig(do_norm=False, do_multi_data_load=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, do_mte2_preload=int(do_mte2_preload), en_vec_nd2nz=is_vec_nd2_nz,
                        is_per_tensor=is_per_tensor, has_anti_quant_offset=has_anti_quant_offset,
                        en_unit_flag=en_unit_flag, enable_reuse=is_msg_reuse, enable_ub_reuse=enable_ub_reuse,
                        enable_l1_cache_ub=enable_l1_cache_ub, enable_mix_dual_master=enable_mix_dual_master,
                        enable_kdim_reorder_load=enable_kdim_reorder_load)


def get_special_mdl_config(intrinsics_limit: bool = False, batch_loop: bool = False, do_mte2_pre_load: int = 0,
                           is_vec_nd2_nz: bool = False, is_per_tensor: bool = False,
                           has_anti_quant_offset: bool = False) -> MatmulConfig:
    """`GetSpecialMDLConfig(...)`."""
    return MatmulConfig(do_norm=False, do_special_mdl=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, do_mte2_preload=int(do_mte2_pre_load), en_vec_nd2nz=is_vec_nd2_nz,
                        is_per_tensor=is_per_tensor, has_anti_quant_offset=has_anti_quant_offset,
                        en_unit_flag=False)


def _positive(name: str, value: Any) -> int:
    value = semantic.python_scalar(value)  # a numpy integer is an int
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"'{name}' must be a positive compile-time int, got {value!r}")
    return value


def get_basic_config(basic_m: int, basic_n: int, basic_k: int, intrinsics_limit: bool = False,
                     batch_loop: bool = False, bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """`GetBasicConfig(basicM, basicN, basicK, ...)`: fixed base blocks known at compile time."""
    return MatmulConfig(do_norm=False, do_basic_block=True, basic_m=_positive("basic_m", basic_m),
                        basic_n=_positive("basic_n", basic_n), basic_k=_positive("basic_k", basic_k),
                        intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, batch_mode=BatchMode(bmm_mode))


def get_special_basic_config(basic_m: int, basic_n: int, basic_k: int, single_core_m: int, single_core_n: int,
                             single_core_k: int, step_m: int, step_n: int, intrinsics_limit: bool = False,
                             batch_loop: bool = False,
                             bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """`GetSpecialBasicConfig(...)`: base blocks, per-core shape and steps fixed at compile time."""
    return MatmulConfig(do_norm=False, do_special_basic_block=True, basic_m=_positive("basic_m", basic_m),
                        basic_n=_positive("basic_n", basic_n), basic_k=_positive("basic_k", basic_k),
                        single_core_m=_positive("single_core_m", single_core_m),
                        single_core_n=_positive("single_core_n", single_core_n),
                        single_core_k=_positive("single_core_k", single_core_k),
                        step_m=_positive("step_m", step_m), step_n=_positive("step_n", step_n),
                        intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, batch_mode=BatchMode(bmm_mode))


def get_ib_share_norm_config(intrinsics_limit: bool = False, batch_loop: bool = False, is_vec_nd2_nz: bool = False,
                             bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1, is_double_cache: bool = False,
                             en_unit_flag: bool = True) -> MatmulConfig:
    """`GetIBShareNormConfig(...)`: the two AIVs of a core share A or B in L1."""
    return MatmulConfig(do_norm=False, do_ib_share_norm=True, intrinsics_check=intrinsics_limit,
                        is_n_batch=batch_loop, en_vec_nd2nz=is_vec_nd2_nz, batch_mode=BatchMode(bmm_mode),
                        enable_double_cache=int(bool(is_double_cache)), en_unit_flag=en_unit_flag)


class MatmulShapeParams:
    """Compile-time shapes for `get_mm_config`."""

    def __init__(self, single_core_m: int = 0, single_core_n: int = 0, single_core_k: int = 0, basic_m: int = 0,
                 basic_n: int = 0, basic_k: int = 0) -> None:
        self.single_core_m, self.single_core_n, self.single_core_k = single_core_m, single_core_n, single_core_k
        self.basic_m, self.basic_n, self.basic_k = basic_m, basic_n, basic_k


class MatmulQuantParams:
    def __init__(self, is_per_tensor: bool = False, has_anti_quant_offset: bool = False) -> None:
        self.is_per_tensor, self.has_anti_quant_offset = is_per_tensor, has_anti_quant_offset


class MatmulBatchParams:
    def __init__(self, is_b_batch: bool = False, batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
                 is_bias_batch: bool = True) -> None:
        self.is_b_batch, self.batch_mode, self.is_bias_batch = is_b_batch, BatchMode(batch_mode), is_bias_batch


class MatmulFuncParams:
    def __init__(self, intrinsics_limit: bool = False, en_vec_nd2_nz: bool = False, enable_double_cache: bool = False,
                 enable_l1_cache: bool = False, do_mte2_pre_load: int = 0,
                 iterate_order: IterateOrder = IterateOrder.UNDEF,
                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT, enable_reuse: bool = True,
                 enable_ub_reuse: bool = False, is_partial_output: bool = False, is_a2_b2_shared: bool = False,
                 is_enable_channel_split: bool = False, enable_kdim_reorder_load: bool = False) -> None:
        self.intrinsics_limit, self.en_vec_nd2_nz = intrinsics_limit, en_vec_nd2_nz
        self.enable_double_cache, self.enable_l1_cache = enable_double_cache, enable_l1_cache
        self.do_mte2_pre_load, self.iterate_order = do_mte2_pre_load, IterateOrder(iterate_order)
        self.schedule_type, self.enable_reuse = ScheduleType(schedule_type), enable_reuse
        self.enable_ub_reuse, self.is_partial_output = enable_ub_reuse, is_partial_output
        self.is_a2_b2_shared, self.is_enable_channel_split = is_a2_b2_shared, is_enable_channel_split
        self.enable_kdim_reorder_load = enable_kdim_reorder_load


def get_mm_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetMMConfig<mode>(params...)`: a config of `MatmulConfigMode` (default CONFIG_NORM) with the
    parameter holders applied, in any order, positionally or by keyword. (pyasc's version iterates over
    the argument tuples instead of their items and so always returns the defaults; this one applies
    them.)"""
    mode = MatmulConfigMode.CONFIG_NORM
    holders: list[Any] = []
    for value in [*args, *kwargs.values()]:
        if isinstance(value, MatmulConfigMode):
            mode = value
        elif isinstance(value, (MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, MatmulFuncParams)):
            holders.append(value)
        else:
            raise TypeError(f"get_mm_config takes a MatmulConfigMode and Matmul*Params, got {value!r}")
    cfg = {MatmulConfigMode.CONFIG_NORM: get_normal_config, MatmulConfigMode.CONFIG_MDL: get_mdl_config,
           MatmulConfigMode.CONFIG_SPECIALMDL: get_special_mdl_config,
           MatmulConfigMode.CONFIG_IBSHARE: get_ib_share_norm_config}[mode]()
    for h in holders:
        if isinstance(h, MatmulShapeParams):
            for k in ("single_core_m", "single_core_n", "single_core_k", "basic_m", "basic_n", "basic_k"):
                setattr(cfg, k, getattr(h, k))
        elif isinstance(h, MatmulQuantParams):
            cfg.is_per_tensor, cfg.has_anti_quant_offset = h.is_per_tensor, h.has_anti_quant_offset
        elif isinstance(h, MatmulBatchParams):
            cfg.is_n_batch = h.is_b_batch
            cfg.batch_mode, cfg.is_bias_batch = h.batch_mode, h.is_bias_batch
        else:
            cfg.intrinsics_check, cfg.en_vec_nd2nz = h.intrinsics_limit, h.en_vec_nd2_nz
            cfg.enable_double_cache, cfg.enable_l1_cache_ub = int(bool(h.enable_double_cache)), h.enable_l1_cache
            cfg.do_mte2_preload, cfg.iterate_order = h.do_mte2_pre_load, h.iterate_order
            cfg.schedule_type, cfg.enable_reuse = h.schedule_type, h.enable_reuse
            cfg.enable_ub_reuse, cfg.is_partial_output = h.enable_ub_reuse, h.is_partial_output
            cfg.is_a2b2_shared, cfg.is_enable_channel_split = h.is_a2_b2_shared, h.is_enable_channel_split
            cfg.enable_kdim_reorder_load = h.enable_kdim_reorder_load
    return cfg


class MatrixOffset(Struct, pack=4):
    """`MatrixOffset`: where the base block `get_offset_c` describes lies in C."""

    offset = Field(int32)
    row = Field(int32)
    col = Field(int32)
    height = Field(int32)
    width = Field(int32)
