"""The advanced API's tiling structs, their computation (on the host and in a kernel) and the temp-buffer
sizes of every function.

`SoftmaxTiling` and `RmsNormTiling` are `asc.Struct`s with Ascend C's field names: pass one to a kernel
(computed on the host by `softmax_tiling` / `rmsnorm_tiling`) or compute it inside the kernel with the same
functions. The temp-size helpers `get_<name>_tmp_size(...) -> (minimum, maximum)` give the bytes of the
`temp_buffer` a function needs at least (one chunk of 64 elements or one row) and the bytes with which it
processes everything in one pass; the simulator's Ascend C headers (ascsim/adv_api.h) use the same numbers
and report a smaller buffer with the minimum.
"""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, current_builder
from ..core.dtype import DataType, float16, float32, int16, int32
from ..core.ir_value import PlainValue, described
from ..core.struct import Field, Struct, StructValue

_I32 = int32


class SoftmaxTiling(Struct, pack=4):
    """`SoftMaxTiling`: the rows (`src_m`) of `src_k` elements and how SoftMax walks them."""

    src_m = Field(_I32, name="srcM")
    src_k = Field(_I32, name="srcK")
    src_size = Field(_I32, name="srcSize")
    out_max_m = Field(_I32, name="outMaxM")
    out_max_k = Field(_I32, name="outMaxK")
    out_max_size = Field(_I32, name="outMaxSize")
    split_m = Field(_I32, name="splitM")
    split_k = Field(_I32, name="splitK")
    split_size = Field(_I32, name="splitSize")
    reduce_m = Field(_I32, name="reduceM")
    reduce_k = Field(_I32, name="reduceK")
    reduce_size = Field(_I32, name="reduceSize")
    range_m = Field(_I32, name="rangeM")
    tail_m = Field(_I32, name="tailM")
    tail_split_size = Field(_I32, name="tailSplitSize")
    tail_reduce_size = Field(_I32, name="tailReduceSize")


class RmsNormTiling(Struct, pack=4):
    """`RmsNormTiling`: b x s rows of h elements (the first `original_h_length` count)."""

    b_length = Field(_I32, name="bLength")
    s_length = Field(_I32, name="sLength")
    h_length = Field(_I32, name="hLength")
    original_h_length = Field(_I32, name="originalHLength")
    reciprocal_of_h_length = Field(float32, default=0.0, name="reciprocalOfHLength")
    main_bsh_length = Field(_I32, name="mainBshLength")
    main_bs_length = Field(_I32, name="mainBsLength")
    main_bs_length_align = Field(_I32, name="mainBsLengthAlign")
    loop_round = Field(_I32, name="loopRound")
    input_tail_pos = Field(_I32, name="inputTailPos")
    tail_bsh_length = Field(_I32, name="tailBshLength")
    tail_bs_length = Field(_I32, name="tailBsLength")


