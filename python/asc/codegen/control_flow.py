"""Lowering of `for`, `while`, `if` and conditional expressions to `scf` (or folding them).

Variables re-bound inside a runtime loop or branch keep their type and become
`scf` loop-carried values or `scf.if` results: scalars (Python numbers are promoted
to runtime scalars) and IR objects such as tensors. Names first bound inside a
runtime loop, or in only one branch, cannot be used afterwards.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..language.core import semantic
from ..language.core.dtype import (
    DataType,
    from_numpy_name,
    int1,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ..language.core.ir_value import IRValue, PlainValue
from ..language.core.range import range as asc_range
from ..language.core.range import static_range
from ..language.core.tensor import LocalTensor
from .errors import CompileTypeError, UnsupportedSyntaxError
from .scope import Unavailable, assigned_names, method_rebound_names

if TYPE_CHECKING:
    from .generator import FunctionVisitor



def _kind(value: Any) -> str:
    if isinstance(value, PlainValue):
        return value.dtype.name
    if isinstance(value, IRValue) and type(value).__repr__ is not object.__repr__:
        return repr(value)  # e.g. LocalTensor(float32, VECIN): the type detail that changed
    return type(value).__name__


def _position_hint(name: str, before: Any, after: Any) -> str:
    """What to do when a tensor variable takes another position in a loop or branch (set_addr_with_offset,
    `que.alloc_tensor(t)`, `que.deque(t)`): the position is part of its type, so declare it there."""
    if not (isinstance(before, LocalTensor) and isinstance(after, LocalTensor)) or \
            before.dtype != after.dtype or before.position == after.position:
        return ""
    return (f" (a tensor's position is part of its type: declare it at that position, "
            f"{name} = asc.LocalTensor(asc.{after.dtype.name}, asc.TPosition.{after.position.name}))")


@dataclass
class Carried:
    """A variable whose value flows across a region boundary (loop iteration, branch)."""

    name: str
    template: Any  # a PlainValue dtype holder or an IRValue to re-wrap results with
    dtype: DataType | None  # scalars only

    @staticmethod
    def of(name: str, value: Any) -> Carried | None:
        if isinstance(value, PlainValue):
            return Carried(name, value, value.dtype)
        if semantic.is_number(value):  # a numpy scalar keeps its dtype
            return Carried(name, None, semantic.python_number_dtype(value))
        if isinstance(value, IRValue):
            return Carried(name, value, None)
        return None

    @property
    def ir_type(self) -> Any:
        if self.dtype is not None:
            return semantic.ir_scalar_type(self.dtype)
        return self.template.handle.type

    def handle_of(self, v: FunctionVisitor, node: ast.AST, value: Any, where: str) -> Any:
        """The IR handle of `value` as this variable's type, or a type-change error."""
        if self.dtype is not None:
            if isinstance(value, PlainValue) and (value.dtype == self.dtype or (
                    where == "conditional expression" and value.dtype == int1)):  # 0 or 1, as in `t + e`
                return semantic.materialize(value, self.dtype)
            if semantic.is_number(value):
                try:  # a constant the type holds (1 for a float32 variable); not 1.5 for an int32 one
                    return semantic.materialize(value, self.dtype)
                except TypeError:
                    pass
            expected = self.dtype.name
        else:
            if isinstance(value, IRValue) and value.handle.type == self.template.handle.type:
                return value.handle
            expected = _kind(self.template)
        if where == "conditional expression":  # not a variable: its two values differ
            raise v.error(node, f"the two values of a runtime conditional expression have different types: "
                          f"{expected} and {_kind(value)}; convert one of them (e.g. with float(...), int(...) "
                          "or .cast(...))", CompileTypeError)
        if where == "`if` branches":  # first assigned in both branches: there is no "before"
            raise v.error(node, f"variable '{self.name}' is {expected} in one branch of a runtime `if` and "
                          f"{_kind(value)} in the other; a variable must have one type after the `if`: convert "
                          "one of them (e.g. with float(...), int(...) or .cast(...))", CompileTypeError)
        raise v.error(node, f"variable '{self.name}' changes type inside the {where}: {expected} before, "
                      f"{_kind(value)} after; a variable must keep its type{_position_hint(self.name, self.template, value)}",
                      CompileTypeError)

    def wrap(self, handle: Any) -> Any:
        if self.dtype is not None:
            return PlainValue(handle, self.dtype)
        return self.template.with_handle(handle)


def _carried_names(v: FunctionVisitor, body: list[ast.stmt], exclude: str = "") -> tuple[list[Carried], dict]:
    """Variables bound before `body` and re-bound in it: carried ones and fixed (compile-time) ones."""
    carried: list[Carried] = []
    fixed: dict[str, Any] = {}
    for name in assigned_names(body):
        found, value = v.scope.lookup(name)
        if name == exclude or not found or isinstance(value, Unavailable):
            continue
        c = Carried.of(name, value)
        if c is None:
            fixed[name] = value
        else:
            carried.append(c)
    return carried, fixed


def _check_fixed(v: FunctionVisitor, node: ast.AST, fixed: dict) -> None:
    for name, before in fixed.items():
        _, after = v.scope.lookup(name)
        if after is not before:
            raise v.error(node, f"'{name}' ({type(before).__name__}) is re-bound inside a runtime loop; "
                          "only runtime values and numbers can change from one iteration to the next",
                          CompileTypeError)


