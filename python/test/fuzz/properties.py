"""The fuzzer's properties, one function per kind of case: each draws a case with `data` (hypothesis'
`st.data()`), runs it in `worker` and returns the problems found (empty: the case passed).

`test_fuzz.py` runs a few hundred cases of each in `make test`; `scripts/fuzz.py` runs many more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from . import bad, gen, interp
from .case import run_kernel
from .oracle import division_lines, launch_args
from .runner import Worker

Property = Callable[[Worker, Path, Any], list[str]]


def _report(problems: list[str], source: str, kernel: Any = None) -> list[str]:
    if not problems:
        return []
    launch = ""
    if kernel is not None:
        launch = f"--- launched on {kernel.blocks} blocks with " + ", ".join(
            f"{a.name}={a.dtype.name}({a.value!r})" for a in kernel.args) + "\n"
    return [*problems, f"{launch}--- the generated module:\n{source}"]


def kernels_run(worker: Worker, directory: Path, data: Any) -> list[str]:
    """A random valid kernel computes what the reference interpreter computes (or fails as predicted)."""
    kernel = data.draw(gen.kernels())
    result = run_kernel(worker, kernel, gen.inputs(data.draw, kernel), directory, mode="run")
    return _report(result.problems, result.source, kernel)


def kernels_compile(worker: Worker, directory: Path, data: Any) -> list[str]:
    """A larger random kernel compiles to C++, or fails with the predicted error at the predicted line
    (no host compiler, no run: cheap, so many more of them)."""
    kernel = data.draw(gen.kernels(gen.Config(max_statements=12, max_depth=3)))
    result = run_kernel(worker, kernel, gen.inputs(data.draw, kernel), directory, mode="compile")
    return _report(result.problems, result.source, kernel)


def bad_statements(worker: Worker, directory: Path, data: Any) -> list[str]:
    """A kernel with one wrong statement fails with a pyasc error at that statement."""
    kernel = data.draw(gen.kernels(gen.Config(max_statements=4, vector=False)))
    kernel, raw = bad.inject(data.draw, kernel)
    result = run_kernel(worker, kernel, {}, directory, mode="bad")
    if result.problems:
        return _report(result.problems, result.source, kernel)
    reply = result.reply
    if reply["status"] == "error":
        predicted = interp.predict(kernel)  # the kernel around the statement (lines rendered)
        if predicted is not None and reply["line"] == predicted.line:
            return []  # the kernel's own compile error came first
        if reply["category"] == "arithmetic":
            return []  # a division by zero of the kernel itself, at one of its lines (checked)
        if "with constant operands" in reply["message"] and reply["line"] in division_lines(kernel):
            return []  # the kernel's own division that folding made constant (as in kernels_run)
    return _report(bad.snippet_problems(reply, raw), result.source, kernel)


def bad_launches(worker: Worker, directory: Path, data: Any) -> list[str]:
    """A launch with a wrong argument, block count or keyword is a pyasc error at the launch line (or a
    kernel error at a kernel line, e.g. an array too short), never anything else."""
    kernel = data.draw(gen.kernels(gen.Config(max_statements=3, max_depth=2, helpers=False)))
    inputs = gen.inputs(data.draw, kernel)
    blocks, args, kwargs = bad.bad_launch(data.draw, kernel, launch_args(kernel, inputs))
    result = run_kernel(worker, kernel, inputs, directory, mode="bad", blocks=blocks, args=args, kwargs=kwargs)
    return _report(result.problems, result.source, kernel)


PROPERTIES: dict[str, Property] = {
    "run": kernels_run, "compile": kernels_compile, "bad_statements": bad_statements, "bad_launches": bad_launches,
}
