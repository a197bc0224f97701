"""The program model of the fuzzer: scalar types, expressions, statements and kernels.

A generated kernel is a tree of these nodes. `render` turns it into the Python source of a module
(one statement per line, every expression parenthesised) and records the file line of every
statement; `interp` evaluates the same tree with pyasc's semantics to predict what the kernel
compiles to and computes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

import numpy as np


@dataclass(frozen=True)
class DType:
    """A scalar type as pyasc spells it, with what the reference semantics needs."""

    name: str
    bits: int
    kind: str  # "i" signed, "u" unsigned, "f" float, "b" the comparison type (int1)

    @property
    def is_float(self) -> bool:
        return self.kind == "f"

    @property
    def is_int(self) -> bool:
        return self.kind in "iub"

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.kind == "i" else 0

    @property
    def hi(self) -> int:
        if self.kind == "b":
            return 1
        return (1 << (self.bits - 1)) - 1 if self.kind == "i" else (1 << self.bits) - 1

    @property
    def np(self) -> type:
        return np.dtype("bool" if self.kind == "b" else self.name).type

    @property
    def asc(self) -> str:
        return f"asc.{self.name}"

    def wrap(self, value: int) -> int:
        """`value` reduced to this type's bits (two's complement), as the IR's integers wrap."""
        if self.kind == "b":
            return value & 1
        value &= (1 << self.bits) - 1
        if self.kind == "i" and value >= 1 << (self.bits - 1):
            value -= 1 << self.bits
        return value


INT8, INT16, INT32, INT64 = DType("int8", 8, "i"), DType("int16", 16, "i"), DType("int32", 32, "i"), \
    DType("int64", 64, "i")
UINT8, UINT16, UINT32, UINT64 = DType("uint8", 8, "u"), DType("uint16", 16, "u"), DType("uint32", 32, "u"), \
    DType("uint64", 64, "u")
FLOAT16, FLOAT32 = DType("float16", 16, "f"), DType("float32", 32, "f")
BOOL = DType("int1", 1, "b")  # comparison results; stored as int32
SCALARS = (INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, FLOAT16, FLOAT32)
BY_NAME = {d.name: d for d in (*SCALARS, BOOL)}


# -- expressions ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lit:
    value: int | float | bool

    def render(self) -> str:
        text = repr(self.value)
        return f"({text})" if text.startswith("-") else text


@dataclass(frozen=True)
class Name:
    id: str

    def render(self) -> str:
        return self.id


@dataclass(frozen=True)
class Bin:
    op: str  # + - * / // % << >> & | ^ **
    left: Expr
    right: Expr

    def render(self) -> str:
        return f"({self.left.render()} {self.op} {self.right.render()})"


@dataclass(frozen=True)
class Cmp:
    op: str  # == != < <= > >=
    left: Expr
    right: Expr

    def render(self) -> str:
        return f"({self.left.render()} {self.op} {self.right.render()})"


@dataclass(frozen=True)
class BoolOp:
    op: str  # and | or
    values: tuple[Expr, ...]

    def render(self) -> str:
        return "(" + f" {self.op} ".join(v.render() for v in self.values) + ")"


@dataclass(frozen=True)
class Unary:
    op: str  # - + ~ not
    operand: Expr

    def render(self) -> str:
        sep = " " if self.op == "not" else ""
        return f"({self.op}{sep}{self.operand.render()})"


@dataclass(frozen=True)
class IfExp:
    cond: Expr
    body: Expr
    orelse: Expr

    def render(self) -> str:
        return f"({self.body.render()} if {self.cond.render()} else {self.orelse.render()})"


@dataclass(frozen=True)
class Number:
    """`asc.number(value, dtype)`: a typed runtime constant."""

    value: int | float
    dtype: DType

    def render(self) -> str:
        return f"asc.number({Lit(self.value).render()}, {self.dtype.asc})"


@dataclass(frozen=True)
class NpInt:
    """`np.<dtype>(value)`: a typed compile-time integer (the generator uses it as a range bound)."""

    value: int
    dtype: DType

    def render(self) -> str:
        return f"np.{self.dtype.name}({Lit(self.value).render()})"