class TCubeTiling(Struct, pack=4):
    """`TCubeTiling`: the 49 int32 fields of a Matmul tiling, in Ascend C's order (the Ascend C headers
    declare the C++ struct; the kernel source does not). Fill it on the host with
    `asc.lib.host.MultiCoreMatmulTiling(...).get_tiling(t)` or by hand, pass it to a kernel, and give it to
    `asc.adv.register_matmul` or `Matmul.init`."""

    used_core_num = Field(_I32, name="usedCoreNum")
    m = Field(_I32, name="M")
    n = Field(_I32, name="N")
    k_a = Field(_I32, name="Ka")
    k_b = Field(_I32, name="Kb")
    single_core_m = Field(_I32, name="singleCoreM")
    single_core_n = Field(_I32, name="singleCoreN")
    single_core_k = Field(_I32, name="singleCoreK")
    base_m = Field(_I32, name="baseM")
    base_n = Field(_I32, name="baseN")
    base_k = Field(_I32, name="baseK")
    depth_a1 = Field(_I32, name="depthA1")
    depth_b1 = Field(_I32, name="depthB1")
    step_m = Field(_I32, name="stepM")
    step_n = Field(_I32, name="stepN")
    is_bias = Field(_I32, name="isBias")
    trans_length = Field(_I32, name="transLength")
    iterate_order = Field(_I32, name="iterateOrder")
    share_mode = Field(_I32, name="shareMode")
    share_l1_size = Field(_I32, name="shareL1Size")
    share_l0c_size = Field(_I32, name="shareL0CSize")
    share_ub_size = Field(_I32, name="shareUbSize")
    batch_m = Field(_I32, name="batchM")
    batch_n = Field(_I32, name="batchN")
    single_batch_m = Field(_I32, name="singleBatchM")
    single_batch_n = Field(_I32, name="singleBatchN")
    step_k_a = Field(_I32, name="stepKa")
    step_k_b = Field(_I32, name="stepKb")
    depth_a_l1_cache_ub = Field(_I32, name="depthAL1CacheUB")
    depth_b_l1_cache_ub = Field(_I32, name="depthBL1CacheUB")
    db_l0a = Field(_I32, name="dbL0A")
    db_l0b = Field(_I32, name="dbL0B")
    db_l0c = Field(_I32, name="dbL0C")
    a_layout_info_b = Field(_I32, name="ALayoutInfoB")
    a_layout_info_s = Field(_I32, name="ALayoutInfoS")
    a_layout_info_n = Field(_I32, name="ALayoutInfoN")
    a_layout_info_g = Field(_I32, name="ALayoutInfoG")
    a_layout_info_d = Field(_I32, name="ALayoutInfoD")
    b_layout_info_b = Field(_I32, name="BLayoutInfoB")
    b_layout_info_s = Field(_I32, name="BLayoutInfoS")
    b_layout_info_n = Field(_I32, name="BLayoutInfoN")
    b_layout_info_g = Field(_I32, name="BLayoutInfoG")
    b_layout_info_d = Field(_I32, name="BLayoutInfoD")
    c_layout_info_b = Field(_I32, name="CLayoutInfoB")
    c_layout_info_s1 = Field(_I32, name="CLayoutInfoS1")
    c_layout_info_n = Field(_I32, name="CLayoutInfoN")
    c_layout_info_g = Field(_I32, name="CLayoutInfoG")
    c_layout_info_s2 = Field(_I32, name="CLayoutInfoS2")
    batch_num = Field(_I32, name="BatchNum")


