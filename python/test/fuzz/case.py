"""One fuzz case end to end: render the kernel to a module file, run it in the worker, check it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import oracle
from .model import Kernel
from .render import render
from .runner import Worker

#: Seconds a kernel may take to compile and run before it counts as a hang.
TIMEOUT = 120.0


@dataclass
class Result:
    path: Path
    source: str
    reply: dict[str, Any]
    problems: list[str] = field(default_factory=list)

    def report(self) -> str:
        return "\n".join(self.problems) + f"\n--- {self.path}\n{self.source}"


def write_module(kernel: Kernel, directory: Path) -> tuple[Path, str, str]:
    """Renders `kernel` into `directory`; the file and module are named after the source's hash (so a
    kernel drawn again hits the cache, and two kernels never share a file)."""
    source = render(kernel)
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    module = f"fz_{digest}"
    path = directory / f"{module}.py"
    if not path.exists():
        path.write_text(source)
    return path, module, source


def run_kernel(worker: Worker, kernel: Kernel, inputs: dict[str, Any], directory: Path, mode: str = "run",
               blocks: Any = None, args: list[Any] | None = None, kwargs: dict[str, Any] | None = None) -> Result:
    """Runs one case. `mode`: "run" (compile, run, compare with the interpreter), "compile" (everything
    but the host compiler: the predicted compile error, or C++), "bad" (robustness only)."""
    path, module, source = write_module(kernel, directory)
    launch = oracle.launch_args(kernel, inputs) if args is None else args
    job = {"path": str(path), "module": module, "blocks": kernel.blocks if blocks is None else blocks,
           "args": launch, "kwargs": kwargs or {}, "mode": mode}
    reply = worker.run(job, TIMEOUT)
    result = Result(path, source, reply)
    result.problems = oracle.robustness(reply, str(path.resolve()), oracle.kernel_lines(kernel), kernel.launch_line)
    if mode != "bad" and not result.problems:
        result.problems = oracle.differential(kernel, inputs, reply)
    return result
