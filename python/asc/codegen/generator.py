"""Python AST → `asc` MLIR: one visitor method per supported node kind.

The visitor walks the kernel's source AST (no tracing). Compile-time values stay
Python objects (ints, enums, data types); runtime values are IR-backed objects from
`asc.language`. Every node sets the builder location to the user's file/line/col,
and every exception raised while visiting a node becomes a `CompileError` there.
"""

from __future__ import annotations

import ast
import operator
import os
import types
from typing import Any, Callable

from .._C import _ods
from ..errors import AscError
from ..language.core import semantic
from ..language.core.builtin import is_builtin
from ..language.core.dtype import DataType, int1
from ..language.core.ir_value import IRValue, PlainValue, described
from ..language.core.range import range as asc_range
from ..language.core.range import static_range
from ..language.core.struct import StructValue
from . import runtime_builtins, static_eval
from .calls import Returned
from .errors import CompileError, CompileTypeError, CompileWarning, UnsupportedSyntaxError, location_of
from .ir_builder import IRBuilder
from .prototype import Prototype
from .scope import Scope, Unavailable

_BIN_OPS = {
    ast.Add: ("+", operator.add), ast.Sub: ("-", operator.sub), ast.Mult: ("*", operator.mul),
    ast.Div: ("/", operator.truediv), ast.FloorDiv: ("//", operator.floordiv),
    ast.Mod: ("%", operator.mod), ast.LShift: ("<<", operator.lshift),
    ast.RShift: (">>", operator.rshift), ast.BitAnd: ("&", operator.and_),
    ast.BitOr: ("|", operator.or_), ast.BitXor: ("^", operator.xor), ast.Pow: ("**", operator.pow),
}
_CMP_OPS = {
    ast.Eq: ("==", operator.eq), ast.NotEq: ("!=", operator.ne), ast.Lt: ("<", operator.lt),
    ast.LtE: ("<=", operator.le), ast.Gt: (">", operator.gt), ast.GtE: (">=", operator.ge),
}
_UNARY_OPS = {ast.USub: ("-", operator.neg), ast.UAdd: ("+", operator.pos),
              ast.Invert: ("~", operator.invert), ast.Not: ("not", operator.not_)}
_DEBUG = os.environ.get("PYASC_DEBUG_CODEGEN", "") not in ("", "0")