def _forget_locals(v: FunctionVisitor, inner: dict, keep: set[str], reason: str) -> None:
    for name in inner:
        if name not in keep:
            v.scope.define(name, Unavailable(name, reason))


#: Most iterations `asc.static_range` unrolls (a typo like 10**9 would otherwise compile forever).
STATIC_RANGE_LIMIT = 4096


# -- for ---------------------------------------------------------------------------------------


def lower_for(v: FunctionVisitor, node: ast.For) -> None:
    if node.orelse:
        raise v.error(node, "`for ... else` is not supported in a kernel", UnsupportedSyntaxError)
    if not isinstance(node.target, ast.Name):
        raise v.error(node.target, "the loop variable must be a single name", UnsupportedSyntaxError)
    call = node.iter
    fn = v.visit(call.func) if isinstance(call, ast.Call) else None
    if fn not in (range, asc_range, static_range):
        raise v.error(node.iter, "a kernel can only loop over range(...), asc.range(...) or "
                      "asc.static_range(...)", UnsupportedSyntaxError)
    args = [v.visit(a) for a in call.args]
    if call.keywords:
        raise v.error(call, "range() takes no keyword arguments", UnsupportedSyntaxError)
    if fn is static_range:
        if any(isinstance(a, IRValue) for a in args):
            raise v.error(call, "asc.static_range needs compile-time bounds", CompileTypeError)
        values = static_range(*args)
        if len(values.range) > STATIC_RANGE_LIMIT:
            raise v.error(call, f"asc.static_range unrolls its body at compile time, and {len(values.range)} "
                          f"iterations are more than {STATIC_RANGE_LIMIT}; use range(...) for a runtime loop")
        for value in values:
            v.scope.define(node.target.id, value)
            v.visit_body(node.body)
        return
    _runtime_for(v, node, asc_range(*args))


#: Python's message for `range(a, b, 0)`, and what to write instead.
RANGE_STEP_ZERO = ("range() arg 3 must not be zero: the loop's step is 0; use a positive step to count up or "
                   "a negative one to count down")


def _runtime_for(v: FunctionVisitor, node: ast.For, rng: asc_range) -> None:
    bounds, typed = [], []
    for x in (rng.start, rng.stop, rng.step):
        if isinstance(x, np.integer):  # a typed constant: np.int64(2**40)
            typed.append(from_numpy_name(x.dtype.name))
            x = int(x)
        elif isinstance(x, bool) or not isinstance(x, (int, PlainValue)) or \
                isinstance(x, PlainValue) and not x.dtype.is_int():
            raise v.error(node.iter, f"range bounds must be integers, got {_kind(x)}", CompileTypeError)
        else:
            typed.append(x.dtype if isinstance(x, PlainValue) else None)
        bounds.append(x)
    rng = asc_range(*bounds)
    if isinstance(rng.step, int) and rng.step == 0:
        raise v.error(node.iter, RANGE_STEP_ZERO, CompileTypeError)
    dtype = _loop_dtype(v, node, typed)
    variable = dtype
    bounds, to_zero = _fitting_bounds(v, node, rng, dtype)
    # A constant stop one past a 64-bit dtype's range, which no wider type holds: the loop counts up to
    # (down to) the dtype's last value, `edge`, and one more iteration when `i` reaches it (`_reaches`;
    # a runtime step reaches it only going its way).
    past, way = None, 0  # way: the stop's direction (±1; a constant step's) when there is such a stop
    if dtype.bitwidth == 64 and isinstance(bounds[1], int) and not _holds(dtype, bounds[1]):
        way = 1 if bounds[1] > 0 else -1
        bounds = past = (bounds[0], bounds[1] - way, bounds[2])
    bounds = _wide_step(v, node, bounds, dtype)
    rng = asc_range(*bounds)
    beyond = isinstance(rng.stop, int) and not _holds(dtype, rng.stop)  # one past, in the step's direction
    if dtype.bitwidth <= 32 and (dtype.is_unsigned() or beyond or not _step_fits(rng.step, dtype)):
        # The loop compares signed: a uint8 200 would be -56 (no iterations of range(u)), and so would
        # a step the dtype cannot hold (an int8 loop's 200, a uint32 step of an int32 loop). Such a
        # loop counts in a wider signed type, where the bounds keep their values and the step its
        # (clamped) value, and so does a stop one past the dtype's range (`range(i8, 128)`); `i` is
        # converted back.
        wide = int64 if dtype.bitwidth == 32 else int32
        bounds = tuple(x if isinstance(x, int) else
                       _wide_loop_step(x, dtype, wide) if i == 2 else
                       semantic.convert(semantic.convert(x, dtype), wide)
                       for i, x in enumerate(bounds))
        rng, dtype = asc_range(*bounds), wide
    bias = None
    # A uint64 step of a 64-bit loop, which int64 reads as negative from 2**63: `_unsigned_count`.
    big_step = (rng.start, rng.stop, rng.step) if dtype.bitwidth == 64 and isinstance(rng.step, PlainValue) and \
        rng.step.dtype == uint64 else None
    if dtype == uint64:
        # No signed type holds uint64 values: the loop counts in int64 offset by 2**63 (x ^ INT64_MIN,
        # which keeps their order and differences; a uint64 2**63 + 5 is no longer negative), and `i`
        # is offset back. The step is a difference: it is not offset.
        bias = -(1 << 63)
        bounds = tuple(_biased(x, bias) if i < 2 else
                       x if isinstance(x, int) else semantic.convert(semantic.convert(x, dtype), int64)
                       for i, x in enumerate(bounds))
        rng, dtype = asc_range(*bounds), int64
    elif big_step is not None:
        bounds = (rng.start, rng.stop, semantic.convert(rng.step, int64))
        rng = asc_range(*bounds)
    if past is None and isinstance(rng.step, int) and rng.step > 0 and _increment_fits(rng, dtype):
        # scf.for counts up: the loop variable is its induction variable.
        operands = [semantic.materialize(x, dtype) for x in bounds]
        operands[1] = _unfolded_stop(operands[0], operands[1], dtype)
        _scf_for(v, node, operands, dtype, None, variable=variable, bias=bias)
        return
    # A negative or runtime step, or a step whose increment may overflow: count the iterations j = 0, 1, ...
    # as Python's range would make them (asc.range_count checks a runtime step of 0) and derive
    # i = start + j * step. An int8 or int16 range may have more iterations than its dtype holds
    # (`range(h, -128, -1)`: 248 for h = 120): it counts in int32, `i` converted back (it fits).
    if dtype.bitwidth < 32 and not dtype.is_unsigned():
        # Every constant here is a value of the dtype (`_fitting_bounds`; a stop one past it or a step
        # it cannot hold made the loop wider above), so it keeps its value in int32.
        bounds = tuple(x if isinstance(x, int) else semantic.convert(semantic.convert(x, dtype), int32)
                       for x in bounds)
        if isinstance(bounds[0], PlainValue):
            bounds[0].handle.set_name_hint(_derived_name(node.target.id, "start"))
        rng, dtype = asc_range(*bounds), int32
    if to_zero is not None or big_step is not None:
        count = _unsigned_count(v, node, rng, dtype, variable, to_zero, big_step)
    elif all(isinstance(x, int) for x in bounds):
        # Saturated as pyasc::range_count does: a count int32 cannot hold is a loop the watchdog stops.
        count = semantic.materialize(min(len(range(bounds[0], bounds[1] + way, bounds[2])),
                                         (1 << (dtype.bitwidth - 1)) - 1), dtype)
        past = None
    else:
        count = _range_count(v, node, bounds, dtype,
                             "count" if past is None else "below_max" if way > 0 else "above_min")
    if past is not None:
        count = _plus_saturated(PlainValue(count, dtype), _reaches(*past, variable), dtype)
        count.set_name_hint(_derived_name(node.target.id, "count"))
    operands = [semantic.materialize(0, dtype), count, semantic.materialize(1, dtype)]
    start, step = (semantic.convert(x, dtype) if isinstance(x, PlainValue) else x for x in (rng.start, rng.step))
    stop = rng.stop + way if way else rng.stop  # the real stop, for `_offset_fits`: it sees the edge's offset
    _scf_for(v, node, operands, dtype, asc_range(start, stop, step), variable=variable, bias=bias)


