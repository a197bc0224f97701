"""Calls from a kernel to other `@asc.jit` functions (device functions).

Each device function is built once per specialisation (IR types of its runtime
arguments, values of its compile-time ones) as a private `func.func`, called with
`func.call`, and inlined into the kernel by the pass pipeline. Results may be runtime
values, compile-time values, or (nested) tuples of both.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import Note
from ..language.core.ir_value import IRValue
from ..language.core.range import ConstExpr
from .errors import CompileError, CompileTypeError
from .prototype import Param, Prototype

if TYPE_CHECKING:
    from ..runtime.jit import JITFunction
    from .generator import FunctionVisitor


@dataclass(frozen=True)
class _Slot:
    """Where a runtime result goes when a returned structure is rebuilt."""

    index: int
    template: IRValue


@dataclass
class Returned:
    """A function's returned structure: IR results plus compile-time parts."""

    template: Any
    handles: list

    @staticmethod
    def of(value: Any) -> Returned:
        handles: list = []

        def walk(v: Any) -> Any:
            if isinstance(v, IRValue):
                handles.append(v.handle)
                return _Slot(len(handles) - 1, v)
            if isinstance(v, tuple):
                return tuple(walk(x) for x in v)
            if isinstance(v, list):
                return [walk(x) for x in v]
            return v

        return Returned(walk(value), handles)

    def rebuild(self, results: list) -> Any:
        def walk(t: Any) -> Any:
            if isinstance(t, _Slot):
                return t.template.with_handle(results[t.index])
            if isinstance(t, tuple):
                return tuple(walk(x) for x in t)
            if isinstance(t, list):
                return [walk(x) for x in t]
            return t

        return walk(self.template)


@dataclass(frozen=True)
class _Built:
    symbol: str
    returned: Returned


def _specialise(v: FunctionVisitor, node: ast.Call, fn: JITFunction, args: list,
                kwargs: dict) -> tuple[list[Param], list, tuple]:
    try:
        bound = fn.signature.bind(*args, **kwargs)
    except TypeError as e:
        raise v.error(node, f"{fn.__name__}(): {e}", CompileTypeError) from None
    bound.apply_defaults()
    params, operands, key = [], [], [id(fn)]
    for name, value in bound.arguments.items():
        if name in fn.constexprs or not isinstance(value, IRValue):
            value = ConstExpr.unwrap(value)
            params.append(Param(name, "constexpr", value=value))
            key.append((name, "const", type(value).__name__, repr(value)))
        else:
            params.append(Param(name, "object", value=value))
            operands.append(value.handle)
            key.append((name, type(value).__name__, str(value.handle.type), repr(getattr(value, "dtype", None))))
    return params, operands, tuple(key)


def call_device_function(v: FunctionVisitor, node: ast.Call, fn: JITFunction, args: list,
                         kwargs: dict) -> Any:
    from .generator import FunctionVisitor

    b = v.b
    params, operands, key = _specialise(v, node, fn, args, kwargs)
    built = b.device_functions.get(key)
    if built is None:
        if key in b.device_functions_in_progress:
            raise v.error(node, f"recursive call of '{fn.__name__}': device functions are inlined and "
                          "cannot recurse", CompileError)
        taken = {f.symbol for f in b.device_functions.values()}
        symbol, n = fn.__name__, 1
        while symbol in taken or symbol == v.proto.name:
            symbol, n = f"{fn.__name__}_{n}", n + 1
        tree, def_line = fn.tree()
        proto = Prototype(symbol, fn.file, def_line, params, is_kernel=False)
        parent, saved_loc = b.builder.insertion_block(), b.get_loc()
        b.device_functions_in_progress.add(key)
        b.builder.set_insertion_point_to_end(b.module.body)
        try:
            callee = FunctionVisitor(b, proto, fn.namespace())
            callee.visit(tree)
        except CompileError as e:
            note = Note(f"in '{fn.__name__}' called from here", v.loc_of(node))
            raise type(e)(e.message, e.location, [*e.notes, note]) from None
        finally:
            b.device_functions_in_progress.discard(key)
            b.builder.set_insertion_point_to_end(parent)
            b.restore_loc(saved_loc)
        built = b.device_functions[key] = _Built(symbol, callee.returned)
    result_types = [h.type for h in built.returned.handles]
    call = b.create("func.call", operands, result_types, {"callee": b.ctx.symbol_ref_attr(built.symbol)})
    return built.returned.rebuild([call.result(i) for i in range(len(result_types))])
