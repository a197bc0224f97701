"""`@asc.jit` and the launch path `kernel[num_blocks, stream](*args)`.

Launch: bind the arguments, specialise them (pointer/scalar dtypes, ConstExpr
values), find the compiled kernel in memory, then on disk, else compile it
(AST → IR → Ascend C → host object) and publish it to the cache; then run it on
the selected backend. Simulator reports become Python exceptions at the user's line.
"""

from __future__ import annotations

import _thread
import ast
import contextlib
import functools
import inspect
import os
import sys
import textwrap
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Callable

from .._record import Record
from ..codegen.errors import CompileError
from ..codegen.prototype import Prototype
from ..errors import SourceLocation
from ..language.core.range import ConstExpr
from ..lib import runtime as rt
from ..lib.runtime import Stream
from . import config, launcher
from . import plan as plans
from .annotations import converters
from .cache import FileCache, make_key
from .dependencies import References, Watch, describe, namespace, resolve
from .errors import LaunchCallError, LaunchTypeError, LaunchValueError, launch_site
from .options import JitOptions, LaunchOptions
from .plan import MAX_PLANS, Plan, native_plan
from .source import StaleSource, parsed_source, snapshot
from .specialize import ArgSpec, prepare, to_param

if TYPE_CHECKING:
    from pathlib import Path

#: The frontend builds IR through one current builder per process: one compile at a time.
_CODEGEN_LOCK = _thread.allocate_lock()

_STATE = config._state
#: Where the most recent launch is recorded (rt.last_launch()).
_LAST = rt._state
#: Launchers cached per int grid (kernel[n]): at most this many per kernel.
_MAX_GRIDS = 64
_POSITIONAL_ONLY = inspect.Parameter.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
#: What a plan's guard holds in the environment: the simulator's knobs, and DRY_RUN (no launch).
_PLAN_ENV = (*launcher.CONFIG_ENV, "DRY_RUN")
#: The @asc.jit options, which a launch also takes as keyword arguments.
_OPTION_NAMES = frozenset(JitOptions.field_names())


def _is_constexpr_annotation(annotation: Any) -> bool:
    if annotation is inspect.Parameter.empty:
        return False
    if isinstance(annotation, str):
        return "ConstExpr" in annotation
    return annotation is ConstExpr or getattr(annotation, "__origin__", None) is ConstExpr


class LoadedKernel(Record, eq=False):
    """A compiled specialisation ready to launch."""

    name: str
    params: list
    handle: Any
    source: str
    #: The cache entry it was loaded from (None with always_compile: built in a removed directory).
    directory: Path | None

    def __post_init__(self) -> None:
        launcher.hold(self)

    def release(self) -> None:
        """Drops the native kernel (at exit)."""
        self.handle = None


