"""The math library of `asc.adv`: the 23 unary functions, `exp` with its Taylor level, `power`, `xor` and
the higher-precision `axpy` (Ascend C `Acos`, ..., `Exp<T, level>`, `Power`, `Xor`, `Axpy` with a temp
buffer)."""

from __future__ import annotations

from typing import Any

from ..._C import _ods
from ..basic._overload import BOOL, INT, NUMBER, Kind, OverloadSet, Param, instance_of
from ..core import semantic
from ..core.builtin import builder_for
from ..core.ir_value import PlainValue
from ..core.tensor import LocalTensor
from ._common import count_operand, flag, temp_operand
from ._registry import register

LOCAL = instance_of(LocalTensor)
OPT_LOCAL = Kind("Optional[LocalTensor]", lambda v: v is None or isinstance(v, LocalTensor))
OPT_INT = Kind("Optional[int]", lambda v: v is None or INT.check(v))

#: name -> Ascend C name of the unary functions.
UNARY = {
    "acos": "Acos", "acosh": "Acosh", "asin": "Asin", "asinh": "Asinh", "atan": "Atan", "atanh": "Atanh",
    "ceil": "Ceil", "cos": "Cos", "cosh": "Cosh", "digamma": "Digamma", "erf": "Erf", "erfc": "Erfc",
    "floor": "Floor", "frac": "Frac", "lgamma": "Lgamma", "log": "Log", "round": "Round", "sign": "Sign",
    "sin": "Sin", "sinh": "Sinh", "tan": "Tan", "tanh": "Tanh", "trunc": "Trunc",
}
_FLOATS = ("float16", "float32")
_TAIL = [Param("count", OPT_INT, None), Param("temp_buffer", OPT_LOCAL, None),
         Param("is_reuse_source", BOOL, False)]


def _unary_api(name: str, cxx: str) -> Any:
    api = f"adv.{name}"
    builder = getattr(_ods, f"adv_{name}")
    d = OverloadSet(api)

    def form(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
        builder(builder_for(api), dst.handle, src.handle, temp_operand(name, temp_buffer, f"get_{name}_tmp_size"),
                count_operand(name, count, src), is_reuse_source=flag(name, "is_reuse_source", is_reuse_source))

    d.add([Param("dst", LOCAL), Param("src", LOCAL)] + _TAIL, form, form="count")
    return register(name, cxx, d, f"`AscendC::{cxx}`: elementwise {name} (float16, float32), computed in float32 "
                    "by basic vector instructions in `temp_buffer`.", _FLOATS)


globals().update({name: _unary_api(name, cxx) for name, cxx in UNARY.items()})


def _exp_api() -> Any:
    d = OverloadSet("adv.exp")

    def form(dst: Any, src: Any, count: Any, taylor_expand_level: Any, temp_buffer: Any = None,
             is_reuse_source: Any = False) -> None:
        if isinstance(taylor_expand_level, PlainValue):
            raise TypeError("asc.adv.exp: 'taylor_expand_level' must be a compile-time int")
        _ods.adv_exp(builder_for("adv.exp"), dst.handle, src.handle, temp_operand("exp", temp_buffer,
                     "get_exp_tmp_size"), count_operand("exp", count, src),
                     taylor_expand_level=int(taylor_expand_level),
                     is_reuse_source=flag("exp", "is_reuse_source", is_reuse_source))

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("count", OPT_INT), Param("taylor_expand_level", INT),
           Param("temp_buffer", OPT_LOCAL, None), Param("is_reuse_source", BOOL, False)], form, form="count")
    return register("exp", "Exp", d, "`AscendC::Exp<T, level>`: e^x = e^floor(x) times the Taylor polynomial "
                    "of e^frac(x) to degree `taylor_expand_level` (0: the basic Exp instruction).", _FLOATS)


def _binary_api(name: str, cxx: str, doc: str, dtypes: tuple[str, ...]) -> Any:
    api = f"adv.{name}"
    builder = getattr(_ods, f"adv_{name}")
    d = OverloadSet(api)

    def form(dst: Any, src0: Any, src1: Any, count: Any = None, temp_buffer: Any = None,
             is_reuse_source: Any = False) -> None:
        builder(builder_for(api), dst.handle, src0.handle, src1.handle,
                temp_operand(name, temp_buffer, f"get_{name}_tmp_size"), count_operand(name, count, src0),
                is_reuse_source=flag(name, "is_reuse_source", is_reuse_source))

    d.add([Param("dst", LOCAL), Param("src0", LOCAL), Param("src1", LOCAL)] + _TAIL, form, form="count")
    return register(name, cxx, d, doc, dtypes)


def _axpy_api() -> Any:
    d = OverloadSet("adv.axpy")

    def form(dst: Any, src: Any, scalar: Any, count: Any = None, temp_buffer: Any = None,
             is_reuse_source: Any = False) -> None:
        _ods.adv_axpy(builder_for("adv.axpy"), dst.handle, src.handle, semantic.materialize(scalar, src.dtype),
                      temp_operand("axpy", temp_buffer, "get_axpy_tmp_size"), count_operand("axpy", count, src),
                      is_reuse_source=flag("axpy", "is_reuse_source", is_reuse_source))

    d.add([Param("dst", LOCAL), Param("src", LOCAL), Param("scalar", NUMBER)] + _TAIL, form, form="count")
    return register("axpy", "Axpy", d, "`AscendC::Axpy` (advanced): dst = src * scalar + dst computed in "
                    "float32 and rounded once (unlike the basic asc.axpy).", _FLOATS)


exp = _exp_api()
power = _binary_api("power", "Power", "`AscendC::Power`: elementwise src0 ^ src1 (C pow rules), in float32.",
                    _FLOATS)
xor = _binary_api("xor", "Xor", "`AscendC::Xor`: elementwise bitwise exclusive or of 16-bit integers.",
                  ("int16", "uint16"))
axpy = _axpy_api()