@dataclass(frozen=True)
class Cast:
    """`value.cast(dtype)` of a runtime scalar."""

    operand: Expr
    dtype: DType

    def render(self) -> str:
        return f"{self.operand.render()}.cast({self.dtype.asc})"


@dataclass(frozen=True)
class BlockIdx:
    def render(self) -> str:
        return "asc.get_block_idx()"


@dataclass(frozen=True)
class Call:
    """A call of a device function (a `Helper` of the module)."""

    fn: str
    args: tuple[Expr, ...]
    kwargs: tuple[tuple[str, Expr], ...] = ()

    def render(self) -> str:
        parts = [a.render() for a in self.args] + [f"{k}={v.render()}" for k, v in self.kwargs]
        return f"{self.fn}({', '.join(parts)})"


@dataclass(frozen=True)
class Source:
    """Any other expression text (bad inputs); the interpreter does not evaluate it."""

    text: str

    def render(self) -> str:
        return self.text


Expr = Union[Lit, Name, Bin, Cmp, BoolOp, Unary, IfExp, Number, NpInt, Cast, BlockIdx, Call, Source]


# -- statements ----------------------------------------------------------------------------------------


@dataclass(eq=False)
class Stmt:
    #: The file line of the statement (its header line for if/for/while), set by `render`.
    line: int = field(default=0, init=False)


@dataclass(eq=False)
class Assign(Stmt):
    targets: tuple[str, ...]  # one name, or several for `a, b = call(...)`
    value: Expr
    aug: str = ""  # "+" for `a += value`

    def header(self) -> str:
        if self.aug:
            return f"{self.targets[0]} {self.aug}= {self.value.render()}"
        return f"{', '.join(self.targets)} = {self.value.render()}"


@dataclass(eq=False)
class Store(Stmt):
    """`o_<dtype>.set_value(slot, value)`: a result the test compares."""

    dtype: DType
    slot: int
    value: Expr

    def header(self) -> str:
        return f"o_{self.dtype.name}.set_value({self.slot}, {self.value.render()})"


@dataclass(eq=False)
class If(Stmt):
    cond: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False)
class For(Stmt):
    var: str
    args: tuple[Expr, ...]
    body: list[Stmt]
    static: bool = False  # asc.static_range


@dataclass(eq=False)
class While(Stmt):
    cond: Expr
    body: list[Stmt]


@dataclass(eq=False)
class Raw(Stmt):
    """Lines the interpreter does not model (bad inputs); `line` is the first one's."""

    lines: list[str]


@dataclass(eq=False)
class Vector(Stmt):
    """A tensor fragment (`vector.Fragment`): GM → UB → vector ops → GM, with its flags."""

    fragment: object  # vector.Fragment (kept untyped here to avoid an import cycle)
    lines: list[int] = field(default_factory=list)


@dataclass
class Helper:
    """A device function: `@asc.jit def name(params): body; return result`."""

    name: str
    params: tuple[str, ...]
    body: list[Stmt]
    result: Expr | tuple[Expr, ...]
    defaults: tuple[tuple[str, int | float], ...] = ()
    line: int = 0  # of the `return`
    def_line: int = 0


@dataclass
class Arg:
    """A runtime scalar argument of the kernel and the value the test passes."""

    name: str
    dtype: DType
    value: int | float

    def host(self) -> object:
        return self.dtype.np(self.value)


@dataclass
class Kernel:
    name: str
    args: list[Arg]
    body: list[Stmt]
    consts: dict[str, int | float] = field(default_factory=dict)  # module-level constants
    helpers: list[Helper] = field(default_factory=list)
    slots: dict[str, int] = field(default_factory=dict)  # output slots per dtype name
    vector_inputs: dict[str, int] = field(default_factory=dict)  # dtype name -> elements of x_<dtype>
    vector_outputs: dict[str, int] = field(default_factory=dict)  # dtype name -> elements of y_<dtype>
    blocks: int = 1
    def_line: int = 0
    end_line: int = 0
    launch_line: int = 0

    def outputs(self) -> list[str]:
        return sorted(self.slots)