class JITFunction:
    """A Python function compiled to an Ascend kernel on first launch."""

    def __init__(self, fn: Callable[..., Any], lines: list[str] | None = None, /, **options: Any) -> None:
        self.options = JitOptions().merged(**options)
        # Compiled from its source text: a plain function written with `def` (not a lambda, whose
        # line holds other code too, nor a builtin, class or callable object, which have no source).
        if not inspect.isfunction(fn) or fn.__name__ == "<lambda>":
            what = "a lambda" if inspect.isfunction(fn) else f"{type(fn).__name__} {fn!r}"
            raise TypeError(f"@asc.jit compiles a function defined with `def name(...):` from its source, "
                            f"but got {what}; define the kernel or device function with def")
        functools.update_wrapper(self, fn)
        self.fn = fn
        #: The text of its file now, as Python compiled it at import (asc.runtime.source): an edit of the
        #: file later changes neither what this function compiles to nor its cache key. Parsed lazily.
        #: `lines`: that snapshot, taken already (a variant with launch options compiles its parent's).
        self._lines = snapshot(fn) if lines is None else lines
        self.signature = inspect.signature(fn)
        clash = set(self.signature.parameters) & JitOptions.field_names()
        if clash:
            code = fn.__code__
            raise RuntimeError(f"{code.co_filename}:{code.co_firstlineno}: kernel '{fn.__name__}' has "
                               f"parameter(s) {sorted(clash)} named like @asc.jit options (a launch takes "
                               "options as keyword arguments); rename them")
        #: The decorator's options, which options given at a launch are merged over (`_with_call_options`).
        self._given_options = options
        #: The kernel with options given at a launch, per set of such options.
        self._variants: dict[str, JITFunction] = {}
        self._options_key = self.options.key()
        self._param_names = tuple(self.signature.parameters)
        kinds = [p.kind for p in self.signature.parameters.values()]
        #: Every parameter can take a positional argument: a launch with one per parameter needs no bind().
        self._positional = all(k in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD) for k in kinds)
        #: `*args` or `**kwargs`: fine in a device function, but a kernel has one launch argument per parameter.
        self._variadic = next((("*" if p.kind is p.VAR_POSITIONAL else "**") + p.name
                               for p in self.signature.parameters.values()
                               if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)), None)
        self.constexprs = {name for name, p in self.signature.parameters.items()
                           if _is_constexpr_annotation(p.annotation)}
        self._converters: tuple | None | bool = False  # resolved at the first launch (names defined later)
        self._kernels: dict[tuple, Any] = {}  # LoadedKernel, or npu.NpuKernel
        self._deps_cache: tuple | None = None
        self._compile_lock = _thread.allocate_lock()
        #: Launch plans (asc.runtime.plan), most recent first; none with always_compile.
        self._plans: tuple[Plan, ...] = ()
        self._planning = plans.AVAILABLE and not self.options.compile.always_compile
        #: kernel[n] for int n: the bound launcher, built once.
        self._grids: dict[int, Callable[..., Any]] = {}

    # -- source --------------------------------------------------------------
    @functools.cached_property
    def file(self) -> str:
        return os.path.realpath(inspect.getsourcefile(self.fn) or "<unknown>")

    @property
    def _source(self) -> tuple[str, int]:
        """The function's dedented text and the file line of its first line."""
        text, first, _ = self._parsed_source
        return text, first

    @functools.cached_property
    def _parsed_source(self) -> tuple[str, int, ast.Module]:
        """`_source` and the module its text parses to (parsed once, to check the lines found)."""
        try:
            lines, first, module = parsed_source(self.fn, self._lines)
        except StaleSource as e:
            raise CompileError(
                f"the source of kernel '{self.fn.__name__}' changed after Python compiled the function: "
                f"this line of its file no longer holds `def {self.fn.__code__.co_name}(...)` (the file "
                "was edited after it was imported); reload its module (importlib.reload) or restart the "
                "process", SourceLocation(e.file, e.line)) from None
        except (OSError, TypeError):  # defined in `python -c`, on stdin, at the prompt, by exec()
            code = self.fn.__code__
            raise CompileError(
                f"the source of kernel '{self.fn.__name__}' is not available: Python keeps source "
                f"only for functions defined in a file, and this one comes from {code.co_filename} "
                "(`python -c`, standard input, exec() or the interactive prompt); put the kernel in "
                "a .py file and import it", SourceLocation(code.co_filename, code.co_firstlineno)) from None
        raw = "".join(lines)
        text = textwrap.dedent(raw)
        # What dedent removed: added back to every column (a kernel defined inside a function or a class).
        self._indent = len(raw) - len(raw.lstrip(" \t")) if raw[:1] in " \t" else 0
        return text, first, module

    def tree(self) -> tuple[ast.FunctionDef, int]:
        """The function's AST (decorators dropped) and the file line its `def` is on."""
        text, first = self._source
        module = ast.parse(text)
        fn = module.body[0]
        assert isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        def_line = first + fn.lineno - 1
        fn.decorator_list = []
        ast.increment_lineno(fn, 1 - fn.lineno)
        if self._indent:
            for node in ast.walk(fn):
                if hasattr(node, "col_offset"):
                    node.col_offset += self._indent
                    if getattr(node, "end_col_offset", None) is not None:
                        node.end_col_offset += self._indent
        return fn, def_line

    @functools.cached_property
    def _references(self) -> References:
        return References.of(self._parsed_source[2], frozenset(self._param_names))

    def namespace(self) -> Mapping[str, Any]:
        """The names the function's code sees: its closure's free variables, then its module's globals."""
        # Without a closure, the globals themselves (the common case, read at every launch).
        return namespace(self.fn) if self.fn.__closure__ else self.fn.__globals__

    @functools.cached_property
    def _source_key(self) -> str:
        import hashlib

        text, first = self._source
        return hashlib.sha256(f"{self.file}:{first}\n{text}".encode()).hexdigest()

    def dependency_key(self, visiting: frozenset[int] = frozenset()) -> tuple:
        """The source, its default values, the values of every name and attribute chain it reads
        (closure variables, module constants, attributes of imported modules) and the same for
        every @asc.jit function it reaches (transitively). Checked at every launch, so rebinding
        any of them recompiles, as it would change the generated code; recomputed only when one
        of the values read is a different object (or a logging level changed)."""
        ns = self.namespace()
        cached = self._deps_cache
        if cached is not None and cached[0].unchanged(ns):
            # The device functions reached may have changed what they read: their keys are compared too.
            if not cached[0].jits or _jit_keys(cached[0], visiting | {id(self)}) == cached[2]:
                return cached[1]
        visiting = visiting | {id(self)}
        watch = Watch(ns, self._references)
        key = self._compute_dependency_key(visiting)
        self._deps_cache = (watch, key, _jit_keys(watch, visiting))
        return key

    def _compute_dependency_key(self, visiting: frozenset[int]) -> tuple:
        def jit_key(fn: JITFunction) -> Any:
            return _jit_key(fn, visiting)

        fn = self.fn
        defaults = (fn.__defaults__ or (), tuple(sorted((fn.__kwdefaults__ or {}).items())))
        parts: list = [self._source_key, ("defaults", describe(defaults, jit_key))]
        ns = self.namespace()
        for chain in self._references.chains:
            value = describe(resolve(ns, chain), jit_key)
            if value is not None:
                parts.append((".".join(chain), value))
        return tuple(parts)

    # -- launch ------------------------------------------------------------------
    def __getitem__(self, grid: Any) -> Callable[..., Any]:
        if type(grid) is int:  # not bool, not numpy: equal keys of other types must not share an entry
            bound = self._grids.get(grid)
            if bound is not None:
                return bound
        if not isinstance(grid, tuple):
            grid = (grid,)
        if len(grid) not in (1, 2):
            raise LaunchValueError(f"kernel '{self.__name__}': launch with kernel[num_blocks] or "
                                   "kernel[num_blocks, stream]", launch_site(1))
        core_num, stream = grid[0], (grid[1] if len(grid) == 2 else None)
        core_num = launcher.check_num_blocks(self.__name__, core_num, stacklevel=2)
        if stream is not None and not isinstance(stream, Stream):
            raise LaunchTypeError(f"kernel '{self.__name__}': the stream must be an asc.lib.runtime.Stream (e.g. "
                                  "rt.current_stream() or rt.create_stream()) or omitted, got "
                                  f"{type(stream).__name__}", launch_site(1))
        if stream is not None and stream.destroyed:
            raise LaunchValueError(f"kernel '{self.__name__}': the stream {stream!r} was destroyed "
                                   "(rt.destroy_stream); launch on rt.current_stream() or a new rt.create_stream()",
                                   launch_site(1))
        launch = LaunchOptions(core_num=core_num, stream=stream)
        bound = functools.partial(self._launch, launch)
        if type(grid[0]) is int and len(grid) == 1 and len(self._grids) < _MAX_GRIDS:
            self._grids[grid[0]] = bound
        return bound

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise LaunchCallError(f"'{self.__name__}' is a kernel: launch it with {self.__name__}[num_blocks](...) "
                              f"or {self.__name__}[num_blocks, stream](...)", launch_site(1))

    def _binding_error(self, error: TypeError, args: tuple, kwargs: dict) -> str:
        """The launch's argument mismatch, with the kernel's parameters. A keyword that names no parameter
        is named first (Python's bind would report the parameter it meant as missing)."""
        unknown = [k for k in kwargs if k not in self.signature.parameters]
        what = f"got an unexpected keyword argument {unknown[0]!r}" if unknown else str(error)
        if what.startswith("too many positional arguments"):
            what = f"too many positional arguments ({len(args)} given)"
        empty = inspect.Parameter.empty
        bare = self.signature.replace(parameters=[p.replace(annotation=empty)
                                                  for p in self.signature.parameters.values()],
                                      return_annotation=empty)
        hint = ""
        if unknown and unknown[0] in ("stream", "core_num", "num_blocks", "block_dim"):
            hint = f"; the blocks and the stream go in the brackets: {self.__name__}[num_blocks, stream](...)"
        return f"kernel '{self.__name__}': {what}; its parameters are {bare}{hint}"

    def _launch(self, launch: LaunchOptions, *args: Any, **kwargs: Any) -> None:
        if kwargs and not _OPTION_NAMES.isdisjoint(kwargs):
            # Options given at the launch (pyasc_api.md §2.1) select the kernel compiled with them, which
            # runs in this frame: the errors and warnings below point at the launch line either way.
            self, kwargs = self._with_call_options(kwargs)
        if self._plans and not kwargs:
            # A planned signature: the arguments go to the simulator as they are (asc.runtime.plan).
            deps = None
            for plan in self._plans:
                if not plan.guard():  # the backend, platform, knobs (and names read) it was made under
                    continue
                if plan.deps is not None:  # a dependency key the guard does not cover
                    if deps is None:
                        deps = self.dependency_key()
                    if plan.deps is not deps:
                        continue
                result = plan.kernel.handle.launch_planned(plan.native, launch.core_num, plan.config, args)
                if result is not None:
                    if result.quiet and launcher.SIM_REPORT is False:  # nothing to write or raise
                        # rt._record_launch, inlined on the planned path: keep the two in step.
                        _LAST.last_launch = result
                        _LAST.ticks += result.cycles
                    else:
                        launcher.finish(self.__name__, launch.core_num, result, source=plan.kernel.source)
                    return None
        names = self._param_names
        if kwargs or len(args) != len(names) or not self._positional:
            if self._variadic:
                raise LaunchTypeError(f"kernel '{self.__name__}' takes {self._variadic}, but a kernel has one "
                                      "launch argument per parameter: name each parameter", launch_site(1))
            try:
                bound = self.signature.bind(*args, **kwargs)
            except TypeError as e:
                raise LaunchTypeError(self._binding_error(e, args, kwargs), launch_site(1)) from None
            bound.apply_defaults()
            args = tuple(bound.arguments.values())
        if self._converters is False:
            self._converters = converters(self.signature, self.constexprs, self.namespace())
        if self._converters is not None:
            try:
                args = tuple(v if c is None else c(v) for c, v in zip(self._converters, args))
            except TypeError as e:
                raise LaunchTypeError(f"kernel '{self.__name__}': {e}", launch_site(1)) from None
        if config.current_backend() is config.Backend.NPU:
            from .backends import npu

            return npu.launch_jit(self, launch, names, args, launch_site(1))
        constexprs = self.constexprs
        try:
            prepared = [prepare(n, v, n in constexprs) for n, v in zip(names, args)]
        except TypeError as e:  # an argument's kind, layout or range, named by prepare()
            raise LaunchTypeError(f"kernel '{self.__name__}': {e}", launch_site(1)) from None
        specs = [p[0] for p in prepared]
        platform = config.current_platform()
        compile_options = self.options.compile
        if compile_options.auto_sync_log:
            raise LaunchValueError(f"kernel '{self.__name__}': auto_sync_log={compile_options.auto_sync_log!r} is "
                                   "bisheng's log of the synchronisation --cce-auto-sync inserts, which only the "
                                   "NPU backend runs; on the Model backend the simulator inserts that "
                                   "synchronisation itself (docs/sync.md) and writes no log: remove the option",
                                   launch_site(1))
        deps = self.dependency_key()
        key = (tuple(s.key() for s in specs), platform, self._options_key, deps)
        kernel = self._kernels.get(key)
        if kernel is None or self.options.compile.always_compile:
            # One compile per kernel at a time in this process: threads launching the same
            # specialisation wait for the first one's result instead of compiling it again.
            with self._compile_lock:
                kernel = self._kernels.get(key)
                if kernel is None or self.options.compile.always_compile:
                    kernel = self._load_or_compile(list(names), specs, config.platform_info(platform), deps)
                    self._kernels[key] = kernel
        if os.environ.get("DRY_RUN"):  # compile (or load) only, as on the NPU backend: no plan, no launch
            return None
        words = [p[1] for p in prepared if p[1] is not None]
        regions = [r for p in prepared if p[2] is not None for r in (p[2] if isinstance(p[2], list) else [p[2]])]
        sim_config = launcher.sim_config(platform, self.options.sim.sim_budget, compile_options.auto_sync)
        # The annotation converters return every value a plan accepts unchanged (an exact int for
        # `n: int`, a numpy array for `x: asc.GlobalAddress`, ...), so plans apply with them too.
        if self._planning and not kwargs and isinstance(kernel, LoadedKernel):
            self._plan(names, args, specs, kernel, deps, sim_config)
        # Warnings point at the launch line, the caller of this method.
        launcher.launch(self.__name__, kernel.handle, launch.core_num, words, regions, sim_config,
                        source=kernel.source)
        return None

    def _with_call_options(self, kwargs: dict[str, Any]) -> tuple[JITFunction, dict[str, Any]]:
        """The kernel with the options among `kwargs` merged over the decorator's, and the other
        `kwargs` (the kernel's arguments). Called from `_launch`: errors point at its caller."""
        given = {k: v for k, v in kwargs.items() if k in _OPTION_NAMES}
        rest = {k: v for k, v in kwargs.items() if k not in _OPTION_NAMES}
        key = repr(sorted(given.items()))
        variant = self._variants.get(key)
        if variant is None:
            try:
                # The text the decorator saw, not the file's text now.
                variant = JITFunction(self.fn, self._lines, **{**self._given_options, **given})
            except TypeError as e:
                raise LaunchTypeError(f"kernel '{self.__name__}': {e}", launch_site(2)) from None
            except ValueError as e:
                raise LaunchValueError(f"kernel '{self.__name__}': {e}", launch_site(2)) from None
            self._variants[key] = variant
        return variant, rest

    def _plan(self, names: tuple[str, ...], args: tuple, specs: list[ArgSpec], kernel: LoadedKernel,
              deps: tuple, sim_config: Any) -> None:
        """Records a launch plan for this signature (asc.runtime.plan), unless one of the arguments
        has no planned form."""
        native = native_plan(names, args, specs, self.constexprs)
        if native is None:
            return
        if not self._plans:
            launcher.hold(self)  # the plans hold simulator objects: dropped at exit (release)
        # The names the key was computed from (the watch `deps` came from), when they alone decide it
        # and are read from the module's globals (no closure): compared by the guard, not in Python.
        watch = self._deps_cache[0] if self._deps_cache is not None and self._deps_cache[1] is deps else None
        names_read = watch.plain if watch is not None and not self.fn.__closure__ else None
        guard = plans.guard(_STATE.__dict__, ("backend", "platform"), _PLAN_ENV, names_read or (),
                            self.fn.__globals__)
        plan = Plan(native, kernel, guard, None if names_read is not None else deps, sim_config)
        self._plans = (plan, *self._plans[:MAX_PLANS - 1])

    def release(self) -> None:
        """Drops the launch plans (at exit: they hold simulator objects, see launcher.hold)."""
        self._plans = ()

    # -- compile -----------------------------------------------------------------
    def _load_or_compile(self, names: list[str], specs: list[ArgSpec], info: config.PlatformInfo,
                         deps: tuple) -> LoadedKernel:
        from .toolchain import toolchain_key

        params = [to_param(n, s) for n, s in zip(names, specs)]
        runtime_params = [p for p in params if not p.is_constexpr]
        disk = FileCache()
        key = make_key(toolchain_key(), repr(deps), self.__qualname__, *[s.key() for s in specs],
                       info.platform.value, "Model", repr(self._options_key),
                       " ".join(launcher.cxx_flags(self.options.compile.debug)), launcher.compiler_identity())
        always = self.options.compile.always_compile
        what = f"kernel '{self.__name__}'"
        # Warnings point at the launch line: 1 = this method, 2 = _launch, 3 = its caller.
        entry = None if always else disk.get(key, what, stacklevel=3)
        if entry is not None:
            try:
                handle = launcher.load(entry / "kernel.so")
            except RuntimeError as e:  # intact but unloadable: rebuild it as well
                disk.discard(entry, what, f"kernel.so does not load ({e})", stacklevel=3)
            else:
                source = (entry / "ascendc.cpp").read_text()
                _note_cached_dump(self.__name__, key, entry)
                return LoadedKernel(self.__name__, runtime_params, handle, source, entry)
        from .compiler import compile_source  # loads the MLIR compiler: only on a cache miss

        tree, def_line = self.tree()
        proto = Prototype(self.__name__, self.file, def_line, params)
        try:
            with _CODEGEN_LOCK:
                compiled = compile_source(tree, proto, self.namespace(), info, self.options,
                                          dump_directory(self.__name__, key))
        except CompileError as e:
            raise self._as_compiled(e).with_traceback(None) from None
        with _build(compiled.ascendc, self.__name__, self.options.compile.debug) as so:
            if always:
                # Loaded from the build directory, which goes away: the mapping stays valid.
                return LoadedKernel(self.__name__, runtime_params, launcher.load(so), compiled.ascendc, None)
            entry = disk.put(key, {"kernel.so": so, "ascendc.cpp": compiled.ascendc.encode(),
                                   "ascir.mlir": compiled.ir_after.encode()})
        return LoadedKernel(self.__name__, runtime_params, launcher.load(entry / "kernel.so"),
                            compiled.ascendc, entry)

    def _as_compiled(self, error: CompileError) -> CompileError:
        """`error` showing the text its lines were compiled from, the snapshots of this function and of
        the jit functions it reaches, rather than their files now (which may have been edited since)."""
        sources: dict[str, list[str]] = {}
        todo = [self]
        while todo:
            fn = todo.pop()
            if fn.file in sources or not fn._lines:
                continue
            sources[fn.file] = fn._lines
            if fn._deps_cache is not None:
                todo.extend(fn._deps_cache[0].jits)
        return type(error)(error.message, error.location, error.notes, {**sources, **error.sources})

    def __repr__(self) -> str:
        return f"JITFunction({self.__module__}:{self.__qualname__})"


