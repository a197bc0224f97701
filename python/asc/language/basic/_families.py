"""The vector API families, declared once: names, Ascend C spellings, dtypes and call forms.

Every family function below builds the three pyasc call forms of one API —
`count` (L2), `mask: int` (L0) and `mask: List[int]` (L1) — as an `OverloadSet`
whose handlers each create one `asc` op: `asc.<name>`, `asc.<name>_l0` or
`asc.<name>_l1`. The same table feeds `docs/api_coverage.md`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, bfloat16, float16, float32, int8, int16, int32, uint8, uint16, uint32
from ..core.enums import CMPMODE, ReduceOrder, RoundMode, SelMode, ir_keyword
from ..core.ir_value import PlainValue
from ..core.tensor import LocalTensor
from ..core.types import (
    BinaryRepeatParams,
    BrcbRepeatParams,
    CopyRepeatParams,
    GatherRepeatParams,
    UnaryRepeatParams,
)
from . import _checks
from ._overload import BOOL, INT, INT_LIST, NUMBER, OverloadSet, Param, instance_of

LOCAL = instance_of(LocalTensor)
BRP = instance_of(BinaryRepeatParams)
URP = instance_of(UnaryRepeatParams)

F16_F32 = (float16, float32)
ARITH = (int16, float16, int32, float32)


@dataclass(frozen=True)
class ApiInfo:
    """One API of the table: its Python name, Ascend C name, family and element types.

    The call forms are those of the handlers `_register` attaches (`overloads`): every `OverloadSet.add`
    records a form, derived from its parameters (`count`, `mask: int` → l0, `mask: List[int]` → l1) or
    named with `form=`. `forms` is an optional declaration: checked against the handlers
    (python/test/test_api_coverage.py), and the forms reported for an API without an OverloadSet.
    """

    name: str
    cxx: str
    family: str
    dtypes: tuple[DataType, ...]
    forms: tuple[str, ...] | None = None  # declared; the registered ones are `registered_forms`
    note: str = ""
    overloads: OverloadSet | None = field(default=None, compare=False, repr=False)

    @property
    def registered_forms(self) -> tuple[str, ...]:
        """The forms that really have a handler ("?" for a handler without a form tag)."""
        if self.overloads is None:
            return self.forms or ()
        return self.overloads.forms + (("?",) if self.overloads.untagged() else ())

    def missing_forms(self) -> tuple[str, ...]:
        """Declared forms without a handler (empty for an API without an OverloadSet)."""
        if self.overloads is None:
            return ()
        return tuple(f for f in self.forms or () if f not in self.overloads.forms)


REGISTRY: dict[str, ApiInfo] = {}


@dataclass
class _Call:
    """Operands of one op being assembled by a form handler."""

    api: str
    operands: list = field(default_factory=list)
    attrs: dict = field(default_factory=dict)

    def tensor(self, t: Any, param: str) -> LocalTensor:
        _checks.tensor(t, self.api, param, (LocalTensor,))
        self.operands.append(t.handle)
        return t

    def int(self, v: Any, param: str, dtype: DataType = int32) -> None:
        _checks.integer(v, self.api, param)  # validates; the operand is materialised in `dtype`
        self.operands.append(semantic.materialize(v, dtype))

    def scalar(self, v: Any, dtype: DataType, param: str) -> None:
        if not isinstance(v, (int, float, PlainValue)) or isinstance(v, bool):
            raise TypeError(f"{self.api}: '{param}' must be a number, got {type(v).__name__}")
        self.operands.append(semantic.materialize(v, dtype))

    def mask_int(self, mask: Any) -> None:
        self.int(mask, "mask", _U64)

    def mask_list(self, mask: Any) -> None:
        words = list(mask)
        if not 1 <= len(words) <= 2:
            raise ValueError(f"{self.api}: a bit mask is a list of one or two 64-bit words, got {len(words)}")
        words += [0] * (2 - len(words))
        for i, w in enumerate(words):
            self.int(w, f"mask[{i}]", _U64)

    def params(self, p: Any, kind: type, param: str = "repeat_params") -> None:
        if not isinstance(p, kind):
            raise TypeError(f"{self.api}: '{param}' must be an asc.{kind.__name__}, got {type(p).__name__}")
        self.operands.append(p.handle)

    def set_mask(self, is_set_mask: Any) -> None:
        if not isinstance(is_set_mask, bool):
            raise TypeError(f"{self.api}: 'is_set_mask' must be a compile-time bool")
        self.attrs["is_set_mask"] = ("bool", is_set_mask)

    def enum(self, key: str, kind: str, value: Any, cls: type) -> None:
        if not isinstance(value, cls):
            raise TypeError(f"{self.api}: '{key}' must be an asc.{cls.__name__}, got {value!r}")
        self.attrs[key] = ("enum", kind, ir_keyword(value))

    def masked(self, level: str, mask: Any, repeat_times: Any, repeat_params: Any, kind: type,
               is_set_mask: Any, op: str) -> None:
        """The tail every `mask, repeat_times, repeat_params, is_set_mask` form shares, then emit."""
        self.mask_int(mask) if level == "l0" else self.mask_list(mask)
        self.int(repeat_times, "repeat_times")
        self.params(repeat_params, kind)
        self.set_mask(is_set_mask)
        self.emit(f"{op}_{level}")

    def emit(self, op: str) -> None:
        b = builder_for(self.api)
        attrs = {}
        for key, spec in self.attrs.items():
            if spec[0] == "bool":
                attrs[key] = b.attr("true" if spec[1] else "false")
            else:
                attrs[key] = b.enum_attr(spec[1], spec[2])
        b.create(f"asc.{op}", self.operands, attrs=attrs)


_U64 = DataType("int64")  # mask words: 64-bit signless in IR, uint64_t in C++


def _masked_params(params_kind: Any) -> list[tuple[str, list[Param]]]:
    """(level, trailing parameters) of the L0 (`mask: int`) and L1 (`mask: List[int]`) forms."""
    return [(level, [Param("mask", mask_kind), Param("repeat_times", INT), Param("repeat_params", params_kind),
                     Param("is_set_mask", BOOL, True)]) for level, mask_kind in (("l0", INT), ("l1", INT_LIST))]


def _check_dtypes(info: ApiInfo, *tensors: tuple[str, LocalTensor]) -> None:
    for name, t in tensors:
        if t.dtype not in info.dtypes:
            allowed = ", ".join(d.name for d in info.dtypes)
            raise TypeError(f"{info.name}: '{name}' holds {t.dtype.name}, but {info.name} supports {allowed} "
                            "on Ascend 910B/910C")


def _register(info: ApiInfo, dispatcher: OverloadSet) -> Callable[..., Any]:
    REGISTRY[info.name] = replace(info, overloads=dispatcher)

    @builtin
    def api(*args: Any, **kwargs: Any) -> Any:
        return dispatcher(*args, **kwargs)

    api.__name__ = api.__qualname__ = info.name
    api.__doc__ = (f"`AscendC::{info.cxx}` ({info.family}); element types: "
                   f"{', '.join(d.name for d in info.dtypes)}.\n\nForms:\n" +
                   "\n".join("  " + c.signature(info.name) for c in dispatcher.candidates))
    return api


# -- tensor ⊕ tensor ------------------------------------------------------------------------------


def binary(name: str, cxx: str, dtypes: tuple[DataType, ...], same_dst: bool = True) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, "vector binary", dtypes)
    d = OverloadSet(name)

    def operands(c: _Call, dst: Any, src0: Any, src1: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        c.tensor(src1, "src1")
        _checks.same_dtype(name, src0=src0, src1=src1)
        if same_dst:
            _checks.same_dtype(name, dst=dst, src0=src0)
        _check_dtypes(info, ("src0", src0))

    def count(dst, src0, src1, count, is_set_mask=True):
        c = _Call(name)
        operands(c, dst, src0, src1)
        c.int(count, "count")
        c.emit(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call(name)
            operands(c, dst, src0, src1)
            c.masked(level, mask, repeat_times, repeat_params, BinaryRepeatParams, is_set_mask, name)
        return form

    base = [Param("dst", LOCAL), Param("src0", LOCAL), Param("src1", LOCAL)]
    d.add(base + [Param("count", INT), Param("is_set_mask", BOOL, True)], count)
    for level, tail in _masked_params(BRP):
        d.add(base + tail, masked(level))
    return _register(info, d)


# -- tensor ⊕ scalar ------------------------------------------------------------------------------


def binary_scalar(name: str, cxx: str, dtypes: tuple[DataType, ...], family: str = "vector-scalar",
                  forms: tuple[str, ...] = ("count", "l0", "l1")) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, family, dtypes, forms)
    d = OverloadSet(name)

    def operands(c: _Call, dst: Any, src: Any, scalar: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        _check_dtypes(info, ("src", src))
        c.scalar(scalar, src.dtype, "scalar")

    def count(dst, src, scalar, count, is_set_mask=True):
        c = _Call(name)
        operands(c, dst, src, scalar)
        c.int(count, "count")
        c.emit(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call(name)
            operands(c, dst, src, scalar)
            c.masked(level, mask, repeat_times, repeat_params, UnaryRepeatParams, is_set_mask, name)
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL), Param("scalar", NUMBER)]
    masked_params = [Param("repeat_times", INT), Param("repeat_params", URP), Param("is_set_mask", BOOL, True)]
    if "count" in forms and name != "axpy":
        d.add(base + [Param("count", INT), Param("is_set_mask", BOOL, True)], count)
    d.add(base + [Param("mask", INT)] + masked_params, masked("l0"))
    d.add(base + [Param("mask", INT_LIST)] + masked_params, masked("l1"))
    if name == "axpy":
        d.add(base + [Param("count", INT)], count)
    return _register(info, d)


# -- unary ----------------------------------------------------------------------------------------


def unary(name: str, cxx: str, dtypes: tuple[DataType, ...]) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, "vector unary", dtypes)
    d = OverloadSet(name)

    def operands(c: _Call, dst: Any, src: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        _checks.same_dtype(name, dst=dst, src=src)
        _check_dtypes(info, ("src", src))

    def count(dst, src, count):
        c = _Call(name)
        operands(c, dst, src)
        c.int(count, "count")
        c.emit(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call(name)
            operands(c, dst, src)
            c.masked(level, mask, repeat_times, repeat_params, UnaryRepeatParams, is_set_mask, name)
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL)]
    d.add(base + [Param("count", INT)], count)
    for level, tail in _masked_params(URP):
        d.add(base + tail, masked(level))
    return _register(info, d)


# -- conversion -------------------------------------------------------------------------------------

CAST_PAIRS: dict[tuple[DataType, DataType], tuple[RoundMode, ...]] = {}
_ALL_ROUND = (RoundMode.CAST_RINT, RoundMode.CAST_FLOOR, RoundMode.CAST_CEIL, RoundMode.CAST_ROUND,
              RoundMode.CAST_TRUNC)
for _pair, _modes in {
    (float16, float32): (RoundMode.CAST_NONE,),
    (float32, float16): _ALL_ROUND + (RoundMode.CAST_ODD, RoundMode.CAST_NONE),
    (float16, int32): _ALL_ROUND, (float16, int16): _ALL_ROUND,
    (float16, int8): _ALL_ROUND + (RoundMode.CAST_NONE,), (float16, uint8): _ALL_ROUND + (RoundMode.CAST_NONE,),
    (int8, float16): (RoundMode.CAST_NONE,), (uint8, float16): (RoundMode.CAST_NONE,),
    (int16, float16): _ALL_ROUND + (RoundMode.CAST_NONE,), (int16, float32): (RoundMode.CAST_NONE,),
    (int32, float32): _ALL_ROUND + (RoundMode.CAST_NONE,), (int32, int16): (RoundMode.CAST_NONE,),
    (int32, float16): _ALL_ROUND + (RoundMode.CAST_NONE, RoundMode.CAST_ODD),  # x · DEQSCALE, mode ignored
    (float32, int32): _ALL_ROUND, (float32, int16): _ALL_ROUND, (float32, bfloat16): _ALL_ROUND,
    (float32, float32): _ALL_ROUND, (bfloat16, float32): (RoundMode.CAST_NONE,), (bfloat16, int32): _ALL_ROUND,
}.items():
    CAST_PAIRS[_pair] = _modes


def cast_api() -> Callable[..., Any]:
    info = ApiInfo("cast", "Cast", "conversion", (float16, float32, int8, uint8, int16, int32, bfloat16))
    d = OverloadSet("cast")

    def operands(c: _Call, dst: Any, src: Any, round_mode: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        modes = CAST_PAIRS.get((src.dtype, dst.dtype))
        if modes is None:
            raise TypeError(f"cast: {src.dtype.name} → {dst.dtype.name} is not supported on Ascend 910B/910C")
        if round_mode not in modes:
            raise ValueError(f"cast: {src.dtype.name} → {dst.dtype.name} supports round modes "
                             f"{[m.name for m in modes]}, not {round_mode.name}")
        c.enum("round_mode", "round_mode", round_mode, RoundMode)

    def count(dst, src, round_mode, count):
        c = _Call("cast")
        operands(c, dst, src, round_mode)
        c.int(count, "count")
        c.emit("cast")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, round_mode, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call("cast")
            operands(c, dst, src, round_mode)
            c.masked(level, mask, repeat_times, repeat_params, UnaryRepeatParams, is_set_mask, "cast")
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL), Param("round_mode", instance_of(RoundMode))]
    d.add(base + [Param("count", INT)], count)
    for level, tail in _masked_params(URP):
        d.add(base + tail, masked(level))
    return _register(info, d)


# -- compare / select -------------------------------------------------------------------------------


def compare_api() -> Callable[..., Any]:
    info = ApiInfo("compare", "Compare", "compare/select", (float16, float32, int32),
                   forms=("count", "l0", "l1", "register"),
                   note="int32 only with CMPMODE.EQ; count·sizeof must be a multiple of 256 bytes; the register "
                        "form (no dst) writes CMPMASK")
    d = OverloadSet("compare")

    def operands(c: _Call, dst: Any, src0: Any, src1: Any, cmp_mode: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        c.tensor(src1, "src1")
        _checks.same_dtype("compare", src0=src0, src1=src1)
        _check_dtypes(info, ("src0", src0))
        if src0.dtype == int32 and cmp_mode != CMPMODE.EQ:
            raise ValueError("compare: int32 inputs support only CMPMODE.EQ on Ascend 910B/910C")
        c.enum("cmp_mode", "cmp_mode", cmp_mode, CMPMODE)

    def count(dst, src0, src1, cmp_mode, count):
        c = _Call("compare")
        operands(c, dst, src0, src1, cmp_mode)
        c.int(count, "count")
        c.emit("compare")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src0, src1, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call("compare")
            operands(c, dst, src0, src1, cmp_mode)
            c.masked(level, mask, repeat_times, repeat_params, BinaryRepeatParams, is_set_mask, "compare")
        return form

    def register(level: str) -> Callable[..., None]:
        # No dst: one repeat into the CMPMASK register (asc.get_cmp_mask / the selects without sel_mask).
        def form(src0, src1, cmp_mode, mask, repeat_params, is_set_mask=True):
            c = _Call("compare")
            c.tensor(src0, "src0")
            c.tensor(src1, "src1")
            _checks.same_dtype("compare", src0=src0, src1=src1)
            _check_dtypes(info, ("src0", src0))
            if src0.dtype == int32 and cmp_mode != CMPMODE.EQ:
                raise ValueError("compare: int32 inputs support only CMPMODE.EQ on Ascend 910B/910C")
            c.enum("cmp_mode", "cmp_mode", cmp_mode, CMPMODE)
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.params(repeat_params, BinaryRepeatParams)
            c.set_mask(is_set_mask)
            c.emit(f"compare_cmpmask_{level}")
        return form

    base = [Param("dst", LOCAL), Param("src0", LOCAL), Param("src1", LOCAL),
            Param("cmp_mode", instance_of(CMPMODE))]
    d.add(base + [Param("count", INT)], count)
    for level, tail in _masked_params(BRP):
        d.add(base + tail, masked(level))
    reg = [Param("src0", LOCAL), Param("src1", LOCAL), Param("cmp_mode", instance_of(CMPMODE))]
    for level, mask_kind in (("l1", INT_LIST), ("l0", INT)):
        d.add(reg + [Param("mask", mask_kind), Param("repeat_params", BRP), Param("is_set_mask", BOOL, True)],
              register(level), form="register")
    return _register(info, d)


def compare_scalar_api() -> Callable[..., Any]:
    info = ApiInfo("compare_scalar", "CompareScalar", "compare/select", (float16, float32, int32),
                   note="int32 only with CMPMODE.EQ; count·sizeof must be a multiple of 256 bytes; the masked forms "
                        "honour the mask (masked-off bits are 0)")
    d = OverloadSet("compare_scalar")

    def operands(c: _Call, dst: Any, src0: Any, src1_scalar: Any, cmp_mode: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        _check_dtypes(info, ("src0", src0))
        c.scalar(src1_scalar, src0.dtype, "src1_scalar")
        if src0.dtype == int32 and cmp_mode != CMPMODE.EQ:
            raise ValueError("compare_scalar: int32 inputs support only CMPMODE.EQ on Ascend 910B/910C")
        c.enum("cmp_mode", "cmp_mode", cmp_mode, CMPMODE)

    def count(dst, src0, src1_scalar, cmp_mode, count):
        c = _Call("compare_scalar")
        operands(c, dst, src0, src1_scalar, cmp_mode)
        c.int(count, "count")
        c.emit("compare_scalar")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src0, src1_scalar, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call("compare_scalar")
            operands(c, dst, src0, src1_scalar, cmp_mode)
            c.masked(level, mask, repeat_times, repeat_params, UnaryRepeatParams, is_set_mask, "compare_scalar")
        return form

    # pyasc's order (Appendix A): count, mask: int, mask: List[int].
    base = [Param("dst", LOCAL), Param("src0", LOCAL), Param("src1_scalar", NUMBER),
            Param("cmp_mode", instance_of(CMPMODE))]
    d.add(base + [Param("count", INT)], count)
    for level, tail in _masked_params(URP):
        d.add(base + tail, masked(level))
    return _register(info, d)


def select_api() -> Callable[..., Any]:
    info = ApiInfo("select", "Select", "compare/select", F16_F32, forms=("count", "l0", "l1", "register"),
                   note="selection mask uint8/16/32/64; the forms without sel_mask or src1 read CMPMASK")
    d = OverloadSet("select")

    def sel_mode_of(c: _Call, sel_mode: Any, scalar: bool) -> None:
        c.enum("sel_mode", "sel_mode", sel_mode, SelMode)
        if scalar and sel_mode != SelMode.VSEL_TENSOR_SCALAR_MODE:
            raise ValueError(f"select: a scalar src1 needs SelMode.VSEL_TENSOR_SCALAR_MODE, got SelMode.{sel_mode.name}")
        if not scalar and sel_mode == SelMode.VSEL_TENSOR_SCALAR_MODE:
            raise ValueError("select: a tensor src1 needs SelMode.VSEL_CMPMASK_SPR or "
                             "SelMode.VSEL_TENSOR_TENSOR_MODE, got SelMode.VSEL_TENSOR_SCALAR_MODE")

    def operands(c: _Call, dst: Any, sel_mask: Any, src0: Any, src1: Any, sel_mode: Any) -> bool:
        """dst, sel_mask, src0, src1 (tensor or scalar) and sel_mode; True if src1 is a scalar."""
        c.tensor(dst, "dst")
        c.tensor(sel_mask, "sel_mask")
        c.tensor(src0, "src0")
        scalar = not isinstance(src1, LocalTensor)
        if scalar:
            _checks.same_dtype("select", dst=dst, src0=src0)
        else:
            c.tensor(src1, "src1")
            _checks.same_dtype("select", dst=dst, src0=src0, src1=src1)
        _check_dtypes(info, ("src0", src0))
        _check_sel_mask(sel_mask)
        if scalar:
            c.scalar(src1, src0.dtype, "src1")
        sel_mode_of(c, sel_mode, scalar)
        return scalar

    def count_form(dst, sel_mask, src0, src1, sel_mode, count):
        c = _Call("select")
        scalar = operands(c, dst, sel_mask, src0, src1, sel_mode)
        c.int(count, "count")
        c.emit("select_scalar" if scalar else "select")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, sel_mask, src0, src1, sel_mode, mask, repeat_times, repeat_params, is_set_mask=True):
            c = _Call("select")
            scalar = operands(c, dst, sel_mask, src0, src1, sel_mode)
            c.masked(level, mask, repeat_times, repeat_params, BinaryRepeatParams, is_set_mask,
                     "select_scalar" if scalar else "select")
        return form

    def scalar_from_cmp_mask(dst, sel_mask, src0, repeat_times, repeat_params):
        # VSEL_TENSOR_SCALAR_MODE; the scalar was loaded by asc.set_cmp_mask.
        c = _Call("select")
        c.tensor(dst, "dst")
        c.tensor(sel_mask, "sel_mask")
        c.tensor(src0, "src0")
        _checks.same_dtype("select", dst=dst, src0=src0)
        _check_dtypes(info, ("src0", src0))
        _check_sel_mask(sel_mask)
        c.int(repeat_times, "repeat_times")
        c.params(repeat_params, BinaryRepeatParams)
        c.emit("select_cmpmask_scalar")

    def register_form(dst, src0, src1, repeat_times, repeat_params, sel_mode):
        # The selection comes from CMPMASK: its bits (VSEL_CMPMASK_SPR) or the sel_mask address.
        c = _Call("select")
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        c.tensor(src1, "src1")
        _checks.same_dtype("select", dst=dst, src0=src0, src1=src1)
        _check_dtypes(info, ("src0", src0))
        c.int(repeat_times, "repeat_times")
        c.params(repeat_params, BinaryRepeatParams)
        sel_mode_of(c, sel_mode, False)
        c.emit("select_cmpmask")

    head = [Param("dst", LOCAL), Param("sel_mask", LOCAL), Param("src0", LOCAL)]
    mode = Param("sel_mode", instance_of(SelMode))
    masked_tail = {level: [Param("mask", kind), Param("repeat_times", INT), Param("repeat_params", BRP),
                           Param("is_set_mask", BOOL, True)] for level, kind in (("l0", INT), ("l1", INT_LIST))}
    # pyasc's order (Appendix A): count scalar, count tensor, scalar L1/L0, cmpmask scalar, tensor L1/L0, register.
    d.add(head + [Param("src1", NUMBER), mode, Param("count", INT)], count_form)
    d.add(head + [Param("src1", LOCAL), mode, Param("count", INT)], count_form)
    d.add(head + [Param("src1", NUMBER), mode] + masked_tail["l1"], masked("l1"))
    d.add(head + [Param("src1", NUMBER), mode] + masked_tail["l0"], masked("l0"))
    d.add(head + [Param("repeat_times", INT), Param("repeat_params", BRP)], scalar_from_cmp_mask, form="register")
    d.add(head + [Param("src1", LOCAL), mode] + masked_tail["l1"], masked("l1"))
    d.add(head + [Param("src1", LOCAL), mode] + masked_tail["l0"], masked("l0"))
    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1", LOCAL), Param("repeat_times", INT),
           Param("repeat_params", BRP), mode], register_form, form="register")
    return _register(info, d)


SEL_MASK_TYPES = (uint8, uint16, uint32, DataType("uint64"))  # DataTypes compare by name


def _check_sel_mask(sel_mask: LocalTensor) -> None:
    if sel_mask.dtype not in SEL_MASK_TYPES:
        raise TypeError(f"select: 'sel_mask' holds {sel_mask.dtype.name}, but a selection mask holds uint8, "
                        "uint16, uint32 or uint64")


# -- fill / broadcast ---------------------------------------------------------------------------------


def duplicate_api() -> Callable[..., Any]:
    info = ApiInfo("duplicate", "Duplicate", "fill/broadcast",
                   (int16, uint16, float16, bfloat16, int32, uint32, float32))
    d = OverloadSet("duplicate")

    def count(dst, scalar, count):
        c = _Call("duplicate")
        c.tensor(dst, "dst")
        _check_dtypes(info, ("dst", dst))
        c.scalar(scalar, dst.dtype, "scalar")
        c.int(count, "count")
        c.emit("duplicate")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, scalar, mask, repeat_times, dst_block_stride, dst_repeat_stride, is_set_mask=True):
            c = _Call("duplicate")
            c.tensor(dst, "dst")
            _check_dtypes(info, ("dst", dst))
            c.scalar(scalar, dst.dtype, "scalar")
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.int(repeat_times, "repeat_times")
            c.int(dst_block_stride, "dst_block_stride")
            c.int(dst_repeat_stride, "dst_repeat_stride")
            c.set_mask(is_set_mask)
            c.emit(f"duplicate_{level}")
        return form

    d.add([Param("dst", LOCAL), Param("scalar", NUMBER), Param("count", INT)], count)
    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add([Param("dst", LOCAL), Param("scalar", NUMBER), Param("mask", mask_kind),
               Param("repeat_times", INT), Param("dst_block_stride", INT), Param("dst_repeat_stride", INT),
               Param("is_set_mask", BOOL, True)], masked(level))
    return _register(info, d)


def brcb_api() -> Callable[..., Any]:
    info = ApiInfo("brcb", "Brcb", "fill/broadcast", (int16, uint16, float16, bfloat16, int32, uint32, float32),
                   forms=("repeat",))
    d = OverloadSet("brcb")

    def form(dst, src0, repeat_times, repeat_params):
        c = _Call("brcb")
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        _checks.same_dtype("brcb", dst=dst, src0=src0)
        _check_dtypes(info, ("src0", src0))
        c.int(repeat_times, "repeat_times")
        c.params(repeat_params, BrcbRepeatParams)
        c.emit("brcb")

    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("repeat_times", INT),
           Param("repeat_params", instance_of(BrcbRepeatParams))], form, form="repeat")
    return _register(info, d)


# -- reductions -------------------------------------------------------------------------------------------


def reduce_api(name: str, cxx: str, with_index: bool) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, "reduction", F16_F32, forms=("count", "l0", "l1"))
    d = OverloadSet(name)

    def operands(c: _Call, dst: Any, src: Any, tmp: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        c.tensor(tmp, "shared_tmp_buffer")
        _checks.same_dtype(name, dst=dst, src=src, shared_tmp_buffer=tmp)
        _check_dtypes(info, ("src", src))

    def count(dst, src, shared_tmp_buffer, count, cal_index=False):
        c = _Call(name)
        operands(c, dst, src, shared_tmp_buffer)
        c.int(count, "count")
        if with_index:
            c.attrs["cal_index"] = ("bool", bool(cal_index))
        c.emit(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, shared_tmp_buffer, mask, repeat_time, src_rep_stride, cal_index=False):
            c = _Call(name)
            operands(c, dst, src, shared_tmp_buffer)
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.int(repeat_time, "repeat_time")
            c.int(src_rep_stride, "src_rep_stride")
            if with_index:
                c.attrs["cal_index"] = ("bool", bool(cal_index))
            c.emit(f"{name}_{level}")
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL), Param("shared_tmp_buffer", LOCAL)]
    index = [Param("cal_index", BOOL, False)] if with_index else []
    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add(base + [Param("mask", mask_kind), Param("repeat_time", INT), Param("src_rep_stride", INT)] + index,
              masked(level))
    d.add(base + [Param("count", INT)] + index, count)
    return _register(info, d)


def whole_reduce_api(name: str, cxx: str, with_order: bool) -> Callable[..., Any]:
    info = ApiInfo(name, cxx, "reduction", F16_F32, forms=("l0", "l1"))
    d = OverloadSet(name)

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride,
                 order=ReduceOrder.ORDER_VALUE_INDEX, is_set_mask=True):
            c = _Call(name)
            c.tensor(dst, "dst")
            c.tensor(src, "src")
            _checks.same_dtype(name, dst=dst, src=src)
            _check_dtypes(info, ("src", src))
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            for v, p in ((repeat_time, "repeat_time"), (dst_rep_stride, "dst_rep_stride"),
                         (src_blk_stride, "src_blk_stride"), (src_rep_stride, "src_rep_stride")):
                c.int(v, p)
            if with_order:
                c.enum("order", "reduce_order", order, ReduceOrder)
            c.set_mask(is_set_mask)
            c.emit(f"{name}_{level}")
        return form

    for level, mask_kind in (("l1", INT_LIST), ("l0", INT)):
        params = [Param("dst", LOCAL), Param("src", LOCAL), Param("mask", mask_kind), Param("repeat_time", INT),
                  Param("dst_rep_stride", INT), Param("src_blk_stride", INT), Param("src_rep_stride", INT)]
        if with_order:
            params.append(Param("order", instance_of(ReduceOrder), ReduceOrder.ORDER_VALUE_INDEX))
        d.add(params + [Param("is_set_mask", BOOL, True)], masked(level))
    return _register(info, d)


def block_reduce_api(name: str, cxx: str, set_mask: bool = False) -> Callable[..., Any]:
    """BlockReduce* (`repeat`, no is_set_mask) and PairReduceSum (`repeat_time`, is_set_mask):
    note the repeat count comes before the mask."""
    info = ApiInfo(name, cxx, "reduction", F16_F32, forms=("l0", "l1"))
    d = OverloadSet(name)

    def build(level: str, dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride,
              is_set_mask) -> None:
        c = _Call(name)
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        _checks.same_dtype(name, dst=dst, src=src)
        _check_dtypes(info, ("src", src))
        c.int(repeat, "repeat")
        c.mask_int(mask) if level == "l0" else c.mask_list(mask)
        for v, p in ((dst_rep_stride, "dst_rep_stride"), (src_blk_stride, "src_blk_stride"),
                     (src_rep_stride, "src_rep_stride")):
            c.int(v, p)
        c.set_mask(is_set_mask)
        c.emit(f"{name}_{level}")

    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        tail = [Param("mask", mask_kind), Param("dst_rep_stride", INT), Param("src_blk_stride", INT),
                Param("src_rep_stride", INT)]
        if set_mask:
            def pair(dst, src, repeat_time, mask, dst_rep_stride, src_blk_stride, src_rep_stride,
                     is_set_mask=True, _level=level):
                build(_level, dst, src, repeat_time, mask, dst_rep_stride, src_blk_stride, src_rep_stride,
                      is_set_mask)
            d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("repeat_time", INT)] + tail +
                  [Param("is_set_mask", BOOL, True)], pair)
        else:
            def block(dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, _level=level):
                build(_level, dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, True)
            d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("repeat", INT)] + tail, block)
    return _register(info, d)


# -- gather / copy ----------------------------------------------------------------------------------

GATHER_TYPES = (float16, bfloat16, uint16, int16, float32, uint32, int32)


def gather_api() -> Callable[..., Any]:
    info = ApiInfo("gather", "Gather", "gather/scatter", GATHER_TYPES)
    d = OverloadSet("gather")

    def operands(c: _Call, dst: Any, src: Any, src_offset: Any, src_base: Any) -> None:
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        c.tensor(src_offset, "src_offset")
        _checks.same_dtype("gather", dst=dst, src=src)
        _check_dtypes(info, ("src", src))
        if src_offset.dtype != uint32:
            raise TypeError(f"gather: 'src_offset' must hold uint32 byte offsets, got {src_offset.dtype.name}")
        c.int(src_base, "src_base")

    def count(dst, src, src_offset, src_base, count):
        c = _Call("gather")
        operands(c, dst, src, src_offset, src_base)
        c.int(count, "count")
        c.emit("gather")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, src_offset, src_base, mask, repeat_times, dst_rep_stride):
            c = _Call("gather")
            operands(c, dst, src, src_offset, src_base)
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.int(repeat_times, "repeat_times")
            c.int(dst_rep_stride, "dst_rep_stride")
            c.emit(f"gather_{level}")
        return form

    base = [Param("dst", LOCAL), Param("src", LOCAL), Param("src_offset", LOCAL), Param("src_base", INT)]
    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add(base + [Param("mask", mask_kind), Param("repeat_times", INT), Param("dst_rep_stride", INT)],
              masked(level))
    d.add(base + [Param("count", INT)], count)
    return _register(info, d)


def gatherb_api() -> Callable[..., Any]:
    info = ApiInfo("gatherb", "Gatherb", "gather/scatter", (uint16, uint32), forms=("repeat",))
    d = OverloadSet("gatherb")

    def form(dst, src0, offset, repeat_times, repeat_params):
        c = _Call("gatherb")
        c.tensor(dst, "dst")
        c.tensor(src0, "src0")
        c.tensor(offset, "offset")
        _checks.same_dtype("gatherb", dst=dst, src0=src0)
        _check_dtypes(info, ("src0", src0))
        c.int(repeat_times, "repeat_times")
        c.params(repeat_params, GatherRepeatParams)
        c.emit("gatherb")

    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("offset", LOCAL), Param("repeat_times", INT),
           Param("repeat_params", instance_of(GatherRepeatParams))], form, form="repeat")
    return _register(info, d)


def copy_api() -> Callable[..., Any]:
    info = ApiInfo("copy", "Copy", "data movement", (int16, uint16, float16, bfloat16, int32, uint32, float32),
                   forms=("l0", "l1"))
    d = OverloadSet("copy")

    def masked(level: str) -> Callable[..., None]:
        def form(dst, src, mask, repeat_time, repeat_params, is_set_mask=True):
            c = _Call("copy")
            c.tensor(dst, "dst")
            c.tensor(src, "src")
            _checks.same_dtype("copy", dst=dst, src=src)
            _check_dtypes(info, ("src", src))
            c.mask_int(mask) if level == "l0" else c.mask_list(mask)
            c.int(repeat_time, "repeat_time")
            c.params(repeat_params, CopyRepeatParams)
            c.set_mask(is_set_mask)
            c.emit(f"copy_{level}")
        return form

    for level, mask_kind in (("l0", INT), ("l1", INT_LIST)):
        d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("mask", mask_kind), Param("repeat_time", INT),
               Param("repeat_params", instance_of(CopyRepeatParams)), Param("is_set_mask", BOOL, True)],
              masked(level))
    return _register(info, d)


def repeat_reduce_sum_api() -> Callable[..., Any]:
    """RepeatReduceSum: one sum per repeat with block strides (continuous mask only)."""
    info = ApiInfo("repeat_reduce_sum", "RepeatReduceSum", "reduction", F16_F32, forms=("l0",))
    d = OverloadSet("repeat_reduce_sum")

    def form(dst, src, repeat_time, mask, dst_blk_stride, src_blk_stride, dst_rep_stride, src_rep_stride,
             is_set_mask=True):
        c = _Call("repeat_reduce_sum")
        c.tensor(dst, "dst")
        c.tensor(src, "src")
        _checks.same_dtype("repeat_reduce_sum", dst=dst, src=src)
        _check_dtypes(info, ("src", src))
        c.int(repeat_time, "repeat_time")
        c.mask_int(mask)
        for v, p in ((dst_blk_stride, "dst_blk_stride"), (src_blk_stride, "src_blk_stride"),
                     (dst_rep_stride, "dst_rep_stride"), (src_rep_stride, "src_rep_stride")):
            c.int(v, p)
        c.set_mask(is_set_mask)
        c.emit("repeat_reduce_sum")

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("repeat_time", INT), Param("mask", INT),
           Param("dst_blk_stride", INT), Param("src_blk_stride", INT), Param("dst_rep_stride", INT),
           Param("src_rep_stride", INT), Param("is_set_mask", BOOL, True)], form)
    return _register(info, d)