def _unfolded_stop(start: Any, stop: Any, dtype: DataType) -> Any:
    """The scf.for upper bound of `for (i = start; i < stop; i += s)`: `stop`, or max(start, stop), which
    makes the same iterations, when canonicalize could take `stop` for `start + c`. SimplifyTrivialLoops
    then counts c / s iterations, inlining the loop for c <= s: wrong when `start + c` wraps
    (`range(h, h + 1)` for h = INT32_MAX makes none, as Python's range over the wrapped stop does). It
    cannot see through the max, and max(h, h) still folds to h (no iterations). A constant start or stop
    is counted as constants (or not at all), and an extension (`range(w, n)` for an int64 w and an int32
    n) never becomes such an addition; a block argument may (a device function's, once inlined, or a
    loop-carried value canonicalize replaces by its initial value)."""
    if start.owner_name() == "arith.constant" or stop.owner_name() in ("arith.constant", "arith.extsi",
                                                                       "arith.extui"):
        return stop
    a, b = PlainValue(start, dtype), PlainValue(stop, dtype)
    return semantic._select(semantic.compare("<", b, a), a, b, dtype).handle


def _wide_step(v: FunctionVisitor, node: ast.For, bounds: tuple, dtype: DataType) -> tuple:
    """The bounds with a constant step the loop cannot hold as a signed value of its dtype made
    one it can: a step of magnitude 2**bits or more makes the one iteration 2**bits does (the bounds
    differ by less), so an 8- to 32-bit loop's is clamped to that; a 64-bit loop's step of 2**63 or
    more (2**64 - 1 at most: the same iteration) becomes a uint64 value, counted as a runtime one;
    one below -2**63 is a CompileTypeError."""
    step = bounds[2]
    if not isinstance(step, int):
        return bounds
    limit = 1 << dtype.bitwidth
    if dtype.bitwidth <= 32:
        step = max(-limit, min(step, limit))
    elif step >= 1 << 63:
        step = PlainValue(semantic.materialize(min(step, limit - 1), uint64), uint64)
    elif step < -(1 << 63):
        raise v.error(node.iter, f"the range's step {step} is below -2**63, which no 64-bit integer holds; "
                      f"use a step of -2**63 or more", CompileTypeError)
    return bounds[:2] + (step,)


def _step_fits(step: Any, dtype: DataType) -> bool:
    """Whether every value of `step` is a value of the signed `dtype`."""
    if isinstance(step, int):
        return _holds(dtype, step)
    bits = step.dtype.bitwidth
    return bits < dtype.bitwidth if step.dtype.is_unsigned() else bits <= dtype.bitwidth