def dump_directory(kernel: str, key: str) -> Path | None:
    """Where PYASC_DUMP_PATH puts the files of kernel `kernel` compiled under cache key `key`: one
    folder per kernel and specialisation, `<dir>/<kernel>-<first 12 characters of the key>`."""
    root = os.environ.get("PYASC_DUMP_PATH")
    if not root:
        return None
    from pathlib import Path

    from .env import directory

    return directory("PYASC_DUMP_PATH", Path(root)) / f"{kernel}-{key[:12]}"


def _note_cached_dump(name: str, key: str, entry: Path) -> None:
    """Under PYASC_DUMP_PATH, a kernel loaded from the disk cache is not compiled again: say where its
    dump is (written by the compile that filled the cache, or now from the cache entry's files)."""
    folder = dump_directory(name, key)
    if folder is None:
        return
    import shutil

    if not (folder / "ascendc.cpp").exists():
        folder.mkdir(parents=True, exist_ok=True)
        for file in ("ascendc.cpp", "ascir.mlir"):
            if (entry / file).exists():
                shutil.copyfile(entry / file, folder / file)
        note = "; codegen.mlir exists only for a compile (use always_compile=True)"
    else:
        note = ""
    print(f"[pyasc] kernel '{name}' came from the cache (not compiled again); its dump is in {folder}{note}",
          file=sys.stderr)


