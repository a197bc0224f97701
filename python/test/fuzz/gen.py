"""Random valid kernels (hypothesis strategies) from a grammar of pyasc's Python subset.

`kernels()` draws a `model.Kernel`: runtime scalar arguments of ten dtypes, module constants,
device functions, assignments and augmented assignments, arithmetic, comparisons, `and`/`or`/`not`,
conditional expressions, `asc.number`, `.cast`, `asc.get_block_idx()`, runtime and compile-time
`if` (also one assigning a constant that folds the variable after it), `for ... in range(...)` (int32
bounds; small bounds of mixed dtypes, Python ints, numpy constants and runtime values, with steps up to
beyond the loop variable's dtype; bounds at a dtype's end, up to one past it; or `range(h, h)` /
`range(h, h + c)` over a runtime h), `asc.static_range`, `while` loops with a counter (so they end),
and tensor fragments (`vector.Fragment`). Every result is stored to an output tensor, whose expected
value `interp` computes.

Choices are ordered simplest first, so hypothesis shrinks a failing kernel toward few, small
statements.

8- and 16-bit integer operations appear anywhere in expressions: the emitter casts each one back
to its width inside an expression (C++ would compute it in `int`), which the fuzzer found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import hypothesis.strategies as st

from . import vector
from .model import (
    BOOL,
    FLOAT16,
    FLOAT32,
    INT8,
    INT16,
    INT32,
    INT64,
    SCALARS,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    Arg,
    Assign,
    Bin,
    BlockIdx,
    BoolOp,
    Call,
    Cast,
    Cmp,
    DType,
    Expr,
    For,
    Helper,
    If,
    IfExp,
    Kernel,
    Lit,
    Name,
    NpInt,
    Number,
    Stmt,
    Store,
    Unary,
    Vector,
    While,
)

CMP_OPS = ("<", "==", "!=", "<=", ">", ">=")
INT_OPS = ("+", "-", "*", "&", "|", "^", "//", "%", "/", "<<", ">>")
FLOAT_OPS = ("+", "-", "*", "/")
UB_BYTES = 192 * 1024


@dataclass
class Config:
    """Sizes of the drawn kernels."""

    max_statements: int = 10
    max_block: int = 3  # statements in a nested block
    max_depth: int = 3  # expression depth
    max_nesting: int = 2  # loops/ifs inside each other
    vector: bool = True
    helpers: bool = True
    blocks: int = 3


@dataclass
class Env:
    """What the generator knows while it writes a block: visible names and their kinds."""

    rt: dict[str, DType] = field(default_factory=dict)  # runtime scalars
    ct: dict[str, type] = field(default_factory=dict)  # compile-time numbers (int / float)
    reserved: set[str] = field(default_factory=set)  # loop counters: never re-assigned
    small: list[str] = field(default_factory=list)  # int32 names holding 0..5 (loop bounds)

    def copy(self) -> Env:
        return Env(dict(self.rt), dict(self.ct), set(self.reserved), list(self.small))


# Strategies are built once (building one per draw doubled the time a kernel takes to draw).
_SAMPLED: dict[tuple, Any] = {}
_INTEGERS: dict[tuple[int, int], Any] = {}
_BOOLEANS = st.booleans()


class Gen:
    def __init__(self, draw: Callable[[Any], Any], cfg: Config) -> None:
        self.draw = draw
        self.cfg = cfg
        self.names = 0
        self.slots: dict[str, int] = {}
        self.helpers: list[Helper] = []
        self.consts: dict[str, Any] = {}
        self.fragments = 0
        self.ub = 0
        self.x_len: dict[str, int] = {}
        self.y_len: dict[str, int] = {}
        self.in_helper = False
        self.signatures: dict[str, tuple[tuple[DType, ...], DType]] = {}

    # -- drawing ------------------------------------------------------------------------------------
    def pick(self, options: list | tuple) -> Any:
        key = tuple(options)
        try:
            strategy = _SAMPLED.get(key)
        except TypeError:  # unhashable options (helpers): a strategy of their own
            return self.draw(st.sampled_from(key))
        if strategy is None:
            strategy = _SAMPLED[key] = st.sampled_from(key)
        return self.draw(strategy)

    def chance(self) -> bool:
        return self.draw(_BOOLEANS)

    def fresh(self, prefix: str = "v") -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    def int_in(self, lo: int, hi: int) -> int:
        strategy = _INTEGERS.get((lo, hi))
        if strategy is None:
            strategy = _INTEGERS[(lo, hi)] = st.integers(lo, hi)
        return self.draw(strategy)

    def literal(self, dtype: DType) -> Any:
        """A Python number that materialises in `dtype` without error."""
        if dtype.is_float:
            if self.chance():
                return self.int_in(-100, 100)
            width = 16 if dtype.bits == 16 else 32
            return self.draw(st.floats(width=width, allow_nan=False, allow_infinity=False,
                                       min_value=-1e4, max_value=1e4))
        if dtype == BOOL:
            return self.chance()
        small = self.int_in(max(dtype.lo, -9), min(dtype.hi, 9))
        return small if self.chance() else self.int_in(dtype.lo, dtype.hi)

    # -- expressions -----------------------------------------------------------------------------------
    def names_of(self, env: Env, dtype: DType) -> list[str]:
        return [n for n, d in env.rt.items() if d == dtype]

    def leaf(self, env: Env, dtype: DType) -> Expr:
        """A name, a typed constant or a cast: never an operation."""
        names = self.names_of(env, dtype)
        options = ["number"] + (["name"] * 3 if names else [])
        others = [n for n, d in env.rt.items() if d != dtype and d != BOOL]
        if others and dtype != BOOL:
            options.append("cast")
        if dtype == INT32:
            options.append("block")
        if dtype == BOOL:
            options = ["cmp"] + (["name"] if names else [])
        choice = self.pick(options)
        if choice == "name":
            return Name(self.pick(names))
        if choice == "cast":
            return Cast(Name(self.pick(others)), dtype)
        if choice == "block":
            return BlockIdx()
        if choice == "cmp":
            return self.compare(env, 0)
        return Number(self.literal(dtype), dtype)

    def operand(self, env: Env, dtype: DType, depth: int) -> Expr:
        """The right operand of a binary operation on `dtype`: a literal, or a runtime value of any
        (non-bool) dtype, which pyasc converts to `dtype`."""
        kind = self.pick(["literal", "same", "other", "ct"])
        if kind == "literal":
            return Lit(self.literal(dtype))
        if kind == "ct":
            return self.ct(env)
        if kind == "same":
            return self.rt(env, dtype, depth)
        other = self.pick([d for d in SCALARS if d.is_int == dtype.is_int or dtype.is_float])
        return self.rt(env, other, depth)

    def divisor(self, env: Env, dtype: DType, depth: int) -> Expr:
        if dtype.is_float:
            return self.operand(env, dtype, depth)
        kind = self.pick(["literal", "or1", "raw"])
        if kind == "literal":
            value = self.int_in(max(dtype.lo, -9), min(dtype.hi, 9))
            return Lit(value if value else 3)
        inner = self.rt(env, dtype, depth)
        return Bin("|", inner, Lit(1)) if kind == "or1" else inner

    def shift(self, env: Env, dtype: DType, depth: int) -> Expr:
        """A shift count: mostly 0 .. bits - 1; also the width or more (every bit shifted out), a
        runtime count of another integer dtype, and rarely an unmasked runtime one (when negative, an
        `arithmetic` KernelError at the line)."""
        kind = self.pick(["literal", "literal", "wide literal", "masked", "masked", "wide", "raw"])
        if kind == "literal":
            return Lit(self.int_in(0, dtype.bits - 1))
        if kind == "wide literal":
            return Lit(self.int_in(dtype.bits, 2 * dtype.bits + 3))
        if kind == "masked":
            return Bin("&", self.rt(env, dtype, depth), Lit(dtype.bits - 1))
        other = self.pick([d for d in SCALARS if d.is_int])
        inner = self.rt(env, other, depth)
        return inner if kind == "raw" else Bin("&", inner, Lit(min(2 * dtype.bits - 1, other.hi)))

    def arith(self, env: Env, dtype: DType, depth: int) -> Expr:
        """One operation on `dtype`."""
        sub = depth - 1
        op = self.pick(FLOAT_OPS if dtype.is_float else INT_OPS)
        left = self.rt(env, dtype, sub)
        if op in ("/", "//", "%"):
            right = self.divisor(env, dtype, sub)
        elif op in ("<<", ">>"):
            right = self.shift(env, dtype, sub)
        else:
            right = self.operand(env, dtype, sub)
        if op in ("+", "-", "*", "&", "|", "^") and isinstance(right, Lit) and self.chance():
            return Bin(op, right, left)  # reflected: the runtime operand still decides the dtype
        return Bin(op, left, right)

    def rt(self, env: Env, dtype: DType, depth: int) -> Expr:
        """A runtime expression of `dtype`."""
        if dtype == BOOL:
            return self.boolean(env, depth)
        if depth <= 0:
            return self.leaf(env, dtype)
        kind = self.pick(["leaf", "arith", "arith", "unary", "ifexp", "cast", "call", "fold"])
        sub = depth - 1
        if kind == "fold" and dtype.is_int:
            return self.folding(env, dtype, sub)
        if kind == "arith":
            return self.arith(env, dtype, depth)
        if kind == "unary":
            if dtype.is_float or self.chance():
                return Unary("-", self.rt(env, dtype, sub))
            return Unary("~", self.rt(env, dtype, sub))
        if kind == "ifexp":
            return IfExp(self.boolean(env, sub), self.rt(env, dtype, sub), self.rt(env, dtype, sub))
        if kind == "cast":
            src = self.pick([d for d in SCALARS if d != dtype])
            return Cast(self.rt(env, src, sub), dtype)
        if kind == "call" and self.cfg.helpers and not self.in_helper:
            return self.call(env, dtype, sub)
        return self.leaf(env, dtype)

    def folding(self, env: Env, dtype: DType, depth: int) -> Expr:
        """An expression canonicalize folds, which drops an operand (and a division in it):
        `a if a == b else b` (b; `!=`: a), `dtype(wider(a))` (a), with `a` written twice (one SSA
        value once CSE ran; a division in it, when dropped, does not run); and `a if not (a == b) else
        b`, which does not fold (`not` is no inverted comparison in the IR)."""
        a = self.leaf(env, dtype) if self.chance() else self.rt(env, dtype, depth)
        if self.chance():
            b = self.rt(env, dtype, depth)
            cond: Expr = Cmp(self.pick(["==", "!="]), *((a, b) if self.chance() else (b, a)))
            if self.int_in(0, 2) == 0:
                cond = Unary("not", cond)  # cmpi eq(extui(c), 0): no longer the cmpi the select folds with
            return IfExp(cond, a, b) if self.chance() else IfExp(cond, b, a)
        via = self.pick([d for d in SCALARS if d.is_int and d != dtype])
        return Bin("-", Cast(Cast(a, via), dtype), a) if self.chance() else Cast(Cast(a, via), dtype)

    def compare(self, env: Env, depth: int) -> Expr:
        dtype = self.pick(SCALARS)
        left = self.leaf(env, dtype) if depth <= 0 else self.rt(env, dtype, depth - 1)
        right = Lit(self.literal(dtype)) if self.chance() else (
            self.leaf(env, dtype) if depth <= 0 else self.rt(env, dtype, depth - 1))
        return Cmp(self.pick(CMP_OPS), left, right)

    def boolean(self, env: Env, depth: int) -> Expr:
        """A runtime truth value (int1)."""
        kind = self.pick(["cmp", "cmp", "not", "boolop", "bits", "name"]) if depth > 0 else "cmp"
        if kind == "not":
            dtype = self.pick([BOOL, INT32, FLOAT32])
            return Unary("not", self.rt(env, dtype, depth - 1))
        if kind == "boolop":
            n = self.int_in(2, 3)
            return BoolOp(self.pick(["and", "or"]), tuple(self.boolean(env, depth - 1) for _ in range(n)))
        if kind == "bits":
            return Bin(self.pick(["&", "|", "^"]), self.boolean(env, depth - 1), self.boolean(env, depth - 1))
        if kind == "name" and self.names_of(env, BOOL):
            return Name(self.pick(self.names_of(env, BOOL)))
        return self.compare(env, depth)

    def ct(self, env: Env) -> Expr:
        """A compile-time int or float expression (module constants, static loop variables)."""
        names = list(env.ct)
        kind = self.pick(["lit", "name", "bin"] if names else ["lit", "bin"])
        if kind == "name":
            return Name(self.pick(names))
        if kind == "bin":
            return Bin(self.pick(["+", "-", "*"]), Lit(self.int_in(-20, 20)),
                       Name(self.pick(names)) if names else Lit(self.int_in(-20, 20)))
        return Lit(self.int_in(-20, 20))

    # -- device functions ----------------------------------------------------------------------------------
    def call(self, env: Env, dtype: DType, depth: int) -> Expr:
        """A call of a device function returning `dtype`: an existing one of that result type, or a new
        one. Its last parameter may be a compile-time int with a default (omitted, positional or
        keyword at the call)."""
        known = [h for h in self.helpers if self.signatures[h.name][1] == dtype]
        if known and self.chance():
            helper = self.pick(known)
        else:
            params = [self.pick(SCALARS) for _ in range(self.int_in(1, 3))]
            helper = self.helper(params, dtype, with_default=self.chance())
        params, _ = self.signatures[helper.name]
        args = tuple(self.rt(env, d, depth) for d in params)
        if not helper.defaults:
            if len(args) > 1 and self.chance():
                return Call(helper.name, args[:-1], ((helper.params[len(args) - 1], args[-1]),))
            return Call(helper.name, args)
        last = helper.params[-1]
        how = self.pick(["omit", "positional", "keyword"])
        if how == "omit":
            return Call(helper.name, args)
        value = Lit(self.int_in(-9, 9))
        if how == "positional":
            return Call(helper.name, args + (value,))
        return Call(helper.name, args, ((last, value),))

    def helper(self, params: list[DType], dtype: DType, with_default: bool) -> Helper:
        names = tuple(f"a{i}" for i in range(len(params) + int(with_default)))
        inner = Env({n: d for n, d in zip(names, params)}, {k: type(v) for k, v in self.consts.items()})
        if with_default:
            inner.ct[names[-1]] = int
        self.in_helper = True
        try:
            body: list[Stmt] = []
            for _ in range(self.int_in(0, 2)):
                name = self.fresh("h")
                d = self.pick(SCALARS)
                body.append(Assign((name,), self.rt(inner, d, 2)))
                inner.rt[name] = d
            result = self.rt(inner, dtype, 2)
        finally:
            self.in_helper = False
        defaults = ((names[-1], self.int_in(0, 9)),) if with_default else ()
        h = Helper(f"dev{len(self.helpers)}", names, body, result, defaults)
        self.helpers.append(h)
        self.signatures[h.name] = (tuple(params), dtype)
        return h

    # -- statements -----------------------------------------------------------------------------------------
    def store(self, env: Env) -> Store:
        dtype = self.pick(SCALARS + (BOOL,))
        out = INT32 if dtype == BOOL else dtype
        value = self.rt(env, dtype, self.cfg.max_depth)
        slot = self.slots.get(out.name, 0)
        self.slots[out.name] = slot + 1
        return Store(out, slot, value)

    def assign(self, env: Env, local: bool) -> Stmt:
        existing = [n for n in env.rt if n not in env.reserved]
        if existing and self.chance():
            name = self.pick(existing)
            dtype = env.rt[name]
            if dtype != BOOL and self.chance():
                op = self.pick(FLOAT_OPS if dtype.is_float else ("+", "-", "*", "&", "|", "^"))
                right = self.operand(env, dtype, 1)
                return Assign((name,), right, aug=op)
            return Assign((name,), self.value(env, dtype))
        dtype = self.pick(SCALARS + (BOOL,))
        name = self.fresh()
        stmt = Assign((name,), self.value(env, dtype))
        env.rt[name] = dtype
        return stmt

    def value(self, env: Env, dtype: DType) -> Expr:
        return self.rt(env, dtype, self.cfg.max_depth)

    def bound(self, env: Env) -> Expr:
        if env.small and self.chance():
            return Name(self.pick(env.small))
        return Lit(self.int_in(0, 4))

    def typed_bound(self, env: Env, dtype: DType | None, value: int) -> Expr:
        """A range bound of `value` (which `dtype` holds): a Python int (`dtype` None), a numpy constant,
        `asc.number`, or a runtime value (`n.cast(dtype) + offset`, n in 0..5, when one is at hand)."""
        if dtype is None:
            return Lit(value)
        form = self.pick(["np", "number", "cast"])
        if form == "np":
            return NpInt(value, dtype)
        if form == "number" or not env.small:
            return Number(value, dtype)
        # n.cast(dtype) + offset: near `value` (n is 0..5 at run time), and in the dtype for every n.
        offset = max(dtype.lo, min(value - 2, dtype.hi - 5))
        return Bin("+", Cast(Name(self.pick(env.small)), dtype), Lit(offset))

    def range_dtype(self) -> DType | None:
        return self.pick([None, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64])

    def range_step(self, env: Env, down: bool) -> Expr:
        """A nonzero step, counting down or up: small, or wider than many loop variables' dtypes
        (`np.int64(2**40)`, a constant 2**63, a uint64 runtime step), as a Python int, a numpy
        constant or a runtime value (`asc.number`: its value is never 0 at run time)."""
        dtype = self.pick([None, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64])
        size = self.pick(["small", "top", "huge"])
        hi = dtype.hi if dtype else (1 << 64) + 5
        lo = dtype.lo if dtype else -(1 << 63) - 1
        if down and lo == 0:
            dtype, lo = None, -(1 << 63) - 1
        value = self.int_in(1, 3) if size == "small" else hi if size == "top" else self.pick([200, 70000, 1 << 40])
        if down:
            value = max(-value, lo)
        elif dtype is not None:
            value = min(value, hi)
        if dtype is None:
            return Lit(value)
        return NpInt(value, dtype) if self.chance() else Number(value, dtype)

    def mixed_range(self, env: Env) -> tuple[tuple[Expr, ...], DType]:
        """`range(a, b[, s])` over small values of (possibly) different dtypes: the loop variable is
        their promotion (a Python int has no dtype)."""
        from .interp import _loop_dtype

        a_type, b_type = self.range_dtype(), self.range_dtype()
        down = self.chance()

        def value(dtype: DType | None, low: int, high: int) -> int:
            return self.int_in(max(low, dtype.lo) if dtype else low, min(high, dtype.hi) if dtype else high)

        if down:
            a, b = value(a_type, 2, 7), value(b_type, -2, 1)
        else:
            a, b = value(a_type, -2, 2), value(b_type, 0, 6)
        step = self.range_step(env, down) if down or self.chance() else None
        bounds = (self.typed_bound(env, a_type, a), self.typed_bound(env, b_type, b))
        if step is not None:
            bounds += (step,)
        try:
            dtype = _loop_dtype(a_type, b_type, _step_dtype(step))
        except Exception:  # uint64 and a signed bound: a CompileTypeError the interpreter predicts
            dtype = INT32
        return bounds, dtype

    def trivial_range(self, env: Env) -> tuple[tuple[Expr, ...], DType]:
        """`range(h, h)` or `range(h, h + c)` (c 1..3; now and then a step) over a runtime integer `h`, a
        leaf or an expression written twice (one SSA value once CSE ran): canonicalize drops a plain
        loop whose bounds are one value; `h + c` wraps at the dtype's end (Python's range over the
        wrapped stop is empty), so such a loop is never inlined as c iterations."""
        dtype = self.pick([INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64])
        h = self.leaf(env, dtype) if self.chance() else self.rt(env, dtype, 1)
        bounds: tuple[Expr, ...] = (h, h) if self.chance() else (h, Bin("+", h, Lit(self.int_in(1, 3))))
        if self.int_in(0, 2) == 0:
            bounds += (Lit(self.pick([1, 2, 3, -1])),)
        return bounds, dtype

    def edge_range(self, env: Env) -> tuple[tuple[Expr, ...], DType]:
        """A range at the end of its variable's dtype: up to MAX + 1 (one past, allowed), or down to
        MIN - 1 (-1 for an unsigned dtype); now and then a stop further out (a CompileTypeError), a step
        the other way (no iterations; one past and beyond allowed) or a runtime step (one past allowed
        either way)."""
        # 64-bit loops twice as often: they count a stop one past their dtype in a way of their own.
        dtype = self.pick([INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, INT64, UINT64])
        beyond = self.int_in(0, 9) == 0
        past = self.int_in(0, 3) > 0
        if self.chance():  # up
            start = self.typed_bound(env, dtype, dtype.hi - self.int_in(0, 5))
            stop = dtype.hi + 1 + beyond if past else dtype.hi - self.int_in(0, 2)
            step = self.pick([1, 2, 3, 7])
        else:
            start = self.typed_bound(env, dtype, dtype.lo + self.int_in(0, 5))
            stop = dtype.lo - 1 - beyond if past else dtype.lo + self.int_in(0, 2)
            step = self.pick([-1, -2, -3, -7])
        if self.int_in(0, 5) == 5:
            step = -step
        if self.int_in(0, 3) == 3:
            return (start, Lit(stop), Number(step, self.pick([INT8, INT32, INT64]))), dtype
        return (start, Lit(stop), Lit(step)), dtype

    def block(self, env: Env, nesting: int) -> list[Stmt]:
        inner = env.copy()
        return [self.statement(inner, nesting + 1) for _ in range(self.int_in(1, self.cfg.max_block))]

    def statement(self, env: Env, nesting: int = 0) -> Stmt:
        kinds = ["store", "assign", "assign"]
        if nesting < self.cfg.max_nesting:
            kinds += ["if", "for", "static_for", "while", "ct_if", "constant_if"]
        if self.cfg.vector and self.fragments < 4:
            kinds.append("vector")
        kind = self.pick(kinds)
        if kind == "store":
            return self.store(env)
        if kind == "assign":
            return self.assign(env, nesting > 0)
        if kind == "if":
            cond = self.boolean(env, 2)
            return If(cond, self.block(env, nesting), self.block(env, nesting) if self.chance() else [])
        if kind == "ct_if":
            return If(Cmp(self.pick(CMP_OPS), self.ct(env), Lit(self.int_in(-5, 5))),
                      self.block(env, nesting), self.block(env, nesting))
        if kind == "for":
            var = self.fresh("i")
            shape = self.pick(["int32", "mixed", "edge", "trivial"])
            bounds: tuple[Expr, ...]
            dtype = INT32
            if shape == "mixed":
                bounds, dtype = self.mixed_range(env)
            elif shape == "edge":
                bounds, dtype = self.edge_range(env)
            elif shape == "trivial":
                bounds, dtype = self.trivial_range(env)
            else:
                args = self.pick([1, 2, 3])
                if args == 1:
                    bounds = (self.bound(env),)
                elif args == 2:
                    bounds = (Lit(self.int_in(-2, 2)), self.bound(env))
                else:
                    step = self.pick([1, 2, 3, -1, -2, -3])
                    if step > 0:
                        bounds = (Lit(self.int_in(-2, 2)), self.bound(env), Lit(step))
                    else:  # counting down from a runtime bound: range(n, -1, -1)
                        bounds = (self.bound(env), Lit(self.int_in(-2, 2)), Lit(step))
            inner = env.copy()
            inner.rt[var] = dtype
            inner.reserved.add(var)
            body = [self.statement(inner, nesting + 1) for _ in range(self.int_in(1, self.cfg.max_block))]
            if shape != "int32":  # the last `i` is a result: a missing or extra iteration shows
                slot = self.slots.get(dtype.name, 0)
                self.slots[dtype.name] = slot + 1
                body.insert(0, Store(dtype, slot, Name(var)))
            return For(var, bounds, body)
        if kind == "static_for":
            var = self.fresh("j")
            inner = env.copy()
            inner.ct[var] = int
            body = [self.statement(inner, nesting + 1) for _ in range(self.int_in(1, self.cfg.max_block))]
            return For(var, (Lit(self.int_in(0, 3)),), body, static=True)
        if kind == "while":
            return self.while_loop(env, nesting)
        if kind == "constant_if":
            return self.constant_if(env, nesting)
        return self.fragment(env)

    def constant_if(self, env: Env, nesting: int) -> Stmt:
        """`x = K` then a runtime `if` assigning x the same K (`asc.number` or a Python int) in one or
        both branches (now and then another value in one), then a store of `e op x` that folds for x = K
        (`e * 0`, `e & 0`, `e | -1`): canonicalize hoists and merges the constants and folds the `if`'s
        result to K, also when the branch assigning it is not taken; `e` (and a division in it) is
        then dead code."""
        dtype = self.pick([INT8, INT16, INT32, INT64, UINT8, UINT32])
        op, value = self.pick([("*", 0), ("&", 0), ("|", -1)])
        value = dtype.wrap(value)
        name = self.fresh("k")

        def constant() -> Expr:
            return Number(value, dtype) if self.chance() else Lit(value)

        def branch() -> list[Stmt]:
            which = self.pick(["same", "same", "same", "none", "other"])
            if which == "none":
                return []
            if which == "other":
                return [Assign((name,), Number(dtype.wrap(value + self.int_in(1, 3)), dtype))]
            return [Assign((name,), constant())]

        first = Assign((name,), Number(value, dtype))
        stmt = If(self.boolean(env, 1), branch(), branch())
        env.rt[name] = dtype
        slot = self.slots.get(dtype.name, 0)
        self.slots[dtype.name] = slot + 1
        store = Store(dtype, slot, Bin(op, self.rt(env, dtype, 2), Name(name)))
        return _Seq([first, stmt, store])  # type: ignore[return-value]

    def while_loop(self, env: Env, nesting: int) -> Stmt:
        """`c = asc.number(0, asc.int32)` then `while c < bound [and cond]: ...; c += 1` (ends)."""
        counter = self.fresh("c")
        env.rt[counter] = INT32
        env.reserved.add(counter)
        inner = env.copy()
        body = [self.statement(inner, nesting + 1) for _ in range(self.int_in(1, self.cfg.max_block))]
        body.append(Assign((counter,), Lit(1), aug="+"))
        cond: Expr = Cmp("<", Name(counter), self.bound(env))
        if self.chance():
            cond = BoolOp("and", (cond, self.boolean(env, 1)))
        return _Seq([Assign((counter,), Number(0, INT32)), While(cond, body)])  # type: ignore[return-value]

    def fragment(self, env: Env) -> Stmt:
        self.fragments += 1
        op = self.pick(list(vector.OPS))
        dtype = self.pick([d for d in SCALARS if d.name in vector.supported(op)])
        steps = [vector.Step(op, self.scalar_operand(env, op, dtype))]
        for _ in range(self.int_in(0, 2)):
            more = [o for o in vector.OPS if dtype.name in vector.supported(o)]
            nxt = self.pick(more)
            steps.append(vector.Step(nxt, self.scalar_operand(env, nxt, dtype)))
        n = self.pick([32, 64, 128, 160, 256])
        size = dtype.bits // 8
        need = n * size
        addrs = []
        for _ in range(3):
            addrs.append(self.ub)
            self.ub += (need + 31) // 32 * 32
        if self.ub > UB_BYTES:
            return self.store(env)
        x_len = max(self.x_len.get(dtype.name, 0), 512)
        self.x_len[dtype.name] = x_len
        offsets = (self.int_in(0, (x_len - n) // 16) * 16, self.int_in(0, (x_len - n) // 16) * 16)
        y_off = self.y_len.get(dtype.name, 0)
        self.y_len[dtype.name] = y_off + n
        tag = str(self.fragments)
        readback = ""
        if self.chance():
            readback = self.fresh("r")
        frag = vector.Fragment(tag, dtype, n, offsets, y_off, tuple(addrs), tuple(steps),  # type: ignore[arg-type]
                               self.int_in(0, 7), readback, self.int_in(0, n - 1))
        if readback:
            env.rt[readback] = dtype
        return Vector(frag)

    def scalar_operand(self, env: Env, op: str, dtype: DType) -> Expr | None:
        if vector.OPS[op] not in ("ts", "s"):
            return None
        if self.chance():
            return Lit(self.literal(dtype))
        return self.rt(env, dtype, 1)


class _Seq(list):
    """Statements the generator produces together (a counter and its `while`)."""


def _step_dtype(step: Expr | None) -> DType | None:
    return step.dtype if isinstance(step, (NpInt, Number)) else None


def _flatten(stmts: list) -> list[Stmt]:
    out: list[Stmt] = []
    for s in stmts:
        if isinstance(s, _Seq):
            out.extend(_flatten(list(s)))
            continue
        if isinstance(s, If):
            s.body, s.orelse = _flatten(s.body), _flatten(s.orelse)
        elif isinstance(s, (For, While)):
            s.body = _flatten(s.body)
        out.append(s)
    return out


def _args(draw: Callable[[Any], Any], env: Env) -> list[Arg]:
    args = []
    for i, dtype in enumerate(draw(st.lists(st.sampled_from(SCALARS), min_size=1, max_size=5))):
        if dtype.is_float:
            width = 16 if dtype.bits == 16 else 32
            value = draw(st.floats(width=width))
        else:
            value = draw(st.integers(dtype.lo, dtype.hi))
        args.append(Arg(f"s{i}", dtype, value))
    for i in range(draw(st.integers(0, 2))):
        args.append(Arg(f"n{i}", INT32, draw(st.integers(0, 5))))
        env.small.append(f"n{i}")
        env.reserved.add(f"n{i}")  # loop bounds: never re-assigned, so that loops stay short
    for a in args:
        env.rt[a.name] = a.dtype
    return args


@st.composite
def kernels(draw: Callable[[Any], Any], cfg: Config | None = None, name: str = "kernel") -> Kernel:
    cfg = cfg or Config()
    g = Gen(draw, cfg)
    env = Env()
    args = _args(draw, env)
    for i in range(draw(st.integers(0, 2))):
        g.consts[f"K{i}"] = draw(st.integers(-20, 20))
        env.ct[f"K{i}"] = int
    body = [g.statement(env) for _ in range(draw(st.integers(1, cfg.max_statements)))]
    body.append(g.store(env))  # at least one result
    kernel = Kernel(name, args, _flatten(body), g.consts, g.helpers, dict(g.slots),
                    {d: n for d, n in g.x_len.items()}, {d: n for d, n in g.y_len.items()},
                    draw(st.integers(1, cfg.blocks)))
    return kernel


def inputs(draw: Callable[[Any], Any], kernel: Kernel) -> dict[str, Any]:
    """The x_<dtype> arrays of the tensor fragments: small exact numbers (and -0.0)."""
    import numpy as np

    out = {}
    for name, n in kernel.vector_inputs.items():
        dtype = np.dtype(name)
        if dtype.kind == "f":
            ints = draw(st.lists(st.integers(-64, 64), min_size=n, max_size=n))
            arr = (np.array(ints, dtype=np.float64) / 4).astype(dtype)
            arr[arr == 0] = np.where(np.arange(n)[arr == 0] % 2 == 0, 0.0, -0.0)
        else:
            info = np.iinfo(dtype)
            seed = draw(st.integers(0, 2**32 - 1))
            arr = np.random.default_rng(seed).integers(info.min, info.max, size=n, endpoint=True, dtype=dtype)
        out[name] = arr
    return out


__all__ = ["Config", "kernels", "inputs", "INT8", "INT16", "UINT16", "FLOAT16"]