def _loop_dtype(v: FunctionVisitor, node: ast.For, typed: list) -> DataType:
    """The loop variable's dtype: the promotion of the typed start and stop (runtime values and numpy
    constants; a Python int is weak), which holds both; else the step's dtype; else int32."""
    start, stop, step = typed
    if start is None or stop is None:
        return start or stop or step or int32
    dtype = semantic.integer_promotion(start, stop)
    if dtype is None:
        raise v.error(node.iter, f"no integer dtype holds both the {start.name} start and the {stop.name} stop of "
                      f"this range, and the loop variable must hold both; convert one of them: np.int64(...) "
                      f"when the values fit int64, np.uint64(...) when they are never negative",
                      CompileTypeError)
    return dtype


#: A negative constant bound an unsigned loop variable cannot count to exactly.
UNSIGNED_NEGATIVE = ("a {dtype} loop variable cannot hold the negative bound {bound} of this range; count down to "
                     "0 with `range(u, -1, s)` (s < 0), or loop over int64 values (`np.int64` bounds) when the "
                     "variable may be negative")


def _fitting_bounds(v: FunctionVisitor, node: ast.For, rng: asc_range, dtype: DataType) -> tuple[tuple, Any]:
    """The range's bounds once its constant start and stop are checked against the loop variable's
    dtype, and `to_zero`: the start of a uint64 `range(u, -1, s)` with a signed step (it ends at 0 or
    above), else None.

    A constant the dtype cannot hold would be converted to it, changing the loop's iterations or its
    values (`range(u8, 300)`): a CompileTypeError. An unsigned loop keeps Python's iterations for a
    negative stop when the step is positive (none: the stop becomes 0) or the stop is -1 (down to 0)."""
    bounds = (rng.start, rng.stop, rng.step)
    to_zero = None
    if dtype.is_unsigned():
        negative = next((x for x in bounds[:2] if isinstance(x, int) and x < 0), None)
        if negative is not None:
            positive = isinstance(rng.step, int) and rng.step > 0 or \
                isinstance(rng.step, PlainValue) and rng.step.dtype.is_unsigned()
            if isinstance(rng.start, int) and rng.start < 0 or rng.stop != -1 and not positive:
                raise v.error(node.iter, UNSIGNED_NEGATIVE.format(dtype=dtype.name, bound=negative),
                              CompileTypeError)
            if positive or dtype == uint64:
                # Every unsigned value is at least 0: a positive step makes no iterations, as with a
                # stop of 0. A uint64 `range(u, -1, s)` counts the stop of -1 in (no biased int64
                # holds it); narrower ones loop in a wider signed type, which holds -1.
                if not positive:
                    to_zero = rng.start
                bounds = (rng.start, 0, rng.step)
    lo, hi = semantic.integer_limits(dtype)
    step, stop = rng.step, bounds[1]
    if isinstance(step, int) and isinstance(stop, int) and (stop > hi and step < 0 or stop < lo and step > 0):
        # Beyond the dtype's range opposite the step's direction, the stop is beyond every start: no
        # iterations, as with the dtype's nearest value (`range(u8, 256, -1)`, as `range(u8, 255, -1)`).
        bounds = (bounds[0], hi if stop > hi else lo, step)
    # The stop is exclusive: one past the dtype's range in the step's direction ends the loop after
    # the dtype's last value (`range(u8, 256)`: 255), which `_runtime_for` counts exactly. With a
    # runtime step either end may be that direction: an 8- to 32-bit loop counts in a wider signed type,
    # which holds both; a 64-bit loop counts to the dtype's end and the step's reaching it.
    past = {hi + 1} if isinstance(step, int) and step > 0 else {lo - 1} if isinstance(step, int) else \
        {lo - 1, hi + 1}
    for which, x in (("start", bounds[0]), ("stop", bounds[1])):
        if isinstance(x, int) and not lo <= x <= hi and not (which == "stop" and x == -1 and dtype.is_unsigned()) \
                and not (which == "stop" and x in past):
            holder = next((t for t in (int8, uint8, int16, uint16, int32, uint32, int64, uint64)
                           if _holds(t, min(lo, x)) and _holds(t, max(hi, x))), None)
            todo = f"give a bound a dtype that holds it: range(np.{holder.name}(...), ...)" if holder else \
                "no integer dtype holds it with the other bounds' values: change the bounds"
            raise v.error(node.iter, f"the range's {which} {x} does not fit its loop variable's dtype {dtype.name} "
                          "(the promotion of the bounds' dtypes; int32 when no bound has one), which would change "
                          f"the loop's values; {todo}", CompileTypeError)
    return bounds, to_zero


def _holds(dtype: DataType, x: int) -> bool:
    lo, hi = semantic.integer_limits(dtype)
    return lo <= x <= hi


def _range_count(v: FunctionVisitor, node: ast.For, bounds: tuple, dtype: DataType, what: str = "count") -> Any:
    """asc.range_count of `bounds` in `dtype` (named `i_count`, or `i_<what>`)."""
    from .._C import _ods

    count = _ods.range_count(v.b, *(semantic.materialize(x, dtype) for x in bounds),
                             result_type=semantic.ir_scalar_type(dtype))
    count.set_name_hint(_derived_name(node.target.id, what))
    return count