def _jit_key(fn: JITFunction, visiting: frozenset[int]) -> Any:
    """The dependency key of a function reached from those in `visiting` (a cycle ends the walk)."""
    return "<recursive>" if id(fn) in visiting else fn.dependency_key(visiting)


def _jit_keys(watch: Watch, visiting: frozenset[int]) -> tuple:
    return tuple(_jit_key(fn, visiting) for fn in watch.jits)


class KernelBuildError(RuntimeError):
    """The host compiler rejected the generated Ascend C: a bug in pyasc, not in the kernel."""


@contextlib.contextmanager
def _build(source: str, name: str, debug: bool) -> Iterator[Path]:
    """The emitted Ascend C (with its simulator entry) built in a fresh directory, removed on exit."""
    import shutil
    import tempfile  # only on a cache miss
    from pathlib import Path

    workdir = Path(tempfile.mkdtemp(prefix="pyasc_model_"))
    try:
        try:
            so = launcher.build(source, workdir, debug)
        except launcher.BuildError as e:
            raise KernelBuildError(f"internal error: the generated Ascend C for kernel '{name}' did not "
                                   f"compile; please report it with this output.\n{e}") from None
        yield so
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """Decorator: `@asc.jit` or `@asc.jit(option=value, ...)`."""
    if fn is not None:
        return JITFunction(fn, **options)
    return lambda f: JITFunction(f, **options)
