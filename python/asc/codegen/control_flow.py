"""Lowering of `for`, `if` and conditional expressions to `scf` (or folding them).

Variables re-bound inside a runtime loop or branch keep their type and become
`scf` loop-carried values or `scf.if` results. Names first bound inside a runtime
loop, or in only one branch, cannot be used afterwards.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from ..language.core import semantic
from ..language.core.dtype import DataType, int32
from ..language.core.ir_value import IRValue, PlainValue
from ..language.core.range import range as asc_range
from ..language.core.range import static_range
from .errors import CompileTypeError, UnsupportedSyntaxError
from .scope import Unavailable, assigned_names

if TYPE_CHECKING:
    from .generator import FunctionVisitor

_NUMBER = (int, float, bool)


def _runtime_dtype(value: Any) -> DataType | None:
    if isinstance(value, PlainValue):
        return value.dtype
    if isinstance(value, _NUMBER):
        return semantic.python_number_dtype(value)
    return None


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
        for value in static_range(*args):
            v.scope.define(node.target.id, value)
            v.visit_body(node.body)
        return
    _runtime_for(v, node, asc_range(*args))


def _runtime_for(v: FunctionVisitor, node: ast.For, rng: asc_range) -> None:
    b = v.b
    bounds = (rng.start, rng.stop, rng.step)
    for x in bounds:
        if isinstance(x, bool) or not isinstance(x, (int, PlainValue)) or \
                isinstance(x, PlainValue) and not x.dtype.is_int():
            raise v.error(node.iter, f"range bounds must be integers, got {type(x).__name__}",
                          CompileTypeError)
    if isinstance(rng.step, int) and rng.step <= 0:
        raise v.error(node.iter, "a runtime range needs a positive step; use asc.static_range for "
                      "other steps", CompileTypeError)
    dtype = next((x.dtype for x in bounds if isinstance(x, PlainValue)), int32)
    operands = [semantic.materialize(x, dtype) for x in bounds]

    target = node.target.id
    carried: list[tuple[str, DataType]] = []
    fixed: dict[str, Any] = {}
    for name in assigned_names(node.body):
        found, value = v.scope.lookup(name)
        if name == target or not found or isinstance(value, Unavailable):
            continue
        dt = _runtime_dtype(value)
        if dt is None:
            fixed[name] = value
        else:
            carried.append((name, dt))
            operands.append(semantic.materialize(value, dt))

    parent = b.builder.insertion_block()
    types = [semantic.ir_scalar_type(dt) for _, dt in carried]
    loop = b.create("scf.for", operands, types, regions=1)
    loc = v.loc_of(node.target)
    arg_locs = [b.name_loc(target, loc.line, loc.col)] + [
        b.name_loc(n, loc.line, loc.col) for n, _ in carried]
    block = loop.region(0).add_block([b.type(semantic.ir_scalar_type(dtype))] +
                                     [b.type(t) for t in types], arg_locs)
    b.builder.set_insertion_point_to_end(block)
    v.scope.push()
    v.scope.define(target, PlainValue(block.arg(0), dtype))
    for i, (name, dt) in enumerate(carried):
        v.scope.define(name, PlainValue(block.arg(i + 1), dt))
    v.visit_body(node.body)
    yields = []
    for name, dt in carried:
        _, value = v.scope.lookup(name)
        yields.append(_carried_value(v, node, name, dt, value, "loop"))
    for name, before in fixed.items():
        _, after = v.scope.lookup(name)
        if after is not before:
            raise v.error(node, f"'{name}' ({type(before).__name__}) is re-bound inside a runtime loop; "
                          "only scalar variables can change from one iteration to the next",
                          CompileTypeError)
    b.create("scf.yield", yields)
    inner = v.scope.pop()
    b.builder.set_insertion_point_to_end(parent)
    for name in inner:
        if name != target and name not in fixed and all(name != n for n, _ in carried):
            v.scope.define(name, Unavailable(name, "is defined inside a runtime loop and cannot be "
                                                   "used after it; assign it before the loop"))
    v.scope.define(target, Unavailable(target, "is a runtime loop variable and cannot be used "
                                               "after the loop"))
    for i, (name, dt) in enumerate(carried):
        v.scope.define(name, PlainValue(loop.result(i), dt))


def _carried_value(v: FunctionVisitor, node: ast.AST, name: str, dt: DataType, value: Any,
                   where: str) -> Any:
    got = _runtime_dtype(value)
    if got is None or (isinstance(value, PlainValue) and value.dtype != dt):
        seen = value.dtype.name if isinstance(value, PlainValue) else type(value).__name__
        raise v.error(node, f"variable '{name}' changes type inside the {where}: {dt.name} before, "
                      f"{seen} after; a variable must keep its type", CompileTypeError)
    return semantic.materialize(value, dt)


# -- if ----------------------------------------------------------------------------------------


def lower_if(v: FunctionVisitor, node: ast.If) -> None:
    cond = v.visit(node.test)
    if not isinstance(cond, IRValue):
        v.visit_body(node.body if cond else node.orelse)
        return
    if not isinstance(cond, PlainValue):
        raise v.error(node.test, f"a {type(cond).__name__} cannot be used as a condition",
                      CompileTypeError)
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
        v.visit_body(body)
        branches.append(v.scope.pop())
    then_vals, else_vals = branches

    results: list[tuple[str, DataType, Any, Any]] = []
    for name in dict.fromkeys(list(then_vals) + list(else_vals)):
        prior = before.get(name)
        known_before = name in before and not isinstance(prior, Unavailable)
        if not known_before and not (name in then_vals and name in else_vals):
            v.scope.define(name, Unavailable(name, "is defined in only one branch of a runtime `if` "
                                                   "and cannot be used after it"))
            continue
        t, e = then_vals.get(name, prior), else_vals.get(name, prior)
        if t is e or (isinstance(t, _NUMBER) and isinstance(e, _NUMBER) and t == e
                      and type(t) is type(e)):
            v.scope.define(name, t)
            continue
        dt_t, dt_e = _runtime_dtype(t), _runtime_dtype(e)
        dt = t.dtype if isinstance(t, PlainValue) else (e.dtype if isinstance(e, PlainValue) else dt_t)
        if dt_t is None or dt_e is None or dt_t != dt_e and (isinstance(t, PlainValue)
                                                             and isinstance(e, PlainValue)):
            raise v.error(node, f"variable '{name}' has different types in the branches of a runtime "
                          f"`if` ({_kind(t)} and {_kind(e)}); both branches must agree",
                          CompileTypeError)
        results.append((name, dt, t, e))

    b.builder.set_insertion_point_before(draft)
    final = b.create("scf.if", [cond.handle], [semantic.ir_scalar_type(dt) for _, dt, _, _ in results],
                     regions=2)
    for i in range(2):
        final.region(i).take_body(draft.region(i))
        block = final.region(i).front()
        b.builder.set_insertion_point_to_end(block)
        b.create("scf.yield", [semantic.materialize(r[2 + i], r[1]) for r in results])
    draft.erase()
    b.builder.set_insertion_point_to_end(parent)
    for i, (name, dt, _, _) in enumerate(results):
        v.scope.define(name, PlainValue(final.result(i), dt))


def _kind(value: Any) -> str:
    return value.dtype.name if isinstance(value, PlainValue) else type(value).__name__


def lower_if_expr(v: FunctionVisitor, node: ast.IfExp, cond: Any) -> PlainValue:
    if not isinstance(cond, PlainValue):
        raise v.error(node.test, f"a {type(cond).__name__} cannot be used as a condition",
                      CompileTypeError)
    b = v.b
    parent = b.builder.insertion_block()
    flag = v.to_bool(cond).handle
    draft = b.create("scf.if", [flag], [], regions=2)
    values = []
    for i, expr in enumerate((node.body, node.orelse)):
        block = draft.region(i).add_block([], [])
        b.builder.set_insertion_point_to_end(block)
        values.append(v.visit(expr))
    dts = [_runtime_dtype(x) for x in values]
    if None in dts:
        raise v.error(node, "a runtime conditional expression must produce numbers", CompileTypeError)
    dt = next((x.dtype for x in values if isinstance(x, PlainValue)), dts[0])
    b.builder.set_insertion_point_before(draft)
    final = b.create("scf.if", [flag], [semantic.ir_scalar_type(dt)], regions=2)
    for i in range(2):
        final.region(i).take_body(draft.region(i))
        b.builder.set_insertion_point_to_end(final.region(i).front())
        b.create("scf.yield", [semantic.materialize(values[i], dt)])
    draft.erase()
    b.builder.set_insertion_point_to_end(parent)
    return PlainValue(final.result(0), dt)