def _unsigned_count(v: FunctionVisitor, node: ast.For, rng: asc_range, dtype: DataType, variable: DataType,
                    to_zero: Any, big_step: tuple | None) -> Any:
    """The iteration count of an int64 (`dtype`) loop that asc.range_count cannot count alone:
    a uint64 `range(u, -1, s)` (`to_zero`: u; -1 has no biased int64 value; `rng` is biased) and a
    loop whose uint64 step may be 2**63 or more (`big_step`: the unbiased bounds of the `variable`'s
    dtype and the uint64 step), which int64 reads as negative."""
    bias = -(1 << 63)
    if to_zero is not None and isinstance(rng.step, int):
        # len(range(u, -1, s)) is len(range(|s| - 1, u, |s|)) + 1 (both bounds one lower, the first
        # iteration apart). A saturated count stays saturated, without overflowing in the + 1.
        by = -rng.step
        return _plus_saturated(PlainValue(_range_count(v, node, (by - 1 + bias, rng.start, by), dtype), dtype),
                               1, dtype)
    if to_zero is not None:
        # A runtime step: len(range(u, 0, s)) (none for s > 0; asc.range_count checks s == 0), one
        # more when s < 0 reaches 0 exactly (|s| divides u; |s| taken as a uint64, which holds
        # |INT64_MIN|).
        step = rng.step
        count = PlainValue(_range_count(v, node, (rng.start, bias, step), dtype), dtype)
        below = semantic.compare("<", step, 0)
        by = semantic._select(below, semantic.binary("-", 0, semantic.convert(step, uint64)), 1, uint64)
        u = semantic.convert(to_zero, uint64) if isinstance(to_zero, PlainValue) else \
            PlainValue(semantic.materialize(to_zero, uint64), uint64)  # a constant start: np.uint64(5)
        ends_at_zero = semantic.compare("==", semantic.binary("%", u, by), 0)
        extra = semantic._select(below, semantic._select(ends_at_zero, 1, 0, dtype), 0, dtype)
        return _plus_saturated(count, extra, dtype)
    count = _range_count(v, node, (rng.start, rng.stop, rng.step), dtype)
    # A step of 2**63 or more makes at most 2 iterations: none when start >= stop, 2 when stop - start
    # (taken as a uint64, which holds it) exceeds it.
    a, b, s = (semantic.convert(x, variable if i < 2 else uint64) if isinstance(x, PlainValue) else
               PlainValue(semantic.materialize(x, variable), variable) for i, x in enumerate(big_step))
    nonempty = semantic.compare("<", a, b)
    span = semantic.binary("-", semantic.convert(b, uint64), semantic.convert(a, uint64))
    two = semantic._select(semantic.compare(">", span, s), 2, 1, dtype)
    big = semantic._select(nonempty, two, 0, dtype)
    count = semantic._select(semantic.compare("<", rng.step, 0), big, PlainValue(count, dtype), dtype).handle
    count.set_name_hint(_derived_name(node.target.id, "count"))
    return count


def _reaches(start: Any, edge: int, step: Any, dtype: DataType) -> Any:
    """1 when some `start + j * step` (j >= 0) is `edge`, the 64-bit `dtype`'s greatest or least value,
    else 0: the iteration a loop whose stop is one past the dtype makes after those up to `edge`
    (exclusive). Their distance is taken as a uint64, which holds it; so is a runtime step's
    magnitude, which reaches the edge only going toward it (`range(w, 2**63, s)`: s > 0)."""
    up = edge > 0
    if isinstance(start, int):
        distance = edge - start if up else start - edge
        if isinstance(step, int):
            return int(distance % abs(step) == 0)
    else:
        a = semantic.convert(semantic.convert(start, dtype), uint64)
        e = edge & ((1 << 64) - 1)
        distance = semantic.binary("-", e, a) if up else semantic.binary("-", a, e)
    if isinstance(step, int):
        # A step of 2**64 or more reaches nothing but the start.
        by = abs(step)
        hit = semantic.compare("==", distance if by >> 64 else semantic.binary("%", distance, by), 0)
        return semantic._select(hit, 1, 0, int64)
    toward = semantic.compare(">" if up else "<", step, 0)
    s = semantic.convert(step, uint64)  # a signed step modulo 2**64: 0 - s is |s|, INT64_MIN's too
    by = semantic._select(toward, s if up else semantic.binary("-", 0, s), 1, uint64)  # no % 0
    hit = semantic.compare("==", semantic.binary("%", distance, by), 0)
    return semantic._select(toward, semantic._select(hit, 1, 0, int64), 0, int64)


def _plus_saturated(count: PlainValue, extra: Any, dtype: DataType) -> Any:
    """`count + extra` (`extra` 0 or 1) for range(u, -1, s)'s count: a saturated count stays saturated,
    without overflowing in the addition."""
    top = (1 << 63) - 1
    count = semantic._select(semantic.compare("<", count, top), count, top - 1, dtype)
    return semantic.binary("+", count, extra).handle


def _wide_loop_step(x: PlainValue, dtype: DataType, wide: DataType) -> PlainValue:
    """A runtime step of an 8- to 32-bit loop (`dtype`: unsigned, or signed with a step it cannot hold)
    in the wider signed type it loops in (`wide`), keeping its value: a signed step its sign (int32 -1
    is not uint32 2**32 - 1), a step of magnitude 2**bits or more, which makes one iteration as 2**bits
    does (bounds differ by less), clamped to that first."""
    limit = 1 << dtype.bitwidth
    if x.dtype.is_unsigned():
        if x.dtype.bitwidth > dtype.bitwidth:
            x = semantic._select(semantic.compare(">", x, limit), limit, x, x.dtype)
    elif x.dtype.bitwidth > wide.bitwidth:
        x = semantic._select(semantic.compare(">", x, limit), limit, x, x.dtype)
        x = semantic._select(semantic.compare("<", x, -limit), -limit, x, x.dtype)
    return semantic.convert(x, wide)


