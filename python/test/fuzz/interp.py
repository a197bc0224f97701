"""The reference interpreter: what a generated kernel must compile to, compute, or fail with.

It runs the program tree twice, as pyasc does: once while *compiling* (runtime values have a dtype
but no value; both branches of a runtime `if` and one pass of every runtime loop body are visited;
compile-time `if`s fold and `static_range` unrolls) — which predicts compile errors — and once
*running* per block (concrete values; the branch not taken is still visited without values, since
it decides the types after the `if`). The rules mirror `asc/codegen` (scopes, loop-carried
variables, conditional expressions) and `semantics` (arithmetic).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from . import semantics as sem
from .model import (
    BOOL,
    BY_NAME,
    FLOAT32,
    INT32,
    Assign,
    Bin,
    BlockIdx,
    BoolOp,
    Call,
    Cast,
    Cmp,
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
    Raw,
    Source,
    Stmt,
    Store,
    Unary,
    Vector,
    While,
)
from .semantics import RT, Predicted

#: Most loop iterations one run may take (the generator keeps loops far below this).
STEP_BUDGET = 20000


@dataclass(frozen=True)
class Unavailable:
    reason: str


class Stop(Exception):
    """The rest of the run cannot be predicted (or need not be: it must fault before)."""


class Unmodelled(Exception):
    """The program uses something the interpreter does not model (a bad input's raw text)."""


@dataclass
class Run:
    """What one block computes: outputs, division faults on the way, and how sure that is."""

    outputs: dict[str, dict[int, Any]] = field(default_factory=dict)  # None = unknown value
    fault_lines: list[int] = field(default_factory=list)
    must_fault: bool = False
    unpredictable: bool = False
    vector: dict[str, Any] = field(default_factory=dict)  # y_<dtype> arrays of this block


def _assigned_names(body: list[Stmt]) -> list[str]:
    """Names stored anywhere in `body` (nested blocks included), like `scope.assigned_names`."""
    seen: dict[str, None] = {}

    def walk(stmts: list[Stmt]) -> None:
        for s in stmts:
            if isinstance(s, Assign):
                for t in s.targets:
                    seen.setdefault(t, None)
            elif isinstance(s, If):
                walk(s.body)
                walk(s.orelse)
            elif isinstance(s, For):
                seen.setdefault(s.var, None)
                walk(s.body)
            elif isinstance(s, While):
                walk(s.body)
            elif isinstance(s, Vector):
                for t in s.fragment.assigned():  # type: ignore[attr-defined]
                    seen.setdefault(t, None)
    walk(body)
    return list(seen)


def _pure(body: list[Stmt]) -> bool:
    """No statement in `body` (nested blocks included) has an effect: no store, no tensor fragment."""
    for s in body:
        if isinstance(s, (Store, Vector, Raw)):
            return False
        if isinstance(s, If) and not _pure(s.body + s.orelse):
            return False
        if isinstance(s, (For, While)) and not _pure(s.body):
            return False
    return True


class Scope:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = [{}]

    def lookup(self, name: str) -> tuple[bool, Any]:
        for frame in reversed(self.frames):
            if name in frame:
                return True, frame[name]
        return False, None

    def define(self, name: str, value: Any) -> None:
        self.frames[-1][name] = value

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self.frames:
            out.update(f)
        return out


def _carry(value: Any) -> Any:
    """The dtype a value keeps across a region boundary (None: not carried, a fixed object)."""
    if isinstance(value, RT):
        return value.dtype
    if sem.is_number(value):
        return sem.number_dtype(value)
    return None


def _conditional_dtype(values: list[Any]) -> Any:
    """The dtype of `t if c else e` (runtime c): that of `t op e` for two numbers or a number and a truth
    value (`|`: with a bool it stays one); else the runtime value's (None: a value is neither)."""
    t, e = values
    if not all(isinstance(v, RT) or sem.is_number(v) for v in values):
        return None
    if sem.is_number(t) and sem.is_number(e):
        kinds = {sem.number_dtype(t), sem.number_dtype(e)}
        return BOOL if kinds == {BOOL} else FLOAT32 if FLOAT32 in kinds else INT32
    if any(sem.is_number(v) for v in values):
        return sem.operand_dtype("|", t, e)
    return next(v.dtype for v in values if isinstance(v, RT))


class Interp:
    def __init__(self, kernel: Kernel, block: int | None, inputs: dict[str, Any] | None = None) -> None:
        self.k = kernel
        self.helpers = {h.name: h for h in kernel.helpers}
        self.block = block
        self.abstract = block is None
        self.run = Run()
        self.steps = 0
        self.scope = Scope()
        self.inputs = inputs or {}
        self.line = kernel.def_line

    # -- entry ------------------------------------------------------------------------------------
    def execute(self) -> Run:
        """Runs the kernel; raises Predicted for a compile error."""
        for a in self.k.args:
            self.scope.define(a.name, RT(a.dtype, None if self.abstract else sem.materialize(
                a.value, a.dtype).value))
        if not self.abstract:
            from .vector import init_outputs

            init_outputs(self)
        try:
            self.body(self.k.body)
        except Stop:
            pass
        return self.run

    # -- helpers ------------------------------------------------------------------------------------
    def at(self, line: int) -> None:
        self.line = line

    def error(self, e: Predicted) -> Predicted:
        if not e.line:
            e.line = self.line
        return e

    def check_live(self, v: Any, what: str) -> None:
        """A value reaching a store or a condition: faulted divisions must have stopped the kernel."""
        if self.abstract or not isinstance(v, RT):
            return
        if sem.DIV in v.taint:
            self.run.must_fault = True
            raise Stop
        if sem.UB in v.taint and what == "condition":
            self.run.unpredictable = True
            raise Stop

    # -- statements ---------------------------------------------------------------------------------
    def body(self, stmts: list[Stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def stmt(self, s: Stmt) -> None:
        self.at(s.line)
        try:
            if isinstance(s, Assign):
                self.assign(s)
            elif isinstance(s, Store):
                self.store(s)
            elif isinstance(s, If):
                self.if_(s)
            elif isinstance(s, For):
                self.for_(s)
            elif isinstance(s, While):
                self.while_(s)
            elif isinstance(s, Vector):
                s.fragment.execute(self, s)  # type: ignore[attr-defined]
            elif isinstance(s, Raw):
                if not getattr(s, "skip", False):
                    raise Unmodelled(s.lines[0])
            else:
                raise TypeError(s)
        except Predicted as e:
            raise self.error(e) from None

    def assign(self, s: Assign) -> None:
        value = self.expr(s.value)
        if s.aug:
            found, current = self.scope.lookup(s.targets[0])
            if not found:
                raise sem.compile_error(f"name '{s.targets[0]}' is not defined")
            value = self.binop(s.aug, self.load(s.targets[0]), value)
        if len(s.targets) == 1:
            self.scope.define(s.targets[0], value)
            return
        if not isinstance(value, (tuple, list)) or len(value) != len(s.targets):
            raise sem.compile_type_error(f"cannot unpack: the value does not have {len(s.targets)} elements")
        for t, v in zip(s.targets, value):
            self.scope.define(t, v)

    def store(self, s: Store) -> None:
        value = self.expr(s.value)
        if not isinstance(value, RT) and not sem.is_number(value):
            raise sem.compile_type_error(f"set_value: 'value' must be a number, got {type(value).__name__}")
        v = sem.materialize(value, s.dtype)
        if self.abstract:
            return
        self.check_live(v, "store")
        slots = self.run.outputs.setdefault(s.dtype.name, {})
        slots[s.slot] = None if v.value is None else v.value

    def if_(self, s: If) -> None:
        cond = self.expr(s.cond)
        if not isinstance(cond, RT):
            self.body(s.body if cond else s.orelse)
            return
        flag = sem.to_bool(cond)
        taint = frozenset()
        if not self.abstract and flag.taint and _pure(s.body + s.orelse):
            # An `if` without effects is a select of the variables it assigns (dead code if they
            # are): the condition's fault or unknown value goes into them.
            taint = flag.taint | frozenset({sem.UB})
        else:
            self.check_live(flag, "condition")
        taken = None if self.abstract or taint else bool(flag.value)
        before = self.scope.snapshot()
        branches = []
        for i, body in enumerate((s.body, s.orelse)):
            run_it = taken is not None and taken == (i == 0)
            branches.append(self.region(body, concrete=run_it))
        self.at(s.line)
        then_vals, else_vals = branches
        for name in dict.fromkeys(list(then_vals) + list(else_vals)):
            prior = before.get(name)
            known = name in before and not isinstance(prior, Unavailable)
            if not known and not (name in then_vals and name in else_vals):
                self.scope.define(name, Unavailable("one branch"))
                continue
            t, e = then_vals.get(name, prior), else_vals.get(name, prior)
            unusable = next((x for x in (t, e) if isinstance(x, Unavailable)), None)
            if unusable is not None:  # a runtime loop's variable in a branch: unusable after the `if`
                self.scope.define(name, unusable)
                continue
            if t is e or (sem.is_number(t) and type(t) is type(e) and t == e):
                self.scope.define(name, t)
                continue
            dtype = _carry(t if isinstance(t, RT) else e)
            if dtype is None or _carry(e) is None:
                raise sem.compile_type_error(f"variable '{name}' has different compile-time values in the "
                                             "branches of a runtime `if`")
            where = "`if`" if known else "`if` branches"  # first assigned in both: no "before"
            results = [self.carried(name, dtype, x, where) for x in (t, e)]
            if all(r.const for r in results) and sem.same(*results):
                # One constant from both branches (also one not taken: constants do not depend on the
                # branch): canonicalize hoists and merges them, and the scf.if result (or select) folds
                # to it; the condition is dead code for it.
                self.scope.define(name, results[0])
                continue
            result = results[0] if taken in (None, True) else results[1]
            if not flag.const:  # an scf.if result (a constant condition folds the `if` away)
                result = result.variable()
            self.scope.define(name, RT(result.dtype, None, result.taint | taint) if taint else result)

    def region(self, body: list[Stmt], concrete: bool) -> dict[str, Any]:
        """Visits `body` in a new frame (without values unless `concrete`); returns the frame."""
        saved = self.abstract
        self.abstract = saved or not concrete
        self.scope.frames.append({})
        try:
            self.body(body)
        finally:
            self.abstract = saved
        return self.scope.frames.pop()

    def carried(self, name: str, dtype: Any, value: Any, where: str) -> RT:
        v = None
        if isinstance(value, RT) and (value.dtype == dtype or (where == "conditional expression" and
                                                               value.dtype == BOOL)):  # 0 or 1, as in `t + e`
            v = sem.materialize(value, dtype)
        elif sem.is_number(value):
            try:  # a constant the type holds; 1.5 for an int32 variable is a change of type
                v = sem.materialize(value, dtype)
            except sem.Predicted as e:
                if e.cls != "CompileTypeError":
                    raise
        if v is not None:
            keep = not self.abstract or v.const and self.block is not None  # a constant stays one (`expr`)
            return v if keep else RT(dtype, None, v.taint)
        if where == "`if` branches":
            raise sem.compile_type_error(
                f"variable '{name}' is {dtype.name} in one branch of a runtime `if` and {sem.kind(value)} in the "
                "other; a variable must have one type after the `if`: convert one of them (e.g. with float(...), "
                "int(...) or .cast(...))")
        raise sem.compile_type_error(f"variable '{name}' changes type inside the {where}: {dtype.name} "
                                     f"before, {sem.kind(value)} after; a variable must keep its type")

    def for_(self, s: For) -> None:
        # A numpy constant (`np.int16(3)`) is a typed compile-time bound: kept as the NpInt.
        args = [a if isinstance(a, NpInt) else self.expr(a) for a in s.args]
        if s.static:
            args = [int(a.value) if isinstance(a, NpInt) else a for a in args]
            if any(isinstance(a, RT) for a in args):
                raise sem.compile_type_error("asc.static_range needs compile-time bounds")
            try:
                values = range(*args)
            except (TypeError, ValueError) as e:
                raise sem.compile_error(str(e)) from None
            for j in values:
                self.scope.define(s.var, j)
                self.body(s.body)
                self.at(s.line)
            return
        bounds = (args + [0, 1])[:3] if len(args) > 1 else [0, args[0], 1]
        if len(args) == 2:
            bounds = [args[0], args[1], 1]
        typed: list[Any] = []
        values: list[Any] = []
        for x in bounds:
            if isinstance(x, NpInt):
                typed.append(x.dtype)
                values.append(x.value)
            elif isinstance(x, bool) or not (isinstance(x, int) or isinstance(x, RT) and x.dtype.kind in "iu"):
                raise sem.compile_type_error(f"range bounds must be integers, got {sem.kind(x)}")
            else:
                typed.append(x.dtype if isinstance(x, RT) else None)
                values.append(x)
        if isinstance(values[2], int) and values[2] == 0:
            raise sem.compile_type_error("range() arg 3 must not be zero: the loop's step is 0; use a positive "
                                         "step to count up or a negative one to count down")
        dtype = _loop_dtype(*typed)
        _check_range_constants(dtype, *values)
        # Every bound keeps its value (the loop dtype holds the start and the stop; a step it cannot
        # hold is counted in a wider type): the loop makes Python's iterations over them, `i` of `dtype`.
        start, stop, step = (x if isinstance(x, RT) else RT(dtype, x) for x in values)
        if not self.abstract and step.value == 0 and not step.taint:
            self.run.unpredictable = True  # a runtime step of 0: an argument KernelError (not generated)
            raise Stop
        if not self.abstract and _same_bounds_trips(dtype, start, stop, values[2]) == 0:
            # canonicalize drops the loop: its bounds (a division in them) are dead code, its variables
            # keep their values
            self.loop(s, s.body, s.var, dtype, lambda: None, (start, stop, step), trivial=True, dropped=True)
            return
        taint = frozenset().union(*(b.taint for b in (start, stop, step)))
        if not self.abstract and taint and _pure(s.body):
            # A loop without effects whose bounds fault or are unknown: its variables get that.
            self.abstract = True
            try:
                self.loop(s, s.body, s.var, dtype, lambda: None, (start, stop, step))
            finally:
                self.abstract = False
            for name in _assigned_names(s.body):
                found, value = self.scope.lookup(name)
                if found and isinstance(value, RT):
                    self.scope.define(name, RT(value.dtype, None, value.taint | taint | frozenset({sem.UB})))
            return
        for b in (start, stop, step):
            self.check_live(b, "condition")
        trips = None if self.abstract else _constant_trips(dtype, *values)
        self.loop(s, s.body, s.var, dtype, lambda: None, (start, stop, step), trivial=trips is not None and trips <= 1)

    def while_(self, s: While) -> None:
        self.loop(s, s.body, "", None, lambda: self.expr(s.cond), None)

    def loop(self, s: Stmt, body: list[Stmt], var: str, dtype: Any, cond: Any, bounds: Any,
             trivial: bool = False, dropped: bool = False) -> None:
        """`trivial`: a range loop canonicalize inlines (one iteration) or drops (none), whose values
        stay constants where they are (`_constant_trips`); `dropped`: one it drops whatever its bounds'
        values (`_same_bounds_trips`: they may be unknown or fault)."""
        carried: dict[str, Any] = {}
        for name in _assigned_names(body):
            found, value = self.scope.lookup(name)
            if name == var or not found or isinstance(value, Unavailable):
                continue
            c = _carry(value)
            if c is None:
                raise sem.compile_type_error(f"'{name}' is re-bound inside a runtime loop")
            carried[name] = c
        values = {n: self.scope.lookup(n)[1] for n in carried}
        # Compile: one abstract pass over the condition and the body.
        saved = self.abstract
        self.abstract = True
        self.scope.frames.append({})
        try:
            for n, d in carried.items():
                self.scope.define(n, RT(d))
            if var:
                self.scope.define(var, RT(dtype))
            else:
                c = cond()
                if not isinstance(c, RT):
                    raise sem.compile_type_error("a runtime `while` needs a runtime condition")
            self.body(body)
            self.at(s.line)
            for n, d in carried.items():
                self.carried(n, d, self.scope.lookup(n)[1], "loop")
            inner = self.scope.frames.pop()
        finally:
            self.abstract = saved
        if not self.abstract:
            values = {n: sem.materialize(values[n], d) for n, d in carried.items()} if dropped else \
                self.iterate(s, body, var, dtype, cond, bounds, carried, values, trivial)
        for name in inner:
            if name not in carried:
                self.scope.define(name, Unavailable("loop local"))
        for n, d in carried.items():
            # the loop's results (an inlined or dropped loop has none: the values themselves)
            self.scope.define(n, RT(d) if self.abstract else values[n] if trivial else values[n].variable())

    def iterate(self, s: Stmt, body: list[Stmt], var: str, dtype: Any, cond: Any, bounds: Any,
                carried: dict[str, Any], values: dict[str, Any], trivial: bool = False) -> dict[str, Any]:
        values = {n: sem.materialize(values[n], d) for n, d in carried.items()}
        i = 0
        if bounds is not None:
            start, stop, step = (int(b.value) for b in bounds)
            i = start
        while True:
            self.steps += 1
            if self.steps > STEP_BUDGET:
                raise OverflowError("the generated kernel loops too long")
            self.scope.frames.append({})
            for n, v in values.items():
                self.scope.define(n, v if trivial else v.variable())  # an iteration argument, no constant
            if bounds is not None:
                if not (i < stop if step > 0 else i > stop):  # Python's range, for either sign
                    self.scope.frames.pop()
                    break
                self.scope.define(var, sem.materialize(i, dtype) if trivial else RT(dtype, i))
            else:
                self.at(s.line)
                flag = sem.to_bool(cond())
                self.check_live(flag, "condition")
                if not flag.value:
                    self.scope.frames.pop()
                    break
            self.body(body)
            self.at(s.line)
            values = {n: self.carried(n, d, self.scope.lookup(n)[1], "loop") for n, d in carried.items()}
            self.scope.frames.pop()
            if bounds is not None:
                i += step
        return values

    # -- expressions --------------------------------------------------------------------------------
    def load(self, name: str) -> Any:
        found, value = self.scope.lookup(name)
        if found:
            if isinstance(value, Unavailable):
                raise sem.compile_error(f"'{name}' is not available here ({value.reason})")
            return value
        if name in self.k.consts:
            return self.k.consts[name]
        if name in self.helpers:
            return self.helpers[name]
        raise sem.compile_error(f"name '{name}' is not defined")

    def binop(self, op: str, a: Any, b: Any) -> Any:
        if isinstance(a, RT) or isinstance(b, RT):
            try:
                result = sem.binary(op, a, b)
            except sem.Fault:
                dtype = sem.operand_dtype(op, a, b)
                if self.abstract:  # known operands in code that does not run (a branch not taken)
                    return RT(dtype)
                self.fault_here()
                return RT(dtype, None, frozenset({sem.DIV}), key=sem.op_key(op, a, b))
            if not self.abstract and op in ("/", "//", "%", "<<", ">>") and result.dtype.is_int and \
                    result.value is None:
                self.fault_here()  # an unknown divisor or count may fault: allowed, not required
            return result
        return sem.python(op, a, b)

    def fault_here(self) -> None:
        """Records a division fault at this line (the emitter prints a division under its own line,
        also inside a device function whose value the caller uses)."""
        self.run.fault_lines.append(self.line)

    def expr(self, e: Expr) -> Any:
        if isinstance(e, Lit):
            return e.value
        if isinstance(e, Name):
            return self.load(e.id)
        if isinstance(e, Bin):
            return self.binop(e.op, self.expr(e.left), self.expr(e.right))
        if isinstance(e, Cmp):
            a, b = self.expr(e.left), self.expr(e.right)
            if isinstance(a, RT) or isinstance(b, RT):
                return sem.compare(e.op, a, b)
            return sem.py_compare(e.op, a, b)
        if isinstance(e, BoolOp):
            return self.boolop(e)
        if isinstance(e, Unary):
            return sem.unary(e.op, self.expr(e.operand))
        if isinstance(e, IfExp):
            return self.ifexp(e)
        if isinstance(e, Number):
            v = sem.materialize(e.value, e.dtype)
            # A constant also where a run visits code without values (a branch not taken): the IR
            # constant the folds see, hoisted by canonicalize and merged by CSE.
            return RT(e.dtype) if self.abstract and self.block is None else v
        if isinstance(e, Cast):
            v = self.expr(e.operand)
            if not isinstance(v, RT):
                raise sem.compile_type_error(f"'{type(v).__name__}' object has no attribute 'cast'")
            return sem.convert(v, e.dtype)
        if isinstance(e, BlockIdx):
            # asc.get_block_idx is Pure: CSE makes every call one value (`(b // s) - (b // s)` folds)
            return RT(INT32, None if self.abstract else self.block, key=("block_idx",))
        if isinstance(e, Call):
            return self.call(e)
        if isinstance(e, Source):
            raise Unmodelled(e.text)
        raise TypeError(e)

    def boolop(self, e: BoolOp) -> Any:
        values = [self.expr(v) for v in e.values]
        if not any(isinstance(v, RT) for v in values):
            result = values[0]
            for v in values[1:]:
                result = (result and v) if e.op == "and" else (result or v)
            return result
        conds = [sem.to_bool(v) for v in values]
        symbol = "&" if e.op == "and" else "|"
        result = conds[0]
        for c in conds[1:]:
            if isinstance(result, RT) or isinstance(c, RT):
                result = sem.binary(symbol, result, c)
            else:
                result = (result and c) if symbol == "&" else (result or c)
        return result

    def ifexp(self, e: IfExp) -> Any:
        cond = self.expr(e.cond)
        if not isinstance(cond, RT):
            return self.expr(e.body if cond else e.orelse)
        flag = sem.to_bool(cond)
        # A select, not control flow: a faulting or undefined condition taints the result (which
        # faults, or is unknown, only where it is used: an unused one is dead code).
        taint = frozenset() if self.abstract else flag.taint
        taken = None if self.abstract or taint else bool(flag.value)
        values = []
        saved = self.abstract
        for i, x in enumerate((e.body, e.orelse)):
            # An undefined condition may pick either side: both run with their values, a division
            # in them may fault (allowed, not required: their faults do not go into the result).
            self.abstract = saved or (taken is not None and taken != (i == 0))
            try:
                values.append(self.expr(x))
            finally:
                self.abstract = saved
        dtype = _conditional_dtype(values)
        if dtype is None:
            wrong = next(v for v in values if not isinstance(v, RT) and not sem.is_number(v))
            raise sem.compile_type_error("a runtime conditional expression must produce runtime values or numbers "
                                         f"(Python or numpy), got {sem.kind(wrong)}")
        if sem.same(values[0], values[1]):
            # `select(c, x, x)` folds to x: the condition is dead code. x as the side taken computed it
            # (the other was visited without values).
            return values[1] if taken is False else values[0]
        results = [self.carried("<conditional expression>", dtype, v, "conditional expression") for v in values]
        cmp = flag.src if isinstance(flag, RT) else None
        if cmp is not None and cmp[0] == "cmp" and cmp[1] in ("==", "!="):
            # `select(a == b, a, b)` folds to b, `select(a != b, a, b)` to a (either order of a and b in
            # the cmpi): the condition is dead code.
            _, op, a, b = cmp
            if sem.same(a, results[0]) and sem.same(b, results[1]) or \
                    sem.same(b, results[0]) and sem.same(a, results[1]):
                i = 1 if op == "==" else 0
                picked = results[i]
                if taken is not None and taken == (i == 1) and picked.value is None and not picked.taint:
                    # The side not taken, visited without values: the condition says it equals the other.
                    picked = replace(picked, value=results[1 - i].value)
                return picked
        result = results[0] if taken in (None, True) else results[1]
        if not flag.const:  # a select (a constant condition folds it)
            result = result.variable()
        if taint:
            sides = frozenset().union(*(r.taint for r in results)) - {sem.DIV}
            return RT(result.dtype, None, sides | taint | frozenset({sem.UB}))
        return result

    def call(self, e: Call) -> Any:
        fn = self.load(e.fn)
        if not isinstance(fn, Helper):
            raise sem.compile_type_error(f"cannot call '{e.fn}' inside a kernel")
        args = [self.expr(a) for a in e.args]
        kwargs = {k: self.expr(v) for k, v in e.kwargs}
        bound = dict(zip(fn.params, args))
        if len(args) > len(fn.params):
            raise sem.compile_type_error(f"{fn.name}(): too many positional arguments")
        for k, v in kwargs.items():
            if k not in fn.params:
                raise sem.compile_type_error(f"{fn.name}(): got an unexpected keyword argument '{k}'")
            if k in bound:
                raise sem.compile_type_error(f"{fn.name}(): multiple values for argument '{k}'")
            bound[k] = v
        for k, v in fn.defaults:
            bound.setdefault(k, v)
        missing = [p for p in fn.params if p not in bound]
        if missing:
            raise sem.compile_type_error(f"{fn.name}(): missing a required argument: '{missing[0]}'")
        saved_scope, saved_line = self.scope, self.line
        self.scope = Scope()
        for p in fn.params:
            self.scope.define(p, bound[p])
        try:
            self.body(fn.body)
            self.at(fn.line)
            try:
                if isinstance(fn.result, tuple):
                    return tuple(self.expr(r) for r in fn.result)
                return self.expr(fn.result)
            except Predicted as err:
                raise self.error(err) from None
        finally:
            self.scope, self.line = saved_scope, saved_line


def _range_len(a: int, b: int, s: int) -> int:
    """`len(range(a, b, s))`, which raises OverflowError beyond a C ssize_t (`range(-2**63, 2**63 - 1)`)."""
    return max(0, (b - a + s - 1) // s if s > 0 else (a - b - s - 1) // -s)


def _constant_trips(dtype: Any, start: Any, stop: Any, step: Any) -> int | None:
    """The iterations of a runtime range when its scf.for has constant bounds, which canonicalize sees
    (scf's SimplifyTrivialLoops inlines a loop of one iteration, `i` the constant start, and drops one
    of none), else None. `control_flow._runtime_for`: a constant count when every argument is a
    constant (a Python int or numpy constant; but a 64-bit loop's step of 2**63 or more and a uint64
    loop's `range(u, -1, -s)` are counted at run time), or the loop `for (i = a; i < b; i += s)` with IR
    constants a and b (`asc.number`), a positive constant s and an increment that cannot overflow
    (`_increment_fits` of the type it loops in). asc.range_count has no folder: any other loop counts
    at run time."""
    if any(isinstance(x, RT) and not (x.const and x.value is not None) for x in (start, stop)):
        return None
    step = _clamped_step(dtype, step)
    if step is None:
        return None
    bits, lo, hi = dtype.bits, dtype.lo, dtype.hi
    a, b = (int(x.value) if isinstance(x, RT) else x for x in (start, stop))
    if isinstance(stop, int) and (stop > hi and step < 0 or stop < lo and step > 0):
        stop = b = lo  # beyond every start: the dtype's nearest end (no iterations either way)
    if isinstance(start, int) and isinstance(stop, int):
        if dtype.kind == "u" and bits == 64 and stop == -1 and step < 0:
            return None
        return _range_len(a, b, step)
    if not _plain_for(dtype, stop, step):
        return None
    return _range_len(a, b, step)


def _clamped_step(dtype: Any, step: Any) -> int | None:
    """A constant step as the loop takes it (`control_flow._wide_step`: an 8- to 32-bit loop's clamped to
    ±2**bits), or None: a runtime step, or a 64-bit loop's of 2**63 or more (a runtime uint64 one)."""
    if not isinstance(step, int):
        return None
    if dtype.bits <= 32:
        return max(-(1 << dtype.bits), min(step, 1 << dtype.bits))
    return None if step >= 1 << 63 else step


def _plain_for(dtype: Any, stop: Any, step: int) -> bool:
    """Whether `control_flow._runtime_for` makes the loop the scf.for `for (i = a; i < b; i += s)` over
    its bounds (a positive constant step whose last increment cannot overflow, `_increment_fits` of the
    type it loops in), rather than counting its iterations first (asc.range_count has no folder)."""
    bits, lo, hi = dtype.bits, dtype.lo, dtype.hi
    if step < 0 or bits == 64 and isinstance(stop, int) and not lo <= stop <= hi:
        return False  # a negative step counts; so does a 64-bit stop one past the dtype
    if step != 1:
        wide = bits <= 32 and (dtype.kind == "u" or isinstance(stop, int) and not lo <= stop <= hi or step > hi)
        loop_bits = (64 if bits == 32 else 32) if wide else bits
        limit = (1 << (loop_bits - 1)) - step  # MAX - step + 1 of the type it loops in
        if isinstance(stop, int):
            if stop - (1 << 63 if dtype.kind == "u" and bits == 64 else 0) > limit:
                return False
        elif wide or dtype.kind == "u" and bits == 64 or \
                not (stop.dtype.bits < loop_bits and (1 << stop.dtype.bits) - 1 <= limit):
            return False
    return True


def _same_bounds_trips(dtype: Any, start: Any, stop: Any, step: Any) -> int | None:
    """0 for a plain loop (`_plain_for`) whose runtime start and stop are one SSA value once converted to
    the loop's dtype (`range(h, h)`; CSE merges the conversions): scf's SimplifyTrivialLoops drops a loop
    whose bounds are one value, its results the initial values. Else None. (A stop computed from a
    runtime start, `range(h, h + 1)`, is never inlined: `control_flow._unfolded_stop`.)"""
    if not isinstance(start, RT) or not isinstance(stop, RT):
        return None
    step = _clamped_step(dtype, step)
    if step is None or not _plain_for(dtype, stop, step):
        return None
    return 0 if sem.same(sem.convert(start, dtype), sem.convert(stop, dtype)) else None


def _loop_dtype(start: Any, stop: Any, step: Any) -> Any:
    """A runtime range's variable dtype (`control_flow._loop_dtype`): the promotion of the typed start
    and stop (runtime values and numpy constants), else the step's dtype, else int32."""
    if start is None or stop is None:
        return start or stop or step or INT32
    if start == stop:
        return start
    if (start.kind == "u") == (stop.kind == "u"):
        return start if start.bits >= stop.bits else stop
    unsigned, signed = (start, stop) if start.kind == "u" else (stop, start)
    if signed.bits > unsigned.bits:
        return signed
    if unsigned.bits == 64:
        raise sem.compile_type_error(f"no integer dtype holds both the {start.name} start and the {stop.name} "
                                     "stop of this range")
    return BY_NAME[f"int{unsigned.bits * 2}"]


def _check_range_constants(dtype: Any, start: Any, stop: Any, step: Any) -> None:
    """The compile errors of a runtime range's constant bounds (`control_flow._fitting_bounds`,
    `_wide_step`): a negative bound an unsigned loop cannot count to, a start or stop its dtype cannot
    hold (but a stop one past it in a constant step's direction or, either end, with a runtime step;
    one beyond it opposite a constant step's direction; an unsigned loop's -1), a 64-bit loop's
    constant step below -2**63."""
    if dtype.kind == "u":
        negative = next((x for x in (start, stop) if isinstance(x, int) and x < 0), None)
        if negative is not None:
            positive = isinstance(step, int) and step > 0 or isinstance(step, RT) and step.dtype.kind == "u"
            if isinstance(start, int) and start < 0 or stop != -1 and not positive:
                raise sem.compile_type_error(f"a {dtype.name} loop variable cannot hold the negative bound "
                                             f"{negative} of this range")
            if positive or dtype.bits == 64:
                stop = 0
    if isinstance(step, int) and isinstance(stop, int) and \
            (stop > dtype.hi and step < 0 or stop < dtype.lo and step > 0):
        stop = dtype.lo  # beyond every start, the other way: no iterations (the compiler takes the nearest end)
    # One past the dtype in a constant step's direction; either end with a runtime step.
    past = {dtype.hi + 1} if isinstance(step, int) and step > 0 else {dtype.lo - 1} if isinstance(step, int) else \
        {dtype.lo - 1, dtype.hi + 1}
    for which, x in (("start", start), ("stop", stop)):
        if isinstance(x, int) and not dtype.lo <= x <= dtype.hi and \
                not (which == "stop" and (x in past or x == -1 and dtype.kind == "u")):
            raise sem.compile_type_error(f"the range's {which} {x} does not fit its loop variable's dtype "
                                         f"{dtype.name}")
    if dtype.bits == 64 and isinstance(step, int) and step < -(1 << 63):
        raise sem.compile_type_error(f"the range's step {step} is below -2**63")


def predict(kernel: Kernel) -> Predicted | None:
    """The compile error the kernel must raise, if any."""
    try:
        Interp(kernel, None).execute()
    except Predicted as e:
        return e
    return None


def outcome_of(kernel: Kernel, inputs: dict[str, Any]) -> tuple[Predicted | None, list[Run]]:
    """The compile error the kernel must raise, or the run of every block."""
    try:
        Interp(kernel, None).execute()
    except Predicted as e:
        return e, []
    return None, [Interp(kernel, b, inputs).execute() for b in range(kernel.blocks)]
