"""The fuzzer's worker process: imports generated kernel modules and launches them, one job at a time.

It runs apart from the test process so that a crash (a signal in native code) or a hang costs one
job, not the run. Protocol on stdin/stdout: a 4-byte length and a pickled dict per message. A job
names the module file, the kernel's launch function and its arguments; the reply says what happened:
`ok` with the output arrays and any warnings, or `error` with the exception's class, its MRO, its
location, message, category and traceback. The file is self-contained (run by path).
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import struct
import sys
import traceback
import warnings
from typing import Any, BinaryIO


def read_message(stream: BinaryIO) -> Any:
    head = stream.read(4)
    if len(head) < 4:
        return None
    (size,) = struct.unpack("<I", head)
    return pickle.loads(stream.read(size))


def write_message(stream: BinaryIO, message: Any) -> None:
    data = pickle.dumps(message)
    stream.write(struct.pack("<I", len(data)) + data)
    stream.flush()


def describe(e: BaseException) -> dict[str, Any]:
    loc = getattr(e, "location", None)
    return {
        "status": "error",
        "type": f"{type(e).__module__}.{type(e).__qualname__}",
        "mro": [c.__name__ for c in type(e).__mro__],
        "is_asc": any(c.__name__ == "AscError" and c.__module__ == "asc.errors" for c in type(e).__mro__),
        "message": getattr(e, "message", str(e)),
        "text": str(e)[:6000],
        "file": getattr(loc, "file", None),
        "line": getattr(loc, "line", None),
        "category": getattr(e, "category", None),
        "traceback": "".join(traceback.format_exception(type(e), e, e.__traceback__))[-6000:],
    }


class CompiledOnly(Exception):
    """Raised instead of running the host compiler in a "compile" job: the frontend, the passes and the
    emitter ran, and the C++ exists."""


def _no_build(source: str, name: str, debug: bool) -> Any:
    raise CompiledOnly(source)


def make(arg: Any) -> Any:
    """Launch arguments that do not survive pickling are sent as ("__make__", kind, ...)."""
    import numpy as np

    if not (isinstance(arg, tuple) and arg and arg[0] == "__make__"):
        return arg
    kind = arg[1]
    if kind == "noncontiguous":
        return np.zeros(arg[3] * 2, dtype=arg[2])[::2]
    if kind == "readonly":
        a = np.zeros(arg[3], dtype=arg[2])
        a.flags.writeable = False
        return a
    if kind == "object":
        return object()
    if kind == "lambda":
        return lambda: 0
    raise ValueError(kind)


def run(job: dict[str, Any]) -> dict[str, Any]:
    jit = importlib.import_module("asc.runtime.jit")  # the module (asc.runtime.jit is also a function)

    spec = importlib.util.spec_from_file_location(job["module"], job["path"])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[job["module"]] = module
    build = jit._build
    if job.get("mode") == "compile":
        jit._build = _no_build  # type: ignore[assignment]
    try:
        spec.loader.exec_module(module)
        args = [make(a) for a in job["args"]]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                module.launch(job["blocks"], *args, **job.get("kwargs", {}))
            except CompiledOnly:
                return {"status": "compiled", "warnings": []}
            except Exception as e:  # every failure is reported, classified by the parent
                return describe(e)
        return {"status": "ok", "args": None if job.get("mode") == "bad" else args,
                "warnings": [f"{w.category.__name__}: {w.filename}:{w.lineno}: {w.message}" for w in caught]}
    finally:
        jit._build = build  # type: ignore[assignment]
        sys.modules.pop(job["module"], None)


def main() -> None:
    import asc  # noqa: F401  (loaded once, before the first job)

    # Replies go to a private copy of fd 1; fd 1 itself (and sys.stdout) become stderr, so that a
    # kernel's output, native or Python, cannot corrupt the protocol.
    stdin = sys.stdin.buffer
    stdout = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    write_message(stdout, {"status": "ready"})
    while True:
        job = read_message(stdin)
        if job is None:
            return
        try:
            reply = run(job)
        except BaseException as e:  # the import of the module itself failed
            reply = describe(e)
            reply["status"] = "setup"
        write_message(stdout, reply)


if __name__ == "__main__":
    main()