def _biased(x: Any, bias: int) -> Any:
    """A uint64 bound as the int64 `x ^ bias` (`x - 2**63` modulo 2**64)."""
    if isinstance(x, int):
        return x + bias
    return semantic.binary("^", semantic.convert(semantic.convert(x, uint64), int64), bias)


def _increment_fits(rng: asc_range, dtype: DataType) -> bool:
    """Whether `i += step` after the last iteration of `for (i = start; i < stop; i += step)` stays
    in `dtype` (signed). The last `i` is below `stop`, so a stop of at most MAX - step + 1 is enough:
    a step of 1, a constant stop that small, or a runtime stop of a narrower dtype. A larger stop
    would wrap `i` around to a negative value that is below `stop` again (Python makes 2 iterations
    of `range(651086875, 1689278405, 965274707)`, the wrapped C loop made 10)."""
    step, stop = rng.step, rng.stop
    if step == 1:
        return True
    limit = (1 << (dtype.bitwidth - 1)) - step  # MAX - step + 1
    if isinstance(stop, int):
        return stop <= limit
    return stop.dtype.bitwidth < dtype.bitwidth and (1 << stop.dtype.bitwidth) - 1 <= limit


def _derived_name(target: str, what: str) -> str:
    """`i_count`, `i_iter`; `_count` for `_` (not `__count`, a name C++ reserves)."""
    return f"{target}{what}" if target.endswith("_") else f"{target}_{what}"


def _loop_variable(v: FunctionVisitor, rng: asc_range, j: PlainValue) -> PlainValue:
    """`start + j * step` (`j * step` from 0), written `start - j * -step` for a constant negative step
    (`n - 1 - j`), when no intermediate can overflow (`_offset_fits`). Otherwise `j * step` may not
    fit although `i` does (`range(-2**31, 2**31 - 1, 2**30)`), undefined in C++: asc.range_at computes
    modulo 2^64 and converts back."""
    step, start = rng.step, rng.start
    if not _offset_fits(rng, j.dtype):
        from .._C import _ods

        dtype = j.dtype
        operands = [semantic.materialize(x, dtype) for x in (start, j, step)]
        return PlainValue(_ods.range_at(v.b, *operands,
                                        result_type=semantic.ir_scalar_type(dtype)), dtype)
    if step < 0:
        offset = j if step == -1 else semantic.binary("*", j, -step)
        return semantic.binary("-", start, offset)
    offset = semantic.binary("*", j, step)
    return offset if isinstance(start, int) and start == 0 else semantic.binary("+", start, offset)


def _offset_fits(rng: asc_range, dtype: DataType) -> bool:
    """Whether every `j * step` of the range fits `dtype`: a step of +-1 (`i` then fits, and so does
    `j`), a constant start of the step's sign or 0 (`|j * step|` is at most `|i|`), or constant
    bounds whose last offset fits."""
    step, start, stop = rng.step, rng.start, rng.stop
    if not isinstance(step, int):
        return False
    if abs(step) == 1 or isinstance(start, int) and start * step >= 0:
        return True
    if isinstance(start, int) and isinstance(stop, int):
        return max(len(range(start, stop, step)) - 1, 0) * abs(step) < 1 << (dtype.bitwidth - 1)
    return False


def _scf_for(v: FunctionVisitor, node: ast.For, operands: list, dtype: DataType, counted: asc_range | None,
             variable: DataType | None = None, bias: int | None = None) -> None:
    """An scf.for over `operands` (lower bound, upper bound, step); `counted`: the range whose
    iteration count the loop counts, the loop variable being derived from the induction variable,
    offset back by `bias` (`^ bias`) and converted to `variable` (when not `dtype`)."""
    b = v.b
    target = node.target.id
    carried, fixed = _carried_names(v, node.body, exclude=target)
    for c in carried:
        operands.append(c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop"))

    parent = b.builder.insertion_block()
    loop = b.create("scf.for", operands, [c.ir_type for c in carried], regions=1)
    loc = v.loc_of(node.target)
    iv_name = target if counted is None and bias is None and variable in (None, dtype) else \
        _derived_name(target, "iter")
    arg_locs = [b.name_loc(n, loc.line, loc.col) for n in [iv_name] + [c.name for c in carried]]
    block = loop.region(0).add_block([b.type(semantic.ir_scalar_type(dtype))] +
                                     [b.type(c.ir_type) for c in carried], arg_locs)
    b.builder.set_insertion_point_to_end(block)
    v.scope.push()
    iv = PlainValue(block.arg(0), dtype)
    if counted is not None:
        iv = _loop_variable(v, counted, iv)
    if bias is not None:
        iv = semantic.binary("^", iv, bias)
    if variable is not None and variable != dtype:
        iv = semantic.convert(iv, variable)
    if iv_name != target:
        iv.handle.set_name_hint(target)
    v.scope.define(target, iv)
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(block.arg(i + 1)))
    v.visit_body(node.body)
    yields = [c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop") for c in carried]
    _check_fixed(v, node, fixed)
    b.create("scf.yield", yields)
    inner = v.scope.pop()
    b.builder.set_insertion_point_to_end(parent)
    keep = {c.name for c in carried} | set(fixed) | {target}
    _forget_locals(v, inner, keep, "is defined inside a runtime loop and cannot be used after it; "
                                   "assign it before the loop")
    v.scope.define(target, Unavailable(target, "is a runtime loop variable and cannot be used after "
                                               "the loop"))
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(loop.result(i)))