class FunctionVisitor(ast.NodeVisitor):
    """Builds one `func.func` for a kernel from its AST."""

    def __init__(self, builder: IRBuilder, proto: Prototype, globals_: dict[str, Any]) -> None:
        self.b = builder
        self.proto = proto
        self.globals = globals_
        self.scope = Scope()
        self.file = proto.file
        self.first_line = proto.first_line
        self._node: ast.AST | None = None
        self._last_statement: ast.stmt | None = None
        self.returned: Returned | None = None
        self._in_function = False  # the kernel's own FunctionDef is being visited

    # -- infrastructure ------------------------------------------------------
    def loc_of(self, node: ast.AST):
        return location_of(self.file, self.first_line, node)

    def error(self, node: ast.AST, message: str, cls: type[CompileError] = CompileError) -> CompileError:
        return cls(message, self.loc_of(node))

    def visit(self, node: ast.AST) -> Any:
        return self.at(node, super().visit, node)

    def at(self, node: ast.AST, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` with the builder's location at `node`; errors become CompileErrors there."""
        has_pos = hasattr(node, "lineno")
        prev_loc = self.b.get_loc() if has_pos else None
        prev_node = self._node
        if has_pos:
            loc = self.loc_of(node)
            self.b.set_loc(loc.line, loc.col, self.file)
            self._node = node
            prev_warn, self.b.warn = self.b.warn, self._warn
        try:
            return fn(*args)
        except CompileError as e:
            if e.location is not None or not has_pos:
                raise
            # A verifier error without a place (an invalid type): this node made it.
            raise type(e)(e.message, self.loc_of(node), e.notes) from None
        except AscError:
            raise
        except Exception as e:  # a bug in the user's kernel: report it at the line
            if _DEBUG or not self.b.capture_exceptions:
                raise
            where = node if has_pos else (self._node or node)
            if isinstance(e, RecursionError):  # operator chains are iterative; other nesting is not
                raise self.error(where, "this expression nests too deeply to compile (Python's recursion "
                                 "limit); split it into several statements") from None
            raise self.error(where, f"{e}", CompileTypeError if isinstance(e, TypeError)
                             else CompileError) from None
        finally:
            if has_pos:
                self.b.restore_loc(prev_loc)
                self._node = prev_node
                self.b.warn = prev_warn

    def _warn(self, message: str) -> None:
        import warnings

        loc = self.loc_of(self._node)
        warnings.warn_explicit(message, CompileWarning, loc.file, loc.line)

    def generic_visit(self, node: ast.AST) -> Any:
        raise self.error(node, f"unsupported Python syntax in a kernel: {type(node).__name__}",
                         UnsupportedSyntaxError)

    def visit_Break(self, node: ast.Break) -> None:
        raise self.error(node, "`break` is not supported in a kernel (its loops become scf.for/scf.while, "
                         "which have no early exit): loop with `while` on a condition you clear instead",
                         UnsupportedSyntaxError)

    def visit_Continue(self, node: ast.Continue) -> None:
        raise self.error(node, "`continue` is not supported in a kernel (its loops become scf.for/scf.while, "
                         "which have no early exit): put the rest of the body under an `if`",
                         UnsupportedSyntaxError)

    def visit_body(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.visit(stmt)

    # -- function --------------------------------------------------------------
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if self._in_function:
            raise self.error(node, "nested function definitions are not supported in a kernel; define the "
                             "function at module level with @asc.jit and call it", UnsupportedSyntaxError)
        self._in_function = True
        b, proto = self.b, self.proto
        runtime = proto.runtime_params
        arg_types = [b.type(p.ir_type) for p in runtime]
        attrs = {"sym_name": b.ctx.str_attr(proto.name),
                 "function_type": b.ctx.type_attr(b.ctx.function_type(arg_types, []))}
        if proto.is_kernel:
            attrs[_ods.KERNEL_ATTR] = b.ctx.unit_attr()
        else:
            attrs["sym_visibility"] = b.ctx.str_attr("private")
        func = b.create("func.func", attrs=attrs, regions=1)
        a = node.args
        arg_nodes = {n.arg: n for n in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if n}
        locs = []
        for p in runtime:
            loc = self.loc_of(arg_nodes[p.name])
            locs.append(b.name_loc(p.name, loc.line, loc.col, self.file))
        entry = func.region(0).add_block(arg_types, locs)
        b.builder.set_insertion_point_to_end(entry)
        runtime_index = 0
        for p in proto.params:
            if p.is_constexpr:
                self.scope.define(p.name, p.value)
            else:
                self.scope.define(p.name, p.wrap(entry.arg(runtime_index)))
                runtime_index += 1
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]  # docstring
        self._last_statement = body[-1] if body else None
        self.visit_body(body)
        if self.returned is None:
            end = node.body[-1] if node.body else node
            b.set_loc(self.first_line + (getattr(end, "end_lineno", None) or end.lineno) - 1, 1, self.file)
            b.create("func.return")
            self.returned = Returned(None, [])  # a function without `return` returns None, as in Python
        func.set_attr("function_type", b.ctx.type_attr(
            b.ctx.function_type(arg_types, [h.type for h in self.returned.handles])))

    # -- statements --------------------------------------------------------------
    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a bare string is a comment
        self.visit(node.value)

    def visit_Pass(self, node: ast.Pass) -> None:
        return None

    def visit_Assign(self, node: ast.Assign) -> None:
        value = self.visit(node.value)
        for target in node.targets:
            self.assign(target, value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            raise self.error(node, "a variable annotation needs a value in a kernel", UnsupportedSyntaxError)
        self.assign(node.target, self.visit(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.error(node, "augmented assignment is only supported to a plain variable",
                             UnsupportedSyntaxError)
        current = self.load_name(node.target.id, node.target)
        result = self.binary(node, node.op, current, self.visit(node.value))
        self.assign(node.target, result)

    def assign(self, target: ast.expr, value: Any) -> None:
        if isinstance(target, ast.Name):
            if isinstance(value, IRValue):
                self.name_value(value, target)
            self.scope.define(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if any(isinstance(t, ast.Starred) for t in target.elts):
                raise self.error(target, "starred assignment (`a, *b = ...`) is not supported in a kernel",
                                 UnsupportedSyntaxError)
            values = list(value) if isinstance(value, (tuple, list)) else None
            if values is None or len(values) != len(target.elts):
                raise self.error(target, "cannot unpack: the value does not have "
                                 f"{len(target.elts)} elements", CompileTypeError)
            for t, v in zip(target.elts, values):
                self.assign(t, v)
        elif isinstance(target, ast.Attribute):
            obj = self.visit(target.value)
            setter = getattr(obj, "set_field", None)
            if setter is None:
                raise self.error(target, f"cannot assign to attribute '{target.attr}' of a "
                                 f"{type(obj).__name__} inside a kernel", CompileTypeError)
            setter(target.attr, value)
        elif isinstance(target, ast.Subscript):
            container = self.visit(target.value)
            key = self.visit(target.slice)
            setter = getattr(container, "__setitem__", None)
            if setter is None:
                raise self.error(target, f"{type(container).__name__} does not support item assignment",
                                 CompileTypeError)
            setter(key, value)
        else:
            raise self.error(target, f"cannot assign to {type(target).__name__}", UnsupportedSyntaxError)

    def name_value(self, value: IRValue, target: ast.Name) -> None:
        """Gives the op that produced `value` the Python variable name (for the C++)."""
        handle = value.handle
        owner = handle.owner_name()
        if owner is None or owner == "arith.constant":
            return
        handle.set_name_hint(target.id)

    def visit_Return(self, node: ast.Return) -> None:
        if self.proto.is_kernel and node.value is not None:
            raise self.error(node, "a kernel cannot return a value; write results to a GlobalTensor",
                             UnsupportedSyntaxError)
        if node is not self._last_statement:
            raise self.error(node, "`return` is only supported as the last statement of a function, not "
                             "inside a loop or a branch", UnsupportedSyntaxError)
        value = self.visit(node.value) if node.value is not None else None
        self.returned = Returned.of(value)
        self.b.create("func.return", self.returned.handles)

    def visit_Assert(self, node: ast.Assert) -> None:
        test = self.visit(node.test)
        if isinstance(test, IRValue):
            raise self.error(node, "assert needs a compile-time condition in a kernel", CompileTypeError)
        if not test:
            msg = self.visit(node.msg) if node.msg is not None else "assertion failed"
            raise self.error(node, f"static assertion failed: {msg}")

    # -- control flow ------------------------------------------------------------
    def visit_For(self, node: ast.For) -> None:
        from .control_flow import lower_for

        lower_for(self, node)

    def visit_If(self, node: ast.If) -> None:
        from .control_flow import lower_if

        lower_if(self, node)

    def visit_While(self, node: ast.While) -> None:
        from .control_flow import lower_while

        lower_while(self, node)

    def visit_With(self, node: ast.With) -> None:
        from .control_flow import lower_with

        lower_with(self, node)

    # -- expressions -------------------------------------------------------------
    def visit_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def visit_Name(self, node: ast.Name) -> Any:
        return self.load_name(node.id, node)

    def load_name(self, name: str, node: ast.AST) -> Any:
        found, value = self.scope.lookup(name)
        if found:
            if isinstance(value, Unavailable):
                raise self.error(node, f"'{name}' {value.reason}", CompileError)
            return value
        if name in self.globals:
            value = self.globals[name]
            if not static_eval.allowed_global(value):
                raise self.error(node, f"global '{name}' of type {type(value).__name__} cannot be used "
                                 f"in a kernel: {static_eval.GLOBAL_HELP}")
            return value
        if name in static_eval.BUILTINS:
            return static_eval.BUILTINS[name]
        raise self.error(node, f"name '{name}' is not defined", CompileError)

    def visit_Attribute(self, node: ast.Attribute) -> Any:
        base = self.visit(node.value)
        try:
            value = getattr(base, node.attr)
        except AttributeError as e:
            if isinstance(base, types.ModuleType):
                # The module's own message (asc.__getattr__ points at the coverage page).
                raise self.error(node, str(e), CompileTypeError) from None
            if isinstance(base, StructValue):
                raise self.error(node, f"{e} (this {base.struct.__name__} is what the kernel received)",
                                 CompileTypeError) from None
            raise self.error(node, f"{described(base)} has no attribute '{node.attr}'",
                             CompileTypeError) from None
        return value

    def visit_Tuple(self, node: ast.Tuple) -> tuple:
        return tuple(self.visit(e) for e in node.elts)

    def visit_List(self, node: ast.List) -> list:
        return [self.visit(e) for e in node.elts]

    def visit_Slice(self, node: ast.Slice) -> slice:
        lower = self.visit(node.lower) if node.lower is not None else None
        upper = self.visit(node.upper) if node.upper is not None else None
        step = self.visit(node.step) if node.step is not None else None
        return slice(lower, upper, step)

    def visit_Subscript(self, node: ast.Subscript) -> Any:
        base = self.visit(node.value)
        key = self.visit(node.slice)
        if isinstance(base, PlainValue):
            raise self.error(node, f"{described(base)} is not subscriptable", CompileTypeError)
        return base[key]

    def visit_JoinedStr(self, node: ast.JoinedStr) -> Any:
        """A str when every part is compile-time, else a printf FormatString."""
        from .debug_print import FormatString, as_format

        parts = []
        for v in node.values:
            if not isinstance(v, ast.FormattedValue):
                parts.append(self.visit(v))
                continue
            spec = self.visit(v.format_spec) if v.format_spec is not None else ""
            if not isinstance(spec, str):
                raise self.error(v, "a format spec must be compile-time", CompileTypeError)
            value = self.visit(v.value)
            if v.conversion == ord("r") and not isinstance(value, IRValue):
                value = repr(value)
            parts.append(value if isinstance(value, IRValue) else format(value, spec) if spec else str(value))
            if isinstance(value, IRValue):
                parts[-1] = as_format(value, spec)
        if not any(isinstance(p, FormatString) for p in parts):
            return "".join(parts)
        result = FormatString()
        for p in parts:
            result = result + p
        return result

    def visit_BinOp(self, node: ast.BinOp) -> Any:
        # `a + b + c + ...` nests to the left: walked as a loop, not by recursion, so that a
        # 2,000-term expression needs no deeper Python stack than a short one.
        spine = [node]
        while isinstance(spine[-1].left, ast.BinOp):
            spine.append(spine[-1].left)
        value = self.visit(spine[-1].left)
        for inner in reversed(spine[1:]):
            value = self.at(inner, self._binary_step, inner, value)
        return self._binary_step(node, value)

    def _binary_step(self, node: ast.BinOp, lhs: Any) -> Any:
        return self.binary(node, node.op, lhs, self.visit(node.right))

    def binary(self, node: ast.AST, op: ast.operator, lhs: Any, rhs: Any) -> Any:
        entry = _BIN_OPS.get(type(op))
        if entry is None:
            raise self.error(node, f"operator {type(op).__name__} is not supported", UnsupportedSyntaxError)
        symbol, fn = entry
        if isinstance(lhs, PlainValue) or isinstance(rhs, PlainValue):
            if isinstance(lhs, IRValue) and not isinstance(lhs, PlainValue) or \
                    isinstance(rhs, IRValue) and not isinstance(rhs, PlainValue):
                return fn(lhs, rhs)
            lhs, rhs = semantic.python_scalar(lhs), semantic.python_scalar(rhs)  # numpy scalars
            other = rhs if isinstance(lhs, PlainValue) else lhs
            if not isinstance(other, (PlainValue, int, float, bool)):
                raise self.error(node, f"unsupported operand types for {symbol}: "
                                 f"{type(lhs).__name__} and {type(rhs).__name__}", CompileTypeError)
            return semantic.binary(symbol, lhs, rhs)
        return fn(lhs, rhs)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
        symbol, fn = _UNARY_OPS[type(node.op)]
        operand = self.visit(node.operand)
        if isinstance(operand, PlainValue):
            if symbol == "not":
                return semantic.compare("==", self.to_bool(operand), 0)
            return semantic.unary(symbol, operand)
        return fn(operand)

    def visit_Compare(self, node: ast.Compare) -> Any:
        if len(node.ops) != 1:
            raise self.error(node, "chained comparisons are not supported; use `and`",
                             UnsupportedSyntaxError)
        lhs, rhs = self.visit(node.left), self.visit(node.comparators[0])
        op = type(node.ops[0])
        if op in (ast.Is, ast.IsNot):
            return (lhs is rhs) if op is ast.Is else (lhs is not rhs)
        if op in (ast.In, ast.NotIn):
            if isinstance(lhs, IRValue) or isinstance(rhs, IRValue):
                raise self.error(node, "`in` needs compile-time operands", CompileTypeError)
            return (lhs in rhs) if op is ast.In else (lhs not in rhs)
        symbol, fn = _CMP_OPS[op]
        if isinstance(lhs, PlainValue) or isinstance(rhs, PlainValue):
            return semantic.compare(symbol, lhs, rhs)
        return fn(lhs, rhs)

    def visit_BoolOp(self, node: ast.BoolOp) -> Any:
        values = [self.visit(v) for v in node.values]
        if not any(isinstance(v, PlainValue) for v in values):
            result = values[0]
            for v in values[1:]:
                result = (result and v) if isinstance(node.op, ast.And) else (result or v)
            return result
        conds = [self.to_bool(v) if isinstance(v, PlainValue) else bool(v) for v in values]
        symbol = "&" if isinstance(node.op, ast.And) else "|"
        result = conds[0]
        for c in conds[1:]:
            result = semantic.binary(symbol, result, c) if isinstance(result, PlainValue) or \
                isinstance(c, PlainValue) else (result and c if symbol == "&" else result or c)
        return result

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        cond = self.visit(node.test)
        if isinstance(cond, IRValue):
            from .control_flow import lower_if_expr

            return lower_if_expr(self, node, cond)
        return self.visit(node.body) if cond else self.visit(node.orelse)

    def to_bool(self, value: PlainValue) -> PlainValue:
        if value.dtype == int1:
            return value
        return semantic.compare("!=", value, 0)

    def visit_Call(self, node: ast.Call) -> Any:
        fn = self.visit(node.func)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                args.extend(self.visit(a.value))
            else:
                args.append(self.visit(a))
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.visit(kw.value))
            else:
                kwargs[kw.arg] = self.visit(kw.value)
        return self.call(node, fn, args, kwargs)

    def call(self, node: ast.Call, fn: Any, args: list, kwargs: dict) -> Any:
        from ..runtime.jit import JITFunction

        if isinstance(fn, JITFunction):
            from .calls import call_device_function

            return call_device_function(self, node, fn, args, kwargs)
        if fn in (asc_range, static_range) or fn is range:
            raise self.error(node, f"{getattr(fn, '__name__', fn)}(...) can only be used as the "
                             "iterable of a `for` loop", UnsupportedSyntaxError)
        from . import debug_print

        if debug_print.is_print(fn):
            return debug_print.print_call(args, kwargs)
        target = debug_print.logging_target(fn)
        if target is not None:
            return debug_print.logging_call(target, args, kwargs)
        if is_builtin(fn) or static_eval.is_asc_object(fn) or isinstance(fn, type) and \
                issubclass(fn, (IRValue, DataType)):
            return fn(*args, **kwargs)
        runtime = [a for a in list(args) + list(kwargs.values()) if isinstance(a, IRValue)]
        if _is_numpy_number_type(fn) and not runtime:
            return fn(*args, **kwargs)  # a typed compile-time number, e.g. asc.set_pad_value(np.float16(-2.5))
        if runtime:
            form = runtime_builtins.runtime_form(fn)
            if form is not None:
                try:
                    return form(*args, **kwargs)
                except TypeError as e:
                    raise self.error(node, f"{getattr(fn, '__name__', fn)}(): {e}", CompileTypeError) from None
            if runtime_builtins.is_math_function(fn):
                raise self.error(node, f"math.{fn.__name__} has no scalar form on the AI Core: apply "
                                 "the vector API (e.g. asc.sqrt, asc.exp, asc.ln) to a LocalTensor",
                                 CompileTypeError)
            why = runtime_builtins.NO_RUNTIME_FORM.get(fn)
            if why is not None:
                raise self.error(node, f"'{fn.__name__}' cannot be applied to a runtime value: {why}",
                                 CompileTypeError)
        elif runtime_builtins.is_math_function(fn):
            return fn(*args, **kwargs)  # e.g. math.log2(TILE) on compile-time values
        if fn in static_eval.BUILTINS.values() or _is_method_of_compile_time(fn):
            if runtime and fn not in static_eval.INTROSPECTION:
                raise self.error(node, f"'{getattr(fn, '__name__', fn)}' can only be applied to "
                                 "compile-time values inside a kernel", CompileTypeError)
            return fn(*args, **kwargs)
        raise self.error(node, f"cannot call '{getattr(fn, '__name__', repr(fn))}' inside a kernel: "
                         "only asc API functions and @asc.jit functions can be called",
                         CompileTypeError)


def _is_numpy_number_type(fn: Any) -> bool:
    import numpy as np

    return isinstance(fn, type) and issubclass(fn, (np.number, np.bool_))  # np.bool_ is no np.number


def _is_method_of_compile_time(fn: Any) -> bool:
    owner = getattr(fn, "__self__", None)
    return owner is not None and static_eval.is_compile_time(owner) and not isinstance(owner, type(ast))


