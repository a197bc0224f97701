"""`asc.lib.host`: the host-side Matmul tiling of pyasc (pyasc_api.md §1.8), without CANN.

    platform = asc.lib.host.get_ascendc_platform()
    tiling_api = asc.lib.host.MultiCoreMatmulTiling(platform)
    tiling_api.set_dim(platform.get_core_num_aiv())
    tiling_api.set_a_type(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
    ...
    tiling_api.set_shape(m, n, k)
    tiling = asc.adv.TCubeTiling()
    assert tiling_api.get_tiling(tiling) == 0

pyasc builds these classes from CANN's closed tiling library; here they are pure Python over our own
solver (`asc.lib.host.solver`, docs/tiling.md) and the one hardware table (AscHardware.td). `get_tiling`
returns -1 when no tiling fits and says why in a `logging` record of the `asc.lib.host` logger.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from enum import IntEnum
from typing import Any, TypeVar

from . import solver as _solver

logger = logging.getLogger("asc.lib.host")


class TPosition(IntEnum):
    """Positions of the host tiling API (CANN's TPosition)."""

    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    LCM = 12
    SPM = 13
    SHM = 14
    TSCM = 15
    MAX = 16


class CubeFormat(IntEnum):
    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7
    ROW_MAJOR = 8
    COLUMN_MAJOR = 9


class DataType(IntEnum):
    """Element types (ge::DataType's values)."""

    DT_FLOAT = 0
    DT_FLOAT16 = 1
    DT_INT8 = 2
    DT_INT32 = 3
    DT_UINT8 = 4
    DT_INT16 = 6
    DT_UINT16 = 7
    DT_UINT32 = 8
    DT_INT64 = 9
    DT_UINT64 = 10
    DT_DOUBLE = 11
    DT_BOOL = 12
    DT_STRING = 13
    DT_DUAL_SUB_INT8 = 14
    DT_DUAL_SUB_UINT8 = 15
    DT_COMPLEX64 = 16
    DT_COMPLEX128 = 17
    DT_QINT8 = 18
    DT_QINT16 = 19
    DT_QINT32 = 20
    DT_QUINT8 = 21
    DT_QUINT16 = 22
    DT_RESOURCE = 23
    DT_STRING_REF = 24
    DT_DUAL = 25
    DT_VARIANT = 26
    DT_BF16 = 27
    DT_BFLOAT16 = 27
    DT_UNDEFINED = 28
    DT_INT4 = 29
    DT_UINT1 = 30
    DT_INT2 = 31
    DT_UINT2 = 32
    DT_MAX = 33


class MatrixTraverse(IntEnum):
    NOSET = 0
    FIRSTM = 1
    FIRSTN = 2


class MatrixMadType(IntEnum):
    NORMAL = 0
    HF32 = 1
    MXMODE = 2


class DequantType(IntEnum):
    SCALAR = 0
    TENSOR = 1


class ScheduleType(IntEnum):
    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class CoreMemType(IntEnum):
    """The memories `PlatformAscendC.get_core_mem_size` reports."""

    L0_A = 0
    L0_B = 1
    L0_C = 2
    L1 = 3
    L2 = 4
    UB = 5
    HBM = 6
    BT = 7
    FB = 8


_SOLVER_DTYPES = {DataType.DT_FLOAT: "float32", DataType.DT_FLOAT16: "float16", DataType.DT_BF16: "bfloat16",
                  DataType.DT_INT8: "int8", DataType.DT_INT32: "int32"}
_UB = (TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC)


class PlatformAscendC:
    """One Ascend part's core counts and memory sizes (CANN's PlatformAscendC), from the hardware table."""

    def __init__(self, platform: Any = None) -> None:
        from ...runtime import config

        self._platform = config.current_platform() if platform is None else config.parse_platform(platform)
        self._info = config.platform_info(self._platform)
        self._hw = _solver.hardware_from_table(self._platform)

    def get_soc_version(self) -> str:
        return self._platform.value

    def get_core_num(self) -> int:
        """The vector cores (a split part reports its AIV count, as CANN does)."""
        return self._info.aiv_cores

    def get_core_num_aic(self) -> int:
        return self._info.aic_cores

    def get_core_num_aiv(self) -> int:
        return self._info.aiv_cores

    def get_core_num_vector(self) -> int:
        """Stand-alone vector cores: none on A2/A3."""
        return 0

    def get_core_mem_size(self, mem_type: CoreMemType) -> int:
        hw, info = self._hw, self._info
        sizes = {CoreMemType.L0_A: hw.l0a, CoreMemType.L0_B: hw.l0b, CoreMemType.L0_C: hw.l0c,
                 CoreMemType.L1: hw.l1, CoreMemType.L2: info.l2_bytes, CoreMemType.UB: hw.ub,
                 CoreMemType.HBM: info.hbm_bytes, CoreMemType.BT: hw.bt, CoreMemType.FB: 7168}
        return sizes[CoreMemType(mem_type)]

    def get_lib_api_work_space_size(self) -> int:
        """The system workspace the advanced API reserves (RESERVED_WORKSPACE = 16 MiB on 2201)."""
        return 16 * 1024 * 1024

    def calc_tsch_block_dim(self, slice_num: int, aic_core_num: int, aiv_core_num: int) -> int:
        """The block dim of a launch of `slice_num` slices: in a MIX kernel (both counts given) one block
        is one AIC with its two AIVs."""
        if aic_core_num == 0 or aiv_core_num == 0 or aic_core_num == aiv_core_num:
            return slice_num
        ratio = aiv_core_num // aic_core_num
        return -(-slice_num // ratio)

    @property
    def hardware(self) -> _solver.Hardware:
        return self._hw


class PlatformAscendCManager:
    """CANN's PlatformAscendCManager: `get_instance()` is the configured part's PlatformAscendC,
    `get_instance(soc_version)` that of the part named (e.g. "Ascend910B4")."""

    @staticmethod
    def get_instance(soc_version: str | None = None) -> PlatformAscendC:
        return PlatformAscendC(soc_version)


def get_ascendc_platform() -> PlatformAscendC:
    """The configured part (`asc.runtime.config.set_platform`): `PlatformAscendCManager.get_instance()`."""
    return PlatformAscendCManager.get_instance()


class MatmulConfigParams:
    """`set_matmul_config_params`' arguments as one object."""

    def __init__(self, mm_config_type: int = 1, enable_l1_cache_ub: bool = False,
                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                 traverse: MatrixTraverse = MatrixTraverse.NOSET, en_vec_nd2nz: bool = False) -> None:
        self.mm_config_type, self.enable_l1_cache_ub = mm_config_type, enable_l1_cache_ub
        self.schedule_type, self.traverse, self.en_vec_nd2nz = ScheduleType(schedule_type), \
            MatrixTraverse(traverse), en_vec_nd2nz


class _Operand:
    def __init__(self, pos: TPosition, fmt: CubeFormat, dtype: DataType, is_trans: bool = False) -> None:
        self.pos, self.fmt, self.dtype, self.is_trans = TPosition(pos), CubeFormat(fmt), DataType(dtype), is_trans


_F = TypeVar("_F", bound=Callable[..., Any])


def _keyword_aliases(**aliases: str) -> Callable[[_F], _F]:
    """Accepts the keyword names of pyasc's generated stub (`base_m_in`, `org_ka_in`, ...; pyasc_api.md
    Appendix A) as well as those of its §1.8 text, which we take as the parameters' names."""

    def wrap(method: _F) -> _F:
        @functools.wraps(method)
        def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            for alias in aliases.keys() & kwargs.keys():
                name = aliases[alias]
                if name in kwargs:
                    raise TypeError(f"{method.__name__}() got both {alias!r} and {name!r}: they are the same "
                                    "parameter")
                kwargs[name] = kwargs.pop(alias)
            return method(self, *args, **kwargs)

        return call  # type: ignore[return-value]

    return wrap


class MatmulApiTilingBase:
    """The setters and getters every tiling class shares. Setters return 0 (or -1 for a bad value, logged)."""

    _multi_core = False

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        self.platform = platform if platform is not None else get_ascendc_platform()
        if not isinstance(self.platform, PlatformAscendC):
            raise TypeError(f"expected the PlatformAscendC of get_ascendc_platform(), got {platform!r}")
        self.a = _Operand(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
        self.b = _Operand(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT16)
        self.c = _Operand(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
        self.bias = _Operand(TPosition.GM, CubeFormat.ND, DataType.DT_FLOAT)
        self.shape = (-1, -1, -1)
        self.org = (-1, -1, -1, -1)
        self.fixed_base = (-1, -1, -1)
        self.buffer = (-1, -1, -1, -1)
        self.traverse = MatrixTraverse.NOSET
        self.mad_type = MatrixMadType.NORMAL
        self.split_range = (-1, -1, -1, -1, -1, -1)
        self.double_buffer = (True, True, True, True)
        self.dequant = DequantType.SCALAR
        self.layouts: dict[str, tuple[int, int, int, int, int]] = {}
        self.batch_num = 1
        self.batch_info: tuple[int, int, int, int, int] | None = None
        self.config_params = MatmulConfigParams()
        self.sparse = False
        self.has_bias = False
        self.dim = 1
        self.single = (-1, -1, -1)
        self.align_split = (-1, -1, -1)
        self.split_k = False
        self.result: _solver.Tiling | None = None

    # -- types ----------------------------------------------------------------------------------
    def set_a_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:  # noqa: A002
        self.a = _Operand(pos, type, data_type, is_trans)
        return 0

    def set_b_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:  # noqa: A002
        self.b = _Operand(pos, type, data_type, is_trans)
        return 0

    def set_c_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        self.c = _Operand(pos, type, data_type)
        return 0

    def set_bias_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        self.bias = _Operand(pos, type, data_type)
        return 0

    # -- shapes ---------------------------------------------------------------------------------
    def set_shape(self, m: int, n: int, k: int) -> int:
        self.shape = (int(m), int(n), int(k))
        return 0

    @_keyword_aliases(org_m_in="m", org_n_in="n", org_k_in="ka", org_ka_in="ka", org_kb_in="kb")
    def set_org_shape(self, m: int, n: int, ka: int, kb: int | None = None) -> int:
        self.org = (int(m), int(n), int(ka), int(ka if kb is None else kb))
        return 0

    @_keyword_aliases(base_m_in="base_m", base_n_in="base_n", base_k_in="base_k")
    def set_fix_split(self, base_m: int = -1, base_n: int = -1, base_k: int = -1) -> int:
        self.fixed_base = (int(base_m), int(base_n), int(base_k))
        return 0

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1, bt_size: int = -1) -> int:
        self.buffer = (int(l1_size), int(l0_c_size), int(ub_size), int(bt_size))
        return 0

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        self.traverse = MatrixTraverse(traverse)
        return 0

    def set_mad_type(self, mad_type: MatrixMadType) -> int:
        mad_type = MatrixMadType(mad_type)
        if mad_type == MatrixMadType.MXMODE:
            logger.warning("set_mad_type: MXMODE (micro-scaling formats) does not exist on A2/A3")
            return -1
        self.mad_type = mad_type
        return 0

    def set_split_range(self, max_base_m: int = -1, max_base_n: int = -1, max_base_k: int = -1,
                        min_base_m: int = -1, min_base_n: int = -1, min_base_k: int = -1) -> int:
        self.split_range = (max_base_m, max_base_n, max_base_k, min_base_m, min_base_n, min_base_k)
        return 0

    def set_double_buffer(self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True,
                          trans_nz2nd: bool = True) -> int:
        self.double_buffer = (bool(a), bool(b), bool(c), bool(bias))
        return 0

    def set_dequant_type(self, dequant_type: DequantType) -> int:
        self.dequant = DequantType(dequant_type)
        return 0

    def _layout(self, which: str, b: int, s: int, n: int, g: int, d: int) -> int:
        self.layouts[which] = (int(b), int(s), int(n), int(g), int(d))
        return 0

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("a", b, s, n, g, d)

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("b", b, s, n, g, d)

    def set_c_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("c", b, s, n, g, d)

    def set_batch_num(self, batch: int) -> int:
        if int(batch) <= 0:
            logger.warning("set_batch_num: the batch count must be positive, got %s", batch)
            return -1
        self.batch_num = int(batch)
        return 0

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        self.batch_info = (int(batch_a), int(batch_b), int(m), int(n), int(k))
        self.batch_num = max(int(batch_a), int(batch_b))
        self.shape = (int(m), int(n), int(k))
        return 0

    @_keyword_aliases(mm_config_type_in="mm_config_type", enable_l1_cache_ub_in="enable_l1_cache_ub",
                      schedule_type_in="schedule_type", traverse_in="traverse", en_vec_nd2nz_in="en_vec_nd2nz",
                      config_params="mm_config_type")
    def set_matmul_config_params(self, mm_config_type: Any = 1, enable_l1_cache_ub: bool = False,
                                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                                 traverse: MatrixTraverse = MatrixTraverse.NOSET, en_vec_nd2nz: bool = False) -> None:
        if isinstance(mm_config_type, MatmulConfigParams):
            self.config_params = mm_config_type
        else:
            self.config_params = MatmulConfigParams(mm_config_type, enable_l1_cache_ub, schedule_type, traverse,
                                                    en_vec_nd2nz)
        if self.config_params.traverse != MatrixTraverse.NOSET:
            self.traverse = self.config_params.traverse

    def set_sparse(self, is_sparse_in: bool = False) -> int:
        """A 4:2 sparse int8 B (the kernel calls set_sparse_index): baseK in 64s, docs/tiling.md."""
        self.sparse = bool(is_sparse_in)
        return 0

    def enable_bias(self, is_bias_in: bool = False) -> int:
        self.has_bias = bool(is_bias_in)
        return 0

    # -- results --------------------------------------------------------------------------------
    def get_base_m(self) -> int:
        return self.result.base_m if self.result else -1

    def get_base_n(self) -> int:
        return self.result.base_n if self.result else -1

    def get_base_k(self) -> int:
        return self.result.base_k if self.result else -1

    def _problem(self) -> _solver.Problem:
        m, n, k = self.shape
        if m <= 0 or n <= 0 or k <= 0:
            om, on, oka, _ = self.org
            m, n, k = om, on, oka
        if m <= 0 or n <= 0 or k <= 0:
            raise _solver.TilingError("set_shape(m, n, k) (or set_org_shape) was not called with positive sizes")
        dtypes = []
        for role, op in (("A", self.a), ("B", self.b), ("C", self.c), ("bias", self.bias)):
            if op.dtype not in _SOLVER_DTYPES:
                raise _solver.TilingError(f"the {role} matrix's {op.dtype.name} is not a Matmul element type "
                                          f"(DT_FLOAT16, DT_BF16, DT_FLOAT, DT_INT8, DT_INT32)")
            dtypes.append(_SOLVER_DTYPES[op.dtype])
        if dtypes[0] != dtypes[1]:
            raise _solver.TilingError(f"A ({dtypes[0]}) and B ({dtypes[1]}) must have the same element type")
        hw = self._hardware()
        mix_ratio = 1
        if self._multi_core and self.dim > hw.aic_cores:
            mix_ratio = 2
        traverse = {MatrixTraverse.NOSET: None, MatrixTraverse.FIRSTM: 0, MatrixTraverse.FIRSTN: 1}[self.traverse]
        return _solver.Problem(
            m=m, n=n, k=k, a_dtype=dtypes[0], b_dtype=dtypes[1], c_dtype=dtypes[2], bias_dtype=dtypes[3],
            a_trans=self.a.is_trans, b_trans=self.b.is_trans, a_in_ub=self.a.pos in _UB, b_in_ub=self.b.pos in _UB,
            c_in_ub=self.c.pos in _UB, bias=self.has_bias, dim=self.dim, clients_per_aic=mix_ratio,
            fixed_base=self.fixed_base, fixed_single=self.single, split_range=self.split_range,
            traverse=traverse, split_k=self.split_k, double_buffer=self.double_buffer[:3],
            batch=self.batch_num if isinstance(self, BatchMatmulTiling) else 1, align_split=self.align_split,
            sparse=self._check_sparse(dtypes))

    def _check_sparse(self, dtypes: list[str]) -> bool:
        """set_sparse(True): B is a 4:2 sparse int8 B given as its stored half transposed (sim/MATMUL.md
        "Sparse B"); the solver keeps baseK (and a split K) in multiples of 64. What the device's sparse path
        refuses is refused here too."""
        if not self.sparse:
            return False
        if dtypes[:3] != ["int8", "int8", "int32"]:
            raise _solver.TilingError(f"set_sparse(True): the sparse Matmul is int8 A x int8 B -> int32 C, got "
                                      f"{dtypes[0]} x {dtypes[1]} -> {dtypes[2]}")
        if not self.b.is_trans:
            raise _solver.TilingError("set_sparse(True): a sparse B is given as its stored half transposed "
                                      "(N x K/2); call set_b_type(pos, format, DT_INT8, is_trans=True)")
        if self.b.pos != TPosition.GM:
            raise _solver.TilingError("set_sparse(True): a sparse B comes from GM (set_b_type(TPosition.GM, ...))")
        if self.has_bias:
            raise _solver.TilingError("set_sparse(True): the sparse Matmul adds no bias (mmad_with_sparse has "
                                      "none); call enable_bias(False)")
        if isinstance(self, BatchMatmulTiling):
            raise _solver.TilingError("set_sparse(True): a batch of sparse matmuls is not supported; tile one "
                                      "matrix with MatmulApiTiling or MultiCoreMatmulTiling")
        return True

    def _hardware(self) -> _solver.Hardware:
        hw = self.platform.hardware
        l1, l0c, ub, bt = self.buffer
        changes = {}
        for name, value, cap in (("l1", l1, hw.l1), ("l0c", l0c, hw.l0c), ("ub", ub, hw.ub), ("bt", bt, hw.bt)):
            if value >= 0:
                if value > cap:
                    raise _solver.TilingError(f"set_buffer_space: {name}_size={value} is more than the "
                                              f"{name.upper()} of {self.platform.get_soc_version()} ({cap} bytes)")
                changes[name] = value
        from dataclasses import replace

        return replace(hw, **changes)

    def get_tiling(self, tiling: Any) -> int:
        """Fills `tiling` (an asc.adv.TCubeTiling) in place: 0, or -1 with the reason logged."""
        from ...language.adv.tiling import TCubeTiling

        if not isinstance(tiling, TCubeTiling):
            raise TypeError(f"get_tiling expects an asc.adv.TCubeTiling, got {type(tiling).__name__}")
        try:
            problem = self._problem()
            hw = self._hardware()
            result = _solver.solve(problem, hw)
        except _solver.TilingError as e:
            logger.error("get_tiling: no tiling: %s", e)
            self.result = None
            return -1
        self.result = result
        self._fill(tiling, problem, result, hw)
        return 0

    def _fill(self, t: Any, p: _solver.Problem, r: _solver.Tiling, hw: _solver.Hardware) -> None:
        om, on, oka, okb = self.org
        t.used_core_num = r.used_core_num
        t.m, t.n = (om if om > 0 else p.m), (on if on > 0 else p.n)
        t.k_a, t.k_b = (oka if oka > 0 else p.k), (okb if okb > 0 else p.k)
        t.single_core_m, t.single_core_n, t.single_core_k = r.single_core_m, r.single_core_n, r.single_core_k
        t.base_m, t.base_n, t.base_k = r.base_m, r.base_n, r.base_k
        t.depth_a1, t.depth_b1 = r.depth_a1, r.depth_b1
        t.step_m, t.step_n, t.step_k_a, t.step_k_b = r.step_m, r.step_n, r.step_k_a, r.step_k_b
        t.is_bias = int(p.bias)
        t.trans_length = r.trans_length
        t.iterate_order = r.iterate_order
        t.share_mode = 0
        t.share_l1_size = hw.l1
        t.share_l0c_size = hw.l0c
        t.share_ub_size = 0
        t.db_l0a, t.db_l0b, t.db_l0c = r.db_l0a, r.db_l0b, r.db_l0c
        for which, prefix, names in (("a", "a_layout_info_", "bsngd"), ("b", "b_layout_info_", "bsngd")):
            for letter, value in zip(names, self.layouts.get(which, (0, 0, 0, 0, 0))):
                setattr(t, prefix + letter, value)
        c = self.layouts.get("c", (0, 0, 0, 0, 0))
        t.c_layout_info_b, t.c_layout_info_s1, t.c_layout_info_n, t.c_layout_info_g, t.c_layout_info_s2 = c
        batch = self.batch_num if isinstance(self, BatchMatmulTiling) else 0
        t.batch_num = batch
        if batch:
            a_b = self.batch_info[0] if self.batch_info else batch
            b_b = self.batch_info[1] if self.batch_info else batch
            t.batch_m, t.batch_n = a_b, b_b
            t.single_batch_m, t.single_batch_n = a_b, b_b
        else:
            t.batch_m = t.batch_n = t.single_batch_m = t.single_batch_n = 1


class MatmulApiTiling(MatmulApiTilingBase):
    """The tiling of one core's Matmul (CANN's MatmulApiTiling): the whole shape on one core."""


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """The tiling of a Matmul split over `set_dim` clients (AIVs of a MIX kernel, AICs when cube-only)."""

    _multi_core = True

    def set_dim(self, dim: int) -> int:
        dim = int(dim)
        if dim <= 0 or dim > self.platform.get_core_num_aiv():
            logger.warning("set_dim: %s clients; %s allows 1..%s", dim, self.platform.get_soc_version(),
                           self.platform.get_core_num_aiv())
            return -1
        self.dim = dim
        return 0

    @_keyword_aliases(single_m_in="single_m", single_n_in="single_n", single_k_in="single_k", m="single_m",
                      n="single_n", k="single_k")
    def set_single_shape(self, single_m: int = -1, single_n: int = -1, single_k: int = -1) -> int:
        self.single = (int(single_m), int(single_n), int(single_k))
        return 0

    def set_single_range(self, max_m: int = -1, max_n: int = -1, max_k: int = -1, min_m: int = -1,
                         min_n: int = -1, min_k: int = -1) -> int:
        """Limits of the per-core shape: applied as the single shape when max == min."""
        if max_m > 0 and max_m == min_m or max_n > 0 and max_n == min_n or max_k > 0 and max_k == min_k:
            self.single = (max_m if max_m == min_m else -1, max_n if max_n == min_n else -1,
                           max_k if max_k == min_k else -1)
        return 0

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        self.align_split = (int(align_m), int(align_n), int(align_k))
        return 0

    def get_single_shape(self) -> tuple[int, int, int]:
        r = self.result
        return (r.single_core_m, r.single_core_n, r.single_core_k) if r else (-1, -1, -1)

    def get_core_num(self) -> int:
        return self.result.used_core_num if self.result else -1

    def enable_multi_core_split_k(self, flag: bool) -> None:
        self.split_k = bool(flag)


class BatchMatmulTiling(MultiCoreMatmulTiling):
    """The tiling of a batch Matmul (`iterate_batch`): one core computes `batch_num` matrices."""

    def get_core_num(self) -> int:
        return self.result.used_core_num if self.result else -1


#: pyasc's names of the module.
__all__ = ["get_ascendc_platform", "PlatformAscendC", "PlatformAscendCManager", "MatmulApiTiling", "MultiCoreMatmulTiling",
           "BatchMatmulTiling", "MatmulApiTilingBase", "MatmulConfigParams", "TPosition", "CubeFormat", "DataType",
           "MatrixTraverse", "MatrixMadType", "DequantType", "ScheduleType", "CoreMemType"]