# -- while -------------------------------------------------------------------------------------


def lower_while(v: FunctionVisitor, node: ast.While) -> None:
    if node.orelse:
        raise v.error(node, "`while ... else` is not supported in a kernel", UnsupportedSyntaxError)
    b = v.b
    carried, fixed = _carried_names(v, node.body)
    inits = [c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop") for c in carried]
    types = [c.ir_type for c in carried]
    parent = b.builder.insertion_block()
    loop = b.create("scf.while", inits, types, regions=2)
    locs = [v.b.file_loc(*_line_col(v, node)) for _ in carried]
    # Before region: evaluate the condition on the current values.
    before = loop.region(0).add_block([b.type(t) for t in types], locs)
    b.builder.set_insertion_point_to_end(before)
    v.scope.push()
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(before.arg(i)))
    cond = v.visit(node.test)
    if not isinstance(cond, PlainValue):
        raise v.error(node.test, "a runtime `while` needs a runtime condition; a compile-time condition "
                      "would loop forever or never", CompileTypeError)
    b.create("scf.condition", [v.to_bool(cond).handle] + [before.arg(i) for i in range(len(carried))])
    v.scope.pop()
    # After region: the body.
    after = loop.region(1).add_block([b.type(t) for t in types], locs)
    b.builder.set_insertion_point_to_end(after)
    v.scope.push()
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(after.arg(i)))
    v.visit_body(node.body)
    yields = [c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop") for c in carried]
    _check_fixed(v, node, fixed)
    b.create("scf.yield", yields)
    inner = v.scope.pop()
    b.builder.set_insertion_point_to_end(parent)
    _forget_locals(v, inner, {c.name for c in carried} | set(fixed),
                   "is defined inside a runtime loop and cannot be used after it; assign it before the loop")
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(loop.result(i)))


def _line_col(v: FunctionVisitor, node: ast.AST) -> tuple[int, int]:
    loc = v.loc_of(node)
    return loc.line, loc.col


# -- if ----------------------------------------------------------------------------------------


def lower_if(v: FunctionVisitor, node: ast.If) -> None:
    cond = v.visit(node.test)
    if not isinstance(cond, IRValue):
        v.visit_body(node.body if cond else node.orelse)
        return
    if not isinstance(cond, PlainValue):
        raise v.error(node.test, f"a {type(cond).__name__} cannot be used as a condition", CompileTypeError)
    _runtime_if(v, node, v.to_bool(cond))


def _runtime_if(v: FunctionVisitor, node: ast.If, cond: PlainValue) -> None:
    b = v.b
    before = v.scope.snapshot()
    parent = b.builder.insertion_block()
    draft = b.create("scf.if", [cond.handle], [], regions=2)
    branches = []
    for i, body in enumerate((node.body, node.orelse)):
        block = draft.region(i).add_block([], [])
        b.builder.set_insertion_point_to_end(block)
        v.scope.push()
        # A branch that calls `t.set_size(...)` works on its own copy of `t`, so the branches'
        # descriptors become results of the `if` like re-assigned variables.
        for name in method_rebound_names(body):
            found, value = v.scope.lookup(name)
            if found and isinstance(value, IRValue):
                v.scope.define(name, value.with_handle(value.handle))
        v.visit_body(body)
        branches.append(v.scope.pop())
    then_vals, else_vals = branches

    results: list[tuple[Carried, Any, Any]] = []
    new_names: set[str] = set()
    for name in dict.fromkeys(list(then_vals) + list(else_vals)):
        prior = before.get(name)
        known_before = name in before and not isinstance(prior, Unavailable)
        if not known_before and not (name in then_vals and name in else_vals):
            v.scope.define(name, Unavailable(name, "is defined in only one branch of a runtime `if` and "
                                                   "cannot be used after it"))
            continue
        t, e = then_vals.get(name, prior), else_vals.get(name, prior)
        # A branch that leaves the name unusable (a runtime loop's variable, say) leaves it unusable
        # after the `if` too, whatever the other branch did: nothing is carried out of it.
        unusable = next((x for x in (t, e) if isinstance(x, Unavailable)), None)
        if unusable is not None:
            v.scope.define(name, unusable)
            continue
        if t is e or (semantic.is_number(t) and type(t) is type(e) and t == e):
            v.scope.define(name, t)
            continue
        carried = Carried.of(name, t if isinstance(t, IRValue) else e)
        if carried is None or Carried.of(name, e) is None:
            raise v.error(node, f"variable '{name}' has different compile-time values in the branches of "
                          f"a runtime `if` ({_kind(t)} and {_kind(e)})", CompileTypeError)
        results.append((carried, t, e))
        if not known_before:
            new_names.add(name)

    b.builder.set_insertion_point_before(draft)
    final = b.create("scf.if", [cond.handle], [c.ir_type for c, _, _ in results], regions=2)
    for i in range(2):
        final.region(i).take_body(draft.region(i))
        b.builder.set_insertion_point_to_end(final.region(i).front())
        b.create("scf.yield", [c.handle_of(v, node, (t, e)[i], "`if` branches" if c.name in new_names else "`if`")
                               for c, t, e in results])
    draft.erase()
    b.builder.set_insertion_point_to_end(parent)
    for i, (c, _, _) in enumerate(results):
        v.scope.define(c.name, c.wrap(final.result(i)))