class MatmulApiStaticTiling(Struct, pack=4):
    """The compile-time tiling `asc.adv.get_matmul_api_tiling` returns: the TCubeTiling fields without
    the batch ones, plus `mx_type_para`; -1 where the config leaves a value to the runtime tiling. `cfg` is
    the MatmulConfig it was computed for; pass the object as `matmul_config` to `asc.adv.Matmul` (the
    kernel then declares `GetMatmulApiTiling<A, B, C, Bias>(cfg, l1_size)` as its config)."""

    used_core_num = Field(_I32, default=-1, name="usedCoreNum")
    m = Field(_I32, default=-1, name="M")
    n = Field(_I32, default=-1, name="N")
    k_a = Field(_I32, default=-1, name="Ka")
    k_b = Field(_I32, default=-1, name="Kb")
    single_core_m = Field(_I32, default=-1, name="singleCoreM")
    single_core_n = Field(_I32, default=-1, name="singleCoreN")
    single_core_k = Field(_I32, default=-1, name="singleCoreK")
    base_m = Field(_I32, default=-1, name="baseM")
    base_n = Field(_I32, default=-1, name="baseN")
    base_k = Field(_I32, default=-1, name="baseK")
    depth_a1 = Field(_I32, default=-1, name="depthA1")
    depth_b1 = Field(_I32, default=-1, name="depthB1")
    step_m = Field(_I32, default=-1, name="stepM")
    step_n = Field(_I32, default=-1, name="stepN")
    is_bias = Field(_I32, default=-1, name="isBias")
    trans_length = Field(_I32, default=-1, name="transLength")
    iterate_order = Field(_I32, default=-1, name="iterateOrder")
    share_mode = Field(_I32, default=-1, name="shareMode")
    share_l1_size = Field(_I32, default=-1, name="shareL1Size")
    share_l0c_size = Field(_I32, default=-1, name="shareL0CSize")
    share_ub_size = Field(_I32, default=-1, name="shareUbSize")
    step_k_a = Field(_I32, default=-1, name="stepKa")
    step_k_b = Field(_I32, default=-1, name="stepKb")
    depth_a_l1_cache_ub = Field(_I32, default=-1, name="depthAL1CacheUB")
    depth_b_l1_cache_ub = Field(_I32, default=-1, name="depthBL1CacheUB")
    db_l0a = Field(_I32, default=-1, name="dbL0A")
    db_l0b = Field(_I32, default=-1, name="dbL0B")
    db_l0c = Field(_I32, default=-1, name="dbL0C")
    a_layout_info_b = Field(_I32, default=-1, name="ALayoutInfoB")
    a_layout_info_s = Field(_I32, default=-1, name="ALayoutInfoS")
    a_layout_info_n = Field(_I32, default=-1, name="ALayoutInfoN")
    a_layout_info_g = Field(_I32, default=-1, name="ALayoutInfoG")
    a_layout_info_d = Field(_I32, default=-1, name="ALayoutInfoD")
    b_layout_info_b = Field(_I32, default=-1, name="BLayoutInfoB")
    b_layout_info_s = Field(_I32, default=-1, name="BLayoutInfoS")
    b_layout_info_n = Field(_I32, default=-1, name="BLayoutInfoN")
    b_layout_info_g = Field(_I32, default=-1, name="BLayoutInfoG")
    b_layout_info_d = Field(_I32, default=-1, name="BLayoutInfoD")
    c_layout_info_b = Field(_I32, default=-1, name="CLayoutInfoB")
    c_layout_info_s1 = Field(_I32, default=-1, name="CLayoutInfoS1")
    c_layout_info_n = Field(_I32, default=-1, name="CLayoutInfoN")
    c_layout_info_g = Field(_I32, default=-1, name="CLayoutInfoG")
    c_layout_info_s2 = Field(_I32, default=-1, name="CLayoutInfoS2")
    batch_num = Field(_I32, default=-1, name="BatchNum")
    mx_type_para = Field(_I32, default=-1, name="mxTypePara")

    @property
    def cfg(self) -> Any:
        """The MatmulConfig `get_matmul_api_tiling` computed this tiling for (None for one built by hand)."""
        return self.__dict__.get("_cfg")


class QuantConfig:
    """pyasc's `QuantConfig(calc_count, offset_count, scale_count, work_local_size)`: a compile-time
    configuration of `quant`. `calc_count` (> 0) is the element count when `quant` gets none; per-channel
    scales and offsets (`scale_count`, `offset_count` > 0) are not implemented; `work_local_size` (> 0) is
    checked against the minimum temp size."""

    __slots__ = ("calc_count", "offset_count", "scale_count", "work_local_size")

    def __init__(self, calc_count: int = 0, offset_count: int = 0, scale_count: int = 0,
                 work_local_size: int = 0) -> None:
        values = []
        for name, v in (("calc_count", calc_count), ("offset_count", offset_count), ("scale_count", scale_count),
                        ("work_local_size", work_local_size)):
            v = semantic.python_scalar(v)  # a numpy integer is an int
            if not isinstance(v, int) or v < 0:
                raise TypeError(f"QuantConfig: '{name}' must be a compile-time int >= 0, got {v!r}")
            values.append(v)
        self.calc_count, self.offset_count, self.scale_count, self.work_local_size = values


def _up(a: int, b: int) -> int:
    return (a + b - 1) // b * b


def _check_dtype(api: str, dtype: Any, allowed: tuple[DataType, ...] = (float16, float32)) -> DataType:
    if not isinstance(dtype, DataType) or dtype not in allowed:
        raise TypeError(f"{api}: 'dtype' must be one of {', '.join(d.name for d in allowed)}, got {dtype!r}")
    return dtype


