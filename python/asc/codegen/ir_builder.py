"""A thin Python layer over the native generic op builder.

It owns the MLIR context of one compile, caches parsed types, tracks the
current Python source location and materialises constants. Every op is created
generically by name; the `asc` dialect's verifiers decide what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

from .._C import ir
from .errors import from_diagnostics


class IRBuilder:
    def __init__(self, file: str) -> None:
        self.ctx = ir.create_context()
        self.builder = ir.Builder(self.ctx)
        self.file = file
        self._types: dict[str, Any] = {}
        self._attrs: dict[str, Any] = {}
        self.module = ir.create_module(self.ctx, self.ctx.file_loc(file, 1, 1))
        self.builder.set_insertion_point_to_end(self.module.body)
        #: Device functions built so far: specialisation key -> (symbol, result template).
        self.device_functions: dict[Any, Any] = {}
        self.device_functions_in_progress: set[Any] = set()
        #: Set by asc.LocalTensorAuto: the compile runs the passes that materialise it, and
        #: insert_sync=None means True (docs/sync.md).
        self.uses_local_tensor_auto = False
        #: @asc.jit(capture_exceptions=False): an exception raised while compiling a node propagates
        #: as it is (with its traceback into pyasc) instead of becoming a CompileError at the line.
        self.capture_exceptions = True
        #: Issues a CompileWarning at the statement being compiled (set by the active FunctionVisitor).
        self.warn: Callable[[str], None] = lambda message: None

    # -- types and attributes ------------------------------------------------
    def type(self, text: Any) -> Any:
        """The MLIR type of `text`. An invalid type (a TQue at TPosition.GM, ...) raises the type
        verifier's error, of its category's class, at the Python line being compiled."""
        if not isinstance(text, str):
            return text  # already an MLIR type
        t = self._types.get(text)
        if t is None:
            t, diags = self.ctx.try_parse_type(text)
            if t is None:
                raise from_diagnostics(diags, "type")
            self._types[text] = t
        return t

    def attr(self, text: str) -> Any:
        a = self._attrs.get(text)
        if a is None:
            a = self._attrs[text] = self.ctx.parse_attr(text)
        return a

    def enum_attr(self, kind: str, keyword: str) -> Any:
        """An `asc` dialect enum attribute, e.g. enum_attr("hard_event", "mte2_v") → #asc<hard_event mte2_v>."""
        return self.attr(f"#asc<{kind} {keyword}>")

    def bool_attr(self, value: bool) -> Any:
        return self.attr("true" if value else "false")

    def type_attr(self, type_: Any) -> Any:
        return self.ctx.type_attr(self.type(type_))

    def str_attr(self, value: str) -> Any:
        return self.ctx.str_attr(value)

    def unit_attr(self) -> Any:
        return self.ctx.unit_attr()

    def dense_i32_array(self, values: Sequence[int]) -> Any:
        return self.attr(f"array<i32: {', '.join(str(int(v)) for v in values)}>")

    def int_attr(self, type_text: str, value: int) -> Any:
        value = int(value)
        if 1 << 63 <= value < 1 << 64:
            # A uint64 constant (e.g. an all-ones mask word): same 64 bits as a signless i64.
            value -= 1 << 64
        return self.ctx.int_attr(self.type(type_text), value)

    # -- locations -------------------------------------------------------------
    def set_loc(self, line: int, col: int, file: str | None = None) -> None:
        self.builder.set_loc(self.ctx.file_loc(file or self.file, line, col))

    def file_loc(self, line: int, col: int, file: str | None = None) -> Any:
        return self.ctx.file_loc(file or self.file, line, col)

    def name_loc(self, name: str, line: int, col: int, file: str | None = None) -> Any:
        return self.ctx.name_loc(name, self.ctx.file_loc(file or self.file, line, col))

    def get_loc(self) -> Any:
        return self.builder.get_loc()

    def restore_loc(self, loc: Any) -> None:
        self.builder.set_loc(loc)

    # -- ops ---------------------------------------------------------------
    def create(self, name: str, operands: Sequence[Any] = (), result_types: Sequence[str] = (),
               attrs: dict[str, Any] | None = None, regions: int = 0, loc: Any = None) -> Any:
        """Creates op `name` (the generated builders of `asc._C._ods` call this for every asc op)."""
        types = [self.type(t) for t in result_types]
        items = list((attrs or {}).items())
        if loc is None:
            return self.builder.create(name, list(operands), types, items, regions)
        saved = self.builder.get_loc()
        self.builder.set_loc(loc)
        try:
            return self.builder.create(name, list(operands), types, items, regions)
        finally:
            self.builder.set_loc(saved)

    def create1(self, name: str, operands: Sequence[Any], result_type: str | Any,
                attrs: dict[str, Any] | None = None) -> Any:
        """Creates a single-result op and returns its result value."""
        return self.create(name, operands, [result_type], attrs).result(0)

    def const_int(self, value: int, ir_type: str = "i32") -> Any:
        return self.create1("arith.constant", [], ir_type, {"value": self.int_attr(ir_type, value)})

    def const_float(self, value: float, ir_type: str = "f32") -> Any:
        attr = self.ctx.float_attr(self.type(ir_type), float(value))
        return self.create1("arith.constant", [], ir_type, {"value": attr})
