"""Tensor fragments: GM → UB copies, one to three vector instructions, UB → GM, with the flags between
the pipes, and optionally a scalar read of the result (which the scalar program then uses).

Every fragment has UB buffers of its own and ends with `pipe_barrier(PIPE_ALL)`, so fragments are
race-free in any order and inside loops and branches. The reference results follow sim/VECTOR.md:
integers wrap, floats are rounded once per instruction, max/min order -0 below +0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import semantics as sem
from .model import BY_NAME, DType, Expr, Vector
from .semantics import RT

#: Instruction → (operands: "tt" two tensors, "ts" tensor and scalar, "t" one tensor, "s" a scalar).
OPS: dict[str, str] = {
    "add": "tt", "sub": "tt", "mul": "tt", "max": "tt", "min": "tt", "div": "tt", "add_relu": "tt",
    "sub_relu": "tt", "bitwise_and": "tt", "bitwise_or": "tt",
    "adds": "ts", "muls": "ts", "maxs": "ts", "mins": "ts", "leaky_relu": "ts",
    "abs": "t", "relu": "t", "bitwise_not": "t", "duplicate": "s",
}


def supported(op: str) -> tuple[str, ...]:
    """The element types the op table (generated from ODS) gives the instruction."""
    from asc._C import _ods

    return tuple(_ods.APIS[op]["dtypes"])


class Tensor:
    """A LocalTensor's name bound in the interpreter's scope (not a number, not carried)."""

    def __repr__(self) -> str:
        return "LocalTensor"


@dataclass(frozen=True)
class Step:
    op: str
    scalar: Expr | None = None  # for "ts" and "s" instructions


@dataclass
class Fragment:
    tag: str  # unique per kernel: names t<tag>_0.. and the readback variable
    dtype: DType
    n: int
    x_offsets: tuple[int, int]  # elements of x_<dtype> copied into the two source buffers
    y_offset: int  # elements of y_<dtype> (per block) the result goes to
    ub: tuple[int, int, int]  # byte addresses of src0, src1, dst
    steps: tuple[Step, ...]
    event: int  # flag id used by every set/wait pair
    readback: str = ""  # a variable assigned `dst.get_value(readback_index)`
    readback_index: int = 0

    def names(self) -> tuple[str, str, str]:
        return (f"t{self.tag}_a", f"t{self.tag}_b", f"t{self.tag}_c")

    def assigned(self) -> list[str]:
        return list(self.names()) + ([self.readback] if self.readback else [])

    def source(self) -> list[str]:
        a, b, c = self.names()
        d, n, ev = self.dtype, self.n, self.event
        lines = [f"{a} = asc.LocalTensor({d.asc}, asc.TPosition.VECIN, {self.ub[0]}, {n})",
                 f"{b} = asc.LocalTensor({d.asc}, asc.TPosition.VECIN, {self.ub[1]}, {n})",
                 f"{c} = asc.LocalTensor({d.asc}, asc.TPosition.VECOUT, {self.ub[2]}, {n})",
                 f"asc.data_copy({a}, gx_{d.name}[{self.x_offsets[0]}:], {n})",
                 f"asc.data_copy({b}, gx_{d.name}[{self.x_offsets[1]}:], {n})",
                 f"asc.set_flag(asc.HardEvent.MTE2_V, {ev})",
                 f"asc.wait_flag(asc.HardEvent.MTE2_V, {ev})"]
        for i, step in enumerate(self.steps):
            if i:
                lines.append("asc.pipe_barrier(asc.PipeID.PIPE_V)")
            src0 = a if i == 0 else c
            kind = OPS[step.op]
            if kind == "tt":
                lines.append(f"asc.{step.op}({c}, {src0}, {b}, {n})")
            elif kind == "ts":
                lines.append(f"asc.{step.op}({c}, {src0}, {step.scalar.render()}, {n})")  # type: ignore[union-attr]
            elif kind == "t":
                lines.append(f"asc.{step.op}({c}, {src0}, {n})")
            else:
                lines.append(f"asc.{step.op}({c}, {step.scalar.render()}, {n})")  # type: ignore[union-attr]
        lines += [f"asc.set_flag(asc.HardEvent.V_MTE3, {ev})",
                  f"asc.wait_flag(asc.HardEvent.V_MTE3, {ev})",
                  f"asc.data_copy(gy_{d.name}[{self.y_offset}:], {c}, {n})"]
        if self.readback:
            lines += [f"asc.set_flag(asc.HardEvent.V_S, {ev})",
                      f"asc.wait_flag(asc.HardEvent.V_S, {ev})",
                      f"{self.readback} = {c}.get_value({self.readback_index})"]
        lines.append("asc.pipe_barrier(asc.PipeID.PIPE_ALL)")
        return lines

    def step_line(self, stmt: Vector, i: int) -> int:
        """The file line of instruction `i` (after 7 set-up lines, with barriers between steps)."""
        return stmt.lines[7 + 2 * i]

    # -- semantics ------------------------------------------------------------------------------------
    def execute(self, interp: Any, stmt: Vector) -> None:
        a, b, c = self.names()
        scalars = []
        for i, step in enumerate(self.steps):
            if step.scalar is not None:
                interp.at(self.step_line(stmt, i))
                value = interp.expr(step.scalar)
                if not isinstance(value, RT) and not sem.is_number(value):
                    raise sem.compile_type_error(f"{step.op}: the scalar must be a number")
                scalars.append(sem.materialize(value, self.dtype))
            else:
                scalars.append(None)
        interp.at(stmt.line)
        for name in (a, b, c):
            interp.scope.define(name, Tensor())
        if interp.abstract:
            if self.readback:
                interp.scope.define(self.readback, RT(self.dtype))
            return
        x = interp.inputs[self.dtype.name]
        src0 = x[self.x_offsets[0]:self.x_offsets[0] + self.n]
        src1 = x[self.x_offsets[1]:self.x_offsets[1] + self.n]
        known = True
        dst: np.ndarray = src0
        for i, step in enumerate(self.steps):
            s = scalars[i]
            if s is not None:
                interp.check_live(s, "store")
                if s.value is None:
                    known = False
            dst = evaluate(step.op, self.dtype, dst if i else src0, src1,
                           None if s is None or s.value is None else s.value)
        y = interp.run.vector[self.dtype.name]
        y["data"][self.y_offset:self.y_offset + self.n] = dst
        y["known"][self.y_offset:self.y_offset + self.n] = known
        if self.readback:
            value = dst[self.readback_index] if known else None
            interp.scope.define(self.readback, RT(self.dtype, value,
                                                  frozenset() if known else frozenset({sem.UB})))


def _max(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype.kind != "f":
        return np.maximum(a, b)
    out = np.where(a > b, a, np.where(b > a, b, np.where(np.signbit(a), b, a)))
    return np.where(np.isnan(a), a, np.where(np.isnan(b), b, out))  # NaN propagates


def _min(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype.kind != "f":
        return np.minimum(a, b)
    out = np.where(a < b, a, np.where(b < a, b, np.where(np.signbit(a), a, b)))
    return np.where(np.isnan(a), a, np.where(np.isnan(b), b, out))  # NaN propagates


def _relu(a: np.ndarray) -> np.ndarray:
    """`x > 0 ? x : +0`; NaN stays NaN (sim/VECTOR.md)."""
    zero = np.zeros_like(a)
    out = np.where(a > 0, a, zero)
    return np.where(np.isnan(a), a, out) if a.dtype.kind == "f" else out


def evaluate(op: str, dtype: DType, a: np.ndarray, b: np.ndarray, s: Any) -> np.ndarray:
    """One instruction on numpy arrays of `dtype` (integers wrap: numpy's array arithmetic does)."""
    t = a.dtype.type
    with np.errstate(all="ignore"):
        if op == "add":
            return a + b
        if op == "sub":
            return a - b
        if op == "mul":
            return a * b
        if op == "div":
            return a / b
        if op == "max":
            return _max(a, b)
        if op == "min":
            return _min(a, b)
        if op == "add_relu":
            return _relu(a + b)
        if op == "sub_relu":
            return _relu(a - b)
        if op == "bitwise_and":
            return a & b
        if op == "bitwise_or":
            return a | b
        if op == "bitwise_not":
            return ~a
        if op == "abs":
            return np.abs(a)
        if op == "relu":
            return _relu(a)
        scalar = np.full_like(a, t(0) if s is None else t(s))
        if op == "adds":
            return a + scalar
        if op == "muls":
            return a * scalar
        if op == "maxs":
            return _max(a, scalar)
        if op == "mins":
            return _min(a, scalar)
        if op == "leaky_relu":
            return np.where(a >= 0, a, a * scalar)
        if op == "duplicate":
            return scalar
    raise ValueError(op)


def init_outputs(interp: Any) -> None:
    """Zero y_<dtype> of this block (the test passes zeros) and mark it known."""
    for name, n in interp.k.vector_outputs.items():
        interp.run.vector[name] = {"data": np.zeros(n, dtype=BY_NAME[name].np), "known": np.ones(n, dtype=bool)}
