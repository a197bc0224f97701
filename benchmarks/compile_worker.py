"""Fresh-process probe of `import asc`, the first (cold or warm) launch of the seed kernel, and its stages.

Run by bench_compile.py with PYASC_CACHE_DIR set (empty for cold, populated for warm).
Prints one JSON line with seconds: `import` (import asc), `call_to_launch` (first call until the
simulator starts the kernel), `call_to_result` (first call until it returns) and, with
--instrument, `stages`: time per compile stage, measured by wrapping pyasc's functions from
the outside (pyasc itself is not modified). Instrumenting pre-imports the modules pyasc
imports lazily on the first call; that time is reported as the stage `lazy imports`.
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()
import asc  # noqa: E402,F401  (timed: the import is the measurement)

_IMPORT = time.perf_counter() - _T0

import argparse  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kernels import seed_module, vadd_auto  # noqa: E402

STAGES: dict[str, float] = defaultdict(float)
MARKS: dict[str, float] = {}
MISSING: list[str] = []


def _timed(stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            STAGES[stage] += time.perf_counter() - start
    return wrapper


class _Proxy:
    """Stands in for a native submodule, timing one of its functions."""

    def __init__(self, inner: Any, name: str, stage: str) -> None:
        self._inner = inner
        setattr(self, name, _timed(stage, getattr(inner, name)))

    def __getattr__(self, item: str) -> Any:
        return getattr(self._inner, item)


class _Handle:
    """Wraps a loaded kernel: marks when the simulator launch starts, times the run."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def launch(self, *args: Any) -> Any:
        MARKS.setdefault("launch", time.perf_counter())
        start = time.perf_counter()
        try:
            return self._inner.launch(*args)
        finally:
            STAGES["simulate (launch)"] += time.perf_counter() - start


def _mark_launch() -> None:
    jit = importlib.import_module("asc.runtime.jit")
    original = jit.JITFunction._load_or_compile

    def load_or_compile(self: Any, *args: Any, **kwargs: Any) -> Any:
        kernel = original(self, *args, **kwargs)
        kernel.handle = _Handle(kernel.handle)
        return kernel

    jit.JITFunction._load_or_compile = load_or_compile  # type: ignore[method-assign]


def _wrap(owner: Any, names: tuple[str, ...], stage: str) -> None:
    """Times the first of `names` that `owner` has; notes a hook that pyasc no longer has."""
    for name in names:
        if hasattr(owner, name):
            setattr(owner, name, _timed(stage, getattr(owner, name)))
            return
    MISSING.append(f"{getattr(owner, '__name__', owner)}.{'/'.join(names)}")


def _instrument(warm: bool) -> None:
    """Imports, one by one and timed, what pyasc imports lazily on the first launch — on a warm
    start only what the disk-cache hit path needs (the compiler stays unimported, as in pyasc) —
    then wraps the stages."""
    names = ["asc._C", "asc.runtime.cache", "asc.runtime.toolchain", "asc.runtime.launcher",
             "asc.runtime.jit"]
    if not warm:
        names[1:1] = ["asc._C._asc", "asc.language.basic", "asc._C._ods_ops", "asc.runtime.compiler",
                       "asc.language.fwk"]
    labels = {"asc._C": "native asc._C (simulator runtime)",
              "asc._C._asc": "native asc._C._asc (MLIR compiler)",
              "asc.language.basic": "asc.language.basic (the basic API)",
              "asc._C._ods_ops": "asc._C._ods_ops (the op builders)"}
    modules = {}
    for name in names:
        start = time.perf_counter()
        modules[name] = importlib.import_module(name)
        STAGES[f"lazy import {labels.get(name, name)}"] += time.perf_counter() - start
    cache, toolchain, launcher, jit = (modules[f"asc.runtime.{m}"] for m in ("cache", "toolchain", "launcher",
                                                                           "jit"))
    if not warm:
        compiler = modules["asc.runtime.compiler"]
        _wrap(compiler, ("build_ir",), "AST → IR (frontend)")
        native_users: Any = compiler  # the native submodules it calls through are attributes of the module
        if hasattr(native_users, "passes") and hasattr(native_users, "translate"):
            native_users.passes = _Proxy(native_users.passes, "run_pipeline", "passes")
            native_users.translate = _Proxy(native_users.translate, "to_ascendc", "translate (IR → Ascend C)")
        else:
            MISSING.append("compiler.passes/translate")
        _wrap(compiler, ("compile_source",), "compile_source total")
        _wrap(launcher, ("build",), "g++ kernel .so")
        _wrap(cache.FileCache, ("put",), "disk cache publish")
        _wrap(jit.JITFunction, ("tree",), "parse kernel source")
    _wrap(launcher, ("load",), "load (dlopen)")
    _wrap(cache.FileCache, ("get",), "disk cache lookup")
    _wrap(toolchain, ("toolchain_key",), "toolchain key (hash pyasc sources)")
    _wrap(jit.JITFunction, ("dependency_key", "_dependency_key"), "kernel source/constants key")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--instrument", action="store_true")
    parser.add_argument("--warm", action="store_true", help="the cache is primed: instrument the hit path")
    parser.add_argument("--auto", action="store_true",
                        help="launch the LocalTensorAuto vector add (insert_sync) instead of the seed kernel")
    args = parser.parse_args()

    seed = seed_module()
    x = np.random.default_rng(0).random(8 * 2048, dtype=np.float32)
    y = np.random.default_rng(1).random(8 * 2048, dtype=np.float32)
    z = np.zeros_like(x)
    if args.instrument:
        _instrument(args.warm)
    _mark_launch()
    start = time.perf_counter()
    if args.auto:
        vadd_auto[8](x, y, z, 8 * 2048 // 256, 256)
    else:
        seed.vadd_kernel[8](x, y, z, 2048)
    end = time.perf_counter()
    np.testing.assert_array_equal(z, x + y)
    stages = dict(STAGES)
    if "compile_source total" in stages:
        inner = sum(stages.get(k, 0.0) for k in ("AST → IR (frontend)", "passes", "translate (IR → Ascend C)"))
        stages["verify + IR printing"] = stages.pop("compile_source total") - inner
    print(json.dumps({"import": _IMPORT, "call_to_launch": MARKS["launch"] - start,
                      "call_to_result": end - start, "stages": stages,
                      "missing_hooks": MISSING}))


if __name__ == "__main__":
    main()