def _conditional_type(values: list[Any]) -> Carried | None:
    """The type of `t if c else e` with a runtime `c`: that of `t op e` for a number and a truth value
    or two numbers (a numpy scalar keeps its dtype); a runtime value's, which the other must have, or
    None when a value is neither."""
    name = "<conditional expression>"
    t, e = values
    if not all(isinstance(x, IRValue) or semantic.is_number(x) for x in values):
        return None
    if semantic.is_number(t) and semantic.is_number(e):
        return Carried(name, None, semantic.numbers_dtype(t, e))
    if any(semantic.is_number(x) for x in values) and any(isinstance(x, PlainValue) for x in values):
        # As `t | e`: a numpy scalar counts as its Python value next to a runtime one; a truth value
        # and a bool stay a truth value, with another number it takes that number's dtype.
        return Carried(name, None, semantic.operand_dtype("|", semantic.python_scalar(t),
                                                          semantic.python_scalar(e)))
    return Carried.of(name, next(x for x in values if isinstance(x, IRValue)))


def lower_if_expr(v: FunctionVisitor, node: ast.IfExp, cond: Any) -> Any:
    if not isinstance(cond, PlainValue):
        raise v.error(node.test, f"a {type(cond).__name__} cannot be used as a condition", CompileTypeError)
    b = v.b
    parent = b.builder.insertion_block()
    flag = v.to_bool(cond).handle
    draft = b.create("scf.if", [flag], [], regions=2)
    values = []
    for i, expr in enumerate((node.body, node.orelse)):
        block = draft.region(i).add_block([], [])
        b.builder.set_insertion_point_to_end(block)
        values.append(v.visit(expr))
    carried = _conditional_type(values)
    if carried is None:
        wrong = next(x for x in values if not isinstance(x, IRValue) and not semantic.is_number(x))
        raise v.error(node, "a runtime conditional expression must produce runtime values or numbers (Python "
                      f"or numpy), got {_kind(wrong)}", CompileTypeError)
    b.builder.set_insertion_point_before(draft)
    final = b.create("scf.if", [flag], [carried.ir_type], regions=2)
    for i in range(2):
        final.region(i).take_body(draft.region(i))
        b.builder.set_insertion_point_to_end(final.region(i).front())
        b.create("scf.yield", [carried.handle_of(v, node, values[i], "conditional expression")])
    draft.erase()
    b.builder.set_insertion_point_to_end(parent)
    return carried.wrap(final.result(0))


# -- with (the Matmul iteration) ---------------------------------------------------------------


def lower_with(v: FunctionVisitor, node: ast.With) -> None:
    """`with mm.iterate(...) as count: body` -> `while (mm.Iterate(...)) { body; count++; }`; the only
    `with` a kernel has. `count` (int32, from 0) counts the iterations and is usable after the loop."""
    from ..language.adv import matmul as mm_mod

    if len(node.items) != 1:
        raise v.error(node, "a kernel's `with` takes one item: `with mm.iterate() as count:`",
                      UnsupportedSyntaxError)
    item = node.items[0]
    mm_mod.entering_with(True)
    try:
        ctx = v.visit(item.context_expr)
    finally:
        mm_mod.entering_with(False)
    if not isinstance(ctx, mm_mod.MatmulIterator):
        raise v.error(item.context_expr, "the only `with` statement a kernel supports is "
                      "`with mm.iterate() as count:` of an asc.adv.Matmul", UnsupportedSyntaxError)
    target = item.optional_vars
    if target is not None and not isinstance(target, ast.Name):
        raise v.error(target, "`with mm.iterate() as count:` binds a single name", UnsupportedSyntaxError)
    b = v.b
    count_name = target.id if target is not None else None
    if count_name is not None:
        v.scope.define(count_name, PlainValue(semantic.materialize(0, int32), int32))
    carried, fixed = _carried_names(v, node.body, exclude=count_name or "")
    if count_name is not None:
        carried.insert(0, Carried(count_name, None, int32))
    inits = [c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop") for c in carried]
    types = [c.ir_type for c in carried]
    parent = b.builder.insertion_block()
    loop = b.create("scf.while", inits, types, regions=2)
    locs = [v.b.file_loc(*_line_col(v, node)) for _ in carried]
    before = loop.region(0).add_block([b.type(t) for t in types], locs)
    b.builder.set_insertion_point_to_end(before)
    cond = ctx.condition()
    b.create("scf.condition", [cond.handle] + [before.arg(i) for i in range(len(carried))])
    after = loop.region(1).add_block([b.type(t) for t in types], locs)
    b.builder.set_insertion_point_to_end(after)
    v.scope.push()
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(after.arg(i)))
    state = ctx.matmul._state
    state["iterating"] += 1
    try:
        v.visit_body(node.body)
    finally:
        state["iterating"] -= 1
    if count_name is not None:
        _, current = v.scope.lookup(count_name)
        v.scope.define(count_name, current + 1)
    yields = [c.handle_of(v, node, v.scope.lookup(c.name)[1], "loop") for c in carried]
    _check_fixed(v, node, fixed)
    b.create("scf.yield", yields)
    inner = v.scope.pop()
    b.builder.set_insertion_point_to_end(parent)
    _forget_locals(v, inner, {c.name for c in carried} | set(fixed),
                   "is defined inside a runtime loop and cannot be used after it; assign it before the loop")
    for i, c in enumerate(carried):
        v.scope.define(c.name, c.wrap(loop.result(i)))