def _reduce_scratch(k: int) -> int:
    return _up(2 * ((k + 63) // 64), 8) * 4


# -- temp sizes ------------------------------------------------------------------------------------

#: Float buffers of each math function (ascsim/adv_api.h `buffers`) and the ones that select.
MATH_BUFFERS: dict[str, int] = {
    "ceil": 0, "floor": 0, "round": 0, "trunc": 0, "log": 0, "frac": 1, "sign": 2, "sinh": 2, "cosh": 2,
    "atanh": 2, "tanh": 3, "acosh": 3, "cos": 3, "sin": 3, "exp": 4, "atan": 4, "asin": 4, "acos": 4,
    "asinh": 4, "tan": 4, "erf": 4, "erfc": 4, "lgamma": 7, "digamma": 7,
}
SELECTING = frozenset({"lgamma", "digamma"})


def math_tmp_size(name: str, count: int, dtype: DataType) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of math function `name` on `count` elements of `dtype`."""
    dtype = _check_dtype(f"get_{name}_tmp_size", dtype)
    k = MATH_BUFFERS[name] + (2 if dtype == float16 or name in SELECTING else 0)
    if k == 0:
        return 0, 0
    sel = name in SELECTING

    def size(chunk: int) -> int:
        return _up(k * chunk * 4 + (chunk // 8 if sel else 0), 32)

    return size(64), size(_up(max(count, 1), 64))


def _size_helpers() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in MATH_BUFFERS:
        def helper(count: int, dtype: DataType = float32, name: str = name) -> tuple[int, int]:
            return math_tmp_size(name, count, dtype)
        helper.__name__ = helper.__qualname__ = f"get_{name}_tmp_size"
        helper.__doc__ = f"(minimum, maximum) temp bytes of `asc.adv.{name}` on `count` elements of `dtype`."
        out[helper.__name__] = helper
    return out


globals().update(_size_helpers())


def get_power_tmp_size(count: int, dtype: DataType = float32) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.power`."""
    _check_dtype("get_power_tmp_size", dtype)
    chunk = _up(max(count, 1), 64)
    return 6 * 256 + 64, _up(24 * chunk + chunk // 4 + 64, 32)


def get_xor_tmp_size(count: int, dtype: DataType = int16) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.xor`."""
    return 512, 4 * _up(max(count, 1), 128)


def get_axpy_tmp_size(count: int, dtype: DataType = float32) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.axpy`."""
    k = 2 if _check_dtype("get_axpy_tmp_size", dtype) == float16 else 1
    return k * 256, k * 4 * _up(max(count, 1), 64)


def get_quant_tmp_size(count: int, dtype: DataType = float32) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.quant`."""
    _check_dtype("get_quant_tmp_size", dtype)
    return 384, 6 * _up(max(count, 1), 64)


def get_softmax_tmp_size(shape: Any, dtype: DataType = float32) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.softmax` on rows of `shape[-1]` elements (one row at a
    time: both are the same)."""
    k = int(shape[-1])
    dtype = _check_dtype("get_softmax_tmp_size", dtype)
    need = (k * 4 if dtype == float16 else 0) + _reduce_scratch(k) + 32 + 512
    return need, need


def get_rmsnorm_tmp_size(shape: Any, dtype: DataType = float32) -> tuple[int, int]:
    """(minimum, maximum) temp bytes of `asc.adv.rmsnorm` on rows of `shape[-1]` elements."""
    h = int(shape[-1])
    dtype = _check_dtype("get_rmsnorm_tmp_size", dtype)
    need = (3 if dtype == float16 else 1) * h * 4 + _reduce_scratch(h) + 32 + 512
    return need, need


# -- tiling ---------------------------------------------------------------------------------------

def _build(struct: type[Struct], values: dict[str, Any]) -> Any:
    """A host Struct, or (inside a kernel) a struct value built in the kernel."""
    if current_builder() is None:
        return struct(**{k: (int(v) if not isinstance(v, float) else v) for k, v in values.items()})
    b = builder_for(struct.__name__)
    value = StructValue(_ods.struct_zero(b, result_type=struct.ir_type()), struct)
    for key, v in values.items():
        value.set_field(key, v)
    return value


def softmax_tiling(shape: Any, dtype: DataType = float32, tmp_size: Any = None) -> Any:
    """The SoftmaxTiling of rows `shape = (rows, cols)` of `dtype` (cols a multiple of 32 bytes). On the
    host it returns an `asc.adv.SoftmaxTiling` to pass to a kernel; inside a kernel a struct value (rows and
    cols may be runtime ints there). SoftMax walks the rows one at a time (split_m = 1); a compile-time
    `tmp_size` is checked against `get_softmax_tmp_size`."""
    dtype = _check_dtype("softmax_tiling", dtype)
    rows, cols = shape
    per = 32 // dtype.sizeof()
    if isinstance(cols, int) and (cols <= 0 or cols % per):
        raise ValueError(f"softmax_tiling: a row of {cols} {dtype.name} elements is not a positive multiple of "
                         f"32 bytes ({per} elements)")
    if isinstance(cols, int) and isinstance(tmp_size, int):
        need = get_softmax_tmp_size(shape, dtype)[0]
        if tmp_size < need:
            raise ValueError(f"softmax_tiling: a temp buffer of {tmp_size} bytes is too small; rows of {cols} "
                             f"{dtype.name} elements need at least {need}")
    return _build(SoftmaxTiling, {
        "src_m": rows, "src_k": cols, "src_size": rows * cols, "out_max_m": rows, "out_max_k": per,
        "out_max_size": rows * per, "split_m": 1, "split_k": cols, "split_size": cols, "reduce_m": 1,
        "reduce_k": per, "reduce_size": per, "range_m": rows, "tail_m": 0, "tail_split_size": 0,
        "tail_reduce_size": 0})


def rmsnorm_tiling(shape: Any, dtype: DataType = float32, tmp_size: Any = None,
                   original_h: int | None = None) -> Any:
    """The RmsNormTiling of `shape = (b, s, h)` (h a multiple of 32 bytes; the mean over the first
    `original_h` elements, h by default). Compile-time sizes, on the host or inside a kernel."""
    dtype = _check_dtype("rmsnorm_tiling", dtype)
    b, s, h = (semantic.python_scalar(v) for v in shape)  # a numpy integer is an int
    oh = h if original_h is None else semantic.python_scalar(original_h)
    for name, v in (("b", b), ("s", s), ("h", h), ("original_h", oh)):
        if isinstance(v, PlainValue) or not isinstance(v, int):
            raise TypeError(f"rmsnorm_tiling: '{name}' must be a compile-time int, got {described(v)}")
    if h <= 0 or h * dtype.sizeof() % 32 or not 0 < oh <= h:
        raise ValueError(f"rmsnorm_tiling: h = {h} must be a positive multiple of 32 bytes and original_h = {oh} "
                         f"in [1, h]")
    if isinstance(tmp_size, int):
        need = get_rmsnorm_tmp_size(shape, dtype)[0]
        if tmp_size < need:
            raise ValueError(f"rmsnorm_tiling: a temp buffer of {tmp_size} bytes is too small; rows of {h} "
                             f"{dtype.name} elements need at least {need}")
    return _build(RmsNormTiling, {
        "b_length": b, "s_length": s, "h_length": h, "original_h_length": oh, "reciprocal_of_h_length": 1.0 / oh,
        "main_bsh_length": b * s * h, "main_bs_length": b * s, "main_bs_length_align": _up(b * s, 8),
        "loop_round": 1, "input_tail_pos": 0, "tail_bsh_length": 0, "tail_bs_length": 0})


TMP_SIZE_HELPERS = sorted(n for n in globals() if n.startswith("get_") and n.endswith("_tmp_size"))
