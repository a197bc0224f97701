"""What a fuzz case must satisfy, as a list of problems (empty: the case passed).

* Robustness (every case): the launch ends normally or with a pyasc error (`asc.errors.AscError`)
  located in the generated file — at a line of a jit function, or at the launch line for launch
  errors — whose text leaks no internals; never a crash, a hang, a raw Python exception or a
  warning from the simulator.
* Differential (valid kernels): the error, if `interp` predicts one, has the predicted class and
  line; otherwise the outputs equal the interpreter's, bit for bit (NaN: any NaN).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import interp
from .model import Bin, Expr, For, If, Kernel, Stmt, While
from .semantics import Predicted

#: Text that must never reach a user: internal errors, IR, C++ diagnostics.
LEAKS = ("please report", "internal error", "Traceback (most recent", "loc(", "func.func", "'arith.",
         "'scf.", "'asc.", "'func.", ".cpp:", "Assertion", "nanobind", "std::", "<built-in")


def robustness(reply: dict[str, Any], path: str, lines: set[int], launch_line: int) -> list[str]:
    status = reply["status"]
    if status in ("crash", "hang"):
        return [f"{status}: {reply}"]
    if status == "setup":
        return [f"the module did not import: {reply['text']}\n{reply['traceback']}"]
    problems = [f"warning: {w}" for w in reply.get("warnings", ())]
    if status in ("ok", "compiled"):
        return problems
    if not reply["is_asc"]:
        return problems + [f"not a pyasc error: {reply['type']}: {reply['text']}\n{reply['traceback']}"]
    where = (reply["file"], reply["line"])
    if reply["file"] != path or (reply["line"] not in lines and reply["line"] != launch_line):
        problems.append(f"error located at {where}, not at a line of the kernel: {reply['text']}")
    for leak in LEAKS:
        if leak in reply["message"]:
            problems.append(f"the message leaks {leak!r}: {reply['text']}")
    return problems


def _exprs(e: Any) -> list[Expr]:
    out = [e]
    for child in getattr(e, "__dict__", {}).values():
        if isinstance(child, tuple):
            for c in child:
                if isinstance(c, tuple):
                    out += [x for part in c for x in _exprs(part) if hasattr(x, "render")]
                elif hasattr(c, "render"):
                    out += _exprs(c)
        elif hasattr(child, "render"):
            out += _exprs(child)
    return out


def division_lines(kernel: Kernel) -> set[int]:
    """Lines with an integer-division candidate (folded constant divisions are compile errors there)."""
    lines: set[int] = set()

    def visit(stmts: list[Stmt]) -> None:
        for s in stmts:
            exprs = [v for v in s.__dict__.values() if hasattr(v, "render")]
            if any(isinstance(x, Bin) and x.op in ("/", "//", "%") for e in exprs for x in _exprs(e)):
                lines.add(s.line)
            if getattr(s, "aug", "") in ("/", "//", "%"):
                lines.add(s.line)
            if isinstance(s, If):
                visit(s.body)
                visit(s.orelse)
            elif isinstance(s, (For, While)):
                visit(s.body)
    visit(kernel.body)
    for h in kernel.helpers:
        visit(h.body)
        results = h.result if isinstance(h.result, tuple) else (h.result,)
        if any(isinstance(x, Bin) and x.op in ("/", "//", "%") for r in results for x in _exprs(r)):
            lines.add(h.line)
    return lines


def _same(actual: Any, expected: Any) -> bool:
    a, e = np.asarray(actual), np.asarray(expected, dtype=np.asarray(actual).dtype)
    if a.dtype.kind == "f":
        if np.isnan(a) and np.isnan(e):
            return True
        return a.tobytes() == e.tobytes()
    return bool(a == e)


def differential(kernel: Kernel, inputs: dict[str, Any], reply: dict[str, Any]) -> list[str]:
    status = reply["status"]
    if status == "compiled" or (status == "error" and reply["category"] is None):
        predicted = interp.predict(kernel)  # compile-time only: no need to run the blocks
        if predicted is not None:
            return _expect_compile_error(predicted, reply)
        if status == "compiled":
            return []
    predicted, runs = interp.outcome_of(kernel, inputs)
    if predicted is not None:
        return _expect_compile_error(predicted, reply)
    faults = sorted({line for r in runs for line in r.fault_lines})
    if status == "error":
        if reply["category"] == "arithmetic" and (reply["line"] in faults or any(r.unpredictable for r in runs)):
            return []  # a predicted division fault, or one after values the interpreter cannot know
        if reply["type"].endswith("CompileError") and "with constant operands" in reply["message"] \
                and reply["line"] in division_lines(kernel):
            return []
        return [f"unexpected error (predicted: success, division faults at {faults}): {reply['type']}: "
                f"{reply['text']}"]
    if status != "ok":
        return []  # robustness reported it
    if any(r.must_fault for r in runs):
        return [f"the kernel must stop at a division by zero (lines {faults}) but ended normally"]
    if any(r.unpredictable for r in runs):
        return []
    return _compare(kernel, runs, reply["args"])


def _expect_compile_error(predicted: Predicted, reply: dict[str, Any]) -> list[str]:
    if reply["status"] != "error":
        return [f"predicted {predicted}, but the kernel {reply['status']}"]
    cls = reply["type"].rsplit(".", 1)[-1]
    if cls != predicted.cls or reply["line"] != predicted.line:
        return [f"predicted {predicted}, got {cls} at {reply['line']}: {reply['text']}"]
    return []


def _compare(kernel: Kernel, runs: list[interp.Run], args: list[Any]) -> list[str]:
    problems = []
    arrays = dict(zip(launch_names(kernel), args))
    for d in kernel.outputs():
        got = arrays[f"p_{d}"].reshape(kernel.blocks, kernel.slots[d])
        for b, run in enumerate(runs):
            expected = run.outputs.get(d, {})
            for slot in range(kernel.slots[d]):
                want = expected.get(slot, 0)
                if want is None:
                    continue
                if not _same(got[b, slot], want):
                    problems.append(f"block {b} o_{d}[{slot}] = {got[b, slot]!r}, expected {want!r}")
    for d, n in kernel.vector_outputs.items():
        got = arrays[f"y_{d}"].reshape(kernel.blocks, n)
        for b, run in enumerate(runs):
            y = run.vector[d]
            bad = [i for i in range(n) if y["known"][i] and not _same(got[b, i], y["data"][i])]
            if bad:
                i = bad[0]
                problems.append(f"block {b} y_{d}[{i}] = {got[b, i]!r}, expected {y['data'][i]!r} "
                                f"({len(bad)} elements differ)")
    return problems


def launch_names(kernel: Kernel) -> list[str]:
    names = [f"p_{d}" for d in kernel.outputs()]
    names += [f"x_{d}" for d in sorted(kernel.vector_inputs)]
    names += [f"y_{d}" for d in sorted(kernel.vector_outputs)]
    return names + [a.name for a in kernel.args]


def launch_args(kernel: Kernel, inputs: dict[str, Any]) -> list[Any]:
    from .model import BY_NAME

    args: list[Any] = []
    for d in kernel.outputs():
        args.append(np.zeros(kernel.blocks * kernel.slots[d], dtype=BY_NAME[d].np))
    for d in sorted(kernel.vector_inputs):
        args.append(np.asarray(inputs[d]))
    for d in sorted(kernel.vector_outputs):
        args.append(np.zeros(kernel.blocks * kernel.vector_outputs[d], dtype=BY_NAME[d].np))
    return args + [a.host() for a in kernel.args]


def kernel_lines(kernel: Kernel) -> set[int]:
    lines = set(range(kernel.def_line, kernel.end_line + 1))
    for h in kernel.helpers:
        lines |= set(range(h.def_line, h.line + 1))
    return lines
